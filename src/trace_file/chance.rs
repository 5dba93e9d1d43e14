//! What only a chance search's trace has (`config.chance`; docs/trace-format.md, "Chance
//! searches"), checked inside the one replay of `trace_file/semantics.rs`, which checks every
//! decision node by the rules of every search. A chance node's branch windows, cut-offs and
//! value are worked out by the search's own [`ChanceSums`] (src/search/chance.rs) over the file's
//! records and scale: one copy of Ballard's arithmetic. A leaf's value is the tree's times the
//! scale, from its player's view. A search stopped by the node cap or the memory budget ends with
//! its open nodes `aborted`, whose values say nothing.

use super::TraceHeader;
use super::error::{R, bail, ensure};
use super::events::{each_event, value_words};
use crate::game::{INF, Value, tree::Tree};
use crate::run::{Prepared, chance::frac};
use crate::schema::{NONE16, NodeKind, NodeType, StopReason};
use crate::search::chance::{ChanceAlgorithm, ChanceNext, ChanceSetup, ChanceSums, scale_of};
use crate::search::frac::gcd;
use crate::search::window::Window;
use crate::trace::record::{NodeRec, Recorder};

/// What the chance rules know of an open node (beside the replay's own frame).
#[derive(Default)]
pub(super) struct At {
    /// The tree node, whether MAX moves there, its first child and number of children, the
    /// branches that returned, and whether it is Star2's probe.
    tree: u32,
    max: bool,
    first: u32,
    n: u32,
    k: u32,
    probe: bool,
    /// A chance node's running sums (`Some`: a chance node of the tree with branches; boxed: a
    /// decision search's frames stay small) and what they said comes next.
    pub sums: Option<Box<ChanceSums>>,
    next: Option<ChanceNext>,
    /// The `chance_cutoff` event the sums owe next (its data).
    owed: Option<[i32; 3]>,
}

/// The chance rules of one file: its tree, its scale and the search's setup over it.
pub(super) struct Chance<'a> {
    tree: &'a Tree,
    setup: ChanceSetup,
    /// The search was stopped (`summary.aborted`): its open nodes exit `aborted`.
    aborted: bool,
}

impl<'a> Chance<'a> {
    /// The header's rules of a chance search's file (`None`: a decision search's).
    pub fn new(h: &TraceHeader, prepared: &'a Prepared, rec: &Recorder) -> R<Option<Self>> {
        let (scale, Some(algo)) = (h.summary.scale, h.config.chance) else {
            return Ok(None);
        };
        let Prepared::Tree(tree) = prepared else {
            bail!(header "config.chance", "a chance search needs a tree with chance nodes");
        };
        ensure!(scale != 0 && scale < INF as u64, header "summary.scale",
            "is {scale}, but a scale lies in 1..10^9");
        let (l, u) = match tree.bounds() {
            Some(b) => b,
            None if !algo.needs_bounds() => (0, 0),
            None => bail!(header "config.chance",
                "is {}, which needs the tree's 'bounds L U' header", algo.name()),
        };
        ensure!(u64::from(l.unsigned_abs().max(u.unsigned_abs())) * scale < INF as u64,
            header "summary.scale", "is {scale}, but the bounds {l} and {u} times it pass the \
             stored values' limit of 10^9 (rule: exact values)");
        exact_scale(tree, algo, rec, scale)?;
        let (lower, upper, aborted) = (l * scale as Value, u * scale as Value, h.summary.aborted);
        let setup = ChanceSetup {
            algo,
            scale,
            lower,
            upper,
        };
        Ok(Some(Chance {
            tree,
            setup,
            aborted,
        }))
    }

    /// A stored value as the fraction it stands for ([`frac`], the page's and the CLI's).
    fn show(&self, v: i64) -> String {
        let (inf, scale) = (if v < 0 { "-inf" } else { "+inf" }, self.setup.scale);
        let f = i32::try_from(v).ok().and_then(|v| frac(v, scale));
        f.map_or(inf.to_string(), |f| f.to_string())
    }

