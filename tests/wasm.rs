//! Tests of the wasm adapter (`src/wasm.rs`), run in headless Chromium by
//! `wasm-bindgen-test-runner` (see `scripts/test.sh`):
//!
//! ```sh
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!   cargo test --target wasm32-unknown-unknown --test wasm
//! ```
#![cfg(target_arch = "wasm32")]

use js_sys::{Function, Int32Array, Reflect, Uint8Array, Uint32Array};
use prunescope::lab::Input;
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::trace::schema::NO_PARENT;
use prunescope::wasm::{ChessLabels, NODE_BYTES, Session, node_bytes, validate, validate_config};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const RN_TREE: &str = "((3 12 8) (2 4 6) (14 5 2))";
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn js(json: &str) -> JsValue {
    js_sys::JSON::parse(json).expect("test JSON parses")
}

fn tree_input(text: &str) -> JsValue {
    let v = serde_json::json!({ "kind": "tree", "text": text });
    js(&v.to_string())
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).expect("property read")
}

fn num(obj: &JsValue, key: &str) -> f64 {
    get(obj, key)
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number"))
}

fn message(e: JsError) -> String {
    let v: JsValue = e.into();
    v.dyn_into::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|v| format!("{v:?}"))
}

/// One batch as the callback saw it.
#[derive(Debug, Default, Clone)]
struct Batch {
    start: u32,
    nodes: Vec<u8>,
    upd_ids: Vec<u32>,
    upd: Vec<u8>,
    events: Vec<u8>,
    aux: Vec<i32>,
    research: Vec<u32>,
    roots: Vec<i32>,
    nodes_total: u32,
    elapsed_ms: f64,
}

/// Runs `session` collecting every batch; returns the batches and the final result object.
fn run_collect(session: &mut Session, batch_nodes: u32) -> (Vec<Batch>, JsValue) {
    let batches = Rc::new(RefCell::new(Vec::new()));
    let sink = batches.clone();
    let cb = Closure::<dyn FnMut(JsValue)>::new(move |b: JsValue| {
        sink.borrow_mut().push(Batch {
            start: num(&b, "start") as u32,
            nodes: get(&b, "nodes").unchecked_into::<Uint8Array>().to_vec(),
            upd_ids: get(&b, "updIds").unchecked_into::<Uint32Array>().to_vec(),
            upd: get(&b, "upd").unchecked_into::<Uint8Array>().to_vec(),
            events: get(&b, "events").unchecked_into::<Uint8Array>().to_vec(),
            aux: get(&b, "aux").unchecked_into::<Int32Array>().to_vec(),
            research: get(&b, "research").unchecked_into::<Uint32Array>().to_vec(),
            roots: get(&b, "roots").unchecked_into::<Int32Array>().to_vec(),
            nodes_total: num(&b, "nodesTotal") as u32,
            elapsed_ms: num(&b, "elapsedMs"),
        });
    });
    let result = session
        .run(cb.as_ref().unchecked_ref::<Function>(), batch_nodes)
        .map_err(message)
        .expect("search runs");
    let out = batches.borrow().clone();
    (out, result)
}

/// Rebuilds the full record array from the batches: new records appended, updates applied.
fn assemble(batches: &[Batch]) -> Vec<u8> {
    let mut all = Vec::new();
    for b in batches {
        assert_eq!(
            b.start as usize * NODE_BYTES,
            all.len(),
            "batches are contiguous"
        );
        assert_eq!(b.nodes.len() % NODE_BYTES, 0);
        assert_eq!(b.upd.len(), b.upd_ids.len() * NODE_BYTES);
        for (k, &id) in b.upd_ids.iter().enumerate() {
            let at = id as usize * NODE_BYTES;
            assert!(at < all.len(), "updates refer to nodes sent before");
            all[at..at + NODE_BYTES].copy_from_slice(&b.upd[k * NODE_BYTES..(k + 1) * NODE_BYTES]);
        }
        all.extend_from_slice(&b.nodes);
        assert_eq!(b.nodes_total as usize * NODE_BYTES, all.len());
    }
    all
}

fn native(input: &Input, cfg: &SearchConfig) -> (prunescope::lab::Summary, prunescope::Recorder) {
    input
        .prepare()
        .unwrap()
        .search_traced(cfg, 0)
        .expect("native search")
}

fn rec_bytes(rec: &prunescope::Recorder) -> Vec<u8> {
    let bytes = node_bytes(&rec.nodes).to_vec();
    // The fields the page reads at fixed offsets (docs/worker-protocol.md).
    for (i, n) in rec.nodes.iter().enumerate() {
        let r = &bytes[i * NODE_BYTES..(i + 1) * NODE_BYTES];
        assert_eq!(u32::from_le_bytes(r[0..4].try_into().unwrap()), n.parent);
        assert_eq!(i32::from_le_bytes(r[4..8].try_into().unwrap()), n.alpha);
        assert_eq!(i32::from_le_bytes(r[8..12].try_into().unwrap()), n.beta);
        assert_eq!(i32::from_le_bytes(r[12..16].try_into().unwrap()), n.value);
        assert_eq!(
            u16::from_le_bytes(r[16..18].try_into().unwrap()),
            n.move_code
        );
    }
    bytes
}

