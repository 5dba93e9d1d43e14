//! Exercises for the page (issue 18 §2): generation, answer key and grading all in the core
//! (src/teach); the page only draws and collects answers. Small objects cross by serde.
//!
//! The exercise generator and its grader (`exercise_*`) are in the second build only (cargo
//! feature `exercises`, part of `full`): Exercise mode loads that build when first shown, and
//! the first search does not need them (41 KB of the first build's brotli wasm, 24 %: the answer
//! key's recorded search of every input kind came with them; issue 33, docs/benchmarks.md
//! "First load"). The question grader (`grade_answer`,
//! `question_expects`, `grade_prune`) stays in both: the lessons' and the quiz's cards use it.

#[cfg(feature = "exercises")]
use super::{WasmError, err};
use super::{from_js, to_js};
use crate::teach::question::{Question, score_prune};
#[cfg(feature = "exercises")]
use crate::teach::{Answers, Exercise, ExerciseParams};
use wasm_bindgen::prelude::*;

#[cfg(feature = "exercises")]
fn exercise(params: &JsValue) -> Result<Exercise, JsError> {
    let p: ExerciseParams = from_js(params, "params")
        .map_err(|e| WasmError::argument("params", format!("invalid exercise parameters: {e}")))?;
    Exercise::new(p).map_err(|e| err(e.to_string()))
}

/// The exercise `params` describes (`ExerciseParams`'s fields; missing ones take their
/// defaults): `{params, tree, key}` with the tree text and the answer key read from the core's
/// trace. Throws, naming the field, on bad parameters.
#[cfg(feature = "exercises")]
#[wasm_bindgen]
pub fn exercise_new(params: JsValue) -> Result<JsValue, JsError> {
    to_js(&exercise(&params)?)
}

/// Grades `answers` (`{pruned: [node], values: [[node, "≤ 2"]], windows: [[node, [α, β]]]}`)
/// against the exercise `params` describes: `{verdicts, right, total, first_wrong, hint}`.
#[cfg(feature = "exercises")]
#[wasm_bindgen]
pub fn exercise_grade(params: JsValue, answers: JsValue) -> Result<JsValue, JsError> {
    let e = exercise(&params)?;
    let a: Answers = from_js(&answers, "answers")
        .map_err(|e| WasmError::argument("answers", format!("invalid answers: {e}")))?;
    to_js(&e.grade(&a))
}

/// The default parameters, for the page's controls.
#[cfg(feature = "exercises")]
#[wasm_bindgen]
pub fn exercise_defaults() -> Result<JsValue, JsError> {
    to_js(&ExerciseParams::default())
}

/// Grades one answer to a question of the quiz or a lesson (issue 28 §1): `question` is a
/// `teach::question::Question` (`{form: "value", value, scale, inf, bound, subtree, bounds,
/// fractions}`, `{form: "numbers", values, inf}` or `{form: "choice", answer}`), `reply` the
/// text typed or the key chosen. Answers `{ok, expected, accepted, note}`: the verdict, the
/// answer as the grader states it, every form it accepts, and the note on a refused form.
#[wasm_bindgen]
pub fn grade_answer(question: JsValue, reply: &str) -> Result<JsValue, JsError> {
    let q: Question = from_js(&question, "question")?;
    to_js(&q.grade(reply))
}

/// What `question` expects, before any answer: `{expected, accepted, form}`, `form` the kind
/// of answer the card says it takes (never the answer).
#[wasm_bindgen]
pub fn question_expects(question: JsValue) -> Result<JsValue, JsError> {
    let q: Question = from_js(&question, "question")?;
    to_js(&q.expects())
}

/// Prune prediction scored: the paths the student marked (`"1.2"`) against the roots of the
/// subtrees the search pruned: `{hits, missed, wrong, right, asked}`.
#[wasm_bindgen]
pub fn grade_prune(marks: JsValue, roots: JsValue) -> Result<JsValue, JsError> {
    let marks: Vec<String> = from_js(&marks, "marks")?;
    let roots: Vec<String> = from_js(&roots, "roots")?;
    to_js(&score_prune(&marks, &roots))
}
