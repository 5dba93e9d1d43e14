//! The papers' techniques against their guarantees: every technique the papers call safe
//! returns the exact minimax value on random trees; the forward-pruning ones keep their
//! documented invariants in the trace.

use prunescope::Game;
use prunescope::game::INF;
use prunescope::game::Value;
use prunescope::game::synthetic::{Ordering, Rng, SynthParams};
use prunescope::game::tree::{Shape, Tree};
use prunescope::run::Input;
use prunescope::schema::EventKind;
use prunescope::schema::NodeKind;
use prunescope::schema::StopReason;
use prunescope::search::Searcher;
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::search::techniques::tt::Replacement;
use prunescope::trace::record::Recorder;

fn minimax<G: Game>(pos: &G, depth: i32) -> Value {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if depth == 0 || moves.is_empty() {
        return pos.evaluate();
    }
    moves
        .iter()
        .map(|&m| -minimax(&pos.play(m), depth - 1))
        .max()
        .unwrap()
}

fn cfg(algo: Algorithm, enable: &[&str]) -> SearchConfig {
    let mut c = SearchConfig {
        algo,
        ..SearchConfig::default()
    };
    for e in enable {
        c.enable(e).unwrap();
    }
    c
}

/// Configurations the papers call safe (exact value guaranteed).
fn safe_configs() -> Vec<SearchConfig> {
    let mut v = Vec::new();
    for algo in [Algorithm::AlphaBeta, Algorithm::Pvs] {
        v.push(cfg(algo, &["killers"]));
        v.push(cfg(algo, &["history", "history_aging"]));
        v.push(cfg(algo, &["refutation"]));
        v.push(cfg(algo, &["killers", "history", "refutation"]));
        for r in [
            Replacement::DepthPreferred,
            Replacement::AlwaysReplace,
            Replacement::TwoTier,
        ] {
            let mut c = cfg(algo, &["tt", "tt_move", "killers", "history"]);
            c.tt.replacement = r;
            c.tt.size_log2 = 10; // small, so replacement actually happens
            v.push(c);
        }
    }
    for uc in ["uc_safe", "uc_general"] {
        for ratio in [0.1, 0.3, 0.5, 1.0] {
            let mut c = cfg(Algorithm::Pvs, &[uc, "history"]);
            c.uncertainty.cut_ratio = ratio;
            v.push(c);
            let mut c = cfg(Algorithm::Pvs, &[uc, "tt", "tt_move"]);
            c.uncertainty.cut_ratio = ratio;
            v.push(c);
        }
    }
    v
}

#[test]
fn safe_techniques_return_the_minimax_value_on_explicit_trees() {
    let mut rng = Rng::new(4242);
    let configs = safe_configs();
    for case in 0..1500 {
        let tree = Tree::from_shape(&Shape::random(&mut rng, 2 + case % 5, 5, 30));
        let expect = minimax(&tree.root(), i32::MAX);
        for c in &configs {
            let r = Searcher::new(c.clone(), &mut prunescope::NoTrace).run_to_leaves(&tree.root());
            assert_eq!(r.value, Some(expect), "{c:?} on {}", tree.to_text());
            assert!(!r.uncertain);
        }
    }
}

