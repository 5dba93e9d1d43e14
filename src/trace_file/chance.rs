//! The semantic rules of a chance search's trace (`config.chance`: expectimax, Ballard's Star1
//! and Star2; docs/trace-format.md, "Chance searches"): what such a search could have done.
//!
//! The event tape is replayed against the records and the tree, with a stack of the open nodes
//! and the exact fractions each keeps (the running sums of a chance node), and the first node or
//! event that breaks a rule is refused, naming it and the rule:
//!
//! - **exact values**: every stored integer is a fraction times `summary.scale`, and `scale` is
//!   the least common multiple of their denominators (the fractions are in lowest terms);
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

use super::TraceHeader;
use super::error::{TraceFileError, event_err, invalid, node_err};
use super::events::each_event;
use crate::game::INF;
use crate::game::tree::Tree;
use crate::run::Prepared;
use crate::schema::{EventKind, NONE16, NodeKind, NodeType, StopReason};
use crate::search::UNBOUNDED_DEPTH;
use crate::search::chance::ChanceAlgorithm;
use crate::search::frac::{Frac, FracOverflow};
use crate::trace::record::Recorder;
use core::cmp::Ordering;
use std::collections::VecDeque;

type R<T> = Result<T, TraceFileError>;

fn overflow(id: u32) -> impl Fn(FracOverflow) -> TraceFileError {
    move |_| {
        node_err(
            id,
            "value",
            "the exact arithmetic of this node needs more than 128 bits",
        )
    }
}

fn show(f: Option<Frac>, inf: &str) -> String {
    f.map_or(inf.to_string(), |f| f.to_string())
}

/// An event the replay knows must come next at a node, before anything else happens there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    AlphaRaised {
        old: Option<Frac>,
        new: Frac,
    },
    Cutoff {
        value: Frac,
        beta: Frac,
    },
    ChanceCut {
        value: Frac,
        bound: Frac,
        high: bool,
    },
}

impl Expect {
    fn kind(self) -> EventKind {
        match self {
            Expect::AlphaRaised { .. } => EventKind::AlphaRaised,
            Expect::Cutoff { .. } => EventKind::Cutoff,
            Expect::ChanceCut { .. } => EventKind::ChanceCutoff,
        }
    }
}

/// The running sums of a chance node (search/chance.rs keeps the same ones).
struct ChanceSums {
    w: Vec<i128>,
    total: i128,
    /// `R_k = Σ_{j>k} w_j`.
    rest: Vec<i128>,
    /// Star2's probed lower bounds `W_k` (L until probed; L for Star1).
    low: Vec<Frac>,
    probing: bool,
    /// `Σ_{j<k} w_j W_j` in the probing phase.
    probed: Frac,
    /// `Σ_{j<k} w_j v_j` in the search phase.
    done: Frac,
    /// `Σ_{j>k} w_j W_j` in the search phase.
    later: Frac,
    /// `A_k`, `B_k` of the branch being searched (`None` = that side unbounded).
    a: Option<Frac>,
    b: Option<Frac>,
}

enum Role {
    Leaf,
    Decision {
        /// α as the search holds it: the entry α raised by the children so far.
        alpha: Option<Frac>,
        best: Option<Frac>,
        best_k: Option<u32>,
        probe: bool,
    },
    Chance(ChanceSums),
}

struct Frame {
    id: u32,
    tree: u32,
    max: bool,
    alpha: Option<Frac>,
    beta: Option<Frac>,
    first: u32,
    n: u32,
    /// The next branch.
    k: u32,
    role: Role,
    expect: VecDeque<Expect>,
    /// The node's value and reason once a cut-off decided them.
    end: Option<(Frac, StopReason)>,
}

struct Replay<'a> {
    tree: &'a Tree,
    algo: ChanceAlgorithm,
    rec: &'a Recorder,
    scale: i128,
    /// L and U from MAX's view (Star1 and Star2).
    bounds: (Frac, Frac),
    stack: Vec<Frame>,
    next_id: u32,
    iterations: usize,
}

