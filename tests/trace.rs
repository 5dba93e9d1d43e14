//! Golden traces, determinism, and the JSON format's round trip.

use prunescope::game::synthetic::{Ordering, SynthParams};
use prunescope::lab::Input;
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::trace::json::{read_trace, write_trace};

const RUSSELL_NORVIG: &str = "((3 12 8) (2 4 6) (14 5 2))";

fn trace_json(input: &Input, cfg: &SearchConfig) -> String {
    let prepared = input.prepare().unwrap();
    let (summary, rec) = prepared.search_traced(cfg, 0).unwrap();
    let mut out = Vec::new();
    write_trace(&mut out, input, &prepared, cfg, &summary, &rec).unwrap();
    String::from_utf8(out).unwrap()
}

fn cfg(algo: Algorithm, depth: u32) -> SearchConfig {
    SearchConfig {
        algo,
        depth,
        ..SearchConfig::default()
    }
}

/// Compares with `tests/golden/NAME.json`; `UPDATE_GOLDEN=1` rewrites the file instead.
fn golden(name: &str, actual: &str) {
    let path = format!("{}/tests/golden/{name}.json", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (run with UPDATE_GOLDEN=1 to create it)"));
    assert!(
        expected == actual,
        "trace differs from {path}; inspect the change and rerun with UPDATE_GOLDEN=1 if it is intended"
    );
}

#[test]
fn golden_textbook_traces() {
    let trees = [
        ("russell-norvig", RUSSELL_NORVIG),
        // Knuth & Moore's deep cut-off example shape: a cut-off two plies below its window.
        ("deep-cutoff", "((5 (4 (3 9) 8)) (6 (2 7)) 1)"),
        ("uneven", "(1 (2 (3 -4) 0) ((7) -1 6))"),
    ];
    for (name, text) in trees {
        for algo in Algorithm::ALL {
            let json = trace_json(&Input::Tree { text: text.into() }, &cfg(algo, 1));
            golden(&format!("{name}-{}", algo.name()), &json);
        }
    }
}

#[test]
fn russell_norvig_alphabeta_prunes_two_leaves() {
    let json = trace_json(
        &Input::Tree {
            text: RUSSELL_NORVIG.into(),
        },
        &cfg(Algorithm::AlphaBeta, 1),
    );
    let doc = read_trace(&json).unwrap();
    assert_eq!(doc.value, Some(3));
    let second = doc
        .nodes
        .iter()
        .find(|n| n.path.as_deref() == Some(&[1]))
        .unwrap();
    assert_eq!(second.reason, "beta_cutoff");
    let pruned: Vec<u32> = second.pruned.iter().filter_map(|p| p.child).collect();
    assert_eq!(pruned, vec![1, 2]);
    assert!(second.pruned.iter().all(|p| p.reason == "beta_cutoff"));
    // The pruned leaves are never entered.
    for leaf in [[1, 1], [1, 2]] {
        assert!(doc.nodes.iter().all(|n| n.path.as_deref() != Some(&leaf)));
    }
    assert_eq!(doc.nodes.len(), 11);
    assert_eq!(doc.nodes.iter().filter(|n| n.reason == "leaf").count(), 7);
    // Minimax visits all 13 nodes and prunes nothing.
    let mm = read_trace(&trace_json(
        &Input::Tree {
            text: RUSSELL_NORVIG.into(),
        },
        &cfg(Algorithm::Minimax, 1),
    ))
    .unwrap();
    assert_eq!(mm.nodes.len(), 13);
    assert!(mm.nodes.iter().all(|n| n.pruned.is_empty()));
}

#[test]
fn pvs_records_researches_with_links() {
    // The second child is better than the first, so its null-window scout fails high and
    // PVS re-searches it with a full window.
    let json = trace_json(
        &Input::Tree {
            text: "((1 2) (5 6) (0 9))".into(),
        },
        &cfg(Algorithm::Pvs, 1),
    );
    let doc = read_trace(&json).unwrap();
    assert_eq!(doc.value, Some(5));
    let re: Vec<_> = doc
        .nodes
        .iter()
        .filter(|n| n.research_of.is_some())
        .collect();
    assert_eq!(re.len(), 1);
    let earlier = &doc.nodes[re[0].research_of.unwrap() as usize];
    assert_eq!(earlier.path, re[0].path);
    assert_eq!(
        earlier.beta.unwrap() - earlier.alpha.unwrap(),
        1,
        "the scout used a null window"
    );
    assert!(doc.events.iter().any(|e| e.kind == "research"));
}

#[test]
fn same_input_gives_identical_traces() {
    let inputs = [
        (
            Input::Chess {
                fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".into(),
            },
            SearchConfig {
                iterative: true,
                ..cfg(Algorithm::Pvs, 3)
            },
        ),
        (
            Input::Random(SynthParams {
                branching: 4,
                depth: 5,
                seed: 42,
                ordering: Ordering::P(0.7),
                random_branching: true,
                transpositions: false,
            }),
            cfg(Algorithm::AlphaBeta, 5),
        ),
    ];
    for (input, c) in inputs {
        let a = trace_json(&input, &c);
        let b = trace_json(&input, &c);
        assert!(a == b, "traces differ for {input:?}");
        let doc = read_trace(&a).unwrap();
        assert_eq!(doc.nodes.len() as u64, doc.summary.nodes);
    }
}

#[test]
fn chess_trace_names_moves_and_pruned_moves() {
    let json = trace_json(
        &Input::Chess {
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        },
        &cfg(Algorithm::AlphaBeta, 2),
    );
    let doc = read_trace(&json).unwrap();
    assert_eq!(doc.nodes[0].mv, None);
    assert_eq!(doc.nodes[0].moves, 20);
    assert!(
        doc.nodes[1..]
            .iter()
            .all(|n| n.mv.is_some() && n.san.is_some())
    );
    let cut = doc
        .nodes
        .iter()
        .find(|n| n.reason == "beta_cutoff")
        .expect("a cut-off at depth 2");
    assert!(!cut.pruned.is_empty());
    assert!(
        cut.pruned
            .iter()
            .all(|p| p.mv.as_ref().is_some_and(|m| m.len() >= 4))
    );
}

#[test]
fn corrupt_trace_files_are_rejected_with_a_message() {
    let good = trace_json(
        &Input::Tree {
            text: RUSSELL_NORVIG.into(),
        },
        &cfg(Algorithm::AlphaBeta, 1),
    );
    let cases = [
        ("", "not a JSON trace file"),
        ("{\"format\": \"other\"}", "not a prunescope trace"),
        (
            &good.replace("\"version\":2", "\"version\":99"),
            "version 99 is not supported",
        ),
        (&good[..good.len() / 2], "not a JSON trace file"),
        (&good.replace("\"id\":3,", "\"id\":7,"), "ids must be"),
    ];
    for (text, msg) in cases {
        let err = read_trace(text).unwrap_err();
        assert!(err.contains(msg), "{err:?} should mention {msg:?}");
    }
}

/// On random trees searched by PVS (with re-searches), every child index is either searched or
/// listed as pruned.
#[test]
fn pruned_children_are_exactly_the_unsearched_ones_on_random_trees() {
    let mut rng = prunescope::game::synthetic::Rng::new(5);
    for case in 0..400 {
        let shape = prunescope::game::tree::Shape::random(&mut rng, 2 + case % 5, 4, 20);
        let doc = read_trace(&trace_json(
            &Input::Tree {
                text: shape.to_text(),
            },
            &cfg(Algorithm::Pvs, 1),
        ))
        .unwrap();
        let mut searched: Vec<std::collections::BTreeSet<u32>> =
            vec![Default::default(); doc.nodes.len()];
        for n in &doc.nodes {
            if let (Some(p), Some(path)) = (n.parent, n.path.as_ref()) {
                searched[p as usize].insert(*path.last().unwrap());
            }
        }
        for n in doc.nodes.iter().filter(|n| n.moves > 0) {
            let pruned: Vec<u32> = n.pruned.iter().map(|p| p.child.unwrap()).collect();
            let expect: Vec<u32> = (0..n.moves)
                .filter(|c| !searched[n.id as usize].contains(c))
                .collect();
            assert_eq!(pruned, expect, "node {} of {}", n.id, shape.to_text());
        }
    }
}

/// Every move a node generated is either searched (some child has it) or listed as pruned,
/// whatever else the node did (re-searches, null moves, multi-cut probes, quiescence).
#[test]
fn pruned_lists_are_exactly_the_unsearched_moves() {
    let mut c = cfg(Algorithm::Pvs, 4);
    c.iterative = true;
    for t in [
        "tt",
        "tt_move",
        "mvv_lva",
        "null_move",
        "mc_c",
        "lmr",
        "quiescence",
        "uc_general",
    ] {
        c.enable(t).unwrap();
    }
    let json = trace_json(
        &Input::Chess {
            fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".into(),
        },
        &c,
    );
    let doc = read_trace(&json).unwrap();
    let mut searched: Vec<std::collections::BTreeSet<&str>> =
        vec![Default::default(); doc.nodes.len()];
    for n in &doc.nodes {
        if let (Some(p), Some(m)) = (n.parent, n.mv.as_deref())
            && m != "0000"
        {
            searched[p as usize].insert(m);
        }
    }
    let mut checked = 0;
    for n in doc.nodes.iter().filter(|n| n.moves > 0) {
        let s = &searched[n.id as usize];
        assert!(
            n.pruned
                .iter()
                .all(|p| !s.contains(p.mv.as_deref().unwrap()))
        );
        assert_eq!(
            s.len() + n.pruned.len(),
            n.moves as usize,
            "node {}: {} searched + {} pruned != {} moves",
            n.id,
            s.len(),
            n.pruned.len(),
            n.moves
        );
        checked += 1;
    }
    assert!(checked > 100);
}
