//! What only a chance search's trace has (`config.chance`: expectimax, Ballard's Star1 and
//! Star2; docs/trace-format.md, "Chance searches"), checked inside the one replay of
//! `trace_file/semantics.rs`, which checks every decision node by the rules of every search
//! (windows, values, cut-offs, stop reasons). A chance node's windows, cut-offs and value are
//! worked out by the search's own [`ChanceSums`] (src/search/chance.rs), stepped over the file's
//! records with the file's scale: one copy of Ballard's arithmetic. A leaf's value is the tree's
//! times the scale, from its player's view. Each refusal names its rule: exact values
//! (`summary.scale` is the tree's scale, [`scale_of`], version 5, or the least common
//! denominator of the stored values, version 4), kinds, the windows of a chance node's
//! branches, stop reasons, chance cut-offs (exactly where the search makes them; nothing is
//! searched after a cut-off), and probes (Star2: a probe searches its first move only). A search
//! stopped by the node cap or the memory budget (`summary.aborted`) ends with its open nodes
//! `aborted`, whose values say nothing. The probabilities are the tree's weights over their
//! sum: the file does not restate them.

use super::TraceHeader;
use super::error::{TraceFileError, bail, invalid};
use super::events::{each_event, value_words};
use crate::game::tree::Tree;
use crate::game::{INF, Value};
use crate::run::Prepared;
use crate::schema::{NONE16, NodeKind, NodeType, StopReason};
use crate::search::chance::{
    ChanceAlgorithm, ChanceCut, ChanceNext, ChanceSetup, ChanceSums, scale_of,
};
use crate::search::frac::{Frac, gcd, lcm};
use crate::search::window::Window;
use crate::trace::record::{NodeRec, Recorder};
use std::collections::VecDeque;

type R<T> = Result<T, TraceFileError>;

/// A stored value (`None`: an unbounded side).
type V = Option<i64>;

/// A chance cut-off the sums owe next at a chance node: its data words.
type Expect = [i64; 3];

fn expect(c: ChanceCut) -> Expect {
    [c.value.into(), c.bound.into(), c.high.into()]
}

/// What the chance rules know of an open node (kept in the replay's own frame).
#[derive(Default)]
pub(super) struct At {
    /// The tree node, whether MAX moves there, its first child and number of children, and
    /// the branches that returned; Star2's probe.
    tree: u32,
    max: bool,
    first: u32,
    n: u32,
    k: u32,
    probe: bool,
    /// A chance node's running sums and what they said comes next.
    sums: Option<Box<(ChanceSums, ChanceNext)>>,
    expect: VecDeque<Expect>,
}

impl At {
    /// Whether the node is a chance node of the tree with branches.
    pub(super) fn is_chance(&self) -> bool {
        self.sums.is_some()
    }
}

/// The chance rules of one file: its tree, its scale and the search's setup over it.
pub(super) struct Chance {
    tree: Tree,
    algo: ChanceAlgorithm,
    scale: i64,
    /// The search's own setup over the file's scale: L and U times it, each player's bounds
    /// and the root's window as the search states them.
    setup: ChanceSetup,
    /// The search was stopped (`summary.aborted`): its open nodes exit `aborted`.
    aborted: bool,
}

fn side(v: i32) -> V {
    (v.abs() != INF).then_some(i64::from(v))
}

impl Chance {
    /// The header's rules of a file whose header says `config.chance = algo`.
    pub(super) fn new(h: &TraceHeader, algo: ChanceAlgorithm, rec: &Recorder) -> R<Chance> {
        // The header was checked before (check_header): the input prepares.
        let prepared = h
            .input
            .prepare()
            .map_err(|e| TraceFileError::header("input", invalid(e.to_string())))?;
        let Prepared::Tree(tree) = prepared else {
            bail!(header "config.chance", "a chance search needs a tree with chance nodes");
        };
        let scale = h.summary.scale;
        if scale == 0 || scale >= INF as u64 {
            bail!(header "summary.scale", "is {scale}, but a scale lies in 1..10^9");
        }
        let (l, u) = match (tree.bounds(), algo.needs_bounds()) {
            (Some((l, u)), _) => (i64::from(l), i64::from(u)),
            (None, false) => (0, 0),
            (None, true) => {
                bail!(header "config.chance",
                    "is {}, which needs the tree's 'bounds L U' header", algo.name());
            }
        };
        let k = scale as i64;
        if (l * k).abs() >= i64::from(INF) || (u * k).abs() >= i64::from(INF) {
            bail!(header "summary.scale",
                "is {scale}, but the bounds {l} and {u} times it pass the stored values' limit \
                 of 10^9 (rule: exact values)");
        }
        exact_scale(&tree, algo, rec, scale)?;
        let (lower, upper) = ((l * k) as Value, (u * k) as Value);
        Ok(Chance {
            tree,
            algo,
            scale: k,
            setup: ChanceSetup {
                algo,
                scale,
                lower,
                upper,
            },
            aborted: h.summary.aborted,
        })
    }