    /// The rules of entering node `id` (`n`) under the open node `p` (`None`: the root; `cut`:
    /// it had a cut-off): its branch, kind, expected type and (a chance node's branch, or the
    /// root) window. Returns the node's state.
    pub fn enter(&self, i: usize, p: Option<(&At, u32, bool)>, id: u32, n: &NodeRec) -> R<At> {
        let (k, tree, max, window, probe) = match p {
            // The search's own root window: (L, U) for Star1 and Star2, unbounded for expectimax.
            None => {
                let max = !self.tree.min_root();
                (0, 0, max, Some(self.setup.root_window(max)), false)
            }
            Some((p, pid, cut)) => {
                if let Some(e) = p.owed {
                    bail!(event i, "kind",
                        "enters node {id}, but node {pid} owes a chance_cutoff event {e:?} first");
                }
                // Whether the parent has searched all its branches (or been cut).
                let all = match p.next {
                    Some(ChanceNext::End { reason, .. }) => Some(reason == StopReason::AllMoves),
                    _ => (cut || p.k >= p.n).then_some(!cut),
                };
                if let Some(all) = all {
                    bail!(node id, "parent", "is node {pid}, which has {} (rule: nothing is \
                        searched after a cut-off)",
                        if all { "searched all its branches" } else { "already been cut" });
                }
                match p.next {
                    Some(ChanceNext::Branch { k, window, probe }) => {
                        (k, p.first + k, p.max, Some(window), probe)
                    }
                    _ if p.probe && p.k > 0 => bail!(node id, "parent",
                        "is node {pid}, a Star2 probe, which searches its first move only \
                         (rule: probes)"),
                    _ => (p.k, p.first + p.k, !p.max, None, false),
                }
            }
        };
        ensure!(n.is_root() || n.index as u32 == k, node id, "index",
            "is {}, but node {} searches its branch {k} next (rule: branches in order)",
            n.index, n.parent);
        let chance = self.tree.is_chance(tree);
        let (want, this) = match (chance, probe) {
            (true, _) => (NodeKind::Chance, "a chance node of the tree"),
            (_, true) => (NodeKind::Probe, "Star2's probe of a chance node's branch"),
            _ => (NodeKind::Normal, "a decision node or leaf searched in full"),
        };
        ensure!(n.node_kind() == want, node id, "kind",
            "is {}, but this is {this} (rule: kinds)", n.node_kind().name());
        ensure!(n.expected() == NodeType::Pv, node id, "expected",
            "is {}, but Knuth & Moore's types have no rule for chance nodes: a chance \
             search writes pv everywhere (rule: expected types)", n.expected().name());
        if let Some(w) = window.filter(|w| (w.alpha, w.beta) != (n.alpha, n.beta)) {
            let s = |v: i32| self.show(v.into());
            bail!(node id, "alpha",
                "the window is ({}, {}), but {} searches this node with ({}, {}) (rule: \
                 windows)", s(n.alpha), s(n.beta), self.setup.algo.name(), s(w.alpha), s(w.beta));
        }
        let (first, nc) = self.tree.children_of(tree);
        let mut at = At::default();
        (at.tree, at.max, at.first, at.n, at.probe) = (tree, max, first, nc, probe);
        if nc > 0 && chance {
            let weights = (0..nc).map(|j| self.tree.weight_of(first + j));
            let (bounds, w) = (self.setup.bounds_for(max), Window::new(n.alpha, n.beta));
            let sums = ChanceSums::new(self.setup.algo, weights, bounds, w);
            at.sums = Some(Box::new(sums));
            self.step(&mut at, None);
        }
        Ok(at)
    }

    /// A child returned `v` (its own view) to the open node `at` (`None`: `at` was just
    /// entered); a chance node's sums then say what it does next, and a cut-off they report
    /// (by the branch that returned, or one Star2 passes over) is owed as an event.
    pub fn step(&self, at: &mut At, v: Option<i32>) {
        let (tree, first) = (self.tree, at.first);
        let Some(s) = at.sums.as_deref_mut() else {
            at.k += 1;
            return;
        };
        let back = v.and_then(|v| s.returned(v));
        let (cut, then) = s.next(|k| tree.is_chance(first + k));
        at.owed = cut.or(back).map(|c| [c.value, c.bound, c.high.into()]);
        at.next = Some(then);
    }

