//! Statistics computed from a recorded trace.

use super::record::Recorder;
use crate::trace::schema::NodeType;
use crate::trace::schema::StopReason;
use serde::{Deserialize, Serialize};

/// Counts per node type, indexed PV, CUT, ALL.
pub type TypeCounts = [u64; 3];

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
    /// PVS re-searches.
    pub researches: u64,
    /// Per root search: depth, nodes, and the effective branching factor against the previous
    /// root search (`nodes_d / nodes_{d-1}`).
    pub iterations: Vec<IterationStats>,
    /// Position of the best move in the move list, at actual CUT nodes (index → count).
    pub best_index_cut: Vec<u64>,
    /// The same at actual ALL nodes (the move with the highest value), like Fig. 6 of
    /// Björnsson et al. (1997).
    pub best_index_all: Vec<u64>,
    /// Nodes per ply.
    pub per_ply: Vec<u64>,
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

impl TraceStats {
    pub fn of(rec: &Recorder) -> TraceStats {
        let mut s = TraceStats {
            nodes: rec.nodes.len() as u64,
            researches: rec.research_of.len() as u64,
            ..Default::default()
        };
        let mut first_move_cutoffs = 0;
        let plies = super::record::plies(&rec.nodes);
        for (n, &ply) in rec.nodes.iter().zip(&plies) {
            bump(&mut s.per_ply, ply as usize);
            if !n.exited() || n.reason() == StopReason::Aborted {
                continue;
            }
            s.finished += 1;
            let (e, a) = (n.expected(), n.actual());
            s.expected[e as usize] += 1;
            s.actual[a as usize] += 1;
            if e != a {
                s.mismatched += 1;
            }
            match n.reason() {
                StopReason::Leaf | StopReason::Terminal => s.leaves += 1,
                StopReason::BetaCutoff => {
                    s.cutoffs += 1;
                    if n.best_index == 0 {
                        first_move_cutoffs += 1;
                    }
                }
                _ => {}
            }
            if let Some(bi) = n.best_index() {
                match a {
                    NodeType::Cut => bump(&mut s.best_index_cut, bi as usize),
                    NodeType::All => bump(&mut s.best_index_all, bi as usize),
                    NodeType::Pv => {}
                }
            }
        }
        s.mismatched_pct = pct(s.mismatched, s.finished);
        s.first_move_cutoff_pct = pct(first_move_cutoffs, s.cutoffs);
        // Root searches occupy consecutive id ranges: each root's subtree runs to the next root.
        let total = rec.nodes.len() as u32;
        let mut prev: Option<u64> = None;
        for (k, (&root, &depth)) in rec.roots.iter().zip(&rec.root_depths).enumerate() {
            let end = rec.roots.get(k + 1).copied().unwrap_or(total);
            let nodes = (end - root) as u64;
            s.iterations.push(IterationStats {
                depth,
                root,
                nodes,
                ebf: prev.filter(|&p| p > 0).map(|p| nodes as f64 / p as f64),
            });
            prev = Some(nodes);
        }
        s
    }
}
