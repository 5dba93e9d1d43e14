//! Search signatures: exact values and node counts against plain minimax and textbook
//! alpha-beta on random trees, and Knuth & Moore's minimal-tree counts.

use prunescope::game::INF;
use prunescope::game::Value;
use prunescope::game::synthetic::{Ordering, Rng, SynthParams};
use prunescope::game::tree::{Shape, Tree};
use prunescope::schema::NodeType;
use prunescope::schema::StopReason;
use prunescope::search::Searcher;
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::trace::record::Recorder;
use prunescope::trace::stats::TraceStats;

fn cfg(algo: Algorithm) -> SearchConfig {
    SearchConfig {
        algo,
        ..SearchConfig::default()
    }
}

/// Plain minimax on the shape, from MAX's view.
fn minimax(s: &Shape, max: bool) -> Value {
    match s {
        Shape::Leaf(v) => *v,
        Shape::Node(ch) => {
            let vals = ch.iter().map(|c| minimax(c, !max));
            if max {
                vals.max().unwrap()
            } else {
                vals.min().unwrap()
            }
        }
    }
}

/// Textbook fail-soft alpha-beta (Knuth & Moore's F2 in negamax form), logging the leaves it
/// evaluates by path.
fn textbook_ab(
    s: &Shape,
    a: Value,
    b: Value,
    sign: Value,
    path: &mut Vec<u32>,
    log: &mut Vec<Vec<u32>>,
) -> Value {
    match s {
        Shape::Leaf(v) => {
            log.push(path.clone());
            sign * v
        }
        Shape::Node(ch) => {
            let mut best = -INF;
            let mut alpha = a;
            for (i, c) in ch.iter().enumerate() {
                path.push(i as u32);
                let v = -textbook_ab(c, -b, -alpha, -sign, path, log);
                path.pop();
                if v > best {
                    best = v;
                }
                if best > alpha {
                    alpha = best;
                }
                if alpha >= b {
                    break;
                }
            }
            best
        }
    }
}

/// Paths of the leaves a recorded search evaluated, in order.
fn leaf_paths(rec: &Recorder) -> Vec<Vec<u32>> {
    let mut paths: Vec<Vec<u32>> = Vec::with_capacity(rec.nodes.len());
    let mut out = Vec::new();
    for n in &rec.nodes {
        let mut p = if n.is_root() {
            Vec::new()
        } else {
            paths[n.parent as usize].clone()
        };
        if !n.is_root() {
            p.push(n.move_code as u32);
        }
        if n.reason() == StopReason::Leaf {
            out.push(p.clone());
        }
        paths.push(p);
    }
    out
}

#[test]
fn alphabeta_and_pvs_equal_minimax_on_random_trees() {
    let mut rng = Rng::new(20261122);
    for case in 0..3000 {
        let shape = Shape::random(&mut rng, 1 + (case % 6), 4, 20);
        let tree = Tree::from_shape(&shape);
        let expect = minimax(&shape, true);
        for algo in Algorithm::ALL {
            let mut rec = Recorder::new();
            let r = Searcher::new(cfg(algo), &mut rec).run_to_leaves(&tree.root());
            assert_eq!(
                r.value,
                Some(expect),
                "{} on {}",
                algo.name(),
                shape.to_text()
            );
            assert!(!r.aborted());
        }
    }
}

#[test]
fn alphabeta_evaluates_exactly_the_textbook_leaves_in_order() {
    let mut rng = Rng::new(7);
    for case in 0..3000 {
        let shape = Shape::random(&mut rng, 1 + (case % 7), 4, 20);
        let tree = Tree::from_shape(&shape);
        let mut log = Vec::new();
        let v = textbook_ab(&shape, -INF, INF, 1, &mut Vec::new(), &mut log);
        let mut rec = Recorder::new();
        let r = Searcher::new(cfg(Algorithm::AlphaBeta), &mut rec).run_to_leaves(&tree.root());
        assert_eq!(r.value, Some(v));
        assert_eq!(leaf_paths(&rec), log, "tree {}", shape.to_text());
    }
}

#[test]
fn minimax_visits_every_node() {
    let mut rng = Rng::new(99);
    for _ in 0..200 {
        let shape = Shape::random(&mut rng, 5, 4, 20);
        let tree = Tree::from_shape(&shape);
        let mut rec = Recorder::new();
        Searcher::new(cfg(Algorithm::Minimax), &mut rec).run_to_leaves(&tree.root());
        assert_eq!(rec.nodes.len(), tree.len());
    }
}

