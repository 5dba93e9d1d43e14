//! Björnsson, Marsland, Schaeffer & Junghanns (1997), *Searching with Uncertainty Cut-offs*:
//! Table 1 (the safe cut-offs of Fig. 4 and 5 at CUT_RATIO 10/30/50 %), Fig. 6 (where the best
//! move lies at ALL nodes) and the unsafe generalization of §6 (`uc_all`), for which the paper
//! gives no table.

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::{self, FIG6_BINS, Meter, Run};
use super::report::{Figure, FigureKind, Report, Series, Table, count, percent};
use super::{Options, Position, TURK_BASELINE, config, depth_rows, nodes_at, rows_note, run_all};
use crate::game::Game;
use crate::game::chess::ChessPos;
use crate::search::config::ConfigError;
use crate::search::config::SearchConfig;

/// The CUT_RATIOs of Table 1, in percent.
pub const RATIOS: [u32; 3] = [10, 30, 50];

/// The baseline without quiescence search, as this project first ran Table 1: PVS, TT, TT move,
/// MVV-LVA, history and check extensions.
pub const NO_QUIESCENCE_BASELINE: [&str; 5] =
    ["tt", "tt_move", "mvv_lva", "history", "check_extension"];

/// The two baselines of our Table 1: (column prefix, label, techniques).
const BASELINES: [(&str, &str, &[&str]); 2] = [
    ("turk", "Turk-like", &TURK_BASELINE),
    ("noq", "no quiescence", &NO_QUIESCENCE_BASELINE),
];

/// Table 1 of the paper: % of nodes searched with the pruning, per Bratko–Kopec position, at
/// CUT_RATIO 10, 30 and 50 %.
pub const PAPER_TABLE1: [[u32; 3]; 24] = [
    [89, 91, 87],
    [106, 100, 101],
    [108, 99, 98],
    [97, 98, 98],
    [103, 101, 99],
    [100, 90, 88],
    [101, 100, 100],
    [102, 100, 100],
    [105, 100, 100],
    [104, 100, 100],
    [96, 89, 88],
    [101, 100, 100],
    [103, 104, 102],
    [92, 94, 94],
    [101, 111, 100],
    [98, 96, 96],
    [100, 100, 100],
    [105, 104, 97],
    [102, 100, 100],
    [113, 99, 99],
    [100, 99, 99],
    [117, 104, 94],
    [108, 100, 86],
    [101, 99, 99],
];
/// The paper's "Total %" and "Avg. %" rows.
pub const PAPER_TOTAL: [u32; 3] = [104, 100, 97];
pub const PAPER_AVG: [u32; 3] = [102, 99, 97];

fn with_uc(base: &[&str], mode: &str, ratio: u32) -> Result<SearchConfig, ConfigError> {
    let mut c = config(1, base)?;
    c.enable(mode)?;
    c.uncertainty.cut_ratio = f64::from(ratio) / 100.0;
    Ok(c)
}

pub fn table1_columns() -> Vec<Column> {
    let mut cols = Vec::new();
    for (key, _, _) in BASELINES {
        cols.push(Column::new(format!("{key}_base"), ColumnKind::Count));
        for r in RATIOS {
            cols.push(Column::new(format!("{key}_{r}"), ColumnKind::Count));
        }
        for what in ["same_value", "same_move", "tie"] {
            for r in RATIOS {
                cols.push(Column::new(format!("{key}_{what}_{r}"), ColumnKind::Flag));
            }
        }
        cols.push(Column::new(format!("{key}_researches"), ColumnKind::Count));
        for r in RATIOS {
            cols.push(Column::new(format!("{key}_cutoffs_{r}"), ColumnKind::Count));
        }
    }
    cols
}

