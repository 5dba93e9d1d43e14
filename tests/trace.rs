//! Trace files: golden traces, determinism, complete `pruned` lists (property tests against the
//! game), the JSON and binary round trips, and the validation of malformed files.

use prunescope::game::Game;
use prunescope::game::chess::ChessPos;
use prunescope::game::synthetic::{Ordering, Rng, SynthParams};
use prunescope::game::tree::{Shape, Tree};
use prunescope::run::{Input, Prepared, Summary};
use prunescope::schema::{PruneReason, StopReason};
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::search::considered_moves;
use prunescope::trace::record::Recorder;
use prunescope::trace_file::json::write_trace;
use prunescope::trace_file::{self, Format, Location, Problem, TraceFile, TraceFileError};
use serde_json::Value as Json;
use std::collections::{BTreeSet, HashMap};

const RUSSELL_NORVIG: &str = "((3 12 8) (2 4 6) (14 5 2))";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn search(input: &Input, cfg: &SearchConfig) -> (Prepared, Summary, Recorder) {
    let prepared = input.prepare().unwrap();
    let (summary, rec) = prepared.search_traced(cfg, 0).unwrap();
    (prepared, summary, rec)
}

fn trace_json(input: &Input, cfg: &SearchConfig) -> String {
    let (prepared, summary, rec) = search(input, cfg);
    let mut out = Vec::new();
    write_trace(&mut out, input, &prepared, cfg, &summary, &rec).unwrap();
    String::from_utf8(out).unwrap()
}

fn trace_binary(input: &Input, cfg: &SearchConfig) -> Vec<u8> {
    let (prepared, summary, rec) = search(input, cfg);
    let mut out = Vec::new();
    trace_file::write(
        &mut out,
        Format::Binary,
        input,
        &prepared,
        cfg,
        &summary,
        &rec,
    )
    .unwrap();
    out
}

/// The JSON of a trace file read back (in any format).
fn to_json(f: &TraceFile) -> String {
    let prepared = f.prepare().unwrap();
    let mut out = Vec::new();
    let h = &f.header;
    write_trace(&mut out, &h.input, &prepared, &h.config, &h.summary, &f.rec).unwrap();
    String::from_utf8(out).unwrap()
}

fn to_binary(f: &TraceFile) -> Vec<u8> {
    let prepared = f.prepare().unwrap();
    let mut out = Vec::new();
    let h = &f.header;
    trace_file::write(
        &mut out,
        Format::Binary,
        &h.input,
        &prepared,
        &h.config,
        &h.summary,
        &f.rec,
    )
    .unwrap();
    out
}

fn parse(json: &str) -> Json {
    serde_json::from_str(json).unwrap()
}

fn cfg(algo: Algorithm, depth: u32) -> SearchConfig {
    SearchConfig {
        algo,
        depth,
        ..SearchConfig::default()
    }
}

fn tree(text: &str) -> Input {
    Input::Tree { text: text.into() }
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
            let json = trace_json(&tree(text), &cfg(algo, 1));
            golden(&format!("{name}-{}", algo.name()), &json);
            // The golden files are valid traces that read back to the same text.
            let back = trace_file::read(json.as_bytes()).unwrap();
            assert_eq!(to_json(&back), json, "{name}-{}", algo.name());
        }
    }
}

