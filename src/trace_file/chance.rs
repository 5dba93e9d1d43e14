//! The semantic rules of a chance search's trace (`config.chance`: expectimax, Ballard's Star1
//! and Star2; docs/trace-format.md, "Chance searches"), checked by replaying the event tape
//! against the records and the tree with a stack of the open nodes. A chance node's windows,
//! cut-offs and value are worked out by the search's own [`ChanceSums`] (src/search/chance.rs),
//! stepped over the file's records with the file's scale: one copy of Ballard's arithmetic. A
//! decision node is alpha-beta over its children (negamax: a chance node's children are its own
//! player's, a decision node's the other's); a leaf's value is the tree's times the scale, from
//! its player's view. Each refusal names its rule: exact values (`summary.scale` is the tree's
//! scale, [`scale_of`], version 5, or the least common denominator of the stored values,
//! version 4), kinds, windows, values, stop reasons, alpha_raised and cut-off events, chance
//! cut-offs (exactly where the search makes them; nothing is searched after a cut-off), and
//! probes (Star2: a probe searches its first move only). A search stopped by the node cap or
//! the memory budget (`summary.aborted`) ends with its open nodes `aborted`, whose values say
//! nothing. The probabilities are the tree's weights over their sum: the file does not restate
//! them.

use super::TraceHeader;
use super::error::{TraceFileError, bail, err, invalid};
use super::events::{each_event, value_words};
use crate::game::tree::Tree;
use crate::game::{INF, Value};
use crate::run::Prepared;
use crate::schema::{EventKind, NONE16, NodeKind, NodeType, StopReason};
use crate::search::UNBOUNDED_DEPTH;
use crate::search::chance::{
    ChanceAlgorithm, ChanceCut, ChanceNext, ChanceSetup, ChanceSums, scale_of,
};
use crate::search::frac::{Frac, gcd, lcm};
use crate::search::window::Window;
use crate::trace::record::Recorder;
use std::collections::VecDeque;

type R<T> = Result<T, TraceFileError>;

/// A stored value (`None`: an unbounded side).
type V = Option<i64>;

/// An event the replay knows must come next at a node: its kind and data words.
#[derive(Clone, Copy)]
struct Expect(EventKind, [i64; 3]);

impl Expect {
    fn cut(c: ChanceCut) -> Expect {
        let data = [c.value.into(), c.bound.into(), c.high.into()];
        Expect(EventKind::ChanceCutoff, data)
    }

    fn data(&self) -> &[i64] {
        &self.1[..self.0.aux_words()]
    }
}

enum Role {
    Leaf,
    Decision {
        /// α as the search holds it: the entry α raised by the children so far.
        alpha: V,
        best: V,
        best_k: Option<u32>,
        probe: bool,
    },
    /// The search's own running sums, and what they said comes next.
    Chance(Box<ChanceSums>, ChanceNext),
}

struct Frame {
    id: u32,
    tree: u32,
    max: bool,
    beta: V,
    /// The tree's first child, the number of children and the next branch.
    first: u32,
    n: u32,
    k: u32,
    role: Role,
    expect: VecDeque<Expect>,
    /// The node's value and reason once a cut-off decided them.
    end: Option<(i64, StopReason)>,
}

struct Replay<'a> {
    tree: &'a Tree,
    algo: ChanceAlgorithm,
    rec: &'a Recorder,
    scale: i64,
    /// The search's own setup over the file's scale: L and U times it, each player's bounds
    /// and the root's window as the search states them.
    setup: ChanceSetup,
    stack: Vec<Frame>,
    next_id: u32,
    iterations: usize,
    /// The search was stopped (`summary.aborted`): its open nodes exit `aborted`.
    aborted: bool,
}

fn side(v: i32) -> V {
    (v.abs() != INF).then_some(i64::from(v))
}

fn window(a: V, b: V) -> Window {
    let w = |v: V, inf: Value| v.map_or(inf, |v| v.clamp(-i64::from(INF), i64::from(INF)) as Value);
    Window::new(w(a, -INF), w(b, INF))
}

