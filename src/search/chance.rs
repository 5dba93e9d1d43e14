//! Searches of explicit trees with chance nodes (docs/cli.md, "Tree text"): expectimax, and
//! Ballard's *-minimax pruning, Star1 and Star2.
//!
//! CITE: B. W. Ballard, "The *-minimax search procedure for trees containing chance nodes",
//! Artificial Intelligence 21(3):327–350, 1983 (Star1: §3, the left-to-right depth-first
//! procedure; Star2: §4, probing beneath the chance nodes of regular trees).
//! CITE: T. Hauk, M. Buro, J. Schaeffer, "Rediscovering *-Minimax Search", Computers and
//! Games 2004, LNCS 3846 (Fig. 2, Star1; Fig. 3, Star2), whose negamax form with
//! `A = N(α − U) + U`, `B = N(β − L) + L`, `AX = max(A, L)`, `BX = min(B, U)` this follows,
//! with the equal probabilities 1/N generalised to weights `w_i / S`.
//!
//! Values are negamax: from the point of view of the player at the node. A decision node's
//! children belong to the other player; a chance node's children to the same player as the
//! chance node (docs/cli.md "Tree text"), so a chance node's value is the weighted average of its
//! children's values, not negated. `L` and `U` bound every leaf from MAX's view (the tree's
//! `bounds` header, never the leaves themselves); at MIN's nodes they read `−U` and `−L`.
//!
//! Everything is exact ([`Frac`]): with the branch weights `w_i` of a chance node, their sum
//! `S` and `R_i = Σ_{j>i} w_j`, Star1 searches child `i` with the window `(max(A_i, L),
//! min(B_i, U))` where
//!
//! ```text
//! A_i = (S·α − Σ_{j<i} w_j v_j − U·R_i) / w_i     (below it the node fails low)
//! B_i = (S·β − Σ_{j<i} w_j v_j − L·R_i) / w_i     (above it the node fails high)
//! ```
//!
//! which is Hauk et al.'s `A` and `B` with `P_i = w_i / S`. Star2 first probes each child
//! (a decision node: its first move only), so that the later children count with their probed
//! lower bounds `W_j` instead of `L` in `B_i`.

use crate::game::Value;
use crate::game::tree::Tree;
use crate::schema::Bound;
use crate::search::frac::{Frac, FracOverflow};
use core::cmp::Ordering;
use serde::Serialize;

/// The searches a tree with chance nodes accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChanceAlgorithm {
    /// Expectimax: every node searched, a chance node's value the weighted average.
    Expectimax,
    /// Ballard's Star1: alpha-beta at decision nodes, windows at chance nodes from L and U.
    Star1,
    /// Ballard's Star2: Star1 with a probing phase at every chance node.
    Star2,
}

impl ChanceAlgorithm {
    pub const ALL: [ChanceAlgorithm; 3] = [
        ChanceAlgorithm::Expectimax,
        ChanceAlgorithm::Star1,
        ChanceAlgorithm::Star2,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ChanceAlgorithm::Expectimax => "expectimax",
            ChanceAlgorithm::Star1 => "star1",
            ChanceAlgorithm::Star2 => "star2",
        }
    }

    /// One line saying what it is and whose.
    pub fn describe(self) -> &'static str {
        match self {
            ChanceAlgorithm::Expectimax => {
                "expectimax: chance nodes average their branches, no pruning"
            }
            ChanceAlgorithm::Star1 => {
                "Star1 (Ballard 1983): alpha-beta with chance-node windows from the bounds L, U"
            }
            ChanceAlgorithm::Star2 => {
                "Star2 (Ballard 1983): Star1 after probing each branch's first move"
            }
        }
    }

    pub fn parse(s: &str) -> Option<ChanceAlgorithm> {
        Self::ALL.into_iter().find(|a| a.name() == s)
    }

    /// Star1 and Star2 need the bounds L and U before the search.
    pub fn needs_bounds(self) -> bool {
        self != ChanceAlgorithm::Expectimax
    }
}

