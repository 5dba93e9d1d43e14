//! Tests of the wasm adapter (`src/wasm/`) as the second wasm build has it (every feature: chess,
//! trace files), run in headless Chromium by `wasm-bindgen-test-runner` (see `scripts/test.sh`;
//! `tests/wasm_first.rs` tests the first build):
//!
//! ```sh
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!   cargo test --no-default-features --features full --target wasm32-unknown-unknown --test wasm
//! ```
#![cfg(all(target_arch = "wasm32", feature = "full"))]

use js_sys::{Function, Int32Array, Reflect, Uint8Array, Uint32Array};
use prunescope::game::chess::ChessPos;
use prunescope::game::tictactoe::TicTacToeInput;
use prunescope::run::Input;
use prunescope::schema::{EventKind, NO_PARENT, NONE16, StopReason};
use prunescope::search::config::{Algorithm, SearchConfig};
use prunescope::wasm::{
    NODE_BYTES, Names, Session, build_config, check_config, check_input, check_run, choices,
    config_words, describe_config, diff_columns, game_play, game_view, node_bytes, parse_epd,
    records_from_bytes, tree_chance_value, tree_print, tree_print_chance, tree_shape, validate,
    validate_config,
};
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
        // new nodes come in the column layout of the binary format's chunks
        let mut recs = vec![bytemuck::Zeroable::zeroed(); b.nodes.len() / NODE_BYTES];
        prunescope::trace_file::binary::records_from_columns(&b.nodes, &mut recs);
        all.extend_from_slice(node_bytes(&recs));
        assert_eq!(b.nodes_total as usize * NODE_BYTES, all.len());
    }
    all
}

