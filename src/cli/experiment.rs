//! `prunescope experiment`: the papers' tables on EPD suites (docs/experiments.md).

use crate::error::CliError;
use crate::term;
use clap::Args;
use prunescope::experiments::{self, EpdPosition, pct};
use prunescope::search::config::SearchConfig;
use std::io::Write;

#[derive(Args)]
pub struct ExperimentArgs {
    /// Which experiment.
    #[arg(value_parser = ["uncertainty", "null-move", "multi-cut"])]
    pub name: String,
    /// EPD suite (the papers used Bratko-Kopec for uncertainty cut-offs).
    #[arg(long, default_value = "www/data/bk.epd")]
    pub suite: String,
    /// Nominal depth in plies (uncertainty: the paper's 5, with extensions).
    #[arg(long, short = 'd', default_value_t = 5)]
    pub depth: u32,
    /// Print CSV. uncertainty: position,base_nodes,pct10,pct30,pct50,same10,same30,same50.
    #[arg(long)]
    pub csv: bool,
}

pub fn run(a: ExperimentArgs) -> Result<(), CliError> {
    let cfg = SearchConfig {
        depth: a.depth,
        ..SearchConfig::default()
    };
    cfg.validate()?;
    let positions = experiments::read_epd(&a.suite)?;
    match a.name.as_str() {
        "null-move" => experiment_null_move(&positions, &a.suite, a.depth, a.csv),
        "multi-cut" => experiment_multi_cut(&positions, &a.suite, a.depth, a.csv),
        _ => experiment_uncertainty(&positions, &a.suite, a.depth, a.csv),
    }
}

/// Table 1 of Björnsson, Marsland, Schaeffer & Junghanns (1997), printed as CSV or laid out
/// like the paper's.
fn experiment_uncertainty(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), CliError> {
    let mut out = term::stdout();
    let rows = experiments::uncertainty_table(positions, depth)?;
    let n = rows.len();
    let base_total: u64 = rows.iter().map(|r| r.base_nodes).sum();
    let totals: Vec<f64> = (0..3)
        .map(|k| pct(rows.iter().map(|r| r.nodes[k]).sum(), base_total))
        .collect();
    let avgs: Vec<f64> = (0..3)
        .map(|k| {
            rows.iter()
                .map(|r| pct(r.nodes[k], r.base_nodes))
                .sum::<f64>()
                / n as f64
        })
        .collect();
    let same: Vec<usize> = (0..3)
        .map(|k| rows.iter().filter(|r| r.same[k]).count())
        .collect();
    if csv {
        writeln!(
            out,
            "position,base_nodes,pct10,pct30,pct50,same10,same30,same50"
        )?;
        for r in &rows {
            writeln!(
                out,
                "{},{},{:.1},{:.1},{:.1},{},{},{}",
                term::escape_line(&r.id),
                r.base_nodes,
                pct(r.nodes[0], r.base_nodes),
                pct(r.nodes[1], r.base_nodes),
                pct(r.nodes[2], r.base_nodes),
                r.same[0],
                r.same[1],
                r.same[2]
            )?;
        }
        writeln!(
            out,
            "total,{base_total},{:.1},{:.1},{:.1},{}/{n},{}/{n},{}/{n}",
            totals[0], totals[1], totals[2], same[0], same[1], same[2]
        )?;
        writeln!(
            out,
            "average,{},{:.1},{:.1},{:.1},,,",
            base_total / n as u64,
            avgs[0],
            avgs[1],
            avgs[2]
        )?;
        out.flush()?;
        return Ok(());
    }
    writeln!(
        out,
        "Table 1: percentages of nodes searched (safe uncertainty cut-offs vs baseline),"
    )?;
    writeln!(
        out,
        "{n} positions of {}, depth {depth} with check extensions\n",
        term::escape_line(suite)
    )?;
    let half = n.div_ceil(2);
    writeln!(
        out,
        "{:<8}{:>6}{:>6}{:>6}      {:<8}{:>6}{:>6}{:>6}",
        "", "10%", "30%", "50%", "", "10%", "30%", "50%"
    )?;
    let cell = |r: &experiments::UncertaintyRow| {
        format!(
            "{:<8}{:>6.0}{:>6.0}{:>6.0}",
            term::escape_line(r.id.trim_start_matches("BK.")),
            pct(r.nodes[0], r.base_nodes),
            pct(r.nodes[1], r.base_nodes),
            pct(r.nodes[2], r.base_nodes)
        )
    };
    for i in 0..half {
        let right = rows.get(i + half).map(cell).unwrap_or_default();
        writeln!(out, "{}      {}", cell(&rows[i]), right)?;
    }
    writeln!(
        out,
        "{:<8}{:>6.0}{:>6.0}{:>6.0}   (paper: 104 100 97)",
        "Total %", totals[0], totals[1], totals[2]
    )?;
    writeln!(
        out,
        "{:<8}{:>6.0}{:>6.0}{:>6.0}   (paper: 102  99 97)",
        "Avg. %", avgs[0], avgs[1], avgs[2]
    )?;
    writeln!(
        out,
        "same value and best move: {}/{n}, {}/{n}, {}/{n}; baseline nodes {base_total}",
        same[0], same[1], same[2]
    )?;
    out.flush()?;
    Ok(())
}

