//! `prunescope diff`: compare two saved traces (JSON or binary) node by node, with the core's
//! matching (`prunescope::trace::diff`), and print it as text or as the `--json` report below.

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::game::Value;
use prunescope::search::config::describe_config;
use prunescope::trace::diff::{Diff, diff};
use prunescope::trace_file::{self, TraceFile};
use serde::Serialize;
use std::io::Write;

#[derive(Args)]
pub struct DiffArgs {
    /// The left trace file (A): JSON or binary, possibly gzip-compressed.
    pub left: String,
    /// The right trace file (B).
    pub right: String,
    /// Print the comparison as JSON: only_left, only_right, both, value_left, value_right,
    /// per_ply, ...
    #[arg(long)]
    pub json: bool,
}

/// `prunescope diff`: reads two trace files and prints how their nodes match.
pub fn run(a: DiffArgs) -> Result<(), CliError> {
    let (left, right, json) = (a.left.as_str(), a.right.as_str(), a.json);
    // The two files are read at the same time, one per thread: reading is most of the work.
    let (a, b) = std::thread::scope(|s| {
        let other = s.spawn(|| read_trace_file(right));
        let a = read_trace_file(left);
        let b = other
            .join()
            .unwrap_or_else(|_| Err(format!("{right}: the reader failed").into()));
        (a, b)
    });
    let (a, b) = (a?, b?);
    let (sa, sb) = (a.header.summary.scale, b.header.summary.scale);
    if sa != sb {
        // Values are stored as fractions times the scale (docs/trace-format.md, "Chance
        // searches"): node by node, integers over different scales do not compare.
        return Err(CliError::from(format!(
            "diff: {left} stores its values over the scale {sa} and {right} over {sb} (chance \
             searches, docs/trace-format.md \"Chance searches\"); their values cannot be \
             compared node by node"
        )));
    }
    let report = DiffReport::of(left, &a, right, &b);
    if !report.same_input {
        term::notice(&format!(
            "the two traces searched different inputs ({} and {}); nodes are still matched by \
             path",
            a.header.input.kind(),
            b.header.input.kind()
        ));
    }
    let mut out = term::stdout();
    if json {
        serde_json::to_writer_pretty(&mut out, &report).map_err(std::io::Error::from)?;
        writeln!(out)?;
    } else {
        print_diff(&mut out, &report)?;
    }
    out.flush()?;
    Ok(())
}

/// Reads and validates a trace file (JSON or binary, detected from its bytes).
pub fn read_trace_file(path: &str) -> Result<TraceFile, CliError> {
    let f =
        std::fs::File::open(path).map_err(|e| format!("cannot read trace file '{path}': {e}"))?;
    trace_file::read(f).map_err(|e| CliError::from(e.in_file(path).to_string()))
}

/// One side of a [`DiffReport`].
#[derive(Serialize)]
struct SideReport {
    file: String,
    /// [`describe_config`] of its configuration.
    config: String,
    nodes: u64,
    /// The root value, `None` when no iteration finished.
    value: Option<Value>,
    /// In SAN where the file has it.
    best_line: Vec<String>,
    aborted: bool,
    roots: u64,
}

impl SideReport {
    fn of(file: &str, t: &TraceFile) -> SideReport {
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
}

/// What `prunescope diff --json` prints (docs/cli.md, `prunescope diff`): the matching's counts (`only_left`,
/// `only_right`, `both`, the `changed` pairs, `per_ply`; its per-node arrays are not
/// serialized) and each side.
#[derive(Serialize)]
struct DiffReport {
    #[serde(flatten)]
    diff: Diff,
    value_left: Option<Value>,
    value_right: Option<Value>,
    nodes_left: u64,
    nodes_right: u64,
    /// Whether both traces searched the same input (tree, synthetic tree or position).
    same_input: bool,
    left: SideReport,
    right: SideReport,
}

impl DiffReport {
    fn of(left_file: &str, l: &TraceFile, right_file: &str, r: &TraceFile) -> DiffReport {
        let (left, right) = (SideReport::of(left_file, l), SideReport::of(right_file, r));
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
}

fn print_diff(out: &mut impl Write, r: &DiffReport) -> std::io::Result<()> {
    for (name, s) in [("left ", &r.left), ("right", &r.right)] {
        writeln!(
            out,
            "{name}  {}: {}, {} nodes{}, value {}, best line {}",
            term::escape_line(&s.file),
            s.config,
            s.nodes,
            if s.aborted {
                " (stopped by the node cap)"
            } else {
                ""
            },
            s.value.map_or("none".to_string(), |v| v.to_string()),
            if s.best_line.is_empty() {
                "-".to_string()
            } else {
                term::escape_line(&s.best_line.join(" ")).into_owned()
            }
        )?;
    }
    writeln!(
        out,
        "matched by path: {} in both, {} only left, {} only right",
        r.diff.both, r.diff.only_left, r.diff.only_right
    )?;
    writeln!(
        out,
        "differences in both: {} (value {}, bound {}, expected type {})",
        r.diff.changed, r.diff.changed_value, r.diff.changed_bound, r.diff.changed_type
    )?;
    let diff = r.nodes_right as i64 - r.nodes_left as i64;
    writeln!(
        out,
        "nodes right - left: {diff:+} ({:+.1}%)",
        100.0 * diff as f64 / r.nodes_left.max(1) as f64
    )?;
    writeln!(
        out,
        "{:>4} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "ply", "left", "right", "both", "only left", "only right"
    )?;
    for p in &r.diff.per_ply {
        writeln!(
            out,
            "{:>4} {:>10} {:>10} {:>10} {:>10} {:>10}",
            p.ply, p.left, p.right, p.both, p.only_left, p.only_right
        )?;
    }
    Ok(())
}
