//! The one search configuration shared by the CLI, the JSON trace and the browser.

use crate::search::ordering::OrderingParams;
use crate::search::techniques::tt::TtParams;
use serde::{Deserialize, Serialize};

/// The search algorithm, in negamax fail-soft form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Plain minimax: every node searched with an unbounded window.
    Minimax,
    /// Fail-soft alpha-beta.
    AlphaBeta,
    /// NegaScout / principal variation search: null-window scouts and re-searches.
    #[default]
    Pvs,
}

impl Algorithm {
    pub const ALL: [Algorithm; 3] = [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Pvs];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Pvs => "pvs",
        }
    }

    pub fn parse(s: &str) -> Result<Algorithm, String> {
        Self::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| format!("unknown algorithm '{s}': expected minimax, alphabeta or pvs"))
    }
}

/// Largest depth a search accepts; deeper searches would overflow the trace's `ply` byte.
pub const MAX_DEPTH: u32 = 64;

/// Default node cap: stops a search with a notice instead of exhausting memory.
pub const DEFAULT_NODE_CAP: u64 = 2_000_000;

/// Aspiration windows in iterative deepening (Hsu, slides 17–19, `IDAS`): search each
/// iteration with `(prev − width, prev + width)`; on a fail-low or fail-high, widen the failing
/// side by a width that doubles with every failure, and search again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AspirationParams {
    pub enabled: bool,
    /// Initial half-width of the window (the slides' `threshold`, t1).
    pub width: i32,
}

impl Default for AspirationParams {
    fn default() -> Self {
        AspirationParams {
            enabled: false,
            width: 50,
        }
    }
}

/// Null-move pruning (Enhanced Forward Pruning slides, "Standard null-move pruning"), with
/// Heinz's adaptive R and David & Netanyahu's (2002) verified null-move pruning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NullMoveParams {
    pub enabled: bool,
    /// Depth reduction R of the null-move search (1..=3).
    #[serde(rename = "R")]
    pub r: i32,
    /// Adaptive R (Heinz 1999): R = 3 when the remaining depth exceeds 6 (8 when the side to
    /// move has few pieces), else 2. Overrides `R`.
    pub adaptive: bool,
    /// Verified null-move pruning: on a fail-high, reduce the depth by one ply and continue
    /// with verification off instead of cutting; re-search at the original depth on zugzwang.
    pub verified: bool,
}

impl Default for NullMoveParams {
    fn default() -> Self {
        NullMoveParams {
            enabled: false,
            r: 2,
            adaptive: false,
            verified: false,
        }
    }
}

/// Multi-cut (Björnsson & Marsland; MC-A by Winands et al.; Enhanced Forward Pruning slides):
/// the first `M` children are searched to depth reduced by `R`; if at least `C` of them fail
/// high, the node is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MultiCutParams {
    /// MC-C: multi-cut at expected CUT nodes.
    pub mc_c: bool,
    /// MC-A: multi-cut at expected ALL nodes.
    pub mc_a: bool,
    #[serde(rename = "M")]
    pub m: u32,
    #[serde(rename = "C")]
    pub c: u32,
    #[serde(rename = "R")]
    pub r: i32,
}

impl Default for MultiCutParams {
    fn default() -> Self {
        MultiCutParams {
            mc_c: false,
            mc_a: false,
            m: 10,
            c: 3,
            r: 3,
        }
    }
}

/// Which form of uncertainty cut-offs (Björnsson, Marsland, Schaeffer & Junghanns 1997).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum UncertaintyMode {
    #[default]
    Off,
    /// Fig. 4 and 5: at expected CUT nodes whose parent is a PV node, only when the value
    /// would cause a re-search anyway. Safe.
    Safe,
    /// The CPW `nws` form: at every expected CUT node, with the uncertain flag backed up and
    /// uncertain values re-searched at PV nodes. Safe.
    General,
    /// §6: also at expected ALL nodes, and uncertain values are not re-searched; they may reach
    /// the root, which is then flagged uncertain. Unsafe.
    UnsafeAll,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UncertaintyParams {
    pub mode: UncertaintyMode,
    /// Fraction of the legal moves searched before an uncertainty cut-off (Fig. 5's
    /// `CUT_RATIO`), in (0, 1].
    #[serde(rename = "CUT_RATIO")]
    pub cut_ratio: f64,
}

