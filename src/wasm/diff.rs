//! The node-by-node comparison of two traces ([`crate::trace::diff::diff`], the matching rule
//! of `docs/compare.md`) over the page's columns: one call per comparison, typed arrays in and
//! out.

use super::{WasmError, err, set, to_js};
use crate::schema::{FLAG_BOUND_MASK, FLAG_EXPECTED_SHIFT, NO_PARENT};
use crate::trace::diff::{DiffNode, diff_scaled};
use js_sys::{Object, Uint8Array, Uint32Array};
use wasm_bindgen::prelude::*;

fn nodes(
    parent: &[u32],
    code: &[u16],
    value: &[i32],
    flags: &[u8],
) -> Result<Vec<DiffNode>, WasmError> {
    let n = parent.len();
    if code.len() != n || value.len() != n || flags.len() != n {
        return Err(WasmError::argument(
            "columns",
            "the columns of a trace must have one entry per node",
        ));
    }
    (0..n)
        .map(|id| {
            let p = parent[id];
            if p != NO_PARENT && p as usize >= id {
                return Err(WasmError::Node {
                    node: id as u32,
                    message: format!("names parent {p}, which does not come before it"),
                });
            }
            Ok(DiffNode {
                parent: p,
                code: if p == NO_PARENT { 0 } else { code[id] },
                value: value[id],
                bound: flags[id] & FLAG_BOUND_MASK,
                expected: (flags[id] >> FLAG_EXPECTED_SHIFT) & 3,
            })
        })
        .collect()
}

/// Matches trace A (left) with trace B (right), given each one's `parent`, `move_code`,
/// `value` and `flags` columns and the scale its values are stored over (`summary.scale`: a
/// chance search's exact fractions times it; 1 otherwise), so that a pair's values are compared
/// as the fractions they stand for. Answers `{aToB, bToA (Uint32Array, 0xFFFFFFFF = not visited by
/// the other), changes (Uint8Array per A node: value 1 | bound 2 | type 4), sizeA, sizeB
/// (Uint32Array subtree sizes), counts: {only_left, only_right, both, changed, changed_value,
/// changed_bound, changed_type}, per_ply: [{ply, left, right, only_left, only_right, both}]}`.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn diff_columns(
    parent_a: &[u32],
    code_a: &[u16],
    value_a: &[i32],
    flags_a: &[u8],
    parent_b: &[u32],
    code_b: &[u16],
    value_b: &[i32],
    flags_b: &[u8],
    scale_a: u32,
    scale_b: u32,
) -> Result<Object, JsError> {
    let a = nodes(parent_a, code_a, value_a, flags_a).map_err(|e| err(format!("trace A: {e}")))?;
    let b = nodes(parent_b, code_b, value_b, flags_b).map_err(|e| err(format!("trace B: {e}")))?;
    let d = diff_scaled(&a, &b, scale_a, scale_b);
    let out = Object::new();
    set(&out, "aToB", Uint32Array::from(&d.left_to_right[..]));
    set(&out, "bToA", Uint32Array::from(&d.right_to_left[..]));
    set(&out, "changes", Uint8Array::from(&d.changes[..]));
    set(&out, "sizeA", Uint32Array::from(&d.subtree_left[..]));
    set(&out, "sizeB", Uint32Array::from(&d.subtree_right[..]));
    let counts = serde_json::json!({
        "only_left": d.only_left,
        "only_right": d.only_right,
        "both": d.both,
        "changed": d.changed,
        "changed_value": d.changed_value,
        "changed_bound": d.changed_bound,
        "changed_type": d.changed_type,
    });
    set(&out, "counts", to_js(&counts)?);
    set(&out, "per_ply", to_js(&d.per_ply)?);
    Ok(out)
}
