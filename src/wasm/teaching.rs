//! What the page's teaching views need from the core beyond the trace: the shape of an explicit
//! tree, so that the subtrees a search pruned can be drawn greyed with their leaf values
//! (Russell & Norvig's figure), and the tree editor's reading and printing of tree text —
//! without the page parsing or printing the tree text itself (one parser, the core's).

use super::{err, set};
use crate::game::tree::{PreorderError, Tree};
use js_sys::{Int32Array, Object, Uint32Array};
use wasm_bindgen::prelude::*;

/// The shape of the explicit tree `text` (parsed by the core's own reader, with its limits):
/// `{first: Uint32Array, values: Int32Array, min: boolean, chance: boolean, text: string}`, breadth-first —
/// node `i`'s children are `first[i] .. first[i + 1]` and `values[i]` is its leaf value from
/// MAX's view (0 for inner nodes); node 0 is the root; `min`: MIN moves at the root (the `min`
/// header); `chance`: the tree has chance nodes (`[W:…]`, whose weights these arrays do not
/// carry); `text`: the tree's canonical text. Throws the parser's message (line and column) on
/// bad text.
#[wasm_bindgen]
pub fn tree_shape(text: &str) -> Result<Object, JsError> {
    let tree = Tree::parse(text).map_err(|e| err(e.to_string()))?;
    let (first, values) = tree.shape_arrays();
    let out = Object::new();
    set(&out, "first", Uint32Array::from(first));
    set(&out, "values", Int32Array::from(values));
    set(&out, "min", tree.min_root());
    set(&out, "chance", tree.has_chance());
    set(&out, "text", tree.to_text());
    Ok(out)
}

/// The canonical text of the tree the page's editor holds, given as two flat arrays in preorder
/// (`degrees[i]` children and leaf value `values[i]` per node; values are numbers, checked to be
/// whole here) and who moves at the root. Throws the core's words when the tree crosses one of
/// the parser's limits (too deep, too many children or nodes, a leaf out of range), which the
/// editor shows as its refusal of the edit.
#[wasm_bindgen]
pub fn tree_print(degrees: &[u32], values: &[f64], min: bool) -> Result<String, JsError> {
    let mut whole = Vec::with_capacity(values.len());
    for &v in values {
        if !v.is_finite() || v.fract() != 0.0 {
            return Err(err(format!("leaf value {v} is not a whole number")));
        }
        // Saturates far past the limit, which is refused below all the same.
        whole.push(v as i64);
    }
    Tree::from_preorder(degrees, &whole, min)
        .map(|t| t.to_text())
        .map_err(|e: PreorderError| err(e.to_string()))
}