/// David & Netanyahu (2002), Tables 1–2: total nodes and solved positions of standard
/// null-move pruning with R = 1, 2, 3 and verified null-move pruning with R = 3.
fn experiment_null_move(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), CliError> {
    let mut out = term::stdout();
    let rows = experiments::null_move_table(positions, depth)?;
    let names = experiments::NULL_MOVE_VARIANTS;
    let totals: Vec<u64> = (0..4)
        .map(|k| rows.iter().map(|r| r.nodes[k]).sum())
        .collect();
    let solved: Vec<usize> = (0..4)
        .map(|k| rows.iter().filter(|r| r.solved[k]).count())
        .collect();
    if csv {
        writeln!(
            out,
            "position,std_r1,std_r2,std_r3,vrfd_r3,solved_r1,solved_r2,solved_r3,solved_vrfd"
        )?;
        for r in &rows {
            writeln!(
                out,
                "{},{},{},{},{},{},{},{},{}",
                term::escape_line(&r.id),
                r.nodes[0],
                r.nodes[1],
                r.nodes[2],
                r.nodes[3],
                r.solved[0],
                r.solved[1],
                r.solved[2],
                r.solved[3]
            )?;
        }
        writeln!(
            out,
            "total,{},{},{},{},{},{},{},{}",
            totals[0], totals[1], totals[2], totals[3], solved[0], solved[1], solved[2], solved[3]
        )?;
        out.flush()?;
        return Ok(());
    }
    writeln!(
        out,
        "Total node count and solved positions, {} positions of {}, depth {depth}",
        rows.len(),
        term::escape_line(suite)
    )?;
    writeln!(
        out,
        "(baseline: PVS, TT, history, captures first, check extensions, quiescence)\n"
    )?;
    writeln!(
        out,
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "Depth", names[0], names[1], names[2], names[3]
    )?;
    writeln!(
        out,
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        depth, totals[0], totals[1], totals[2], totals[3]
    )?;
    let rel = |k: usize| format!("({:+.2}%)", pct(totals[k], totals[3]) - 100.0);
    writeln!(
        out,
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "",
        rel(0),
        rel(1),
        rel(2),
        "-"
    )?;
    writeln!(
        out,
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "solved", solved[0], solved[1], solved[2], solved[3]
    )?;
    out.flush()?;
    Ok(())
}

/// The MC-A experiment of Winands et al.: total nodes without and with multi-cut at expected
/// ALL nodes, under four forward-pruning settings, at depths 1..=depth.
fn experiment_multi_cut(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), CliError> {
    let mut out = term::stdout();
    let depths: Vec<u32> = (1..=depth).collect();
    let rows = experiments::multi_cut_table(positions, &depths)?;
    let settings = experiments::MULTI_CUT_SETTINGS;
    if csv {
        let mut head = vec!["depth".to_string()];
        for (name, _) in settings {
            let key = name.to_lowercase().replace(' ', "_");
            head.extend([
                format!("{key}_no_mca"),
                format!("{key}_mca"),
                format!("{key}_pct"),
            ]);
        }
        writeln!(out, "{}", head.join(","))?;
        for r in &rows {
            let mut cells = vec![r.depth.to_string()];
            for [no, yes] in r.nodes {
                cells.extend([
                    no.to_string(),
                    yes.to_string(),
                    format!("{:.1}", pct(yes, no)),
                ]);
            }
            writeln!(out, "{}", cells.join(","))?;
        }
        out.flush()?;
        return Ok(());
    }
    writeln!(
        out,
        "Total nodes without / with MC-A, {} positions of {}",
        positions.len(),
        term::escape_line(suite)
    )?;
    writeln!(
        out,
        "(baseline: PVS, TT, history, captures first, check extensions, quiescence)\n"
    )?;
    for (k, (name, _)) in settings.iter().enumerate() {
        writeln!(out, "{name}")?;
        writeln!(out, "{:>4}{:>14}{:>14}{:>8}", "d", "No MC-A", "MC-A", "%")?;
        for r in &rows {
            let [no, yes] = r.nodes[k];
            writeln!(
                out,
                "{:>4}{:>14}{:>14}{:>8.1}",
                r.depth,
                no,
                yes,
                pct(yes, no)
            )?;
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}