/// Checks the rules above on a file whose header says `config.chance = algo`.
pub(crate) fn check(h: &TraceHeader, algo: ChanceAlgorithm, rec: &Recorder) -> R<()> {
    // The header was checked before (check_header): the input prepares.
    let prepared = h
        .input
        .prepare()
        .map_err(|e| TraceFileError::header("input", invalid(e.to_string())))?;
    let Prepared::Tree(tree) = &prepared else {
        return Err(TraceFileError::header(
            "config.chance",
            invalid("a chance search needs a tree with chance nodes"),
        ));
    };
    let scale = h.summary.scale;
    if scale == 0 || scale >= INF as u64 {
        return Err(TraceFileError::header(
            "summary.scale",
            invalid(format!("is {scale}, but a scale lies in 1..10^9")),
        ));
    }
    let bounds = match (tree.bounds(), algo.needs_bounds()) {
        (Some((l, u)), _) => (Frac::int(l as i64), Frac::int(u as i64)),
        (None, false) => (Frac::ZERO, Frac::ZERO),
        (None, true) => {
            return Err(TraceFileError::header(
                "config.chance",
                invalid(format!(
                    "is {}, which needs the tree's 'bounds L U' header",
                    algo.name()
                )),
            ));
        }
    };
    lowest_terms(rec, scale)?;
    let mut r = Replay {
        tree,
        algo,
        rec,
        scale: scale as i128,
        bounds,
        stack: Vec::new(),
        next_id: 0,
        iterations: 0,
    };
    each_event(rec, |i, kind, data| r.event(i, kind, data))?;
    Ok(())
}

/// Every stored value is a multiple of `scale / g` for no `g > 1`: `scale` is the least common
/// denominator of the fractions (rule: exact values).
fn lowest_terms(rec: &Recorder, scale: u64) -> R<()> {
    fn gcd(mut a: u64, mut b: u64) -> u64 {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a
    }
    let mut need = 1u64;
    let mut add = |v: i32| {
        if v.abs() != INF {
            let d = scale / gcd(scale, v.unsigned_abs() as u64);
            need = need / gcd(need, d) * d;
        }
    };
    for n in &rec.nodes {
        add(n.alpha);
        add(n.beta);
        add(n.value);
    }
    each_event(rec, |_, kind, d| {
        match kind {
            EventKind::AlphaRaised | EventKind::Cutoff => d.iter().for_each(|&v| add(v)),
            EventKind::ChanceCutoff => d[..2].iter().for_each(|&v| add(v)),
            _ => {}
        }
        Ok(())
    })?;
    if need != scale {
        return Err(TraceFileError::header(
            "summary.scale",
            invalid(format!(
                "is {scale}, but the values' fractions have the least common denominator \
                 {need}: write them over {need} (rule: exact values, in lowest terms)"
            )),
        ));
    }
    Ok(())
}

fn le(a: Frac, b: Frac) -> bool {
    a.cmp_exact(b).is_ok_and(|o| o != Ordering::Greater)
}

fn lt(a: Frac, b: Frac) -> bool {
    a.cmp_exact(b).is_ok_and(|o| o == Ordering::Less)
}

