//! `prunescope tree|random|chess|tictactoe|nim|connect4`: parse the input, search it, and
//! print the summary or the JSON trace.

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::game::chess::ChessPos;
use prunescope::game::synthetic::{Ordering, SynthParams};
use prunescope::game::tree::MAX_TREE_TEXT_BYTES;
use prunescope::run::{Input, Prepared, Summary};
use prunescope::search::StopCause;
use prunescope::search::chance::ChanceAlgorithm;
use prunescope::search::config::{Algorithm, Cutoff, DEFAULT_NODE_CAP, SearchConfig};
use prunescope::trace::stats::TraceStats;
use prunescope::trace_file::Format;
use prunescope::trace_file::json::write_trace;
use std::io::{Read, Write};
use std::time::Instant;

#[derive(Args)]
pub struct TreeArgs {
    /// The tree text (docs/cli.md, "Tree text"); "-" reads it from standard input. Leaves
    /// are integers from MAX's view, |leaf| <= 999999998; a "min" header before the tree puts
    /// MIN to move at the root ("min ((3 12 8) (2 4 6))"); at most 65534 children per node,
    /// 200 levels and 50000000 nodes.
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
    /// The position in FEN: board, side to move, castling, en passant, halfmove clock
    /// (0..=150) and fullmove number (1..=9999), separated by whitespace; the two counters may
    /// be omitted together.
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

/// The `--algo` flag: a search of the `Game` trait, or a chance search (trees only).
#[derive(Clone, Copy, Debug)]
pub enum AlgoChoice {
    Game(Algorithm),
    Chance(ChanceAlgorithm),
}

impl AlgoChoice {
    fn parse(s: &str) -> Result<AlgoChoice, String> {
        if let Some(c) = ChanceAlgorithm::parse(s) {
            return Ok(AlgoChoice::Chance(c));
        }
        Algorithm::parse(s).map(AlgoChoice::Game).map_err(|_| {
            format!(
                "unknown algorithm '{s}': expected minimax, alphabeta, pvs, pvs_full, or for a \
                 tree with chance nodes expectimax, star1 or star2"
            )
        })
    }
}

#[derive(Args)]
pub struct Common {
    /// Search algorithm: minimax, alphabeta, pvs (Reinefeld's NegaScout: re-search with
    /// (t, β)) or pvs_full (Björnsson et al. 1997, Fig. 4: re-search with (α, β)); for a
    /// tree with chance nodes, expectimax, star1 or star2 (Ballard 1983; star1 and star2 need
    /// the tree's 'bounds L U' header). See docs/techniques.md.
    #[arg(long, default_value = "pvs", value_parser = AlgoChoice::parse)]
    pub algo: AlgoChoice,
    /// The cut-off rule: standard (cut when α ≥ β) or strict (cut only when the bound is
    /// strictly passed, as Berkeley's CS188 teaches: a move equal to the bound is still
    /// searched). strict needs --algo alphabeta or minimax and refuses, by name, every
    /// technique whose own test is ≥ (tt, aspiration, null_move, mc_c, mc_a, uc_*, presearch,
    /// lmr, quiescence). See docs/teaching.md.
    #[arg(long, default_value = "standard", value_parser = parse_cutoff)]
    pub cutoff: Cutoff,
    /// Switch techniques on (comma-separated): tt, tt_move, mvv_lva, see_ordering, killers,
    /// history, history_aging, refutation, aspiration, null_move, adaptive_null, verified_null,
    /// mc_c, mc_a, uc_safe, uc_general, uc_all, presearch, lmr, check_extension, quiescence,
    /// see_pruning. See docs/techniques.md.
    #[arg(long, value_delimiter = ',')]
    pub enable: Vec<String>,
    /// Set a parameter, NAME=VALUE (repeatable), by the names of the trace's config:
    /// tt.size_log2, tt.replacement (depth_preferred|always_replace|two_tier),
    /// aspiration.width, null_move.R, null_move.pv_nodes, null_move.adaptive_material,
    /// remedies.enabled, multi_cut.M, multi_cut.C, multi_cut.R, uncertainty.CUT_RATIO,
    /// presearch.Risk, presearch.NearRoot, presearch.NearLeaf, lmr.K, lmr.H, ...
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
    /// The most memory the process may use (e.g. 512M, 8G): the input, the transposition
    /// table and, with --json or --trace, the kept trace and its writing. A configuration
    /// whose table alone does not fit is refused; with --json or --trace the search stops
    /// with a notice, as at the node cap, when the trace has used what is left. `auto`: 8G,
    /// or half of the available memory or of the `ulimit -v` limit if less. 0 is refused.
    /// Without --json or --trace no node is kept.
    #[arg(long, default_value = DEFAULT_MEMORY_BUDGET, value_name = "SIZE")]
    pub memory_budget: ByteSize,
    /// Also print trace statistics (node types, first-move fail-high %, effective branching
    /// factor, best-move index histograms).
    #[arg(long)]
    pub stats: bool,
}

pub fn tree(a: TreeArgs) -> Result<(), CliError> {
    let chance_algo = match a.common.algo {
        AlgoChoice::Chance(c) => Some(c),
        AlgoChoice::Game(_) => None,
    };
    let cfg = match chance_algo {
        Some(_) => SearchConfig::default(),
        None => config(&a.common, 1, false)?,
    };
    let from_stdin = a.tree == "-";
    let text = if from_stdin {
        // One byte past the limit is enough for the parser to refuse a longer text.
        let mut s = String::new();
        std::io::stdin()
            .take(MAX_TREE_TEXT_BYTES as u64 + 1)
            .read_to_string(&mut s)
            .map_err(|e| CliError::input("standard input", format!("cannot read the tree: {e}")))?;
        s
    } else {
        a.tree
    };
    let input = Input::Tree { text };
    let prepared = input.prepare().map_err(|e| {
        if from_stdin {
            CliError::input("standard input", e)
        } else {
            CliError::from(e)
        }
    })?;
    if let Prepared::Tree(tree) = &prepared {
        match chance_algo {
            Some(algo) => {
                let c = &a.common;
                let flags = crate::chance::Flags {
                    enable: &c.enable,
                    set: &c.set,
                    trace: c.trace.as_deref(),
                    format: c.format,
                    json: c.json,
                    stats: c.stats,
                    node_cap: c.node_cap,
                    trace_budget: &|cfg, json| trace_budget(cfg, c.memory_budget.0, json),
                    stop_notice: &|s, cfg| stop_notice(s, cfg, c),
                };
                return crate::chance::run(&input, &prepared, tree, algo, &flags);
            }
            None if tree.has_chance() => return Err(crate::chance::refuse(&cfg)),
            None => {}
        }
    }
    search(&input, prepared, &cfg, &a.common)
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
    let cfg = config(&a.common, a.depth, false)?;
    let input = Input::Random(p);
    let prepared = input.prepare()?;
    search(&input, prepared, &cfg, &a.common)
}

pub fn chess(a: ChessArgs) -> Result<(), CliError> {
    let cfg = config(&a.common, a.depth, !a.no_iterative)?;
    // Read here first for the typed error that names the FEN field; `prepare` then reads the
    // same text the same way.
    ChessPos::from_fen(&a.fen).map_err(|e| CliError::input("--fen", e))?;
    let input = Input::Chess { fen: a.fen };
    let prepared = input.prepare().map_err(|e| CliError::input("--fen", e))?;
    search(&input, prepared, &cfg, &a.common)
}

/// A small game (src/cli/games.rs): the techniques the game refuses are refused before the
/// search, by name (search/soundness.rs).
pub(crate) fn small_game(
    input: Input,
    depth: u32,
    iterative: bool,
    common: &Common,
) -> Result<(), CliError> {
    let cfg = config(common, depth, iterative)?;
    let prepared = input.prepare()?;
    prepared.check_config(&cfg)?;
    search(&input, prepared, &cfg, common)
}

fn parse_cutoff(s: &str) -> Result<Cutoff, String> {
    Cutoff::parse(s)
        .ok_or_else(|| format!("unknown cut-off rule '{s}': expected standard or strict"))
}

/// The configuration the common flags describe.
fn config(common: &Common, depth: u32, iterative: bool) -> Result<SearchConfig, CliError> {
    let algo = match common.algo {
        AlgoChoice::Game(a) => a,
        AlgoChoice::Chance(c) => {
            return Err(CliError::from(format!(
                "--algo {}: the chance searches run on explicit trees with chance nodes only \
                 (prunescope tree \"bounds -10 10 [1:(3 5) 1:(2 8)]\")",
                c.name()
            )));
        }
    };
    let mut cfg = SearchConfig {
        algo,
        cutoff: common.cutoff,
        depth,
        iterative,
        node_cap: common.node_cap,
        ..SearchConfig::default()
    };
    for name in &common.enable {
        cfg.enable(name.trim())?;
    }
    for kv in &common.set {
        cfg.assign(kv)?;
    }
    // Checked before the input is read: a bad flag is reported without parsing a big tree.
    cfg.validate()?;
    Ok(cfg)
}

/// Searches `prepared` and prints the summary, or with `--json` the trace; with `--trace FILE`
/// also writes the trace to FILE.
fn search(
    input: &Input,
    prepared: Prepared,
    cfg: &SearchConfig,
    common: &Common,
) -> Result<(), CliError> {
    if let Some(path) = &common.trace {
        // Refuse a name without a format before searching, not after.
        crate::convert::format_for(path, common.format)?;
    }
    let writes_json = common.json
        || common.trace.as_deref().is_some_and(|p| {
            crate::convert::format_for(p, common.format).ok() == Some(Format::Json)
        });
    let trace_budget = trace_budget(cfg, common.memory_budget.0, writes_json)?;
    let min_root = matches!(&prepared, Prepared::Tree(t) if t.min_root());
    let start = Instant::now();
    let mut out = term::stdout();
    if common.json || common.trace.is_some() {
        // The whole trace is kept for writing, within what the memory budget leaves for it.
        let (summary, rec) = prepared.search_traced(cfg, trace_budget)?;
        let secs = start.elapsed().as_secs_f64();
        stop_notice(&summary, cfg, common);
        if let Some(path) = &common.trace {
            let t = crate::convert::TraceRef {
                input,
                prepared: &prepared,
                config: cfg,
                summary: &summary,
                rec: &rec,
            };
            crate::convert::write_trace_file(path, common.format, &t)?;
        }
        if common.json {
            write_trace(&mut out, input, &prepared, cfg, &summary, &rec)?;
        } else {
            let stats = TraceStats::of(&rec);
            print_summary(&mut out, &summary, &stats, secs, common.stats, min_root)?;
        }
    } else {
        // A summary needs only the statistics: nothing per node is kept.
        let (summary, stats) = prepared.search_stats(cfg)?;
        let secs = start.elapsed().as_secs_f64();
        stop_notice(&summary, cfg, common);
        print_summary(&mut out, &summary, &stats, secs, common.stats, min_root)?;
    }
    out.flush()?;
    Ok(())
}

/// Room kept in the memory budget for what the process allocates besides the input, the
/// table and the trace's arrays: the search's own tables and stacks, the statistics, and
/// writing the trace (buffers, gzip, the JSON writer's list of pruned moves).
const WORK_RESERVE: u64 = 16 << 20;

/// What the process's memory budget leaves for a kept trace: the budget less what the
/// process holds already (its code and the input, as resident now), the transposition table
/// (allocated whole when the search starts) and [`WORK_RESERVE`]; and when the trace is written
/// as JSON, the writer's index of every node's children (8 bytes a node, against at least 30
/// that the trace holds for it: 28 of record, 2 of events). A table that alone exceeds the
/// budget, or a budget that leaves no room, is refused before searching.
pub(crate) fn trace_budget(
    cfg: &SearchConfig,
    budget: u64,
    writes_json: bool,
) -> Result<u64, CliError> {
    let tt = if cfg.tt.enabled {
        cfg.tt.table_bytes()
    } else {
        0
    };
    if tt >= budget {
        return Err(CliError::from(format!(
            "the transposition table alone (tt.size_log2 = {}: {}) exceeds --memory-budget {}: \
             lower tt.size_log2 or raise --memory-budget",
            cfg.tt.size_log2,
            ByteSize(tt),
            ByteSize(budget)
        )));
    }
    let held = resident_bytes();
    let fixed = held + tt + WORK_RESERVE;
    if fixed >= budget {
        return Err(CliError::from(format!(
            "--memory-budget {} leaves no room for the search: the process holds {} (its code \
             and the input), the transposition table takes {} and the search and its output \
             need about {}; raise --memory-budget",
            ByteSize(budget),
            ByteSize(held),
            ByteSize(tt),
            ByteSize(WORK_RESERVE)
        )));
    }
    let rest = budget - fixed;
    Ok(if writes_json { rest / 38 * 30 } else { rest })
}

/// The process's resident memory now, in bytes (Linux: /proc/self/statm; 0 elsewhere).
fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

/// Says on stderr why a search stopped early, and which limit to raise.
fn stop_notice(summary: &Summary, cfg: &SearchConfig, common: &Common) {
    let what = match summary.stopped {
        None => return,
        Some(StopCause::NodeCap) => format!(
            "the node cap of {} nodes stopped the search; results are partial (raise --node-cap)",
            cfg.node_cap
        ),
        Some(StopCause::MemoryBudget) => format!(
            "the memory budget of {} stopped the search after {} nodes, with the trace \
             using what the rest of the process left; results are partial (raise \
             --memory-budget, or leave out --json and --trace)",
            common.memory_budget, summary.nodes
        ),
        Some(StopCause::User) => "the search was stopped by hand; results are partial".into(),
    };
    let iterations = if summary.value.is_none() {
        "; no iteration finished, so there is no value"
    } else {
        ""
    };
    term::notice(&format!("{what}{iterations}"));
}

/// A size in bytes, written as a number with an optional K, M, G or T suffix (powers of 1024).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteSize(pub u64);

impl std::str::FromStr for ByteSize {
    type Err = String;
    fn from_str(s: &str) -> Result<ByteSize, String> {
        let t = s.trim();
        if t == "auto" {
            return Ok(ByteSize(auto_budget()));
        }
        let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            Some((i, _)) => t.split_at(i),
            None => (t, ""),
        };
        let shift = match unit
            .trim()
            .to_ascii_uppercase()
            .trim_end_matches("IB")
            .trim_end_matches('B')
        {
            "" => 0,
            "K" => 10,
            "M" => 20,
            "G" => 30,
            "T" => 40,
            _ => {
                return Err(format!(
                    "'{s}' is not a size: expected a number with K, M, G or T"
                ));
            }
        };
        let n: u64 = digits
            .parse()
            .map_err(|_| format!("'{s}' is not a size: expected a number with K, M, G or T"))?;
        match n.checked_mul(1 << shift) {
            None => Err(format!("'{s}' is too large")),
            Some(0) => Err(format!(
                "'{s}' bounds nothing: give a size such as 512M or 8G, or auto"
            )),
            Some(b) => Ok(ByteSize(b)),
        }
    }
}

