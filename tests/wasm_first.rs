//! Tests of the first wasm build (no cargo features: what the page's default search needs;
//! docs/architecture.md, "Two wasm builds"), run in headless Chromium by
//! `wasm-bindgen-test-runner` (see `scripts/test.sh`):
//!
//! ```sh
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!   cargo test --no-default-features --target wasm32-unknown-unknown --test wasm_first
//! ```
//!
//! The first build searches and names trees; it refuses chess by a typed error naming the
//! field, and says which input kinds it holds, which is how the page's core routes a call.
#![cfg(all(target_arch = "wasm32", not(feature = "chess")))]

use js_sys::{Function, Reflect};
use prunescope::wasm::{Names, Session, build_info, check_input, check_run, validate};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn js(json: &str) -> JsValue {
    js_sys::JSON::parse(json).expect("test JSON parses")
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).expect("property read")
}

fn chess() -> JsValue {
    js(&serde_json::json!({ "kind": "chess", "fen": START_FEN }).to_string())
}

fn message(e: JsError) -> String {
    let v: JsValue = e.into();
    v.dyn_into::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|v| format!("{v:?}"))
}

#[wasm_bindgen_test]
fn build_info_lists_no_chess_and_no_files() {
    let info = build_info().map_err(message).unwrap();
    let inputs: Vec<String> = js_sys::Array::from(&get(&info, "inputs"))
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(inputs, ["tree", "random", "tictactoe", "nim", "connect4"]);
    assert_eq!(js_sys::Array::from(&get(&info, "features")).length(), 0);
}

#[wasm_bindgen_test]
fn chess_is_refused_by_name_and_field() {
    let p = check_input(chess());
    assert_eq!(get(&p, "field").as_string().as_deref(), Some("fen"));
    let m = get(&p, "message").as_string().unwrap();
    assert!(m.contains("chess is not in this build"), "{m}");
    assert!(validate(chess()).is_some());
    let refused = check_run(chess(), js(r#"{"algo":"alphabeta","depth":2}"#));
    assert_eq!(get(&refused, "field").as_string().as_deref(), Some("fen"));
    let e = Session::new(chess(), JsValue::UNDEFINED).err().map(message);
    assert!(e.unwrap().contains("chess is not in this build"));
    assert!(Names::new(chess(), JsValue::UNDEFINED).is_err());
}

#[wasm_bindgen_test]
fn the_default_tree_is_searched_and_named() {
    let input = js(r#"{"kind":"tree","text":"((3 12 8) (2 4 6) (14 5 2))"}"#);
    let mut s = Session::new(input.clone(), js(r#"{"algo":"alphabeta"}"#))
        .map_err(message)
        .unwrap();
    let noop = Function::new_no_args("");
    let out = s.run(&noop, 0).map_err(message).unwrap();
    let summary = get(&out, "summary");
    assert_eq!(get(&summary, "value").as_f64(), Some(3.0));
    assert_eq!(get(&summary, "nodes").as_f64(), Some(11.0));
    let mut names = Names::new(input, JsValue::UNDEFINED)
        .map_err(message)
        .unwrap();
    assert!(!names.is_chess());
    // the root's second child: path = 1 move, (node 5, move code 1)
    assert_eq!(names.move_name(&[0], 1), "1");
    assert_eq!(names.uci(1), None);
}
