//! Statistics of a search, computed from a recorded trace ([`TraceStats::of`]) or while the
//! search runs without storing its nodes ([`StatsTracer`]). Both feed the same
//! [`Accumulator`], so they agree by construction (and `tests/trace.rs` checks it).

use super::record::{NodeRec, Recorder};
use crate::schema::{Bound, NodeType, StopReason};
use crate::search::{Enter, Exit, Tracer};
use serde::{Deserialize, Serialize};

/// Counts per node type, indexed PV, CUT, ALL.
pub type TypeCounts = [u64; 3];

/// Björnsson et al. (1997), Fig. 6 counts the best move's position only at ALL nodes with at
/// least this many legal moves.
pub const FIG6_MIN_MOVES: u16 = 10;
/// What a trace says about the search's shape.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TraceStats {
    /// All recorded nodes.
    pub nodes: u64,
    /// Nodes that finished (not cut short by the node cap).
    pub finished: u64,
    /// Leaves: horizon evaluations, tree leaves and terminal positions.
    pub leaves: u64,
    /// Finished nodes per expected type (Knuth & Moore's rule).
    pub expected: TypeCounts,
    /// Finished nodes per actual type (exact → PV, fail-high → CUT, fail-low → ALL).
    pub actual: TypeCounts,
    /// Finished nodes whose actual type differs from the expected one.
    pub mismatched: u64,
    /// `mismatched` as a percentage of `finished`.
    pub mismatched_pct: f64,
    /// Nodes that failed high (β-cut-off).
    pub cutoffs: u64,
    /// Percentage of β-cut-offs caused by the first move searched.
    pub first_move_cutoff_pct: f64,
    /// Chance nodes cut by Ballard's `A_i` (reason `chance_fail_low`, Star1 and Star2): their
    /// remaining branches pruned. Counted apart from `cutoffs`, which are β-cut-offs at
    /// decision nodes (docs/trace-format.md, "Chance searches").
    #[serde(default)]
    pub chance_fail_low: u64,
    /// Chance nodes cut by Ballard's `B_i` (reason `chance_fail_high`; in Star2's probing phase
    /// too).
    #[serde(default)]
    pub chance_fail_high: u64,
    /// Star2's probes of a decision node that stopped after its first move (reason `probe`).
    #[serde(default)]
    pub probes: u64,
    /// PVS re-searches.
    pub researches: u64,
    /// Per root search: depth, nodes, and the effective branching factor against the previous
    /// root search (`nodes_d / nodes_{d-1}`).
    pub iterations: Vec<IterationStats>,
    /// Position of the best move in the move list, at actual CUT nodes (index → count).
    pub best_index_cut: Vec<u64>,
    /// The same at actual ALL nodes (the move with the highest value).
    pub best_index_all: Vec<u64>,
    /// The same at actual ALL nodes with at least [`FIG6_MIN_MOVES`] moves, as in Fig. 6 of
    /// Björnsson et al. (1997).
    pub best_index_all_fig6: Vec<u64>,
    /// Nodes per ply.
    pub per_ply: Vec<u64>,
    /// Finished nodes per ply and actual type (PV, CUT, ALL): the page's node-types-per-ply
    /// plot.
    pub actual_per_ply: Vec<TypeCounts>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct IterationStats {
    pub depth: i32,
    pub root: u32,
    pub nodes: u64,
    pub ebf: Option<f64>,
}