    /// The rules of node `id` (`n`) as it exits (`cut`: it had a cut-off event): its stop
    /// reason, and a leaf's and a chance node's value and best index. Returns whether the node
    /// is a decision node, whose value the rules of every search check.
    pub fn exit(&self, i: usize, at: &At, id: u32, n: &NodeRec, cut: bool) -> R<bool> {
        if self.aborted && n.reason() == StopReason::Aborted {
            return Ok(false);
        }
        if let Some(e) = at.owed {
            bail!(event i, "kind", "exits node {id}, which owes a chance_cutoff event {e:?} first");
        }
        let (reason, value) = match (at.sums.as_deref(), at.next) {
            _ if at.n == 0 => {
                let v = i64::from(self.tree.value_of(at.tree)) * self.setup.scale as i64;
                let rule = "a leaf's value is the tree's, times the scale, from the player's view";
                (StopReason::Leaf, Some((if at.max { v } else { -v }, rule)))
            }
            (None, _) if cut => (StopReason::BetaCutoff, None),
            (None, _) if at.probe && at.k == 1 => (StopReason::Probe, None),
            (None, _) if at.k == at.n => (StopReason::AllMoves, None),
            (Some(sums), _) if sums.inexact => bail!(node id, "value",
                "this chance node's value is not a whole multiple of 1/{} (rule: exact \
                 values)", self.setup.scale),
            (_, Some(ChanceNext::End { value, reason })) => {
                let rule = match reason {
                    StopReason::AllMoves => "a chance node's value is sum(w_i v_i) / sum(w_i)",
                    _ => "a cut chance node returns Ballard's bound",
                };
                (reason, Some((i64::from(value), rule)))
            }
            (sums, _) => {
                let k = sums.map_or(at.k, |s| s.branch());
                bail!(node id, "reason",
                    "the node returns after {k} of its {} branches, with no cut-off (rule: stop \
                     reasons)", at.n);
            }
        };
        ensure!(n.reason() == reason, node id, "reason",
            "is {}, but the search of this node ends with {} (rule: stop reasons)",
            n.reason().name(), reason.name());
        let Some((value, rule)) = value else {
            return Ok(true);
        };
        ensure!(i64::from(n.value) == value, node id, "value",
            "is {} ({}), but it is {} (stored {value}) (rule: {rule})", n.value,
            self.show(n.value.into()), self.show(value));
        ensure!(n.best_index == NONE16, node id, "best_index",
            "is {}, but a leaf or a chance node names no best move (rule: values)",
            n.best_index);
        Ok(false)
    }
}

/// `scale` is the tree's own scale (version 5: [`scale_of`], fixed before the search), or the
/// least common denominator of the stored values (version 4) (rule: exact values).
fn exact_scale(tree: &Tree, algo: ChanceAlgorithm, rec: &Recorder, scale: u64) -> R<()> {
    let own = scale_of(tree, algo).ok();
    if own == Some(scale) {
        return Ok(());
    }
    // The values' least common denominator over `scale` is `scale / gcd(scale, every value)`.
    let mut g = u128::from(scale);
    let mut add = |v: &i32| {
        if v.abs() != INF {
            g = gcd(g, v.unsigned_abs().into());
        }
    };
    for n in &rec.nodes {
        [n.alpha, n.beta, n.value].iter().for_each(&mut add);
    }
    each_event(rec, |_, kind, d| {
        d[..value_words(kind)].iter().for_each(&mut add);
        Ok(())
    })?;
    let own = own.map_or("none within 10^9".to_string(), |s| s.to_string());
    ensure!(g == 1, header "summary.scale",
        "is {scale}, but the tree's scale is {own} (version 5) and the values' fractions have \
         the least common denominator {} (version 4): write them over one of these (rule: exact \
         values)", u128::from(scale) / g);
    Ok(())
}

/// A `chance_cutoff` event (`got`) at the open node `at` (node `id`) against the one owed.
pub(super) fn cutoff(i: usize, at: &mut At, id: u32, got: &[i32]) -> R<()> {
    let want = at.owed.take();
    ensure!(want.is_some_and(|w| w[..] == *got), event i, "data",
        "is a chance_cutoff event {got:?} at node {id}, but the branch that just returned makes \
         it {} (rule: chance cut-offs)",
        want.map_or("none".into(), |w| format!("chance_cutoff {w:?}")));
    Ok(())
}
