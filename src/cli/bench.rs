//! `prunescope bench`: untraced and recorded search over an EPD suite; nodes/s and bytes per node.
//! With `--config` (twice or more), the wall time of those configurations instead, as ratios to
//! the first ([`crate::wall_time`]).

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::game::chess::epd;
use prunescope::run::Prepared;
use prunescope::search::config::{Algorithm, DEFAULT_NODE_CAP, MAX_DEPTH, SearchConfig};
use std::io::Write;
use std::time::Instant;

/// The benchmark's default node cap per search: ten times the search commands' default, so
/// that the depth-5 signature on Bratko–Kopec (BK.05 alone takes 2,617,732 nodes) is complete.
pub const DEFAULT_BENCH_NODE_CAP: u64 = 10 * DEFAULT_NODE_CAP;

#[derive(Args)]
pub struct BenchArgs {
    /// EPD file to search.
    #[arg(long, default_value = "www/data/bk.epd")]
    pub suite: String,
    /// Depth in plies for every position (1..=64).
    #[arg(long, short = 'd', default_value_t = 5)]
    pub depth: u32,
    /// Algorithm to benchmark: minimax, alphabeta, pvs or pvs_full.
    #[arg(long, default_value = "pvs", value_parser = Algorithm::parse)]
    pub algo: Algorithm,
    /// Stop each search after this many nodes with a notice (0 = no cap); a stopped search
    /// is marked in its row and its figures are partial.
    #[arg(long, default_value_t = DEFAULT_BENCH_NODE_CAP)]
    pub node_cap: u64,
    /// Compare the wall time of configurations instead: `[LABEL:]ITEM,ITEM,…`, each item a
    /// technique to switch on (an --enable name of the search commands) or NAME=VALUE (as
    /// --set), on top of --algo, --depth and iterative deepening. Give it twice or more; every
    /// position is searched untraced with each, alternately, and times are printed as ratios
    /// to the first (docs/cli.md).
    #[arg(long, value_name = "SPEC")]
    pub config: Vec<String>,
    /// With --config: how many times each configuration searches each position.
    #[arg(long, default_value_t = 3, requires = "config")]
    pub repeat: usize,
    /// With --config: only the first K positions of the suite.
    #[arg(long, value_name = "K", requires = "config")]
    pub limit: Option<usize>,
    /// With --config: print the table in Markdown.
    #[arg(long, requires = "config")]
    pub markdown: bool,
    /// With --config: also write the run (the command with its paths relative to the
    /// repository, the load average, every position's nodes and seconds, the ratios) as JSON.
    #[arg(long, value_name = "FILE", requires = "config")]
    pub json: Option<String>,
    /// Run only the untraced pass, not the recorded one: so that an instruction count
    /// (`valgrind --tool=callgrind`) or a profile measures the search alone (docs/benchmarks.md).
    #[arg(long, conflicts_with = "config")]
    pub untraced_only: bool,
}

pub fn run(a: BenchArgs) -> Result<(), CliError> {
    let (suite, depth, algo) = (a.suite.as_str(), a.depth, a.algo);
    if !(1..=MAX_DEPTH).contains(&depth) {
        return Err(CliError::input(
            "--depth",
            format!("{depth} is out of range: a benchmark searches 1 to {MAX_DEPTH} plies"),
        ));
    }
    let cfg = SearchConfig {
        algo,
        depth,
        iterative: true,
        node_cap: a.node_cap,
        ..SearchConfig::default()
    };
    cfg.validate()?;
    if !a.config.is_empty() {
        if a.config.len() < 2 {
            return Err(CliError::input(
                "--config",
                "give two configurations or more: times are ratios to the first",
            ));
        }
        let request = crate::wall_time::Request {
            suite: &a.suite,
            config: &a.config,
            repeat: a.repeat,
            limit: a.limit,
            node_cap: a.node_cap,
            markdown: a.markdown,
            json: a.json.as_deref(),
        };
        return crate::wall_time::run(&request, &cfg);
    }
    let records = epd::read_suite(suite)?;
    let mut out = term::stdout();
    writeln!(
        out,
        "{} positions from {}, {} depth {depth}, iterative deepening",
        records.len(),
        term::escape_line(suite),
        algo.name()
    )?;
    let (mut un_nodes, mut un_secs) = (0u64, 0f64);
    let (mut tr_nodes, mut tr_secs, mut tr_bytes) = (0u64, 0f64, 0usize);
    let mut capped = 0usize;
    writeln!(
        out,
        "{:<8} {:>10} {:>12} {:>12} {:>8}",
        "position", "nodes", "untraced n/s", "traced n/s", "B/node"
    )?;
    let mut progress = term::Progress::new();
    let count = records.len();
    for (k, record) in records.iter().enumerate() {
        let secs = progress.elapsed();
        progress.update(|| {
            format!(
                "position {} of {count}, {} nodes, {secs:.1} s",
                k + 1,
                un_nodes + tr_nodes
            )
        });
        let id = term::escape_line(&record.name()).into_owned();
        let p = Prepared::Chess(record.position.clone());
        let t = Instant::now();
        let s = p.search_untraced(&cfg)?;
        let us = t.elapsed().as_secs_f64();
        let recorded = if a.untraced_only {
            None
        } else {
            let t = Instant::now();
            let (s2, rec) = p.search_traced(&cfg, 0)?;
            let ts = t.elapsed().as_secs_f64();
            if s2.nodes != s.nodes || s2.value != s.value {
                return Err(
                    format!("{id}: the traced search differs from the untraced one").into(),
                );
            }
            Some((s2.nodes, ts, rec.heap_bytes()))
        };
        if s.aborted {
            if capped == 0 {
                // Said at once, not only at the end: a capped run may still take a while.
                progress.finish();
                term::notice(&format!(
                    "the node cap of {} nodes stopped the search of {id}; rows marked * are \
                     partial (raise --node-cap)",
                    cfg.node_cap
                ));
            }
            capped += 1;
        }
        let (traced, per_node) = match recorded {
            Some((_, ts, bytes)) => (
                format!("{:.0}", s.nodes as f64 / ts),
                format!("{:.1}", bytes as f64 / s.nodes as f64),
            ),
            None => ("-".into(), "-".into()),
        };
        writeln!(
            out,
            "{:<8} {:>10} {:>12.0} {:>12} {:>8}{}",
            id,
            s.nodes,
            s.nodes as f64 / us,
            traced,
            per_node,
            if s.aborted { " *" } else { "" }
        )?;
        un_nodes += s.nodes;
        un_secs += us;
        if let Some((nodes, ts, bytes)) = recorded {
            tr_nodes += nodes;
            tr_secs += ts;
            tr_bytes += bytes;
        }
    }
    progress.finish();
    if a.untraced_only {
        writeln!(
            out,
            "total    {:>10} {:>12.0} {:>12} {:>8}",
            un_nodes,
            un_nodes as f64 / un_secs,
            "-",
            "-"
        )?;
        writeln!(
            out,
            "untraced {un_secs:.3} s; the recorded pass was not run"
        )?;
    } else {
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
            "untraced {:.3} s, recorded {:.3} s: recording costs {:.2}x the time; node record {} \
             bytes",
            un_secs,
            tr_secs,
            tr_secs / un_secs,
            std::mem::size_of::<prunescope::trace::record::NodeRec>()
        )?;
    }
    if capped > 0 {
        writeln!(
            out,
            "* stopped by the node cap of {} nodes: {capped} of {count} searches are partial",
            cfg.node_cap
        )?;
    }
    out.flush()?;
    Ok(())
}
