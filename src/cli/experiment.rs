//! `prunescope experiment NAME|merge`: the papers' tables on EPD suites (docs/experiments.md).
//!
//! One subcommand per [`Experiment`] (registered from `Experiment::ALL`, so the list lives in
//! one place), all with the same flags, and `merge` for CSV shards. Positions run in parallel on
//! a rayon pool; every position's numbers are deterministic, and the output is written only
//! when all are done, in suite order, so the same command prints the same bytes whatever the
//! number of threads.

use crate::error::CliError;
use crate::{record, term};
use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};
use prunescope::experiments::data::{self, Dataset, Row};
use prunescope::experiments::{
    self, EpdPosition, Experiment, ExperimentError, Meter, Options, Report, plot, presearch,
};
use prunescope::game::chess::ChessPos;
use prunescope::search::config::DEFAULT_NODE_CAP;
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct ExperimentArgs {
    #[command(subcommand)]
    pub command: ExperimentCommand,
}

/// Run one experiment, or merge the CSV shards of a run.
pub enum ExperimentCommand {
    Run(Experiment, RunArgs),
    Merge(MergeArgs),
}

#[derive(Args)]
pub struct RunArgs {
    /// EPD suite (positions with `bm` and `id` operations).
    #[arg(long, default_value = "www/data/bk.epd")]
    pub suite: String,
    /// Depths to report: 5, a range 2-5, or a list 9,10 (default: the paper's). Each
    /// configuration is searched once, iteratively to the deepest; shallower depths are its
    /// earlier iterations. For presearch, the ceiling of iterative deepening.
    #[arg(long, short = 'd', value_name = "DEPTHS")]
    pub depth: Option<String>,
    /// Print CSV: one row per position (and depth), then a total and an average row per depth.
    #[arg(long)]
    pub csv: bool,
    /// Print the tables as Markdown.
    #[arg(long, conflicts_with = "csv")]
    pub markdown: bool,
    /// Threads searching positions in parallel (default: every core).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Only the first K positions of the suite.
    #[arg(long, value_name = "K")]
    pub limit: Option<usize>,
    /// Run shard I of N (0-based): every N-th position starting at I. Merge the shards' CSV
    /// files with `prunescope experiment merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Stop each search after this many nodes, with a notice (0 = no cap); a capped row is
    /// marked and left out of the totals. Default: 2000000, as the search commands; for
    /// presearch 25 times --nodes.
    #[arg(long)]
    pub node_cap: Option<u64>,
    /// presearch only: search until at least this many nodes, finishing the iteration under
    /// way (the paper's 4000000 by default).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Also write the results (tables, notes, figure data, rows, wall time, and the command with
    /// its paths relative to the repository) as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<String>,
    /// Also draw the experiment's figure as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<String>,
    /// Set a search parameter in every configuration of the experiment, after its own
    /// settings (repeatable): e.g. `--set null_move.min_depth=1`, David & Netanyahu's depth
    /// gate. The results record it, and the report says so.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
}

#[derive(Args)]
pub struct MergeArgs {
    /// The CSV files written by `--csv` runs of one experiment with different `--shard`s, or
    /// results files written by `--json` (their runs are carried over). One results file alone
    /// re-renders it: `merge R.json --json R.json --plot R.svg`.
    #[arg(required = true, value_name = "CSV")]
    pub files: Vec<String>,
    /// Print the paper-style tables instead of the merged CSV.
    #[arg(long)]
    pub table: bool,
    /// Print the tables as Markdown instead of the merged CSV.
    #[arg(long, conflicts_with = "table")]
    pub markdown: bool,
    /// Also write the merged results as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<String>,
    /// Also draw the experiment's figure as SVG to FILE.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<String>,
}

const MERGE_ABOUT: &str = "Merge the CSV shards of one experiment (from --shard runs) into one \
                           CSV, in suite order, with the totals recomputed";

