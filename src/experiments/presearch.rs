//! Hlynka & Schaeffer, *Pre-searching*, §3: every position searched iteratively until at least
//! 4,000,000 nodes (the iteration under way finishes; a mate ends the search), with and without
//! pre-searching (no recursion, NearRoot = ∞, NearLeaf = 3, Risk = 2; also Risk = 3 and 4), with
//! search extensions and reductions off. Reported: how often pre-search made the tree smaller
//! or larger (compared at the deepest depth both searches finished), and the positions solved
//! earlier or only with pre-search.

use super::data::{Column, ColumnKind, Dataset, Row};
use super::probe::{self, Meter, Run};
use super::report::{Figure, FigureKind, Report, Series, Table, count};
use super::{Options, Position, config};
use crate::search::config::ConfigError;
use crate::search::config::{PresearchParams, SearchConfig};

/// The settings: (column key, label, Risk or `None` for no pre-search).
pub const SETTINGS: [(&str, &str, Option<i32>); 4] = [
    ("off", "no pre-search", None),
    ("r2", "Risk = 2", Some(2)),
    ("r3", "Risk = 3", Some(3)),
    ("r4", "Risk = 4", Some(4)),
];

/// The Turk "with all the standard αβ search enhancements", extensions and reductions
/// disabled: PVS, TT, TT move, MVV-LVA, history, quiescence.
pub const BASELINE: [&str; 5] = ["tt", "tt_move", "mvv_lva", "history", "quiescence"];

/// The table holds 2^22 entries: searches of several million nodes must keep the previous
/// iteration's entries, which pre-searching reads.
pub const TT_SIZE_LOG2: u32 = 22;

/// The paper's node limit.
pub const PAPER_NODES: u64 = 4_000_000;

/// Where Risk = 3 can differ from Risk = 2 (issue 21 §2). The gap a pre-search adds is
/// `new_depth − depth = (IDDepth − tt_iteration + tt_depth) − depth`; with every move taking
/// one ply of depth, that is the difference of the two nodes' distances from the root, even
/// for a position with the same side to move, so Risk = 3 admits exactly what Risk = 2 admits.
/// A move that takes other than one ply breaks that parity when the difference is odd: a null
/// move takes R + 1 plies of depth for one ply of distance (odd R breaks parity, R = 2 does
/// not), a check extension takes none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extra {
    /// The paper's setting: no extensions or reductions.
    Plain,
    /// With standard null-move pruning, R = 3 (R = 2 would keep the parity).
    NullMove,
    /// With one-ply check extensions.
    CheckExtension,
}

impl Extra {
    /// The techniques added to [`BASELINE`].
    pub fn enable(self) -> &'static [&'static str] {
        match self {
            Extra::Plain => &[],
            Extra::NullMove => &["null_move"],
            Extra::CheckExtension => &["check_extension"],
        }
    }

    /// The column suffix, so that `experiment merge` tells the three apart by the header.
    pub fn suffix(self) -> &'static str {
        match self {
            Extra::Plain => "",
            Extra::NullMove => "_nm",
            Extra::CheckExtension => "_ce",
        }
    }
}

fn setting(risk: Option<i32>, extra: Extra) -> Result<SearchConfig, ConfigError> {
    let mut c = config(1, &BASELINE)?;
    for e in extra.enable() {
        c.enable(e)?;
    }
    if extra == Extra::NullMove {
        c.null_move.r = 3;
    }
    c.tt.size_log2 = TT_SIZE_LOG2;
    if let Some(risk) = risk {
        c.enable("presearch")?;
        c.presearch.risk = risk;
    }
    Ok(c)
}

pub fn columns(extra: Extra) -> Vec<Column> {
    plain_columns()
        .into_iter()
        .map(|c| Column::new(format!("{}{}", c.name, extra.suffix()), c.kind))
        .collect()
}

fn plain_columns() -> Vec<Column> {
    let mut cols = Vec::new();
    for (k, _, _) in SETTINGS {
        cols.push(Column::new(format!("depth_{k}"), ColumnKind::Mean));
        cols.push(Column::new(format!("nodes_{k}"), ColumnKind::Count));
        cols.push(Column::new(format!("solved_{k}"), ColumnKind::Flag));
        cols.push(Column::new(format!("solve_depth_{k}"), ColumnKind::Value));
        cols.push(Column::new(format!("solved_depths_{k}"), ColumnKind::Value));
    }
    for (k, _, _) in &SETTINGS[1..] {
        cols.push(Column::new(format!("cmp_depth_{k}"), ColumnKind::Value));
        cols.push(Column::new(format!("cmp_base_{k}"), ColumnKind::Count));
        cols.push(Column::new(format!("cmp_nodes_{k}"), ColumnKind::Count));
        cols.push(Column::new(format!("presearches_{k}"), ColumnKind::Count));
    }
    cols
}

