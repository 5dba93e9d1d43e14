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
    /// How many times each pass (or with --config, each configuration) searches each
    /// position; the passes alternate which goes first (ABBA) and each time is the median.
    #[arg(long, default_value_t = 3)]
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
    let (depth, algo) = (a.depth, a.algo);
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
    if a.repeat == 0 {
        return Err(CliError::input("--repeat", "must be at least 1"));
    }
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
    passes(&a, &cfg)
}

/// The default mode: every position searched untraced and recorded, `--repeat` times each.
fn passes(a: &BenchArgs, cfg: &SearchConfig) -> Result<(), CliError> {
    let (suite, depth, algo) = (a.suite.as_str(), a.depth, a.algo);
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
    let repeat = a.repeat;
    // Per repeat, the sum over positions of each pass's time: the spread of the ratio.
    let mut repeat_secs = vec![(0f64, 0f64); repeat];
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
        let m = measure(&p, cfg, repeat, k, !a.untraced_only, &id)?;
        for (r, (u, t)) in m.runs.iter().enumerate() {
            repeat_secs[r].0 += u;
            repeat_secs[r].1 += t.unwrap_or(0.0);
        }
        let s = &m.search;
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
        let (traced, per_node) = match m.recorded {
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
            s.nodes as f64 / m.untraced_secs,
            traced,
            per_node,
            if s.aborted { " *" } else { "" }
        )?;
        un_nodes += s.nodes;
        un_secs += m.untraced_secs;
        if let Some((nodes, ts, bytes)) = m.recorded {
            tr_nodes += nodes;
            tr_secs += ts;
            tr_bytes += bytes;
        }
    }
    progress.finish();
    let times = if repeat == 1 {
        "once".to_string()
    } else {
        format!("the median of {repeat} searches each")
    };
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
            "untraced {un_secs:.3} s ({times}); the recorded pass was not run"
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
        let mut ratios: Vec<f64> = repeat_secs.iter().map(|(u, t)| t / u).collect();
        ratios.sort_by(f64::total_cmp);
        let spread = if repeat == 1 {
            String::new()
        } else {
            format!(
                " (the {repeat} repeats' own ratios {:.2}–{:.2}x; the passes alternate, ABBA)",
                ratios[0],
                ratios[repeat - 1]
            )
        };
        writeln!(
            out,
            "untraced {:.3} s, recorded {:.3} s ({times}): recording costs {:.2}x the \
             time{spread}; node record {} bytes",
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

/// One position's measurement: the untraced search's result, each pass's median time, and
/// every repeat's pair of times (for the spread of the ratio).
struct Measured {
    search: prunescope::run::Summary,
    untraced_secs: f64,
    /// Nodes, median seconds and the recording's heap bytes of the recorded pass.
    recorded: Option<(u64, f64, usize)>,
    runs: Vec<(f64, Option<f64>)>,
}

/// Searches `p` `repeat` times untraced and, with `traced`, as often recorded, alternating
/// which pass goes first from one search to the next and from one position to the next (ABBA),
/// so that a machine growing busier or quieter weighs on both passes alike (issue 33). Every
/// recorded search must agree with the untraced one, node for node.
fn measure(
    p: &Prepared,
    cfg: &SearchConfig,
    repeat: usize,
    position: usize,
    traced: bool,
    id: &str,
) -> Result<Measured, CliError> {
    let mut search = None;
    let mut recorded = None;
    let mut runs = Vec::with_capacity(repeat);
    for r in 0..repeat {
        let mut time_untraced = || -> Result<f64, CliError> {
            let t = Instant::now();
            let s = p.search_untraced(cfg)?;
            let secs = t.elapsed().as_secs_f64();
            search = Some(s);
            Ok(secs)
        };
        let time_traced =
            || -> Result<(f64, u64, Option<prunescope::game::Value>, usize), CliError> {
                let t = Instant::now();
                let (s, rec) = p.search_traced(cfg, 0)?;
                let secs = t.elapsed().as_secs_f64();
                Ok((secs, s.nodes, s.value, rec.heap_bytes()))
            };
        let (u, t) = if !traced {
            (time_untraced()?, None)
        } else if (r + position).is_multiple_of(2) {
            let u = time_untraced()?;
            (u, Some(time_traced()?))
        } else {
            let t = time_traced()?;
            (time_untraced()?, Some(t))
        };
        if let (Some(s), Some((secs, nodes, value, bytes))) = (&search, t) {
            if nodes != s.nodes || value != s.value {
                return Err(
                    format!("{id}: the traced search differs from the untraced one").into(),
                );
            }
            recorded = Some((nodes, secs, bytes));
        }
        runs.push((u, t.map(|t| t.0)));
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let n = v.len();
        if !n.is_multiple_of(2) {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        }
    };
    let untraced_secs = median(runs.iter().map(|r| r.0).collect());
    let recorded = recorded.map(|(nodes, _, bytes)| {
        (
            nodes,
            median(runs.iter().filter_map(|r| r.1).collect()),
            bytes,
        )
    });
    let search = search.expect("repeat is at least 1, so the untraced pass ran");
    Ok(Measured {
        search,
        untraced_secs,
        recorded,
        runs,
    })
}
