//! The page's Experiments view, by the core's own code (`crate::experiments`): the list of
//! experiments, committed results files read and checked through serde into the core's types,
//! one position of a small run (in the experiment worker, `www/engine/experiment-worker.js`),
//! and the report of the rows a run has so far.
//!
//! A small run is what the page can afford in a browser tab: the Bratko–Kopec suite at depth 5
//! at most. Experiments whose paper's depths are all deeper than that, or whose searches are
//! sized by a node budget (pre-searching), say so and offer only the committed result.

use super::{WasmError, from_js, to_js};
use crate::experiments::data::{self, Shard};
use crate::experiments::report::{FigureKind, Report};
use crate::experiments::{
    DataError, Dataset, Experiment, ExperimentError, Meter, Options, Place, Row, parse_depths,
    parse_epd,
};
use crate::game::chess::ChessPos;
use crate::run::InputError;
use crate::search::config::DEFAULT_NODE_CAP;
use core::sync::atomic::{AtomicU64, Ordering};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// The deepest depth a small run in the page accepts.
pub const SMALL_MAX_DEPTH: u32 = 5;

/// A results file larger than this is refused unread (the committed ones are a few hundred
/// KiB; a full ECM run is a few MiB).
pub const MAX_RESULT_BYTES: usize = 32 << 20;

