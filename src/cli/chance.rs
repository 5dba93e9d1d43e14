//! `prunescope tree --algo expectimax|star1|star2`: the chance searches of
//! `prunescope::search::chance` (Ballard 1983), printed node by node with every pruned branch
//! and the bound that fired, or as JSON with `--json` (docs/cli.md, docs/trace-format.md
//! "Chance searches").

use crate::error::CliError;
use prunescope::game::tree::Tree;
use prunescope::run::{Input, Prepared, chance_config, chance_refusal};
use prunescope::search::chance::{self, ChanceAlgorithm, ChanceNode, ChanceResult, ChanceStop};
use prunescope::search::config::SearchConfig;
use prunescope::trace_file::Format;
use std::io::Write;

/// The common flags a chance search reads (from `search::Common`, which calls in here).
pub struct Flags<'a> {
    pub enable: &'a [String],
    pub set: &'a [String],
    /// `--trace FILE`: a version-4 trace file of the search (docs/trace-format.md, "Chance
    /// searches"), JSON or binary.
    pub trace: Option<&'a str>,
    pub format: Option<Format>,
    pub json: bool,
    pub stats: bool,
    pub node_cap: u64,
}

/// Runs `algo` on `tree` (`input`, prepared) and prints the result; with `--trace`, also
/// writes the search as a trace file.
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
        let cfg = chance_config(algo, common.node_cap);
        let (summary, rec) = prepared
            .search_traced(&cfg, 0)
            .map_err(|e| CliError::input("tree", e))?;
        let t = crate::convert::TraceRef {
            input,
            prepared,
            config: &cfg,
            summary: &summary,
            rec: &rec,
        };
        crate::convert::write_trace_file(path, common.format, &t)?;
    }
    let record = common.json || !common.stats;
    let result = chance::search(tree, algo, common.node_cap, record)
        .map_err(|e| CliError::input("tree", e))?;
    let mut out = crate::term::stdout();
    if common.json {
        serde_json::to_writer_pretty(&mut out, &result)
            .map_err(|e| CliError::from(format!("cannot write the JSON: {e}")))?;
        writeln!(out)?;
    } else {
        print(&mut out, tree, &result)?;
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
    let (mut a, mut b) = (w, s);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    if s / g == 1 {
        (w / g).to_string()
    } else {
        format!("{}/{}", w / g, s / g)
    }
}

fn window(n: &ChanceNode) -> String {
    let side = |v: Option<prunescope::search::frac::Frac>, inf: &str| {
        v.map_or(inf.to_string(), |f| f.to_string())
    };
    format!("({}, {})", side(n.alpha, "-inf"), side(n.beta, "+inf"))
}

fn reason_words(r: ChanceStop) -> &'static str {
    match r {
        ChanceStop::Leaf => "leaf",
        ChanceStop::AllMoves => "all branches",
        ChanceStop::BetaCutoff => "beta cut-off",
        ChanceStop::ChanceFailLow => "chance fail low (value <= A_i)",
        ChanceStop::ChanceFailHigh => "chance fail high (value >= B_i)",
        ChanceStop::Probe => "probe (first move only)",
    }
}

/// The nodes that stopped early, as the page's summary says them (www/views/summary.js reads the
/// same counts from the trace's statistics): β-cut-offs at decision nodes, then the chance
/// cut-offs by the bound that fired, then Star2's probes.
pub fn stop_words(s: &chance::ChanceStops) -> String {
    let mut w = format!(
        "{} beta, {} chance fail low (A_i), {} chance fail high (B_i)",
        s.beta_cutoffs, s.chance_fail_low, s.chance_fail_high
    );
    if s.probes > 0 {
        w.push_str(&format!(
            ", {} probes stopped after the first move",
            s.probes
        ));
    }
    w
}

fn print(out: &mut impl Write, tree: &Tree, r: &ChanceResult) -> std::io::Result<()> {
    writeln!(out, "algorithm  {}", r.algo.describe())?;
    match r.bounds {
        Some((l, u)) => writeln!(out, "bounds     L = {l}, U = {u}")?,
        None => writeln!(out, "bounds     none declared")?,
    }
    writeln!(out, "value      {} (exact, MAX's view)", r.value)?;
    writeln!(out, "nodes      {}", r.nodes)?;
    writeln!(out, "cut-offs   {}", stop_words(&r.stops))?;
    let _ = tree;
    if r.trace.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "\nnode  path        kind    window (side to move)      value    bound  why"
    )?;
    for n in &r.trace {
        let path = if n.path.is_empty() {
            "root".to_string()
        } else {
            n.path
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(".")
        };
        let indent = " ".repeat(n.path.len().min(20));
        let prob = n.weight.map_or(String::new(), |(w, s)| {
            format!(" p={}", lowest(u64::from(w), s))
        });
        let who = if n.max_to_move { "MAX" } else { "MIN" };
        writeln!(
            out,
            "{:<5} {indent}{path:<10} {:<7} {who} {:<22} {:<8} {:<6} {}{}{}",
            n.id,
            n.kind,
            window(n),
            n.value.to_string(),
            n.bound.name(),
            reason_words(n.reason),
            if n.probe { " [probe]" } else { "" },
            prob,
        )?;
        for p in &n.pruned {
            let (name, op) = match p.reason {
                ChanceStop::ChanceFailLow => ("A", "<="),
                ChanceStop::ChanceFailHigh => ("B", ">="),
                ChanceStop::BetaCutoff => ("beta", ">="),
                _ => ("", ""),
            };
            if p.reason == ChanceStop::Probe {
                writeln!(
                    out,
                    "      {indent}  pruned child {}: not searched by the probe",
                    p.child
                )?;
            } else {
                writeln!(
                    out,
                    "      {indent}  pruned child {}: {} — child {} returned {} {op} {name}{} = {}",
                    p.child,
                    reason_words(p.reason),
                    p.by,
                    p.value,
                    if name == "beta" {
                        String::new()
                    } else {
                        format!("_{}", p.by)
                    },
                    p.bound
                )?;
            }
        }
    }
    Ok(())
}
