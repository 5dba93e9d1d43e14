//! Comparing two trace files: the node-by-node matching of [`crate::trace::diff`] on their
//! records, with what each file says of itself, as `prunescope diff` prints it and `--json`
//! writes it.

use crate::game::Value;
use crate::search::config::describe_config;
use crate::trace::diff::{Diff, diff};
use crate::trace_file::TraceFile;
use serde::Serialize;

/// One side of a [`DiffReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    pub file: String,
    /// [`describe_config`] of its configuration.
    pub config: String,
    pub nodes: u64,
    /// The root value, `None` when no iteration finished.
    pub value: Option<Value>,
    /// In SAN where the file has it.
    pub best_line: Vec<String>,
    pub aborted: bool,
    pub roots: u64,
}

/// What `prunescope diff --json` prints: the matching's counts (`only_left`, `only_right`,
/// `both`, the `changed` pairs, `per_ply`) and each side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiffReport {
    #[serde(flatten)]
    pub diff: Diff,
    pub value_left: Option<Value>,
    pub value_right: Option<Value>,
    pub nodes_left: u64,
    pub nodes_right: u64,
    /// Whether both traces searched the same input (tree, synthetic tree or position).
    pub same_input: bool,
    pub left: SideReport,
    pub right: SideReport,
}

fn side_report(file: &str, t: &TraceFile) -> SideReport {
    let s = &t.header.summary;
    let san = !s.best_line_san.is_empty();
    SideReport {
        file: file.to_string(),
        config: describe_config(&t.header.config),
        nodes: t.rec.nodes.len() as u64,
        value: s.value,
        best_line: if san { &s.best_line_san } else { &s.best_line }.clone(),
        aborted: s.aborted,
        roots: t.rec.roots.len() as u64,
    }
}

/// Compares two trace files read with [`crate::trace_file::read`], named `left_file` and
/// `right_file` in the report.
pub fn diff_files(left_file: &str, l: &TraceFile, right_file: &str, r: &TraceFile) -> DiffReport {
    let (left, right) = (side_report(left_file, l), side_report(right_file, r));
    DiffReport {
        diff: diff(&l.rec.nodes, &r.rec.nodes),
        value_left: left.value,
        value_right: right.value,
        nodes_left: left.nodes,
        nodes_right: right.nodes,
        same_input: l.header.input == r.header.input,
        left,
        right,
    }
}
