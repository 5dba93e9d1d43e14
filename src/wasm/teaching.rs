//! What the page's teaching views need from the core beyond the trace: the shape of an explicit
//! tree, so that the subtrees a search pruned can be drawn greyed with their leaf values
//! (Russell & Norvig's figure), and the tree editor's reading and printing of tree text —
//! without the page parsing or printing the tree text itself (one parser, the core's).

use super::{err, set};
use crate::game::tree::{PreorderError, Tree};
use js_sys::{Int32Array, Object, Uint32Array};
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::*;

/// The shape of the explicit tree `text` (parsed by the core's own reader, with its limits):
/// `{first: Uint32Array, values: Int32Array, weights: Uint32Array, min: boolean, chance:
/// boolean, bounds: [L, U] | null, text: string}`, breadth-first —
/// node `i`'s children are `first[i] .. first[i + 1]` and `values[i]` is its leaf value from
/// MAX's view (0 for inner nodes); node 0 is the root; `min`: MIN moves at the root (the `min`
/// header); `chance`: the tree has chance nodes (`[W:…]`); `weights[i]`: the weight of the
/// branch into node `i` when its parent is a chance node, else 0 (empty without chance nodes);
/// `bounds`: the `bounds L U` header; `text`: the tree's canonical text. Throws the parser's
/// message (line and column) on bad text.
#[wasm_bindgen]
pub fn tree_shape(text: &str) -> Result<Object, JsError> {
    let tree = Tree::parse(text).map_err(|e| err(e.to_string()))?;
    let (first, values) = tree.shape_arrays();
    let out = Object::new();
    set(&out, "first", Uint32Array::from(first));
    set(&out, "values", Int32Array::from(values));
    set(&out, "min", tree.min_root());
    set(&out, "chance", tree.has_chance());
    set(&out, "weights", Uint32Array::from(tree.weights()));
    let bounds = match tree.bounds() {
        Some((l, u)) => Int32Array::from(&[l, u][..]).into(),
        None => JsValue::NULL,
    };
    set(&out, "bounds", bounds);
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
    tree_print_chance(degrees, values, min, &[], &[], &[])
}

fn whole(what: &str, v: f64) -> Result<i64, JsError> {
    if !v.is_finite() || v.fract() != 0.0 {
        return Err(err(format!("{what} {v} is not a whole number")));
    }
    // Saturates far past the limits, which the core refuses all the same.
    Ok(v as i64)
}

/// [`tree_print`] for a tree with chance nodes and bounds (docs/cli.md "Tree text"):
/// `chance[i]` 1 makes
/// inner node `i` a chance node, `weights[i]` is the weight of the branch into node `i` when
/// its parent is one (both empty, or one per node, in preorder), `bounds` is `[]` or `[L, U]`.
/// Throws the core's words for a weight below 1 or too large, L > U, a leaf outside the bounds,
/// or any of [`tree_print`]'s limits.
#[wasm_bindgen]
pub fn tree_print_chance(
    degrees: &[u32],
    values: &[f64],
    min: bool,
    chance: &[u8],
    weights: &[u32],
    bounds: &[f64],
) -> Result<String, JsError> {
    let leaves = values
        .iter()
        .map(|&v| whole("leaf value", v))
        .collect::<Result<Vec<_>, _>>()?;
    let bounds = match bounds {
        [] => None,
        [l, u] => Some((whole("bound L", *l)?, whole("bound U", *u)?)),
        _ => return Err(err("bounds: expected [] or [L, U]")),
    };
    Tree::from_preorder_chance(degrees, &leaves, min, chance, weights, bounds)
        .map(|t| t.to_text())
        .map_err(|e: PreorderError| err(e.to_string()))
}

/// The chance search `algo` (`expectimax`, `star1`, `star2`: src/search/chance.rs) of the tree
/// `text`: `{value: "7/3", nodes}` (the root's exact value from MAX's view and the nodes
/// entered), or the core's refusal (an unknown algorithm, Star1/Star2 without bounds, the node
/// cap). The tree editor's test compares it with the CLI's; drawing and stepping a chance search
/// in explore are the trace's (docs/trace-format.md).
#[wasm_bindgen]
pub fn tree_chance_value(text: &str, algo: &str, node_cap: u32) -> Result<Object, JsError> {
    use crate::search::chance::ChanceAlgorithm;
    let tree = Tree::parse(text).map_err(|e| err(e.to_string()))?;
    let algo = ChanceAlgorithm::parse(algo).ok_or_else(|| {
        err(format!(
            "unknown chance search {algo:?}: expected expectimax, star1 or star2"
        ))
    })?;
    // The one chance search, untraced (src/run/chance.rs); a search stopped by the node cap
    // is refused as before, naming the cap.
    let cfg = crate::run::chance_config(algo, node_cap as u64);
    let s = crate::run::chance::search(&tree, algo, &cfg, &mut crate::search::NoTrace)
        .map_err(|e| err(e.to_string()))?;
    let value = match (s.stopped, s.value) {
        (None, Some(v)) => {
            crate::run::chance::frac(v, s.scale).unwrap_or(crate::search::frac::Frac::ZERO)
        }
        _ => {
            return Err(err(format!(
                "the search passed its node cap of {node_cap} nodes: raise the cap (0 = none) \
                 to finish it"
            )));
        }
    };
    let value = if tree.min_root() {
        value.negated()
    } else {
        value
    };
    let out = Object::new();
    set(&out, "value", value.to_string());
    set(&out, "nodes", s.nodes as f64);
    Ok(out)
}