#[test]
fn russell_norvig_alphabeta_prunes_two_leaves() {
    let doc = parse(&trace_json(
        &tree(RUSSELL_NORVIG),
        &cfg(Algorithm::AlphaBeta, 1),
    ));
    assert_eq!(doc["value"], 3);
    assert_eq!(doc["version"], 5);
    let nodes = doc["nodes"].as_array().unwrap();
    let second = nodes
        .iter()
        .find(|n| n["path"] == serde_json::json!([1]))
        .unwrap();
    assert_eq!(second["reason"], "beta_cutoff");
    assert_eq!(
        second["pruned"],
        serde_json::json!([{"child": 1, "reason": "beta_cutoff"}, {"child": 2, "reason": "beta_cutoff"}])
    );
    // The pruned leaves are never entered.
    for leaf in [[1, 1], [1, 2]] {
        assert!(nodes.iter().all(|n| n["path"] != serde_json::json!(leaf)));
    }
    assert_eq!(nodes.len(), 11);
    assert_eq!(nodes.iter().filter(|n| n["reason"] == "leaf").count(), 7);
    // Minimax visits all 13 nodes and prunes nothing.
    let mm = parse(&trace_json(
        &tree(RUSSELL_NORVIG),
        &cfg(Algorithm::Minimax, 1),
    ));
    let nodes = mm["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 13);
    assert!(nodes.iter().all(|n| n["pruned"] == serde_json::json!([])));
}

#[test]
fn pvs_records_researches_with_links() {
    // The second child is better than the first, so its null-window scout fails high and
    // Fig. 4's PVS re-searches it with a full window. NegaScout (`pvs`) does not: the child's
    // children are leaves, so its scout value is exact (NegaScout's depth condition).
    let plain = parse(&trace_json(
        &tree("((1 2) (5 6) (0 9))"),
        &cfg(Algorithm::Pvs, 1),
    ));
    assert_eq!(plain["value"], 5);
    let nodes = plain["nodes"].as_array().unwrap();
    assert!(nodes.iter().all(|n| n["research_of"].is_null()));
    let doc = parse(&trace_json(
        &tree("((1 2) (5 6) (0 9))"),
        &cfg(Algorithm::PvsFull, 1),
    ));
    assert_eq!(doc["value"], 5);
    let nodes = doc["nodes"].as_array().unwrap();
    let re: Vec<&Json> = nodes
        .iter()
        .filter(|n| !n["research_of"].is_null())
        .collect();
    assert_eq!(re.len(), 1);
    let earlier = &nodes[re[0]["research_of"].as_u64().unwrap() as usize];
    assert_eq!(earlier["path"], re[0]["path"]);
    assert_eq!(
        earlier["beta"].as_i64().unwrap() - earlier["alpha"].as_i64().unwrap(),
        1,
        "the scout used a null window"
    );
    let events = doc["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["kind"] == "research"));
}

#[test]
fn same_input_gives_identical_traces() {
    let inputs = [
        (
            Input::Chess {
                fen: KIWIPETE.into(),
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
        assert_eq!(trace_binary(&input, &c), trace_binary(&input, &c));
        let f = trace_file::read(a.as_bytes()).unwrap();
        assert_eq!(f.rec.nodes.len() as u64, f.header.summary.nodes);
    }
}

#[test]
fn chess_trace_names_moves_and_pruned_moves() {
    let doc = parse(&trace_json(
        &Input::Chess {
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        },
        &cfg(Algorithm::AlphaBeta, 2),
    ));
    let nodes = doc["nodes"].as_array().unwrap();
    assert!(nodes[0].get("move").is_none());
    assert_eq!(nodes[0]["moves"], 20);
    assert!(
        nodes[1..]
            .iter()
            .all(|n| n["move"].is_string() && n["san"].is_string())
    );
    let cut = nodes
        .iter()
        .find(|n| n["reason"] == "beta_cutoff")
        .expect("a cut-off at depth 2");
    let pruned = cut["pruned"].as_array().unwrap();
    assert!(!pruned.is_empty());
    assert!(
        pruned
            .iter()
            .all(|p| p["move"].as_str().is_some_and(|m| m.len() >= 4))
    );
}

/// Issue 8, item 2: the node that stops at a transposition-table cut-off lists the child it
/// never searched.
#[test]
fn a_tt_cutoff_lists_the_child_it_never_searched() {
    let mut c = cfg(Algorithm::Pvs, 1);
    c.enable("tt").unwrap();
    let doc = parse(&trace_json(&tree("(((-5)) ((-5 2 8) (8)))"), &c));
    let nodes = doc["nodes"].as_array().unwrap();
    let cut: Vec<&Json> = nodes
        .iter()
        .filter(|n| n["reason"] == "tt_cutoff")
        .collect();
    assert_eq!(cut.len(), 1);
    let node = cut[0];
    assert_eq!(node["path"], serde_json::json!([1, 1]));
    assert_eq!(node["moves"], 0, "the cut-off comes before the moves");
    assert_eq!(
        node["pruned"],
        serde_json::json!([{"child": 0, "reason": "tt_cutoff"}])
    );
}

// ---------------------------------------------------------------------------------------------
// Complete pruned lists, checked against the game
// ---------------------------------------------------------------------------------------------

/// Statistics of one check, to show the property tests exercise what they claim to.
#[derive(Default, Debug)]
struct Seen {
    nodes: usize,
    pruned: usize,
    by_reason: HashMap<String, usize>,
}

/// For every node of `doc`: its position replayed from the root by the JSON's own moves (child
/// index or UCI move; the null move by passing), the moves it considered
/// ([`considered_moves`]), and then: the searched children's moves and the pruned moves are
/// disjoint, without duplicates, and together exactly the considered moves when the node's stop
/// reason prunes (`pruned` is empty otherwise); each pruned move's reason is the node's, or the
/// first `prune` event's for that move.
fn check_pruned_lists<G: Game>(root: G, doc: &Json, what: &str, seen: &mut Seen) {
    let chess = doc["input"]["kind"] == "chess";
    let quiescence = doc["config"]["quiescence"]["enabled"] == true;
    let nodes = doc["nodes"].as_array().unwrap();
    // prune events: (node, code) -> reason, the first one wins
    let mut own: HashMap<(u64, u16), &'static str> = HashMap::new();
    for e in doc["events"].as_array().unwrap() {
        if e["kind"] == "prune" {
            let d = e["data"].as_array().unwrap();
            let reason = PruneReason::from_u8(d[1].as_u64().unwrap() as u8).unwrap();
            own.entry((e["node"].as_u64().unwrap(), d[0].as_u64().unwrap() as u16))
                .or_insert(reason.name());
        }
    }
    let mut positions: Vec<Option<G>> = Vec::with_capacity(nodes.len());
    let mut searched: Vec<Vec<String>> = vec![Vec::new(); nodes.len()];
    let mut buf = Vec::new();
    let name = |pos: &G, m: G::Move, i: usize| -> String {
        if chess {
            prunescope::game::chess::code_to_uci(pos.move_code(m, i))
        } else {
            pos.move_code(m, i).to_string()
        }
    };
    for (id, n) in nodes.iter().enumerate() {
        let pos = match n["parent"].as_u64() {
            None => root.clone(),
            Some(p) => {
                let parent = positions[p as usize].as_ref().unwrap();
                let mv = if chess {
                    n["move"].as_str().unwrap().to_string()
                } else {
                    n["path"].as_array().unwrap().last().unwrap().to_string()
                };
                if mv == "0000" {
                    parent
                        .null_move()
                        .expect("a null move where passing is possible")
                } else {
                    searched[p as usize].push(mv.clone());
                    let mut legal = Vec::new();
                    parent.legal_moves(&mut legal);
                    let (i, &m) = legal
                        .iter()
                        .enumerate()
                        .find(|&(i, &m)| name(parent, m, i) == mv)
                        .unwrap_or_else(|| panic!("{what}: node {id}: {mv} is not legal"));
                    let _ = i;
                    parent.play(m)
                }
            }
        };
        positions.push(Some(pos));
    }
    for (id, n) in nodes.iter().enumerate() {
        seen.nodes += 1;
        let pos = positions[id].as_ref().unwrap();
        let q = quiescence && n["depth"].as_i64().is_some_and(|d| d <= 0);
        considered_moves(pos, q, &mut buf);
        let considered: Vec<String> = buf
            .iter()
            .enumerate()
            .map(|(i, &m)| name(pos, m, i))
            .collect();
        let pruned: Vec<(String, String)> = n["pruned"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let mv = if chess {
                    p["move"].as_str().unwrap().to_string()
                } else {
                    p["child"].to_string()
                };
                (mv, p["reason"].as_str().unwrap().to_string())
            })
            .collect();
        let reason = StopReason::from_name(n["reason"].as_str().unwrap()).unwrap();
        let s: BTreeSet<&String> = searched[id].iter().collect();
        let p: BTreeSet<&String> = pruned.iter().map(|(m, _)| m).collect();
        assert_eq!(
            p.len(),
            pruned.len(),
            "{what}: node {id}: duplicates in {pruned:?}"
        );
        assert!(
            s.is_disjoint(&p),
            "{what}: node {id}: a searched move is listed as pruned"
        );
        // All-moves nodes skip only moves pruned for a reason of their own (SEE in quiescence).
        let skips = reason
            .prune_reason()
            .or((reason == StopReason::AllMoves).then_some(""));
        match skips {
            None => assert!(
                pruned.is_empty(),
                "{what}: node {id} ({reason:?}) prunes nothing"
            ),
            Some(default) => {
                let expect: Vec<&String> = considered.iter().filter(|m| !s.contains(m)).collect();
                let got: Vec<&String> = pruned.iter().map(|(m, _)| m).collect();
                assert_eq!(got, expect, "{what}: node {id} ({reason:?})");
                for (m, r) in &pruned {
                    let code = if chess {
                        prunescope::game::chess::uci_to_code(m).unwrap()
                    } else {
                        m.parse().unwrap()
                    };
                    let want = own.get(&(id as u64, code)).copied().unwrap_or(default);
                    assert!(
                        !want.is_empty(),
                        "{what}: node {id}: {m} skipped for no reason"
                    );
                    assert_eq!(r, want, "{what}: node {id}: the reason of {m}");
                    *seen.by_reason.entry(r.clone()).or_default() += 1;
                }
                seen.pruned += pruned.len();
            }
        }
    }
}

fn check_input(input: &Input, c: &SearchConfig, seen: &mut Seen) {
    let json = trace_json(input, c);
    let doc = parse(&json);
    let what = format!("{input:?} {c:?}");
    match input {
        Input::Tree { text } => {
            let t = Tree::parse(text).unwrap();
            check_pruned_lists(t.root(), &doc, &what, seen);
        }
        Input::Random(p) => check_pruned_lists(p.root(), &doc, &what, seen),
        Input::Chess { fen } => {
            check_pruned_lists(ChessPos::from_fen(fen).unwrap(), &doc, &what, seen)
        }
        // The small games' pruned lists are checked by the reader below (tests/games.rs).
        Input::TicTacToe(_) | Input::Nim(_) | Input::Connect4(_) => {}
    }
    // and the reader accepts the file, which it checks the same way
    trace_file::read(json.as_bytes()).unwrap_or_else(|e| panic!("{what}: {e}"));
}

/// Techniques that apply to trees (null moves are chess-only), in random combinations.
const TREE_TECHNIQUES: &[&str] = &[
    "tt",
    "tt_move",
    "killers",
    "history",
    "mc_c",
    "mc_a",
    "uc_safe",
    "uc_general",
    "uc_all",
    "presearch",
    "lmr",
    "quiescence",
];

fn random_config(rng: &mut Rng, algo: Algorithm, depth: u32, iterative: bool) -> SearchConfig {
    let mut c = cfg(algo, depth);
    c.iterative = iterative;
    for t in TREE_TECHNIQUES {
        if rng.below(3) != 0 {
            continue;
        }
        let valid = match *t {
            "tt_move" => true,
            "presearch" => iterative,
            "uc_safe" | "uc_general" | "uc_all" => algo == Algorithm::Pvs,
            "mc_c" | "mc_a" | "lmr" => algo != Algorithm::Minimax,
            _ => true,
        };
        if valid {
            c.enable(t).unwrap();
            if *t == "tt_move" || *t == "presearch" {
                c.enable("tt").unwrap();
            }
        }
    }
    // Aspiration windows need iterations to centre on.
    if iterative && algo != Algorithm::Minimax && rng.below(2) == 0 {
        c.enable("aspiration").unwrap();
        c.set("aspiration.width", &(1 + rng.below(20)).to_string())
            .unwrap();
    }
    if rng.below(2) == 0 {
        c.set("multi_cut.M", "3").unwrap();
        c.set("multi_cut.C", "2").unwrap();
        c.set("multi_cut.R", "1").unwrap();
    }
    c.validate().unwrap();
    c
}

#[test]
fn pruned_lists_are_complete_on_random_explicit_trees() {
    let mut rng = Rng::new(8_2);
    let mut seen = Seen::default();
    for case in 0..1500 {
        let shape = Shape::random(&mut rng, 2 + case % 4, 4, 20);
        let algo = Algorithm::ALL[case as usize % 3];
        let c = random_config(&mut rng, algo, 1, false);
        check_input(&tree(&shape.to_text()), &c, &mut seen);
    }
    assert!(seen.pruned > 1000, "{seen:?}");
    for reason in [
        "beta_cutoff",
        "tt_cutoff",
        "multi_cut",
        "uncertainty_cutoff",
    ] {
        assert!(
            seen.by_reason.contains_key(reason),
            "no {reason} in {seen:?}"
        );
    }
}

#[test]
fn pruned_lists_are_complete_on_random_synthetic_trees() {
    let mut rng = Rng::new(8_22);
    let mut seen = Seen::default();
    let orderings = [
        Ordering::Random,
        Ordering::Best,
        Ordering::Worst,
        Ordering::P(0.7),
    ];
    for case in 0..1500u64 {
        let p = SynthParams {
            branching: 2 + (case % 4) as u32,
            depth: 2 + (case % 4) as u32,
            seed: case,
            ordering: orderings[(case % 4) as usize],
            random_branching: case % 3 == 0,
            transpositions: case % 5 == 0,
        };
        let algo = Algorithm::ALL[case as usize % 3];
        let c = random_config(&mut rng, algo, p.depth, case % 2 == 0);
        check_input(&Input::Random(p), &c, &mut seen);
    }
    assert!(seen.pruned > 1000, "{seen:?}");
    for reason in [
        "beta_cutoff",
        "tt_cutoff",
        "multi_cut",
        "uncertainty_cutoff",
    ] {
        assert!(
            seen.by_reason.contains_key(reason),
            "no {reason} in {seen:?}"
        );
    }
}

/// Issue 8, item 2: in chess every transposition-table and null-move cut-off lists the moves it
/// never searched (before the fix all of them had `pruned: []`).
#[test]
fn chess_tt_and_null_move_cutoffs_list_every_unsearched_move() {
    let mut c = cfg(Algorithm::Pvs, 4);
    c.iterative = true;
    c.enable("tt").unwrap();
    c.enable("null_move").unwrap();
    let input = Input::Chess {
        fen: KIWIPETE.into(),
    };
    let doc = parse(&trace_json(&input, &c));
    let mut seen = Seen::default();
    check_pruned_lists(
        ChessPos::from_fen(KIWIPETE).unwrap(),
        &doc,
        "kiwipete d4",
        &mut seen,
    );
    let nodes = doc["nodes"].as_array().unwrap();
    for reason in ["tt_cutoff", "null_move_cutoff"] {
        let cut: Vec<&Json> = nodes.iter().filter(|n| n["reason"] == reason).collect();
        assert!(cut.len() > 10, "{reason}: {}", cut.len());
        assert!(
            cut.iter()
                .all(|n| !n["pruned"].as_array().unwrap().is_empty()),
            "every {reason} lists its moves"
        );
    }
    // and with every technique that applies to chess
    let mut all = cfg(Algorithm::Pvs, 4);
    all.iterative = true;
    for t in [
        "tt",
        "tt_move",
        "mvv_lva",
        "killers",
        "null_move",
        "mc_c",
        "lmr",
        "quiescence",
        "uc_general",
        "check_extension",
    ] {
        all.enable(t).unwrap();
    }
    all.set("multi_cut.C", "2").unwrap();
    all.set("multi_cut.R", "1").unwrap();
    check_input(&input, &all, &mut seen);
    for reason in [
        "see",
        "stand_pat",
        "multi_cut",
        "uncertainty_cutoff",
        "beta_cutoff",
    ] {
        assert!(
            seen.by_reason.contains_key(reason),
            "no {reason} in {seen:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------------------------

fn assert_same_recording(a: &Recorder, b: &Recorder, what: &str) {
    assert_eq!(a.nodes.len(), b.nodes.len(), "{what}");
    if let Some(i) = (0..a.nodes.len()).find(|&i| a.nodes[i] != b.nodes[i]) {
        panic!("{what}: node {i}: {:?} != {:?}", a.nodes[i], b.nodes[i]);
    }
    assert_eq!(a.events, b.events, "{what}");
    assert_eq!(a.aux, b.aux, "{what}");
    assert_eq!(a.research_of, b.research_of, "{what}");
    assert_eq!(a.roots, b.roots, "{what}");
    assert_eq!(a.root_depths, b.root_depths, "{what}");
}

fn round_trip_cases() -> Vec<(Input, SearchConfig)> {
    let mut rng = Rng::new(13);
    let mut cases = Vec::new();
    for case in 0..150u64 {
        let shape = Shape::random(&mut rng, 2 + (case % 4) as u32, 4, 50);
        let c = random_config(&mut rng, Algorithm::ALL[case as usize % 3], 1, false);
        cases.push((tree(&shape.to_text()), c));
        let p = SynthParams {
            branching: 2 + (case % 5) as u32,
            depth: 2 + (case % 4) as u32,
            seed: case,
            ordering: Ordering::Random,
            random_branching: case % 2 == 0,
            transpositions: case % 3 == 0,
        };
        let c = random_config(
            &mut rng,
            Algorithm::ALL[case as usize % 3],
            p.depth,
            case % 2 == 1,
        );
        cases.push((Input::Random(p), c));
    }
    let mut chess = cfg(Algorithm::Pvs, 3);
    chess.iterative = true;
    for t in [
        "tt",
        "tt_move",
        "null_move",
        "quiescence",
        "lmr",
        "aspiration",
        "uc_safe",
    ] {
        chess.enable(t).unwrap();
    }
    chess.set("aspiration.width", "10").unwrap();
    cases.push((
        Input::Chess {
            fen: KIWIPETE.into(),
        },
        chess,
    ));
    // a search stopped by the node cap
    let mut capped = cfg(Algorithm::AlphaBeta, 4);
    capped.node_cap = 500;
    cases.push((
        Input::Chess {
            fen: KIWIPETE.into(),
        },
        capped,
    ));
    cases
}

/// JSON → binary → JSON gives the same text, and search → binary → read gives the recording the
/// search made, as does reading the JSON.
#[test]
fn json_and_binary_round_trips_are_exact() {
    for (input, c) in round_trip_cases() {
        let what = format!("{input:?}");
        let (prepared, summary, rec) = search(&input, &c);
        let mut json = Vec::new();
        write_trace(&mut json, &input, &prepared, &c, &summary, &rec).unwrap();
        let from_json = trace_file::read(&json[..]).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_same_recording(&rec, &from_json.rec, &what);
        assert_eq!(from_json.header.summary, summary);
        let bin = to_binary(&from_json);
        let from_bin = trace_file::read(&bin[..]).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_same_recording(&rec, &from_bin.rec, &what);
        assert_eq!(from_bin.header.input, input);
        assert_eq!(from_bin.header.config, c);
        assert!(
            to_json(&from_bin).as_bytes() == &json[..],
            "{what}: JSON differs"
        );
        // and the binary the search writes is the one the JSON converts to
        let mut direct = Vec::new();
        trace_file::write(
            &mut direct,
            Format::Binary,
            &input,
            &prepared,
            &c,
            &summary,
            &rec,
        )
        .unwrap();
        assert_eq!(direct, bin, "{what}");
    }
}

/// Gzip-compressed JSON (`.json.gz`) reads too.
#[test]
fn gzipped_json_reads() {
    use std::io::Write;
    let json = trace_json(&tree(RUSSELL_NORVIG), &cfg(Algorithm::Pvs, 1));
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(json.as_bytes()).unwrap();
    let bytes = gz.finish().unwrap();
    let f = trace_file::read(&bytes[..]).unwrap();
    assert_eq!(to_json(&f), json);
}

// ---------------------------------------------------------------------------------------------
// Malformed files: one per rule, each named by node (or event, root, header) and field
// ---------------------------------------------------------------------------------------------

fn read_err(bytes: &[u8]) -> TraceFileError {
    match trace_file::read(bytes) {
        Ok(_) => panic!(
            "accepted: {}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(300)])
        ),
        Err(e) => e,
    }
}

/// Replaces the `n`-th (0-based) occurrence of `from` in `text`.
fn replace_nth(text: &str, from: &str, to: &str, n: usize) -> String {
    let (i, _) = text
        .match_indices(from)
        .nth(n)
        .unwrap_or_else(|| panic!("no occurrence {n} of {from:?}"));
    format!("{}{to}{}", &text[..i], &text[i + from.len()..])
}

/// The line of node `id` in a trace's JSON, edited by `f`.
fn edit_node(text: &str, id: usize, f: impl Fn(&str) -> String) -> String {
    let key = format!("{{\"id\":{id},");
    let start = text.find(&key).unwrap();
    let end = start + text[start..].find('\n').unwrap();
    let line = text[start..end].trim_end_matches(',');
    let new = f(line);
    format!("{}{new}{}", &text[..start], &text[start + line.len()..])
}

/// The line of event `index` in a trace's JSON, edited by `f`.
fn edit_event(text: &str, index: usize, f: impl Fn(&str) -> String) -> String {
    let events = text.find("\"events\":[\n").unwrap() + "\"events\":[\n".len();
    let mut start = events;
    for _ in 0..index {
        start += text[start..].find('\n').unwrap() + 1;
    }
    let end = start + text[start..].find('\n').unwrap();
    let line = text[start..end].trim_end_matches(',');
    let new = f(line);
    format!("{}{new}{}", &text[..start], &text[start + line.len()..])
}

fn node_at(e: &TraceFileError) -> Option<u64> {
    match e.location {
        Location::Node { id } => Some(id),
        _ => None,
    }
}

/// Every rule of the reader, one malformed file each: the error names the place and the field.
#[test]
fn malformed_json_files_are_refused_naming_the_first_bad_node() {
    let good = trace_json(&tree(RUSSELL_NORVIG), &cfg(Algorithm::Pvs, 1));
    let mut tt = cfg(Algorithm::Pvs, 1);
    tt.enable("tt").unwrap();
    let tt_tree = trace_json(&tree("(((-5)) ((-5 2 8) (8)))"), &tt);
    let tt_id = parse(&tt_tree)["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .position(|n| n["reason"] == "tt_cutoff")
        .unwrap();
    let chess_cfg = SearchConfig {
        iterative: true,
        ..cfg(Algorithm::Pvs, 2)
    };
    let chess = trace_json(
        &Input::Chess {
            fen: KIWIPETE.into(),
        },
        &chess_cfg,
    );
    let mut null_cfg = cfg(Algorithm::Pvs, 3);
    null_cfg.enable("null_move").unwrap();
    let chess_null = trace_json(
        &Input::Chess {
            fen: KIWIPETE.into(),
        },
        &null_cfg,
    );
    let null_id = parse(&chess_null)["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .position(|n| n["kind"] == "null")
        .unwrap();
    // A losing capture that quiescence pruned by SEE, listed with its node's reason instead
    // (a node that searched all its moves lists only those with a reason of their own).
    let mut see_cfg = cfg(Algorithm::Pvs, 2);
    see_cfg.enable("quiescence").unwrap();
    see_cfg.enable("see_pruning").unwrap();
    let chess_see = trace_json(
        &Input::Chess {
            fen: KIWIPETE.into(),
        },
        &see_cfg,
    );
    let see_nodes = parse(&chess_see)["nodes"].as_array().unwrap().clone();
    let see_node = see_nodes
        .iter()
        .filter(|n| n["reason"] != "all_moves")
        .find(|n| {
            n["pruned"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["reason"] == "see")
        })
        .unwrap();
    let see_id = see_node["id"].as_u64().unwrap();
    let see_reason = format!("\"reason\":\"{}\"}}", see_node["reason"].as_str().unwrap());
    // (what, text, location, field, words in the message)
    type Case = (
        &'static str,
        String,
        Location,
        Option<&'static str>,
        &'static str,
    );
    let node = |id| Location::Node { id };
    let cases: Vec<Case> = vec![
        (
            "empty",
            String::new(),
            Location::File,
            None,
            "the file is empty",
        ),
        (
            "not json",
            "hello".into(),
            Location::File,
            None,
            "neither JSON",
        ),
        (
            "truncated",
            {
                let cut = good.find("{\"id\":5,\"parent\":").unwrap() + 17;
                good[..cut].to_string()
            },
            node(5),
            Some("parent"),
            "ends early",
        ),
        (
            "array",
            "[1, 2]".into(),
            Location::File,
            None,
            "not a prunescope trace",
        ),
        (
            "foreign",
            r#"{"format":"x","version":3}"#.into(),
            Location::Header,
            Some("format"),
            "not a prunescope trace",
        ),
        (
            "no format",
            r#"{"version":3,"nodes":[]}"#.into(),
            Location::File,
            None,
            "no \"format\"",
        ),
        (
            "old version",
            good.replacen("\"version\":5", "\"version\":2", 1),
            Location::Header,
            Some("version"),
            "version 2 is not supported",
        ),
        (
            "unknown top field",
            good.replacen("\"roots\":", "\"rooots\":", 1),
            Location::File,
            Some("rooots"),
            "not a field",
        ),
        (
            "bad input",
            good.replacen("\"text\":\"((3", "\"text\":\"(((3", 1),
            Location::Header,
            Some("input"),
            "tree text",
        ),
        (
            "bad config",
            good.replacen("\"CUT_RATIO\":0.5", "\"CUT_RATIO\":7.0", 1),
            Location::Header,
            Some("config"),
            "CUT_RATIO",
        ),
        (
            "unknown config field",
            good.replacen(
                "\"check_extension\":false",
                "\"check_extension\":false,\"turbo\":true",
                1,
            ),
            Location::Header,
            Some("config"),
            "unknown field `turbo`",
        ),
        (
            "unknown summary field",
            good.replacen(
                "\"uncertain\":false,",
                "\"uncertain\":false,\"bonus\":1,",
                1,
            ),
            Location::Header,
            Some("summary.bonus"),
            "not a field",
        ),
        (
            "unknown input field",
            good.replacen(
                "{\"kind\":\"tree\",",
                "{\"kind\":\"tree\",\"note\":\"x\",",
                1,
            ),
            Location::Header,
            Some("input.note"),
            "not a field",
        ),
        (
            "value vs summary",
            good.replacen("\"value\":3,\"roots\"", "\"value\":4,\"roots\"", 1),
            Location::Header,
            Some("value"),
            "summary.value",
        ),
        // nodes: []  while summary.nodes is 11
        (
            "no nodes",
            {
                let a = good.find("\"nodes\":[\n").unwrap();
                format!("{}\"nodes\":[],\n\"events\":[]}}\n", &good[..a])
            },
            Location::Header,
            Some("summary.nodes"),
            "is 11, but the file has 0 nodes",
        ),
        (
            "id out of order",
            edit_node(&good, 3, |l| l.replacen("\"id\":3", "\"id\":7", 1)),
            node(3),
            Some("id"),
            "ids must be",
        ),
        (
            "node key twice",
            edit_node(&good, 3, |l| {
                l.replacen("{\"id\":3,", "{\"id\":3,\"id\":3,", 1)
            }),
            node(3),
            Some("id"),
            "appears twice",
        ),
        (
            "escaped key",
            edit_node(&good, 3, |l| {
                l.replacen("\"ply\":", "\"\\u0070ly\":9,\"ply\":", 1)
            }),
            node(3),
            Some("ply"),
            "appears twice",
        ),
        (
            "parent after child",
            edit_node(&good, 3, |l| l.replacen("\"parent\":1", "\"parent\":9", 1)),
            node(3),
            Some("parent"),
            "does not come before it",
        ),
        (
            "missing parent",
            edit_node(&good, 3, |l| l.replacen("\"parent\":1,", "", 1)),
            node(3),
            Some("parent"),
            "missing",
        ),
        // a null parent makes a second root that the tape enters inside node 2
        (
            "null parent",
            edit_node(&good, 3, |l| {
                l.replacen("\"parent\":1", "\"parent\":null", 1)
            }),
            node(3),
            Some("path"),
            "a root",
        ),
        (
            "parent closed",
            edit_node(&good, 6, |l| l.replacen("\"parent\":5", "\"parent\":1", 1)),
            node(6),
            Some("parent"),
            "subtree ended",
        ),
        (
            "ply",
            edit_node(&good, 3, |l| l.replacen("\"ply\":2", "\"ply\":3", 1)),
            node(3),
            Some("ply"),
            "from its root is 2",
        ),
        (
            "path",
            edit_node(&good, 3, |l| {
                l.replacen("\"path\":[0,1]", "\"path\":[1,1]", 1)
            }),
            node(3),
            Some("path"),
            "moves from its root are",
        ),
        (
            "child out of range",
            edit_node(&good, 3, |l| {
                l.replacen("\"path\":[0,1]", "\"path\":[0,7]", 1)
            }),
            node(3),
            Some("path"),
            "not one of its parent's children",
        ),
        (
            "unknown kind",
            edit_node(&good, 3, |l| {
                l.replacen("\"kind\":\"normal\"", "\"kind\":\"weird\"", 1)
            }),
            node(3),
            Some("kind"),
            "unknown kind",
        ),
        (
            "actual vs bound",
            edit_node(&good, 1, |l| {
                l.replacen("\"actual\":\"pv\"", "\"actual\":\"cut\"", 1)
            }),
            node(1),
            Some("actual"),
            "bound makes the node",
        ),
        (
            "bound vs window",
            edit_node(&good, 1, |l| {
                l.replacen(
                    "\"bound\":\"exact\",\"expected\":\"pv\",\"actual\":\"pv\"",
                    "\"bound\":\"lower\",\"expected\":\"pv\",\"actual\":\"cut\"",
                    1,
                )
            }),
            node(1),
            Some("bound"),
            "against the window",
        ),
        (
            "empty window",
            edit_node(&good, 5, |l| {
                l.replacen("\"alpha\":-4,\"beta\":-3", "\"alpha\":-3,\"beta\":-4", 1)
            }),
            node(5),
            Some("beta"),
            "is empty",
        ),
        (
            "explicit infinity",
            edit_node(&good, 5, |l| {
                l.replacen("\"alpha\":-4", "\"alpha\":-1000000000", 1)
            }),
            node(5),
            Some("alpha"),
            "not a window side",
        ),
        (
            "window outside the parent's",
            edit_node(&good, 6, |l| {
                l.replacen("\"alpha\":3,\"beta\":4", "\"alpha\":2,\"beta\":4", 1)
            }),
            node(6),
            Some("alpha"),
            "(rule: windows)",
        ),
        (
            "leaf value",
            edit_node(&good, 2, |l| l.replacen("\"value\":3", "\"value\":4", 1)),
            node(2),
            Some("value"),
            "has the value 3 in this position",
        ),
        (
            "depth in a tree",
            edit_node(&good, 2, |l| l.replacen("\"depth\":null", "\"depth\":3", 1)),
            node(2),
            Some("depth"),
            "searched to their leaves",
        ),
        (
            "moves count",
            edit_node(&good, 1, |l| l.replacen("\"moves\":3", "\"moves\":4", 1)),
            node(1),
            Some("moves"),
            "3 moves to consider",
        ),
        (
            "best index",
            edit_node(&good, 1, |l| {
                l.replacen("\"best_index\":0", "\"best_index\":3", 1)
            }),
            node(1),
            Some("best_index"),
            "has 3 moves",
        ),
        (
            "index",
            edit_node(&good, 3, |l| l.replacen("\"index\":1", "\"index\":5", 1)),
            node(3),
            Some("index"),
            "has 3 moves",
        ),
        (
            "research_of",
            edit_node(&good, 3, |l| {
                l.replacen("\"research_of\":null", "\"research_of\":2", 1)
            }),
            node(3),
            Some("research_of"),
            "no research event",
        ),
        (
            "unknown node field",
            edit_node(&good, 3, |l| l.replacen("\"ply\":", "\"plyy\":", 1)),
            node(3),
            None,
            "nodes do not have",
        ),
        (
            "pruned too few",
            edit_node(&tt_tree, tt_id, |l| {
                l.replacen(
                    "\"pruned\":[{\"child\":0,\"reason\":\"tt_cutoff\"}]",
                    "\"pruned\":[]",
                    1,
                )
            }),
            node(tt_id as u64),
            Some("pruned"),
            "does not list child 0",
        ),
        (
            "pruned searched",
            edit_node(&good, 0, |l| {
                l.replacen(
                    "\"pruned\":[]",
                    "\"pruned\":[{\"child\":1,\"reason\":\"beta_cutoff\"}]",
                    1,
                )
            }),
            node(0),
            Some("pruned"),
            "a child searched it",
        ),
        (
            "pruned reason",
            edit_node(&tt_tree, tt_id, |l| {
                l.replacen(
                    "{\"child\":0,\"reason\":\"tt_cutoff\"}",
                    "{\"child\":0,\"reason\":\"see\"}",
                    1,
                )
            }),
            node(tt_id as u64),
            Some("pruned"),
            "no prune event",
        ),
        (
            "pruned reason of a prune event",
            edit_node(&chess_see, see_id as usize, |l| {
                l.replacen("\"reason\":\"see\"}", &see_reason, 1)
            }),
            node(see_id),
            Some("pruned"),
            "a prune event of the node gives see",
        ),
        (
            "event node",
            edit_event(&good, 1, |l| l.replacen("\"node\":0", "\"node\":4", 1)),
            Location::Event { index: 1 },
            Some("node"),
            "replaying the tape",
        ),
        (
            "event data",
            edit_event(&good, 0, |l| {
                l.replacen("\"data\":[10000]", "\"data\":[10000,1]", 1)
            }),
            Location::Event { index: 0 },
            Some("data"),
            "carries 1",
        ),
        (
            "event kind",
            edit_event(&good, 1, |l| {
                l.replacen("\"kind\":\"enter\"", "\"kind\":\"leave\"", 1)
            }),
            Location::Event { index: 1 },
            Some("kind"),
            "unknown event kind",
        ),
        (
            "exit too early",
            edit_event(&good, 2, |l| {
                l.replacen(
                    "{\"kind\":\"enter\",\"node\":1}",
                    "{\"kind\":\"exit\",\"node\":0}",
                    1,
                )
            }),
            node(1),
            Some("parent"),
            "event tape enters it",
        ),
        (
            "events missing",
            {
                let c = good.find(",\n\"events\":[\n").unwrap();
                format!("{}}}\n", &good[..c])
            },
            Location::File,
            Some("events"),
            "missing",
        ),
        (
            "root",
            good.replacen(
                "\"roots\":[{\"depth\":10000,\"root\":0}]",
                "\"roots\":[{\"depth\":10000,\"root\":999}]",
                1,
            ),
            Location::Root { index: 0 },
            Some("root"),
            "is 999",
        ),
        (
            "root depth",
            good.replacen(
                "\"roots\":[{\"depth\":10000,\"root\":0}]",
                "\"roots\":[{\"depth\":3,\"root\":0}]",
                1,
            ),
            Location::Root { index: 0 },
            Some("depth"),
            "iteration event",
        ),
        (
            "summary aborted",
            good.replacen("\"aborted\":false", "\"aborted\":true", 1),
            Location::Header,
            Some("summary.aborted"),
            "no aborted event",
        ),
        (
            "best line",
            good.replacen("\"best_line\":[", "\"best_line\":[\"7\",", 1),
            Location::Header,
            Some("summary.best_line[0]"),
            "not a legal move",
        ),
        // chess
        (
            "king promotion",
            edit_node(&chess, 1, |l| {
                replace_nth(
                    l,
                    &format!(
                        "\"move\":\"{}\"",
                        parse(&chess)["nodes"][1]["move"].as_str().unwrap()
                    ),
                    "\"move\":\"e7e8k\"",
                    0,
                )
            }),
            node(1),
            Some("move"),
            "\"e7e8k\" is not a legal move",
        ),
        (
            "a1a1",
            edit_node(&chess, 1, |l| {
                replace_nth(
                    l,
                    &format!(
                        "\"move\":\"{}\"",
                        parse(&chess)["nodes"][1]["move"].as_str().unwrap()
                    ),
                    "\"move\":\"a1a1\"",
                    0,
                )
            }),
            node(1),
            Some("move"),
            "\"a1a1\" is not a legal move",
        ),
        (
            "not uci",
            edit_node(&chess, 1, |l| {
                replace_nth(
                    l,
                    &format!(
                        "\"move\":\"{}\"",
                        parse(&chess)["nodes"][1]["move"].as_str().unwrap()
                    ),
                    "\"move\":\"castle\"",
                    0,
                )
            }),
            node(1),
            Some("move"),
            "not a UCI move",
        ),
        (
            "san",
            edit_node(&chess, 1, |l| {
                replace_nth(
                    l,
                    &format!(
                        "\"san\":\"{}\"",
                        parse(&chess)["nodes"][1]["san"].as_str().unwrap()
                    ),
                    "\"san\":\"Zz9\"",
                    0,
                )
            }),
            node(1),
            Some("san"),
            "in SAN",
        ),
        (
            "chess path",
            edit_node(&chess, 1, |l| {
                l.replacen("\"ply\":1,", "\"ply\":1,\"path\":[0],", 1)
            }),
            node(1),
            Some("path"),
            "for trees",
        ),
        (
            "null kind",
            edit_node(&chess_null, null_id, |l| {
                l.replacen("\"kind\":\"null\"", "\"kind\":\"normal\"", 1)
            }),
            node(null_id as u64),
            Some("move"),
            "null move",
        ),
    ];
    let mut failed = Vec::new();
    for (what, text, location, field, words) in cases {
        assert!(
            text != good && text != chess,
            "{what}: the edit changed nothing"
        );
        let e = read_err(text.as_bytes());
        let msg = e.to_string();
        if e.location != location || e.field.as_deref() != field || !msg.contains(words) {
            failed.push(format!(
                "{what}: got {:?} {:?} \"{msg}\", expected {location:?} {field:?} ~ \"{words}\"",
                e.location, e.field
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The binary reader applies the same rules to the same records; here the records are edited
/// in memory, written, and read back.
#[test]
fn malformed_binary_files_are_refused() {
    let c = cfg(Algorithm::Pvs, 1);
    let (prepared, summary, rec) = search(&tree(RUSSELL_NORVIG), &c);
    let input = tree(RUSSELL_NORVIG);
    let write = |rec: &Recorder, summary: &Summary| {
        let mut out = Vec::new();
        trace_file::write(
            &mut out,
            Format::Binary,
            &input,
            &prepared,
            &c,
            summary,
            rec,
        )
        .unwrap();
        out
    };
    let good = write(&rec, &summary);
    trace_file::read(&good[..]).unwrap();
    type Edit = Box<dyn Fn(&mut Recorder, &mut Summary)>;
    let cases: Vec<(&str, Edit, Option<u64>, &str, &str)> = vec![
        (
            "parent",
            Box::new(|r, _| r.nodes[3].parent = 999),
            Some(3),
            "parent",
            "does not come before",
        ),
        (
            "second root",
            Box::new(|r, _| r.nodes[3].parent = u32::MAX),
            Some(3),
            "path",
            "a root has no move",
        ),
        (
            "move",
            Box::new(|r, _| r.nodes[3].move_code = 9),
            Some(3),
            "path",
            "not one of its parent's children",
        ),
        (
            "flags",
            Box::new(|r, _| r.nodes[3].flags |= 0x80),
            Some(3),
            "flags",
            "bit 7",
        ),
        (
            "bound code",
            Box::new(|r, _| r.nodes[3].flags |= 3),
            Some(3),
            "bound",
            "code 3",
        ),
        (
            "reason",
            Box::new(|r, _| r.nodes[3].reason = 200),
            Some(3),
            "reason",
            "unknown stop reason",
        ),
        (
            "kind",
            Box::new(|r, _| r.nodes[3].kind = 15),
            Some(3),
            "kind",
            "unknown node kind",
        ),
        (
            "leaf value",
            Box::new(|r, _| r.nodes[2].value += 1),
            Some(2),
            "value",
            "in this position",
        ),
        (
            "value",
            Box::new(|r, _| r.nodes[3].value = i32::MAX),
            Some(3),
            "value",
            "not a game value",
        ),
        (
            "exited",
            Box::new(|r, _| r.nodes[3].flags &= !(1 << 5)),
            Some(3),
            "flags",
            "exited bit",
        ),
        (
            "research",
            Box::new(|r, _| r.research_of.push((5, 1))),
            Some(5),
            "research_of",
            "no research event",
        ),
        (
            "summary",
            Box::new(|_, s| s.nodes = 12),
            None,
            "summary.nodes",
            "is 12",
        ),
        (
            "event code",
            Box::new(|r, _| r.events[1] = 99),
            None,
            "kind",
            "unknown event code",
        ),
        ("aux", Box::new(|r, _| r.aux.push(1)), None, "", "left over"),
        (
            "roots",
            Box::new(|r, _| r.roots[0] = 999),
            None,
            "root",
            "is 999",
        ),
    ];
    for (what, edit, node, field, words) in cases {
        let (mut r, mut s) = (rec.clone(), summary.clone());
        edit(&mut r, &mut s);
        let e = read_err(&write(&r, &s));
        let msg = e.to_string();
        assert_eq!(node_at(&e), node, "{what}: {msg}");
        if !field.is_empty() {
            assert_eq!(e.field.as_deref(), Some(field), "{what}: {msg}");
        }
        assert!(msg.contains(words), "{what}: {msg}");
    }
    // file-level damage
    let mut raw = Vec::new();
    use std::io::Read;
    flate2::read::GzDecoder::new(&good[..])
        .read_to_end(&mut raw)
        .unwrap();
    let e = read_err(&raw[..raw.len() - 10]);
    assert!(matches!(e.problem, Problem::Truncated(_)), "{e}");
    let mut bad = raw.clone();
    bad[8] = 2; // version
    let e = read_err(&bad);
    assert!(
        matches!(e.problem, Problem::Version { found: 2, .. }),
        "{e}"
    );
    let mut trailing = raw.clone();
    trailing.push(0);
    assert!(read_err(&trailing).to_string().contains("follow the end"));
    // a count far beyond memory fails cleanly
    let header_len = u32::from_le_bytes(raw[12..16].try_into().unwrap()) as usize;
    let mut huge = raw.clone();
    huge[16 + header_len..24 + header_len].copy_from_slice(&(u32::MAX as u64 - 1).to_le_bytes());
    let e = read_err(&huge);
    assert!(
        matches!(e.problem, Problem::TooLarge(_) | Problem::Truncated(_)),
        "{e}"
    );
    // a corrupt gzip stream
    let mut corrupt = good.clone();
    let mid = corrupt.len() / 2;
    corrupt[mid] ^= 0xFF;
    assert!(trace_file::read(&corrupt[..]).is_err());
}

/// Errors name the file when the caller gives its name, and print as one line.
#[test]
fn errors_name_the_file_node_and_field() {
    let good = trace_json(&tree(RUSSELL_NORVIG), &cfg(Algorithm::Pvs, 1));
    let bad = edit_node(&good, 3, |l| l.replacen("\"ply\":2", "\"ply\":3", 1));
    let e = read_err(bad.as_bytes()).in_file("a.json");
    assert_eq!(
        e.to_string(),
        "a.json: node 3, \"ply\": is 3, but the node's distance in moves from its root is 2"
    );
}

/// Damaged files of every kind are refused with an error, never a panic: bytes flipped,
/// deleted, duplicated or cut, in JSON and in the decompressed binary form.
#[test]
fn damaged_files_never_panic_the_reader() {
    use std::io::{Read, Write};
    let mut tt = cfg(Algorithm::Pvs, 3);
    tt.iterative = true;
    tt.enable("tt").unwrap();
    tt.enable("null_move").unwrap();
    tt.enable("quiescence").unwrap();
    let inputs = [
        (tree(RUSSELL_NORVIG), cfg(Algorithm::Pvs, 1)),
        (
            Input::Chess {
                fen: "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1".into(),
            },
            tt,
        ),
    ];
    let mut rng = Rng::new(99);
    let mut refused = 0;
    for (input, c) in &inputs {
        let json = trace_json(input, c).into_bytes();
        let mut raw = Vec::new();
        flate2::read::GzDecoder::new(&trace_binary(input, c)[..])
            .read_to_end(&mut raw)
            .unwrap();
        for case in 0..1500 {
            let original = if case % 2 == 0 { &json } else { &raw };
            let mut bytes = original.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(bytes.len() as u64) as usize;
                match rng.below(4) {
                    0 => bytes[at] = rng.below(256) as u8,
                    1 => {
                        bytes.remove(at);
                    }
                    2 => bytes.insert(at, bytes[at]),
                    _ => bytes.truncate(at),
                }
            }
            let bytes = if case % 4 == 1 {
                let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                gz.write_all(&bytes).unwrap();
                gz.finish().unwrap()
            } else {
                bytes
            };
            if trace_file::read(&bytes[..]).is_err() {
                refused += 1;
            }
        }
    }
    assert!(refused > 2500, "most damage is noticed: {refused} of 3000");
}

/// The first `enters` nodes of a recording as the page holds them when Stop ends its worker:
/// the tape up to the next enter, the nodes still open not yet exited.
fn cut_at(rec: &Recorder, enters: usize) -> Recorder {
    use prunescope::schema::{EventKind, FLAG_BOUND_MASK, FLAG_EXITED, NONE16};
    let mut cut = Recorder::new();
    let (mut seen, mut aux) = (0usize, 0usize);
    let mut open: Vec<u32> = Vec::new();
    for &e in &rec.events {
        let kind = EventKind::from_u8(e).unwrap();
        if kind == EventKind::Enter {
            if seen == enters {
                break;
            }
            open.push(seen as u32);
            seen += 1;
        } else if kind == EventKind::Exit {
            open.pop();
        }
        cut.events.push(e);
        cut.aux
            .extend_from_slice(&rec.aux[aux..aux + kind.aux_words()]);
        aux += kind.aux_words();
    }
    cut.nodes = rec.nodes[..seen].to_vec();
    for &id in &open {
        let n = &mut cut.nodes[id as usize];
        n.flags &= !(FLAG_EXITED | FLAG_BOUND_MASK);
        n.value = 0;
        n.reason = StopReason::Aborted as u8;
        n.best_index = NONE16;
    }
    cut.research_of = rec
        .research_of
        .iter()
        .copied()
        .filter(|&(id, _)| (id as usize) < seen)
        .collect();
    for (&r, &d) in rec.roots.iter().zip(&rec.root_depths) {
        if (r as usize) < seen {
            cut.roots.push(r);
            cut.root_depths.push(d);
        }
    }
    cut
}

/// A search stopped by hand (the page's Stop) at any node, closed with
/// `Recorder::close_cut_short`, is a valid trace file in both formats, says `"stopped": "user"`,
/// keeps every node it had, and has the values of the root searches that finished.
#[test]
fn searches_stopped_by_hand_save_as_valid_files() {
    let mut checked = 0;
    for (input, c) in round_trip_cases().into_iter().step_by(7) {
        let (prepared, summary, rec) = search(&input, &c);
        let n = rec.nodes.len();
        for enters in [1, 2, n / 3, n / 2, n - 1, n] {
            let enters = enters.clamp(1, n);
            let what = format!("{input:?} cut after {enters} of {n} nodes");
            let mut cut = cut_at(&rec, enters);
            cut.close_cut_short(c.cutoff);
            let s = Summary::cut_short(&cut);
            assert_eq!(s.stopped, Some(prunescope::search::StopCause::User));
            assert_eq!(s.nodes as usize, enters, "{what}");
            // the finished root searches are the search's own iterations
            for (mine, theirs) in s.iterations.iter().zip(&summary.iterations) {
                assert_eq!(
                    (mine.depth, mine.value),
                    (theirs.depth, theirs.value),
                    "{what}"
                );
            }
            for format in [Format::Json, Format::Binary] {
                let mut out = Vec::new();
                trace_file::write(&mut out, format, &input, &prepared, &c, &s, &cut).unwrap();
                let back = trace_file::read(&out[..]).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_same_recording(&cut, &back.rec, &what);
                assert_eq!(back.header.summary, s, "{what}");
            }
            checked += 1;
        }
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn node_types_per_ply_of_russell_norvig() {
    let input = Input::Tree {
        text: RUSSELL_NORVIG.into(),
    };
    let (_, _, rec) = search(&input, &cfg(Algorithm::AlphaBeta, 2));
    let stats = prunescope::trace::stats::TraceStats::of(&rec);
    // ply 0: the root (PV); ply 1: node 0 exact, nodes 1 and 2 cut (fail-high for MIN);
    // ply 2: 3, 14, 5 exact, 12 and 8 fail high, 2 and 2 fail low
    assert_eq!(stats.actual_per_ply, vec![[1, 0, 0], [1, 2, 0], [3, 2, 2]]);
    assert_eq!(stats.actual, [5, 4, 2]);
}

/// The combined tracers of `src/search/tracer.rs` forward every callback: a tee of two
/// recorders records exactly what one recorder does (a chess search with techniques that emit
/// every kind of event), statistics fed through a tee equal statistics alone, and a hooked
/// recorder records the same and runs its hook after each callback.
#[test]
fn tee_and_hook_forward_every_callback() {
    use prunescope::search::{Hook, Hooked, Tee};
    use prunescope::trace::stats::StatsTracer;
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let p = Input::Chess {
        fen: kiwipete.into(),
    }
    .prepare()
    .unwrap();
    let mut cfg = SearchConfig {
        depth: 3,
        iterative: true,
        ..SearchConfig::default()
    };
    for e in [
        "tt",
        "tt_move",
        "mvv_lva",
        "quiescence",
        "see_pruning",
        "null_move",
        "killers",
        "aspiration",
    ] {
        cfg.enable(e).unwrap();
    }
    cfg.validate().unwrap();
    let mut one = Recorder::new();
    let s1 = p.search(&cfg, &mut one).unwrap();
    assert!(one.events.len() > 1000);
    let mut tee = Tee(Recorder::new(), Recorder::new());
    let s2 = p.search(&cfg, &mut tee).unwrap();
    assert_eq!(s1, s2);
    for r in [&tee.0, &tee.1] {
        assert_eq!(r.nodes, one.nodes);
        assert_eq!(r.events, one.events);
        assert_eq!(r.aux, one.aux);
        assert_eq!(r.roots, one.roots);
        assert_eq!(r.research_of, one.research_of);
    }
    let (_, alone) = p.search_stats(&cfg).unwrap();
    let mut tee = Tee(Recorder::new(), StatsTracer::new());
    p.search(&cfg, &mut tee).unwrap();
    assert_eq!(tee.1.finish(), alone);

    struct Count(u64);
    impl Hook<Recorder> for Count {
        fn after(&mut self, _: &mut Recorder) {
            self.0 += 1;
        }
    }
    let mut hooked = Hooked {
        tracer: Recorder::new(),
        hook: Count(0),
    };
    p.search(&cfg, &mut hooked).unwrap();
    assert_eq!(hooked.tracer.events, one.events);
    assert_eq!(hooked.tracer.aux, one.aux);
    assert!(hooked.hook.0 >= one.events.len() as u64);
}

/// The header is read strictly (a field this version lacks, a field serde would fill in with
/// its default, a value the writer would write otherwise: each refused naming it), except the
/// fields added after a version's first files, which may be left out; and its arrays are
/// bounded by what its configuration records (the format's own bounds: tests/reading.rs).
#[test]
fn the_header_is_read_strictly_and_bounded_by_its_configuration() {
    let synth = |iterative, aspiration| {
        let mut c = SearchConfig {
            iterative,
            ..cfg(Algorithm::AlphaBeta, 3)
        };
        if aspiration {
            c.enable("aspiration").unwrap();
        }
        let p = SynthParams {
            branching: 3,
            depth: 3,
            seed: 7,
            ordering: Ordering::P(0.5),
            random_branching: false,
            transpositions: false,
        };
        trace_json(&Input::Random(p), &c)
    };
    let good = synth(true, true);
    let doc = parse(&good);
    let refused = |text: String, field: &str, words: &str| {
        let e = read_err(text.as_bytes());
        assert_eq!(e.location, Location::Header, "{e}");
        assert_eq!(e.field.as_deref(), Some(field), "{e}");
        assert!(e.to_string().contains(words), "{e}");
    };
    // strict
    let no_depth = good.replacen("\"depth\":3,\"iterative\"", "\"iterative\"", 1);
    assert_ne!(no_depth, good);
    refused(no_depth, "config.depth", "is missing");
    refused(
        good.replacen("\"CUT_RATIO\":0.5", "\"CUT_RATIO\":1", 1),
        "config.uncertainty.CUT_RATIO",
        "is 1, which reads as 1.0",
    );
    refused(
        good.replacen("\"uncertain\":false,", "\"uncertain\":false,\"x\":1,", 1),
        "summary.x",
        "is not a field of this version",
    );
    // the fields added to versions 4 and 5 may be left out; a field at its default written
    let added = good
        .replacen(",\"pv_nodes\":false", "", 1)
        .replacen(",\"remedies\":{\"enabled\":true}", "", 1)
        .replacen(
            "\"iterative\":",
            "\"cutoff\":\"standard\",\"iterative\":",
            1,
        );
    assert_eq!(added.len(), good.len() - 45 + 20, "{added}");
    assert_eq!(trace_file::read(added.as_bytes()).unwrap().header.config, {
        let f = trace_file::read(good.as_bytes()).unwrap();
        f.header.config
    });
    // depth 3 with iterative deepening: 3 iterations, and 33 root searches each with
    // aspiration windows
    assert_eq!(doc["summary"]["iterations"].as_array().unwrap().len(), 3);
    refused(
        grown(&good, "iterations", 1),
        "summary.iterations",
        "4 entries, but a search of depth 3 with iterative deepening (one iteration per \
         depth) allows at most 3",
    );
    let n = doc["roots"].as_array().unwrap().len();
    refused(
        grown(&good, "roots", 3 * 33 + 1 - n),
        "roots",
        "100 entries, but a search of depth 3 with iterative deepening (with aspiration \
         windows, at most 32 re-searches per iteration) allows at most 99",
    );
    // without aspiration windows one root search per iteration; without iterative
    // deepening one iteration
    refused(
        grown(&synth(true, false), "roots", 1),
        "roots",
        "4 entries, but a search of depth 3 with iterative deepening (one root search per \
         iteration without aspiration windows) allows at most 3",
    );
    refused(
        grown(&synth(false, false), "iterations", 1),
        "summary.iterations",
        "2 entries, but a search of depth 3 without iterative deepening (one iteration per \
         depth) allows at most 1",
    );
}

/// `text` with the array `"key":[…]` grown by `k` copies of its first entry (an object).
fn grown(text: &str, key: &str, k: usize) -> String {
    let at = text.find(&format!("\"{key}\":[{{")).unwrap() + key.len() + 4;
    let first = &text[at..=at + text[at..].find('}').unwrap()];
    let copies = format!("{first},").repeat(k);
    format!("{}{copies}{}", &text[..at], &text[at..])
}