/// The depth from which the best move is a `bm` move in every later finished iteration, or 0
/// if the last iteration's is not.
pub fn solve_depth(run: &Run, bm: &[String]) -> u32 {
    let mut depth = 0;
    for it in run.iterations.iter().rev() {
        if it
            .best
            .as_deref()
            .is_some_and(|m| super::is_best_move(m, bm))
        {
            depth = it.depth;
        } else {
            break;
        }
    }
    depth
}

/// Bit `d` is set when iteration `d` finished with a `bm` move (depths 1..=MASK_DEPTHS).
pub fn solved_depths(run: &Run, bm: &[String]) -> i64 {
    run.iterations
        .iter()
        .filter(|it| {
            it.depth as usize <= MASK_DEPTHS
                && it
                    .best
                    .as_deref()
                    .is_some_and(|m| super::is_best_move(m, bm))
        })
        .fold(0i64, |m, it| m | (1 << it.depth))
}

/// The deepest iteration [`solved_depths`] records (bits of an i64).
pub const MASK_DEPTHS: usize = 62;

pub fn position(
    extra: Extra,
    p: &Position,
    o: &Options,
    meter: &Meter,
) -> Result<Vec<Row>, ConfigError> {
    let ceiling = o.max_depth();
    let runs: Vec<Run> = SETTINGS
        .iter()
        .map(|&(_, _, risk)| {
            let mut c = SearchConfig {
                depth: ceiling,
                node_cap: o.node_cap,
                ..setting(risk, extra)?
            };
            o.apply(&mut c)?;
            Ok(probe::search(p.pos, &c, *meter, Some(o.nodes)))
        })
        .collect::<Result<_, ConfigError>>()?;
    let bm = &p.epd.best_moves;
    let last_depth = |r: &Run| r.last().map_or(0, |i| i.depth);
    let mut cells = Vec::new();
    for run in &runs {
        let solve = solve_depth(run, bm);
        cells.extend([
            i64::from(last_depth(run)),
            run.last().map_or(0, |i| i.nodes as i64),
            i64::from(solve > 0),
            i64::from(solve),
            solved_depths(run, bm),
        ]);
    }
    let base = &runs[0];
    for run in &runs[1..] {
        let common = last_depth(base).min(last_depth(run));
        let at = |r: &Run| r.at(common).map_or(0, |i| i.nodes as i64);
        let presearches = run.last().map_or(0, |i| i.counters.presearches as i64);
        cells.extend([i64::from(common), at(base), at(run), presearches]);
    }
    Ok(vec![Row {
        index: p.index,
        id: p.epd.id.clone(),
        depth: ceiling,
        capped: runs.iter().any(|r| r.capped),
        cells,
    }])
}

/// Buckets of the change in tree size (%), for the figure.
const BUCKETS: [(f64, f64, &str); 9] = [
    (f64::NEG_INFINITY, -20.0, "< -20"),
    (-20.0, -10.0, "-20..-10"),
    (-10.0, -5.0, "-10..-5"),
    (-5.0, 0.0, "-5..0"),
    (0.0, 0.0, "0"),
    (0.0, 5.0, "0..5"),
    (5.0, 10.0, "5..10"),
    (10.0, 20.0, "10..20"),
    (20.0, f64::INFINITY, "> 20"),
];

fn bucket(change: f64) -> usize {
    if change == 0.0 {
        return 4;
    }
    BUCKETS
        .iter()
        .position(|&(lo, hi, _)| {
            if change < 0.0 {
                change >= lo && change < hi
            } else {
                change > lo && change <= hi
            }
        })
        .unwrap_or(8)
}

/// The rows of the report's table, top to bottom: one cell each per setting and for the paper.
const ROW_LABELS: [&str; 14] = [
    "tree smaller",
    "average reduction when smaller",
    "tree larger",
    "average increase when larger",
    "same size",
    "total nodes at the common depth",
    "solved at the last iteration",
    "solved earlier (both solved)",
    "solved later (both solved)",
    "solved only with pre-search",
    "solved only without pre-search",
    "most more solved at one depth",
    "average depth reached",
    "pre-searches per position",
];

/// The paper's figure for each of ROW_LABELS ("-" where it gives none).
const PAPER_CELLS: [&str; 14] = [
    "26.4%",
    "8.2%",
    "73.6%",
    "4.5%",
    "-",
    "\"comparable\" (midgames)",
    "-",
    "\"in many cases\"",
    "-",
    "-",
    "-",
    "+8 (Risk 3: +12)",
    "13 (midgames: 9)",
    "-",
];

