//! The papers' experiments, reproduced on EPD suites (docs/experiments.md).
//!
//! Every experiment works one position at a time: [`Experiment::run_position`] searches one
//! position under each of the experiment's configurations and returns one [`Row`] of integers
//! per depth (node counts, solved flags, values, counters). Rows are deterministic: the same
//! position, depth and build give the same numbers on any machine and in any order, so a run
//! can be spread over threads (the CLI uses rayon), processes or machines (`--shard`) and the
//! rows merged afterwards. [`Experiment::report`] turns rows into the paper's tables, the
//! checks of its claims and a figure description, all as plain data: the CLI prints and plots
//! them, and the JSON under docs/results/ carries them to the page.
//!
//! The core stays free of threads and I/O beyond reading a suite: parallelism, progress lines
//! and the SVG figures live in the CLI (`src/cli/experiment.rs`, and [`plot`] behind the `cli`
//! feature).

pub mod data;
pub mod error;
pub mod history_weights;
pub mod lmr_branching;
pub mod move_ordering;
pub mod multi_cut;
pub mod null_move;
pub mod null_move_ablation;
pub mod null_move_gap;
pub mod null_move_saving;
#[cfg(feature = "cli")]
pub mod plot;
pub mod presearch;
pub mod probe;
pub mod report;
pub mod schaeffer;
pub mod tt_collisions;
pub mod uncertainty;
pub mod uncertainty_depth;
pub mod wall_time;

use crate::game::chess::ChessPos;
use crate::game::chess::epd::SuiteError;
use crate::run::{Input, InputError, Prepared, Summary};
use crate::search::config::{Algorithm, ConfigError, MAX_DEPTH, SearchConfig};
pub use data::{Column, ColumnKind, Dataset, Row};
pub use error::{DataError, ExperimentError, Place};
pub use probe::Meter;
pub use report::{Figure, Report};

/// One EPD record: its id, the position, and the best moves (`bm`, SAN) if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdPosition {
    pub id: String,
    pub fen: String,
    pub best_moves: Vec<String>,
}

/// Reads an EPD suite (see [`crate::game::chess::epd`]): the position, `bm` and `id`.
pub fn read_epd(path: &str) -> Result<Vec<EpdPosition>, SuiteError> {
    let records = crate::game::chess::epd::read_suite(path)?;
    Ok(records
        .into_iter()
        .map(|r| EpdPosition {
            id: r.name(),
            best_moves: r.best_moves.into_iter().map(|m| m.san).collect(),
            fen: r.fen,
        })
        .collect())
}

/// Parses the text of an EPD suite; see [`read_epd`].
pub fn parse_epd(text: &str) -> Result<Vec<EpdPosition>, SuiteError> {
    let records = crate::game::chess::epd::parse_suite(text)?;
    Ok(records
        .into_iter()
        .map(|r| EpdPosition {
            id: r.name(),
            best_moves: r.best_moves.into_iter().map(|m| m.san).collect(),
            fen: r.fen,
        })
        .collect())
}

/// Parses every position of a suite, naming the one that fails.
pub fn prepare_suite(positions: &[EpdPosition]) -> Result<Vec<Prepared>, ExperimentError> {
    positions
        .iter()
        .map(|p| {
            Input::Chess { fen: p.fen.clone() }
                .prepare()
                .map_err(|source| ExperimentError::Position {
                    position: p.id.clone(),
                    source,
                })
        })
        .collect()
}

/// Parses every position of a suite as chess, naming the one that fails.
pub fn chess_suite(positions: &[EpdPosition]) -> Result<Vec<ChessPos>, ExperimentError> {
    positions
        .iter()
        .map(|p| {
            ChessPos::from_fen(&p.fen).map_err(|e| ExperimentError::Position {
                position: p.id.clone(),
                source: InputError::Chess(e),
            })
        })
        .collect()
}

/// A PVS configuration with iterative deepening and the named techniques switched on.
pub fn config(depth: u32, enable: &[&str]) -> Result<SearchConfig, ConfigError> {
    let mut c = SearchConfig {
        algo: Algorithm::Pvs,
        depth,
        iterative: true,
        ..SearchConfig::default()
    };
    for e in enable {
        c.enable(e)?;
    }
    Ok(c)
}