impl Default for UncertaintyParams {
    fn default() -> Self {
        UncertaintyParams {
            mode: UncertaintyMode::Off,
            cut_ratio: 0.5,
        }
    }
}

/// Pre-searching (Hlynka & Schaeffer, Fig. 3 and 4): a shallow node whose transposition-table
/// entry from an earlier iteration says a deeper search will be needed is searched to that
/// depth now. The paper's settings: no recursion, NearRoot = ∞, NearLeaf = 3, Risk = 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PresearchParams {
    pub enabled: bool,
    /// Most plies a pre-search may add.
    #[serde(rename = "Risk")]
    pub risk: i32,
    /// Largest `tt_iteration − tt_depth` (how far from the root the deep node was).
    #[serde(rename = "NearRoot")]
    pub near_root: i32,
    /// Smallest remaining depth of a shallow node that may be pre-searched.
    #[serde(rename = "NearLeaf")]
    pub near_leaf: i32,
}

impl Default for PresearchParams {
    fn default() -> Self {
        PresearchParams {
            enabled: false,
            risk: 2,
            near_root: 1000,
            near_leaf: 3,
        }
    }
}

/// Late move reductions (Hsu, slides 41–43): after the first `K` moves, quiet moves at non-PV
/// nodes not in check are searched `H` plies shallower, and re-searched at full depth if they
/// fail high.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LmrParams {
    pub enabled: bool,
    #[serde(rename = "K")]
    pub k: u32,
    #[serde(rename = "H")]
    pub h: i32,
}

impl Default for LmrParams {
    fn default() -> Self {
        LmrParams {
            enabled: false,
            k: 3,
            h: 1,
        }
    }
}

/// Quiescence search at the horizon (Hsu, slide 50): captures, promotions and check
/// evasions, with a stand-pat evaluation; losing captures (SEE < 0) pruned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QuiescenceParams {
    pub enabled: bool,
    pub see_pruning: bool,
}

impl Default for QuiescenceParams {
    fn default() -> Self {
        QuiescenceParams {
            enabled: false,
            see_pruning: true,
        }
    }
}

/// Everything that changes what a search does. Field names are the public parameter names:
/// the CLI's `--enable`/`--set`, the JSON trace's `config` and the browser use them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchConfig {
    pub algo: Algorithm,
    /// Nominal depth in plies (chess and synthetic trees; explicit trees are searched whole).
    pub depth: u32,
    /// Iterative deepening: search depths 1..=depth, each iteration's best root move first.
    pub iterative: bool,
    /// Stop after this many nodes (0 = no cap).
    pub node_cap: u64,
    pub tt: TtParams,
    pub ordering: OrderingParams,
    pub aspiration: AspirationParams,
    pub null_move: NullMoveParams,
    pub multi_cut: MultiCutParams,
    pub uncertainty: UncertaintyParams,
    pub presearch: PresearchParams,
    pub lmr: LmrParams,
    /// Check extensions: a move that gives check is searched one ply deeper.
    pub check_extension: bool,
    pub quiescence: QuiescenceParams,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algo: Algorithm::Pvs,
            depth: 4,
            iterative: false,
            node_cap: 0,
            tt: TtParams::default(),
            ordering: OrderingParams::default(),
            aspiration: AspirationParams::default(),
            null_move: NullMoveParams::default(),
            multi_cut: MultiCutParams::default(),
            uncertainty: UncertaintyParams::default(),
            presearch: PresearchParams::default(),
            lmr: LmrParams::default(),
            check_extension: false,
            quiescence: QuiescenceParams::default(),
        }
    }
}

/// A numeric parameter's accepted range, by its dotted name (`--set`, the trace's `config`,
/// the page's fields).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ParamRange {
    pub name: &'static str,
    pub min: f64,
    pub max: f64,
    /// `min` itself is refused (CUT_RATIO must be above 0).
    pub min_exclusive: bool,
}

const fn range(name: &'static str, min: f64, max: f64) -> ParamRange {
    ParamRange {
        name,
        min,
        max,
        min_exclusive: false,
    }
}