/// Checks the rules above on a file whose header says `config.chance = algo`.
pub(crate) fn check(h: &TraceHeader, algo: ChanceAlgorithm, rec: &Recorder) -> R<()> {
    // The header was checked before (check_header): the input prepares.
    let prepared = h
        .input
        .prepare()
        .map_err(|e| TraceFileError::header("input", invalid(e.to_string())))?;
    let Prepared::Tree(tree) = &prepared else {
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
    exact_scale(tree, algo, rec, scale)?;
    let (lower, upper) = ((l * k) as Value, (u * k) as Value);
    let mut r = Replay {
        tree,
        algo,
        rec,
        scale: k,
        setup: ChanceSetup {
            algo,
            scale,
            lower,
            upper,
        },
        stack: Vec::new(),
        next_id: 0,
        iterations: 0,
        aborted: h.summary.aborted,
    };
    each_event(rec, |i, kind, data| r.event(i, kind, data))?;
    Ok(())
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

impl Replay<'_> {
    /// A stored value as the fraction it stands for.
    fn show(&self, v: V, inf: &str) -> String {
        v.map_or(inf.to_string(), |v| {
            Frac::new(i128::from(v), i128::from(self.scale))
                .map_or_else(|_| v.to_string(), |f| f.to_string())
        })
    }

    fn event(&mut self, i: usize, kind: EventKind, d: &[i32]) -> R<()> {
        match kind {
            EventKind::Iteration => {
                self.iterations += 1;
                if self.iterations > 1 || !self.stack.is_empty() || d[0] != UNBOUNDED_DEPTH {
                    bail!(event i, "kind",
                        "a chance search is one root search at depth {UNBOUNDED_DEPTH}, \
                         begun once (rule: iteration depths)");
                }
                Ok(())
            }
            EventKind::Enter => self.enter(i),
            EventKind::Exit => self.exit(i),
            EventKind::AlphaRaised | EventKind::Cutoff | EventKind::ChanceCutoff => {
                self.expected(i, kind, d)
            }
            EventKind::Aborted if self.aborted && self.stack.is_empty() => Ok(()),
            _ => Err(err!(event i, "kind", "a chance search records no {} event", kind.name())),
        }
    }

    /// An `alpha_raised`, `cutoff` or `chance_cutoff` event against what the replay expects.
    fn expected(&mut self, i: usize, kind: EventKind, d: &[i32]) -> R<()> {
        let f = self
            .stack
            .last_mut()
            .expect("checked by the tape: a node is open");
        let got: Vec<i64> = d.iter().map(|&v| i64::from(v)).collect();
        let want = f.expect.pop_front();
        if want.is_some_and(|w| w.0 == kind && w.data() == got) {
            return Ok(());
        }
        let rule = match kind {
            EventKind::AlphaRaised => "alpha_raised events",
            EventKind::Cutoff => "cut-off events",
            _ => "chance cut-offs",
        };
        let should = want.map_or("none".into(), |w| format!("{} {:?}", w.0.name(), w.data()));
        bail!(event i, "data",
            "is a {} event {got:?} at node {}, but the branch that just returned makes it \
             {should} (rule: {rule})", kind.name(), f.id);
    }

    /// What the entering node must be: its branch index, tree node, player, window and probe.
    #[allow(clippy::type_complexity)]
    fn child_plan(&mut self, i: usize, id: u32) -> R<(u32, u32, bool, V, V, bool)> {
        let root_max = !self.tree.min_root();
        let Some(p) = self.stack.last() else {
            // The search's own root window: (L, U) for Star1 and Star2, unbounded for expectimax.
            let w = self.setup.root_window(root_max);
            return Ok((0, 0, root_max, side(w.alpha), side(w.beta), false));
        };
        if let Some(e) = p.expect.front() {
            bail!(event i, "kind",
                "enters node {id}, but node {} owes a {} event first", p.id, e.0.name());
        }
        let ended = matches!(p.role, Role::Chance(_, ChanceNext::End { .. }));
        if ended || p.end.is_some() || p.k >= p.n {
            let has = match p.end {
                Some(_) => "already been cut",
                None => "searched all its branches",
            };
            bail!(node id, "parent",
                "is node {}, which has {has} (rule: nothing is searched after a cut-off)", p.id);
        }
        match p.role {
            Role::Leaf => unreachable!("a leaf has no branches (n = 0)"),
            Role::Decision { probe: true, .. } if p.k > 0 => {
                bail!(node id, "parent",
                    "is node {}, a Star2 probe, which searches its first move only (rule: \
                     probes)", p.id);
            }
            Role::Decision { alpha, .. } => {
                let (a, b) = match self.algo.needs_bounds() {
                    true => (p.beta.map(|b| -b), alpha.map(|a| -a)),
                    false => (None, None),
                };
                Ok((p.k, p.first + p.k, !p.max, a, b, false))
            }
            Role::Chance(_, ChanceNext::Branch { k, window, probe }) => {
                let (a, b) = (side(window.alpha), side(window.beta));
                Ok((k, p.first + k, p.max, a, b, probe))
            }
            Role::Chance(..) => unreachable!("an ended chance node was refused above"),
        }
    }

    fn enter(&mut self, i: usize) -> R<()> {
        let id = self.next_id;
        self.next_id += 1;
        let n = &self.rec.nodes[id as usize]; // the tape enters every node once (check.rs)
        let (k, tree_id, max, alpha, beta, probe) = self.child_plan(i, id)?;
        if !n.is_root() && n.index as u32 != k {
            bail!(node id, "index",
                "is {}, but node {} searches its branch {k} next (rule: branches in order)",
                n.index, n.parent);
        }
        let chance = self.tree.is_chance(tree_id);
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
        if ga != alpha || gb != beta {
            bail!(node id, "alpha",
                "the window is ({}, {}), but {} searches this node with ({}, {}) (rule: \
                 windows)", self.show(ga, "-inf"), self.show(gb, "+inf"), self.algo.name(),
                self.show(alpha, "-inf"), self.show(beta, "+inf"));
        }
        let (first, nc) = self.tree.children_of(tree_id);
        let mut f = Frame {
            id,
            tree: tree_id,
            max,
            beta,
            first,
            n: nc,
            k: 0,
            role: Role::Leaf,
            expect: VecDeque::new(),
            end: None,
        };
        if nc > 0 && chance {
            let weights = (0..nc).map(|j| self.tree.weight_of(first + j));
            let bounds = self.setup.bounds_for(max);
            let sums = ChanceSums::new(self.algo, weights, bounds, window(alpha, beta));
            f.role = Role::Chance(
                Box::new(sums),
                ChanceNext::End {
                    value: 0,
                    reason: StopReason::Leaf,
                },
            );
            self.advance(&mut f);
        } else if nc > 0 {
            let (best, best_k) = (None, None);
            f.role = Role::Decision {
                alpha,
                best,
                best_k,
                probe,
            };
        }
        self.stack.push(f);
        Ok(())
    }

    /// Asks the search's running sums what the chance node of `f` does next: a cut-off by a
    /// branch Star2 passes over is owed as an event, and an end is the node's.
    fn advance(&self, f: &mut Frame) {
        let tree = self.tree;
        let Role::Chance(sums, next) = &mut f.role else {
            return;
        };
        let (cut, then) = sums.next(|k| tree.is_chance(f.first + k));
        f.expect.extend(cut.map(Expect::cut));
        if let ChanceNext::End { value, reason } = then {
            f.end = Some((i64::from(value), reason));
        }
        *next = then;
    }

    fn exit(&mut self, i: usize) -> R<()> {
        let f = self
            .stack
            .pop()
            .expect("checked by the tape: a node is open");
        let id = f.id;
        let n = &self.rec.nodes[id as usize];
        if self.aborted && n.reason() == StopReason::Aborted {
            // The search stopped (node cap, memory budget): the node's value says nothing, and
            // its parent is stopped too.
            return Ok(());
        }
        if let Some(e) = f.expect.front() {
            bail!(event i, "kind", "exits node {id}, which owes a {} event first", e.0.name());
        }
        let (value, reason, best, rule) = match &f.role {
            Role::Leaf => {
                let v = i64::from(self.tree.value_of(f.tree)) * self.scale;
                let rule = "a leaf's value is the tree's, times the scale, from the player's view";
                (if f.max { v } else { -v }, StopReason::Leaf, None, rule)
            }
            Role::Decision {
                best,
                best_k,
                probe,
                ..
            } => {
                let (v, r) = match f.end {
                    Some(end) => end,
                    None if *probe && f.k == 1 => (best.unwrap_or(0), StopReason::Probe),
                    None if f.k == f.n => (best.unwrap_or(0), StopReason::AllMoves),
                    None => return Err(self.unfinished(&f)),
                };
                (
                    v,
                    r,
                    *best_k,
                    "a node's value is the best its children returned",
                )
            }
            Role::Chance(sums, _) if sums.inexact => {
                bail!(node id, "value",
                    "this chance node's value is not a whole multiple of 1/{} (rule: exact \
                     values)", self.scale);
            }
            Role::Chance(..) => match f.end {
                Some((v, r)) if r == StopReason::AllMoves => (
                    v,
                    r,
                    None,
                    "a chance node's value is sum(w_i v_i) / sum(w_i)",
                ),
                Some((v, r)) => (v, r, None, "a cut chance node returns Ballard's bound"),
                None => return Err(self.unfinished(&f)),
            },
        };
        if n.reason() != reason {
            bail!(node id, "reason",
                "is {}, but the search of this node ends with {} (rule: stop reasons)",
                n.reason().name(), reason.name());
        }
        if i64::from(n.value) != value {
            bail!(node id, "value",
                "is {} ({}), but it is {} (stored {value}) (rule: {rule})", n.value,
                self.show(side(n.value), "inf"), self.show(Some(value), ""));
        }
        if n.best_index != best.map_or(NONE16, |b| b as u16) {
            bail!(node id, "best_index",
                "is {}, but the first child that gave the value is {} (rule: values)",
                n.best_index, best.map_or("none".to_string(), |b| b.to_string()));
        }
        if let Some(mut p) = self.stack.pop() {
            self.returned(&mut p, value);
            self.stack.push(p);
        }
        Ok(())
    }

    fn unfinished(&self, f: &Frame) -> TraceFileError {
        let k = match &f.role {
            Role::Chance(sums, _) => sums.branch(),
            _ => f.k,
        };
        err!(node f.id, "reason",
            "the node returns after {k} of its {} branches, with no cut-off (rule: stop reasons)",
            f.n)
    }

    /// A child returned `v` (its own view) to the open node `f`.
    fn returned(&self, f: &mut Frame, v: i64) {
        match &mut f.role {
            Role::Leaf => {}
            Role::Decision {
                alpha,
                best,
                best_k,
                ..
            } => {
                let v = -v;
                if best.is_none_or(|b| b < v) {
                    (*best, *best_k) = (Some(v), Some(f.k));
                }
                if self.algo.needs_bounds() {
                    if alpha.is_none_or(|a| a < v) {
                        let old = alpha.unwrap_or(-i64::from(INF));
                        f.expect
                            .push_back(Expect(EventKind::AlphaRaised, [old, v, 0]));
                        *alpha = Some(v);
                    }
                    if let Some(b) = f.beta
                        && b <= v
                    {
                        f.expect.push_back(Expect(EventKind::Cutoff, [v, b, 0]));
                        f.end = Some((v, StopReason::BetaCutoff));
                    }
                }
                f.k += 1;
            }
            Role::Chance(sums, _) => {
                let v = v.clamp(-i64::from(INF), i64::from(INF)) as Value;
                f.expect.extend(sums.returned(v).map(Expect::cut));
                self.advance(f);
            }
        }
    }
}