/// A SAN move without its check, mate and annotation marks, for comparing with `bm`.
fn bare_san(m: &str) -> &str {
    m.trim_end_matches(['+', '#', '!', '?'])
}

/// Whether `san` is one of the suite's `bm` moves (ignoring check and annotation marks).
pub fn is_best_move(san: &str, best_moves: &[String]) -> bool {
    best_moves.iter().any(|b| bare_san(b) == bare_san(san))
}

/// Whether the search's best move is one of the suite's `bm` moves (SAN, ignoring +/#).
pub fn solved(s: &Summary, best_moves: &[String]) -> bool {
    s.best_line_san
        .first()
        .is_some_and(|m| is_best_move(m, best_moves))
}

/// Percentage of `part` in `whole`.
pub fn pct(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

/// The Turk-like baseline (Björnsson et al. 1997, §5: "NegaScout … search extensions,
/// quiescence-search and a transpositions table … capture moves first (most valuable piece
/// captures generated first), and the history heuristic"): PVS with the TT, the TT move first,
/// captures by MVV-LVA, history, check extensions and quiescence search. The null-move and
/// multi-cut experiments use it too; their papers' programs had the same enhancements.
pub const TURK_BASELINE: [&str; 6] = [
    "tt",
    "tt_move",
    "mvv_lva",
    "history",
    "check_extension",
    "quiescence",
];

/// The deepest nominal depth a fixed-depth experiment accepts. A fixed-depth search of a
/// middlegame suite beyond it would run for days; the papers went to 11 at most.
pub const MAX_FIXED_DEPTH: u32 = 20;

/// Everything a run of an experiment is asked to do besides the positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The depths to report, ascending. An experiment searches each position once per
    /// configuration, iteratively to the deepest, and reads the shallower depths off the
    /// earlier iterations (which are exactly the searches to those depths: nothing in an
    /// iteration depends on the final depth).
    pub depths: Vec<u32>,
    /// Hard cap on the nodes of each search (0 = none). A capped search's rows are marked
    /// `capped` and left out of the totals.
    pub node_cap: u64,
    /// Pre-searching only: search until at least this many nodes, finishing the iteration
    /// under way (Hlynka & Schaeffer, §3).
    pub nodes: u64,
    /// Parameter assignments (`NAME=VALUE`, the search commands' `--set`) applied to every
    /// configuration of the experiment after its own settings: e.g. `null_move.min_depth=1`
    /// runs Tables 1–3 with David & Netanyahu's depth gate. Empty for the experiments as
    /// documented.
    pub set: Vec<String>,
}

impl Options {
    pub fn max_depth(&self) -> u32 {
        self.depths.iter().copied().max().unwrap_or(1)
    }

    /// Applies [`Options::set`] to one of the experiment's configurations and checks the
    /// result, naming the assignment that fails.
    pub fn apply(&self, c: &mut SearchConfig) -> Result<(), ConfigError> {
        for a in &self.set {
            c.assign(a)?;
        }
        if !self.set.is_empty() {
            c.validate()?;
        }
        Ok(())
    }

    /// The setup line a report gains when [`Options::set`] changed its configurations.
    pub fn set_note(set: &[String]) -> Option<String> {
        (!set.is_empty()).then(|| {
            format!(
                "Changed in every configuration above (--set): {}. Where a line above says \
                 otherwise of these parameters, this line holds.",
                set.join(", ")
            )
        })
    }
}

/// Parses a depth list: `5`, `2-5` or `9,10` (or a mix, `2-4,6`), sorted and deduplicated.
pub fn parse_depths(s: &str) -> Result<Vec<u32>, ExperimentError> {
    let bad = || {
        ExperimentError::option(
            "--depth",
            format!("bad depth list '{s}': expected a depth (5), a range (2-5) or a list (9,10)"),
        )
    };
    let mut out = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        let (lo, hi) = match part.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let lo: u32 = lo.parse().map_err(|_| bad())?;
        let hi: u32 = hi.parse().map_err(|_| bad())?;
        if lo > hi || hi - lo > 64 {
            return Err(bad());
        }
        out.extend(lo..=hi);
    }
    out.sort_unstable();
    out.dedup();
    if out.is_empty() {
        return Err(bad());
    }
    Ok(out)
}