    /// A stored value as the fraction it stands for.
    fn show(&self, v: V, inf: &str) -> String {
        v.map_or(inf.to_string(), |v| {
            Frac::new(i128::from(v), i128::from(self.scale))
                .map_or_else(|_| v.to_string(), |f| f.to_string())
        })
    }

    /// A `chance_cutoff` event (`got`) at the open node `at` (node `id`) against the one the
    /// sums owe.
    pub(super) fn cutoff(&self, i: usize, at: &mut At, id: u32, got: &[i32]) -> R<()> {
        let got: Vec<i64> = got.iter().map(|&v| i64::from(v)).collect();
        let want = at.expect.pop_front();
        if want.is_some_and(|w| w[..] == got[..]) {
            return Ok(());
        }
        let should = want.map_or("none".into(), |w| format!("chance_cutoff {w:?}"));
        bail!(event i, "data",
            "is a chance_cutoff event {got:?} at node {id}, but the branch that just returned \
             makes it {should} (rule: chance cut-offs)");
    }

    /// The rules of entering node `id` (`n`) under the open node `p` (`None`: the root; `cut`:
    /// it had a cut-off): its branch, kind, expected type, and (a chance node's branch, or the
    /// root) window. Returns the node's state.
    pub(super) fn enter(
        &self,
        i: usize,
        p: Option<(&At, u32, bool)>,
        id: u32,
        n: &NodeRec,
    ) -> R<At> {
        let (k, tree, max, window, probe) = match p {
            None => {
                // The search's own root window: (L, U) for Star1 and Star2, unbounded for
                // expectimax.
                let max = !self.tree.min_root();
                let w = self.setup.root_window(max);
                (0, 0, max, Some((side(w.alpha), side(w.beta))), false)
            }
            Some((p, pid, cut)) => {
                if let Some(e) = p.expect.front() {
                    bail!(event i, "kind",
                        "enters node {id}, but node {pid} owes a chance_cutoff event {e:?} first");
                }
                let next = p.sums.as_deref().map(|s| s.1);
                let ended = matches!(next, Some(ChanceNext::End { .. }));
                if ended || cut || p.k >= p.n {
                    // A chance node's sums say why it ended (its `k` counts no branches).
                    let all = match next {
                        Some(ChanceNext::End { reason, .. }) => reason == StopReason::AllMoves,
                        _ => !cut && p.k >= p.n,
                    };
                    let has = match all {
                        true => "searched all its branches",
                        false => "already been cut",
                    };
                    bail!(node id, "parent",
                        "is node {pid}, which has {has} (rule: nothing is searched after a \
                         cut-off)");
                }
                match next {
                    Some(ChanceNext::Branch { k, window, probe }) => {
                        let w = (side(window.alpha), side(window.beta));
                        (k, p.first + k, p.max, Some(w), probe)
                    }
                    _ if p.probe && p.k > 0 => {
                        bail!(node id, "parent",
                            "is node {pid}, a Star2 probe, which searches its first move only \
                             (rule: probes)");
                    }
                    _ => (p.k, p.first + p.k, !p.max, None, false),
                }
            }
        };
        if !n.is_root() && n.index as u32 != k {
            bail!(node id, "index",
                "is {}, but node {} searches its branch {k} next (rule: branches in order)",
                n.index, n.parent);
        }
        let chance = self.tree.is_chance(tree);
        let (want_kind, this) = if chance {
            (NodeKind::Chance, "a chance node of the tree")
        } else if probe {
            (
                NodeKind::Probe,
                "Star2's probe of a branch of a chance node",
            )
        } else {
            (NodeKind::Normal, "a decision node or leaf searched in full")
        };
        if n.node_kind() != want_kind {
            bail!(node id, "kind", "is {}, but this is {this} (rule: kinds)", n.node_kind().name());
        }
        if n.expected() != NodeType::Pv {
            bail!(node id, "expected",
                "is {}, but Knuth & Moore's types have no rule for chance nodes: a chance \
                 search writes pv everywhere (rule: expected types)", n.expected().name());
        }
        let (ga, gb) = (side(n.alpha), side(n.beta));
        if let Some((alpha, beta)) = window.filter(|&w| w != (ga, gb)) {
            bail!(node id, "alpha",
                "the window is ({}, {}), but {} searches this node with ({}, {}) (rule: \
                 windows)", self.show(ga, "-inf"), self.show(gb, "+inf"), self.algo.name(),
                self.show(alpha, "-inf"), self.show(beta, "+inf"));
        }
        let (first, nc) = self.tree.children_of(tree);
        let mut at = At {
            tree,
            max,
            first,
            n: nc,
            probe,
            ..At::default()
        };
        if nc > 0 && chance {
            let weights = (0..nc).map(|j| self.tree.weight_of(first + j));
            let bounds = self.setup.bounds_for(max);
            let sums = ChanceSums::new(self.algo, weights, bounds, Window::new(n.alpha, n.beta));
            let end = ChanceNext::End {
                value: 0,
                reason: StopReason::Leaf,
            };
            at.sums = Some(Box::new((sums, end)));
            self.advance(&mut at);
        }
        Ok(at)
    }