fn long_about(e: Experiment) -> String {
    let depths: Vec<String> = e.default_depths().iter().map(u32::to_string).collect();
    format!(
        "{}.\n\nDefault --depth: {} (the paper's). Tables, the paper's figures beside ours and \
         the exact commands of the committed results: docs/experiments.md.",
        e.doc(),
        depths.join(",")
    )
}

impl FromArgMatches for ExperimentCommand {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        match m.subcommand() {
            Some(("merge", sub)) => Ok(ExperimentCommand::Merge(MergeArgs::from_arg_matches(sub)?)),
            Some((name, sub)) => match Experiment::from_name(name) {
                Some(e) => Ok(ExperimentCommand::Run(e, RunArgs::from_arg_matches(sub)?)),
                None => Err(clap::Error::raw(
                    clap::error::ErrorKind::InvalidSubcommand,
                    format!("unknown experiment '{name}'\n"),
                )),
            },
            None => Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "name an experiment or merge\n",
            )),
        }
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl Subcommand for ExperimentCommand {
    fn augment_subcommands(mut cmd: Command) -> Command {
        for e in Experiment::ALL {
            cmd = cmd.subcommand(RunArgs::augment_args(
                Command::new(e.name())
                    .about(e.doc())
                    .long_about(long_about(e)),
            ));
        }
        cmd.subcommand(MergeArgs::augment_args(
            Command::new("merge").about(MERGE_ABOUT),
        ))
        .subcommand_required(true)
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        name == "merge" || Experiment::from_name(name).is_some()
    }
}

pub fn run(a: ExperimentArgs) -> Result<(), CliError> {
    match a.command {
        ExperimentCommand::Run(e, args) => run_experiment(e, args),
        ExperimentCommand::Merge(args) => merge(args),
    }
}

/// The options a run's flags describe, checked.
fn options(e: Experiment, a: &RunArgs) -> Result<Options, CliError> {
    let depths = match &a.depth {
        Some(s) => experiments::parse_depths(s)?,
        None => e.default_depths(),
    };
    if a.nodes.is_some() && e.presearch().is_none() {
        return Err(format!(
            "--nodes applies only to presearch; {} searches to fixed depths",
            e.name()
        )
        .into());
    }
    let nodes = a.nodes.unwrap_or(presearch::PAPER_NODES);
    let node_cap = a.node_cap.unwrap_or(if e.presearch().is_some() {
        nodes.saturating_mul(25)
    } else {
        DEFAULT_NODE_CAP
    });
    let o = Options {
        depths,
        node_cap,
        nodes,
        set: a.set.clone(),
    };
    e.validate(&o)?;
    Ok(o)
}