fn pct(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn bump(hist: &mut Vec<u64>, i: usize) {
    if hist.len() <= i {
        hist.resize(i + 1, 0);
    }
    hist[i] += 1;
}

/// What the statistics need to know about one finished node.
#[derive(Clone, Copy, Debug)]
pub struct Finished {
    pub ply: u32,
    pub expected: NodeType,
    pub bound: Bound,
    pub reason: StopReason,
    pub best_index: Option<u32>,
    pub n_moves: u16,
}

/// Builds [`TraceStats`] one event at a time: the single definition of every statistic.
#[derive(Clone, Debug, Default)]
pub struct Accumulator {
    s: TraceStats,
    first_move_cutoffs: u64,
    /// (root id, nominal depth) of every root search, in order.
    roots: Vec<(u32, i32)>,
}

impl Accumulator {
    /// A node was entered at `ply`; `root_depth` is `Some(nominal depth)` for a root search.
    pub fn entered(&mut self, ply: u32, root_depth: Option<i32>) {
        if let Some(depth) = root_depth {
            self.roots.push((self.s.nodes as u32, depth));
        }
        self.s.nodes += 1;
        bump(&mut self.s.per_ply, ply as usize);
    }

    /// A node that was entered is the re-search of an earlier one.
    pub fn research(&mut self) {
        self.s.researches += 1;
    }

    /// A node finished (an aborted node does not count).
    pub fn finished(&mut self, n: Finished) {
        if n.reason == StopReason::Aborted {
            return;
        }
        let s = &mut self.s;
        s.finished += 1;
        let (e, a) = (n.expected, n.bound.node_type());
        s.expected[e as usize] += 1;
        s.actual[a as usize] += 1;
        let ply = n.ply as usize;
        if s.actual_per_ply.len() <= ply {
            s.actual_per_ply.resize(ply + 1, [0; 3]);
        }
        s.actual_per_ply[ply][a as usize] += 1;
        if e != a {
            s.mismatched += 1;
        }
        match n.reason {
            StopReason::Leaf | StopReason::Terminal => s.leaves += 1,
            StopReason::BetaCutoff => {
                s.cutoffs += 1;
                if n.best_index == Some(0) {
                    self.first_move_cutoffs += 1;
                }
            }
            StopReason::ChanceFailLow => s.chance_fail_low += 1,
            StopReason::ChanceFailHigh => s.chance_fail_high += 1,
            StopReason::Probe => s.probes += 1,
            _ => {}
        }
        if let Some(bi) = n.best_index {
            match a {
                NodeType::Cut => bump(&mut s.best_index_cut, bi as usize),
                NodeType::All => {
                    bump(&mut s.best_index_all, bi as usize);
                    if n.n_moves >= FIG6_MIN_MOVES {
                        bump(&mut s.best_index_all_fig6, bi as usize);
                    }
                }
                NodeType::Pv => {}
            }
        }
    }

    /// The statistics of everything seen so far.
    pub fn finish(mut self) -> TraceStats {
        let s = &mut self.s;
        s.mismatched_pct = pct(s.mismatched, s.finished);
        s.first_move_cutoff_pct = pct(self.first_move_cutoffs, s.cutoffs);
        // Root searches occupy consecutive id ranges: each root's subtree runs to the next.
        let mut prev: Option<u64> = None;
        for (k, &(root, depth)) in self.roots.iter().enumerate() {
            let end = self.roots.get(k + 1).map_or(s.nodes, |r| r.0 as u64);
            let nodes = end - root as u64;
            s.iterations.push(IterationStats {
                depth,
                root,
                nodes,
                ebf: prev.filter(|&p| p > 0).map(|p| nodes as f64 / p as f64),
            });
            prev = Some(nodes);
        }
        self.s
    }
}

impl TraceStats {
    /// The statistics of a recorded trace.
    pub fn of(rec: &Recorder) -> TraceStats {
        let mut acc = Accumulator::default();
        // Plies from a stack of the open ancestors (nodes come in the order they were entered,
        // so a node's parent is on it), not from a per-node array: the statistics of a kept
        // trace cost no memory that grows with it (4 bytes a node before, a seventh of the
        // records, past the CLI's memory budget).
        let mut open: Vec<u32> = Vec::new();
        let mut roots = rec.roots.iter().zip(&rec.root_depths).peekable();
        let mut research = rec.research_of.iter().map(|&(id, _)| id).peekable();
        for (id, n) in rec.nodes.iter().enumerate() {
            let id = id as u32;
            let root_depth = roots.next_if(|(r, _)| **r == id).map(|(_, d)| *d);
            if n.is_root() {
                open.clear();
            } else {
                while open.last().is_some_and(|&top| top != n.parent) {
                    open.pop();
                }
            }
            let ply = open.len() as u32;
            open.push(id);
            acc.entered(ply, root_depth);
            if research.next_if_eq(&id).is_some() {
                acc.research();
            }
            if n.exited() {
                acc.finished(finished_of(n, ply));
            }
        }
        acc.finish()
    }
}

fn finished_of(n: &NodeRec, ply: u32) -> Finished {
    Finished {
        ply,
        expected: n.expected(),
        bound: n.bound(),
        reason: n.reason(),
        best_index: n.best_index(),
        n_moves: n.n_moves,
    }
}

/// A tracer that keeps only the statistics: memory that does not grow with the tree (a stack
/// of the open nodes), for searches whose trace is not wanted (the CLI without `--json`).
#[derive(Clone, Debug, Default)]
pub struct StatsTracer {
    acc: Accumulator,
    /// Open nodes: (expected type, moves generated, ply).
    stack: Vec<(NodeType, u16, u32)>,
    pending_research: bool,
    pending_depth: i32,
}

impl StatsTracer {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn finish(self) -> TraceStats {
        self.acc.finish()
    }
}

impl Tracer for StatsTracer {
    fn begin_iteration(&mut self, depth: i32) {
        self.pending_depth = depth;
    }

    fn enter(&mut self, e: &Enter) {
        let root = self.stack.is_empty().then_some(self.pending_depth);
        self.acc.entered(e.ply, root);
        if core::mem::take(&mut self.pending_research) {
            self.acc.research();
        }
        self.stack.push((e.expected, 0, e.ply));
    }

    fn moves_generated(&mut self, count: u32) {
        if let Some(top) = self.stack.last_mut() {
            top.1 = count.min(u16::MAX as u32) as u16;
        }
    }

    fn research(&mut self) {
        self.pending_research = true;
    }

    fn aspiration_fail(&mut self, _alpha: i32, _beta: i32, _value: i32) {
        self.pending_research = true;
    }

    fn exit(&mut self, x: &Exit) {
        let Some((expected, n_moves, ply)) = self.stack.pop() else {
            return;
        };
        self.acc.finished(Finished {
            ply,
            expected,
            bound: x.bound,
            reason: x.reason,
            best_index: x.best_index,
            n_moves,
        });
    }
}