    /// Asks the search's running sums what the chance node of `at` does next: a cut-off by a
    /// branch Star2 passes over is owed as an event.
    fn advance(&self, at: &mut At) {
        let (tree, first) = (&self.tree, at.first);
        if let Some(s) = at.sums.as_deref_mut() {
            let (cut, then) = s.0.next(|k| tree.is_chance(first + k));
            at.expect.extend(cut.map(expect));
            s.1 = then;
        }
    }

    /// A child returned `v` (its own view) to the open node `at`.
    pub(super) fn returned(&self, at: &mut At, v: i32) {
        match at.sums.as_deref_mut() {
            Some(s) => {
                at.expect.extend(s.0.returned(v).map(expect));
                self.advance(at);
            }
            None => at.k += 1,
        }
    }

    /// The rules of node `id` (`n`) as it exits (`cut`: it had a cut-off event): its stop
    /// reason, and a leaf's and a chance node's value and best index. Returns whether the node
    /// is a decision node, whose value the rules of every search check.
    pub(super) fn exit(&self, i: usize, at: &At, id: u32, n: &NodeRec, cut: bool) -> R<bool> {
        if self.aborted && n.reason() == StopReason::Aborted {
            // The search stopped (node cap, memory budget): the node's value says nothing, and
            // its parent is stopped too.
            return Ok(false);
        }
        if let Some(e) = at.expect.front() {
            bail!(event i, "kind", "exits node {id}, which owes a chance_cutoff event {e:?} first");
        }
        // The node's stop reason, and a leaf's or chance node's value and its rule (a decision
        // node's value is checked by the rules of every search).
        let (reason, value) = match at.sums.as_deref() {
            _ if at.n == 0 => {
                let v = i64::from(self.tree.value_of(at.tree)) * self.scale;
                let rule = "a leaf's value is the tree's, times the scale, from the player's view";
                (StopReason::Leaf, Some((if at.max { v } else { -v }, rule)))
            }
            None if cut => (StopReason::BetaCutoff, None),
            None if at.probe && at.k == 1 => (StopReason::Probe, None),
            None if at.k == at.n => (StopReason::AllMoves, None),
            Some((sums, _)) if sums.inexact => {
                bail!(node id, "value",
                    "this chance node's value is not a whole multiple of 1/{} (rule: exact \
                     values)", self.scale);
            }
            Some((_, ChanceNext::End { value, reason })) => {
                let rule = match reason {
                    StopReason::AllMoves => "a chance node's value is sum(w_i v_i) / sum(w_i)",
                    _ => "a cut chance node returns Ballard's bound",
                };
                (*reason, Some((i64::from(*value), rule)))
            }
            _ => {
                let k = at.sums.as_deref().map_or(at.k, |s| s.0.branch());
                bail!(node id, "reason",
                    "the node returns after {k} of its {} branches, with no cut-off (rule: stop \
                     reasons)", at.n);
            }
        };
        if n.reason() != reason {
            bail!(node id, "reason",
                "is {}, but the search of this node ends with {} (rule: stop reasons)",
                n.reason().name(), reason.name());
        }
        let Some((value, rule)) = value else {
            return Ok(true);
        };
        if i64::from(n.value) != value {
            bail!(node id, "value",
                "is {} ({}), but it is {} (stored {value}) (rule: {rule})", n.value,
                self.show(side(n.value), "inf"), self.show(Some(value), ""));
        }
        if n.best_index != NONE16 {
            bail!(node id, "best_index",
                "is {}, but a leaf or a chance node names no best move (rule: values)",
                n.best_index);
        }
        Ok(false)
    }
}

/// `scale` is the tree's own scale (version 5: [`scale_of`], fixed before the search), or the
/// least common denominator of the stored values (version 4: every stored value a multiple of
/// `scale / g` for no `g > 1`) (rule: exact values).
fn exact_scale(tree: &Tree, algo: ChanceAlgorithm, rec: &Recorder, scale: u64) -> R<()> {
    let own = scale_of(tree, algo).ok();
    if own == Some(scale) {
        return Ok(());
    }
    let scale128 = u128::from(scale);
    let mut need: u128 = 1;
    let mut add = |v: i32| {
        if v.abs() != INF {
            let d = scale128 / gcd(scale128, u128::from(v.unsigned_abs())).max(1);
            need = lcm(need, d).unwrap_or(scale128);
        }
    };
    for n in &rec.nodes {
        [n.alpha, n.beta, n.value].into_iter().for_each(&mut add);
    }
    each_event(rec, |_, kind, d| {
        d[..value_words(kind)].iter().for_each(|&v| add(v));
        Ok(())
    })?;
    if need != scale128 {
        let own = own.map_or("none within 10^9".to_string(), |s| s.to_string());
        bail!(header "summary.scale",
            "is {scale}, but the tree's scale is {own} (version 5) and the values' fractions \
             have the least common denominator {need} (version 4): write them over one of \
             these (rule: exact values)");
    }
    Ok(())
}