/// The report of a run with `extra`: the paper's report on the same rows (its columns without
/// the suffix), with what was added said.
pub fn report(extra: Extra, d: &Dataset) -> Report {
    let plain = Dataset::new(plain_columns(), d.rows.clone());
    let mut r = plain_report(&plain);
    match extra {
        Extra::Plain => {}
        Extra::NullMove => {
            r.title = "Pre-searching, with null move".into();
            r.setup.push(
                "Added to the baseline: standard null-move pruning, R = 3. A null move takes \
                 R + 1 = 4 plies of depth for one ply of distance from the root, so the depth \
                 gap between two visits of a position (same side to move) can be odd: Risk = 3 \
                 can differ from Risk = 2 here (with R = 2 it could not: the extra R plies are \
                 even)."
                    .into(),
            );
        }
        Extra::CheckExtension => {
            r.title = "Pre-searching, with check extensions".into();
            r.setup.push(
                "Added to the baseline: one-ply check extensions. An extended move keeps the \
                 depth, so the same position can recur at depths of either parity: Risk = 3 \
                 can differ from Risk = 2 here."
                    .into(),
            );
        }
    }
    r
}

fn plain_report(d: &Dataset) -> Report {
    let ps = PresearchParams::default();
    let mut r = Report {
        title: "Pre-searching".into(),
        source: "Hlynka & Schaeffer, Pre-searching, §3 (The Turk; 1,797 endgames of the \
                 Encyclopedia of Chess Endgames vol. 3 and 879 ECM midgames; at least 4,000,000 \
                 nodes per search)"
            .into(),
        setup: vec![format!(
            "Each search iterates until an iteration ends with at least the node limit searched \
             (or a mate found), with and without pre-search: no recursion, NearRoot = {} (∞), \
             NearLeaf = {}, Risk = 2, 3, 4. Baseline: PVS, {}, TT of 2^{TT_SIZE_LOG2} entries; \
             no extensions or reductions, as in the paper. Tree sizes are compared at the \
             deepest depth both searches finished.",
            ps.near_root,
            ps.near_leaf,
            BASELINE.join(", ")
        )],
        ..Report::default()
    };
    let Some(&depth) = d.depths().first() else {
        return r;
    };
    let rows = d.complete(depth);
    let n = rows.len();
    let mut t = Table::new(
        format!("Pre-search against no pre-search, {n} positions"),
        &[
            "",
            "Risk = 2",
            "Risk = 3",
            "Risk = 4",
            "paper, endgames, Risk = 2",
        ],
    );
    let mut fig = Figure {
        title: "Change in tree size with pre-search (at the common depth)".into(),
        x_label: "change in nodes (%)".into(),
        y_label: "positions (%)".into(),
        kind: FigureKind::Bars,
        x_categories: BUCKETS.iter().map(|b| b.2.to_string()).collect(),
        ..Figure::default()
    };
    let mut lines: Vec<Vec<String>> = ROW_LABELS.iter().map(|s| vec![s.to_string()]).collect();
    for (key, label, _) in &SETTINGS[1..] {
        let (cells, hist) = setting_column(d, &rows, depth, key);
        for (line, c) in lines.iter_mut().zip(cells) {
            line.push(c);
        }
        fig.series.push(Series {
            name: label.to_string(),
            points: hist
                .iter()
                .enumerate()
                .map(|(k, &h)| (k as f64, 100.0 * h as f64 / n.max(1) as f64))
                .collect(),
            paper: false,
            group: None,
        });
    }
    for (line, p) in lines.iter_mut().zip(PAPER_CELLS) {
        line.push(p.to_string());
    }
    for line in lines {
        t.row(line);
    }
    r.tables.push(t);
    r.notes.push(
        "The paper: on the midgames pre-search made no difference (comparable tree sizes, the \
         same problems solved); on the endgames it reduced the search 26.4 % of the time (by 8.2 \
         % on average) and increased it 73.6 % of the time (by 4.5 %); Risk = 3 peaked at 12 \
         more problems solved, Risk = 4 solved fewer."
            .to_string(),
    );
    r.figure = fig;
    r
}