#[wasm_bindgen_test]
fn russell_norvig_alphabeta() {
    let mut s = Session::new(tree_input(RN_TREE), js(r#"{"algo":"alphabeta"}"#))
        .map_err(message)
        .unwrap();
    assert_eq!(s.kind(), "tree");
    assert_eq!(s.node_count(), 0);
    let (batches, result) = run_collect(&mut s, 1000);
    let summary = get(&result, "summary");
    assert_eq!(num(&summary, "value"), 3.0);
    // Alpha-beta prunes B's last two leaves: 13 nodes in the tree, 11 searched.
    assert_eq!(num(&summary, "nodes"), 11.0);
    assert_eq!(s.node_count(), 11);
    assert_eq!(get(&result, "aborted"), JsValue::FALSE);
    assert!(num(&result, "elapsedMs") >= 0.0);
    let stats = get(&result, "stats");
    assert_eq!(num(&stats, "nodes"), 11.0);
    assert_eq!(num(&stats, "cutoffs"), 2.0);

    // Same as the native search, record for record.
    let input = Input::Tree {
        text: RN_TREE.into(),
    };
    let cfg = SearchConfig {
        algo: Algorithm::AlphaBeta,
        ..Default::default()
    };
    let (nsum, nrec) = native(&input, &cfg);
    assert_eq!(nsum.value, Some(3));
    assert_eq!(nsum.nodes, 11);
    assert_eq!(
        batches.len(),
        1,
        "a small search arrives in the final batch"
    );
    assert_eq!(assemble(&batches), rec_bytes(&nrec));
    assert_eq!(s.nodes().to_vec(), rec_bytes(&nrec));
    assert_eq!(batches[0].events, nrec.events);
    assert_eq!(batches[0].aux, nrec.aux);
    assert_eq!(batches[0].roots, vec![0, nrec.root_depths[0]]);
}

#[wasm_bindgen_test]
fn russell_norvig_minimax_searches_all_13_nodes() {
    let mut s = Session::new(tree_input(RN_TREE), js(r#"{"algo":"minimax"}"#))
        .map_err(message)
        .unwrap();
    let (batches, result) = run_collect(&mut s, 0);
    assert_eq!(num(&get(&result, "summary"), "value"), 3.0);
    assert_eq!(s.node_count(), 13);
    assert_eq!(assemble(&batches).len(), 13 * NODE_BYTES);
}

#[wasm_bindgen_test]
fn batches_stream_and_reassemble() {
    // PVS on the tree has re-searches, so the research pairs get exercised too.
    let text = "((3 12 8) (2 4 6) (14 5 2) ((1 9) (7 3)) (20 (4 8) 6))";
    let mut s = Session::new(tree_input(text), js(r#"{"algo":"pvs"}"#))
        .map_err(message)
        .unwrap();
    let (batches, result) = run_collect(&mut s, 3);
    let n = s.node_count() as usize;
    assert!(
        batches.len() >= 4,
        "{} batches for {n} nodes",
        batches.len()
    );
    let all = assemble(&batches);
    assert_eq!(all.len(), n * NODE_BYTES);

    let (nsum, nrec) = native(
        &Input::Tree { text: text.into() },
        &SearchConfig {
            algo: Algorithm::Pvs,
            ..Default::default()
        },
    );
    assert_eq!(
        num(&get(&result, "summary"), "value"),
        nsum.value.unwrap() as f64
    );
    assert_eq!(
        all,
        rec_bytes(&nrec),
        "streamed records equal the recording"
    );
    let events: Vec<u8> = batches.iter().flat_map(|b| b.events.clone()).collect();
    let aux: Vec<i32> = batches.iter().flat_map(|b| b.aux.clone()).collect();
    let research: Vec<u32> = batches.iter().flat_map(|b| b.research.clone()).collect();
    let roots: Vec<i32> = batches.iter().flat_map(|b| b.roots.clone()).collect();
    assert_eq!(events, nrec.events);
    assert_eq!(aux, nrec.aux);
    let want: Vec<u32> = nrec.research_of.iter().flat_map(|&(a, b)| [a, b]).collect();
    assert_eq!(research, want);
    assert_eq!(roots.len(), 2 * nrec.roots.len());
    // Intermediate batches carry at most batch_nodes new nodes and are in time order.
    for w in batches.windows(2) {
        assert!(w[0].nodes.len() <= 3 * NODE_BYTES);
        assert!(w[0].elapsed_ms <= w[1].elapsed_ms);
    }
    // Updates only ever name nodes that were open, at most one per ply.
    let max_ply = prunescope::trace::record::plies(&nrec.nodes)
        .into_iter()
        .max()
        .unwrap() as usize;
    assert!(batches.iter().all(|b| b.upd_ids.len() <= max_ply + 1));
}

#[wasm_bindgen_test]
fn bad_tree_text_is_a_clear_error() {
    let e = Session::new(tree_input("((3 12 8) (2 x 6))"), JsValue::UNDEFINED)
        .err()
        .map(message)
        .expect("bad tree is rejected");
    assert!(e.contains("column"), "{e}");
    assert!(e.contains("line 1"), "{e}");
}

#[wasm_bindgen_test]
fn bad_fen_is_a_clear_error() {
    let input = js(r#"{"kind":"chess","fen":"rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"}"#);
    let e = Session::new(input, JsValue::UNDEFINED)
        .err()
        .map(message)
        .expect("bad FEN is rejected");
    assert!(e.to_lowercase().contains("fen"), "{e}");
    let e = ChessLabels::new("not a fen")
        .err()
        .map(message)
        .expect("bad FEN is rejected");
    assert!(e.to_lowercase().contains("fen"), "{e}");
}

#[wasm_bindgen_test]
fn bad_input_and_config_are_clear_errors() {
    let e = Session::new(js(r#"{"kind":"go"}"#), JsValue::UNDEFINED)
        .err()
        .map(message)
        .unwrap();
    assert!(e.contains("invalid input"), "{e}");
    let e = Session::new(tree_input(RN_TREE), js(r#"{"depth":0}"#))
        .err()
        .map(message)
        .unwrap();
    assert!(e.contains("depth"), "{e}");
    let e = Session::new(tree_input(RN_TREE), js(r#"{"algo":"sss"}"#))
        .err()
        .map(message)
        .unwrap();
    assert!(e.contains("configuration"), "{e}");
}

#[wasm_bindgen_test]
fn validate_reports_errors_only() {
    assert_eq!(validate(tree_input(RN_TREE)), None);
    let e = validate(tree_input("(1 2")).expect("unclosed tree is an error");
    assert!(e.contains("column"), "{e}");
    assert_eq!(
        validate(js(&format!(r#"{{"kind":"chess","fen":"{START_FEN}"}}"#))),
        None
    );
    assert!(validate(js(r#"{"kind":"chess","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}"#)).is_some());
    assert!(validate(JsValue::UNDEFINED).is_some());
    assert_eq!(validate_config(js(r#"{"algo":"pvs","depth":3}"#)), None);
    let e = validate_config(js(r#"{"depht":3}"#)).expect("typo is an error");
    assert!(e.contains("depht"), "{e}");
}

#[wasm_bindgen_test]
fn chess_labels_for_the_start_position() {
    let mut labels = ChessLabels::new(START_FEN).map_err(message).unwrap();
    let e2e4: u16 = 12 | (28 << 6);
    let e7e5: u16 = 52 | (36 << 6);
    let g1f3: u16 = 6 | (21 << 6);
    labels
        .append(&[NO_PARENT, 0, 1, 0], &[0, e2e4, e7e5, g1f3])
        .map_err(message)
        .unwrap();
    assert_eq!(labels.len(), 4);
    assert_eq!(labels.fen(0).map_err(message).unwrap(), START_FEN);
    assert_eq!(
        labels.fen(1).map_err(message).unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        labels.path_san(2).map_err(message).unwrap(),
        vec!["e4", "e5"]
    );
    assert!(labels.path_san(0).map_err(message).unwrap().is_empty());
    assert_eq!(labels.last_move(0), None);
    assert_eq!(labels.last_move(2).as_deref(), Some("e7e5"));
    assert_eq!(labels.last_move(9), None);
    let sans: Vec<String> = labels
        .san_batch(&[0, 1, 2, 3, 99])
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(sans, vec!["", "e4", "e5", "Nf3", "?"]);
    assert!(labels.fen(99).is_err());
    assert!(labels.append(&[0], &[]).is_err());
}

#[wasm_bindgen_test]
fn chess_search_streams_and_labels_every_node() {
    let input = js(&format!(r#"{{"kind":"chess","fen":"{START_FEN}"}}"#));
    let mut s = Session::new(input, js(r#"{"algo":"pvs","depth":2,"iterative":true}"#))
        .map_err(message)
        .unwrap();
    assert_eq!(s.kind(), "chess");
    let (batches, result) = run_collect(&mut s, 20);
    assert!(batches.len() > 3);
    let summary = get(&result, "summary");
    assert_eq!(num(&summary, "nodes") as u32, s.node_count());
    let best_san = get(&summary, "best_line_san");
    assert!(js_sys::Array::is_array(&best_san));

    let mut labels = ChessLabels::new(START_FEN).map_err(message).unwrap();
    for b in &batches {
        assert_eq!(b.start, labels.len());
        labels.append_records(&b.nodes).map_err(message).unwrap();
    }
    assert_eq!(labels.len(), s.node_count());
    let ids: Vec<u32> = (0..labels.len()).collect();
    let sans = labels.san_batch(&ids);
    let legal_first = [
        "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3",
        "h4", "Na3", "Nc3", "Nf3", "Nh3",
    ];
    let all = assemble(&batches);
    let parent = |id: u32| {
        let at = id as usize * NODE_BYTES;
        u32::from_le_bytes(all[at..at + 4].try_into().unwrap())
    };
    for id in 0..labels.len() {
        let mut ply = 0;
        let mut cur = id;
        while parent(cur) != NO_PARENT {
            cur = parent(cur);
            ply += 1;
        }
        let san = sans.get(id).as_string().unwrap();
        assert_ne!(san, "?", "node {id} has a label");
        match ply {
            0 => assert_eq!(san, ""),
            1 => assert!(legal_first.contains(&san.as_str()), "{san}"),
            _ => assert_eq!(labels.path_san(id).map_err(message).unwrap().len(), ply),
        }
    }
}

/// Every search technique switched on that the configuration accepts together.
fn everything_on(depth: u32) -> SearchConfig {
    let mut cfg = SearchConfig {
        depth,
        iterative: true,
        node_cap: 30_000,
        ..Default::default()
    };
    let names = prunescope::search::config::ENABLE_NAMES
        .iter()
        .map(|&(name, _)| name)
        .chain(["uc_general"]);
    for name in names {
        let before = cfg.clone();
        if cfg.enable(name).is_err() || cfg.validate().is_err() {
            cfg = before;
        }
    }
    cfg
}

#[wasm_bindgen_test]
fn streamed_chess_trace_equals_the_native_recording() {
    // A middlegame with captures and checks, every technique on: every Tracer callback the
    // search makes must reach the streamed trace (the streamer forwards each to the recorder).
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let cfg = everything_on(4);
    let json = serde_json::to_string(&cfg).unwrap();
    let input = Input::Chess { fen: fen.into() };
    let mut s = Session::new(js(&serde_json::to_string(&input).unwrap()), js(&json))
        .map_err(message)
        .unwrap();
    let (batches, result) = run_collect(&mut s, 512);
    let (nsum, nrec) = native(&input, &cfg);
    let summary = get(&result, "summary");
    assert_eq!(num(&summary, "value"), nsum.value.unwrap() as f64);
    assert_eq!(num(&summary, "nodes"), nsum.nodes as f64);
    assert!(batches.len() > 3);
    assert_eq!(assemble(&batches), rec_bytes(&nrec));
    let cat = |f: fn(&Batch) -> Vec<i64>| batches.iter().flat_map(f).collect::<Vec<i64>>();
    assert_eq!(
        cat(|b| b.events.iter().map(|&e| e as i64).collect()),
        nrec.events.iter().map(|&e| e as i64).collect::<Vec<_>>()
    );
    assert_eq!(
        cat(|b| b.aux.iter().map(|&a| a as i64).collect()),
        nrec.aux.iter().map(|&a| a as i64).collect::<Vec<_>>()
    );
    assert_eq!(
        cat(|b| b.research.iter().map(|&a| a as i64).collect()),
        nrec.research_of
            .iter()
            .flat_map(|&(a, b)| [a as i64, b as i64])
            .collect::<Vec<_>>()
    );
    assert_eq!(
        cat(|b| b.roots.iter().map(|&a| a as i64).collect()),
        nrec.roots
            .iter()
            .zip(&nrec.root_depths)
            .flat_map(|(&a, &d)| [a as i64, d as i64])
            .collect::<Vec<_>>()
    );
}

#[wasm_bindgen_test]
fn chess_labels_name_null_moves() {
    let mut labels = ChessLabels::new(START_FEN).unwrap();
    // root → e2e4 → null move (Black passes) → d2d4
    let e2e4 = 12 | (28 << 6);
    let d2d4 = 11 | (27 << 6);
    labels
        .append(&[u32::MAX, 0, 1, 2], &[0, e2e4, 0xFFFF, d2d4])
        .unwrap();
    let san: Vec<String> = labels
        .san_batch(&[1, 2, 3])
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(san, ["e4", "--", "d4"]);
    assert!(
        labels.fen(2).unwrap().contains(" w "),
        "White to move after Black passes"
    );
    assert_eq!(labels.path_san(3).unwrap(), ["e4", "--", "d4"]);
}