fn native(input: &Input, cfg: &SearchConfig) -> (prunescope::run::Summary, prunescope::Recorder) {
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
    // The worker streamed the trace and keeps none of it.
    assert_eq!(s.nodes().length(), 0);
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

/// The tree editor's two calls: the core's reading of a text (with who moves at the root and the
/// canonical text) and its printing of the editor's preorder arrays, limits refused in words.
#[wasm_bindgen_test]
fn tree_shape_and_tree_print_are_the_editors_parser_and_printer() {
    let shape = tree_shape("# lesson\nmin ((3, 12 8) (2 4 6))").unwrap();
    let get = |k: &str| Reflect::get(&shape, &JsValue::from_str(k)).unwrap();
    assert_eq!(get("min").as_bool(), Some(true));
    assert_eq!(get("text").as_string().unwrap(), "min ((3 12 8) (2 4 6))");
    assert_eq!(
        Uint32Array::from(get("first")).to_vec(),
        [1, 3, 6, 9, 9, 9, 9, 9, 9, 9]
    );
    assert_eq!(
        tree_print(
            &[2, 3, 0, 0, 0, 1, 0],
            &[0.0, 0.0, 3.0, 12.0, -8.0, 0.0, 2.0],
            true
        )
        .unwrap(),
        "min ((3 12 -8) (2))"
    );
    let refused = |d: &[u32], v: &[f64]| message(tree_print(d, v, false).unwrap_err());
    assert_eq!(
        refused(&[1, 0], &[0.0, 1e9]),
        "leaf value 1000000000 is out of range (at most ±999999998)"
    );
    assert_eq!(
        refused(&[1, 0], &[0.0, 1.5]),
        "leaf value 1.5 is not a whole number"
    );
    assert_eq!(refused(&[2, 0], &[0.0, 1.0]), "the tree is missing 1 node");
    let mut deep = vec![1u32; 201];
    deep.push(0);
    assert_eq!(
        refused(&deep, &vec![0.0; 202]),
        "a tree may be nested at most 200 levels deep"
    );
}

#[wasm_bindgen_test]
fn bad_fen_is_a_clear_error() {
    let input = js(r#"{"kind":"chess","fen":"rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"}"#);
    let e = Session::new(input, JsValue::UNDEFINED)
        .err()
        .map(message)
        .expect("bad FEN is rejected");
    assert!(e.to_lowercase().contains("fen"), "{e}");
    let e = Names::new(
        js(r#"{"kind":"chess","fen":"not a fen"}"#),
        JsValue::UNDEFINED,
    )
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
    let p = check_input(js(
        r#"{"kind":"random","branching":0,"depth":3,"seed":1,"ordering":"best"}"#,
    ));
    assert_eq!(
        get(&p, "field").as_string().as_deref(),
        Some("random.branching")
    );
    let p = check_input(tree_input("(1 2"));
    assert_eq!(get(&p, "field").as_string().as_deref(), Some("tree"));
    assert!(check_input(tree_input(RN_TREE)).is_undefined());
    let p = check_config(js(r#"{"null_move":{"R":7}}"#));
    assert_eq!(get(&p, "field").as_string().as_deref(), Some("null_move.R"));
    let e = validate_config(js(r#"{"depht":3}"#)).expect("typo is an error");
    assert!(e.contains("depht"), "{e}");
}

/// Node records with the given (parent, move code, depth); every other field at its default.
/// The page's side of naming (www/model/names.js): the parents, move codes and depths of a
/// trace's nodes, from which it writes the paths and child lists the `Names` handle reads.
struct PageTree(Vec<(u32, u16, i8)>);

impl PageTree {
    fn of(recs: &[prunescope::trace::record::NodeRec]) -> PageTree {
        PageTree(
            recs.iter()
                .map(|r| (r.parent, r.move_code, r.depth))
                .collect(),
        )
    }
    fn ids(&self) -> Vec<u32> {
        (0..self.0.len() as u32).collect()
    }
    fn paths(&self, ids: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        for &id in ids {
            let mut path = Vec::new();
            let mut cur = id;
            while self.0[cur as usize].0 != NO_PARENT {
                path.push(cur);
                cur = self.0[cur as usize].0;
            }
            out.push(path.len() as u32);
            for &n in path.iter().rev() {
                out.extend([n, u32::from(self.0[n as usize].1)]);
            }
        }
        out
    }
    fn depths(&self, ids: &[u32]) -> Vec<i8> {
        ids.iter().map(|&id| self.0[id as usize].2).collect()
    }
    fn children(&self, id: u32) -> Vec<u16> {
        self.0.iter().filter(|n| n.0 == id).map(|n| n.1).collect()
    }
    fn searched(&self, ids: &[u32]) -> Vec<u32> {
        let mut out = Vec::new();
        for &id in ids {
            let c = self.children(id);
            out.push(c.len() as u32);
            out.extend(c.into_iter().map(u32::from));
        }
        out
    }
}

fn chess_input(fen: &str) -> JsValue {
    js(&serde_json::json!({ "kind": "chess", "fen": fen }).to_string())
}

fn strings(a: js_sys::Array) -> Vec<String> {
    a.iter().map(|v| v.as_string().unwrap()).collect()
}

/// Paths as the page sends them (src/wasm/names.rs): per node, the number of moves, then
/// (node id, move code) pairs from below the root down to the node.
fn paths(nodes: &[&[(u32, u16)]]) -> Vec<u32> {
    let mut out = Vec::new();
    for path in nodes {
        out.push(path.len() as u32);
        for &(id, code) in *path {
            out.extend([id, u32::from(code)]);
        }
    }
    out
}

#[wasm_bindgen_test]
fn names_for_the_start_position() {
    let mut names = Names::new(chess_input(START_FEN), JsValue::UNDEFINED)
        .map_err(message)
        .unwrap();
    assert!(names.is_chess());
    let e2e4: u16 = 12 | (28 << 6);
    let e7e5: u16 = 52 | (36 << 6);
    let g1f3: u16 = 6 | (21 << 6);
    // the tree: root 0, 1 = e4, 2 = e4 e5, 3 = Nf3
    let root = paths(&[&[]]);
    let n1 = paths(&[&[(1, e2e4)]]);
    let n2 = paths(&[&[(1, e2e4), (2, e7e5)]]);
    let n3 = paths(&[&[(3, g1f3)]]);
    assert_eq!(
        names.fen(&root).map_err(message).unwrap().as_deref(),
        Some(START_FEN)
    );
    assert_eq!(
        names.fen(&n1).map_err(message).unwrap().as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    assert_eq!(names.path(&n2).map_err(message).unwrap(), vec!["e4", "e5"]);
    assert!(names.path(&root).map_err(message).unwrap().is_empty());
    assert_eq!(names.uci(e7e5).as_deref(), Some("e7e5"));
    assert_eq!(names.uci(NONE16), None);
    // an illegal move (e2e4 again, for Black) names "?"
    let bad = paths(&[&[(1, e2e4), (2, e2e4)]]);
    let all: Vec<u32> = [&root[..], &n1, &n2, &n3, &bad].concat();
    assert_eq!(
        strings(names.labels(&all).map_err(message).unwrap()),
        vec!["", "e4", "e5", "Nf3", "?"]
    );
    let e7e6: u16 = 52 | (44 << 6);
    assert_eq!(names.move_name(&n1, e7e6), "e6");
    assert!(names.fen(&bad).is_err());
    // a count that runs past the list is refused, not read past
    assert!(names.labels(&[3, 1, u32::from(e2e4)]).is_err());
    assert!(names.fen(&[&root[..], &n1].concat()).is_err());
    // the root's 20 moves: two searched, 18 pruned by the root's β cut-off; after 1. e4 one
    // searched, 19 pruned; after 1. e4 e5 White has 29 moves, none searched
    let three: Vec<u32> = [&root[..], &n1, &n2].concat();
    let searched = [2, u32::from(e2e4), u32::from(g1f3), 1, u32::from(e7e5), 0];
    let cut = StopReason::BetaCutoff as u8;
    let r = pruned_lists(
        &mut names,
        &three,
        &[3, 2, 1],
        &[cut; 3],
        &searched,
        &[0, 0, 0],
    );
    assert_eq!(r.counts(), vec![18, 19, 29]);
    assert!(
        r.node(0)
            .iter()
            .all(|(c, why, _)| *c != e2e4 && *c != g1f3 && why == "beta_cutoff")
    );
    assert!(r.node(2).iter().any(|(_, _, san)| san == "Nf3"));
    // one depth, one stop reason and one list each per path; stop reasons are schema codes
    let mut p = |d: &[i8], r: &[u8], own: &[u32]| {
        names.pruned(&three, d, r, &searched, own, false).is_err()
    };
    assert!(p(&[3], &[cut; 3], &[0, 0, 0]));
    assert!(p(&[3, 2, 1], &[cut; 2], &[0, 0, 0]));
    assert!(p(&[3, 2, 1], &[cut; 3], &[0, 0]));
    assert!(p(&[3, 2, 1], &[cut, cut, 99], &[0, 0, 0]));
}

/** The answer of `Names::pruned`, read back. */
struct PrunedAnswer {
    offsets: Vec<u32>,
    codes: Vec<u16>,
    reasons: Vec<String>,
    names: Vec<String>,
}

impl PrunedAnswer {
    fn counts(&self) -> Vec<u32> {
        self.offsets.windows(2).map(|w| w[1] - w[0]).collect()
    }
    fn node(&self, k: usize) -> Vec<(u16, String, String)> {
        (self.offsets[k] as usize..self.offsets[k + 1] as usize)
            .map(|i| {
                (
                    self.codes[i],
                    self.reasons[i].clone(),
                    self.names[i].clone(),
                )
            })
            .collect()
    }
}

fn pruned_lists(
    names: &mut Names,
    paths: &[u32],
    depths: &[i8],
    reasons: &[u8],
    searched: &[u32],
    own: &[u32],
) -> PrunedAnswer {
    let r = names
        .pruned(paths, depths, reasons, searched, own, true)
        .map_err(message)
        .unwrap();
    let table = strings(get(&r, "reason_names").dyn_into().unwrap());
    PrunedAnswer {
        offsets: get(&r, "offsets")
            .dyn_into::<Uint32Array>()
            .unwrap()
            .to_vec(),
        codes: get(&r, "codes")
            .dyn_into::<js_sys::Uint16Array>()
            .unwrap()
            .to_vec(),
        reasons: get(&r, "reasons")
            .dyn_into::<Uint8Array>()
            .unwrap()
            .to_vec()
            .into_iter()
            .map(|k| table[k as usize].clone())
            .collect(),
        names: strings(get(&r, "names").dyn_into().unwrap()),
    }
}

#[wasm_bindgen_test]
fn names_for_trees_are_child_indices() {
    let mut names = Names::new(tree_input(RN_TREE), JsValue::UNDEFINED).unwrap();
    assert!(!names.is_chess());
    // root, node 1, its first leaf
    let all = paths(&[&[], &[(1, 1)], &[(1, 1), (2, 0)]]);
    assert_eq!(strings(names.labels(&all).unwrap()), vec!["", "1", "0"]);
    let leaf = paths(&[&[(1, 1), (2, 0)]]);
    assert_eq!(names.path(&leaf).unwrap(), vec!["1", "0"]);
    assert_eq!(names.fen(&paths(&[&[(1, 1)]])).unwrap(), None);
    // node 1 = (2 4 6) cut after its first leaf: leaves 1 and 2 pruned; the root searched
    // only child 1 (cut); the leaf lists none
    let cut = StopReason::BetaCutoff as u8;
    let r = pruned_lists(
        &mut names,
        &all,
        &[127, 127, 127],
        &[cut, cut, StopReason::Leaf as u8],
        &[1, 1, 1, 0, 0],
        &[0, 0, 0],
    );
    assert_eq!(r.counts(), vec![2, 2, 0]);
    assert_eq!(
        r.node(1)[1],
        (2, "beta_cutoff".to_string(), "2".to_string())
    );
    // a node that searched every move lists only those a prune event skipped, by the first
    // event's reason (SEE before uncertainty here)
    let (see, unc) = (0, 1);
    let r = pruned_lists(
        &mut names,
        &paths(&[&[(1, 1)]]),
        &[127],
        &[StopReason::AllMoves as u8],
        &[2, 0, 2],
        &[2, 1, see, 1, unc],
    );
    assert_eq!(r.node(0), vec![(1, "see".to_string(), "1".to_string())]);
    assert_eq!(names.move_name(&paths(&[&[(1, 1)]]), 2), "2");
    // a child that does not exist
    assert_eq!(
        strings(names.labels(&paths(&[&[(1, 7)]])).unwrap()),
        vec!["7"]
    );
}

#[wasm_bindgen_test]
fn chess_search_streams_and_names_every_node() {
    let input = chess_input(START_FEN);
    let mut s = Session::new(
        input.clone(),
        js(r#"{"algo":"pvs","depth":2,"iterative":true}"#),
    )
    .map_err(message)
    .unwrap();
    assert_eq!(s.kind(), "chess");
    let (batches, result) = run_collect(&mut s, 20);
    assert!(batches.len() > 3);
    let summary = get(&result, "summary");
    assert_eq!(num(&summary, "nodes") as u32, s.node_count());
    assert!(js_sys::Array::is_array(&get(&summary, "best_line_san")));
    assert_eq!(
        get(&get(&result, "input"), "kind").as_string().as_deref(),
        Some("chess")
    );

    let mut names = Names::new(input, JsValue::UNDEFINED)
        .map_err(message)
        .unwrap();
    let all = assemble(&batches);
    let tree = PageTree::of(&records_from_bytes(&all).unwrap());
    assert_eq!(tree.0.len() as u32, s.node_count());
    let ids = tree.ids();
    let sans = strings(names.labels(&tree.paths(&ids)).map_err(message).unwrap());
    let legal_first = [
        "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3",
        "h4", "Na3", "Nc3", "Nf3", "Nh3",
    ];
    let parent = |id: u32| tree.0[id as usize].0;
    for &id in &ids {
        let mut ply = 0;
        let mut cur = id;
        while parent(cur) != NO_PARENT {
            cur = parent(cur);
            ply += 1;
        }
        let san = &sans[id as usize];
        assert_ne!(san, "?", "node {id} has a name");
        match ply {
            0 => assert_eq!(san, ""),
            1 => assert!(legal_first.contains(&san.as_str()), "{san}"),
            _ => assert_eq!(
                names
                    .path(&tree.paths(&[id]))
                    .map_err(message)
                    .unwrap()
                    .len(),
                ply
            ),
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
    // The statistics the worker counted while streaming equal those of the whole recording.
    let stats: prunescope::trace::stats::TraceStats =
        serde_wasm_bindgen::from_value(get(&result, "stats")).unwrap();
    assert_eq!(stats, prunescope::trace::stats::TraceStats::of(&nrec));
    assert_eq!(s.node_count() as usize, nrec.nodes.len());
    assert_eq!(s.nodes().length(), 0);
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
fn names_name_null_moves() {
    let mut names = Names::new(chess_input(START_FEN), JsValue::UNDEFINED).unwrap();
    // root → e2e4 → null move (Black passes) → d2d4
    let e2e4 = 12 | (28 << 6);
    let d2d4 = 11 | (27 << 6);
    let tree = PageTree(vec![
        (NO_PARENT, 0, 3),
        (0, e2e4, 2),
        (1, NONE16, 1),
        (2, d2d4, 0),
    ]);
    assert_eq!(
        strings(names.labels(&tree.paths(&[1, 2, 3])).unwrap()),
        ["e4", "--", "d4"]
    );
    assert!(
        names
            .fen(&tree.paths(&[2]))
            .unwrap()
            .unwrap()
            .contains(" w "),
        "White to move after Black passes"
    );
    assert_eq!(names.path(&tree.paths(&[3])).unwrap(), ["e4", "--", "d4"]);
    assert_eq!(names.uci(NONE16), None, "a null move has no squares");
}

#[wasm_bindgen_test]
fn pruned_lists_equal_the_trace_files() {
    // Kiwipete with TT, null move, quiescence and SEE pruning: cut-offs before move generation
    // (TT, null move, stand pat) and SEE prunes at nodes that searched every other move. The
    // page's question (`Names.pruned`, from what its store holds) gets the file's lists.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut cfg = SearchConfig {
        algo: Algorithm::Pvs,
        depth: 3,
        iterative: true,
        ..Default::default()
    };
    for name in ["tt", "tt_move", "null_move", "quiescence", "see_pruning"] {
        cfg.enable(name).unwrap();
    }
    let input = Input::Chess { fen: fen.into() };
    let (file, rec) = trace_file(&input, &cfg);
    let file: serde_json::Value = serde_json::from_slice(&file).unwrap();
    let cfg_js = js(&serde_json::to_string(&cfg).unwrap());
    let mut names = Names::new(chess_input(fen), cfg_js).unwrap();
    let tree = PageTree::of(&rec.nodes);
    let ids = tree.ids();
    let reasons: Vec<u8> = rec.nodes.iter().map(|n| n.reason).collect();
    let mut own: Vec<Vec<u32>> = vec![Vec::new(); rec.nodes.len()];
    for e in rec.replay().filter(|e| e.kind == EventKind::Prune) {
        own[e.node.unwrap() as usize].extend([e.aux[0] as u32, e.aux[1] as u32]);
    }
    let own: Vec<u32> = own
        .iter()
        .flat_map(|l| std::iter::once(l.len() as u32 / 2).chain(l.iter().copied()))
        .collect();
    let r = pruned_lists(
        &mut names,
        &tree.paths(&ids),
        &tree.depths(&ids),
        &reasons,
        &tree.searched(&ids),
        &own,
    );
    let (mut see_at_all_moves, mut before_moves) = (0, 0);
    for (id, n) in rec.nodes.iter().enumerate() {
        let want: Vec<(String, String)> = file["nodes"][id]["pruned"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let s = |k: &str| m[k].as_str().unwrap().to_string();
                (s("move"), s("reason"))
            })
            .collect();
        let got: Vec<(String, String)> = r
            .node(id)
            .into_iter()
            .map(|(c, why, _)| (prunescope::game::chess::code_to_uci(c), why))
            .collect();
        assert_eq!(got, want, "node {id} ({:?})", n.reason());
        if n.reason() == StopReason::AllMoves && !want.is_empty() {
            see_at_all_moves += 1;
        }
        if n.reason().before_moves() && !want.is_empty() {
            before_moves += 1;
        }
    }
    assert!(
        see_at_all_moves > 50,
        "{see_at_all_moves} SEE prunes at all_moves nodes"
    );
    assert!(
        before_moves > 50,
        "{before_moves} cut-offs before move generation"
    );
}

/// A trace file written by the core, for `Session::open`.
fn trace_file(input: &Input, cfg: &SearchConfig) -> (Vec<u8>, prunescope::Recorder) {
    let prepared = input.prepare().unwrap();
    let (summary, rec) = prepared.search_traced(cfg, 0).unwrap();
    let mut out = Vec::new();
    prunescope::trace_file::json::write_trace(&mut out, input, &prepared, cfg, &summary, &rec)
        .unwrap();
    (out, rec)
}

/// Every batch of an opened or handed-back session.
fn replay_all(s: &mut Session, max_nodes: u32) -> Vec<Batch> {
    let mut out = Vec::new();
    while let Some(b) = s.replay_next(max_nodes) {
        let b: JsValue = b.into();
        out.push(Batch {
            start: num(&b, "start") as u32,
            nodes: get(&b, "nodes").unchecked_into::<Uint8Array>().to_vec(),
            upd_ids: get(&b, "updIds").unchecked_into::<Uint32Array>().to_vec(),
            upd: get(&b, "upd").unchecked_into::<Uint8Array>().to_vec(),
            events: get(&b, "events").unchecked_into::<Uint8Array>().to_vec(),
            aux: get(&b, "aux").unchecked_into::<Int32Array>().to_vec(),
            research: get(&b, "research").unchecked_into::<Uint32Array>().to_vec(),
            roots: get(&b, "roots").unchecked_into::<Int32Array>().to_vec(),
            nodes_total: num(&b, "nodesTotal") as u32,
            elapsed_ms: 0.0,
        });
    }
    out
}

fn assert_batches_equal_recording(batches: &[Batch], rec: &prunescope::Recorder) {
    assert_eq!(assemble(batches), rec_bytes(rec));
    let events: Vec<u8> = batches.iter().flat_map(|b| b.events.clone()).collect();
    let aux: Vec<i32> = batches.iter().flat_map(|b| b.aux.clone()).collect();
    let research: Vec<u32> = batches.iter().flat_map(|b| b.research.clone()).collect();
    let roots: Vec<i32> = batches.iter().flat_map(|b| b.roots.clone()).collect();
    assert_eq!(events, rec.events);
    assert_eq!(aux, rec.aux);
    assert_eq!(
        research,
        rec.research_of
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .collect::<Vec<_>>()
    );
    assert_eq!(
        roots,
        rec.roots
            .iter()
            .zip(&rec.root_depths)
            .flat_map(|(&r, &d)| [r as i32, d])
            .collect::<Vec<_>>()
    );
    // every batch's events refer only to the nodes sent so far
    let mut sent = 0u32;
    let mut entered = 0u32;
    for b in batches {
        sent += (b.nodes.len() / NODE_BYTES) as u32;
        entered += b.events.iter().filter(|&&e| e == 0).count() as u32;
        assert!(entered <= sent, "a batch enters nodes it does not carry");
    }
}

#[wasm_bindgen_test]
fn an_opened_trace_streams_like_a_search() {
    let cases = [
        (
            Input::Tree {
                text: "((3 12 8) (2 4 6) (14 5 2) ((1 9) (7 3)) (20 (4 8) 6))".into(),
            },
            SearchConfig {
                algo: Algorithm::Pvs,
                ..Default::default()
            },
        ),
        (
            Input::Chess {
                fen: START_FEN.into(),
            },
            {
                let mut c = SearchConfig {
                    depth: 3,
                    iterative: true,
                    ..Default::default()
                };
                c.enable("tt").unwrap();
                c.enable("null_move").unwrap();
                c
            },
        ),
    ];
    for (input, cfg) in cases {
        let (bytes, rec) = trace_file(&input, &cfg);
        let mut s = Session::open(&bytes).map_err(message).unwrap();
        assert_eq!(s.node_count() as usize, rec.nodes.len());
        let header = s.header().unwrap();
        assert!(get(&header, "input").is_object());
        let batches = replay_all(&mut s, 7);
        assert!(batches.len() > 1);
        assert_batches_equal_recording(&batches, &rec);
        let out = s.outcome_now().unwrap();
        let stats = get(&out, "stats");
        let want = prunescope::trace::stats::TraceStats::of(&rec);
        assert_eq!(num(&stats, "nodes") as u64, want.nodes);
        assert_eq!(num(&stats, "cutoffs") as u64, want.cutoffs);
        assert_eq!(num(&stats, "leaves") as u64, want.leaves);
        // saved again: the same file
        let chunks = std::rc::Rc::new(std::cell::RefCell::new(Vec::<u8>::new()));
        let sink = chunks.clone();
        let cb = Closure::<dyn FnMut(JsValue)>::new(move |c: JsValue| {
            sink.borrow_mut()
                .extend(c.unchecked_into::<Uint8Array>().to_vec());
        });
        let written = s
            .save("json", cb.as_ref().unchecked_ref(), 4096)
            .map_err(message)
            .unwrap();
        assert_eq!(written as usize, bytes.len());
        assert_eq!(
            *chunks.borrow(),
            bytes,
            "saving an opened trace writes the same file"
        );
    }
}

#[wasm_bindgen_test]
fn corrupt_trace_files_are_refused_with_the_first_bad_item() {
    let (bytes, _) = trace_file(
        &Input::Tree {
            text: RN_TREE.into(),
        },
        &SearchConfig {
            algo: Algorithm::AlphaBeta,
            ..Default::default()
        },
    );
    let good = String::from_utf8(bytes).unwrap();
    let cases: Vec<(String, &str)> = vec![
        (good[..200].to_string(), "the file ends early"),
        (
            r#"{"format":"x","version":3}"#.into(),
            "not a prunescope trace",
        ),
        (
            good.replace("\"version\":5", "\"version\":1"),
            "version 1 is not supported",
        ),
        (
            good.replacen("\"reason\":\"leaf\"", "\"reason\":\"<img src=x>\"", 1),
            "unknown stop reason",
        ),
        (
            good.replacen(
                "{\"kind\":\"exit\",\"node\":1}",
                "{\"kind\":\"exit\",\"node\":0}",
                1,
            ),
            "event",
        ),
        (
            good.replacen("\"value\":3,", "\"value\":\"<b>3</b>\",", 1),
            "invalid type",
        ),
        (good.replacen("\"path\":[0]", "\"path\":[]", 1), "\"path\""),
    ];
    for (text, want) in cases {
        let e = Session::open(text.as_bytes())
            .err()
            .map(message)
            .expect("refused");
        assert!(e.contains(want), "{want:?} not in {e:?}");
    }
    assert!(Session::open(&[0xff, 0xfe, 0x00]).is_err());
}

/// A chance search runs on the page as every other search: `build_config("star1")` gives the
/// core's chance configuration (refusing a technique with the CLI's words), the session runs it
/// and reports `summary.scale`, and its trace file opens with the same records.
#[wasm_bindgen_test]
fn a_chance_search_runs_and_its_trace_file_opens() {
    use prunescope::search::chance::ChanceAlgorithm;
    let text = "bounds 0 10 ([1:(3 5) 2:7] [1:2 1:(9 1)])";
    let built = build_config("star1", "", "", JsValue::UNDEFINED).unwrap();
    let config = get(&built, "config");
    assert_eq!(get(&config, "chance").as_string().as_deref(), Some("star1"));
    assert_eq!(
        get(&config, "algo").as_string().as_deref(),
        Some("alphabeta")
    );
    let words = config_words(config.clone()).unwrap();
    assert_eq!(get(&words, "algo").as_string().as_deref(), Some("star1"));
    let bad = build_config("star1", "tt", "", JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&bad, "field").as_string().as_deref(), Some("enable"));
    assert!(
        get(&bad, "message")
            .as_string()
            .unwrap()
            .contains("take no technique")
    );
    let mut s = Session::new(tree_input(text), config)
        .map_err(message)
        .unwrap();
    let (_, result) = run_collect(&mut s, 1000);
    let summary = get(&result, "summary");
    // The CLI's value, 17/3 (`prunescope tree --algo star1 TEXT`), stored times `scale`.
    assert_eq!(num(&summary, "value") * 3.0, 17.0 * num(&summary, "scale"));
    // A tree with chance nodes refuses alpha-beta with the core's words.
    let e = Session::new(tree_input(text), js(r#"{"algo":"alphabeta"}"#))
        .err()
        .map(message)
        .expect("refused");
    assert!(e.contains("no rule for a chance node"), "{e}");

    let input = Input::Tree {
        text: text.to_string(),
    };
    let cfg = prunescope::run::chance_config(ChanceAlgorithm::Star1, 0);
    let p = input.prepare().unwrap();
    let (summary, rec) = p.search_traced(&cfg, 0).unwrap();
    let mut bytes = Vec::new();
    prunescope::trace_file::write(
        &mut bytes,
        prunescope::trace_file::Format::Binary,
        &input,
        &p,
        &cfg,
        &summary,
        &rec,
    )
    .unwrap();
    let opened = Session::open(&bytes).map_err(message).unwrap();
    assert_eq!(opened.node_count() as usize, rec.nodes.len());
    assert_eq!(s.node_count(), opened.node_count());
}

#[wasm_bindgen_test]
fn a_trace_handed_back_is_measured_and_saved_by_the_core() {
    let input = Input::Random(
        serde_json::from_value(
            serde_json::json!({"branching": 3, "depth": 4, "seed": 7, "ordering": "random"}),
        )
        .unwrap(),
    );
    let cfg = SearchConfig {
        algo: Algorithm::AlphaBeta,
        node_cap: 50,
        ..Default::default()
    };
    let (summary, rec) = native(&input, &cfg);
    assert!(summary.aborted);
    let input_js = js(&serde_json::to_string(&input).unwrap());
    let cfg_js = js(&serde_json::to_string(&cfg).unwrap());
    let mut s = Session::adopt(input_js.clone(), cfg_js.clone())
        .map_err(message)
        .unwrap();
    // in two parts, as the page hands back large traces
    let bytes = node_bytes(&rec.nodes);
    let half = (rec.nodes.len() / 2) * NODE_BYTES;
    let research: Vec<u32> = rec.research_of.iter().flat_map(|&(a, b)| [a, b]).collect();
    let roots: Vec<i32> = rec
        .roots
        .iter()
        .zip(&rec.root_depths)
        .flat_map(|(&r, &d)| [r as i32, d])
        .collect();
    s.adopt_part(&bytes[..half], &[], &[], &[], &[]).unwrap();
    s.adopt_part(&bytes[half..], &rec.events, &rec.aux, &research, &roots)
        .unwrap();
    let out = s.adopt_end(JsValue::NULL).map_err(message).unwrap();
    assert_eq!(get(&out, "aborted"), JsValue::TRUE);
    assert_eq!(num(&get(&out, "stats"), "nodes") as usize, rec.nodes.len());
    assert_eq!(
        num(&get(&out, "summary"), "nodes") as usize,
        rec.nodes.len()
    );
    assert_batches_equal_recording(&replay_all(&mut s, 1000), &rec);
    // a search handed back after Stop saves as stopped by hand, and opens again
    let chunks = std::rc::Rc::new(std::cell::RefCell::new(Vec::<u8>::new()));
    let sink = chunks.clone();
    let cb = Closure::<dyn FnMut(JsValue)>::new(move |c: JsValue| {
        sink.borrow_mut()
            .extend(c.unchecked_into::<Uint8Array>().to_vec());
    });
    s.save("binary", cb.as_ref().unchecked_ref(), 4096)
        .map_err(message)
        .unwrap();
    let saved = chunks.borrow().clone();
    let again = Session::open(&saved).map_err(message).unwrap();
    assert_eq!(again.node_count() as usize, rec.nodes.len());
    let out = again.outcome_now().map_err(message).unwrap();
    assert_eq!(
        get(&get(&out, "summary"), "stopped").as_string().as_deref(),
        Some("user")
    );
    // an inconsistent hand-back is refused: a tape that enters one node too many
    let mut bad = Session::adopt(input_js, cfg_js).unwrap();
    bad.adopt_part(bytes, &[0u8; 60], &[], &[], &[]).unwrap();
    let e = bad.adopt_end(JsValue::NULL).err().map(message).unwrap();
    assert!(e.contains("inconsistent"), "{e}");
}

#[wasm_bindgen_test]
fn configuration_words_round_trip_through_the_core() {
    let base = js(r#"{"depth":3,"iterative":true}"#);
    for &(name, _) in prunescope::search::config::ENABLE_NAMES
        .iter()
        .chain(&[("uc_safe", ""), ("uc_all", "")])
    {
        let built = build_config("pvs", name, "null_move.R=3 lmr.K=4", base.clone()).unwrap();
        if get(&built, "message").is_string() {
            // a switch the core refuses alone (e.g. presearch needs tt): named as such
            assert_eq!(
                get(&built, "field").as_string().as_deref(),
                Some("config"),
                "{name}"
            );
            continue;
        }
        let cfg = get(&built, "config");
        let words = config_words(cfg.clone()).unwrap();
        let again = build_config(
            &get(&words, "algo").as_string().unwrap(),
            &get(&words, "enable").as_string().unwrap(),
            &get(&words, "set").as_string().unwrap(),
            base.clone(),
        )
        .unwrap();
        assert_eq!(
            js_sys::JSON::stringify(&get(&again, "config")).unwrap(),
            js_sys::JSON::stringify(&cfg).unwrap(),
            "{name}"
        );
    }
    let cfg = get(
        &build_config(
            "pvs",
            "tt, null_move, uc_safe verified_null",
            "null_move.R=3, lmr.K=4",
            JsValue::UNDEFINED,
        )
        .unwrap(),
        "config",
    );
    assert_eq!(
        describe_config(cfg).unwrap(),
        // the CLI's words joined (search::config::describe_config): verified null moves switch
        // null moves on themselves
        "pvs + tt, verified_null, uc_safe (lmr.K=4, null_move.R=3)"
    );
    let bad = build_config("pvs", "tt, nullmove", "", JsValue::UNDEFINED).unwrap();
    assert!(
        get(&bad, "message")
            .as_string()
            .unwrap()
            .contains("unknown technique 'nullmove'")
    );
    assert_eq!(get(&bad, "field").as_string().as_deref(), Some("enable"));
    let bad = build_config("pvs", "", "null_move.R", JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&bad, "field").as_string().as_deref(), Some("set"));
    let bad = build_config("minimax", "null_move", "", JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&bad, "field").as_string().as_deref(), Some("config"));
    assert!(
        get(&bad, "config").is_object(),
        "the refused configuration comes back to show"
    );
    let c = choices().unwrap();
    assert_eq!(js_sys::Array::from(&get(&c, "replacement")).length(), 3);
    assert_eq!(
        strings(js_sys::Array::from(&get(&c, "ordering"))),
        ["best", "worst", "random"]
    );
    assert_eq!(num(&c, "mate"), prunescope::game::MATE as f64);
    assert_eq!(num(&c, "win"), prunescope::game::WIN as f64);
    assert_eq!(num(&c, "winBound"), prunescope::game::WIN_BOUND as f64);
    let epd = parse_epd("8/8/8/8/8/8/5k2/K7 w - - bm Kb2; id \"x\";\n").unwrap();
    assert_eq!(
        get(&js_sys::Array::from(&epd).get(0), "id")
            .as_string()
            .as_deref(),
        Some("x")
    );
    assert!(parse_epd("nonsense").is_err());
}

#[wasm_bindgen_test]
fn game_boards_come_from_the_core() {
    let json = |s: &str| js_sys::JSON::parse(s).unwrap();
    let ttt = r#"{"kind":"tictactoe","position":"x../.../..."}"#;
    let v = game_view(json(ttt)).unwrap();
    assert_eq!(num(&v, "side"), 1.0);
    assert_eq!(num(&v, "whole_depth"), 8.0);
    assert_eq!(js_sys::Array::from(&get(&v, "moves")).length(), 8);
    assert!(game_view(json(r#"{"kind":"tictactoe","position":"xx./.../..."}"#)).is_err());
    // a move played by its trace code; an occupied square refused by name
    let next = game_play(json(r#"{"kind":"connect4","position":"44"}"#), 0).unwrap();
    assert_eq!(get(&next, "position").as_string().as_deref(), Some("441"));
    assert!(game_play(json(ttt), 6).is_err());
    // a chess technique refused, naming the technique and the game
    let refused = check_run(json(ttt), json(r#"{"quiescence":{"enabled":true}}"#));
    let message = get(&refused, "message").as_string().unwrap();
    assert!(
        message.contains("quiescence cannot be used on tic-tac-toe"),
        "{message}"
    );
    assert!(check_run(json(ttt), JsValue::UNDEFINED).is_undefined());
    // a node's board: one move (node 1, column 3) below the root of "44"
    let mut names = Names::new(
        json(r#"{"kind":"connect4","position":"44"}"#),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let at = names.game_view(&[1, 1, 2]).unwrap();
    let rows = js_sys::Array::from(&get(&at, "rows"));
    assert_eq!(rows.get(5).as_string().as_deref(), Some("..xx..."));
    let last = js_sys::Array::from(&get(&at, "last"));
    assert_eq!(
        (last.get(0).as_f64(), last.get(1).as_f64()),
        (Some(5.0), Some(2.0))
    );
}

#[wasm_bindgen_test]
fn the_page_diff_is_the_core_diff() {
    let mut rng = prunescope::game::synthetic::Rng::new(11);
    for case in 0..60 {
        let shape = prunescope::game::tree::Shape::random(&mut rng, 2 + case % 4, 4, 9);
        let input = Input::Tree {
            text: shape.to_text(),
        };
        let algos = Algorithm::ALL;
        let (_, a) = native(
            &input,
            &SearchConfig {
                algo: algos[case as usize % algos.len()],
                ..Default::default()
            },
        );
        let (_, b) = native(
            &input,
            &SearchConfig {
                algo: algos[(case as usize + 1) % algos.len()],
                ..Default::default()
            },
        );
        let cols = |r: &prunescope::Recorder| {
            (
                r.nodes.iter().map(|n| n.parent).collect::<Vec<_>>(),
                r.nodes.iter().map(|n| n.move_code).collect::<Vec<_>>(),
                r.nodes.iter().map(|n| n.value).collect::<Vec<_>>(),
                r.nodes.iter().map(|n| n.flags).collect::<Vec<_>>(),
            )
        };
        let (pa, ca, va, fa) = cols(&a);
        let (pb, cb, vb, fb) = cols(&b);
        let got = diff_columns(&pa, &ca, &va, &fa, &pb, &cb, &vb, &fb, 1, 1)
            .map_err(message)
            .unwrap();
        let want = prunescope::trace::diff::diff(&a.nodes, &b.nodes);
        assert_eq!(
            get(&got, "aToB").unchecked_into::<Uint32Array>().to_vec(),
            want.left_to_right
        );
        assert_eq!(
            get(&got, "bToA").unchecked_into::<Uint32Array>().to_vec(),
            want.right_to_left
        );
        assert_eq!(
            get(&got, "changes").unchecked_into::<Uint8Array>().to_vec(),
            want.changes
        );
        assert_eq!(num(&get(&got, "counts"), "both") as u64, want.both);
        assert_eq!(
            js_sys::Array::from(&get(&got, "per_ply")).length() as usize,
            want.per_ply.len()
        );
    }
    let e = diff_columns(
        &[NO_PARENT, 5],
        &[0, 0],
        &[0, 0],
        &[0, 0],
        &[],
        &[],
        &[],
        &[],
        1,
        1,
    )
    .err()
    .map(message)
    .unwrap();
    assert!(e.contains("trace A"), "{e}");
}

#[wasm_bindgen_test]
fn records_read_back_as_written() {
    let (_, rec) = native(
        &Input::Tree {
            text: RN_TREE.into(),
        },
        &SearchConfig::default(),
    );
    assert_eq!(
        records_from_bytes(node_bytes(&rec.nodes)).unwrap(),
        rec.nodes
    );
    assert!(records_from_bytes(&[1, 2, 3]).is_err());
}

// ---------------------------------------------------------------------------------------------
// Experiments (src/wasm/experiments.rs)
// ---------------------------------------------------------------------------------------------

const BK: &str = include_str!("../www/data/bk.epd");

#[wasm_bindgen_test]
fn committed_results_are_checked_through_the_core() {
    use prunescope::experiments::ExperimentError;
    use prunescope::wasm::experiments::read_result;
    let text = include_str!("../docs/results/uncertainty.json");
    let c = read_result("uncertainty", "uncertainty", text).unwrap();
    assert_eq!(
        (c.experiment.as_str(), c.rows, c.positions),
        ("uncertainty", 24, 24)
    );
    assert!(
        c.consistent,
        "this build computes the committed tables from the rows"
    );
    assert!(
        c.runs[0]
            .command
            .as_deref()
            .unwrap()
            .contains("experiment uncertainty")
    );
    let refuse = |name: &str, text: &str, want: &str| {
        let e = read_result(name, name, text).unwrap_err();
        // a file's problem names the file and field; an unknown name is the experiment option
        assert!(
            matches!(
                e,
                ExperimentError::Data(_)
                    | ExperimentError::Option {
                        option: "experiment",
                        ..
                    }
            ),
            "{e}"
        );
        let e = e.to_string();
        assert!(e.contains(want), "{e}");
    };
    refuse("best-move-index", text, "\"experiment\" is 'uncertainty'");
    refuse("uncertainty", "{", "not JSON");
    refuse(
        "uncertainty",
        &text.replacen("\"prunescope-experiment\"", "\"other\"", 1),
        "prunescope-experiment",
    );
    // Version 1 (this file) is still read; version 2 must say what merged it; 3 is unknown.
    refuse(
        "uncertainty",
        &text.replacen("\"version\": 1", "\"version\": 3", 1),
        "version 3",
    );
    refuse(
        "uncertainty",
        &text.replacen("\"version\": 1", "\"version\": 2", 1),
        "\"merges\" must be an array",
    );
    let sharded = read_result(
        "best-move-index",
        "best-move-index",
        include_str!("../docs/results/best-move-index.json"),
    )
    .unwrap();
    assert!(sharded.consistent);
    assert_eq!(sharded.runs.len(), 2);
    assert_eq!(sharded.merges.len(), 1);
    assert!(
        sharded.merges[0].starts_with("prunescope experiment merge results/best-move-index/"),
        "{:?}",
        sharded.merges
    );
    assert!(c.merges.is_empty());
    refuse(
        "uncertainty",
        &text.replacen("\"positions\": 24", "\"positions\": 24, \"x\": 1", 1),
        "unknown field `x`",
    );
    let mut doc: serde_json::Value = serde_json::from_str(text).unwrap();
    doc["rows"][0][1] = 7.into();
    refuse(
        "uncertainty",
        &doc.to_string(),
        "rows[0]: position is not a string",
    );
    refuse("nope", text, "unknown experiment 'nope'");
    // changed rows: still read, but flagged as not what this build computes from them
    let mut doc: serde_json::Value = serde_json::from_str(text).unwrap();
    doc["rows"][0][5] = 1.into();
    let c = read_result("uncertainty", "uncertainty", &doc.to_string()).unwrap();
    assert!(!c.consistent);
}

#[wasm_bindgen_test]
fn small_runs_are_the_cores_rows_and_refuse_what_is_too_big() {
    use prunescope::experiments::ExperimentError;
    use prunescope::experiments::{Dataset, Experiment, Meter, Options, Row, parse_epd};
    use prunescope::wasm::experiments::{report_rows, run_position, small_depths};
    let (rows, nodes) = run_position("best-move-index", BK, 1, "2").unwrap();
    let suite = parse_epd(BK).unwrap();
    let o = Options {
        depths: vec![2],
        node_cap: prunescope::search::config::DEFAULT_NODE_CAP,
        nodes: 1,
        set: Vec::new(),
    };
    let pos = ChessPos::from_fen(&suite[1].fen).unwrap();
    let e = Experiment::BestMoveIndex;
    let want = e
        .run_position(1, &suite[1], &pos, &o, &Meter::default())
        .unwrap();
    assert_eq!(rows, want);
    assert!(nodes > 0);
    let json: Vec<serde_json::Value> = rows.iter().map(Row::to_json).collect();
    assert_eq!(
        report_rows("best-move-index", json).unwrap(),
        e.report(&Dataset::new(e.columns(), want))
    );
    let err = run_position("uncertainty", BK, 0, "6").unwrap_err();
    assert!(
        matches!(
            err,
            ExperimentError::Option {
                option: "--depth",
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("depth 6 is too deep"), "{err}");
    let err = run_position("uncertainty", BK, 99, "2").unwrap_err();
    assert!(
        matches!(
            err,
            ExperimentError::Option {
                option: "index",
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("past the suite's end"));
    assert!(small_depths(Experiment::Presearch).is_err());
    assert!(small_depths(Experiment::NullMove).is_err());
    assert_eq!(small_depths(Experiment::Schaeffer).unwrap(), [2, 3, 4, 5]);
    assert!(run_position("presearch", BK, 0, "3").is_err());
}

#[wasm_bindgen_test]
fn small_games_search_and_name_moves_in_their_notation() {
    let text = r#"{"kind":"tictactoe","position":"x.o/.x./..o"}"#;
    let mut s = Session::new(js(text), js(r#"{"algo":"alphabeta","depth":5}"#))
        .map_err(message)
        .unwrap();
    assert_eq!(s.kind(), "tictactoe");
    let (batches, result) = run_collect(&mut s, 1000);
    let input = Input::TicTacToe(TicTacToeInput {
        position: "x.o/.x./..o".into(),
    });
    let cfg = SearchConfig {
        algo: Algorithm::AlphaBeta,
        depth: 5,
        ..Default::default()
    };
    let (nsum, nrec) = native(&input, &cfg);
    let summary = get(&result, "summary");
    assert_eq!(num(&summary, "value"), nsum.value.unwrap() as f64);
    assert_eq!(assemble(&batches), rec_bytes(&nrec));

    let root: &[(u32, u16)] = &[];
    let mut names = Names::new(js(text), JsValue::UNDEFINED).unwrap();
    assert!(!names.is_chess());
    assert_eq!(names.move_name(&paths(&[root]), 4), "b2");
    let mut names =
        Names::new(js(r#"{"kind":"nim","piles":[1,3,5]}"#), JsValue::UNDEFINED).unwrap();
    assert_eq!(names.move_name(&paths(&[root]), 2 * 256 + 2), "p3-2");
    let mut names = Names::new(
        js(r#"{"kind":"connect4","position":"44"}"#),
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert_eq!(names.move_name(&paths(&[root]), 3), "4");
    assert_eq!(
        strings(names.labels(&paths(&[&[(1, 3)]])).unwrap()),
        vec!["4"]
    );

    // A technique the game refuses is refused when the session is made, by name.
    let e = Session::new(
        js(r#"{"kind":"connect4"}"#),
        js(r#"{"quiescence":{"enabled":true}}"#),
    )
    .map(|_| ())
    .map_err(message)
    .unwrap_err();
    assert!(
        e.contains("quiescence cannot be used on Connect Four"),
        "{e}"
    );
}

/// The editor's chance calls: `tree_shape` gives the weights and the bounds, `tree_print_chance`
/// prints chance nodes, weights and bounds back (refusing a weight of 0 and a leaf outside the
/// bounds in the core's words), and `tree_chance_value` gives the chance search's exact value.
#[wasm_bindgen_test]
fn tree_shape_and_tree_print_chance_carry_chance_nodes() {
    let shape = tree_shape("bounds 0 9 ([1:3 2:7] [1:5 1:8])").unwrap();
    let get = |k: &str| Reflect::get(&shape, &JsValue::from_str(k)).unwrap();
    assert_eq!(get("chance").as_bool(), Some(true));
    assert_eq!(
        Uint32Array::from(get("weights")).to_vec(),
        [0, 0, 0, 1, 2, 1, 1]
    );
    assert_eq!(js_sys::Int32Array::from(get("bounds")).to_vec(), [0, 9]);
    let degrees = [2, 2, 0, 0, 2, 0, 0];
    let values = [0.0, 0.0, 3.0, 7.0, 0.0, 5.0, 8.0];
    let chance = [0, 1, 0, 0, 1, 0, 0];
    let weights = [0, 0, 1, 2, 0, 1, 1];
    assert_eq!(
        tree_print_chance(&degrees, &values, false, &chance, &weights, &[0.0, 9.0]).unwrap(),
        "bounds 0 9 ([1:3 2:7] [1:5 1:8])"
    );
    let w0 = [0, 0, 0, 2, 0, 1, 1];
    assert_eq!(
        message(tree_print_chance(&degrees, &values, false, &chance, &w0, &[]).unwrap_err()),
        "branch weight 0 must be a whole number from 1 to 1000000"
    );
    assert_eq!(
        message(
            tree_print_chance(&degrees, &values, false, &chance, &weights, &[0.0, 6.0])
                .unwrap_err()
        ),
        "leaf value 7 lies outside the declared bounds [0, 6]"
    );
    let v = tree_chance_value("bounds 0 9 ([1:3 2:7] [1:5 1:8])", "expectimax", 0).unwrap();
    let get = |k: &str| Reflect::get(&v, &JsValue::from_str(k)).unwrap();
    assert_eq!(get("value").as_string().unwrap(), "13/2");
    assert_eq!(get("nodes").as_f64(), Some(7.0));
}

/// The second build says it holds chess and trace files, and every input kind (the page's
/// core routes by this: docs/architecture.md, "Two wasm builds").
#[wasm_bindgen_test]
fn build_info_of_the_second_build() {
    let info = prunescope::wasm::build_info().map_err(message).unwrap();
    let list = |key: &str| -> Vec<String> {
        js_sys::Array::from(&get(&info, key))
            .iter()
            .map(|v| v.as_string().unwrap())
            .collect()
    };
    assert_eq!(list("features"), ["chess", "files"]);
    assert_eq!(
        list("inputs"),
        ["tree", "random", "chess", "tictactoe", "nim", "connect4"]
    );
}
