//! `prunescope experiment`: the papers' tables on EPD suites (docs/experiments.md).

use prunescope::experiments::{self, EpdPosition, pct};

/// Table 1 of Björnsson, Marsland, Schaeffer & Junghanns (1997), printed as CSV or laid out
/// like the paper's.
pub fn experiment_uncertainty(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), String> {
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
        println!("position,base_nodes,pct10,pct30,pct50,same10,same30,same50");
        for r in &rows {
            println!(
                "{},{},{:.1},{:.1},{:.1},{},{},{}",
                r.id,
                r.base_nodes,
                pct(r.nodes[0], r.base_nodes),
                pct(r.nodes[1], r.base_nodes),
                pct(r.nodes[2], r.base_nodes),
                r.same[0],
                r.same[1],
                r.same[2]
            );
        }
        println!(
            "total,{base_total},{:.1},{:.1},{:.1},{}/{n},{}/{n},{}/{n}",
            totals[0], totals[1], totals[2], same[0], same[1], same[2]
        );
        println!(
            "average,{},{:.1},{:.1},{:.1},,,",
            base_total / n as u64,
            avgs[0],
            avgs[1],
            avgs[2]
        );
        return Ok(());
    }
    println!("Table 1: percentages of nodes searched (safe uncertainty cut-offs vs baseline),");
    println!("{n} positions of {suite}, depth {depth} with check extensions\n");
    let half = n.div_ceil(2);
    println!(
        "{:<8}{:>6}{:>6}{:>6}      {:<8}{:>6}{:>6}{:>6}",
        "", "10%", "30%", "50%", "", "10%", "30%", "50%"
    );
    let cell = |r: &experiments::UncertaintyRow| {
        format!(
            "{:<8}{:>6.0}{:>6.0}{:>6.0}",
            r.id.trim_start_matches("BK."),
            pct(r.nodes[0], r.base_nodes),
            pct(r.nodes[1], r.base_nodes),
            pct(r.nodes[2], r.base_nodes)
        )
    };
    for i in 0..half {
        let right = rows.get(i + half).map(cell).unwrap_or_default();
        println!("{}      {}", cell(&rows[i]), right);
    }
    println!(
        "{:<8}{:>6.0}{:>6.0}{:>6.0}   (paper: 104 100 97)",
        "Total %", totals[0], totals[1], totals[2]
    );
    println!(
        "{:<8}{:>6.0}{:>6.0}{:>6.0}   (paper: 102  99 97)",
        "Avg. %", avgs[0], avgs[1], avgs[2]
    );
    println!(
        "same value and best move: {}/{n}, {}/{n}, {}/{n}; baseline nodes {base_total}",
        same[0], same[1], same[2]
    );
    Ok(())
}

/// David & Netanyahu (2002), Tables 1–2: total nodes and solved positions of standard
/// null-move pruning with R = 1, 2, 3 and verified null-move pruning with R = 3.
pub fn experiment_null_move(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), String> {
    let rows = experiments::null_move_table(positions, depth)?;
    let names = experiments::NULL_MOVE_VARIANTS;
    let totals: Vec<u64> = (0..4)
        .map(|k| rows.iter().map(|r| r.nodes[k]).sum())
        .collect();
    let solved: Vec<usize> = (0..4)
        .map(|k| rows.iter().filter(|r| r.solved[k]).count())
        .collect();
    if csv {
        println!("position,std_r1,std_r2,std_r3,vrfd_r3,solved_r1,solved_r2,solved_r3,solved_vrfd");
        for r in &rows {
            println!(
                "{},{},{},{},{},{},{},{},{}",
                r.id,
                r.nodes[0],
                r.nodes[1],
                r.nodes[2],
                r.nodes[3],
                r.solved[0],
                r.solved[1],
                r.solved[2],
                r.solved[3]
            );
        }
        println!(
            "total,{},{},{},{},{},{},{},{}",
            totals[0], totals[1], totals[2], totals[3], solved[0], solved[1], solved[2], solved[3]
        );
        return Ok(());
    }
    println!(
        "Total node count and solved positions, {} positions of {suite}, depth {depth}",
        rows.len()
    );
    println!("(baseline: PVS, TT, history, captures first, check extensions, quiescence)\n");
    println!(
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "Depth", names[0], names[1], names[2], names[3]
    );
    println!(
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        depth, totals[0], totals[1], totals[2], totals[3]
    );
    let rel = |k: usize| format!("({:+.2}%)", pct(totals[k], totals[3]) - 100.0);
    println!(
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "",
        rel(0),
        rel(1),
        rel(2),
        "-"
    );
    println!(
        "{:<8}{:>16}{:>16}{:>16}{:>16}",
        "solved", solved[0], solved[1], solved[2], solved[3]
    );
    Ok(())
}

/// The MC-A experiment of Winands et al.: total nodes without and with multi-cut at expected
/// ALL nodes, under four forward-pruning settings, at depths 1..=depth.
pub fn experiment_multi_cut(
    positions: &[EpdPosition],
    suite: &str,
    depth: u32,
    csv: bool,
) -> Result<(), String> {
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
        println!("{}", head.join(","));
        for r in &rows {
            let mut cells = vec![r.depth.to_string()];
            for [no, yes] in r.nodes {
                cells.extend([
                    no.to_string(),
                    yes.to_string(),
                    format!("{:.1}", pct(yes, no)),
                ]);
            }
            println!("{}", cells.join(","));
        }
        return Ok(());
    }
    println!(
        "Total nodes without / with MC-A, {} positions of {suite}",
        positions.len()
    );
    println!("(baseline: PVS, TT, history, captures first, check extensions, quiescence)\n");
    for (k, (name, _)) in settings.iter().enumerate() {
        println!("{name}");
        println!("{:>4}{:>14}{:>14}{:>8}", "d", "No MC-A", "MC-A", "%");
        for r in &rows {
            let [no, yes] = r.nodes[k];
            println!("{:>4}{:>14}{:>14}{:>8.1}", r.depth, no, yes, pct(yes, no));
        }
        println!();
    }
    Ok(())
}