/// Every numeric parameter's range, checked by [`SearchConfig::validate`] and sent to the page.
pub const PARAM_RANGES: &[ParamRange] = &[
    range("depth", 1.0, MAX_DEPTH as f64),
    range("tt.size_log2", 10.0, 24.0),
    range("aspiration.width", 1.0, 100_000.0),
    range("null_move.R", 1.0, 3.0),
    range("multi_cut.M", 1.0, 256.0),
    range("multi_cut.C", 1.0, 256.0),
    range("multi_cut.R", 1.0, 8.0),
    range("presearch.Risk", 1.0, 16.0),
    range("presearch.NearRoot", 0.0, 1000.0),
    range("presearch.NearLeaf", 0.0, 64.0),
    range("lmr.K", 1.0, 256.0),
    range("lmr.H", 1.0, 8.0),
    ParamRange {
        name: "uncertainty.CUT_RATIO",
        min: 0.0,
        max: 1.0,
        min_exclusive: true,
    },
];

/// The names `--enable` accepts, each with the parameter it switches on.
pub const ENABLE_NAMES: &[(&str, &str)] = &[
    ("tt", "tt.enabled"),
    ("tt_move", "ordering.tt_move"),
    ("mvv_lva", "ordering.mvv_lva"),
    ("killers", "ordering.killers"),
    ("history", "ordering.history"),
    ("history_aging", "ordering.history_aging"),
    ("refutation", "ordering.refutation"),
    ("aspiration", "aspiration.enabled"),
    ("null_move", "null_move.enabled"),
    ("adaptive_null", "null_move.adaptive"),
    ("verified_null", "null_move.verified"),
    ("mc_c", "multi_cut.mc_c"),
    ("mc_a", "multi_cut.mc_a"),
    ("presearch", "presearch.enabled"),
    ("lmr", "lmr.enabled"),
    ("check_extension", "check_extension"),
    ("quiescence", "quiescence.enabled"),
    ("see_pruning", "quiescence.see_pruning"),
];

impl SearchConfig {
    /// Switches a technique on by its `--enable` name. `uc_safe`, `uc_general` and `uc_all`
    /// select the uncertainty cut-off form; `verified_null` also switches null moves on, with
    /// the paper's R = 3.
    pub fn enable(&mut self, name: &str) -> Result<(), String> {
        match name {
            _ if let Some(&(_, mode)) =
                UNCERTAINTY_ENABLE_NAMES.iter().find(|(n, _)| *n == name) =>
            {
                self.uncertainty.mode = mode
            }
            _ => {
                let Some(&(_, path)) = ENABLE_NAMES.iter().find(|(n, _)| *n == name) else {
                    let mut all: Vec<&str> = ENABLE_NAMES.iter().map(|(n, _)| *n).collect();
                    all.extend(UNCERTAINTY_ENABLE_NAMES.iter().map(|(n, _)| *n));
                    return Err(format!(
                        "unknown technique '{name}': expected one of {}",
                        all.join(", ")
                    ));
                };
                self.set(path, "true")?;
                if name == "verified_null" {
                    // David & Netanyahu verify with R = 3; `--set null_move.R=…` still wins.
                    self.null_move.enabled = true;
                    self.null_move.r = 3;
                }
            }
        }
        Ok(())
    }

