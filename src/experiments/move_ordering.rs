//! Move-ordering quality: how often a β-cut-off comes from the first move searched. Plaat,
//! Schaeffer, Pijls & de Bruin (1996) report over 90 % with good ordering (cited by Björnsson et
//! al. 1997, §2); this measures it per ordering configuration, adding one heuristic at a time.

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::Meter;
use super::report::{Figure, Report, Series, Table, count, percent};
use super::{Options, Position, config, depth_rows, nodes_at, rows_note, run_all};
use crate::search::config::ConfigError;

/// The search every configuration shares: PVS, iterative deepening, the TT (for cut-offs),
/// check extensions and quiescence.
pub const BASE: [&str; 3] = ["tt", "check_extension", "quiescence"];

/// The configurations, each adding one ordering heuristic: (key, label, the `ordering.*`
/// switches on).
pub const CONFIGS: [(&str, &str, &[&str]); 7] = [
    ("none", "generation order", &[]),
    ("tt", "+ TT move", &["tt_move"]),
    ("mvv", "+ MVV-LVA captures", &["tt_move", "mvv_lva"]),
    ("killers", "+ killers", &["tt_move", "mvv_lva", "killers"]),
    (
        "history",
        "+ history",
        &["tt_move", "mvv_lva", "killers", "history"],
    ),
    (
        "refutation",
        "+ refutation (counter move)",
        &["tt_move", "mvv_lva", "killers", "history", "refutation"],
    ),
    (
        "full",
        "+ SEE: losing captures last",
        &[
            "tt_move",
            "mvv_lva",
            "killers",
            "history",
            "refutation",
            "see",
        ],
    ),
];

/// The target of issue 12 for the full configuration, and the literature's figure.
pub const TARGET_PCT: f64 = 92.0;
pub const LITERATURE_PCT: f64 = 90.0;

pub fn columns() -> Vec<Column> {
    let mut cols = Vec::new();
    for (k, _, _) in CONFIGS {
        for what in ["nodes", "cutoffs", "first", "q_cutoffs", "q_first"] {
            cols.push(Column::new(format!("{what}_{k}"), ColumnKind::Count));
        }
    }
    cols
}

pub fn position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let cfgs = CONFIGS
        .iter()
        .map(|(_, _, add)| {
            let mut c = config(1, &BASE)?;
            for e in *add {
                c.set(&format!("ordering.{e}"), "true")?;
            }
            Ok(c)
        })
        .collect::<Result<Vec<_>, ConfigError>>()?;
    let runs = run_all(p, o, &cfgs, meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        runs.iter()
            .flat_map(|r| {
                let c = r.at(d).map(|i| i.counters.clone()).unwrap_or_default();
                [
                    nodes_at(r, d),
                    c.cutoffs as i64,
                    c.first_cutoffs as i64,
                    c.q_cutoffs as i64,
                    c.q_first_cutoffs as i64,
                ]
            })
            .collect()
    }))
}

pub fn report(d: &Dataset) -> Report {
    let depths = d.depths();
    let mut r = Report {
        title: "Move-ordering quality: β-cut-offs by the first move".into(),
        source: "Plaat, Schaeffer, Pijls & de Bruin (1996), cited by Björnsson et al. (1997, \
                 §2): over 90 % of cut-offs come from the first move"
            .into(),
        setup: vec![format!(
            "Every configuration: PVS, iterative deepening, {}; each adds one ordering \
             heuristic to the one above. Counted over the whole iterative search to each depth: \
             β-cut-offs by a searched move (transposition-table and null-move cut-offs are not \
             moves) at nodes with depth left, and separately in quiescence search.",
            BASE.join(", ")
        )],
        ..Report::default()
    };
    let mut header = vec!["configuration".to_string()];
    header.extend(depths.iter().map(|dd| format!("d {dd}")));
    header.extend(depths.iter().map(|dd| format!("with q. d {dd}")));
    header.extend(depths.iter().map(|dd| format!("nodes d {dd}")));
    let header_refs: Vec<&str> = header.iter().map(String::as_str).collect();
    let deepest = depths.last().copied().unwrap_or(0);
    let mut t = Table::new(
        format!(
            "First-move cut-offs (%) outside quiescence, then including it, then total nodes \
             ({} at depth {deepest})",
            rows_note(d, deepest)
        ),
        &header_refs,
    );
    let mut fig = Figure {
        title: "β-cut-offs by the first move searched".into(),
        x_label: "depth".into(),
        y_label: "first-move cut-offs (%)".into(),
        reference: vec![
            (LITERATURE_PCT, "90 % (literature)".into()),
            (TARGET_PCT, "92 % (target)".into()),
        ],
        ..Figure::default()
    };
    for (key, label, _) in CONFIGS {
        let main = |dd: u32| {
            100.0 * d.sum(dd, &format!("first_{key}")) as f64
                / d.sum(dd, &format!("cutoffs_{key}")).max(1) as f64
        };
        let mut row = vec![label.to_string()];
        row.extend(depths.iter().map(|&dd| format!("{:.1}", main(dd))));
        row.extend(depths.iter().map(|&dd| {
            percent(
                d.sum(dd, &format!("first_{key}")) + d.sum(dd, &format!("q_first_{key}")),
                d.sum(dd, &format!("cutoffs_{key}")) + d.sum(dd, &format!("q_cutoffs_{key}")),
                1,
            )
        }));
        row.extend(
            depths
                .iter()
                .map(|&dd| count(d.sum(dd, &format!("nodes_{key}")))),
        );
        t.row(row);
        fig.series.push(Series {
            name: label.to_string(),
            points: depths.iter().map(|&dd| (f64::from(dd), main(dd))).collect(),
            paper: false,
            group: None,
        });
    }
    r.tables.push(t);
    if deepest > 0 {
        let full = 100.0 * d.sum(deepest, "first_full") as f64
            / d.sum(deepest, "cutoffs_full").max(1) as f64;
        r.notes.push(format!(
            "Depth {deepest}: the full configuration's first-move cut-off rate is {full:.1} %, \
             {} the {TARGET_PCT:.0} % target.",
            if full >= TARGET_PCT {
                "meeting"
            } else {
                "below"
            }
        ));
    }
    r.figure = fig;
    r
}