#[test]
fn safe_techniques_return_the_minimax_value_on_synthetic_trees() {
    let mut configs = safe_configs();
    // Iterative deepening adds aspiration windows (with re-searches) and the TT across
    // iterations.
    for algo in [Algorithm::AlphaBeta, Algorithm::Pvs] {
        for width in [1, 5, 50] {
            let mut c = cfg(algo, &[]);
            c.iterative = true;
            c.enable("aspiration").unwrap();
            c.aspiration.width = width;
            configs.push(c.clone());
            c.enable("tt").unwrap();
            c.enable("tt_move").unwrap();
            configs.push(c);
        }
    }
    for seed in 0..60u64 {
        for transpositions in [false, true] {
            let p = SynthParams {
                branching: 2 + (seed % 4) as u32,
                depth: 2 + (seed % 5) as u32,
                seed,
                ordering: [Ordering::Random, Ordering::P(0.8), Ordering::Worst][seed as usize % 3],
                random_branching: seed % 2 == 0,
                transpositions,
            };
            let expect = minimax(&p.root(), p.depth as i32);
            for c in &configs {
                // The TT is exact at fixed depth only where positions do not recur at other
                // depths.
                if transpositions && c.tt.enabled {
                    continue;
                }
                let c = SearchConfig {
                    depth: p.depth,
                    ..c.clone()
                };
                let r = Searcher::new(c.clone(), &mut prunescope::NoTrace).run(&p.root());
                assert_eq!(r.value, Some(expect), "{c:?} on {p:?}");
            }
        }
    }
}

#[test]
fn unsafe_uncertainty_cutoffs_flag_the_root_whenever_the_value_may_be_wrong() {
    let mut rng = Rng::new(77);
    let (mut flagged, mut wrong) = (0, 0);
    for case in 0..1500 {
        let tree = Tree::from_shape(&Shape::random(&mut rng, 3 + case % 4, 5, 30));
        let expect = minimax(&tree.root(), i32::MAX);
        let mut c = cfg(Algorithm::Pvs, &["uc_all"]);
        c.uncertainty.cut_ratio = 0.2;
        let r = Searcher::new(c, &mut prunescope::NoTrace).run_to_leaves(&tree.root());
        if r.uncertain {
            flagged += 1;
            wrong += usize::from(r.value != Some(expect));
        } else {
            assert_eq!(
                r.value,
                Some(expect),
                "an unflagged root value must be exact: {}",
                tree.to_text()
            );
        }
    }
    // The unsafe form really is unsafe (it changes some values) and says so.
    assert!(flagged > 0 && wrong > 0, "flagged {flagged}, wrong {wrong}");
}

fn synth(seed: u64, b: u32, d: u32, ordering: Ordering) -> SynthParams {
    SynthParams {
        branching: b,
        depth: d,
        seed,
        ordering,
        random_branching: false,
        transpositions: false,
    }
}

#[test]
fn multi_cut_cuts_only_after_c_of_m_probes_fail_high_and_returns_beta() {
    for (mc, seed) in [("mc_c", 1u64), ("mc_a", 2), ("mc_c", 3)] {
        let p = synth(seed, 6, 6, Ordering::P(0.7));
        let mut c = cfg(Algorithm::Pvs, &[mc]);
        c.depth = 6;
        c.multi_cut.m = 4;
        c.multi_cut.c = 2;
        c.multi_cut.r = 2;
        let mut rec = Recorder::new();
        Searcher::new(c, &mut rec).run(&p.root());
        let mut decisions = 0;
        for e in rec.replay().filter(|e| e.kind == EventKind::MultiCut) {
            decisions += 1;
            let n = rec.nodes[e.node.unwrap() as usize];
            let [cuts, need, probes, cut] = e.aux;
            assert_eq!(need, 2);
            assert!(probes <= 4);
            assert_eq!(cut == 1, cuts >= need);
            if cut == 1 {
                assert_eq!(n.reason(), StopReason::MultiCut);
                assert_eq!(n.value, n.beta, "multi-cut returns β");
            }
        }
        assert!(decisions > 0, "{mc} never considered a multi-cut");
        for n in &rec.nodes {
            if n.reason() == StopReason::MultiCut {
                assert_ne!(
                    n.expected(),
                    prunescope::schema::NodeType::Pv,
                    "never at PV nodes"
                );
                assert_eq!(n.beta - n.alpha, 1, "only in null-window searches");
            }
            if n.node_kind() == NodeKind::McProbe {
                let parent = rec.nodes[n.parent as usize];
                assert_eq!(
                    n.depth as i32,
                    parent.depth as i32 - 1 - 2,
                    "probes are reduced by R"
                );
            }
        }
    }
}