/// Which positions of a suite a run takes: the first `limit` (all if `None`), and of those
/// every `count`-th starting at `index` (`--shard index/count`, 0-based).
pub fn select(total: usize, limit: Option<usize>, shard: Option<(usize, usize)>) -> Vec<usize> {
    let n = limit.map_or(total, |k| k.min(total));
    let (i, count) = shard.unwrap_or((0, 1));
    (0..n).filter(|k| k % count == i).collect()
}

/// Parses `--shard I/N`: shard I (0-based) of N.
pub fn parse_shard(s: &str) -> Result<(usize, usize), ExperimentError> {
    let bad = || {
        ExperimentError::option(
            "--shard",
            format!("bad shard '{s}': expected I/N with 0 <= I < N, e.g. 0/4"),
        )
    };
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let i: usize = i.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

/// The experiments, one per table or figure of the papers (docs/experiments.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Experiment {
    Uncertainty,
    UncertaintyDepth,
    BestMoveIndex,
    UncertaintyAll,
    NullMove,
    NullMoveTable3,
    NullMoveAblation,
    NullMoveGap,
    Zugzwang,
    MultiCut,
    MultiCutCmr,
    Presearch,
    PresearchNull,
    PresearchCheck,
    Schaeffer,
    SchaefferHistory,
    HistoryWeights,
    SchaefferDeep,
    Ordering,
    NullMoveSaving,
    LmrBranching,
    TtCollisions,
}

impl Experiment {
    pub const ALL: [Experiment; 22] = [
        Experiment::Uncertainty,
        Experiment::BestMoveIndex,
        Experiment::UncertaintyAll,
        Experiment::UncertaintyDepth,
        Experiment::NullMove,
        Experiment::NullMoveTable3,
        Experiment::NullMoveAblation,
        Experiment::NullMoveGap,
        Experiment::Zugzwang,
        Experiment::MultiCut,
        Experiment::MultiCutCmr,
        Experiment::Presearch,
        Experiment::PresearchNull,
        Experiment::PresearchCheck,
        Experiment::Schaeffer,
        Experiment::SchaefferHistory,
        Experiment::HistoryWeights,
        Experiment::SchaefferDeep,
        Experiment::Ordering,
        Experiment::NullMoveSaving,
        Experiment::LmrBranching,
        Experiment::TtCollisions,
    ];

