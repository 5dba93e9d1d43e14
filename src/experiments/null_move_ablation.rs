//! Why verified null move searches more than standard R = 2 here (issue 21 §1): an ablation of
//! David & Netanyahu's verified null-move pruning, one change at a time.
//!
//! CITE: O. David-Tabibi & N. S. Netanyahu, "Verified Null-Move Pruning", ICGA Journal 25(3),
//! 2002 (arXiv:0808.1125), Fig. 3 (the pseudo-code of verified null-move pruning) and Fig. 1
//! (standard null-move pruning). Each column is Table 1's verified R = 3 (or standard R = 2)
//! with one parameter of [`crate::search::config::NullMoveParams`] changed:
//! - `store_nominal`: the TT stores the nominal depth after a verified fail-high, not the
//!   reduced one (Fig. 3 has no TT);
//! - `subtree_R = 2`: R = 2 below a verified fail-high (Fig. 3: R = 3 throughout);
//! - `zugzwang_research = false`: no re-search when the reduced search fails low (Fig. 3's
//!   last lines);
//! - `null_search_verifies = false`: the null-move search runs with verification off (Fig. 3
//!   passes `verify` to it, so where verification is on, the null-move search verifies too);
//! - `min_depth = 1`: Fig. 3's gate `(!verify || depth > 1)`: a null move at depth 1 where
//!   verification is off (and, for standard R = 2, Fig. 1's gate, which has no depth condition).

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::Meter;
use super::report::{Figure, FigureKind, Report, Series, Table, change, count};
use super::{Options, Position, TURK_BASELINE, config, depth_rows, nodes_at, run_all, solved_at};
use crate::search::config::{ConfigError, SearchConfig};

/// One setting of the ablation: standard (`r = Some(R)`) or verified R = 3 (`None`), with
/// `set` applied (`--set`-style assignments).
#[derive(Clone, Copy, Debug)]
pub struct Setting {
    pub key: &'static str,
    pub label: &'static str,
    pub r: Option<i32>,
    pub set: &'static [(&'static str, &'static str)],
    /// The key of the standard setting to compare against (the same gate).
    pub against: &'static str,
}

/// The ablation's settings: Table 1's standard R = 2 and verified R = 3, then verified R = 3
/// with one change each, and standard R = 2 with the paper's depth gate.
pub const SETTINGS: [Setting; 8] = [
    Setting {
        key: "r2",
        label: "Std R = 2",
        r: Some(2),
        set: &[],
        against: "r2",
    },
    Setting {
        key: "v3",
        label: "Vrfd R = 3 (as Table 1)",
        r: None,
        set: &[],
        against: "r2",
    },
    Setting {
        key: "nominal",
        label: "Vrfd, TT stores the nominal depth",
        r: None,
        set: &[("null_move.store_nominal", "true")],
        against: "r2",
    },
    Setting {
        key: "sub2",
        label: "Vrfd, R = 2 below a verified fail-high",
        r: None,
        set: &[("null_move.subtree_R", "2")],
        against: "r2",
    },
    Setting {
        key: "nozz",
        label: "Vrfd, no zugzwang re-search",
        r: None,
        set: &[("null_move.zugzwang_research", "false")],
        against: "r2",
    },
    Setting {
        key: "nullnv",
        label: "Vrfd, null-move search not verifying",
        r: None,
        set: &[("null_move.null_search_verifies", "false")],
        against: "r2",
    },
    Setting {
        key: "d1",
        label: "Vrfd, null move at depth 1 unless verifying (Fig. 3)",
        r: None,
        set: &[("null_move.min_depth", "1")],
        against: "r2d1",
    },
    Setting {
        key: "r2d1",
        label: "Std R = 2, null move at depth 1 (Fig. 1)",
        r: Some(2),
        set: &[("null_move.min_depth", "1")],
        against: "r2d1",
    },
];

/// The configuration of `s`: the Turk-like baseline with null move as `s` says.
pub fn setting_config(s: &Setting) -> Result<SearchConfig, ConfigError> {
    let mut c = config(1, &TURK_BASELINE)?;
    match s.r {
        Some(r) => {
            c.enable("null_move")?;
            c.null_move.r = r;
        }
        None => c.enable("verified_null")?,
    }
    for (k, v) in s.set {
        c.set(k, v)?;
    }
    c.validate()?;
    Ok(c)
}

pub fn columns() -> Vec<Column> {
    let mut cols = Vec::new();
    for (prefix, kind) in [
        ("nodes", ColumnKind::Count),
        ("solved", ColumnKind::Flag),
        ("verified", ColumnKind::Count),
        ("zugzwangs", ColumnKind::Count),
    ] {
        cols.extend(
            SETTINGS
                .iter()
                .map(|s| Column::new(format!("{prefix}_{}", s.key), kind)),
        );
    }
    cols
}