fn chess_trace(fen: &str, depth: u32, enable: &[&str]) -> Recorder {
    let mut c = cfg(Algorithm::Pvs, enable);
    c.depth = depth;
    c.iterative = true;
    let p = Input::Chess { fen: fen.into() }.prepare().unwrap();
    p.search_traced(&c, 0).unwrap().1
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn null_move_respects_its_conditions() {
    for enable in [
        &["null_move"][..],
        &["null_move", "adaptive_null"],
        &["verified_null"],
    ] {
        let rec = chess_trace(KIWIPETE, 4, enable);
        let nulls: Vec<_> = rec
            .nodes
            .iter()
            .filter(|n| n.node_kind() == NodeKind::Null)
            .collect();
        assert!(
            !nulls.is_empty(),
            "{enable:?}: no null-move search happened"
        );
        for n in &nulls {
            let parent = rec.nodes[n.parent as usize];
            assert_ne!(
                parent.node_kind(),
                NodeKind::Null,
                "never two null moves in a row"
            );
            assert_ne!(
                parent.expected(),
                prunescope::schema::NodeType::Pv,
                "not at PV nodes"
            );
            assert_eq!(n.beta - n.alpha, 1, "a null window around β");
        }
    }
    // Zugzwang guard: Black, to move at the root, has only king and pawns and never passes;
    // White (with a rook) may.
    let fen = "8/8/4k3/8/3pP3/3P4/4K3/7R b - - 0 1";
    let rec = chess_trace(fen, 5, &["null_move"]);
    let ply = prunescope::trace::record::plies(&rec.nodes);
    let nulls: Vec<_> = rec
        .nodes
        .iter()
        .zip(&ply)
        .filter(|(n, _)| n.node_kind() == NodeKind::Null)
        .collect();
    assert!(!nulls.is_empty(), "White never tried a null move");
    for (_, p) in nulls {
        assert_eq!(p % 2, 0, "a null move by the side with only king and pawns");
    }
}

fn chess_trace_with(fen: &str, depth: u32, enable: &[&str], set: &[&str]) -> Recorder {
    let mut c = cfg(Algorithm::Pvs, enable);
    for w in set {
        c.assign(w).unwrap();
    }
    c.validate().unwrap();
    c.depth = depth;
    c.iterative = true;
    let p = Input::Chess { fen: fen.into() }.prepare().unwrap();
    p.search_traced(&c, 0).unwrap().1
}

/// Issue 34 §3: `null_move.pv_nodes` tries the null move at expected PV nodes too (below the
/// root, with the same null window at β), where the default never does.
#[test]
fn null_move_at_pv_nodes_only_when_asked() {
    let at_pv = |rec: &Recorder| {
        rec.nodes
            .iter()
            .filter(|n| n.node_kind() == NodeKind::Null)
            .filter(|n| rec.nodes[n.parent as usize].expected() == prunescope::schema::NodeType::Pv)
            .count()
    };
    let enable = ["null_move", "tt", "tt_move", "mvv_lva"];
    assert_eq!(at_pv(&chess_trace_with(KIWIPETE, 5, &enable, &[])), 0);
    let rec = chess_trace_with(KIWIPETE, 5, &enable, &["null_move.pv_nodes=true"]);
    assert!(at_pv(&rec) > 0, "no null move at a PV node");
    for n in rec.nodes.iter().filter(|n| n.node_kind() == NodeKind::Null) {
        let parent = rec.nodes[n.parent as usize];
        assert!(parent.parent != u32::MAX, "never at the root");
        assert_eq!(n.beta - n.alpha, 1, "a null window around β");
        assert_eq!(n.alpha, -parent.beta, "at β of its parent");
    }
}

/// Issue 34 §3: with `remedies.enabled = false` remedy 3 no longer applies. In "(0 1)" under
/// PVS the second leaf's scout returns α + 1 = 1; with LMR on (forward pruning) the re-search
/// starts at α = 0 (remedy 3), and with the remedies off at the scout's value, NegaScout's t.
#[test]
fn remedies_switch_off_the_research_from_alpha() {
    let research_beta = |set: &[&str]| {
        let mut c = cfg(Algorithm::Pvs, &["lmr"]);
        for w in set {
            c.assign(w).unwrap();
        }
        let p = Input::Tree {
            text: "(0 1)".into(),
        }
        .prepare()
        .unwrap();
        let rec = p.search_traced(&c, 0).unwrap().1;
        let &(id, _) = rec
            .research_of
            .first()
            .expect("the scout of 1 is re-searched");
        // the child's β is −(the re-search's lower bound)
        rec.nodes[id as usize].beta
    };
    assert_eq!(
        research_beta(&[]),
        0,
        "remedy 3: the re-search starts at α = 0"
    );
    assert_eq!(
        research_beta(&["remedies.enabled=false"]),
        -1,
        "without the remedies it starts at the scout's value, 1"
    );
}

/// Heinz's material condition (seed 002, lines 335–337): with fewer than 5 pieces for the
/// side to move, the adaptive R is 3 only above 8 plies. A rook each, searched to depth 8: the
/// null move of Black at depth 7 gets R = 3 by depth only and R = 2 with the condition.
#[test]
fn adaptive_null_move_with_heinz_material_condition() {
    let fen = "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1";
    let reductions = |set: &[&str]| {
        let rec = chess_trace_with(fen, 8, &["adaptive_null", "tt", "tt_move"], set);
        let mut r: Vec<i32> = rec
            .nodes
            .iter()
            .filter(|n| n.node_kind() == NodeKind::Null)
            .map(|n| (rec.nodes[n.parent as usize].depth as i32, n.depth as i32))
            .filter(|&(d, _)| d > 6)
            .map(|(d, c)| d - 1 - c)
            .collect();
        r.sort_unstable();
        r.dedup();
        r
    };
    assert_eq!(reductions(&[]), [3], "by depth only: R = 3 above 6 plies");
    assert_eq!(
        reductions(&["null_move.adaptive_material=true"]),
        [2],
        "one piece each: R = 3 needs more than 8 plies"
    );
}

#[test]
fn verified_null_move_verifies_and_reports_its_verdicts() {
    let rec = chess_trace(KIWIPETE, 5, &["verified_null", "tt", "tt_move", "mvv_lva"]);
    let verdicts: Vec<i32> = rec
        .replay()
        .filter(|e| e.kind == EventKind::NullVerdict)
        .map(|e| e.aux[2])
        .collect();
    assert!(
        verdicts.contains(&2),
        "verification (reduce by one ply) happened"
    );
    assert!(verdicts.contains(&0), "some null moves failed low");
}

#[test]
fn lmr_reduces_only_late_quiet_moves_and_researches_fail_highs() {
    let rec = chess_trace(KIWIPETE, 5, &["lmr", "mvv_lva", "tt", "tt_move"]);
    let mut reduced = 0;
    for (id, n) in rec.nodes.iter().enumerate() {
        if n.node_kind() != NodeKind::Reduced {
            continue;
        }
        reduced += 1;
        let parent = rec.nodes[n.parent as usize];
        assert_ne!(parent.expected(), prunescope::schema::NodeType::Pv);
        assert!(n.index as u32 >= 3, "K = 3 moves are never reduced");
        assert_eq!(n.depth as i32, parent.depth as i32 - 2, "H = 1 ply less");
        // A reduced move that failed high is re-searched at full depth.
        if -n.value > n.beta.saturating_neg().max(-INF) && n.reason() != StopReason::Aborted {
            let research = rec.research_of.iter().find(|&&(_, prev)| prev == id as u32);
            assert!(
                research.is_some(),
                "fail-high reduced node {id} was not re-searched"
            );
        }
    }
    assert!(reduced > 0);
}

#[test]
fn presearch_extends_shallow_nodes_within_risk() {
    let (mut presearches, mut reuses) = (0, 0);
    for seed in 0..20 {
        let p = SynthParams {
            branching: 3,
            depth: 6,
            seed,
            ordering: Ordering::Random,
            random_branching: false,
            transpositions: true,
        };
        let mut c = cfg(Algorithm::AlphaBeta, &["tt", "tt_move", "presearch"]);
        c.depth = 6;
        c.iterative = true;
        c.presearch.near_leaf = 1;
        let mut rec = Recorder::new();
        Searcher::new(c.clone(), &mut rec).run(&p.root());
        for e in rec.replay() {
            if e.kind == EventKind::Presearch {
                presearches += 1;
                let [old, new, _, _] = e.aux;
                assert!(new > old && new - old <= c.presearch.risk, "{old} -> {new}");
                assert!(old >= c.presearch.near_leaf);
                let n = rec.nodes[e.node.unwrap() as usize];
                assert_eq!(n.depth as i32, old, "the node entered at its normal depth");
            }
            // A later hit on a pre-searched entry: the deep node reusing the result.
            if e.kind == EventKind::TtHit && e.aux[1] & (1 << 11) != 0 {
                reuses += 1;
            }
        }
    }
    assert!(presearches > 0, "no pre-search happened");
    assert!(reuses > 0, "no pre-searched entry was reused");
}

#[test]
fn technique_traces_are_deterministic() {
    let all = [
        "tt",
        "tt_move",
        "mvv_lva",
        "killers",
        "history",
        "refutation",
        "aspiration",
        "null_move",
        "mc_c",
        "lmr",
        "check_extension",
        "quiescence",
    ];
    let a = chess_trace(KIWIPETE, 4, &all);
    let b = chess_trace(KIWIPETE, 4, &all);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.events, b.events);
    assert_eq!(a.aux, b.aux);
}