    /// The pre-searching experiments, with what each adds to the paper's baseline (`--nodes`,
    /// one row per position); None for the fixed-depth ones.
    pub fn presearch(self) -> Option<presearch::Extra> {
        match self {
            Experiment::Presearch => Some(presearch::Extra::Plain),
            Experiment::PresearchNull => Some(presearch::Extra::NullMove),
            Experiment::PresearchCheck => Some(presearch::Extra::CheckExtension),
            _ => None,
        }
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Experiment::Uncertainty => "uncertainty",
            Experiment::UncertaintyDepth => "uncertainty-depth",
            Experiment::BestMoveIndex => "best-move-index",
            Experiment::UncertaintyAll => "uncertainty-all",
            Experiment::NullMove => "null-move",
            Experiment::NullMoveTable3 => "null-move-table3",
            Experiment::NullMoveAblation => "null-move-ablation",
            Experiment::NullMoveGap => "null-move-gap",
            Experiment::Zugzwang => "zugzwang",
            Experiment::MultiCut => "multi-cut",
            Experiment::MultiCutCmr => "multi-cut-cmr",
            Experiment::Presearch => "presearch",
            Experiment::PresearchNull => "presearch-null",
            Experiment::PresearchCheck => "presearch-check",
            Experiment::Schaeffer => "schaeffer",
            Experiment::SchaefferHistory => "schaeffer-history",
            Experiment::HistoryWeights => "history-weights",
            Experiment::SchaefferDeep => "schaeffer-deep",
            Experiment::Ordering => "ordering",
            Experiment::NullMoveSaving => "null-move-saving",
            Experiment::LmrBranching => "lmr-branching",
            Experiment::TtCollisions => "tt-collisions",
        }
    }

    pub fn from_name(s: &str) -> Option<Experiment> {
        Self::ALL.into_iter().find(|e| e.name() == s)
    }

    /// One line for `--help`.
    pub fn doc(self) -> &'static str {
        match self {
            Experiment::Uncertainty => {
                "Uncertainty cut-offs, Table 1 (Björnsson et al. 1997): safe cut-offs at \
                 CUT_RATIO 10/30/50 %, with a Turk-like baseline and one without quiescence"
            }
            Experiment::UncertaintyDepth => {
                "Uncertainty cut-offs, Table 1 by depth: the paper's restricted form (uc_safe) \
                 at CUT_RATIO 10/30/50 % on pvs and on pvs_full, and uc_general (§5's \
                 preliminary experiments) apart"
            }
            Experiment::BestMoveIndex => {
                "Uncertainty cut-offs, Fig. 6: where the best move lies in the move list at ALL \
                 nodes with at least 10 legal moves"
            }
            Experiment::UncertaintyAll => {
                "Uncertainty cut-offs, §6: the unsafe form at ALL nodes (uc_all) at several \
                 CUT_RATIOs, nodes saved against root values changed"
            }
            Experiment::NullMove => {
                "Verified null-move pruning, Tables 1-2 (David & Netanyahu 2002): standard R = \
                 1, 2, 3 against verified R = 3, total nodes and solved positions"
            }
            Experiment::NullMoveTable3 => {
                "Verified null-move pruning, Table 3: standard R = 2, 3 against verified R = 3, \
                 total nodes (the paper: ECM at depths 9-11)"
            }
            Experiment::NullMoveAblation => {
                "Verified null-move pruning, the ablation (issue 21): verified R = 3 with one \
                 change at a time (TT depth, R below a fail-high, zugzwang re-search, the \
                 null-move search's verification, Fig. 3's depth gate) against standard R = 2"
            }
            Experiment::NullMoveGap => {
                "Verified null-move pruning, the gap (issue 34 §3): standard R = 2, R = 3 and \
                 verified R = 3 as in Table 1, without check extensions, without quiescence \
                 search, and without either"
            }
            Experiment::Zugzwang => {
                "Verified null-move pruning on zugzwang positions: where standard null move \
                 fails, and where verification finds the zugzwang"
            }
            Experiment::MultiCut => {
                "Multi-cut, the MC-A table (Winands et al.): nodes without and with MC-A under \
                 four forward-pruning settings"
            }
            Experiment::MultiCutCmr => {
                "Multi-cut, tree sizes for different C, M and R (MC-C at expected CUT nodes)"
            }
            Experiment::Presearch => {
                "Pre-searching (Hlynka & Schaeffer): searches of at least --nodes nodes with and \
                 without pre-search at Risk = 2, 3, 4; trees smaller/larger, solved earlier"
            }
            Experiment::PresearchNull => {
                "Pre-searching with null move (R = 3), where Risk = 3 can differ from Risk = 2 \
                 (issue 21)"
            }
            Experiment::PresearchCheck => {
                "Pre-searching with check extensions, where Risk = 3 can differ from Risk = 2 \
                 (issue 21)"
            }
            Experiment::Schaeffer => {
                "Schaeffer (1989): all 64 combinations of TT, knowledge (MVV-LVA), aspiration, \
                 refutation, killer and history heuristics against plain alpha-beta"
            }
            Experiment::SchaefferHistory => {
                "Schaeffer (1989): the 64 combinations with his history heuristic (every \
                 cut-off or best move, captures included, weighted 2^depth)"
            }
            Experiment::HistoryWeights => {
                "History heuristic weights (Hsu's slides, after Schaeffer): 2^depth, depth, 1 \
                 and depth², alpha-beta with history alone"
            }
            Experiment::SchaefferDeep => {
                "Schaeffer (1989), deeper: plain alpha-beta and the best combinations at depths \
                 beyond 5"
            }
            Experiment::Ordering => {
                "Move-ordering quality: first-move fail-high % per ordering configuration"
            }
            Experiment::NullMoveSaving => {
                "Null-move pruning's saving (Hsu's slide 38, after Heinz: 10-30 %): nodes at a \
                 fixed depth with standard R = 2, 3 and adaptive R against no null move"
            }
            Experiment::LmrBranching => {
                "Late move reductions (Hsu's slide 42): the effective branching factor, nodes \
                 of iteration d over iteration d - 1, without and with LMR"
            }
            Experiment::TtCollisions => {
                "Hash collisions against table size (Hsu's slides 13-14): index collisions and \
                 false key matches of n + m bit keys, the full 64-bit key as ground truth"
            }
        }
    }

    /// The depths the paper reports (the default of `--depth`).
    pub fn default_depths(self) -> Vec<u32> {
        match self {
            Experiment::Uncertainty | Experiment::BestMoveIndex | Experiment::UncertaintyAll => {
                vec![5]
            }
            Experiment::UncertaintyDepth => vec![5, 6, 7, 8],
            Experiment::NullMove => vec![9, 10],
            Experiment::NullMoveTable3 => vec![9, 10, 11],
            Experiment::NullMoveAblation | Experiment::NullMoveGap => vec![9],
            Experiment::Zugzwang => vec![8],
            Experiment::MultiCut | Experiment::MultiCutCmr => vec![5, 6, 7, 8],
            Experiment::Presearch | Experiment::PresearchNull | Experiment::PresearchCheck => {
                vec![MAX_DEPTH]
            }
            Experiment::Schaeffer | Experiment::SchaefferHistory => vec![2, 3, 4, 5],
            Experiment::HistoryWeights => vec![2, 3, 4, 5, 6],
            Experiment::SchaefferDeep => vec![6, 7, 8],
            Experiment::Ordering => vec![6, 7, 8],
            Experiment::NullMoveSaving => vec![5, 6, 7, 8],
            Experiment::LmrBranching => vec![2, 3, 4, 5, 6, 7, 8],
            Experiment::TtCollisions => vec![4, 5, 6, 7],
        }
    }

    /// The deepest `--depth` accepted. Pre-searching's depth is only a ceiling for iterative
    /// deepening (the node limit ends each search), so it may reach the search's own limit.
    pub fn max_depth(self) -> u32 {
        match self {
            Experiment::Presearch | Experiment::PresearchNull | Experiment::PresearchCheck => {
                MAX_DEPTH
            }
            _ => MAX_FIXED_DEPTH,
        }
    }

    /// Whether rows are per depth (fixed-depth experiments) or one per position (pre-search,
    /// whose depth is reached by a node limit).
    pub fn per_depth(self) -> bool {
        self.presearch().is_none()
    }

    /// The data columns of a row (after `index`, `position`, `depth` and `capped`).
    pub fn columns(self) -> Vec<Column> {
        match self {
            Experiment::Uncertainty => uncertainty::table1_columns(),
            Experiment::UncertaintyDepth => uncertainty_depth::columns(),
            Experiment::BestMoveIndex => uncertainty::fig6_columns(),
            Experiment::UncertaintyAll => uncertainty::unsafe_columns(),
            Experiment::NullMove => null_move::columns(&null_move::TABLE12),
            Experiment::NullMoveTable3 => null_move::columns(&null_move::TABLE3),
            Experiment::NullMoveAblation => null_move_ablation::columns(),
            Experiment::NullMoveGap => null_move_gap::columns(),
            Experiment::Zugzwang => null_move::zugzwang_columns(),
            Experiment::MultiCut => multi_cut::mca_columns(),
            Experiment::MultiCutCmr => multi_cut::cmr_columns(),
            Experiment::Presearch | Experiment::PresearchNull | Experiment::PresearchCheck => {
                presearch::columns(self.presearch().unwrap_or(presearch::Extra::Plain))
            }
            Experiment::Schaeffer => schaeffer::columns(&schaeffer::all_combos(), false),
            Experiment::SchaefferHistory => schaeffer::columns(&schaeffer::all_combos(), true),
            Experiment::HistoryWeights => history_weights::columns(),
            Experiment::SchaefferDeep => schaeffer::columns(&schaeffer::deep_combos(), false),
            Experiment::Ordering => move_ordering::columns(),
            Experiment::NullMoveSaving => null_move_saving::columns(),
            Experiment::LmrBranching => lmr_branching::columns(),
            Experiment::TtCollisions => tt_collisions::columns(),
        }
    }

    /// Checks the options against what this experiment can do.
    pub fn validate(self, o: &Options) -> Result<(), ExperimentError> {
        let max = self.max_depth();
        for &d in &o.depths {
            if d == 0 || d > max {
                return Err(ExperimentError::option(
                    "--depth",
                    format!(
                        "depth {d} is out of range for experiment {}: it accepts 1..={max} \
                     (a fixed-depth search of a chess suite deeper than that would not \
                     finish; the papers used {})",
                        self.name(),
                        self.default_depths()
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
        for a in &o.set {
            // The name and the value's type, and the parameter's range; whether the switches
            // fit together depends on each configuration, and is checked there.
            let mut c = SearchConfig::default();
            let refuse =
                |e: ConfigError| ExperimentError::option("--set", format!("--set {a}: {e}"));
            c.assign(a).map_err(refuse)?;
            if let Err(e @ ConfigError::OutOfRange { .. }) = c.validate() {
                return Err(refuse(e));
            }
        }
        if !self.per_depth() && o.depths.len() != 1 {
            return Err(ExperimentError::option(
                "--depth",
                format!(
                    "experiment {} takes one --depth (the ceiling of iterative deepening), \
                     not a list",
                    self.name()
                ),
            ));
        }
        if self.presearch().is_some() {
            if o.nodes == 0 {
                return Err(ExperimentError::option(
                    "--nodes",
                    "--nodes must be at least 1",
                ));
            }
            if o.node_cap != 0 && o.node_cap <= o.nodes {
                return Err(ExperimentError::option(
                    "--node-cap",
                    format!(
                        "--node-cap {} would stop every search before the {} nodes pre-searching \
                     needs: raise --node-cap (0 = no cap) or lower --nodes",
                        o.node_cap, o.nodes
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Searches one position under every configuration of the experiment; one row per depth
    /// (one row in all for pre-search). `index` is the position's index in the suite.
    pub fn run_position(
        self,
        index: usize,
        epd: &EpdPosition,
        pos: &ChessPos,
        o: &Options,
        meter: &Meter,
    ) -> Result<Vec<Row>, ExperimentError> {
        let p = Position { index, epd, pos };
        let rows = match self {
            Experiment::Uncertainty => uncertainty::table1_position(&p, o, meter),
            Experiment::UncertaintyDepth => uncertainty_depth::position(&p, o, meter),
            Experiment::BestMoveIndex => uncertainty::fig6_position(&p, o, meter),
            Experiment::UncertaintyAll => uncertainty::unsafe_position(&p, o, meter),
            Experiment::NullMove => null_move::position(&null_move::TABLE12, &p, o, meter),
            Experiment::NullMoveTable3 => null_move::position(&null_move::TABLE3, &p, o, meter),
            Experiment::NullMoveAblation => null_move_ablation::position(&p, o, meter),
            Experiment::NullMoveGap => null_move_gap::position(&p, o, meter),
            Experiment::Zugzwang => null_move::zugzwang_position(&p, o, meter),
            Experiment::MultiCut => multi_cut::mca_position(&p, o, meter),
            Experiment::MultiCutCmr => multi_cut::cmr_position(&p, o, meter),
            Experiment::Presearch | Experiment::PresearchNull | Experiment::PresearchCheck => {
                let extra = self.presearch().unwrap_or(presearch::Extra::Plain);
                presearch::position(extra, &p, o, meter)
            }
            Experiment::Schaeffer => {
                schaeffer::position(&schaeffer::all_combos(), false, &p, o, meter)
            }
            Experiment::SchaefferHistory => {
                schaeffer::position(&schaeffer::all_combos(), true, &p, o, meter)
            }
            Experiment::HistoryWeights => history_weights::position(&p, o, meter),
            Experiment::SchaefferDeep => {
                schaeffer::position(&schaeffer::deep_combos(), false, &p, o, meter)
            }
            Experiment::Ordering => move_ordering::position(&p, o, meter),
            Experiment::NullMoveSaving => null_move_saving::position(&p, o, meter),
            Experiment::LmrBranching => lmr_branching::position(&p, o, meter),
            Experiment::TtCollisions => tt_collisions::position(&p, o, meter),
        };
        rows.map_err(|source| ExperimentError::Config {
            experiment: self.name(),
            source,
        })
    }

    /// The paper's tables with ours beside them, the checks of its claims, and the figure.
    pub fn report(self, d: &Dataset) -> Report {
        let mut r = match self {
            Experiment::Uncertainty => uncertainty::table1_report(d),
            Experiment::UncertaintyDepth => uncertainty_depth::report(d),
            Experiment::BestMoveIndex => uncertainty::fig6_report(d),
            Experiment::UncertaintyAll => uncertainty::unsafe_report(d),
            Experiment::NullMove => null_move::report(&null_move::TABLE12, d),
            Experiment::NullMoveTable3 => null_move::report(&null_move::TABLE3, d),
            Experiment::NullMoveAblation => null_move_ablation::report(d),
            Experiment::NullMoveGap => null_move_gap::report(d),
            Experiment::Zugzwang => null_move::zugzwang_report(d),
            Experiment::MultiCut => multi_cut::mca_report(d),
            Experiment::MultiCutCmr => multi_cut::cmr_report(d),
            Experiment::Presearch | Experiment::PresearchNull | Experiment::PresearchCheck => {
                presearch::report(self.presearch().unwrap_or(presearch::Extra::Plain), d)
            }
            Experiment::Schaeffer => schaeffer::report(d, false),
            Experiment::SchaefferHistory => schaeffer::his_report(d),
            Experiment::HistoryWeights => history_weights::report(d),
            Experiment::SchaefferDeep => schaeffer::report(d, true),
            Experiment::Ordering => move_ordering::report(d),
            Experiment::NullMoveSaving => null_move_saving::report(d),
            Experiment::LmrBranching => lmr_branching::report(d),
            Experiment::TtCollisions => tt_collisions::report(d),
        };
        let capped = d.rows.iter().filter(|r| r.capped).count();
        if capped > 0 {
            r.notes.insert(
                0,
                format!(
                    "{capped} of {} rows were stopped by the node cap; their counts are partial, \
                     and they are left out of every total, average and count below",
                    d.rows.len()
                ),
            );
        }
        r
    }

    /// Every column layout this experiment's result files may have: today's first, then the
    /// older layouts this build still reads (`null-move-gap`'s first files had four baselines
    /// and no adaptive settings), so that a committed file keeps opening.
    pub fn column_sets(self) -> Vec<Vec<Column>> {
        let mut sets = vec![self.columns()];
        if matches!(self, Experiment::NullMoveGap) {
            sets.push(null_move_gap::legacy_columns());
        }
        sets
    }

    /// The columns of a file whose CSV header is `header`, where it is one of this
    /// experiment's layouts ([`Experiment::column_sets`]).
    pub fn columns_for(self, header: &[String]) -> Option<Vec<Column>> {
        self.column_sets()
            .into_iter()
            .find(|c| data::header(c) == header)
    }

    /// The experiment whose CSV header is `header` (for `experiment merge`), in any of its
    /// layouts.
    pub fn from_header(header: &[String]) -> Option<Experiment> {
        Self::ALL
            .into_iter()
            .find(|e| e.columns_for(header).is_some())
    }
}

/// One position of a run.
pub struct Position<'a> {
    pub index: usize,
    pub epd: &'a EpdPosition,
    pub pos: &'a ChessPos,
}

/// Searches the position under each configuration (to the deepest requested depth, with the
/// run's node cap).
fn run_all(
    p: &Position,
    o: &Options,
    cfgs: &[SearchConfig],
    meter: &Meter,
) -> Result<Vec<probe::Run>, ConfigError> {
    cfgs.iter()
        .map(|c| {
            let mut c = SearchConfig {
                depth: o.max_depth(),
                node_cap: o.node_cap,
                ..c.clone()
            };
            o.apply(&mut c)?;
            Ok(probe::search(p.pos, &c, *meter, None))
        })
        .collect()
}

/// One row per requested depth, with `cells(depth)`; a row is capped when one of `runs` did
/// not finish that depth.
fn depth_rows(
    p: &Position,
    o: &Options,
    runs: &[probe::Run],
    cells: impl Fn(u32) -> Vec<i64>,
) -> Vec<Row> {
    o.depths
        .iter()
        .map(|&d| Row {
            index: p.index,
            id: p.epd.id.clone(),
            depth: d,
            capped: runs.iter().any(|r| r.at(d).is_none()),
            cells: cells(d),
        })
        .collect()
}

/// Nodes of `run` through depth `d` (0 if it did not finish it).
fn nodes_at(run: &probe::Run, d: u32) -> i64 {
    run.at(d).map_or(0, |i| i.nodes as i64)
}

/// 1 if `run`'s best move at depth `d` is one of the position's `bm` moves.
fn solved_at(run: &probe::Run, d: u32, p: &Position) -> i64 {
    i64::from(run.solved_at(d, &p.epd.best_moves))
}

/// The rows of a report's depth, with their count, for captions.
fn rows_note(d: &Dataset, depth: u32) -> String {
    let n = d.complete(depth).len();
    format!("{n} position{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_fields_are_read() {
        let s = parse_epd(
            "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";\n\
             r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - bm Nd5 a4; id \"BK.05\";",
        )
        .unwrap();
        assert_eq!(s[0].id, "BK.01");
        assert_eq!(s[0].best_moves, ["Qd1+"]);
        assert_eq!(s[1].best_moves, ["Nd5", "a4"]);
        assert_eq!(
            s[1].fen,
            "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - -"
        );
        assert!(parse_epd("").is_err());
        assert!(
            parse_epd("8/8 w")
                .unwrap_err()
                .to_string()
                .contains("line 1")
        );
    }

    #[test]
    fn solved_ignores_check_marks() {
        let s = Summary {
            value: Some(0),
            best_line: vec!["d8d1".into()],
            best_line_san: vec!["Qd1+".into()],
            line_proven_to: None,
            nodes: 1,
            aborted: false,
            stopped: None,
            uncertain: false,
            iterations: vec![],
            scale: 1,
        };
        assert!(solved(&s, &["Qd1".to_string()]));
        assert!(!solved(&s, &["Qd2".to_string()]));
        assert!(is_best_move("Qxf7#", &["Qxf7+".to_string()]));
    }

    #[test]
    fn depth_lists() {
        assert_eq!(parse_depths("5").unwrap(), [5]);
        assert_eq!(parse_depths("2-5").unwrap(), [2, 3, 4, 5]);
        assert_eq!(parse_depths("10,9,9").unwrap(), [9, 10]);
        assert_eq!(parse_depths("2-3, 6").unwrap(), [2, 3, 6]);
        for bad in ["", "x", "5-2", "-1", "1-1000", "3,"] {
            assert!(parse_depths(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shards_partition_the_limited_suite() {
        assert_eq!(select(10, None, None), (0..10).collect::<Vec<_>>());
        assert_eq!(select(10, Some(4), None), [0, 1, 2, 3]);
        assert_eq!(select(10, None, Some((1, 3))), [1, 4, 7]);
        let mut all: Vec<usize> = (0..4)
            .flat_map(|i| select(23, Some(21), Some((i, 4))))
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..21).collect::<Vec<_>>());
        assert_eq!(parse_shard("2/4").unwrap(), (2, 4));
        for bad in ["4/4", "1/0", "x/2", "1", "-1/2"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names_and_headers_are_unique() {
        for e in Experiment::ALL {
            assert_eq!(Experiment::from_name(e.name()), Some(e));
            assert_eq!(
                Experiment::from_header(&data::header(&e.columns())),
                Some(e),
                "{} shares its CSV header with another experiment",
                e.name()
            );
            let cols = e.columns();
            let mut names: Vec<&str> = cols.iter().map(|c| c.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), cols.len(), "{}: duplicate column", e.name());
        }
    }

    #[test]
    fn absurd_depths_are_refused() {
        let o = Options {
            depths: vec![64],
            node_cap: 0,
            nodes: 1,
            set: Vec::new(),
        };
        let e = Experiment::Uncertainty.validate(&o).unwrap_err();
        assert!(matches!(
            e,
            ExperimentError::Option {
                option: "--depth",
                ..
            }
        ));
        let e = e.to_string();
        assert!(e.contains("depth 64") && e.contains("1..=20"), "{e}");
        assert!(Experiment::Presearch.validate(&o).is_ok());
        let o = Options {
            depths: vec![64],
            node_cap: 1000,
            nodes: 4000,
            set: Vec::new(),
        };
        assert!(matches!(
            Experiment::Presearch.validate(&o),
            Err(ExperimentError::Option {
                option: "--node-cap",
                ..
            })
        ));
    }
}