/// The depths a small run of `e` takes by default (the paper's depths up to
/// [`SMALL_MAX_DEPTH`]), or why it cannot run small.
pub fn small_depths(e: Experiment) -> Result<Vec<u32>, ExperimentError> {
    if e.presearch().is_some() {
        return Err(ExperimentError::option(
            "experiment",
            format!(
                "{} searches each position until {} nodes (Hlynka & Schaeffer's budget), far more \
             than a page should run: only the committed result is shown",
                e.name(),
                crate::experiments::presearch::PAPER_NODES
            ),
        ));
    }
    let d: Vec<u32> = e
        .default_depths()
        .into_iter()
        .filter(|&d| d <= SMALL_MAX_DEPTH)
        .collect();
    if d.is_empty() {
        return Err(ExperimentError::option(
            "experiment",
            format!(
                "{} reproduces the paper at depth {}; a small run in the page stops at depth \
             {SMALL_MAX_DEPTH}, where it would say nothing about the paper's figures: only the \
             committed result is shown",
                e.name(),
                e.default_depths()
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    Ok(d)
}

/// Checks the depths of a small run (`5`, `2-4`, `3,5`) for `e`: each 1..=[`SMALL_MAX_DEPTH`]
/// and accepted by the experiment.
pub fn small_options(e: Experiment, depths: &str) -> Result<Options, ExperimentError> {
    small_depths(e)?;
    let depths = parse_depths(depths)?;
    if let Some(&d) = depths.iter().find(|&&d| d > SMALL_MAX_DEPTH) {
        return Err(ExperimentError::option(
            "--depth",
            format!(
                "depth {d} is too deep for a run in the page: it accepts 1..={SMALL_MAX_DEPTH} \
             (run deeper ones with `prunescope experiment {}`)",
                e.name()
            ),
        ));
    }
    let o = Options {
        depths,
        node_cap: DEFAULT_NODE_CAP,
        nodes: crate::experiments::presearch::PAPER_NODES,
        set: Vec::new(),
    };
    e.validate(&o)?;
    Ok(o)
}

fn experiment(name: &str) -> Result<Experiment, ExperimentError> {
    Experiment::from_name(name).ok_or_else(|| {
        ExperimentError::option(
            "experiment",
            format!(
                "unknown experiment '{name}' (known: {})",
                Experiment::ALL.map(Experiment::name).join(", ")
            ),
        )
    })
}

/// Checks a small run before any worker starts: the refusal (unknown experiment, one that
/// cannot run small, a depth past [`SMALL_MAX_DEPTH`]), or `undefined`.
#[wasm_bindgen]
pub fn experiment_check_run(name: &str, depths: &str) -> Option<String> {
    experiment(name)
        .and_then(|e| small_options(e, depths))
        .err()
        .map(|e| e.to_string())
}

/// The committed results files of `e` (`docs/results/STEM.json`, figures
/// `docs/figures/STEM.svg`): the experiment's name, or one file per suite where the experiment
/// was run on several (a browser test checks that every file under docs/results/ is listed).
pub fn result_files(e: Experiment) -> Vec<String> {
    match e {
        Experiment::Presearch => vec![
            "presearch-endgames".into(),
            "presearch-endgames-4m".into(),
            "presearch-ecm".into(),
        ],
        Experiment::PresearchNull => vec!["presearch-null-endgames".into()],
        Experiment::PresearchCheck => vec!["presearch-check-endgames".into()],
        Experiment::NullMoveAblation => vec![
            "null-move-ablation-d9".into(),
            "null-move-ablation-d7".into(),
        ],
        Experiment::NullMove => vec!["null-move".into(), "null-move-gate1".into()],
        Experiment::NullMoveGap => vec!["null-move-gap-d9".into(), "null-move-gap".into()],
        Experiment::NullMoveTable3 => {
            vec!["null-move-table3".into(), "null-move-table3-gate1".into()]
        }
        Experiment::MultiCut => vec!["multi-cut".into(), "multi-cut-wac".into()],
        Experiment::SchaefferDeep => {
            vec!["schaeffer-deep".into(), "schaeffer-deep-d8".into()]
        }
        Experiment::Zugzwang => vec![
            "zugzwang".into(),
            "zugzwang-d12".into(),
            "zugzwang-gate1".into(),
        ],
        _ => vec![e.name().to_string()],
    }
}

/// One experiment as the page lists it.
#[derive(Serialize)]
struct Entry {
    name: &'static str,
    doc: &'static str,
    /// The paper's depths (the CLI's default `--depth`).
    depths: Vec<u32>,
    /// The default depths of a small run (`"5"`, `"2-5"`), or `null`.
    small: Option<String>,
    /// Why it cannot run small, or `null`.
    why_not: Option<String>,
    /// The stems of its committed results files ([`result_files`]).
    results: Vec<String>,
}

fn depth_words(d: &[u32]) -> String {
    let contiguous = d.windows(2).all(|w| w[1] == w[0] + 1);
    match d {
        [one] => one.to_string(),
        [first, .., last] if contiguous => format!("{first}-{last}"),
        _ => d.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
    }
}

/// Every experiment: `[{name, doc, depths, small, why_not, results}]`, in the CLI's order.
#[wasm_bindgen]
pub fn experiment_list() -> Result<JsValue, JsError> {
    let out: Vec<Entry> = Experiment::ALL
        .into_iter()
        .map(|e| {
            let small = small_depths(e);
            Entry {
                name: e.name(),
                doc: e.doc(),
                depths: e.default_depths(),
                small: small.as_ref().ok().map(|d| depth_words(d)),
                why_not: small.err().map(|e| e.to_string()),
                results: result_files(e),
            }
        })
        .collect();
    to_js(&out)
}

/// What a run recorded besides its rows (`runs` of a results file); merged files carry one
/// entry per shard, which may name only its CSV file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    #[serde(default)]
    pub command: Option<String>,
    #[serde(default)]
    pub wall_seconds: Option<f64>,
    #[serde(default)]
    pub suite: Option<String>,
    #[serde(default)]
    pub positions: Option<u64>,
    #[serde(default)]
    pub jobs: Option<u64>,
    #[serde(default)]
    pub csv: Option<String>,
}

/// A results file (`prunescope experiment … --json`), every field typed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultFile {
    format: String,
    version: u32,
    experiment: String,
    positions: u64,
    depths: Vec<u32>,
    runs: Vec<RunInfo>,
    /// The merge commands that made the file, in order (version 2; absent in version 1).
    #[serde(default)]
    merges: Vec<String>,
    report: Report,
    columns: Vec<String>,
    rows: Vec<serde_json::Value>,
}

/// A checked results file, as the page shows it.
#[derive(Debug, Serialize)]
pub struct Committed {
    pub experiment: String,
    pub positions: u64,
    pub depths: Vec<u32>,
    pub runs: Vec<RunInfo>,
    /// The merge commands that made the file (none for a single run, or a version-1 file).
    pub merges: Vec<String>,
    pub report: Report,
    /// Rows in the file.
    pub rows: usize,
    /// Whether this build's report of the file's rows equals the file's report (false: the
    /// file was written by another version of the experiment).
    pub consistent: bool,
}

/// Reads and checks the results file `docs/results/STEM.json` of experiment `name`; the error
/// names the file and the field at fault.
pub fn read_result(name: &str, stem: &str, text: &str) -> Result<Committed, ExperimentError> {
    let e = experiment(name)?;
    let file = format!("docs/results/{stem}.json");
    let bad = |field: Option<&str>, message: String| {
        ExperimentError::Data(DataError::new(&file, Place::File, field, message))
    };
    if text.len() > MAX_RESULT_BYTES {
        return Err(bad(
            None,
            format!(
                "{} bytes is more than the {} MiB a results file may have",
                text.len(),
                MAX_RESULT_BYTES >> 20
            ),
        ));
    }
    let doc: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        bad(
            None,
            format!("not JSON: {}", super::strip_position(e.to_string())),
        )
    })?;
    // The format and rows first, with the core's own messages (as `experiment merge` says them).
    let shard = Shard::from_json(&file, &doc)?;
    let r: ResultFile =
        serde_json::from_value(doc).map_err(|e| bad(None, super::strip_position(e.to_string())))?;
    debug_assert_eq!(r.format, "prunescope-experiment");
    debug_assert!((data::OLDEST_RESULT_VERSION..=data::RESULT_VERSION).contains(&r.version));
    debug_assert_eq!(r.rows.len(), shard.rows.len());
    if r.experiment != name {
        return Err(bad(
            Some("experiment"),
            format!("\"experiment\" is '{}', expected '{name}'", r.experiment),
        ));
    }
    // today's columns, or an older layout this build still reads (Experiment::column_sets)
    let Some(columns) = e.columns_for(&r.columns) else {
        return Err(bad(
            Some("columns"),
            format!("\"columns\" are not those of experiment {name} in this build"),
        ));
    };
    check_report(&file, &r.report)?;
    let dataset = Dataset::new(columns, shard.rows);
    let consistent = same_report(&e.report(&dataset), &r.report);
    Ok(Committed {
        experiment: r.experiment,
        positions: r.positions,
        depths: r.depths,
        runs: r.runs,
        merges: r.merges,
        report: r.report,
        rows: dataset.rows.len(),
        consistent,
    })
}