#[test]
fn quiescence_prunes_losing_captures_by_see_and_stands_pat() {
    let rec = chess_trace(KIWIPETE, 2, &["quiescence", "mvv_lva"]);
    assert!(
        rec.nodes
            .iter()
            .any(|n| n.node_kind() == NodeKind::Quiescence)
    );
    assert!(rec.nodes.iter().any(|n| n.reason() == StopReason::StandPat));
    assert!(
        rec.replay()
            .any(|e| e.kind == EventKind::Prune && e.aux[1] == 0),
        "no capture was pruned by SEE"
    );
}

#[test]
fn bad_parameters_are_rejected_by_name() {
    let mut c = SearchConfig::default();
    assert!(c.set("uncertainty.CUT_RATIO", "0").is_ok());
    assert!(c.validate().unwrap_err().to_string().contains("CUT_RATIO"));
    let mut c = SearchConfig::default();
    assert!(
        c.set("nonsense.x", "1")
            .unwrap_err()
            .to_string()
            .contains("unknown parameter")
    );
    assert!(
        c.set("null_move.R", "abc")
            .unwrap_err()
            .to_string()
            .contains("null_move.R")
    );
    assert!(
        c.enable("warp_drive")
            .unwrap_err()
            .to_string()
            .contains("unknown technique")
    );
    c.set("multi_cut.C", "20").unwrap();
    assert!(
        c.validate()
            .unwrap_err()
            .to_string()
            .contains("multi_cut.C")
    );
    let mut c = cfg(Algorithm::AlphaBeta, &["uc_safe"]);
    assert!(c.validate().unwrap_err().to_string().contains("pvs"));
    c.algo = Algorithm::Pvs;
    c.enable("presearch").unwrap();
    assert!(
        c.validate()
            .unwrap_err()
            .to_string()
            .contains("transposition table")
    );
}