/// Why a chance search could not run or finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChanceError {
    #[error(
        "{algo} needs bounds L and U on every leaf, declared before the search: start the tree \
         text with 'bounds L U' (e.g. 'bounds -10 10 [1:(3 5) 1:(2 8)]')"
    )]
    NoBounds { algo: &'static str },
    #[error(transparent)]
    Overflow(#[from] FracOverflow),
    // No flag named: the page says this too (its node cap field is the CLI's --node-cap).
    #[error("the search passed its node cap of {cap} nodes: raise the cap (0 = none) to finish it")]
    NodeCap { cap: u64 },
    /// The least common multiple of the trace's denominators, its `scale`, passes 10^9.
    #[error(
        "a trace stores every value of a chance search over one denominator, the least common \
         multiple of all its values' denominators; {value} brings it to {lcm}, past the \
         trace's limit of 10^9; --json prints fractions of any size"
    )]
    ScaleTooLarge { value: String, lcm: String },
    /// A trace file stores every value as an integer times one denominator, `scale`, in 32
    /// bits (run/chance.rs); this search's values do not fit.
    #[error(
        "a trace of this search needs the denominator {scale}, and {what} = {value} is then \
         {scaled}, past the trace's 32-bit values (|value| < 10^9); --json prints fractions of \
         any size"
    )]
    TooLarge {
        scale: String,
        what: String,
        value: String,
        scaled: String,
    },
    /// A trace of Star1 or Star2 under `bounds L U` with `L = U`: the root's window (L, U) is
    /// empty, which no trace window may be.
    #[error(
        "{algo} with 'bounds {l} {u}': the root's window (L, U) is empty; a trace needs L < U \
         (every leaf is then {l}, and expectimax gives it)"
    )]
    EmptyBounds { algo: &'static str, l: i32, u: i32 },
    /// A chance search was asked of an input that is not a tree with chance nodes.
    #[error(
        "{algo} searches explicit trees with chance nodes ('[W:node ...]'); this input has none"
    )]
    NotChance { algo: &'static str },
}

/// Why a node of a chance search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChanceStop {
    /// A leaf: its value.
    Leaf,
    /// Every child was searched.
    AllMoves,
    /// A decision node: a child's value reached β, the rest are pruned.
    BetaCutoff,
    /// A chance node: child `i`'s value fell to `A_i` or below, so the node's value is at most
    /// α whatever the rest are (Ballard's Star1 cut-off, fail low).
    ChanceFailLow,
    /// A chance node: child `i`'s value (or, in Star2's probing phase, its probed lower bound)
    /// reached `B_i`, so the node's value is at least β (fail high).
    ChanceFailHigh,
    /// Star2's probe of a decision node: only its first move was searched, for a lower bound.
    Probe,
}

/// A branch a node never searched, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ChancePrune {
    /// The child's index among the node's children.
    pub child: u32,
    pub reason: ChanceStop,
    /// The bound that fired: β at a decision node, `A_i` (fail low) or `B_i` (fail high) at a
    /// chance node, from the node's player's view.
    pub bound: Frac,
    /// The value that reached it: the child's (or its probed lower bound).
    pub value: Frac,
    /// The index of that child.
    pub by: u32,
}

/// One node a chance search entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChanceNode {
    /// The node's id in this search (entry order).
    pub id: u32,
    pub parent: Option<u32>,
    /// Child indices from the root (the tree's node).
    pub path: Vec<u32>,
    /// `max`, `min`, `chance` or `leaf`, and the player whose view the numbers take.
    pub kind: &'static str,
    pub max_to_move: bool,
    /// The branch's probability `w / S` when the parent is a chance node.
    pub weight: Option<(u32, u64)>,
    /// Entered by Star2's probing phase.
    pub probe: bool,
    /// The window at entry, `None` = unbounded.
    pub alpha: Option<Frac>,
    pub beta: Option<Frac>,
    pub value: Frac,
    pub bound: Bound,
    pub reason: ChanceStop,
    pub pruned: Vec<ChancePrune>,
    /// The child that gave a decision node its value (the first one that did); `None` at
    /// leaves and chance nodes. Trace files store it (`best_index`); not in `--json`.
    #[serde(skip)]
    pub best: Option<u32>,
}

/// What happened, in order, as the search went (recorded with the nodes): the tape a trace file
/// stores (trace/chance.rs turns it into version-4 events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceEvent {
    /// The next node in entry order was entered.
    Enter,
    /// The innermost open node returned.
    Exit,
    /// A decision node's α rose from `old` (`None` = unbounded) to the value `new` its child
    /// just returned (Star1 and Star2 only: expectimax keeps no window).
    AlphaRaised { old: Option<Frac>, new: Frac },
    /// A decision node's child returned `value` ≥ β.
    Cutoff { value: Frac, beta: Frac },
    /// A chance node was cut: `value` ≤ `A_i` (`high` false) or `value` ≥ `B_i` (`high` true;
    /// in Star2's probing phase `value` is the probed lower bound `W_i`).
    ChanceCut {
        value: Frac,
        bound: Frac,
        high: bool,
    },
}