/// How a search with the safe form compares with the baseline at depth `d`: (same root value,
/// same best move, a different best move that is tied). A tie is confirmed by searching the
/// other move alone at the root with the baseline configuration: its exact value must be the
/// baseline's root value. (Ties are real: the history table, which the pruning changes, orders
/// the root moves of later iterations, so equal moves may come out in another order.)
fn compare(p: &Position, base_cfg: &SearchConfig, base: &Run, other: &Run, d: u32) -> [i64; 3] {
    let (Some(b), Some(o)) = (base.at(d), other.at(d)) else {
        return [0, 0, 0];
    };
    let same_value = b.value == o.value;
    let same_move = b.best == o.best;
    let tie = !same_move
        && same_value
        && o.best.as_deref().is_some_and(|m| {
            let cfg = SearchConfig {
                depth: d,
                node_cap: 0,
                ..base_cfg.clone()
            };
            probe::search_move(p.pos, m, &cfg, Meter::default())
                .and_then(|r| r.at(d).map(|i| i.value))
                == Some(b.value)
        });
    [i64::from(same_value), i64::from(same_move), i64::from(tie)]
}

pub fn table1_position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let mut cfgs = Vec::new();
    for (_, _, base) in BASELINES {
        cfgs.push(config(1, base)?);
        for r in RATIOS {
            cfgs.push(with_uc(base, "uc_safe", r)?);
        }
    }
    // The tie check below searches with these configurations too.
    for c in &mut cfgs {
        o.apply(c)?;
    }
    let runs = run_all(p, o, &cfgs, meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        let mut cells = Vec::new();
        for b in 0..BASELINES.len() {
            let group = &runs[b * 4..b * 4 + 4];
            cells.extend(group.iter().map(|r| nodes_at(r, d)));
            let checks: Vec<[i64; 3]> = group[1..]
                .iter()
                .map(|r| compare(p, &cfgs[b * 4], &group[0], r, d))
                .collect();
            for k in 0..3 {
                cells.extend(checks.iter().map(|c| c[k]));
            }
            let counters = |r: &Run| r.at(d).map(|i| i.counters.clone()).unwrap_or_default();
            cells.push(counters(&group[0]).researches as i64);
            cells.extend(group[1..].iter().map(|r| counters(r).uc_cutoffs as i64));
        }
        cells
    }))
}

/// The paper's row for a Bratko–Kopec id ("BK.07" → row 7).
fn paper_row(id: &str) -> Option<[u32; 3]> {
    let n: usize = id.strip_prefix("BK.")?.parse().ok()?;
    PAPER_TABLE1.get(n.checked_sub(1)?).copied()
}

