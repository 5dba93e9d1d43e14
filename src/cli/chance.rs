//! `prunescope tree --algo expectimax|star1|star2`: the chance searches of
//! `prunescope::search::chance` (Ballard 1983), printed node by node with every pruned branch
//! and the bound that fired, or as JSON with `--json` (docs/cli.md, docs/trace-format.md
//! "Chance searches").

use crate::error::CliError;
use prunescope::game::tree::Tree;
use prunescope::run::chance::{CutOff, cut_offs, frac};
use prunescope::run::{Input, Prepared, Summary, chance_config, chance_refusal};
use prunescope::schema::{Bound, StopReason};
use prunescope::search::chance::ChanceAlgorithm;
use prunescope::search::config::SearchConfig;
use prunescope::search::frac::Frac;
use prunescope::trace::record::Recorder;
use prunescope::trace::stats::TraceStats;
use prunescope::trace_file::Format;
use prunescope::trace_file::json::write_trace;
use std::io::Write;

/// The common flags a chance search reads (from `search::Common`, which calls in here), and
/// what the search command works out from them.
pub struct Flags<'a> {
    pub enable: &'a [String],
    pub set: &'a [String],
    /// `--trace FILE`: the trace file of the search (docs/trace-format.md), JSON or binary.
    pub trace: Option<&'a str>,
    pub format: Option<Format>,
    pub json: bool,
    pub stats: bool,
    pub node_cap: u64,
    /// `--memory-budget` as `search::trace_budget` leaves it for the recording, given whether
    /// the output is JSON.
    pub trace_budget: &'a dyn Fn(&SearchConfig, bool) -> Result<u64, CliError>,
    /// The notice of a search stopped by a limit (`search::stop_notice`).
    pub stop_notice: &'a dyn Fn(&Summary, &SearchConfig),
}

/// Runs `algo` on `tree` (`input`, prepared) once, recorded by the one recorder within the
/// memory budget, and prints it: the trace format with `--json`, else the node table; with
/// `--trace`, the same recording is also written as a trace file.
pub fn run(
    input: &Input,
    prepared: &Prepared,
    tree: &Tree,
    algo: ChanceAlgorithm,
    common: &Flags<'_>,
) -> Result<(), CliError> {
    if let Some(name) = common.enable.first() {
        return Err(CliError::from(format!(
            "{name} cannot be used with {}: the chance searches take no technique \
             (docs/techniques.md, \"Chance nodes\")",
            algo.name()
        )));
    }
    if let Some(kv) = common.set.first() {
        return Err(CliError::from(format!(
            "--set {kv}: the chance searches take no parameter (docs/techniques.md, \"Chance \
             nodes\")"
        )));
    }
    if let Some(path) = common.trace {
        // Refuse a name without a format before searching, not after.
        crate::convert::format_for(path, common.format)?;
    }
    let writes_json = common.json
        || common.trace.is_some_and(|p| {
            crate::convert::format_for(p, common.format).ok() == Some(Format::Json)
        });
    let cfg = chance_config(algo, common.node_cap);
    let budget = (common.trace_budget)(&cfg, writes_json)?;
    let (summary, rec) = prepared
        .search_traced(&cfg, budget)
        .map_err(|e| CliError::input("tree", e))?;
    (common.stop_notice)(&summary, &cfg);
    if let Some(path) = common.trace {
        let t = crate::convert::TraceRef {
            input,
            prepared,
            config: &cfg,
            summary: &summary,
            rec: &rec,
        };
        crate::convert::write_trace_file(path, common.format, &t)?;
    }
    let mut out = crate::term::stdout();
    if common.json {
        write_trace(&mut out, input, prepared, &cfg, &summary, &rec)?;
    } else {
        print(&mut out, tree, algo, &summary, &rec, common.stats)?;
    }
    out.flush()?;
    Ok(())
}

/// The refusal of a minimax-family algorithm on a tree with chance nodes.
pub fn refuse(cfg: &SearchConfig) -> CliError {
    CliError::from(format!("tree: {}", chance_refusal(cfg)))
}

/// `w/s` in lowest terms (`n` when the denominator is 1), as every fraction is printed
/// (docs/cli.md "Chance searches"): a branch of weight 2 out of 4 is `1/2`.
fn lowest(w: u64, s: u64) -> String {
    Frac::new(i128::from(w), i128::from(s.max(1)))
        .map_or_else(|_| format!("{w}/{s}"), |f| f.to_string())
}

fn reason_words(r: StopReason) -> &'static str {
    match r {
        StopReason::Leaf => "leaf",
        StopReason::AllMoves => "all branches",
        StopReason::BetaCutoff => "beta cut-off",
        StopReason::ChanceFailLow => "chance fail low (value <= A_i)",
        StopReason::ChanceFailHigh => "chance fail high (value >= B_i)",
        StopReason::Probe => "probe (first move only)",
        StopReason::Aborted => "stopped (the search stopped here)",
        other => other.name(),
    }
}

/// The nodes that stopped early, as the page's summary says them (www/views/summary.js reads the
/// same counts from the trace's statistics): β-cut-offs at decision nodes, then the chance
/// cut-offs by the bound that fired, then Star2's probes.
pub fn stop_words(s: &TraceStats) -> String {
    let mut w = format!(
        "{} beta, {} chance fail low (A_i), {} chance fail high (B_i)",
        s.cutoffs, s.chance_fail_low, s.chance_fail_high
    );
    if s.probes > 0 {
        w.push_str(&format!(
            ", {} probes stopped after the first move",
            s.probes
        ));
    }
    w
}

