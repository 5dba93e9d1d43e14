//! The semantic rules of a chance search's trace (`config.chance`: expectimax, Ballard's Star1
//! and Star2; docs/trace-format.md, "Chance searches"): what such a search could have done.
//!
//! The event tape is replayed against the records and the tree, with a stack of the open nodes
//! and the exact fractions each keeps (the running sums of a chance node), and the first node or
//! event that breaks a rule is refused, naming it and the rule:
//!
//! - **exact values**: every stored integer is a fraction times `summary.scale`, and `scale` is
//!   the tree's scale, fixed before the search from its weights
//!   ([`crate::search::chance::scale_of`], version 5), or the least common multiple of the
//!   stored values' denominators (version 4, whose search fixed it after the search); every
//!   value a chance node returns is then a whole multiple of `1/scale`;
//! - **players**: the root is MAX's (MIN's under the `min` header), a decision node's children
//!   the other player's, a chance node's its own (values are negamax);
//! - **values**: a leaf's is the tree's leaf times `scale` (negated for MIN); a decision node's
//!   the best its children returned, negated, `best_index` the first that gave it; a chance node
//!   whose branches were all searched returns `Σ w_i v_i / Σ w_i`, one that was cut Ballard's
//!   bound (`(Σ_{j≤i} w_j v_j + U·R_i) / S` after a fail low, `(Σ_{j≤i} w_j v_j + Σ_{j>i} w_j
//!   W_j) / S` after a fail high);
//! - **windows**: expectimax searches with (−∞, +∞); Star1 and Star2 start at (L, U), a decision
//!   node's child gets (−β, −α) with α as its earlier children left it, a chance node's branch
//!   `i` (max(A_i, L), min(B_i, U)) and a Star2 probe (L, min(B_i, U));
//! - **cut-offs**: an `alpha_raised` event follows exactly the children that beat α, a `cutoff`
//!   exactly the child that reached β, a `chance_cutoff` exactly the branch whose value fell to
//!   `A_i` or reached `B_i` (its data: that value, the bound, the side), and nothing more is
//!   searched after one; the remaining branches are the node's `pruned`;
//! - **probes** (Star2 only): a chance node first probes its decision and leaf branches in order
//!   (kind `probe`, first move only, reason `probe`, bound lower), then searches them all again.
//!
//! The probabilities are the tree text's weights over their sum at each chance node, so they sum
//! to 1 by construction; the file does not restate them.
//!
//! A chance node's windows, cut-offs and value are worked out by the search's own
//! [`ChanceSums`] (src/search/chance.rs), stepped over the file's records with the file's
//! scale: one copy of Ballard's arithmetic. A search stopped by the node cap or the memory
//! budget (`summary.aborted`) ends with its open nodes `aborted`, whose values say nothing.

use super::TraceHeader;
use super::error::{TraceFileError, event_err, invalid};
use super::error::{bail, err};
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

/// An event the replay knows must come next at a node, before anything else happens there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    AlphaRaised { old: V, new: i64 },
    Cutoff { value: i64, beta: i64 },
    ChanceCut { value: i64, bound: i64, high: bool },
}

impl Expect {
    fn kind(self) -> EventKind {
        match self {
            Expect::AlphaRaised { .. } => EventKind::AlphaRaised,
            Expect::Cutoff { .. } => EventKind::Cutoff,
            Expect::ChanceCut { .. } => EventKind::ChanceCutoff,
        }
    }