pub fn table1_report(d: &Dataset) -> Report {
    let mut r =
        Report {
            title: "Uncertainty cut-offs, Table 1: percentages of nodes searched".into(),
            source: "Björnsson, Marsland, Schaeffer & Junghanns (1997), Table 1 (24 Bratko-Kopec \
                 positions, 5 plies with extensions, The Turk)"
                .into(),
            setup: vec![
            "Safe uncertainty cut-offs (Fig. 4 and 5) at CUT_RATIO 10, 30 and 50 %, nodes as a \
             percentage of the same search without them."
                .into(),
            format!("Turk-like baseline: PVS, iterative deepening, {}.", TURK_BASELINE.join(", ")),
            format!(
                "Baseline without quiescence (this project's first Table 1): {}.",
                NO_QUIESCENCE_BASELINE.join(", ")
            ),
        ],
            ..Report::default()
        };
    let mut fig = Figure {
        title: "Uncertainty cut-offs: nodes searched against CUT_RATIO".into(),
        x_label: "CUT_RATIO (%)".into(),
        y_label: "nodes searched (% of the baseline)".into(),
        reference: vec![(100.0, "baseline".into())],
        ..Figure::default()
    };
    for depth in d.depths() {
        let rows = d.complete(depth);
        let mut t = Table::new(
            format!("Depth {depth}, {}", rows_note(d, depth)),
            &[
                "position",
                "Turk-like 10%",
                "30%",
                "50%",
                "no quiescence 10%",
                "30%",
                "50%",
                "paper 10%",
                "30%",
                "50%",
            ],
        );
        for row in &rows {
            t.row(position_cells(d, row));
        }
        let mut total = vec!["Total %".to_string()];
        let mut avg = vec!["Avg. %".to_string()];
        let mut base_row = vec!["baseline nodes".to_string()];
        let mut cut_row = vec!["cut-offs taken".to_string()];
        for (key, label, _) in BASELINES {
            let base = d.sum(depth, &format!("{key}_base"));
            base_row.extend([count(base), String::new(), String::new()]);
            cut_row.extend(
                RATIOS
                    .iter()
                    .map(|ratio| count(d.sum(depth, &format!("{key}_cutoffs_{ratio}")))),
            );
            let mut totals = Vec::new();
            let mut avgs = Vec::new();
            for ratio in RATIOS {
                let t = d.sum(depth, &format!("{key}_{ratio}"));
                totals.push(100.0 * t as f64 / base.max(1) as f64);
                let mean = rows
                    .iter()
                    .map(|row| {
                        100.0 * d.get(row, &format!("{key}_{ratio}")) as f64
                            / d.get(row, &format!("{key}_base")).max(1) as f64
                    })
                    .sum::<f64>()
                    / rows.len().max(1) as f64;
                avgs.push(mean);
            }
            total.extend(totals.iter().map(|v| format!("{v:.0}")));
            avg.extend(avgs.iter().map(|v| format!("{v:.0}")));
            let pts = |v: &[f64]| {
                RATIOS
                    .iter()
                    .zip(v)
                    .map(|(r, y)| (f64::from(*r), *y))
                    .collect()
            };
            fig.series.push(Series {
                name: format!("{label} (total, depth {depth})"),
                points: pts(&totals),
                paper: false,
                group: None,
            });
            if key == "turk" {
                fig.series.push(Series {
                    name: format!("{label} (average, depth {depth})"),
                    points: pts(&avgs),
                    paper: false,
                    group: None,
                });
            }
            r.notes.push(answer_note(d, &rows, depth, key, label));
        }
        total.extend(PAPER_TOTAL.iter().map(u32::to_string));
        avg.extend(PAPER_AVG.iter().map(u32::to_string));
        base_row.extend([String::new(), String::new(), String::new()]);
        cut_row.extend([String::new(), String::new(), String::new()]);
        let mut research_row = vec!["baseline re-searches".to_string()];
        for (key, _, _) in BASELINES {
            research_row.extend([
                count(d.sum(depth, &format!("{key}_researches"))),
                String::new(),
                String::new(),
            ]);
        }
        research_row.extend([String::new(), String::new(), String::new()]);
        t.row(total);
        t.row(avg);
        t.row(base_row);
        t.row(research_row);
        t.row(cut_row);
        r.tables.push(t);
    }
    let paper_pts = |v: &[u32; 3]| {
        RATIOS
            .iter()
            .zip(v)
            .map(|(r, y)| (f64::from(*r), f64::from(*y)))
            .collect()
    };
    fig.series.push(Series {
        name: "paper (total)".into(),
        points: paper_pts(&PAPER_TOTAL),
        paper: true,
        group: None,
    });
    fig.series.push(Series {
        name: "paper (average)".into(),
        points: paper_pts(&PAPER_AVG),
        paper: true,
        group: None,
    });
    r.figure = fig;
    r
}