impl std::fmt::Display for ByteSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let units = [(40, "TiB"), (30, "GiB"), (20, "MiB"), (10, "KiB")];
        for (shift, u) in units {
            if self.0 >= 1 << shift {
                return write!(f, "{:.1} {u}", self.0 as f64 / (1u64 << shift) as f64);
            }
        }
        write!(f, "{} bytes", self.0)
    }
}

/// The default memory budget for a kept trace: 8 GiB (a third of a 24 GB machine), or half of
/// what the system can give the process if that is less (available memory, or the address-space
/// limit set with `ulimit -v`), so that a runaway search stops with a notice long before the
/// process runs out of memory.
pub const DEFAULT_MEMORY_BUDGET: &str = "auto";

/// [`DEFAULT_MEMORY_BUDGET`] on this machine.
fn auto_budget() -> u64 {
    let mut budget: u64 = 8 << 30;
    // Linux reports both in /proc; elsewhere the 8 GiB stands.
    if let Ok(meminfo) = std::fs::read_to_string("/proc/meminfo")
        && let Some(kb) = meminfo
            .lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
    {
        budget = budget.min(kb * 1024 / 2);
    }
    if let Ok(limits) = std::fs::read_to_string("/proc/self/limits")
        && let Some(bytes) = limits
            .lines()
            .find(|l| l.starts_with("Max address space"))
            .and_then(|l| l.split_whitespace().nth(3))
            .and_then(|v| v.parse::<u64>().ok())
    {
        budget = budget.min(bytes / 2);
    }
    budget
}