/// A stored value as the fraction it stands for.
fn show(v: i32, scale: u64, inf: &str) -> String {
    frac(v, scale).map_or(inf.to_string(), |f| f.to_string())
}

/// The search's summary, and unless `summary_only` every node: its path, kind, player, window,
/// value, bound and why it stopped, with the branches a cut-off pruned and the bound that fired.
fn print(
    out: &mut impl Write,
    tree: &Tree,
    algo: ChanceAlgorithm,
    summary: &Summary,
    rec: &Recorder,
    summary_only: bool,
) -> std::io::Result<()> {
    let scale = summary.scale;
    let stats = TraceStats::of(rec);
    writeln!(out, "algorithm  {}", algo.describe())?;
    match tree.bounds() {
        Some((l, u)) => writeln!(out, "bounds     L = {l}, U = {u}")?,
        None => writeln!(out, "bounds     none declared")?,
    }
    match summary.value.and_then(|v| frac(v, scale)) {
        Some(v) if summary.stopped.is_none() => {
            let v = if tree.min_root() { v.negated() } else { v };
            writeln!(out, "value      {v} (exact, MAX's view)")?;
        }
        _ => writeln!(
            out,
            "value      none: the search stopped before it finished"
        )?,
    }
    writeln!(out, "nodes      {}", summary.nodes)?;
    writeln!(out, "cut-offs   {}", stop_words(&stats))?;
    if summary_only || rec.nodes.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\nnode  path        kind    window (side to move)      value    bound  why"
    )?;
    let cuts = cut_offs(rec);
    // Per record: its tree node and whether MAX is to move (8 bytes a node: the path is
    // walked up the parents when printed, at most the tree's depth).
    let mut at: Vec<(u32, bool)> = Vec::with_capacity(rec.nodes.len());
    let mut path: Vec<u32> = Vec::new();
    for (id, n) in rec.nodes.iter().enumerate() {
        let (tree_id, max) = if n.is_root() {
            (0, !tree.min_root())
        } else {
            let (p, pmax) = at[n.parent as usize];
            let max = if tree.is_chance(p) { pmax } else { !pmax };
            (tree.children_of(p).0 + u32::from(n.index), max)
        };
        path.clear();
        let mut up = id;
        while !rec.nodes[up].is_root() {
            path.push(u32::from(rec.nodes[up].index));
            up = rec.nodes[up].parent as usize;
        }
        path.reverse();
        let children = tree.children_of(tree_id).1;
        let kind = if children == 0 {
            "leaf"
        } else if tree.is_chance(tree_id) {
            "chance"
        } else if max {
            "max"
        } else {
            "min"
        };
        let parent_chance = !n.is_root() && tree.is_chance(at[n.parent as usize].0);
        let prob = if parent_chance {
            let p = at[n.parent as usize].0;
            let (first, k) = tree.children_of(p);
            let total: u64 = (0..k).map(|j| u64::from(tree.weight_of(first + j))).sum();
            format!(" p={}", lowest(u64::from(tree.weight_of(tree_id)), total))
        } else {
            String::new()
        };
        let path_text = prunescope::search::chance::path_name(&path);
        let indent = " ".repeat(path.len().min(20));
        let who = if max { "MAX" } else { "MIN" };
        let window = format!(
            "({}, {})",
            show(n.alpha, scale, "-inf"),
            show(n.beta, scale, "+inf")
        );
        let bound: Bound = n.bound();
        writeln!(
            out,
            "{:<5} {indent}{path_text:<10} {:<7} {who} {:<22} {:<8} {:<6} {}{}{}",
            id,
            kind,
            window,
            show(n.value, scale, "?"),
            bound.name(),
            reason_words(n.reason()),
            if n.node_kind() == prunescope::schema::NodeKind::Probe {
                " [probe]"
            } else {
                ""
            },
            prob,
        )?;
        if n.reason() == StopReason::Probe {
            for j in 1..children {
                writeln!(
                    out,
                    "      {indent}  pruned child {j}: not searched by the probe"
                )?;
            }
        }
        if let Some(c) = cuts[id] {
            pruned_lines(out, &indent, n.reason(), c, children, scale)?;
        }
        at.push((tree_id, max));
    }
    Ok(())
}

/// The branches after a cut-off, each with the value that reached the bound.
fn pruned_lines(
    out: &mut impl Write,
    indent: &str,
    reason: StopReason,
    c: CutOff,
    children: u32,
    scale: u64,
) -> std::io::Result<()> {
    let (name, op) = match reason {
        StopReason::ChanceFailLow => ("A", "<="),
        StopReason::ChanceFailHigh => ("B", ">="),
        _ => ("beta", ">="),
    };
    let Some(k) = c.by else {
        // Star2's probing phase passed over a chance branch (nothing to probe), whose bound L
        // reached B_i: the branches from there on are pruned.
        return writeln!(
            out,
            "      {indent}  pruned the rest: {} — a chance branch left at L = {} {op} {name} = {}",
            reason_words(reason),
            show(c.value, scale, "?"),
            show(c.bound, scale, "?"),
        );
    };
    let sub = if name == "beta" {
        String::new()
    } else {
        format!("_{k}")
    };
    for j in k + 1..children {
        writeln!(
            out,
            "      {indent}  pruned child {j}: {} — child {k} returned {} {op} {name}{sub} = {}",
            reason_words(reason),
            show(c.value, scale, "?"),
            show(c.bound, scale, "?"),
        )?;
    }
    Ok(())
}
