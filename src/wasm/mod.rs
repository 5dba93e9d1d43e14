//! The wasm adapter: a thin `wasm-bindgen` layer over the core for the browser.
//!
//! It holds no search logic and no second copy of any algorithm the page needs: the page calls
//! the core's own code through these handles (`docs/worker-protocol.md` lists them).
//!
//! - [`session`]: a search, an opened trace file or a trace the page hands back, in the search
//!   worker (`www/engine/worker.js`). It streams the trace to the page in batches of typed-array
//!   copies, computes its statistics and writes it to a file.
//! - [`names`]: names every node of a trace on the page's thread (SAN and FEN for chess, child
//!   indices for trees) and lists the moves a node never searched, by the core's
//!   [`crate::search::considered_moves`].
//! - [`contract`]: input and configuration checks, the CLI's configuration words, the choices
//!   the page's menus offer.
//! - [`games`]: the small games' boards: a position as cells or piles with its legal moves,
//!   a move played by its trace code, a configuration checked against the game.
//! - [`figure`]: the tree as a TikZ figure (the page's Export → TikZ; the second build only,
//!   feature `tikz`).
//! - [`diff`]: the node-by-node comparison of two traces (`crate::trace::diff`) over the
//!   page's columns.
//!
//! Across the boundary: opaque handles, flat typed arrays for bulk data, serde for small
//! objects, never one call or one JS object per node.

pub mod batch;
pub mod contract;
pub mod diff;
pub mod error;
pub mod exercise;
#[cfg(feature = "chess")]
pub mod experiments;
#[cfg(feature = "tikz")]
pub mod figure;
#[cfg(feature = "files")]
pub mod file;
pub mod games;
pub mod names;
pub mod session;
pub mod teaching;

#[cfg(feature = "chess")]
pub use contract::parse_epd;
pub use contract::{
    build_config, build_info, check_config, check_input, choices, config_words, describe_config,
    validate, validate_config,
};
pub use diff::diff_columns;
pub use error::WasmError;
#[cfg(feature = "exercises")]
pub use exercise::{exercise_defaults, exercise_grade, exercise_new};
pub use exercise::{grade_answer, grade_prune, question_expects};
#[cfg(feature = "tikz")]
pub use figure::tree_tikz;
pub use games::{check_run, game_play, game_view};
pub use names::Names;
pub use session::Session;
pub use teaching::{tree_chance_value, tree_print, tree_print_chance, tree_shape};

use crate::run::Input;
use crate::search::config::SearchConfig;
use crate::trace::record::NodeRec;
use js_sys::{Object, Reflect};
use serde::Serialize;
use std::sync::Mutex;
use wasm_bindgen::prelude::*;

/// Size of one node record on the wire.
pub const NODE_BYTES: usize = 28;
const _: () = assert!(core::mem::size_of::<NodeRec>() == NODE_BYTES);

// ---------------------------------------------------------------------------------------------
// Panics
// ---------------------------------------------------------------------------------------------

/// The message of the most recent panic. A panic aborts the wasm instance with
/// `RuntimeError: unreachable`; the worker then reads this to say what went wrong.
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Name of the global the panic hook also writes the message to, so JavaScript can read it
/// without calling back into an instance that just trapped.
const PANIC_GLOBAL: &str = "__prunescopeLastPanic";

/// Runs when the module is instantiated: installs the panic hook.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        let _ = Reflect::set(
            &js_sys::global(),
            &JsValue::from_str(PANIC_GLOBAL),
            &JsValue::from_str(&message),
        );
        if let Ok(mut last) = LAST_PANIC.try_lock() {
            *last = message;
        }
        console_error_panic_hook::hook(info);
    }));
}

/// The message of the last panic ("" if none).
#[wasm_bindgen]
pub fn last_panic() -> String {
    LAST_PANIC.try_lock().map(|m| m.clone()).unwrap_or_default()
}

/// Panics with `message`: lets the browser tests check that a panic's message reaches the page.
#[doc(hidden)]
#[wasm_bindgen]
pub fn debug_panic(message: &str) {
    panic!("{message}");
}

// ---------------------------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------------------------

/// Reads a JS value through `JSON.stringify` and serde_json, so unknown fields are rejected
/// (`deny_unknown_fields`) and errors name the field and what was expected, exactly as for
/// the CLI's JSON.
pub(crate) fn from_js<T: serde::de::DeserializeOwned>(
    value: &JsValue,
    argument: &'static str,
) -> Result<T, WasmError> {
    let json = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or_else(|| WasmError::argument(argument, "it is not a JSON value"))?;
    serde_json::from_str(&json)
        .map_err(|e| WasmError::argument(argument, strip_position(e.to_string())))
}

/// serde_json appends " at line 1 column N", which points into our own stringified copy, not
/// into anything the user typed.
pub(crate) fn strip_position(msg: String) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    }
}

pub(crate) fn parse_input(input: &JsValue) -> Result<Input, WasmError> {
    from_js(input, "input").map_err(|e| {
        WasmError::argument(
            "input",
            format!(
                "invalid input: {e} (expected {{kind: 'tree', text}}, {{kind: 'chess', fen}}, \
                 {{kind: 'random', branching, depth, seed, ordering}}, {{kind: 'tictactoe', \
                 position}}, {{kind: 'nim', piles, misere}} or {{kind: 'connect4', position}})"
            ),
        )
    })
}

/// A configuration as the page sends it (`undefined`/`null` = the defaults), not yet validated.
pub(crate) fn parse_config_unchecked(config: &JsValue) -> Result<SearchConfig, WasmError> {
    if config.is_undefined() || config.is_null() {
        return Ok(SearchConfig::default());
    }
    from_js(config, "config")
        .map_err(|e| WasmError::argument("config", format!("invalid search configuration: {e}")))
}

pub(crate) fn parse_config(config: &JsValue) -> Result<SearchConfig, WasmError> {
    let cfg = parse_config_unchecked(config)?;
    cfg.validate()?;
    Ok(cfg)
}

/// Serializes to plain JS objects and numbers (no `Map`s, no `BigInt`s).
pub(crate) fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&format!("cannot convert the result: {e}")))
}

pub(crate) fn set(obj: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a property on a fresh plain object cannot fail.
    let _ = Reflect::set(obj, &JsValue::from_str(key), &value.into());
}

pub(crate) fn err(message: impl AsRef<str>) -> JsError {
    JsError::new(message.as_ref())
}

/// The bytes of node records, exactly as laid out in memory (the record's one codec,
/// [`NodeRec`]'s `Pod` declaration): what the batches carry.
pub fn node_bytes(nodes: &[NodeRec]) -> &[u8] {
    crate::trace::record::records_bytes(nodes)
}

/// Node records from their bytes (the inverse of [`node_bytes`]), at any alignment. Errors when
/// the length is not a whole number of records.
pub fn records_from_bytes(bytes: &[u8]) -> Result<Vec<NodeRec>, WasmError> {
    let (rows, rest) = bytes.as_chunks::<NODE_BYTES>();
    if !rest.is_empty() {
        return Err(WasmError::argument(
            "records",
            format!(
                "{} bytes is not a whole number of {NODE_BYTES}-byte node records",
                bytes.len()
            ),
        ));
    }
    Ok(rows.iter().map(NodeRec::from_bytes).collect())
}