/// Prints the summary; `min_root`: MIN moves at the root of an explicit tree (the `min` header),
/// whose value is printed from MAX's view first, as the textbooks give it, then as the search
/// (negamax) returns it.
pub fn print_summary(
    out: &mut impl Write,
    s: &Summary,
    st: &TraceStats,
    secs: f64,
    full: bool,
    min_root: bool,
) -> std::io::Result<()> {
    match s.value {
        Some(v) if min_root => writeln!(
            out,
            "value      {} from MAX's view{} (MIN moves at the root; the search's negamax value \
             is {v})",
            -(v as i64),
            if s.uncertain { " (uncertain)" } else { "" }
        )?,
        Some(v) => writeln!(
            out,
            "value      {v}{}",
            if s.uncertain { " (uncertain)" } else { "" }
        )?,
        None => writeln!(
            out,
            "value      none: the search stopped before its first iteration finished"
        )?,
    }
    let line = if s.best_line_san.is_empty() {
        &s.best_line
    } else {
        &s.best_line_san
    };
    // Moves and child indices are ours, but a line is escaped like anything shown from a run.
    writeln!(out, "best line  {}", term::escape_line(&line.join(" ")))?;
    if let Some(words) = s.line_words() {
        writeln!(out, "           ({words})")?;
    }
    writeln!(
        out,
        "nodes      {} ({} leaves){}",
        s.nodes,
        st.leaves,
        match s.stopped {
            Some(StopCause::NodeCap) => " — stopped by the node cap",
            Some(StopCause::MemoryBudget) => " — stopped by the memory budget",
            Some(StopCause::User) => " — stopped by hand",
            None => "",
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