impl Replay<'_> {
    fn frac(&self, v: i32) -> Option<Frac> {
        (v.abs() != INF).then(|| Frac::new(v as i128, self.scale).unwrap_or(Frac::ZERO))
    }

    /// How `f` is stored.
    fn stored(&self, f: Frac) -> String {
        let k = self.scale / f.den();
        f.num().saturating_mul(k).to_string()
    }

    fn bounds_for(&self, max: bool) -> (Frac, Frac) {
        let (l, u) = self.bounds;
        if max {
            (l, u)
        } else {
            (u.negated(), l.negated())
        }
    }

    fn prunes(&self) -> bool {
        self.algo != ChanceAlgorithm::Expectimax
    }

    fn event(&mut self, i: usize, kind: EventKind, d: &[i32]) -> R<()> {
        match kind {
            EventKind::Iteration => {
                self.iterations += 1;
                if self.iterations > 1 || !self.stack.is_empty() || d[0] != UNBOUNDED_DEPTH {
                    return Err(event_err(
                        i,
                        "kind",
                        format!(
                            "a chance search is one root search at depth {UNBOUNDED_DEPTH}, \
                             begun once (rule: iteration depths)"
                        ),
                    ));
                }
                Ok(())
            }
            EventKind::Enter => self.enter(i),
            EventKind::Exit => self.exit(i),
            EventKind::AlphaRaised | EventKind::Cutoff | EventKind::ChanceCutoff => {
                self.expected(i, kind, d)
            }
            _ => Err(event_err(
                i,
                "kind",
                format!("a chance search records no {} event", kind.name()),
            )),
        }
    }

    /// An `alpha_raised`, `cutoff` or `chance_cutoff` event against what the replay expects.
    fn expected(&mut self, i: usize, kind: EventKind, d: &[i32]) -> R<()> {
        let data: Vec<Option<Frac>> = d.iter().map(|&v| self.frac(v)).collect();
        let Some(f) = self.stack.last_mut() else {
            return Err(event_err(i, "kind", "needs an open node"));
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
                "alpha_raised [{}, {}] (from {} to {})",
                old.map_or((-INF).to_string(), |f| self.stored(f)),
                self.stored(new),
                show(old, "-inf"),
                new
            ),
            Expect::Cutoff { value, beta } => format!(
                "cutoff [{}, {}] ({value} >= beta = {beta})",
                self.stored(value),
                self.stored(beta)
            ),
            Expect::ChanceCut { value, bound, high } => format!(
                "chance_cutoff [{}, {}, {}] ({value} {} {} = {bound})",
                self.stored(value),
                self.stored(bound),
                high as i32,
                if high { ">=" } else { "<=" },
                if high { "B_i" } else { "A_i" }
            ),
        }
    }

    /// What the entering node must be: its branch index, tree node, player, window and probe.
    #[allow(clippy::type_complexity)]
    fn child_plan(
        &mut self,
        i: usize,
        id: u32,
    ) -> R<(u32, u32, bool, Option<Frac>, Option<Frac>, bool)> {
        let prunes = self.prunes();
        let root_max = !self.tree.min_root();
        let Some(p) = self.stack.last() else {
            let (a, b) = if prunes {
                let (l, u) = self.bounds_for(root_max);
                (Some(l), Some(u))
            } else {
                (None, None)
            };
            return Ok((0, 0, root_max, a, b, false));
        };
        if let Some(e) = p.expect.front() {
            return Err(event_err(
                i,
                "kind",
                format!(
                    "enters node {id}, but node {} owes a {} event first",
                    p.id,
                    e.kind().name()
                ),
            ));
        }
        if p.end.is_some() || p.k >= p.n {
            return Err(node_err(
                id,
                "parent",
                format!(
                    "is node {}, which has {} (rule: nothing is searched after a cut-off)",
                    p.id,
                    if p.end.is_some() {
                        "already been cut"
                    } else {
                        "searched all its branches"
                    }
                ),
            ));
        }
        let k = p.k;
        let tree_id = p.first + k;
        let id_p = p.id;
        let max_p = p.max;
        let (alpha_p, beta_p) = (p.alpha, p.beta);
        match &mut self.stack.last_mut().expect("checked").role {
            Role::Leaf => unreachable!("a leaf has no branches (n = 0)"),
            Role::Decision { alpha, probe, .. } => {
                if *probe && k > 0 {
                    return Err(node_err(
                        id,
                        "parent",
                        format!(
                            "is node {id_p}, a Star2 probe, which searches its first move only \
                             (rule: probes)"
                        ),
                    ));
                }
                let (a, b) = if prunes {
                    (beta_p.map(Frac::negated), alpha.map(Frac::negated))
                } else {
                    (None, None)
                };
                Ok((k, tree_id, !max_p, a, b, false))
            }
            Role::Chance(c) => {
                if !prunes {
                    return Ok((k, tree_id, max_p, None, None, false));
                }
                let (l, u) = {
                    let (l, u) = self.bounds;
                    if max_p {
                        (l, u)
                    } else {
                        (u.negated(), l.negated())
                    }
                };
                let ki = k as usize;
                let of = overflow(id_p);
                if c.probing {
                    // CITE: Ballard §4 (Star2): the probe's window (L, min(B_k, U)), B_k with the
                    // probed bounds before k and L after it.
                    let b = match beta_p {
                        Some(beta) => Some(
                            beta.mul_int(c.total)
                                .and_then(|x| x.minus(c.probed))
                                .and_then(|x| x.minus(l.mul_int(c.rest[ki])?))
                                .and_then(|x| x.div_int(c.w[ki]))
                                .map_err(&of)?,
                        ),
                        None => None,
                    };
                    c.b = b;
                    let bx = b.map_or(u, |b| if lt(b, u) { b } else { u });
                    return Ok((k, tree_id, max_p, Some(l), Some(bx), true));
                }
                // CITE: Hauk et al. Fig. 2: A = N(α − U) + U, B = N(β − L) + L, with weights.
                let a = match alpha_p {
                    Some(alpha) => Some(
                        alpha
                            .mul_int(c.total)
                            .and_then(|x| x.minus(c.done))
                            .and_then(|x| x.minus(u.mul_int(c.rest[ki])?))
                            .and_then(|x| x.div_int(c.w[ki]))
                            .map_err(&of)?,
                    ),
                    None => None,
                };
                let b = match beta_p {
                    Some(beta) => Some(
                        beta.mul_int(c.total)
                            .and_then(|x| x.minus(c.done))
                            .and_then(|x| x.minus(c.later))
                            .and_then(|x| x.div_int(c.w[ki]))
                            .map_err(&of)?,
                    ),
                    None => None,
                };
                c.a = a;
                c.b = b;
                let ax = a.map_or(l, |a| if lt(l, a) { a } else { l });
                let bx = b.map_or(u, |b| if lt(b, u) { b } else { u });
                Ok((k, tree_id, max_p, Some(ax), Some(bx), false))
            }
        }
    }

    fn enter(&mut self, i: usize) -> R<()> {
        let id = self.next_id;
        self.next_id += 1;
        let Some(n) = self.rec.nodes.get(id as usize) else {
            return Err(event_err(i, "kind", "enters a node the file does not have"));
        };
        let (k, tree_id, max, alpha, beta, probe) = self.child_plan(i, id)?;
        if !n.is_root() && n.index as u32 != k {
            return Err(node_err(
                id,
                "index",
                format!(
                    "is {}, but node {} searches its branch {k} next (rule: branches in order)",
                    n.index, n.parent
                ),
            ));
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
            return Err(node_err(
                id,
                "kind",
                format!(
                    "is {}, but this is {} (rule: kinds)",
                    n.node_kind().name(),
                    match want_kind {
                        NodeKind::Chance => "a chance node of the tree",
                        NodeKind::Probe => "Star2's probe of a branch of a chance node",
                        _ => "a decision node or leaf searched in full",
                    }
                ),
            ));
        }
        if n.expected() != NodeType::Pv {
            return Err(node_err(
                id,
                "expected",
                format!(
                    "is {}, but Knuth & Moore's types have no rule for chance nodes: a chance \
                     search writes pv everywhere (rule: expected types)",
                    n.expected().name()
                ),
            ));
        }
        let (ga, gb) = (self.frac(n.alpha), self.frac(n.beta));
        if ga != alpha || gb != beta {
            return Err(node_err(
                id,
                "alpha",
                format!(
                    "the window is ({}, {}), but {} searches this node with ({}, {}) (rule: \
                     windows)",
                    show(ga, "-inf"),
                    show(gb, "+inf"),
                    self.algo.name(),
                    show(alpha, "-inf"),
                    show(beta, "+inf"),
                ),
            ));
        }
        let (first, nc) = self.tree.children_of(tree_id);
        let role = if nc == 0 {
            Role::Leaf
        } else if chance {
            let w: Vec<i128> = (0..nc)
                .map(|j| self.tree.weight_of(first + j) as i128)
                .collect();
            let mut rest = vec![0i128; nc as usize];
            for j in (0..nc as usize - 1).rev() {
                rest[j] = rest[j + 1] + w[j + 1];
            }
            let (l, _) = self.bounds_for(max);
            let low = vec![l; nc as usize];
            let mut later = Frac::ZERO;
            for &wj in &w[1..] {
                later = later
                    .plus(l.mul_int(wj).map_err(overflow(id))?)
                    .map_err(overflow(id))?;
            }
            Role::Chance(ChanceSums {
                total: w.iter().sum(),
                w,
                rest,
                low,
                probing: self.algo == ChanceAlgorithm::Star2,
                probed: Frac::ZERO,
                done: Frac::ZERO,
                later,
                a: None,
                b: None,
            })
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
            alpha,
            beta,
            first,
            n: nc,
            k: 0,
            role,
            expect: VecDeque::new(),
            end: None,
        });
        self.advance_probes()
    }

    /// Star2's probing phase at the innermost chance node: its chance branches are not probed
    /// (their bound stays L), which may already reach B_k; once every branch is probed, the
    /// search phase begins with `Σ_{j>0} w_j W_j`.
    fn advance_probes(&mut self) -> R<()> {
        let Some(f) = self.stack.last() else {
            return Ok(());
        };
        let (max, beta, id, first, n) = (f.max, f.beta, f.id, f.first, f.n);
        let (l, _) = self.bounds_for(max);
        let tree = self.tree;
        let f = self.stack.last_mut().expect("checked");
        let Role::Chance(c) = &mut f.role else {
            return Ok(());
        };
        let of = overflow(id);
        while c.probing && f.end.is_none() && f.k < n && tree.is_chance(first + f.k) {
            let ki = f.k as usize;
            let b = match beta {
                Some(beta) => Some(
                    beta.mul_int(c.total)
                        .and_then(|x| x.minus(c.probed))
                        .and_then(|x| x.minus(l.mul_int(c.rest[ki])?))
                        .and_then(|x| x.div_int(c.w[ki]))
                        .map_err(&of)?,
                ),
                None => None,
            };
            c.low[ki] = l;
            c.probed = c
                .probed
                .plus(l.mul_int(c.w[ki]).map_err(&of)?)
                .map_err(&of)?;
            if let Some(b) = b
                && le(b, l)
            {
                let value = c
                    .probed
                    .plus(l.mul_int(c.rest[ki]).map_err(&of)?)
                    .and_then(|x| x.div_int(c.total))
                    .map_err(&of)?;
                f.expect.push_back(Expect::ChanceCut {
                    value: l,
                    bound: b,
                    high: true,
                });
                f.end = Some((value, StopReason::ChanceFailHigh));
            }
            f.k += 1;
        }
        if c.probing && f.end.is_none() && f.k == n {
            c.probing = false;
            f.k = 0;
            c.later = Frac::ZERO;
            for j in 1..n as usize {
                c.later = c
                    .later
                    .plus(c.low[j].mul_int(c.w[j]).map_err(&of)?)
                    .map_err(&of)?;
            }
        }
        Ok(())
    }

    fn exit(&mut self, i: usize) -> R<()> {
        let Some(f) = self.stack.pop() else {
            return Err(event_err(i, "kind", "exits with no node open"));
        };
        if let Some(e) = f.expect.front() {
            return Err(event_err(
                i,
                "kind",
                format!(
                    "exits node {}, which owes a {} event first",
                    f.id,
                    e.kind().name()
                ),
            ));
        }
        let id = f.id;
        let n = &self.rec.nodes[id as usize];
        let of = overflow(id);
        let (value, reason, best) = match &f.role {
            Role::Leaf => {
                let v = Frac::int(self.tree.value_of(f.tree) as i64);
                (if f.max { v } else { v.negated() }, StopReason::Leaf, None)
            }
            Role::Decision {
                best,
                best_k,
                probe,
                ..
            } => match f.end {
                Some((v, r)) => (v, r, *best_k),
                None if *probe && f.k == 1 => {
                    (best.unwrap_or(Frac::ZERO), StopReason::Probe, *best_k)
                }
                None if f.k == f.n => (best.unwrap_or(Frac::ZERO), StopReason::AllMoves, *best_k),
                None => return Err(self.unfinished(&f)),
            },
            Role::Chance(c) => match f.end {
                Some((v, r)) => (v, r, None),
                None if !c.probing && f.k == f.n => (
                    c.done.div_int(c.total).map_err(&of)?,
                    StopReason::AllMoves,
                    None,
                ),
                None => return Err(self.unfinished(&f)),
            },
        };
        if n.reason() != reason {
            return Err(node_err(
                id,
                "reason",
                format!(
                    "is {}, but the search of this node ends with {} (rule: stop reasons)",
                    n.reason().name(),
                    reason.name()
                ),
            ));
        }
        if self.frac(n.value) != Some(value) {
            let rule = match &f.role {
                Role::Leaf => {
                    "a leaf's value is the tree's, times the scale, from the player's view"
                }
                Role::Decision { .. } => "a node's value is the best its children returned",
                Role::Chance(_) if reason == StopReason::AllMoves => {
                    "a chance node's value is sum(w_i v_i) / sum(w_i)"
                }
                Role::Chance(_) => "a cut chance node returns Ballard's bound",
            };
            return Err(node_err(
                id,
                "value",
                format!(
                    "is {} ({}), but it is {value} (stored {}) (rule: {rule})",
                    n.value,
                    show(self.frac(n.value), "inf"),
                    self.stored(value)
                ),
            ));
        }
        let want_best = best.map_or(NONE16, |b| b as u16);
        if n.best_index != want_best {
            return Err(node_err(
                id,
                "best_index",
                format!(
                    "is {}, but the first child that gave the value is {} (rule: values)",
                    n.best_index,
                    best.map_or("none".to_string(), |b| b.to_string())
                ),
            ));
        }
        if !self.stack.is_empty() {
            self.returned(value)?;
        }
        Ok(())
    }

    fn unfinished(&self, f: &Frame) -> TraceFileError {
        node_err(
            f.id,
            "reason",
            format!(
                "the node returns after {} of its {} branches, with no cut-off (rule: stop \
                 reasons)",
                f.k, f.n
            ),
        )
    }

    /// The child `n` returned `v` (its own view) to the innermost open node.
    fn returned(&mut self, v: Frac) -> R<()> {
        let prunes = self.prunes();
        let f = self.stack.last().expect("checked");
        let (max, beta, id) = (f.max, f.beta, f.id);
        let (l, u) = self.bounds_for(max);
        let of = overflow(id);
        let f = self.stack.last_mut().expect("checked");
        let k = f.k;
        let ki = k as usize;
        match &mut f.role {
            Role::Leaf => {}
            Role::Decision {
                alpha,
                best,
                best_k,
                ..
            } => {
                let v = v.negated();
                if best.is_none_or(|b| lt(b, v)) {
                    *best = Some(v);
                    *best_k = Some(k);
                }
                if prunes {
                    if alpha.is_none_or(|a| lt(a, v)) {
                        f.expect.push_back(Expect::AlphaRaised {
                            old: *alpha,
                            new: v,
                        });
                        *alpha = Some(v);
                    }
                    if let Some(b) = beta
                        && le(b, v)
                    {
                        f.expect.push_back(Expect::Cutoff { value: v, beta: b });
                        f.end = Some((v, StopReason::BetaCutoff));
                    }
                }
                f.k += 1;
            }
            Role::Chance(c) => {
                let wv = v.mul_int(c.w[ki]).map_err(&of)?;
                if !prunes {
                    c.done = c.done.plus(wv).map_err(&of)?;
                } else if c.probing {
                    c.low[ki] = v;
                    c.probed = c.probed.plus(wv).map_err(&of)?;
                    if let Some(b) = c.b
                        && le(b, v)
                    {
                        let value = c
                            .probed
                            .plus(l.mul_int(c.rest[ki]).map_err(&of)?)
                            .and_then(|x| x.div_int(c.total))
                            .map_err(&of)?;
                        f.expect.push_back(Expect::ChanceCut {
                            value: v,
                            bound: b,
                            high: true,
                        });
                        f.end = Some((value, StopReason::ChanceFailHigh));
                    }
                } else {
                    c.done = c.done.plus(wv).map_err(&of)?;
                    if let Some(a) = c.a
                        && le(v, a)
                    {
                        let value = c
                            .done
                            .plus(u.mul_int(c.rest[ki]).map_err(&of)?)
                            .and_then(|x| x.div_int(c.total))
                            .map_err(&of)?;
                        f.expect.push_back(Expect::ChanceCut {
                            value: v,
                            bound: a,
                            high: false,
                        });
                        f.end = Some((value, StopReason::ChanceFailLow));
                    } else if let Some(b) = c.b
                        && le(b, v)
                    {
                        let value = c
                            .done
                            .plus(c.later)
                            .and_then(|x| x.div_int(c.total))
                            .map_err(&of)?;
                        f.expect.push_back(Expect::ChanceCut {
                            value: v,
                            bound: b,
                            high: true,
                        });
                        f.end = Some((value, StopReason::ChanceFailHigh));
                    } else if ki + 1 < c.w.len() {
                        c.later = c
                            .later
                            .minus(c.low[ki + 1].mul_int(c.w[ki + 1]).map_err(&of)?)
                            .map_err(&of)?;
                    }
                }
                f.k += 1;
            }
        }
        self.advance_probes()
    }
}