fn run_experiment(e: Experiment, a: RunArgs) -> Result<(), CliError> {
    let start = Instant::now();
    let o = options(e, &a)?;
    let jobs = match a.jobs {
        Some(0) => return Err("--jobs must be at least 1".into()),
        Some(j) => j.min(1024),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let shard = a
        .shard
        .as_deref()
        .map(experiments::parse_shard)
        .transpose()?;
    if a.limit == Some(0) {
        return Err("--limit must be at least 1".into());
    }
    let suite = experiments::read_epd(&a.suite)?;
    let picked = experiments::select(suite.len(), a.limit, shard);
    if picked.is_empty() {
        return Err(format!(
            "shard {} of the {} positions selected from {} is empty",
            a.shard.as_deref().unwrap_or(""),
            a.limit.map_or(suite.len(), |k| k.min(suite.len())),
            a.suite
        )
        .into());
    }
    // Parse every position first, in suite order, so a bad one is reported the same way on
    // every run.
    let mut work: Vec<(usize, &EpdPosition, ChessPos)> = Vec::with_capacity(picked.len());
    for &i in &picked {
        let p = &suite[i];
        let pos = ChessPos::from_fen(&p.fen).map_err(|err| format!("{}: {err}", p.id))?;
        work.push((i, p, pos));
    }
    let (rows, total) = run_parallel(e, &work, &o, jobs)?;
    let dataset = Dataset::new(e.columns(), rows);
    let secs = start.elapsed().as_secs_f64();
    cap_notice(&dataset, o.node_cap);
    let mut report = e.report(&dataset);
    report.setup.extend(Options::set_note(&o.set));
    // Paths relative to the repository, never this machine's (issue 21 §4).
    let mut meta = serde_json::json!({
        "command": record::command(),
        "suite": record::path(&a.suite),
        "positions": picked.len(),
        "suite_positions": suite.len(),
        "depths": o.depths,
        "node_cap": o.node_cap,
        "limit": a.limit,
        "shard": a.shard,
        "jobs": jobs,
        "wall_seconds": (secs * 10.0).round() / 10.0,
    });
    if e.presearch().is_some() {
        meta["nodes"] = o.nodes.into();
    }
    if !o.set.is_empty() {
        meta["set"] = o.set.clone().into();
    }
    write_artifacts(
        e,
        &dataset,
        &report,
        (vec![meta], Vec::new()),
        a.json.as_deref(),
        a.plot.as_deref(),
    )?;
    print(&dataset, &report, a.csv, a.markdown)?;
    // On a terminal only, like the progress line: a pipeline (`| head`) gets its output and no
    // chatter, and `--json` records the wall time for the record.
    if !std::io::stderr().is_terminal() {
        return Ok(());
    }
    note(&format!(
        "{}: {} position{}, {} nodes, {secs:.1} s wall on {jobs} thread{}",
        e.name(),
        picked.len(),
        if picked.len() == 1 { "" } else { "s" },
        total,
        if jobs == 1 { "" } else { "s" }
    ));
    Ok(())
}

/// Runs the positions on a pool of `jobs` threads, with a progress line on stderr (when it is a
/// terminal) while they run. Rows come back in suite order, with the nodes searched.
fn run_parallel(
    e: Experiment,
    work: &[(usize, &EpdPosition, ChessPos)],
    o: &Options,
    jobs: usize,
) -> Result<(Vec<Row>, u64), CliError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|err| format!("cannot start {jobs} threads: {err}"))?;
    let nodes = AtomicU64::new(0);
    let done = AtomicUsize::new(0);
    let finished = AtomicBool::new(false);
    let mut progress = term::Progress::new();
    let n = work.len();
    let results = std::thread::scope(|s| {
        let worker = s.spawn(|| {
            let r: Vec<Result<Vec<Row>, ExperimentError>> = pool.install(|| {
                work.par_iter()
                    .map(|(i, epd, pos)| {
                        let rows = e.run_position(*i, epd, pos, o, &Meter::new(&nodes));
                        done.fetch_add(1, Ordering::Relaxed);
                        rows
                    })
                    .collect()
            });
            finished.store(true, Ordering::Release);
            r
        });
        while !finished.load(Ordering::Acquire) {
            let secs = progress.elapsed();
            progress.update(|| {
                format!(
                    "{}: {} of {n} positions done, {} nodes, {secs:.1} s",
                    e.name(),
                    done.load(Ordering::Relaxed),
                    nodes.load(Ordering::Relaxed)
                )
            });
            std::thread::sleep(Duration::from_millis(50));
        }
        worker.join()
    });
    progress.finish();
    let results = results.map_err(|_| "internal error: a search thread panicked")?;
    let mut rows = Vec::new();
    for r in results {
        rows.extend(r?);
    }
    Ok((rows, nodes.load(Ordering::Relaxed)))
}

/// A line on standard error, escaped; a closed standard error is ignored (never a panic).
fn note(msg: &str) {
    let _ = writeln!(std::io::stderr(), "{}", term::escape(msg));
}

