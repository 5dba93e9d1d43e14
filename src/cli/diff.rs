//! `prunescope diff`: compare two saved traces (JSON or binary) node by node.

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::trace_file::diff::{DiffReport, diff_files};
use prunescope::trace_file::{self, TraceFile};
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
    let report = diff_files(left, &a, right, &b);
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
