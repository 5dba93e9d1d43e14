//! `prunescope tree|random|chess` without `--json`: the summary printout.

use prunescope::lab::Summary;
use prunescope::trace::record::Recorder;
use prunescope::trace::stats::TraceStats;
use std::io::Write;

pub fn print_summary(
    out: &mut impl Write,
    s: &Summary,
    rec: &Recorder,
    secs: f64,
    full: bool,
) -> std::io::Result<()> {
    let st = TraceStats::of(rec);
    writeln!(out, "value      {}", s.value)?;
    let line = if s.best_line_san.is_empty() {
        &s.best_line
    } else {
        &s.best_line_san
    };
    writeln!(out, "best line  {}", line.join(" "))?;
    writeln!(
        out,
        "nodes      {} ({} leaves){}",
        s.nodes,
        st.leaves,
        if s.aborted {
            " — stopped by the node cap"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "actual     PV {}  CUT {}  ALL {}",
        st.actual[0], st.actual[1], st.actual[2]
    )?;
    writeln!(
        out,
        "expected   PV {}  CUT {}  ALL {}  (expected ≠ actual: {} = {:.1}%)",
        st.expected[0], st.expected[1], st.expected[2], st.mismatched, st.mismatched_pct
    )?;
    writeln!(
        out,
        "cut-offs   {} ({:.1}% on the first move), re-searches {}",
        st.cutoffs, st.first_move_cutoff_pct, st.researches
    )?;
    writeln!(
        out,
        "time       {:.3} s, {:.0} nodes/s",
        secs,
        s.nodes as f64 / secs.max(1e-9)
    )?;
    if full {
        for it in &st.iterations {
            let ebf = it.ebf.map_or("-".to_string(), |e| format!("{e:.2}"));
            writeln!(
                out,
                "iteration  depth {:>2}: {:>10} nodes, EBF {ebf}",
                it.depth, it.nodes
            )?;
        }
        writeln!(out, "best-move index at CUT nodes: {:?}", st.best_index_cut)?;
        writeln!(out, "best-move index at ALL nodes: {:?}", st.best_index_all)?;
        writeln!(out, "nodes per ply: {:?}", st.per_ply)?;
    }
    Ok(())
}
