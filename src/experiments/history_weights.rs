//! Hsu's comparison of history weights: "let weight = 2^depth … Several other weights, such as
//! 1 and depth, were tried and found to be experimentally inferior to 2^depth" (Hsu, *History
//! heuristic*, slides on the counter and its weight, after Schaeffer 1989). Depth², this
//! project's original weight, is the fourth row (issue 21 §2).
//!
//! Each row is alpha-beta with iterative deepening and the history heuristic alone, learning
//! as Schaeffer does (every cut-off or best move, captures included), with one weight; tree
//! sizes are against plain alpha-beta's.

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::Meter;
use super::report::{Figure, Report, Series, Table, count};
use super::{Options, Position, depth_rows, nodes_at, rows_note, run_all};
use crate::search::config::{Algorithm, ConfigError, SearchConfig};

/// The rows: (column key, label, `ordering.history_weight`); `none` is plain alpha-beta.
pub const WEIGHTS: [(&str, &str, Option<&str>); 5] = [
    ("none", "plain alpha-beta (nodes)", None),
    ("pow2", "2^depth (Schaeffer)", Some("pow2")),
    ("depth", "depth", Some("depth")),
    ("one", "1", Some("one")),
    (
        "depth_squared",
        "depth² (ours before)",
        Some("depth_squared"),
    ),
];

fn weight_config(weight: Option<&str>) -> Result<SearchConfig, ConfigError> {
    let mut c = SearchConfig {
        algo: Algorithm::AlphaBeta,
        iterative: true,
        ..SearchConfig::default()
    };
    if let Some(w) = weight {
        c.enable("history")?;
        c.set("ordering.history_weight", w)?;
        c.set("ordering.history_moves", "cutoff_or_best")?;
    }
    c.validate()?;
    Ok(c)
}

pub fn columns() -> Vec<Column> {
    WEIGHTS
        .iter()
        .map(|w| Column::new(format!("hw_nodes_{}", w.0), ColumnKind::Count))
        .collect()
}

pub fn position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let cfgs = WEIGHTS
        .iter()
        .map(|w| weight_config(w.2))
        .collect::<Result<Vec<_>, _>>()?;
    let runs = run_all(p, o, &cfgs, meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        runs.iter().map(|r| nodes_at(r, d)).collect()
    }))
}

pub fn report(d: &Dataset) -> Report {
    let depths = d.depths();
    let deepest = depths.last().copied().unwrap_or(0);
    let mut r = Report {
        title: "History heuristic: the weight of a cut-off".into(),
        source: "Hsu's slides on the history heuristic (after Schaeffer 1989): 2^depth, \
                 against 1 and depth, \"experimentally inferior\"; depth² added"
            .into(),
        setup: vec![
            "Alpha-beta, iterative deepening (previous best root move first), the history \
             heuristic alone, learning from every cut-off or best move, captures included \
             (ordering.history_moves = cutoff_or_best); tree size as a percentage of plain \
             alpha-beta's."
                .into(),
        ],
        ..Report::default()
    };
    let mut header = vec!["weight".to_string()];
    header.extend(depths.iter().map(|dd| format!("d {dd}")));
    let header_refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new(
        format!(
            "History weights, % of plain alpha-beta ({} at depth {deepest})",
            rows_note(d, deepest)
        ),
        &header_refs,
    );
    let mut fig = Figure {
        title: "History heuristic weights: tree size against plain alpha-beta".into(),
        x_label: "depth".into(),
        y_label: "nodes, % of plain alpha-beta".into(),
        reference: vec![(100.0, "plain alpha-beta".into())],
        ..Figure::default()
    };
    let pct = |key: &str, dd: u32| {
        100.0 * d.sum(dd, &format!("hw_nodes_{key}")) as f64
            / d.sum(dd, "hw_nodes_none").max(1) as f64
    };
    for (key, label, weight) in WEIGHTS {
        let mut row = vec![label.to_string()];
        if weight.is_none() {
            row.extend(depths.iter().map(|&dd| count(d.sum(dd, "hw_nodes_none"))));
        } else {
            row.extend(depths.iter().map(|&dd| format!("{:.1}", pct(key, dd))));
            fig.series.push(Series {
                name: label.to_string(),
                points: depths
                    .iter()
                    .map(|&dd| (f64::from(dd), pct(key, dd)))
                    .collect(),
                paper: false,
                group: None,
            });
        }
        t.row(row);
    }
    r.tables.push(t);
    for &dd in &depths {
        let (p2, d1, one) = (pct("pow2", dd), pct("depth", dd), pct("one", dd));
        let best = WEIGHTS
            .iter()
            .filter(|w| w.2.is_some())
            .min_by(|a, b| pct(a.0, dd).total_cmp(&pct(b.0, dd)))
            .map_or("", |w| w.1);
        r.notes.push(format!(
            "Depth {dd}: \"2^depth, with 1 and depth experimentally inferior\": 2^depth {p2:.1} %, \
             depth {d1:.1} %, 1 {one:.1} %: {}; the smallest tree is {best}'s.",
            if p2 < d1 && p2 < one {
                "2^depth is smaller than both, as claimed"
            } else if p2 <= d1 && p2 <= one {
                "2^depth is not larger than either, a tie with one of them"
            } else {
                "not so here"
            }
        ));
    }
    r.figure = fig;
    r
}