/// Whether the safe form kept the answer at `depth` for the baseline `key` (`label`): the root
/// value and the best move of every position and CUT_RATIO, or the searches where they changed
/// (a different best move of exactly the same value is a tie, not a change).
fn answer_note(d: &Dataset, rows: &[&Row], depth: u32, key: &str, label: &str) -> String {
    let n = rows.len() as i64;
    let flag = |row: &Row, what: &str, ratio: u32| d.get(row, &format!("{key}_{what}_{ratio}"));
    let mut changed_value = Vec::new();
    let mut untied = Vec::new();
    let mut ties = Vec::new();
    for row in rows {
        for ratio in RATIOS {
            let at = format!("{} at {ratio} %", row.id);
            if flag(row, "same_value", ratio) == 0 {
                changed_value.push(at);
            } else if flag(row, "same_move", ratio) == 0 {
                if flag(row, "tie", ratio) == 1 {
                    ties.push(at);
                } else {
                    untied.push(at);
                }
            }
        }
    }
    let searches = n * RATIOS.len() as i64;
    if changed_value.is_empty() && untied.is_empty() {
        format!(
            "Depth {depth}, {label}: the safe form kept the root value in all {searches} \
             searches and the best move in {}{}.",
            searches - ties.len() as i64,
            if ties.is_empty() {
                String::new()
            } else {
                format!(
                    "; the other {} chose a different move of exactly the same value \
                     (a tie, confirmed by searching that move alone): {}",
                    ties.len(),
                    ties.join(", ")
                )
            }
        )
    } else {
        format!(
            "Depth {depth}, {label}: THE SAFE FORM CHANGED THE ANSWER: root value \
             changed in {}; best move changed without a tie in {}.",
            if changed_value.is_empty() {
                "none".to_string()
            } else {
                changed_value.join(", ")
            },
            if untied.is_empty() {
                "none".to_string()
            } else {
                untied.join(", ")
            }
        )
    }
}

/// A position's row of Table 1: its id, its nodes at each CUT_RATIO as a percentage of each
/// baseline's, and the paper's percentages.
fn position_cells(d: &Dataset, row: &Row) -> Vec<String> {
    let mut cells = vec![row.id.clone()];
    for (key, _, _) in BASELINES {
        let base = d.get(row, &format!("{key}_base"));
        for ratio in RATIOS {
            cells.push(percent(d.get(row, &format!("{key}_{ratio}")), base, 0));
        }
    }
    match paper_row(&row.id) {
        Some(pr) => cells.extend(pr.iter().map(u32::to_string)),
        None => cells.extend(["".to_string(), "".to_string(), "".to_string()]),
    }
    cells
}

/// Fig. 6 columns: ALL nodes counted, then the best move's place 1..=30 and 31 or later.
pub fn fig6_columns() -> Vec<Column> {
    let mut cols = vec![Column::new("all_nodes", ColumnKind::Count)];
    for k in 1..=FIG6_BINS {
        cols.push(Column::new(format!("place_{k}"), ColumnKind::Count));
    }
    cols.push(Column::new(
        format!("place_{}_plus", FIG6_BINS + 1),
        ColumnKind::Count,
    ));
    cols
}

pub fn fig6_position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let runs = run_all(p, o, &[config(1, &TURK_BASELINE)?], meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        let c = runs[0]
            .at(d)
            .map(|i| i.counters.clone())
            .unwrap_or_default();
        std::iter::once(c.all_nodes as i64)
            .chain(c.all_best.iter().map(|&n| n as i64))
            .collect()
    }))
}

