//! `prunescope diff`: compare two saved traces node by node.

use prunescope::trace::diff::{DiffReport, diff_docs};
use prunescope::trace::json::{TraceDoc, read_trace};
use std::io::Write;

/// `prunescope diff`: reads two trace files and prints how their nodes match.
pub fn diff_files(left: &str, right: &str, json: bool) -> Result<(), String> {
    let read = |path: &str| -> Result<TraceDoc, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read trace file '{path}': {e}"))?;
        read_trace(&text).map_err(|e| format!("{path}: {e}"))
    };
    let (a, b) = (read(left)?, read(right)?);
    let (_, report) = diff_docs(left, &a, right, &b)?;
    if !report.same_input {
        eprintln!(
            "notice: the two traces searched different inputs ({} and {}); nodes are still \
             matched by path",
            a.input.kind(),
            b.input.kind()
        );
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let res = if json {
        serde_json::to_writer_pretty(&mut out, &report)
            .map_err(std::io::Error::other)
            .and_then(|()| writeln!(out))
    } else {
        print_diff(&mut out, &report)
    };
    res.and_then(|()| out.flush())
        .map_err(|e| format!("cannot write output: {e}"))
}

fn print_diff(out: &mut impl Write, r: &DiffReport) -> std::io::Result<()> {
    for (name, s) in [("left ", &r.left), ("right", &r.right)] {
        writeln!(
            out,
            "{name}  {}: {}, {} nodes{}, value {}, best line {}",
            s.file,
            s.config,
            s.nodes,
            if s.aborted {
                " (stopped by the node cap)"
            } else {
                ""
            },
            s.value,
            if s.best_line.is_empty() {
                "-".to_string()
            } else {
                s.best_line.join(" ")
            }
        )?;
    }
    writeln!(
        out,
        "matched by path: {} in both, {} only left, {} only right",
        r.both, r.only_left, r.only_right
    )?;
    writeln!(
        out,
        "differences in both: {} (value {}, bound {}, expected type {})",
        r.changed, r.changed_value, r.changed_bound, r.changed_type
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
    for p in &r.per_ply {
        writeln!(
            out,
            "{:>4} {:>10} {:>10} {:>10} {:>10} {:>10}",
            p.ply, p.left, p.right, p.both, p.only_left, p.only_right
        )?;
    }
    Ok(())
}