/// What a chance search found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChanceResult {
    pub algo: ChanceAlgorithm,
    /// The root's value from MAX's view.
    pub value: Frac,
    /// The bounds the search used (from the tree text).
    pub bounds: Option<(Value, Value)>,
    /// Nodes entered, probes included.
    pub nodes: u64,
    /// Every node, in entry order (empty unless recorded).
    pub trace: Vec<ChanceNode>,
    /// The events in the order they happened (empty unless recorded).
    #[serde(skip)]
    pub events: Vec<ChanceEvent>,
    /// How many nodes stopped early, per reason (counted whether or not the nodes are
    /// recorded): the CLI's summary; a trace's statistics count the same from its records
    /// (`trace::stats::TraceStats`: `cutoffs`, `chance_fail_low`, `chance_fail_high`, `probes`).
    #[serde(skip)]
    pub stops: ChanceStops,
}

/// The nodes of a chance search that stopped before searching every child, per reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChanceStops {
    /// Decision nodes whose child reached β (`beta_cutoff`).
    pub beta_cutoffs: u64,
    /// Chance nodes cut by `A_i` (`chance_fail_low`).
    pub chance_fail_low: u64,
    /// Chance nodes cut by `B_i` (`chance_fail_high`).
    pub chance_fail_high: u64,
    /// Star2's probes that stopped after the first move (`probe`).
    pub probes: u64,
}

impl ChanceStops {
    fn count(&mut self, r: ChanceStop) {
        match r {
            ChanceStop::BetaCutoff => self.beta_cutoffs += 1,
            ChanceStop::ChanceFailLow => self.chance_fail_low += 1,
            ChanceStop::ChanceFailHigh => self.chance_fail_high += 1,
            ChanceStop::Probe => self.probes += 1,
            ChanceStop::Leaf | ChanceStop::AllMoves => {}
        }
    }
}

/// The chance search over one tree.
struct Search<'t> {
    tree: &'t Tree,
    algo: ChanceAlgorithm,
    /// L and U from MAX's view.
    lower: Frac,
    upper: Frac,
    nodes: u64,
    cap: u64,
    record: bool,
    stops: ChanceStops,
    trace: Vec<ChanceNode>,
    events: Vec<ChanceEvent>,
    path: Vec<u32>,
    /// The weight total `S` of the chance node whose child is about to be entered (0 below a
    /// decision node): the child's record shows its probability `w / S`.
    branch_total: u64,
}

type R<T> = Result<T, ChanceError>;

fn le(a: Frac, b: Frac) -> R<bool> {
    Ok(a.cmp_exact(b)? != Ordering::Greater)
}

fn lt(a: Frac, b: Frac) -> R<bool> {
    Ok(a.cmp_exact(b)? == Ordering::Less)
}

fn max(a: Frac, b: Frac) -> R<Frac> {
    Ok(if lt(a, b)? { b } else { a })
}

fn min(a: Frac, b: Frac) -> R<Frac> {
    Ok(if lt(b, a)? { b } else { a })
}

/// The bound a fail-soft value says, read against the window it was searched with.
fn bound_of(v: Frac, alpha: Option<Frac>, beta: Option<Frac>) -> R<Bound> {
    if let Some(b) = beta
        && le(b, v)?
    {
        return Ok(Bound::Lower);
    }
    if let Some(a) = alpha
        && le(v, a)?
    {
        return Ok(Bound::Upper);
    }
    Ok(Bound::Exact)
}