/// One pre-search setting (`key`, e.g. `risk2`) against no pre-search over the positions `rows`
/// complete at `depth`: its cell of each of ROW_LABELS, and how many positions fall in each of
/// BUCKETS of tree-size change (the figure's series).
fn setting_column(
    d: &Dataset,
    rows: &[&Row],
    depth: u32,
    key: &str,
) -> ([String; ROW_LABELS.len()], [usize; BUCKETS.len()]) {
    let n = rows.len();
    let frac = |k: usize| {
        if n == 0 {
            "-".to_string()
        } else {
            format!("{:.1}% ({k})", 100.0 * k as f64 / n as f64)
        }
    };
    let mean = |v: &[f64]| {
        if v.is_empty() {
            "-".to_string()
        } else {
            format!("{:.1}%", v.iter().sum::<f64>() / v.len() as f64)
        }
    };
    let average =
        |col: &str| rows.iter().map(|row| d.get(row, col) as f64).sum::<f64>() / n.max(1) as f64;
    let mut reductions = Vec::new();
    let mut increases = Vec::new();
    let mut same = 0;
    let mut hist = [0usize; BUCKETS.len()];
    let (mut earlier, mut later, mut only_with, mut only_without) = (0, 0, 0, 0);
    for row in rows {
        let base = d.get(row, &format!("cmp_base_{key}"));
        let nodes = d.get(row, &format!("cmp_nodes_{key}"));
        let change = 100.0 * (nodes - base) as f64 / base.max(1) as f64;
        hist[bucket(change)] += 1;
        match nodes.cmp(&base) {
            std::cmp::Ordering::Less => reductions.push(-change),
            std::cmp::Ordering::Greater => increases.push(change),
            std::cmp::Ordering::Equal => same += 1,
        }
        let (s0, s1) = (
            d.get(row, "solved_off"),
            d.get(row, &format!("solved_{key}")),
        );
        let (d0, d1) = (
            d.get(row, "solve_depth_off"),
            d.get(row, &format!("solve_depth_{key}")),
        );
        match (s0 == 1, s1 == 1) {
            (true, true) if d1 < d0 => earlier += 1,
            (true, true) if d1 > d0 => later += 1,
            (false, true) => only_with += 1,
            (true, false) => only_without += 1,
            _ => {}
        }
    }
    let base_total = d.sum(depth, &format!("cmp_base_{key}"));
    let total = d.sum(depth, &format!("cmp_nodes_{key}"));
    let cells = [
        frac(reductions.len()),
        mean(&reductions),
        frac(increases.len()),
        mean(&increases),
        frac(same),
        format!(
            "{} ({:+.1}%)",
            count(total),
            100.0 * (total - base_total) as f64 / base_total.max(1) as f64
        ),
        format!(
            "{} (without: {})",
            d.sum(depth, &format!("solved_{key}")),
            d.sum(depth, "solved_off")
        ),
        earlier.to_string(),
        later.to_string(),
        only_with.to_string(),
        only_without.to_string(),
        match best_solved_gain(d, rows, key) {
            Some((g, dd)) if g > 0 => format!("{g:+} at depth {dd}"),
            Some(_) => "none".to_string(),
            None => "-".to_string(),
        },
        format!(
            "{:.1} (without: {:.1})",
            average(&format!("depth_{key}")),
            average("depth_off")
        ),
        format!(
            "{:.0}",
            d.sum(depth, &format!("presearches_{key}")) as f64 / n.max(1) as f64
        ),
    ];
    (cells, hist)
}

/// The depth at which setting `key` solved the most more positions than no pre-search, among
/// the positions both searches took to that depth: (gain, depth), or None when no depth had any.
fn best_solved_gain(d: &Dataset, rows: &[&Row], key: &str) -> Option<(i64, usize)> {
    let mut best_gain: Option<(i64, usize)> = None;
    for depth in 1..=MASK_DEPTHS {
        let both: Vec<&&Row> = rows
            .iter()
            .filter(|row| {
                d.get(row, "depth_off") as usize >= depth
                    && d.get(row, &format!("depth_{key}")) as usize >= depth
            })
            .collect();
        if both.is_empty() {
            continue;
        }
        let at = |col: &str| {
            both.iter()
                .filter(|row| (d.get(row, col) >> depth) & 1 == 1)
                .count() as i64
        };
        let gain = at(&format!("solved_depths_{key}")) - at("solved_depths_off");
        if best_gain.is_none_or(|(g, _)| gain > g) {
            best_gain = Some((gain, depth));
        }
    }
    best_gain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_every_change() {
        assert_eq!(bucket(-50.0), 0);
        assert_eq!(bucket(-20.0), 1);
        assert_eq!(bucket(-0.1), 3);
        assert_eq!(bucket(0.0), 4);
        assert_eq!(bucket(0.1), 5);
        assert_eq!(bucket(5.0), 5);
        assert_eq!(bucket(20.0), 7);
        assert_eq!(bucket(1e9), 8);
    }
}