    fn of_cut(c: ChanceCut) -> Expect {
        Expect::ChanceCut {
            value: i64::from(c.value),
            bound: i64::from(c.bound),
            high: c.high,
        }
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
    first: u32,
    n: u32,
    /// The next branch.
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
    let mut r = Replay {
        tree,
        algo,
        rec,
        scale: k,
        setup: ChanceSetup {
            algo,
            scale,
            lower: (l * k) as Value,
            upper: (u * k) as Value,
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
        add(n.alpha);
        add(n.beta);
        add(n.value);
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

    fn prunes(&self) -> bool {
        self.algo.needs_bounds()
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
        let data: Vec<V> = d.iter().map(|&v| side(v)).collect();
        let Some(f) = self.stack.last_mut() else {
            bail!(event i, "kind", "needs an open node");
        };
        let want = f.expect.pop_front();
        let fid = f.id;
        let ok = match (want, kind) {
            (Some(Expect::AlphaRaised { old, new }), EventKind::AlphaRaised) => {
                data[0] == old && data[1] == Some(new)
            }
            (Some(Expect::Cutoff { value, beta }), EventKind::Cutoff) => {
                data[0] == Some(value) && data[1] == Some(beta)
            }
            (Some(Expect::ChanceCut { value, bound, high }), EventKind::ChanceCutoff) => {
                data[0] == Some(value) && data[1] == Some(bound) && d[2] == high as i32
            }
            _ => false,
        };
        if ok {
            return Ok(());
        }
        let rule = match kind {
            EventKind::AlphaRaised => "alpha_raised events",
            EventKind::Cutoff => "cut-off events",
            _ => "chance cut-offs",
        };
        let said = d
            .iter()
            .map(|&v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let msg = match want {
            None => format!(
                "a {} event [{said}] at node {}, where no branch just {} (rule: {rule})",
                kind.name(),
                fid,
                match kind {
                    EventKind::AlphaRaised => "beat alpha",
                    EventKind::Cutoff => "reached beta",
                    _ => "fell to A_i or reached B_i",
                }
            ),
            Some(w) => format!(
                "is a {} event [{said}] at node {}, but the branch that just returned makes it \
                 {} (rule: {rule})",
                kind.name(),
                fid,
                self.describe(w)
            ),
        };
        Err(event_err(i, "data", msg))
    }

    fn describe(&self, e: Expect) -> String {
        match e {
            Expect::AlphaRaised { old, new } => format!(
                "alpha_raised [{}, {new}] (from {} to {})",
                old.unwrap_or(-i64::from(INF)),
                self.show(old, "-inf"),
                self.show(Some(new), "")
            ),
            Expect::Cutoff { value, beta } => format!(
                "cutoff [{value}, {beta}] ({} >= beta = {})",
                self.show(Some(value), ""),
                self.show(Some(beta), "")
            ),
            Expect::ChanceCut { value, bound, high } => format!(
                "chance_cutoff [{value}, {bound}, {}] ({} {} {} = {})",
                high as i32,
                self.show(Some(value), ""),
                if high { ">=" } else { "<=" },
                if high { "B_i" } else { "A_i" },
                self.show(Some(bound), "")
            ),
        }
    }

    /// What the entering node must be: its branch index, tree node, player, window and probe.
    #[allow(clippy::type_complexity)]
    fn child_plan(&mut self, i: usize, id: u32) -> R<(u32, u32, bool, V, V, bool)> {
        let prunes = self.prunes();
        let root_max = !self.tree.min_root();
        let Some(p) = self.stack.last() else {
            // The search's own root window: (L, U) for Star1 and Star2, unbounded for expectimax.
            let w = self.setup.root_window(root_max);
            return Ok((0, 0, root_max, side(w.alpha), side(w.beta), false));
        };
        if let Some(e) = p.expect.front() {
            bail!(event i, "kind",
                "enters node {id}, but node {} owes a {} event first", p.id, e.kind().name());
        }
        let done = match &p.role {
            Role::Chance(_, ChanceNext::End { .. }) => true,
            _ => p.end.is_some() || p.k >= p.n,
        };
        if done {
            let has = if p.end.is_some() {
                "already been cut"
            } else {
                "searched all its branches"
            };
            bail!(node id, "parent",
                "is node {}, which has {has} (rule: nothing is searched after a cut-off)", p.id);
        }
        let (id_p, max_p, beta_p) = (p.id, p.max, p.beta);
        match &p.role {
            Role::Leaf => unreachable!("a leaf has no branches (n = 0)"),
            Role::Decision { alpha, probe, .. } => {
                let k = p.k;
                if *probe && k > 0 {
                    bail!(node id, "parent",
                        "is node {id_p}, a Star2 probe, which searches its first move only \
                         (rule: probes)");
                }
                let (a, b) = if prunes {
                    (beta_p.map(|b| -b), alpha.map(|a| -a))
                } else {
                    (None, None)
                };
                Ok((k, p.first + k, !max_p, a, b, false))
            }
            Role::Chance(_, next) => {
                let ChanceNext::Branch { k, window, probe } = *next else {
                    unreachable!("an ended chance node was refused above");
                };
                Ok((
                    k,
                    p.first + k,
                    max_p,
                    side(window.alpha),
                    side(window.beta),
                    probe,
                ))
            }
        }
    }

    fn enter(&mut self, i: usize) -> R<()> {
        let id = self.next_id;
        self.next_id += 1;
        let Some(n) = self.rec.nodes.get(id as usize) else {
            bail!(event i, "kind", "enters a node the file does not have");
        };
        let (k, tree_id, max, alpha, beta, probe) = self.child_plan(i, id)?;
        if !n.is_root() && n.index as u32 != k {
            bail!(node id, "index",
                "is {}, but node {} searches its branch {k} next (rule: branches in order)",
                n.index, n.parent);
        }
        let chance = self.tree.is_chance(tree_id);
        let want_kind = if chance {
            NodeKind::Chance
        } else if probe {
            NodeKind::Probe
        } else {
            NodeKind::Normal
        };
        if n.node_kind() != want_kind {
            let this = match want_kind {
                NodeKind::Chance => "a chance node of the tree",
                NodeKind::Probe => "Star2's probe of a branch of a chance node",
                _ => "a decision node or leaf searched in full",
            };
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
        let mut expect = VecDeque::new();
        let mut end = None;
        let role = if nc == 0 {
            Role::Leaf
        } else if chance {
            let mut sums = Box::new(ChanceSums::new(
                self.algo,
                (0..nc).map(|j| self.tree.weight_of(first + j)),
                self.setup.bounds_for(max),
                window(alpha, beta),
            ));
            let next = self.advance(&mut sums, first, &mut expect, &mut end);
            Role::Chance(sums, next)
        } else {
            Role::Decision {
                alpha,
                best: None,
                best_k: None,
                probe,
            }
        };
        self.stack.push(Frame {
            id,
            tree: tree_id,
            max,
            beta,
            first,
            n: nc,
            k: 0,
            role,
            expect,
            end,
        });
        Ok(())
    }

    /// Asks the search's running sums what the chance node does next: a cut-off by a branch
    /// Star2 passes over is owed as an event, and an end is the node's.
    fn advance(
        &self,
        sums: &mut ChanceSums,
        first: u32,
        expect: &mut VecDeque<Expect>,
        end: &mut Option<(i64, StopReason)>,
    ) -> ChanceNext {
        let tree = self.tree;
        let (cut, next) = sums.next(|k| tree.is_chance(first + k));
        if let Some(c) = cut {
            expect.push_back(Expect::of_cut(c));
        }
        if let ChanceNext::End { value, reason } = next {
            *end = Some((i64::from(value), reason));
        }
        next
    }

    fn exit(&mut self, i: usize) -> R<()> {
        let Some(f) = self.stack.pop() else {
            bail!(event i, "kind", "exits with no node open");
        };
        let id = f.id;
        let n = &self.rec.nodes[id as usize];
        if self.aborted && n.reason() == StopReason::Aborted {
            // The search stopped (node cap, memory budget): the node's value says nothing, and
            // its parent is stopped too.
            return Ok(());
        }
        if let Some(e) = f.expect.front() {
            bail!(event i, "kind",
                "exits node {}, which owes a {} event first", f.id, e.kind().name());
        }
        let (value, reason, best) = match &f.role {
            Role::Leaf => {
                let v = i64::from(self.tree.value_of(f.tree)) * self.scale;
                (if f.max { v } else { -v }, StopReason::Leaf, None)
            }
            Role::Decision {
                best,
                best_k,
                probe,
                ..
            } => match f.end {
                Some((v, r)) => (v, r, *best_k),
                None if *probe && f.k == 1 => (best.unwrap_or(0), StopReason::Probe, *best_k),
                None if f.k == f.n => (best.unwrap_or(0), StopReason::AllMoves, *best_k),
                None => return Err(self.unfinished(&f)),
            },
            Role::Chance(sums, next) => match (f.end, next) {
                _ if sums.inexact => {
                    bail!(node id, "value",
                        "this chance node's value is not a whole multiple of 1/{} (rule: \
                         exact values)", self.scale);
                }
                (Some((v, r)), _) => (v, r, None),
                _ => return Err(self.unfinished(&f)),
            },
        };
        if n.reason() != reason {
            bail!(node id, "reason",
                "is {}, but the search of this node ends with {} (rule: stop reasons)",
                n.reason().name(), reason.name());
        }
        if i64::from(n.value) != value {
            let rule = match &f.role {
                Role::Leaf => {
                    "a leaf's value is the tree's, times the scale, from the player's view"
                }
                Role::Decision { .. } => "a node's value is the best its children returned",
                Role::Chance(..) if reason == StopReason::AllMoves => {
                    "a chance node's value is sum(w_i v_i) / sum(w_i)"
                }
                Role::Chance(..) => "a cut chance node returns Ballard's bound",
            };
            bail!(node id, "value",
                "is {} ({}), but it is {} (stored {value}) (rule: {rule})", n.value,
                self.show(side(n.value), "inf"), self.show(Some(value), ""));
        }
        let want_best = best.map_or(NONE16, |b| b as u16);
        if n.best_index != want_best {
            bail!(node id, "best_index",
                "is {}, but the first child that gave the value is {} (rule: values)",
                n.best_index, best.map_or("none".to_string(), |b| b.to_string()));
        }
        if !self.stack.is_empty() {
            self.returned(value);
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

    /// The child returned `v` (its own view) to the innermost open node.
    fn returned(&mut self, v: i64) {
        let prunes = self.prunes();
        let Some(mut f) = self.stack.pop() else {
            return;
        };
        let k = f.k;
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
                    *best = Some(v);
                    *best_k = Some(k);
                }
                if prunes {
                    if alpha.is_none_or(|a| a < v) {
                        f.expect.push_back(Expect::AlphaRaised {
                            old: *alpha,
                            new: v,
                        });
                        *alpha = Some(v);
                    }
                    if let Some(b) = f.beta
                        && b <= v
                    {
                        f.expect.push_back(Expect::Cutoff { value: v, beta: b });
                        f.end = Some((v, StopReason::BetaCutoff));
                    }
                }
                f.k += 1;
            }
            Role::Chance(sums, next) => {
                let v = v.clamp(-i64::from(INF), i64::from(INF)) as Value;
                if let Some(c) = sums.returned(v) {
                    f.expect.push_back(Expect::of_cut(c));
                }
                let mut expect = core::mem::take(&mut f.expect);
                let mut end = f.end;
                *next = self.advance(sums, f.first, &mut expect, &mut end);
                f.expect = expect;
                f.end = end;
            }
        }
        self.stack.push(f);
    }
}