/// Whether two reports say the same: equal text, and figure points equal up to the last bit
/// serde_json's float parsing may lose (it is not exactly round-trip without its
/// `float_roundtrip` feature).
fn same_report(a: &Report, b: &Report) -> bool {
    let close = |x: f64, y: f64| x == y || (x - y).abs() <= 1e-9 * x.abs().max(y.abs());
    let (fa, fb) = (&a.figure, &b.figure);
    a.title == b.title
        && a.source == b.source
        && a.setup == b.setup
        && a.tables == b.tables
        && a.notes == b.notes
        && fa.title == fb.title
        && fa.x_label == fb.x_label
        && fa.y_label == fb.y_label
        && fa.kind == fb.kind
        && fa.x_categories == fb.x_categories
        && fa.log_y == fb.log_y
        && fa.reference.len() == fb.reference.len()
        && fa
            .reference
            .iter()
            .zip(&fb.reference)
            .all(|((y1, l1), (y2, l2))| close(*y1, *y2) && l1 == l2)
        && fa.series.len() == fb.series.len()
        && fa.series.iter().zip(&fb.series).all(|(s, t)| {
            s.name == t.name
                && s.paper == t.paper
                && s.group == t.group
                && s.points.len() == t.points.len()
                && s.points
                    .iter()
                    .zip(&t.points)
                    .all(|(p, q)| close(p.0, q.0) && close(p.1, q.1))
        })
}