    /// Sets one parameter by its dotted name (`null_move.R`, `uncertainty.CUT_RATIO`, …).
    /// The value is read as JSON where it parses (numbers, booleans) and as a string otherwise.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let mut root = serde_json::to_value(&*self).map_err(|e| e.to_string())?;
        let mut slot = &mut root;
        for part in name.split('.') {
            slot = slot
                .as_object_mut()
                .and_then(|o| o.get_mut(part))
                .ok_or_else(|| format!("unknown parameter '{name}' (see --help for the names)"))?;
        }
        if slot.is_object() {
            return Err(format!(
                "'{name}' is a group of parameters; name one of its fields"
            ));
        }
        *slot = serde_json::from_str(value)
            .unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
        *self = serde_json::from_value(root)
            .map_err(|e| format!("bad value '{value}' for {name}: {e}"))?;
        Ok(())
    }

    /// Rejects out-of-range parameters with a message naming the parameter.
    pub fn validate(&self) -> Result<(), String> {
        let values = serde_json::to_value(self).map_err(|e| e.to_string())?;
        for p in PARAM_RANGES {
            let v = p
                .name
                .split('.')
                .try_fold(&values, |v, part| v.get(part))
                .and_then(|v| v.as_f64())
                .ok_or_else(|| format!("{} is missing", p.name))?;
            let low_ok = if p.min_exclusive {
                v > p.min
            } else {
                v >= p.min
            };
            if !low_ok || v > p.max {
                return Err(if p.min_exclusive {
                    format!("{} must be in ({}, {}], got {v}", p.name, p.min, p.max)
                } else {
                    format!(
                        "{} must be between {} and {}, got {v}",
                        p.name, p.min, p.max
                    )
                });
            }
        }
        if self.multi_cut.c > self.multi_cut.m {
            return Err(format!(
                "multi_cut.C must be at most multi_cut.M = {}, got {}",
                self.multi_cut.m, self.multi_cut.c
            ));
        }
        let needs = |on: bool, what: &str, req: bool, req_name: &str| {
            if on && !req {
                Err(format!("{what} needs {req_name}"))
            } else {
                Ok(())
            }
        };
        needs(
            self.ordering.tt_move,
            "ordering.tt_move",
            self.tt.enabled,
            "the transposition table (enable tt)",
        )?;
        needs(
            self.presearch.enabled,
            "presearch",
            self.tt.enabled,
            "the transposition table (enable tt)",
        )?;
        needs(
            self.presearch.enabled,
            "presearch",
            self.iterative,
            "iterative deepening",
        )?;
        needs(
            self.aspiration.enabled,
            "aspiration",
            self.iterative,
            "iterative deepening",
        )?;
        needs(
            self.uncertainty.mode != UncertaintyMode::Off,
            "uncertainty cut-offs",
            self.algo == Algorithm::Pvs,
            "the pvs algorithm (they act in null-window searches)",
        )?;
        let pruning = self.null_move.enabled
            || self.multi_cut.mc_c
            || self.multi_cut.mc_a
            || self.lmr.enabled
            || self.aspiration.enabled;
        needs(
            pruning,
            "null moves, multi-cut, LMR and aspiration",
            self.algo != Algorithm::Minimax,
            "alphabeta or pvs",
        )?;
        Ok(())
    }

    /// Forward pruning may make a null-window result unreliable; the PVS remedies of the
    /// Enhanced Forward Pruning slides then apply.
    pub fn forward_pruning(&self) -> bool {
        self.null_move.enabled || self.multi_cut.mc_c || self.multi_cut.mc_a || self.lmr.enabled
    }
}

/// The uncertainty cut-off forms `--enable` selects, by name.
pub const UNCERTAINTY_ENABLE_NAMES: &[(&str, UncertaintyMode)] = &[
    ("uc_safe", UncertaintyMode::Safe),
    ("uc_general", UncertaintyMode::General),
    ("uc_all", UncertaintyMode::UnsafeAll),
];

/// The configuration part of `www/schema.js`: algorithms, `--enable` names, parameter ranges,
/// defaults and limits.
pub fn schema_js() -> String {
    let j = |v: serde_json::Value| v.to_string();
    let algos: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    let enable: serde_json::Map<String, serde_json::Value> = ENABLE_NAMES
        .iter()
        .map(|(n, p)| (n.to_string(), serde_json::Value::from(*p)))
        .collect();
    let uc: serde_json::Map<String, serde_json::Value> = UNCERTAINTY_ENABLE_NAMES
        .iter()
        .map(|(n, m)| {
            (
                n.to_string(),
                serde_json::to_value(m).expect("a mode serializes"),
            )
        })
        .collect();
    format!(
        "\n/** Search configuration: src/search/config.rs. */\n\
         export const ALGORITHMS = Object.freeze({});\n\
         export const MAX_DEPTH = {MAX_DEPTH};\n\
         export const DEFAULT_NODE_CAP = {DEFAULT_NODE_CAP};\n\
         /** `--enable` name → the dotted parameter it switches on. */\n\
         export const ENABLE_NAMES = Object.freeze({});\n\
         /** `--enable` names of the uncertainty cut-off forms → uncertainty.mode. */\n\
         export const UNCERTAINTY_ENABLE_NAMES = Object.freeze({});\n\
         export const PARAM_RANGES = Object.freeze({});\n\
         export const DEFAULT_CONFIG = Object.freeze({});\n",
        j(serde_json::json!(algos)),
        j(serde_json::Value::Object(enable)),
        j(serde_json::Value::Object(uc)),
        j(serde_json::to_value(PARAM_RANGES).expect("ranges serialize")),
        j(serde_json::to_value(SearchConfig::default()).expect("the default config serializes")),
    )
}
