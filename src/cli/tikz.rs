//! `prunescope tikz`: an explicit tree, or a search of it, as a TikZ figure in the `forest`
//! package (src/figure/tikz.rs; docs/cli.md).

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::figure::{self, SceneSearch, Show, View};
use prunescope::game::tree::MAX_TREE_TEXT_BYTES;
use prunescope::run::chance_config;
use prunescope::search::chance::ChanceAlgorithm;
use prunescope::search::config::{Algorithm, Cutoff, SearchConfig};
use std::io::{Read, Write};

#[derive(Args)]
pub struct TikzArgs {
    /// The tree text (docs/cli.md, "Tree text"); "-" reads it from standard input. At most 300
    /// nodes, leaves included: larger trees do not fit a page and are refused.
    pub tree: String,
    /// Draw this search of the tree: minimax, alphabeta, pvs, pvs_full, or for a tree with
    /// chance nodes expectimax, star1 or star2. Without it, the tree alone.
    #[arg(long)]
    pub algo: Option<String>,
    /// The cut-off rule: standard (α ≥ β) or strict (only when the bound is strictly passed, as
    /// CS188 teaches; with --algo alphabeta or minimax).
    #[arg(long, default_value = "standard")]
    pub cutoff: String,
    /// Switch techniques on, as the search commands' --enable (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub enable: Vec<String>,
    /// Set a parameter, NAME=VALUE (repeatable), as the search commands' --set.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// What to show besides the tree and its leaf values, comma-separated: values (each
    /// node's value with its bound, ≤ 2 or ≥ 5), windows (the window (α, β) at entry), types
    /// (PV/CUT/ALL, coloured and named), pruned (the pruned branches greyed and dashed, with the
    /// rule that cut them); all, or none.
    #[arg(long, default_value = "values,pruned")]
    pub show: String,
    /// Show the search as it was at this event (0-based, the page's cursor: the step bar's
    /// event number minus one), not finished.
    #[arg(long, value_name = "EVENT")]
    pub at: Option<u64>,
    /// Values from MAX's view (maxmin: a MIN node's value, bound and window turned around, as
    /// the page's MAX/MIN view) or as negamax returns them (negamax: the side to move's view).
    #[arg(long, default_value = "maxmin")]
    pub view: String,
    /// Print only the forest environment (for \input in a document that loads forest and
    /// \usetikzlibrary{shapes.geometric}), not a document that compiles on its own.
    #[arg(long)]
    pub body: bool,
}

/// The search `--algo` and the other flags describe, or `None` for the tree alone.
fn config(a: &TikzArgs) -> Result<Option<SearchConfig>, CliError> {
    let Some(algo) = &a.algo else {
        for (flag, given) in [
            ("--cutoff", a.cutoff != "standard"),
            ("--enable", !a.enable.is_empty()),
            ("--set", !a.set.is_empty()),
            ("--at", a.at.is_some()),
        ] {
            if given {
                return Err(CliError::from(format!(
                    "{flag} describes a search: give --algo too (without it the figure is the tree alone)"
                )));
            }
        }
        return Ok(None);
    };
    let cutoff = Cutoff::parse(&a.cutoff).ok_or_else(|| {
        CliError::from(format!(
            "--cutoff {}: unknown cut-off rule: expected standard or strict",
            a.cutoff
        ))
    })?;
    if let Some(c) = ChanceAlgorithm::parse(algo) {
        if !a.enable.is_empty() || !a.set.is_empty() || cutoff != Cutoff::Standard {
            return Err(CliError::from(format!(
                "--algo {algo}: the chance searches take no technique, no --set and the \
                 standard cut-off rule only (docs/techniques.md, \"Chance nodes\")"
            )));
        }
        return Ok(Some(chance_config(c, 0)));
    }
    let algo = Algorithm::parse(algo).map_err(|_| {
        CliError::from(format!(
            "--algo {algo}: unknown algorithm: expected minimax, alphabeta, pvs, pvs_full, or \
             for a tree with chance nodes expectimax, star1 or star2"
        ))
    })?;
    let mut cfg = SearchConfig {
        algo,
        cutoff,
        depth: 1,
        iterative: false,
        ..SearchConfig::default()
    };
    for name in &a.enable {
        cfg.enable(name.trim())?;
    }
    for kv in &a.set {
        cfg.assign(kv)?;
    }
    cfg.validate()?;
    Ok(Some(cfg))
}

pub fn run(a: TikzArgs) -> Result<(), CliError> {
    let show = Show::parse(&a.show).map_err(|w| {
        CliError::from(format!(
            "--show {}: unknown item '{w}': expected values, windows, types, pruned, all or none",
            a.show
        ))
    })?;
    let view = View::parse(&a.view).ok_or_else(|| {
        CliError::from(format!(
            "--view {}: expected maxmin (MAX's view) or negamax",
            a.view
        ))
    })?;
    let cfg = config(&a)?;
    let text = if a.tree == "-" {
        let mut s = String::new();
        std::io::stdin()
            .take(MAX_TREE_TEXT_BYTES as u64 + 1)
            .read_to_string(&mut s)
            .map_err(|e| CliError::input("standard input", format!("cannot read the tree: {e}")))?;
        s
    } else {
        a.tree.clone()
    };
    let search = cfg.as_ref().map(|config| SceneSearch { config, at: a.at });
    let scene = figure::scene(&text, search, view).map_err(|e| {
        let field = match e.field {
            "at" => "--at",
            "config" => "--algo",
            _ if a.tree == "-" => "standard input",
            _ => "tree",
        };
        CliError::input(field, e.reason)
    })?;
    let mut out = term::stdout();
    out.write_all(figure::tikz(&scene, show, a.body).as_bytes())?;
    out.flush()?;
    Ok(())
}
