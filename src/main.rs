//! `prunescope`: the native command-line front end. A thin layer over `prunescope::run`.

use clap::{Args, Parser, Subcommand};
use prunescope::config::{Algorithm, DEFAULT_NODE_CAP, SearchConfig};
use prunescope::run::{Input, Prepared, Summary};
use prunescope::synthetic::{Ordering, SynthParams};
use prunescope::trace::json::write_trace;
use prunescope::trace::record::Recorder;
use prunescope::trace::stats::TraceStats;
use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "prunescope",
    version,
    about = "Search game trees with minimax, alpha-beta or PVS and trace every node",
    long_about = "Search game trees with minimax, alpha-beta or PVS and trace every node.\n\n\
        Without --json, prints a summary: value, best line, node counts per node type, time \
        and nodes/s. With --json, prints the full trace (format: docs/trace-format.md)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Search an explicit tree in textbook notation, e.g. "((3 12 8) (2 4 6) (14 5 2))".
    Tree {
        /// The tree text; "-" reads it from standard input. Leaves are integers from the
        /// root (MAX) player's view.
        tree: String,
        #[command(flatten)]
        common: Common,
    },
    /// Search a seeded synthetic tree whose values derive from each node's path.
    Random {
        /// Children per node (1..=1000); with --random-branching, the maximum.
        #[arg(long, short = 'b')]
        branching: u32,
        /// Depth of the tree in plies (1..=64).
        #[arg(long, short = 'd')]
        depth: u32,
        /// Seed of the generator.
        #[arg(long, short = 's', default_value_t = 1)]
        seed: u64,
        /// Where each node's best child sits: best (first), worst (children worst to best),
        /// random, or p=<probability> (best first with that probability).
        #[arg(long, default_value = "random", value_parser = Ordering::parse)]
        ordering: Ordering,
        /// Give each node a random number of children in 1..=branching.
        #[arg(long)]
        random_branching: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Search a chess position given as FEN, with iterative deepening.
    Chess {
        /// The position in FEN (the halfmove and fullmove fields may be omitted).
        #[arg(long)]
        fen: String,
        /// Depth in plies (1..=64).
        #[arg(long, short = 'd')]
        depth: u32,
        /// Search only the final depth instead of iterating 1..=depth.
        #[arg(long)]
        no_iterative: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Benchmark: untraced and recorded PVS over an EPD suite; nodes/s and bytes per node.
    Bench {
        /// EPD file to search.
        #[arg(long, default_value = "www/data/bk.epd")]
        suite: String,
        /// Depth in plies for every position.
        #[arg(long, short = 'd', default_value_t = 5)]
        depth: u32,
        /// Algorithm to benchmark.
        #[arg(long, default_value = "pvs", value_parser = Algorithm::parse)]
        algo: Algorithm,
    },
}

#[derive(Args)]
struct Common {
    /// Search algorithm: minimax, alphabeta or pvs.
    #[arg(long, default_value = "pvs", value_parser = Algorithm::parse)]
    algo: Algorithm,
    /// Print the full trace as JSON instead of a summary.
    #[arg(long)]
    json: bool,
    /// Stop after this many nodes with a notice (0 = no cap).
    #[arg(long, default_value_t = DEFAULT_NODE_CAP)]
    node_cap: u64,
    /// Also print trace statistics (node types, first-move fail-high %, effective branching
    /// factor, best-move index histograms).
    #[arg(long)]
    stats: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::FAILURE
        }
    }
}

