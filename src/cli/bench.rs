//! `prunescope bench`: untraced and recorded search over an EPD suite; nodes/s and bytes per node.

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::experiments;
use prunescope::search::config::{Algorithm, SearchConfig};
use std::io::Write;
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    /// EPD file to search.
    #[arg(long, default_value = "www/data/bk.epd")]
    pub suite: String,
    /// Depth in plies for every position.
    #[arg(long, short = 'd', default_value_t = 5)]
    pub depth: u32,
    /// Algorithm to benchmark.
    #[arg(long, default_value = "pvs", value_parser = Algorithm::parse)]
    pub algo: Algorithm,
}

pub fn run(a: BenchArgs) -> Result<(), CliError> {
    let (suite, depth, algo) = (a.suite.as_str(), a.depth, a.algo);
    let mut out = term::stdout();
    let positions = experiments::read_epd(suite)?;
    let cfg = SearchConfig {
        algo,
        depth,
        iterative: true,
        ..SearchConfig::default()
    };
    cfg.validate()?;
    let prepared = experiments::prepare_suite(&positions)?;
    writeln!(
        out,
        "{} positions from {suite}, {} depth {depth}, iterative deepening",
        prepared.len(),
        algo.name()
    )?;
    let (mut un_nodes, mut un_secs) = (0u64, 0f64);
    let (mut tr_nodes, mut tr_secs, mut tr_bytes) = (0u64, 0f64, 0usize);
    writeln!(
        out,
        "{:<8} {:>10} {:>12} {:>12} {:>8}",
        "position", "nodes", "untraced n/s", "traced n/s", "B/node"
    )?;
    let mut progress = term::Progress::new();
    let count = prepared.len();
    for (k, (pos, p)) in positions.iter().zip(&prepared).enumerate() {
        let secs = progress.elapsed();
        progress.update(|| {
            format!(
                "position {} of {count}, {} nodes, {secs:.1} s",
                k + 1,
                un_nodes + tr_nodes
            )
        });
        let id = term::escape_line(&pos.id);
        let t = Instant::now();
        let s = p.search_untraced(&cfg)?;
        let us = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let (s2, rec) = p.search_traced(&cfg, 0)?;
        let ts = t.elapsed().as_secs_f64();
        if s2.nodes != s.nodes || s2.value != s.value {
            return Err(format!("{id}: the traced search differs from the untraced one").into());
        }
        let bytes = rec.heap_bytes();
        writeln!(
            out,
            "{:<8} {:>10} {:>12.0} {:>12.0} {:>8.1}",
            id,
            s.nodes,
            s.nodes as f64 / us,
            s.nodes as f64 / ts,
            bytes as f64 / s.nodes as f64
        )?;
        un_nodes += s.nodes;
        un_secs += us;
        tr_nodes += s2.nodes;
        tr_secs += ts;
        tr_bytes += bytes;
    }
    progress.finish();
    writeln!(
        out,
        "total    {:>10} {:>12.0} {:>12.0} {:>8.1}",
        un_nodes,
        un_nodes as f64 / un_secs,
        tr_nodes as f64 / tr_secs,
        tr_bytes as f64 / tr_nodes as f64
    )?;
    writeln!(
        out,
        "untraced {:.3} s, recorded {:.3} s: recording costs {:.2}x the time; node record {} bytes",
        un_secs,
        tr_secs,
        tr_secs / un_secs,
        std::mem::size_of::<prunescope::trace::record::NodeRec>()
    )?;
    out.flush()?;
    Ok(())
}