/// The checks serde cannot make: table rows as wide as their header, bars on their categories.
fn check_report(file: &str, r: &Report) -> Result<(), DataError> {
    for (t, table) in r.tables.iter().enumerate() {
        for (k, row) in table.rows.iter().enumerate() {
            if row.len() != table.header.len() {
                let field = format!("report.tables[{t}].rows[{k}]");
                return Err(DataError::new(
                    file,
                    Place::File,
                    Some(&field),
                    format!(
                        "{field} has {} cells, its header {}",
                        row.len(),
                        table.header.len()
                    ),
                ));
            }
        }
    }
    let f = &r.figure;
    for (s, series) in f.series.iter().enumerate() {
        for (k, &(x, y)) in series.points.iter().enumerate() {
            let bad = |what: &str| {
                let field = format!("report.figure.series[{s}].points[{k}]");
                DataError::new(file, Place::File, Some(&field), format!("{field}: {what}"))
            };
            if f.kind == FigureKind::Bars
                && (x.fract() != 0.0 || x < 0.0 || x >= f.x_categories.len() as f64)
            {
                return Err(bad("x is not the index of a category"));
            }
            if f.log_y && y <= 0.0 {
                return Err(bad("y must be positive on a log scale"));
            }
        }
    }
    Ok(())
}

/// Reads and checks the text of `docs/results/STEM.json` of experiment `name`: `{experiment,
/// positions, depths, runs, report, rows, consistent}`; throws an `Error` naming the field at
/// fault.
#[wasm_bindgen]
pub fn experiment_result(name: &str, stem: &str, text: &str) -> Result<JsValue, JsError> {
    to_js(&read_result(name, stem, text)?)
}

/// Runs position `index` of an EPD suite under experiment `name` at `depths`, as a small run:
/// the rows as a results file has them (`[index, id, depth, capped, cells…]`) and the nodes
/// searched.
pub fn run_position(
    name: &str,
    suite: &str,
    index: usize,
    depths: &str,
) -> Result<(Vec<Row>, u64), ExperimentError> {
    let e = experiment(name)?;
    let o = small_options(e, depths)?;
    let positions = parse_epd(suite)?;
    let p = positions.get(index).ok_or_else(|| {
        ExperimentError::option(
            "index",
            format!(
                "position {index} is past the suite's end ({} positions)",
                positions.len()
            ),
        )
    })?;
    let pos = ChessPos::from_fen(&p.fen).map_err(|e| ExperimentError::Position {
        position: p.id.clone(),
        source: InputError::Chess(e),
    })?;
    let nodes = AtomicU64::new(0);
    let rows = e.run_position(index, p, &pos, &o, &Meter::new(&nodes))?;
    Ok((rows, nodes.load(Ordering::Relaxed)))
}

/// [`run_position`] for the experiment worker: `{rows, nodes}`.
#[wasm_bindgen]
pub fn experiment_run_position(
    name: &str,
    suite: &str,
    index: usize,
    depths: &str,
) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Out {
        rows: Vec<serde_json::Value>,
        nodes: u64,
    }
    let (rows, nodes) = run_position(name, suite, index, depths)?;
    to_js(&Out {
        rows: rows.iter().map(Row::to_json).collect(),
        nodes,
    })
}

/// The report of the rows a run has so far (`rows` as [`experiment_run_position`] gives them,
/// in any order).
pub fn report_rows(name: &str, rows: Vec<serde_json::Value>) -> Result<Report, ExperimentError> {
    let e = experiment(name)?;
    let doc = serde_json::json!({
        "format": "prunescope-experiment",
        "version": 1,
        "columns": data::header(&e.columns()),
        "rows": rows,
    });
    let shard = Shard::from_json("the run's rows", &doc)?;
    Ok(e.report(&Dataset::new(e.columns(), shard.rows)))
}

/// [`report_rows`] from JavaScript: the report (tables, notes, figure) of `rows`.
#[wasm_bindgen]
pub fn experiment_report(name: &str, rows: JsValue) -> Result<JsValue, JsError> {
    let rows: Vec<serde_json::Value> = from_js(&rows, "rows")
        .map_err(|e| WasmError::argument("rows", format!("invalid rows: {e}")))?;
    to_js(&report_rows(name, rows)?)
}