fn run(cmd: Command) -> Result<(), String> {
    let (input, common, depth, iterative) = match cmd {
        Command::Tree { tree, common } => {
            let text = if tree == "-" {
                let mut s = String::new();
                std::io::stdin()
                    .read_to_string(&mut s)
                    .map_err(|e| format!("cannot read the tree from standard input: {e}"))?;
                s
            } else {
                tree
            };
            (Input::Tree { text }, common, 1, false)
        }
        Command::Random {
            branching,
            depth,
            seed,
            ordering,
            random_branching,
            common,
        } => {
            let p = SynthParams {
                branching,
                depth,
                seed,
                ordering,
                random_branching,
            };
            (Input::Random(p), common, depth, false)
        }
        Command::Chess {
            fen,
            depth,
            no_iterative,
            common,
        } => (Input::Chess { fen }, common, depth, !no_iterative),
        Command::Bench { suite, depth, algo } => return bench(&suite, depth, algo),
    };
    let cfg = SearchConfig {
        algo: common.algo,
        depth,
        iterative,
        node_cap: common.node_cap,
    };
    let prepared = input.prepare()?;
    let start = Instant::now();
    let (summary, rec) = prepared.search_traced(&cfg)?;
    let secs = start.elapsed().as_secs_f64();
    if summary.aborted {
        eprintln!(
            "notice: the node cap of {} nodes stopped the search; results are partial (raise --node-cap)",
            cfg.node_cap
        );
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let res = if common.json {
        write_trace(&mut out, &input, &prepared, &cfg, &summary, &rec)
    } else {
        print_summary(&mut out, &summary, &rec, secs, common.stats)
    };
    res.and_then(|()| out.flush())
        .map_err(|e| format!("cannot write output: {e}"))
}

fn print_summary(
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

/// Reads the positions of an EPD suite: the first four FEN fields and the `id`.
fn read_epd(path: &str) -> Result<Vec<(String, String)>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("cannot read suite '{path}': {e}"))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 4 {
            return Err(format!(
                "{path}, line {}: expected an EPD record with 4 FEN fields",
                n + 1
            ));
        }
        let fen = fields[..4].join(" ");
        let id = line
            .split("id \"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .map_or_else(|| format!("#{}", n + 1), str::to_string);
        out.push((id, fen));
    }
    if out.is_empty() {
        return Err(format!("suite '{path}' has no positions"));
    }
    Ok(out)
}

fn bench(suite: &str, depth: u32, algo: Algorithm) -> Result<(), String> {
    let positions = read_epd(suite)?;
    let cfg = SearchConfig {
        algo,
        depth,
        iterative: true,
        node_cap: 0,
    };
    let prepared: Vec<(String, Prepared)> = positions
        .into_iter()
        .map(|(id, fen)| {
            Input::Chess { fen }
                .prepare()
                .map(|p| (id.clone(), p))
                .map_err(|e| format!("{id}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    println!(
        "{} positions from {suite}, {} depth {depth}, iterative deepening",
        prepared.len(),
        algo.name()
    );
    let (mut un_nodes, mut un_secs) = (0u64, 0f64);
    let (mut tr_nodes, mut tr_secs, mut tr_bytes) = (0u64, 0f64, 0usize);
    println!(
        "{:<8} {:>10} {:>12} {:>12} {:>8}",
        "position", "nodes", "untraced n/s", "traced n/s", "B/node"
    );
    for (id, p) in &prepared {
        let t = Instant::now();
        let s = p.search_untraced(&cfg)?;
        let us = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let (s2, rec) = p.search_traced(&cfg)?;
        let ts = t.elapsed().as_secs_f64();
        if s2.nodes != s.nodes || s2.value != s.value {
            return Err(format!(
                "{id}: the traced search differs from the untraced one"
            ));
        }
        let bytes = rec.heap_bytes();
        println!(
            "{:<8} {:>10} {:>12.0} {:>12.0} {:>8.1}",
            id,
            s.nodes,
            s.nodes as f64 / us,
            s.nodes as f64 / ts,
            bytes as f64 / s.nodes as f64
        );
        un_nodes += s.nodes;
        un_secs += us;
        tr_nodes += s2.nodes;
        tr_secs += ts;
        tr_bytes += bytes;
    }
    println!(
        "total    {:>10} {:>12.0} {:>12.0} {:>8.1}",
        un_nodes,
        un_nodes as f64 / un_secs,
        tr_nodes as f64 / tr_secs,
        tr_bytes as f64 / tr_nodes as f64
    );
    println!(
        "untraced {:.3} s, recorded {:.3} s: recording costs {:.2}x the time; node record {} bytes",
        un_secs,
        tr_secs,
        tr_secs / un_secs,
        std::mem::size_of::<prunescope::trace::record::NodeRec>()
    );
    Ok(())
}