/// Searches `tree` with `algo`, recording every node when `record`; stops with an error past
/// `node_cap` nodes (0 = none). Star1 and Star2 refuse a tree without a `bounds` header.
pub fn search(
    tree: &Tree,
    algo: ChanceAlgorithm,
    node_cap: u64,
    record: bool,
) -> Result<ChanceResult, ChanceError> {
    let bounds = tree.bounds();
    if algo.needs_bounds() && bounds.is_none() {
        return Err(ChanceError::NoBounds { algo: algo.name() });
    }
    let (l, u) = bounds.unwrap_or((0, 0));
    let mut s = Search {
        tree,
        algo,
        lower: Frac::int(l as i64),
        upper: Frac::int(u as i64),
        nodes: 0,
        cap: node_cap,
        record,
        stops: ChanceStops::default(),
        trace: Vec::new(),
        events: Vec::new(),
        path: Vec::new(),
        branch_total: 0,
    };
    // CITE: Ballard's procedures start at the root with the window (L, U): no value lies
    // outside it. Inside, every window then lies within the node player's (L, U) and is never
    // empty (α < β), which fail-soft alpha-beta needs: an empty window (α = β) would read a
    // child's upper bound at α as a cut-off at β.
    // The root is MAX's unless the tree text's `min` header gives it to MIN; values are
    // negamax inside, so a MIN root's window is (−U, −L) and its value is negated back.
    let max_root = !tree.min_root();
    let (alpha, beta) = if bounds.is_some() && algo.needs_bounds() {
        let (a, b) = s.bounds_for(max_root);
        (Some(a), Some(b))
    } else {
        (None, None)
    };
    let root = s.node(0, alpha, beta, max_root, None, false)?;
    let value = if max_root { root } else { root.negated() };
    Ok(ChanceResult {
        algo,
        value,
        bounds,
        nodes: s.nodes,
        trace: s.trace,
        events: s.events,
        stops: s.stops,
    })
}

