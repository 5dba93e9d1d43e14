//! `prunescope tree|random|chess`: parse the input, search it, and print the summary or the
//! JSON trace.

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::game::synthetic::{Ordering, SynthParams};
use prunescope::lab::{Input, Summary};
use prunescope::search::config::{Algorithm, DEFAULT_NODE_CAP, SearchConfig};
use prunescope::trace::file::Format;
use prunescope::trace::json::write_trace;
use prunescope::trace::record::Recorder;
use prunescope::trace::stats::TraceStats;
use std::io::{Read, Write};
use std::time::Instant;

#[derive(Args)]
pub struct TreeArgs {
    /// The tree text; "-" reads it from standard input. Leaves are integers from the
    /// root (MAX) player's view.
    pub tree: String,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args)]
pub struct RandomArgs {
    /// Children per node (1..=1000); with --random-branching, the maximum.
    #[arg(long, short = 'b')]
    pub branching: u32,
    /// Depth of the tree in plies (1..=64).
    #[arg(long, short = 'd')]
    pub depth: u32,
    /// Seed of the generator.
    #[arg(long, short = 's', default_value_t = 1)]
    pub seed: u64,
    /// Where each node's best child sits: best (first), worst (children worst to best),
    /// random, or p=<probability> (best first with that probability).
    #[arg(long, default_value = "random", value_parser = Ordering::parse)]
    pub ordering: Ordering,
    /// Give each node a random number of children in 1..=branching.
    #[arg(long)]
    pub random_branching: bool,
    /// Let different move orders transpose into the same position (same key and value);
    /// leaf values then come from the key and --ordering does not apply.
    #[arg(long)]
    pub transpositions: bool,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args)]
pub struct ChessArgs {
    /// The position in FEN (the halfmove and fullmove fields may be omitted).
    #[arg(long)]
    pub fen: String,
    /// Depth in plies (1..=64).
    #[arg(long, short = 'd')]
    pub depth: u32,
    /// Search only the final depth instead of iterating 1..=depth.
    #[arg(long)]
    pub no_iterative: bool,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args)]
pub struct Common {
    /// Search algorithm: minimax, alphabeta or pvs.
    #[arg(long, default_value = "pvs", value_parser = Algorithm::parse)]
    pub algo: Algorithm,
    /// Switch techniques on (comma-separated): tt, tt_move, mvv_lva, killers, history,
    /// history_aging, refutation, aspiration, null_move, adaptive_null, verified_null, mc_c,
    /// mc_a, uc_safe, uc_general, uc_all, presearch, lmr, check_extension, quiescence,
    /// see_pruning. See docs/techniques.md.
    #[arg(long, value_delimiter = ',')]
    pub enable: Vec<String>,
    /// Set a parameter, NAME=VALUE (repeatable), by the names of the trace's config:
    /// tt.size_log2, tt.replacement (depth_preferred|always_replace|two_tier),
    /// aspiration.width, null_move.R, multi_cut.M, multi_cut.C, multi_cut.R,
    /// uncertainty.CUT_RATIO, presearch.Risk, presearch.NearRoot, presearch.NearLeaf, lmr.K,
    /// lmr.H, ...
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// Print the full trace as JSON instead of a summary.
    #[arg(long)]
    pub json: bool,
    /// Also write the full trace to FILE: JSON for .json (gzip-compressed for .json.gz), the
    /// compact binary format for .pstrace (docs/trace-format.md).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<String>,
    /// The format of the --trace file: json or binary (default: from its name).
    #[arg(long, requires = "trace", value_parser = Format::parse)]
    pub format: Option<Format>,
    /// Stop after this many nodes with a notice (0 = no cap).
    #[arg(long, default_value_t = DEFAULT_NODE_CAP)]
    pub node_cap: u64,
    /// Also print trace statistics (node types, first-move fail-high %, effective branching
    /// factor, best-move index histograms).
    #[arg(long)]
    pub stats: bool,
}

pub fn tree(a: TreeArgs) -> Result<(), CliError> {
    let text = if a.tree == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read the tree from standard input: {e}"))?;
        s
    } else {
        a.tree
    };
    search(Input::Tree { text }, a.common, 1, false)
}

pub fn random(a: RandomArgs) -> Result<(), CliError> {
    let p = SynthParams {
        branching: a.branching,
        depth: a.depth,
        seed: a.seed,
        ordering: a.ordering,
        random_branching: a.random_branching,
        transpositions: a.transpositions,
    };
    search(Input::Random(p), a.common, a.depth, false)
}

pub fn chess(a: ChessArgs) -> Result<(), CliError> {
    search(
        Input::Chess { fen: a.fen },
        a.common,
        a.depth,
        !a.no_iterative,
    )
}

/// The configuration the common flags describe.
fn config(common: &Common, depth: u32, iterative: bool) -> Result<SearchConfig, CliError> {
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
    Ok(cfg)
}

fn search(input: Input, common: Common, depth: u32, iterative: bool) -> Result<(), CliError> {
    let cfg = config(&common, depth, iterative)?;
    if let Some(path) = &common.trace {
        // Refuse a name without a format before searching, not after.
        crate::convert::format_for(path, common.format)?;
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
    if let Some(path) = &common.trace {
        let t = crate::convert::TraceRef {
            input: &input,
            prepared: &prepared,
            config: &cfg,
            summary: &summary,
            rec: &rec,
        };
        crate::convert::write_trace_file(path, common.format, &t)?;
    }
    let mut out = term::stdout();
    if common.json {
        write_trace(&mut out, &input, &prepared, &cfg, &summary, &rec)?;
    } else {
        print_summary(&mut out, &summary, &rec, secs, common.stats)?;
    }
    out.flush()?;
    Ok(())
}

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
