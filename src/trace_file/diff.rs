//! Comparing two trace files: the node-by-node matching of [`crate::trace::diff`] on their
//! records, with what each file says of itself (its configuration in words, value, best line),
//! as `prunescope diff` prints it and `--json` writes it.

use crate::game::Value;
use crate::search::config::describe_config;
use crate::trace::diff::{Diff, PlyCounts, diff};
use crate::trace_file::TraceFile;
use serde::Serialize;

/// One side of a [`DiffReport`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// The file it was read from.
    pub file: String,
    /// [`describe_config`] of its configuration.
    pub config: String,
    pub nodes: u64,
    /// The root value, `None` when no iteration finished.
    pub value: Option<Value>,
    pub best_line: Vec<String>,
    pub aborted: bool,
    pub roots: u64,
}

/// What `prunescope diff --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DiffReport {
    pub only_left: u64,
    pub only_right: u64,
    pub both: u64,
    pub value_left: Option<Value>,
    pub value_right: Option<Value>,
    pub nodes_left: u64,
    pub nodes_right: u64,
    /// Matched pairs whose value, bound or expected type differ, in all and per cause.
    pub changed: u64,
    pub changed_value: u64,
    pub changed_bound: u64,
    pub changed_type: u64,
    /// Whether both traces searched the same input (tree, synthetic tree or position).
    pub same_input: bool,
    pub left: SideReport,
    pub right: SideReport,
    pub per_ply: Vec<PlyCounts>,
}

fn side_report(file: &str, t: &TraceFile) -> SideReport {
    let s = &t.header.summary;
    let san = !s.best_line_san.is_empty();
    let line = if san { &s.best_line_san } else { &s.best_line };
    SideReport {
        file: file.to_string(),
        config: describe_config(&t.header.config),
        nodes: t.rec.nodes.len() as u64,
        value: s.value,
        best_line: line.clone(),
        aborted: s.aborted,
        roots: t.rec.roots.len() as u64,
    }
}

/// Compares two trace files read with [`crate::trace_file::read`], named `left_file` and
/// `right_file` in the report.
pub fn diff_files(
    left_file: &str,
    left: &TraceFile,
    right_file: &str,
    right: &TraceFile,
) -> (Diff, DiffReport) {
    let d = diff(&left.rec.nodes, &right.rec.nodes);
    let report = DiffReport {
        only_left: d.only_left,
        only_right: d.only_right,
        both: d.both,
        value_left: left.header.summary.value,
        value_right: right.header.summary.value,
        nodes_left: left.rec.nodes.len() as u64,
        nodes_right: right.rec.nodes.len() as u64,
        changed: d.changed,
        changed_value: d.changed_value,
        changed_bound: d.changed_bound,
        changed_type: d.changed_type,
        same_input: left.header.input == right.header.input,
        left: side_report(left_file, left),
        right: side_report(right_file, right),
        per_ply: d.per_ply.clone(),
    };
    (d, report)
}
