//! Heinz's saving of null-move pruning, as Hsu's slide 38 quotes it: "Performance is usually
//! good with about 10 to 30 % improvement, but needs to set the parameters right …
//! [Heinz '00]" (E. A. Heinz, *Scalable Search in Computer Chess*, Vieweg 2000; his adaptive
//! null move is Heinz 1999, ICCA Journal 22(3)).
//!
//! The slide does not say what is improved. We read it as the nodes of a search to a fixed
//! depth with null move against the same search without it (issue 21 §3 asks for that
//! reading), so each row is the Turk-like baseline with no null move, standard R = 2, R = 3
//! and Heinz's adaptive R (3 with more than 6 plies left, else 2), each searched once
//! iteratively; the positions solved show what the saving costs.

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::Meter;
use super::report::{Figure, Report, Series, Table, count};
use super::{
    Options, Position, TURK_BASELINE, config, depth_rows, nodes_at, rows_note, run_all, solved_at,
};
use crate::search::config::{ConfigError, SearchConfig};

/// The settings: (column key, label, the `--enable` names added to the baseline, R).
pub const SETTINGS: [(&str, &str, &[&str], i32); 4] = [
    ("none", "no null move", &[], 0),
    ("r2", "Std R = 2", &["null_move"], 2),
    ("r3", "Std R = 3", &["null_move"], 3),
    ("adaptive", "adaptive R (Heinz)", &["adaptive_null"], 0),
];

/// The slide's range of the saving, in per cent of the nodes.
pub const CLAIMED: (f64, f64) = (10.0, 30.0);

fn setting_config(enable: &[&str], r: i32) -> Result<SearchConfig, ConfigError> {
    let mut c = config(1, &TURK_BASELINE)?;
    for e in enable {
        c.enable(e)?;
    }
    if r > 0 {
        c.null_move.r = r;
    }
    c.validate()?;
    Ok(c)
}

pub fn columns() -> Vec<Column> {
    let mut cols: Vec<Column> = SETTINGS
        .iter()
        .map(|s| Column::new(format!("ns_nodes_{}", s.0), ColumnKind::Count))
        .collect();
    cols.extend(
        SETTINGS
            .iter()
            .map(|s| Column::new(format!("ns_solved_{}", s.0), ColumnKind::Flag)),
    );
    cols
}

pub fn position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let cfgs = SETTINGS
        .iter()
        .map(|s| setting_config(s.2, s.3))
        .collect::<Result<Vec<_>, _>>()?;
    let runs = run_all(p, o, &cfgs, meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        let mut cells: Vec<i64> = runs.iter().map(|r| nodes_at(r, d)).collect();
        cells.extend(runs.iter().map(|r| solved_at(r, d, p)));
        cells
    }))
}

pub fn report(d: &Dataset) -> Report {
    let depths = d.depths();
    let mut r = Report {
        title: "Null-move pruning: the saving against no null move".into(),
        source: "Hsu's slide 38, after Heinz (2000): \"about 10 to 30 % improvement\" (the \
                 slide does not say of what: read here as nodes at a fixed depth)"
            .into(),
        setup: vec![format!(
            "Baseline: PVS, iterative deepening, {}; null move only in null-window searches \
             at non-PV nodes with depth ≥ 2, not in check, and not when the side to move has \
             only king and pawns. Each setting is the same search with null move added; \
             saving = 100 % − its nodes as a percentage of the search without null move, at \
             the same depth.",
            TURK_BASELINE.join(", ")
        )],
        ..Report::default()
    };
    let mut header = vec!["depth".to_string(), "no null move".to_string()];
    for s in &SETTINGS[1..] {
        header.push(s.1.to_string());
        header.push("saving".to_string());
    }
    header.push("solved (none / R = 2 / R = 3 / adaptive)".to_string());
    let hr: Vec<&str> = header.iter().map(String::as_str).collect();
    let deepest = depths.last().copied().unwrap_or(0);
    let mut t = Table::new(
        format!(
            "Total nodes and saving against no null move ({} at depth {deepest})",
            rows_note(d, deepest)
        ),
        &hr,
    );
    let mut fig = Figure {
        title: "Null-move pruning: nodes saved against no null move".into(),
        x_label: "depth".into(),
        y_label: "nodes saved, %".into(),
        reference: vec![
            (CLAIMED.0, "10 % (Heinz, slide 38)".into()),
            (CLAIMED.1, "30 %".into()),
        ],
        ..Figure::default()
    };
    let saving = |key: &str, dd: u32| {
        100.0
            - 100.0 * d.sum(dd, &format!("ns_nodes_{key}")) as f64
                / d.sum(dd, "ns_nodes_none").max(1) as f64
    };
    for &dd in &depths {
        let mut row = vec![dd.to_string(), count(d.sum(dd, "ns_nodes_none"))];
        for s in &SETTINGS[1..] {
            row.push(count(d.sum(dd, &format!("ns_nodes_{}", s.0))));
            row.push(format!("{:.1} %", saving(s.0, dd)));
        }
        row.push(
            SETTINGS
                .iter()
                .map(|s| d.sum(dd, &format!("ns_solved_{}", s.0)).to_string())
                .collect::<Vec<_>>()
                .join(" / "),
        );
        t.row(row);
    }
    for s in &SETTINGS[1..] {
        fig.series.push(Series {
            name: s.1.to_string(),
            points: depths
                .iter()
                .map(|&dd| (f64::from(dd), saving(s.0, dd)))
                .collect(),
            paper: false,
            group: None,
        });
    }
    r.tables.push(t);
    for &dd in &depths {
        let within = |v: f64| v >= CLAIMED.0 && v <= CLAIMED.1;
        let parts: Vec<String> = SETTINGS[1..]
            .iter()
            .map(|s| {
                let v = saving(s.0, dd);
                format!(
                    "{} saves {v:.1} % ({})",
                    s.1,
                    if within(v) {
                        "inside 10–30 %"
                    } else if v > CLAIMED.1 {
                        "more than 30 %"
                    } else {
                        "less than 10 %"
                    }
                )
            })
            .collect();
        r.notes.push(format!("Depth {dd}: {}.", parts.join("; ")));
    }
    r.figure = fig;
    r
}