/// The node-cap notice: how many rows the cap stopped, and which positions.
fn cap_notice(d: &Dataset, cap: u64) {
    let capped: Vec<&Row> = d.rows.iter().filter(|r| r.capped).collect();
    if capped.is_empty() {
        return;
    }
    let mut ids: Vec<&str> = capped.iter().map(|r| r.id.as_str()).collect();
    ids.dedup();
    let shown: Vec<&str> = ids.iter().copied().take(10).collect();
    let more = if ids.len() > shown.len() {
        format!(" and {} more", ids.len() - shown.len())
    } else {
        String::new()
    };
    note(&format!(
        "notice: the node cap of {cap} nodes per search stopped {} of {} rows ({}{more}); they \
         are marked capped and left out of the totals (raise --node-cap; 0 = no cap)",
        capped.len(),
        d.rows.len(),
        shown.join(", ")
    ));
}

/// Prints the run: CSV, Markdown or the text tables. Everything from input is escaped.
fn print(d: &Dataset, report: &Report, csv: bool, markdown: bool) -> Result<(), CliError> {
    let text = if csv {
        d.to_csv()
    } else if markdown {
        report.to_markdown()
    } else {
        report.to_text()
    };
    let mut out = term::stdout();
    out.write_all(term::escape(&text).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Writes `--json` and `--plot` files. `record` is what made the rows: the runs (each with its
/// command) and the merge commands, in order (none for a single run).
fn write_artifacts(
    e: Experiment,
    d: &Dataset,
    report: &Report,
    record: (Vec<serde_json::Value>, Vec<String>),
    json: Option<&str>,
    svg: Option<&str>,
) -> Result<(), CliError> {
    let (runs, merges) = record;
    if let Some(path) = json {
        let rows: Vec<serde_json::Value> = d.rows.iter().map(Row::to_json).collect();
        let positions = {
            let mut v: Vec<usize> = d.rows.iter().map(|r| r.index).collect();
            v.dedup();
            v.len()
        };
        let doc = serde_json::json!({
            "format": "prunescope-experiment",
            "version": data::RESULT_VERSION,
            "experiment": e.name(),
            "positions": positions,
            "depths": d.depths(),
            "runs": runs,
            "merges": merges,
            "report": report,
            "columns": data::header(&d.columns),
            "rows": rows,
        });
        let mut text = serde_json::to_string_pretty(&doc)
            .map_err(|err| format!("cannot encode the results: {err}"))?;
        text.push('\n');
        std::fs::write(path, text).map_err(|err| format!("cannot write {path}: {err}"))?;
    }
    if let Some(path) = svg {
        let text = plot::svg(&report.figure)?;
        std::fs::write(path, text).map_err(|err| format!("cannot write {path}: {err}"))?;
    }
    Ok(())
}

/// The settings of the runs that results files record must agree: shards of one experiment run
/// on one suite (by file name and size), at the same depths, with the same limits. (A CSV shard
/// records none of them; `data::merge` compares the depths its rows report.)
fn same_runs(files: &[String], runs: &[serde_json::Value]) -> Result<(), CliError> {
    const SAME: [&str; 7] = [
        "suite",
        "suite_positions",
        "depths",
        "node_cap",
        "nodes",
        "limit",
        "set",
    ];
    let setting = |r: &serde_json::Value, k: &str| -> Option<serde_json::Value> {
        let v = r.get(k)?;
        Some(match (k, v.as_str()) {
            ("suite", Some(s)) => std::path::Path::new(s)
                .file_name()
                .map_or(v.clone(), |f| f.to_string_lossy().into()),
            _ => v.clone(),
        })
    };
    let recorded: Vec<&serde_json::Value> =
        runs.iter().filter(|r| r.get("depths").is_some()).collect();
    let Some(first) = recorded.first() else {
        return Ok(());
    };
    for r in &recorded[1..] {
        for k in SAME {
            let (x, y) = (setting(first, k), setting(r, k));
            if x != y {
                let show =
                    |v: Option<serde_json::Value>| v.map_or("nothing".into(), |v| v.to_string());
                return Err(format!(
                    "the runs merged here differ in {k}: {} against {} ({}): shards of one run \
                     share their suite, depths and limits",
                    show(y),
                    show(x),
                    files.join(", ")
                )
                .into());
            }
        }
    }
    Ok(())
}

/// The most bytes `experiment merge` reads, all its files together. Shards are read whole and
/// their rows cost about 30 times their text in memory, so this keeps a merge under half a
/// gigabyte; one run over the largest suite in /work/shared/data (ECM, 879 positions) at 20
/// depths writes about 2 MiB. Larger input (`/dev/zero`, a runaway file) is refused, as EPD
/// suites past their limit are.
pub const MAX_MERGE_BYTES: u64 = 16 << 20;

/// Reads the shard at `path` as text, within the `left` bytes the merge may still read.
fn read_shard(path: &str, left: &mut u64) -> Result<String, CliError> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|err| format!("cannot read {path}: {err}"))?;
    let mut bytes = Vec::new();
    file.take(*left + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| format!("cannot read {path}: {err}"))?;
    if bytes.len() as u64 > *left {
        return Err(CliError::from(format!(
            "{path}: too large: a merge reads at most {} MiB of shards in all (its rows cost \
             about 30 times their text in memory); merge fewer or smaller files",
            MAX_MERGE_BYTES >> 20
        )));
    }
    *left -= bytes.len() as u64;
    String::from_utf8(bytes).map_err(|_| CliError::from(format!("{path}: not UTF-8 text")))
}

fn merge(a: MergeArgs) -> Result<(), CliError> {
    let mut shards = Vec::with_capacity(a.files.len());
    let mut runs = Vec::new();
    // The merge steps behind the inputs (a results file that was itself merged), then this one:
    // with the runs' commands they rebuild the output (issue 34 §4).
    let mut merges: Vec<String> = Vec::new();
    let mut left = MAX_MERGE_BYTES;
    for path in &a.files {
        let text = read_shard(path, &mut left)?;
        if text.trim_start().starts_with('{') {
            let doc: serde_json::Value = serde_json::from_str(&text)
                .map_err(|err| format!("{path}: not valid JSON: {err}"))?;
            shards.push(data::Shard::from_json(path, &doc)?);
            // A results file carries the runs that produced it, and the merges.
            if let Some(r) = doc["runs"].as_array() {
                runs.extend(r.iter().cloned());
            }
            if let Some(m) = doc["merges"].as_array() {
                merges.extend(m.iter().filter_map(|c| c.as_str().map(str::to_string)));
            }
        } else {
            shards.push(data::Shard::from_csv(path, &text)?);
            runs.push(serde_json::json!({ "csv": record::path(path) }));
        }
    }
    same_runs(&a.files, &runs)?;
    let (header, rows, notes) = data::merge(shards)?;
    let e = Experiment::from_header(&header).ok_or_else(|| {
        format!(
            "{}: the header matches no experiment of this prunescope (was it written by another \
             version?)",
            a.files[0]
        )
    })?;
    if !notes.missing.is_empty() {
        let shown: Vec<String> = notes
            .missing
            .iter()
            .take(10)
            .map(usize::to_string)
            .collect();
        note(&format!(
            "notice: no shard has the positions with index {}{}: was a shard left out?",
            shown.join(", "),
            if notes.missing.len() > 10 {
                ", …"
            } else {
                ""
            }
        ));
    }
    // the file's own layout (an older one where the experiment has gained columns since)
    let columns = e.columns_for(&header).unwrap_or_else(|| e.columns());
    let dataset = Dataset::new(columns, rows);
    let mut report = e.report(&dataset);
    // The runs' `--set` (same_runs checked that they agree).
    let set: Vec<String> = runs
        .iter()
        .find_map(|r| r.get("set")?.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    report.setup.extend(Options::set_note(&set));
    merges.push(record::command());
    write_artifacts(
        e,
        &dataset,
        &report,
        (runs, merges),
        a.json.as_deref(),
        a.plot.as_deref(),
    )?;
    print(&dataset, &report, !(a.table || a.markdown), a.markdown)
}