impl Search<'_> {
    /// L and U from the view of the player at the node.
    fn bounds_for(&self, max_to_move: bool) -> (Frac, Frac) {
        if max_to_move {
            (self.lower, self.upper)
        } else {
            (self.upper.negated(), self.lower.negated())
        }
    }

    /// Enters `id` (the tree's node) with window `(alpha, beta)` (`None` = unbounded) for the
    /// player `max_to_move`; `parent` is the entering node's trace id. With `probe`, a decision
    /// node searches only its first move (Star2's probing phase).
    fn node(
        &mut self,
        id: u32,
        alpha: Option<Frac>,
        beta: Option<Frac>,
        max_to_move: bool,
        parent: Option<u32>,
        probe: bool,
    ) -> R<Frac> {
        if self.cap != 0 && self.nodes >= self.cap {
            return Err(ChanceError::NodeCap { cap: self.cap });
        }
        let me = self.nodes as u32;
        self.nodes += 1;
        let (first, n) = self.tree.children_of(id);
        let chance = self.tree.is_chance(id);
        let kind = if n == 0 {
            "leaf"
        } else if chance {
            "chance"
        } else if max_to_move {
            "max"
        } else {
            "min"
        };
        let slot = self.trace.len();
        let total = core::mem::take(&mut self.branch_total);
        if self.record {
            let weight = (total > 0).then(|| (self.tree.weight_of(id), total));
            self.trace.push(ChanceNode {
                id: me,
                parent,
                path: self.path.clone(),
                kind,
                max_to_move,
                weight,
                probe,
                alpha,
                beta,
                value: Frac::ZERO,
                bound: Bound::Exact,
                reason: ChanceStop::Leaf,
                pruned: Vec::new(),
                best: None,
            });
            self.events.push(ChanceEvent::Enter);
        }
        let mut pruned = Vec::new();
        let mut best = None;
        let (value, reason) = if n == 0 {
            let v = Frac::int(self.tree.value_of(id) as i64);
            (if max_to_move { v } else { v.negated() }, ChanceStop::Leaf)
        } else if chance {
            self.chance_node(first, n, alpha, beta, max_to_move, me, &mut pruned)?
        } else {
            self.decision_node(
                first,
                n,
                (alpha, beta),
                max_to_move,
                me,
                probe,
                &mut pruned,
                &mut best,
            )?
        };
        self.stops.count(reason);
        if self.record {
            // A probe that left moves unsearched knows only a lower bound on the node, whatever
            // its window says.
            let bound = if reason == ChanceStop::Probe {
                Bound::Lower
            } else {
                bound_of(value, alpha, beta)?
            };
            let rec = &mut self.trace[slot];
            rec.value = value;
            rec.bound = bound;
            rec.reason = reason;
            rec.pruned = pruned;
            rec.best = best;
            self.events.push(ChanceEvent::Exit);
        }
        Ok(value)
    }

    /// The child `k` of the node whose children start at `first`, searched with its path.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        first: u32,
        k: u32,
        alpha: Option<Frac>,
        beta: Option<Frac>,
        max_to_move: bool,
        me: u32,
        probe: bool,
    ) -> R<Frac> {
        self.path.push(k);
        let v = self.node(first + k, alpha, beta, max_to_move, Some(me), probe);
        self.path.pop();
        v
    }

    /// A decision node: minimax for expectimax, fail-soft alpha-beta for Star1 and Star2
    /// (Ballard §2: *-minimax prunes at + and − nodes as alpha-beta does).
    #[allow(clippy::too_many_arguments)]
    fn decision_node(
        &mut self,
        first: u32,
        n: u32,
        (alpha, beta): (Option<Frac>, Option<Frac>),
        max_to_move: bool,
        me: u32,
        probe: bool,
        pruned: &mut Vec<ChancePrune>,
        best_child: &mut Option<u32>,
    ) -> R<(Frac, ChanceStop)> {
        let prunes = self.algo != ChanceAlgorithm::Expectimax;
        let mut best: Option<Frac> = None;
        // CITE: Ballard §4 (Star2): a probe searches one successor of the decision node; its
        // value is a lower bound on the node's.
        let searched = if probe { 1 } else { n };
        for k in 0..searched {
            let a = match (alpha, best) {
                (Some(a), Some(b)) => Some(max(a, b)?),
                (a, b) => a.or(b),
            };
            let (ca, cb) = if prunes {
                (beta.map(Frac::negated), a.map(Frac::negated))
            } else {
                (None, None)
            };
            let v = self
                .child(first, k, ca, cb, !max_to_move, me, false)?
                .negated();
            if best.is_none_or(|b| lt(b, v).unwrap_or(false)) {
                best = Some(v);
                *best_child = Some(k);
            }
            // The α this child was searched under, against what it returned.
            if self.record && prunes && a.is_none_or(|a| lt(a, v).unwrap_or(false)) {
                self.events
                    .push(ChanceEvent::AlphaRaised { old: a, new: v });
            }
            if prunes
                && let Some(b) = beta
                && le(b, v)?
            {
                if self.record {
                    self.events.push(ChanceEvent::Cutoff { value: v, beta: b });
                }
                for j in k + 1..n {
                    pruned.push(ChancePrune {
                        child: j,
                        reason: ChanceStop::BetaCutoff,
                        bound: b,
                        value: v,
                        by: k,
                    });
                }
                return Ok((v, ChanceStop::BetaCutoff));
            }
        }
        let v = best.unwrap_or(Frac::ZERO);
        if probe {
            for j in 1..n {
                pruned.push(ChancePrune {
                    child: j,
                    reason: ChanceStop::Probe,
                    bound: beta.unwrap_or(v),
                    value: v,
                    by: 0,
                });
            }
            return Ok((v, ChanceStop::Probe));
        }
        Ok((v, ChanceStop::AllMoves))
    }

    /// A chance node: the weighted average of its children (expectimax), or Ballard's
    /// Star1/Star2 windows (module documentation).
    #[allow(clippy::too_many_arguments)]
    fn chance_node(
        &mut self,
        first: u32,
        n: u32,
        alpha: Option<Frac>,
        beta: Option<Frac>,
        max_to_move: bool,
        me: u32,
        pruned: &mut Vec<ChancePrune>,
    ) -> R<(Frac, ChanceStop)> {
        let w: Vec<i128> = (0..n)
            .map(|k| self.tree.weight_of(first + k) as i128)
            .collect();
        let total: i128 = w.iter().sum();
        // Each child's record shows its probability w / S.
        if self.algo == ChanceAlgorithm::Expectimax {
            let mut sum = Frac::ZERO;
            for k in 0..n {
                self.branch_total = total as u64;
                let v = self.child(first, k, None, None, max_to_move, me, false)?;
                sum = sum.plus(v.mul_int(w[k as usize])?)?;
            }
            return Ok((sum.div_int(total)?, ChanceStop::AllMoves));
        }
        let (l, u) = self.bounds_for(max_to_move);
        // rest[k] = R_k = Σ_{j>k} w_j.
        let mut rest = vec![0i128; n as usize];
        for k in (0..n as usize - 1).rev() {
            rest[k] = rest[k + 1] + w[k + 1];
        }
        // Star2's probing phase: W_k, a lower bound on each child, or L (Ballard §4; Hauk et
        // al. Fig. 3).
        // CITE: checked this round (docs/techniques.md, "Star2's probing, checked") against what
        // the probing must guarantee, not line by line: the full text of Ballard §4 and Hauk et
        // al. Fig. 3 could not be read with the search tools (abstracts only), so the choices
        // below — window (L, BX), the first move probed, a chance branch left at L — are ours.
        let mut low = vec![l; n as usize];
        if self.algo == ChanceAlgorithm::Star2 {
            // Σ_{j<k} w_j W_j.
            let mut probed = Frac::ZERO;
            for k in 0..n {
                let i = k as usize;
                // B_k with the probed bounds before k and L after it.
                let b = match beta {
                    Some(beta) => Some(
                        beta.mul_int(total)?
                            .minus(probed)?
                            .minus(l.mul_int(rest[i])?)?
                            .div_int(w[i])?,
                    ),
                    None => None,
                };
                let bx = match b {
                    Some(b) => min(b, u)?,
                    None => u,
                };
                let child = first + k;
                if self.tree.is_chance(child) {
                    // Not a decision node: nothing to probe, L stands.
                    low[i] = l;
                } else {
                    // The probe's window (L, BX): below L nothing lies, so whatever it
                    // returns is a lower bound on the child.
                    self.branch_total = total as u64;
                    let v = self.child(first, k, Some(l), Some(bx), max_to_move, me, true)?;
                    low[i] = v;
                }
                probed = probed.plus(low[i].mul_int(w[i])?)?;
                if let Some(b) = b
                    && le(b, low[i])?
                {
                    // CITE: Star2's probing cut-off: the lower bounds already reach β.
                    self.chance_cut(low[i], b, true);
                    let value = probed.plus(l.mul_int(rest[i])?)?.div_int(total)?;
                    self.prune_rest(pruned, k, n, ChanceStop::ChanceFailHigh, b, low[i]);
                    return Ok((value, ChanceStop::ChanceFailHigh));
                }
            }
        }
        // The search phase (Star1's loop; Star2's second phase with W_j for the later
        // children). `done` = Σ_{j<k} w_j v_j, `later` = Σ_{j>k} w_j W_j.
        let mut done = Frac::ZERO;
        let mut later = Frac::ZERO;
        for k in 1..n as usize {
            later = later.plus(low[k].mul_int(w[k])?)?;
        }
        for k in 0..n {
            let i = k as usize;
            // CITE: Hauk et al. Fig. 2: A = N(α − U) + U, B = N(β − L) + L, with weights.
            let a = match alpha {
                Some(alpha) => Some(
                    alpha
                        .mul_int(total)?
                        .minus(done)?
                        .minus(u.mul_int(rest[i])?)?
                        .div_int(w[i])?,
                ),
                None => None,
            };
            let b = match beta {
                Some(beta) => Some(
                    beta.mul_int(total)?
                        .minus(done)?
                        .minus(later)?
                        .div_int(w[i])?,
                ),
                None => None,
            };
            let ax = match a {
                Some(a) => max(a, l)?,
                None => l,
            };
            let bx = match b {
                Some(b) => min(b, u)?,
                None => u,
            };
            self.branch_total = total as u64;
            let v = self.child(first, k, Some(ax), Some(bx), max_to_move, me, false)?;
            done = done.plus(v.mul_int(w[i])?)?;
            if let Some(a) = a
                && le(v, a)?
            {
                // Fail low: the rest at their most, U, still leave the node at or below α.
                let value = done.plus(u.mul_int(rest[i])?)?.div_int(total)?;
                self.chance_cut(v, a, false);
                self.prune_rest(pruned, k, n, ChanceStop::ChanceFailLow, a, v);
                return Ok((value, ChanceStop::ChanceFailLow));
            }
            if let Some(b) = b
                && le(b, v)?
            {
                // Fail high: the rest at their least (L, or Star2's probed W_j) reach β.
                let value = done.plus(later)?.div_int(total)?;
                self.chance_cut(v, b, true);
                self.prune_rest(pruned, k, n, ChanceStop::ChanceFailHigh, b, v);
                return Ok((value, ChanceStop::ChanceFailHigh));
            }
            if k + 1 < n {
                later = later.minus(low[i + 1].mul_int(w[i + 1])?)?;
            }
        }
        Ok((done.div_int(total)?, ChanceStop::AllMoves))
    }

    /// Records a chance node's cut-off: `value` ≤ `bound` = A_i, or (`high`) ≥ B_i.
    fn chance_cut(&mut self, value: Frac, bound: Frac, high: bool) {
        if self.record {
            self.events
                .push(ChanceEvent::ChanceCut { value, bound, high });
        }
    }

    fn prune_rest(
        &self,
        pruned: &mut Vec<ChancePrune>,
        k: u32,
        n: u32,
        reason: ChanceStop,
        bound: Frac,
        value: Frac,
    ) {
        for j in k + 1..n {
            pruned.push(ChancePrune {
                child: j,
                reason,
                bound,
                value,
                by: k,
            });
        }
    }
}
