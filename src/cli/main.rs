//! `prunescope`: the native command-line front end, a thin layer over `prunescope::lab`. The
//! only user of clap; one module per command family.

mod bench;
mod diff;
mod experiment;
mod search;

use clap::{Args, Parser, Subcommand};
use prunescope::experiments;
use prunescope::game::synthetic::{Ordering, SynthParams};
use prunescope::lab::Input;
use prunescope::search::config::{Algorithm, DEFAULT_NODE_CAP, SearchConfig};
use prunescope::trace::json::write_trace;
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
        /// Let different move orders transpose into the same position (same key and value);
        /// leaf values then come from the key and --ordering does not apply.
        #[arg(long)]
        transpositions: bool,
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
    /// Reproduce a paper's experiment on an EPD suite (docs/experiments.md).
    /// `uncertainty`: Table 1 of Björnsson et al. (1997). `null-move`: David & Netanyahu's
    /// Tables 1–2 (standard R = 1, 2, 3 vs verified R = 3). `multi-cut`: the MC-A table of
    /// Winands et al. (with and without MC-A, under no forward pruning, null move, MC-C and
    /// both), at depths 1..=DEPTH.
    Experiment {
        /// Which experiment.
        #[arg(value_parser = ["uncertainty", "null-move", "multi-cut"])]
        name: String,
        /// EPD suite (the papers used Bratko-Kopec for uncertainty cut-offs).
        #[arg(long, default_value = "www/data/bk.epd")]
        suite: String,
        /// Nominal depth in plies (uncertainty: the paper's 5, with extensions).
        #[arg(long, short = 'd', default_value_t = 5)]
        depth: u32,
        /// Print CSV. uncertainty: position,base_nodes,pct10,pct30,pct50,same10,same30,same50.
        #[arg(long)]
        csv: bool,
    },
    /// Compare two saved traces (`--json` output, or saved from the page) node by node: nodes
    /// only in the left trace, only in the right one, in both, and per ply. Nodes are matched
    /// by their path from the root; the k-th visit of a move under a matched parent matches the
    /// k-th visit in the other trace (docs/compare.md).
    Diff {
        /// The left trace file (A).
        left: String,
        /// The right trace file (B).
        right: String,
        /// Print the comparison as JSON: only_left, only_right, both, value_left, value_right,
        /// per_ply, ...
        #[arg(long)]
        json: bool,
    },
    /// Print the page's copy of the trace contract (codes, record layout, names, defaults and
    /// limits) as an ES module: `prunescope schema > www/schema.js`.
    Schema,
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
    /// Switch techniques on (comma-separated): tt, tt_move, mvv_lva, killers, history,
    /// history_aging, refutation, aspiration, null_move, adaptive_null, verified_null, mc_c,
    /// mc_a, uc_safe, uc_general, uc_all, presearch, lmr, check_extension, quiescence,
    /// see_pruning. See docs/techniques.md.
    #[arg(long, value_delimiter = ',')]
    enable: Vec<String>,
    /// Set a parameter, NAME=VALUE (repeatable), by the names of the trace's config:
    /// tt.size_log2, tt.replacement (depth_preferred|always_replace|two_tier),
    /// aspiration.width, null_move.R, multi_cut.M, multi_cut.C, multi_cut.R,
    /// uncertainty.CUT_RATIO, presearch.Risk, presearch.NearRoot, presearch.NearLeaf, lmr.K,
    /// lmr.H, ...
    #[arg(long = "set", value_name = "NAME=VALUE")]
    set: Vec<String>,
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
            transpositions,
            common,
        } => {
            let p = SynthParams {
                branching,
                depth,
                seed,
                ordering,
                random_branching,
                transpositions,
            };
            (Input::Random(p), common, depth, false)
        }
        Command::Chess {
            fen,
            depth,
            no_iterative,
            common,
        } => (Input::Chess { fen }, common, depth, !no_iterative),
        Command::Bench { suite, depth, algo } => return bench::bench(&suite, depth, algo),
        Command::Schema => {
            let mut out = std::io::stdout().lock();
            return out
                .write_all(prunescope::trace::schema::js_module().as_bytes())
                .and_then(|()| out.flush())
                .map_err(|e| format!("cannot write output: {e}"));
        }
        Command::Diff { left, right, json } => return diff::diff_files(&left, &right, json),
        Command::Experiment {
            name,
            suite,
            depth,
            csv,
        } => {
            let cfg = SearchConfig {
                depth,
                ..SearchConfig::default()
            };
            cfg.validate()?;
            let positions = experiments::read_epd(&suite)?;
            return match name.as_str() {
                "null-move" => experiment::experiment_null_move(&positions, &suite, depth, csv),
                "multi-cut" => experiment::experiment_multi_cut(&positions, &suite, depth, csv),
                _ => experiment::experiment_uncertainty(&positions, &suite, depth, csv),
            };
        }
    };
    let mut cfg = SearchConfig {
        algo: common.algo,
        depth,
        iterative,
        node_cap: common.node_cap,
        ..SearchConfig::default()
    };
    for name in &common.enable {
        cfg.enable(name.trim())?;
    }
    for kv in &common.set {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| format!("--set expects NAME=VALUE, got '{kv}'"))?;
        cfg.set(k.trim(), v.trim())?;
    }
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
        search::print_summary(&mut out, &summary, &rec, secs, common.stats)
    };
    res.and_then(|()| out.flush())
        .map_err(|e| format!("cannot write output: {e}"))
}