pub fn position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let cfgs = SETTINGS
        .iter()
        .map(setting_config)
        .collect::<Result<Vec<_>, _>>()?;
    let runs = run_all(p, o, &cfgs, meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        let counters = |k: usize| {
            runs[k]
                .at(d)
                .map(|i| i.counters.clone())
                .unwrap_or_default()
        };
        let mut cells: Vec<i64> = runs.iter().map(|r| nodes_at(r, d)).collect();
        cells.extend(runs.iter().map(|r| solved_at(r, d, p)));
        cells.extend((0..runs.len()).map(|k| counters(k).null_verified as i64));
        cells.extend((0..runs.len()).map(|k| counters(k).zugzwangs as i64));
        cells
    }))
}

pub fn report(d: &Dataset) -> Report {
    let mut r = Report {
        title: "Verified null-move pruning, the ablation".into(),
        source: "David & Netanyahu (2002), arXiv:0808.1125, Fig. 3 (verified) and Fig. 1 \
                 (standard null-move pruning); issue 21 §1: one change at a time"
            .into(),
        setup: vec![format!(
            "Baseline: PVS, iterative deepening, {}; null move in null-window searches at \
             non-PV nodes, not in check, with at least 2 plies left unless said (min_depth); \
             standard null move skips king-and-pawn positions. Each verified column is \
             Table 1's verified R = 3 with one parameter changed; 'larger than' compares each \
             position's tree with the standard R = 2 setting of the same depth gate.",
            TURK_BASELINE.join(", ")
        )],
        ..Report::default()
    };
    let mut fig = Figure {
        title: "Verified null move, one change at a time: nodes against standard R = 2".into(),
        x_label: "setting".into(),
        y_label: "total nodes, % of standard R = 2 (same gate)".into(),
        kind: FigureKind::Bars,
        x_categories: SETTINGS.iter().map(|s| s.key.to_string()).collect(),
        reference: vec![(100.0, "standard R = 2".into())],
        ..Figure::default()
    };
    for depth in d.depths() {
        let rows = d.complete(depth);
        let n = rows.len();
        let mut t = Table::new(
            format!("Depth {depth}, {n} positions"),
            &[
                "setting",
                "total nodes",
                "vs Vrfd R = 3",
                "vs Std R = 2 (same gate)",
                "larger than Std R = 2",
                "solved",
                "verified fail-highs",
                "zugzwang re-searches",
            ],
        );
        let v3 = d.sum(depth, "nodes_v3");
        let mut pts = Vec::new();
        for (k, s) in SETTINGS.iter().enumerate() {
            let nodes = d.sum(depth, &format!("nodes_{}", s.key));
            let base = d.sum(depth, &format!("nodes_{}", s.against));
            let larger = rows
                .iter()
                .filter(|row| {
                    d.get(row, &format!("nodes_{}", s.key))
                        > d.get(row, &format!("nodes_{}", s.against))
                })
                .count();
            let verified = s.r.is_none();
            pts.push((k as f64, 100.0 * nodes as f64 / base.max(1) as f64));
            t.row(vec![
                s.label.to_string(),
                count(nodes),
                if s.key == "v3" {
                    "-".into()
                } else {
                    change(nodes, v3)
                },
                if s.key == s.against {
                    "-".into()
                } else {
                    change(nodes, base)
                },
                if s.key == s.against {
                    "-".into()
                } else {
                    format!("{larger} of {n}")
                },
                format!("{}/{n}", d.sum(depth, &format!("solved_{}", s.key))),
                if verified {
                    count(d.sum(depth, &format!("verified_{}", s.key)))
                } else {
                    "-".into()
                },
                if verified {
                    count(d.sum(depth, &format!("zugzwangs_{}", s.key)))
                } else {
                    "-".into()
                },
            ]);
        }
        r.tables.push(t);
        fig.series.push(Series {
            name: format!("depth {depth}"),
            points: pts,
            paper: false,
            group: None,
        });
        r.notes.extend(smaller_note(d, depth));
    }
    r.figure = fig;
    r
}

/// Which single changes make verified R = 3 smaller than standard R = 2 in total (the paper's
/// Table 1 order), at `depth`.
fn smaller_note(d: &Dataset, depth: u32) -> Option<String> {
    if d.complete(depth).is_empty() {
        return None;
    }
    let smaller: Vec<&str> = SETTINGS
        .iter()
        .filter(|s| s.r.is_none())
        .filter(|s| {
            d.sum(depth, &format!("nodes_{}", s.key))
                < d.sum(depth, &format!("nodes_{}", s.against))
        })
        .map(|s| s.key)
        .collect();
    Some(format!(
        "Depth {depth}: verified R = 3 searches fewer nodes than standard R = 2 (the paper's \
         order) under {}.",
        if smaller.is_empty() {
            "none of these single changes".to_string()
        } else {
            format!("these settings: {}", smaller.join(", "))
        }
    ))
}