pub fn fig6_report(d: &Dataset) -> Report {
    let mut r = Report {
        title: "Uncertainty cut-offs, Fig. 6: where the best move lies at ALL nodes".into(),
        source: "Björnsson et al. (1997), Fig. 6 (5-ply searches of the Bratko-Kopec positions \
                 by The Turk; ALL nodes with fewer than 10 legal moves left out)"
            .into(),
        setup: vec![
            format!(
                "Turk-like baseline ({}); every node that searched all its moves without a \
                 cut-off (actual ALL node), outside quiescence search, with at least {} legal \
                 moves; its best move is the one with the highest (fail-soft) value.",
                TURK_BASELINE.join(", "),
                probe::FIG6_MIN_MOVES
            ),
            "The paper gives Fig. 6 as a plot only: it says the best move is early in the list \
             with high probability."
                .into(),
        ],
        ..Report::default()
    };
    let mut fig = Figure {
        title: "Place of the best move at ALL nodes (≥ 10 legal moves)".into(),
        x_label: "place of the best move in the move list".into(),
        y_label: "ALL nodes (%)".into(),
        kind: FigureKind::Bars,
        ..Figure::default()
    };
    for depth in d.depths() {
        let all = d.sum(depth, "all_nodes");
        let mut t = Table::new(
            format!(
                "Depth {depth}, {}: {} ALL nodes",
                rows_note(d, depth),
                count(all)
            ),
            &["place", "ALL nodes", "%", "cumulative %"],
        );
        let mut cum = 0;
        let mut pts = Vec::new();
        for (k, col) in fig6_columns().iter().skip(1).enumerate() {
            let n = d.sum(depth, &col.name);
            cum += n;
            let label = if k < FIG6_BINS {
                (k + 1).to_string()
            } else {
                format!("{}+", FIG6_BINS + 1)
            };
            t.row(vec![
                label.clone(),
                count(n),
                percent(n, all, 1),
                percent(cum, all, 1),
            ]);
            pts.push((k as f64, 100.0 * n as f64 / all.max(1) as f64));
            if fig.x_categories.len() <= k {
                fig.x_categories.push(label);
            }
        }
        let first = d.sum(depth, "place_1");
        let first3: i64 = (1..=3).map(|k| d.sum(depth, &format!("place_{k}"))).sum();
        r.notes.push(format!(
            "Depth {depth}: the best move was first at {}% of these ALL nodes and among the first \
             three at {}% (the paper: \"a high probability that the best move is early in the \
             move-list\").",
            percent(first, all, 1),
            percent(first3, all, 1)
        ));
        r.tables.push(t);
        fig.series.push(Series {
            name: format!("depth {depth}"),
            points: pts,
            paper: false,
            group: None,
        });
    }
    r.figure = fig;
    r
}

/// CUT_RATIOs of the unsafe form, in percent.
pub const UNSAFE_RATIOS: [u32; 5] = [10, 20, 30, 50, 70];

pub fn unsafe_columns() -> Vec<Column> {
    let mut cols = vec![Column::new("base_nodes", ColumnKind::Count)];
    for r in UNSAFE_RATIOS {
        cols.push(Column::new(format!("nodes_{r}"), ColumnKind::Count));
        cols.push(Column::new(format!("value_changed_{r}"), ColumnKind::Flag));
        cols.push(Column::new(format!("best_changed_{r}"), ColumnKind::Flag));
        cols.push(Column::new(format!("abs_error_{r}"), ColumnKind::Count));
        cols.push(Column::new(format!("mate_changed_{r}"), ColumnKind::Flag));
    }
    cols
}

pub fn unsafe_position(p: &Position, o: &Options, meter: &Meter) -> Result<Vec<Row>, ConfigError> {
    let mut cfgs = vec![config(1, &TURK_BASELINE)?];
    for r in UNSAFE_RATIOS {
        cfgs.push(with_uc(&TURK_BASELINE, "uc_all", r)?);
    }
    let runs = run_all(p, o, &cfgs, meter)?;
    Ok(depth_rows(p, o, &runs, |d| {
        let base = runs[0].at(d);
        let mut cells = vec![nodes_at(&runs[0], d)];
        for run in &runs[1..] {
            let it = run.at(d);
            let (vc, bc, err, mate) = match (base, it) {
                (Some(b), Some(i)) => {
                    let mate = |v: i32| v.abs() >= ChessPos::MATE_BOUND;
                    let changed = b.value != i.value;
                    let mated = changed && (mate(b.value) || mate(i.value));
                    (
                        i64::from(changed),
                        i64::from(b.best != i.best),
                        if mated {
                            0
                        } else {
                            (i64::from(b.value) - i64::from(i.value)).abs()
                        },
                        i64::from(mated),
                    )
                }
                _ => (0, 0, 0, 0),
            };
            cells.extend([nodes_at(run, d), vc, bc, err, mate]);
        }
        cells
    }))
}

