//! Hsu's claim for late move reductions: "Reduce the effective branching factor to about 2"
//! (Hsu, *Transposition Table, History Heuristic, and other Search Enhancements*, slide 42).
//!
//! The effective branching factor of depth d is the nodes of iteration d over the nodes of
//! iteration d − 1 of the same iterative search (each iteration alone, not cumulative), over
//! the suite: the sum of the iterations' nodes at d over their sum at d − 1. The rows are the
//! Turk-like baseline without LMR, with our LMR (K = 3, H = 1) and with the slide's example
//! reduction H = 3 ("reduce the depth of the rest of the moves with H, say H = 3").

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::{Meter, Run};
use super::report::{Figure, Report, Series, Table, count};
use super::{Options, Position, TURK_BASELINE, config, depth_rows, rows_note, run_all, solved_at};
use crate::search::config::{ConfigError, SearchConfig};

/// The settings: (column key, label, LMR's H, or 0 for no LMR).
pub const SETTINGS: [(&str, &str, i32); 3] = [
    ("none", "no LMR", 0),
    ("h1", "LMR K = 3, H = 1", 1),
    ("h3", "LMR K = 3, H = 3", 3),
];

/// The slide's figure.
pub const CLAIMED_EBF: f64 = 2.0;
/// How far from [`CLAIMED_EBF`] we still call "about 2" (the slide gives no tolerance).
pub const ABOUT: f64 = 0.5;

fn setting_config(h: i32) -> Result<SearchConfig, ConfigError> {
    let mut c = config(1, &TURK_BASELINE)?;
    if h > 0 {
        c.enable("lmr")?;
        c.lmr.h = h;
    }
    c.validate()?;
    Ok(c)
}

pub fn columns() -> Vec<Column> {
    let mut cols = Vec::new();
    for (key, _, _) in SETTINGS {
        cols.push(Column::new(format!("lb_iter_{key}"), ColumnKind::Count));
        cols.push(Column::new(format!("lb_prev_{key}"), ColumnKind::Count));
    }
    for (key, _, _) in SETTINGS {
        cols.push(Column::new(format!("lb_solved_{key}"), ColumnKind::Flag));
    }
    cols
}

/// Nodes of iteration `d` alone (0 if it did not finish, or for d = 0).
fn iteration_nodes(run: &Run, d: u32) -> i64 {
    let through = |k: u32| run.at(k).map_or(0, |i| i.nodes as i64);
    match d {
        0 => 0,
        1 => through(1),
        _ => through(d) - through(d - 1),
    }
}

pub fn position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let cfgs = SETTINGS
        .iter()
        .map(|s| setting_config(s.2))
        .collect::<Result<Vec<_>, _>>()?;
    let runs = run_all(p, o, &cfgs, meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        let mut cells = Vec::new();
        for r in &runs {
            cells.push(iteration_nodes(r, d));
            cells.push(iteration_nodes(r, d - 1));
        }
        cells.extend(runs.iter().map(|r| solved_at(r, d, p)));
        cells
    }))
}

/// The effective branching factor of `key` at depth `dd`, over the suite.
fn ebf(d: &Dataset, key: &str, dd: u32) -> Option<f64> {
    let prev = d.sum(dd, &format!("lb_prev_{key}"));
    (prev > 0).then(|| d.sum(dd, &format!("lb_iter_{key}")) as f64 / prev as f64)
}

pub fn report(d: &Dataset) -> Report {
    let depths = d.depths();
    let deepest = depths.last().copied().unwrap_or(0);
    let mut r = Report {
        title: "Late move reductions: the effective branching factor".into(),
        source: "Hsu's slide 42: LMR \"reduce[s] the effective branching factor to about 2\""
            .into(),
        setup: vec![format!(
            "Baseline: PVS, iterative deepening, {}. LMR (slides 41–43): after the first K \
             moves, a quiet move that gives no check, at a non-PV node with at least 3 plies \
             left and not in check, is searched H plies shallower and re-searched at full \
             depth if it returns more than the best value so far. Effective branching factor \
             at depth d: the nodes of iteration d alone over those of iteration d − 1, summed \
             over the positions.",
            TURK_BASELINE.join(", ")
        )],
        ..Report::default()
    };
    let mut header = vec!["depth".to_string()];
    for s in SETTINGS {
        header.push(format!("{}: nodes of the iteration", s.1));
        header.push("EBF".to_string());
    }
    header.push("solved (none / H = 1 / H = 3)".to_string());
    let hr: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut t = Table::new(
        format!(
            "Nodes of each iteration and the effective branching factor ({} at depth \
             {deepest})",
            rows_note(d, deepest)
        ),
        &hr,
    );
    let mut fig = Figure {
        title: "Late move reductions: effective branching factor by depth".into(),
        x_label: "depth".into(),
        y_label: "nodes of iteration d / nodes of iteration d − 1".into(),
        reference: vec![(CLAIMED_EBF, "about 2 (Hsu, slide 42)".into())],
        ..Figure::default()
    };
    let show = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
    for &dd in &depths {
        let mut row = vec![dd.to_string()];
        for (key, _, _) in SETTINGS {
            row.push(count(d.sum(dd, &format!("lb_iter_{key}"))));
            row.push(show(ebf(d, key, dd)));
        }
        row.push(
            SETTINGS
                .iter()
                .map(|s| d.sum(dd, &format!("lb_solved_{}", s.0)).to_string())
                .collect::<Vec<_>>()
                .join(" / "),
        );
        t.row(row);
    }
    for (key, label, _) in SETTINGS {
        fig.series.push(Series {
            name: label.to_string(),
            points: depths
                .iter()
                .filter_map(|&dd| ebf(d, key, dd).map(|v| (f64::from(dd), v)))
                .collect(),
            paper: false,
            group: None,
        });
    }
    r.tables.push(t);
    // The branching factor alternates between odd and even depths (the minimal tree's
    // b^⌈d/2⌉ + b^⌊d/2⌋ − 1), so the claim is checked on the geometric mean of the last two.
    let mean2 = |key: &str| {
        let last: Vec<f64> = depths
            .iter()
            .rev()
            .take(2)
            .filter_map(|&dd| ebf(d, key, dd))
            .collect();
        (last.len() == 2).then(|| (last[0] * last[1]).sqrt())
    };
    for (key, label, _) in SETTINGS {
        if let Some(m) = mean2(key) {
            r.notes.push(format!(
                "{label}: the effective branching factor over the last two depths (geometric \
                 mean, since odd and even depths alternate) is {m:.2}{}.",
                if key == "none" {
                    String::new()
                } else if (m - CLAIMED_EBF).abs() <= ABOUT {
                    format!(
                        ", about 2 as the slide says (within ±{ABOUT}, our reading of \"about\")"
                    )
                } else {
                    format!(", not about 2 (more than ±{ABOUT} from the slide's {CLAIMED_EBF:.0})")
                }
            ));
        }
    }
    r.figure = fig;
    r
}