/// Knuth & Moore (1975): on a perfectly ordered uniform tree alpha-beta evaluates
/// b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves: 1 PV, b^⌈d/2⌉ − 1 CUT and b^⌊d/2⌋ − 1 ALL.
#[test]
fn knuth_moore_minimal_tree_on_best_ordered_trees() {
    for b in 1..=6u32 {
        for d in 1..=6u32 {
            let params = SynthParams {
                branching: b,
                depth: d,
                seed: (b * 31 + d) as u64,
                ordering: Ordering::Best,
                random_branching: false,
                transpositions: false,
            };
            let (hi, lo) = (b.pow(d.div_ceil(2)) as u64, b.pow(d / 2) as u64);
            for algo in [Algorithm::AlphaBeta, Algorithm::Pvs] {
                let mut rec = Recorder::new();
                let c = SearchConfig {
                    depth: d,
                    ..cfg(algo)
                };
                let r = Searcher::new(c, &mut rec).run(&params.root());
                assert_eq!(r.value, Some(params.root().true_value()));
                let mut leaves = [0u64; 3];
                for n in rec.nodes.iter().filter(|n| n.reason() == StopReason::Leaf) {
                    leaves[n.expected() as usize] += 1;
                    assert_eq!(n.expected(), n.actual(), "b={b} d={d}: perfect ordering");
                }
                let total: u64 = leaves.iter().sum();
                assert_eq!(total, hi + lo - 1, "{} b={b} d={d}", algo.name());
                assert_eq!(leaves, [1, hi - 1, lo - 1], "{} b={b} d={d}", algo.name());
                let st = TraceStats::of(&rec);
                assert_eq!(st.mismatched, 0);
                assert_eq!(st.researches, 0);
            }
        }
    }
}

#[test]
fn synthetic_trees_have_their_built_in_value_under_every_ordering() {
    for (k, ordering) in [
        Ordering::Best,
        Ordering::Worst,
        Ordering::Random,
        Ordering::P(0.9),
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..20u64 {
            let params = SynthParams {
                branching: 2 + (seed % 4) as u32,
                depth: 2 + (seed % 4) as u32,
                seed: seed * 10 + k as u64,
                ordering,
                random_branching: seed % 2 == 1,
                transpositions: false,
            };
            for algo in Algorithm::ALL {
                let c = SearchConfig {
                    depth: params.depth,
                    ..cfg(algo)
                };
                let r = Searcher::new(c, &mut prunescope::NoTrace).run(&params.root());
                assert_eq!(
                    r.value,
                    Some(params.root().true_value()),
                    "{params:?} {}",
                    algo.name()
                );
            }
        }
    }
}

/// Worst-first ordering leaves alpha-beta no shallow cut-offs: only deep cut-offs remain, so
/// it visits nearly the whole tree (an exact, deterministic signature).
#[test]
fn worst_ordering_defeats_alphabeta() {
    let params = SynthParams {
        branching: 3,
        depth: 4,
        seed: 5,
        ordering: Ordering::Worst,
        random_branching: false,
        transpositions: false,
    };
    let c = SearchConfig {
        depth: 4,
        ..cfg(Algorithm::AlphaBeta)
    };
    let mut rec = Recorder::new();
    let r = Searcher::new(c, &mut rec).run(&params.root());
    assert_eq!(r.nodes, 117, "full tree has 121 nodes");
    // No cut-off within two plies of the node whose window it uses.
    let ply = prunescope::trace::record::plies(&rec.nodes);
    for (n, _) in rec.nodes.iter().zip(&ply).filter(|(_, p)| **p <= 1) {
        assert_ne!(n.reason(), StopReason::BetaCutoff);
    }
}

#[test]
fn expected_types_follow_knuth_moore_rule() {
    let mut rng = Rng::new(3);
    for _ in 0..300 {
        let tree = Tree::from_shape(&Shape::random(&mut rng, 5, 4, 20));
        let mut rec = Recorder::new();
        Searcher::new(cfg(Algorithm::AlphaBeta), &mut rec).run_to_leaves(&tree.root());
        for (id, n) in rec.nodes.iter().enumerate() {
            if n.is_root() {
                assert_eq!(n.expected(), NodeType::Pv);
                continue;
            }
            let parent = rec.nodes[n.parent as usize];
            let first = rec.nodes[n.parent as usize + 1..id]
                .iter()
                .all(|s| s.parent != n.parent);
            assert_eq!(n.expected(), parent.expected().child(first));
        }
    }
}

#[test]
fn node_cap_stops_with_partial_trace() {
    let params = SynthParams {
        branching: 8,
        depth: 8,
        seed: 1,
        ordering: Ordering::Random,
        random_branching: false,
        transpositions: false,
    };
    let c = SearchConfig {
        depth: 8,
        node_cap: 1000,
        ..cfg(Algorithm::Pvs)
    };
    let mut rec = Recorder::new();
    let r = Searcher::new(c, &mut rec).run(&params.root());
    assert!(r.aborted());
    assert_eq!(r.nodes, 1000);
    assert_eq!(rec.nodes.len(), 1000);
    assert!(rec.nodes.iter().all(|n| n.exited()));
    assert_eq!(rec.nodes[0].reason(), StopReason::Aborted);
}