pub fn unsafe_report(d: &Dataset) -> Report {
    let mut r = Report {
        title: "Uncertainty cut-offs, §6: the unsafe form at ALL nodes".into(),
        source: "Björnsson et al. (1997), §6 (proposed, no table in the paper: these figures are \
                 ours)"
            .into(),
        setup: vec![format!(
            "uc_all: cut-offs at every expected CUT and ALL node in null-window searches after \
             CUT_RATIO of the legal moves (captures always searched), uncertain values not \
             re-searched, so they may reach the root. Against the Turk-like baseline ({}).",
            TURK_BASELINE.join(", ")
        )],
        ..Report::default()
    };
    let mut fig = Figure {
        title: "Unsafe uncertainty cut-offs: nodes saved against answers changed".into(),
        x_label: "nodes saved (% of the baseline, total)".into(),
        y_label: "positions changed (%)".into(),
        kind: FigureKind::Lines,
        ..Figure::default()
    };
    for depth in d.depths() {
        let rows = d.complete(depth);
        let n = rows.len() as i64;
        let base = d.sum(depth, "base_nodes");
        let mut t = Table::new(
            format!(
                "Depth {depth}, {}, baseline {} nodes",
                rows_note(d, depth),
                count(base)
            ),
            &[
                "CUT_RATIO",
                "Total %",
                "Avg. %",
                "root value changed",
                "best move changed",
                "mean |error| (cp)",
                "to/from mate",
            ],
        );
        let mut value_pts = Vec::new();
        let mut best_pts = Vec::new();
        for ratio in UNSAFE_RATIOS {
            let nodes = d.sum(depth, &format!("nodes_{ratio}"));
            let avg = rows
                .iter()
                .map(|row| {
                    100.0 * d.get(row, &format!("nodes_{ratio}")) as f64
                        / d.get(row, "base_nodes").max(1) as f64
                })
                .sum::<f64>()
                / rows.len().max(1) as f64;
            let vc = d.sum(depth, &format!("value_changed_{ratio}"));
            let bc = d.sum(depth, &format!("best_changed_{ratio}"));
            let err = d.sum(depth, &format!("abs_error_{ratio}"));
            let mates = d.sum(depth, &format!("mate_changed_{ratio}"));
            t.row(vec![
                format!("{ratio}%"),
                percent(nodes, base, 1),
                format!("{avg:.1}"),
                format!("{vc}/{n}"),
                format!("{bc}/{n}"),
                if vc == mates {
                    "-".to_string()
                } else {
                    format!("{:.0}", err as f64 / (vc - mates) as f64)
                },
                mates.to_string(),
            ]);
            let saved = 100.0 - 100.0 * nodes as f64 / base.max(1) as f64;
            value_pts.push((saved, 100.0 * vc as f64 / n.max(1) as f64));
            best_pts.push((saved, 100.0 * bc as f64 / n.max(1) as f64));
        }
        r.tables.push(t);
        let by_x = |mut v: Vec<(f64, f64)>| {
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            v
        };
        fig.series.push(Series {
            name: format!("root value changed (depth {depth})"),
            points: by_x(value_pts),
            paper: false,
            group: None,
        });
        fig.series.push(Series {
            name: format!("best move changed (depth {depth})"),
            points: by_x(best_pts),
            paper: false,
            group: None,
        });
    }
    r.notes.push(
        "Each point of the figure is one CUT_RATIO. Errors are in centipawns, over the changed \
         values where neither is a mate score; changes to or from a mate score are counted \
         apart."
            .to_string(),
    );
    r.figure = fig;
    r
}
