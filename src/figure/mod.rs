//! Figures and worksheets for print (issue 31): an explicit tree, and any search of it, as a
//! TikZ figure in the `forest` package ([`tikz`]), and graded exercises as LaTeX worksheets with
//! their answer keys ([`worksheet`]).
//!
//! It sits above `teach` (a worksheet is an exercise and its key) and above `trace_file`, whose
//! `pruned` rule (`node_pruned`, the one the trace files and the page use) decides which
//! branches a figure draws as pruned. It reads a search the way the page does — the recorded
//! nodes and event tape of `run`'s search — so the figure shows what the page shows.

pub mod scene;
pub mod tikz;
pub mod worksheet;

pub use scene::{MAX_FIGURE_NODES, Scene, SceneSearch, View, scene};
pub use tikz::{Show, tikz};
pub use worksheet::worksheets;

/// What is wrong with a figure's input: the field (`tree`, `config`, `at`, …), and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {reason}")]
pub struct FigureError {
    pub field: &'static str,
    pub reason: String,
}

pub(crate) fn bad(field: &'static str, reason: impl Into<String>) -> FigureError {
    FigureError {
        field,
        reason: reason.into(),
    }
}
