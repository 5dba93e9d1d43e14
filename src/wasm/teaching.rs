//! What the page's teaching views need from the core beyond the trace: the shape of an explicit
//! tree, so that the subtrees a search pruned can be drawn greyed with their leaf values
//! (Russell & Norvig's figure), without the page parsing the tree text a second time.

use super::{err, set};
use crate::game::tree::Tree;
use js_sys::{Int32Array, Object, Uint32Array};
use wasm_bindgen::prelude::*;

/// The shape of the explicit tree `text` (parsed by the core's own reader, with its limits):
/// `{first: Uint32Array, values: Int32Array}`, breadth-first — node `i`'s children are
/// `first[i] .. first[i + 1]` and `values[i]` is its leaf value from MAX's view (0 for inner
/// nodes); node 0 is the root; `min_root` says MIN moves at the root (the `min` header).
/// Throws the parser's message (line and column) on bad text.
#[wasm_bindgen]
pub fn tree_shape(text: &str) -> Result<Object, JsError> {
    let tree = Tree::parse(text).map_err(|e| err(e.to_string()))?;
    let (first, values) = tree.shape_arrays();
    let out = Object::new();
    set(&out, "first", Uint32Array::from(first));
    set(&out, "values", Int32Array::from(values));
    set(&out, "min_root", tree.min_root());
    Ok(out)
}
