//! Exercises for the page (issue 18 §2): generation, answer key and grading all in the core
//! (src/teach); the page only draws and collects answers. Small objects cross by serde.

use super::{WasmError, err, from_js, to_js};
use crate::teach::{Answers, Exercise, ExerciseParams};
use wasm_bindgen::prelude::*;

fn exercise(params: &JsValue) -> Result<Exercise, JsError> {
    let p: ExerciseParams = from_js(params, "params")
        .map_err(|e| WasmError::argument("params", format!("invalid exercise parameters: {e}")))?;
    Exercise::new(p).map_err(|e| err(e.to_string()))
}

/// The exercise `params` describes (`ExerciseParams`'s fields; missing ones take their
/// defaults): `{params, tree, key}` with the tree text and the answer key read from the core's
/// trace. Throws, naming the field, on bad parameters.
#[wasm_bindgen]
pub fn exercise_new(params: JsValue) -> Result<JsValue, JsError> {
    to_js(&exercise(&params)?)
}

/// Grades `answers` (`{pruned: [node], values: [[node, "≤ 2"]], windows: [[node, [α, β]]]}`)
/// against the exercise `params` describes: `{verdicts, right, total, first_wrong, hint}`.
#[wasm_bindgen]
pub fn exercise_grade(params: JsValue, answers: JsValue) -> Result<JsValue, JsError> {
    let e = exercise(&params)?;
    let a: Answers = from_js(&answers, "answers")
        .map_err(|e| WasmError::argument("answers", format!("invalid answers: {e}")))?;
    to_js(&e.grade(&a))
}

/// The default parameters, for the page's controls.
#[wasm_bindgen]
pub fn exercise_defaults() -> Result<JsValue, JsError> {
    to_js(&ExerciseParams::default())
}
