//! The one search configuration shared by the CLI, the trace files and the page.
//!
//! Each technique's parameters are declared in its own module (under the paper's names, with
//! defaults, ranges and validation); this module gathers them into [`SearchConfig`], with the
//! `--enable` names, `--set NAME=VALUE` by dotted name, and validation that names the
//! parameter in a typed [`ConfigError`]. Validation that crosses techniques happens here:
//! each technique's `validate` is handed only the facts of the rest of the configuration it
//! depends on. The words the techniques write their parameters in ([`Algorithm`],
//! [`ParamRange`], [`ConfigError`]) live below them in `search/params.rs` and are re-exported
//! here, so that no technique imports the configuration that gathers it.

use crate::search::ordering::OrderingParams;
use crate::search::quiescence::QuiescenceParams;
pub use crate::search::techniques::aspiration::AspirationParams;
pub use crate::search::techniques::lmr::LmrParams;
pub use crate::search::techniques::multi_cut::MultiCutParams;
pub use crate::search::techniques::null_move::NullMoveParams;
pub use crate::search::techniques::presearch::PresearchParams;
pub use crate::search::techniques::remedies::RemediesParams;
pub use crate::search::techniques::tt::{Replacement, TtParams};
pub use crate::search::techniques::uncertainty::{UncertaintyMode, UncertaintyParams};
use serde::{Deserialize, Serialize};

pub use crate::search::params::{Algorithm, ConfigError, Cutoff, ParamRange};

/// Largest depth a search accepts (defined with the trace's limits).
pub use crate::schema::MAX_DEPTH;

/// Default node cap: stops a search with a notice instead of exhausting memory.
pub const DEFAULT_NODE_CAP: u64 = 2_000_000;

/// Every numeric parameter's range, gathered from the techniques; checked by
/// [`SearchConfig::validate`] and sent to the page.
pub const PARAM_RANGES: &[&[ParamRange]] = &[
    &[ParamRange::new(
        "depth",
        "search depth in plies",
        1.0,
        MAX_DEPTH as f64,
    )],
    TtParams::RANGES,
    AspirationParams::RANGES,
    NullMoveParams::RANGES,
    MultiCutParams::RANGES,
    PresearchParams::RANGES,
    LmrParams::RANGES,
    UncertaintyParams::RANGES,
];

/// Everything that changes what a search does. Field names are the public parameter names:
/// the CLI's `--enable`/`--set`, the trace's `config` and the page use them.
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
    /// The PVS remedies for forward pruning (techniques/remedies.rs): on by default.
    pub remedies: RemediesParams,
    /// Check extensions (techniques/extensions.rs): a move that gives check is searched one
    /// ply deeper.
    pub check_extension: bool,
    pub quiescence: QuiescenceParams,
    /// The cut-off rule: `standard` (α ≥ β) or `strict` (CS188, only when strictly passed).
    /// Left out of the serialized configuration when standard, so older traces are unchanged.
    #[serde(skip_serializing_if = "Cutoff::is_standard")]
    pub cutoff: Cutoff,
    /// A chance search of a tree with chance nodes (search/chance.rs): `expectimax`, `star1`
    /// or `star2`. Then `algo` names the rule at decision nodes (`minimax` for expectimax,
    /// `alphabeta` for Star1 and Star2) and no technique is on. Left out when `None`, so
    /// older traces are unchanged (added to trace version 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<crate::search::chance::ChanceAlgorithm>,
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
            remedies: RemediesParams::default(),
            check_extension: false,
            quiescence: QuiescenceParams::default(),
            cutoff: Cutoff::Standard,
            chance: None,
        }
    }
}

/// The names `--enable` accepts, each with the parameter it switches on.
pub const ENABLE_NAMES: &[(&str, &str)] = &[
    ("tt", "tt.enabled"),
    ("tt_move", "ordering.tt_move"),
    ("mvv_lva", "ordering.mvv_lva"),
    ("see_ordering", "ordering.see"),
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

/// The switches' names in a few words, one for each of [`ENABLE_NAMES`] in its order (the
/// technique panel's labels, `ENABLE_LABELS` of `www/schema.js`).
pub const ENABLE_LABELS: &[(&str, &str)] = &[
    ("tt", "Transposition table"),
    ("tt_move", "TT move first"),
    ("mvv_lva", "Captures first (MVV/LVA)"),
    ("see_ordering", "Losing captures last (SEE)"),
    ("killers", "Killer moves"),
    ("history", "History heuristic"),
    ("history_aging", "History aging"),
    ("refutation", "Refutation table"),
    ("aspiration", "Aspiration windows"),
    ("null_move", "Null move"),
    ("adaptive_null", "Adaptive R (Heinz)"),
    ("verified_null", "Verified null move"),
    ("mc_c", "Multi-cut (CUT)"),
    ("mc_a", "Multi-cut (ALL)"),
    ("presearch", "Pre-search"),
    ("lmr", "Late move reductions"),
    ("check_extension", "Check extensions"),
    ("quiescence", "Quiescence"),
    ("see_pruning", "SEE pruning"),
];

/// Every parameter's title (its field in the page): the ranges' own, and the table's
/// replacement scheme (a choice, not a range).
pub fn param_titles() -> Vec<(&'static str, &'static str)> {
    let mut out = vec![("tt.replacement", TtParams::REPLACEMENT_TITLE)];
    out.extend(
        PARAM_RANGES
            .iter()
            .flat_map(|r| r.iter())
            .map(|r| (r.name, r.title)),
    );
    out
}

/// The uncertainty cut-off forms `--enable` selects, by name.
pub const UNCERTAINTY_ENABLE_NAMES: &[(&str, UncertaintyMode)] = &[
    ("uc_safe", UncertaintyMode::Safe),
    ("uc_general", UncertaintyMode::General),
    ("uc_all", UncertaintyMode::UnsafeAll),
];

impl SearchConfig {
    /// Switches a technique on by its `--enable` name. `uc_safe`, `uc_general` and `uc_all`
    /// select the uncertainty cut-off form; `adaptive_null` and `verified_null` also switch
    /// null moves on, `verified_null` with the paper's R = 3.
    pub fn enable(&mut self, name: &str) -> Result<(), ConfigError> {
        if let Some(&(_, mode)) = UNCERTAINTY_ENABLE_NAMES.iter().find(|(n, _)| *n == name) {
            self.uncertainty.mode = mode;
            return Ok(());
        }
        let Some(&(_, path)) = ENABLE_NAMES.iter().find(|(n, _)| *n == name) else {
            let mut all: Vec<&str> = ENABLE_NAMES.iter().map(|(n, _)| *n).collect();
            all.extend(UNCERTAINTY_ENABLE_NAMES.iter().map(|(n, _)| *n));
            return Err(ConfigError::UnknownTechnique {
                name: name.to_string(),
                expected: all.join(", "),
            });
        };
        self.set(path, "true")?;
        match name {
            "verified_null" => {
                // David & Netanyahu verify with R = 3; `--set null_move.R=…` still wins.
                self.null_move.enabled = true;
                self.null_move.r = NullMoveParams::VERIFIED_R;
            }
            "adaptive_null" => self.null_move.enabled = true,
            _ => {}
        }
        Ok(())
    }

    /// Sets one parameter by its dotted name (`null_move.R`, `uncertainty.CUT_RATIO`, `cutoff`, …).
    /// The value is read as JSON where it parses (numbers, booleans) and as a string otherwise.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ConfigError> {
        if name == "cutoff" {
            // Left out of the serialized form when standard, so it is set here by name.
            self.cutoff = Cutoff::parse(value).ok_or_else(|| ConfigError::BadValue {
                param: "cutoff".into(),
                value: value.to_string(),
                reason: "expected standard or strict".into(),
            })?;
            return Ok(());
        }
        let mut root = serde_json::to_value(&*self).expect("a configuration serializes");
        let mut slot = &mut root;
        for part in name.split('.') {
            slot = slot
                .as_object_mut()
                .and_then(|o| o.get_mut(part))
                .ok_or_else(|| ConfigError::UnknownParam {
                    name: name.to_string(),
                })?;
        }
        if slot.is_object() {
            return Err(ConfigError::Group {
                name: name.to_string(),
            });
        }
        *slot = serde_json::from_str(value)
            .unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
        *self = serde_json::from_value(root).map_err(|e| ConfigError::BadValue {
            param: name.to_string(),
            value: value.to_string(),
            reason: e.to_string(),
        })?;
        Ok(())
    }

    /// Applies one `NAME=VALUE` assignment (the CLI's `--set`).
    pub fn assign(&mut self, assignment: &str) -> Result<(), ConfigError> {
        let (k, v) = assignment
            .split_once('=')
            .ok_or_else(|| ConfigError::NotAssignment(assignment.to_string()))?;
        self.set(k.trim(), v.trim())
    }

    /// Rejects out-of-range parameters and inconsistent switches, naming the parameter.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let values = serde_json::to_value(self).expect("a configuration serializes");
        for p in PARAM_RANGES.iter().flat_map(|r| r.iter()) {
            let v = p
                .name
                .split('.')
                .try_fold(&values, |v, part| v.get(part))
                .and_then(|v| v.as_f64())
                .expect("every ranged parameter is a number in the configuration");
            let low_ok = if p.min_exclusive {
                v > p.min
            } else {
                v >= p.min
            };
            if !low_ok || v > p.max {
                return Err(ConfigError::OutOfRange {
                    param: p.name.to_string(),
                    min: p.min,
                    max: p.max,
                    got: v,
                    min_exclusive: p.min_exclusive,
                    note: "",
                });
            }
        }
        // Each technique checks its switches against the facts of the rest of the
        // configuration that it depends on, handed over here (search/params.rs says why).
        let (algo, tt, iterative) = (self.algo, self.tt.enabled, self.iterative);
        self.ordering.validate(tt)?;
        self.aspiration.validate(algo, iterative)?;
        self.null_move.validate(algo)?;
        self.multi_cut.validate(algo)?;
        self.uncertainty.validate(algo)?;
        self.presearch.validate(tt, iterative)?;
        self.lmr.validate(algo)?;
        self.validate_cutoff()
    }

    /// The strict rule is defined for minimax and alpha-beta. It refuses the null-window
    /// algorithms and every technique whose own test is `≥` by its paper's definition, naming it.
    fn validate_cutoff(&self) -> Result<(), ConfigError> {
        if self.cutoff == Cutoff::Standard {
            return Ok(());
        }
        let refuse = |param: &str, reason: &str| {
            Err(ConfigError::NotStrict {
                param: param.to_string(),
                reason: reason.to_string(),
            })
        };
        if self.algo.is_pvs() {
            return refuse(
                "algo",
                "NegaScout/PVS asks each later move a null-window question (α, α+1), a test of \
                 v ≥ α+1 by construction; CS188's rule has no null window, and no published \
                 PVS defines a strict one. Use --algo alphabeta or minimax",
            );
        }
        let tests: [(bool, &str, &str); 9] = [
            (
                self.tt.enabled,
                "tt.enabled",
                "a table bound cuts when stored ≥ β",
            ),
            (
                self.aspiration.enabled,
                "aspiration.enabled",
                "an aspiration window fails high at v ≥ β",
            ),
            (
                self.null_move.enabled,
                "null_move.enabled",
                "the null move prunes when its value ≥ β",
            ),
            (
                self.multi_cut.mc_c,
                "multi_cut.mc_c",
                "multi-cut counts probes with v ≥ β",
            ),
            (
                self.multi_cut.mc_a,
                "multi_cut.mc_a",
                "multi-cut counts probes with v ≥ β",
            ),
            (
                self.uncertainty.mode != UncertaintyMode::Off,
                "uncertainty.mode",
                "uncertainty cut-offs back up flags on v ≥ β",
            ),
            (
                self.presearch.enabled,
                "presearch.enabled",
                "pre-searching relies on the table's ≥ β bounds",
            ),
            (
                self.lmr.enabled,
                "lmr.enabled",
                "a reduced move is re-searched on v > α and cuts at ≥ β",
            ),
            (
                self.quiescence.enabled,
                "quiescence.enabled",
                "the stand-pat test cuts when the static value ≥ β",
            ),
        ];
        for (on, param, why) in tests {
            if on {
                return refuse(param, why);
            }
        }
        Ok(())
    }

    /// Any technique besides move ordering is on: a transposition table, quiescence, forward
    /// pruning, uncertainty cut-offs, extensions, pre-searching or aspiration windows. Only
    /// without one does NegaScout skip a re-search where the scout is exact by construction
    /// (src/search/moves.rs): each of these can make a null-window result a bound or change
    /// what lies below a node, and the book then re-searches. Move ordering changes only the
    /// order of the same search.
    pub fn any_technique(&self) -> bool {
        self.tt.enabled
            || self.quiescence.enabled
            || self.forward_pruning()
            || self.uncertainty.mode != UncertaintyMode::Off
            || self.check_extension
            || self.presearch.enabled
            || self.aspiration.enabled
    }

    /// Forward pruning may make a null-window result unreliable; the PVS remedies of the
    /// Enhanced Forward Pruning slides then apply (techniques/remedies.rs).
    pub fn forward_pruning(&self) -> bool {
        self.null_move.enabled || self.multi_cut.mc_c || self.multi_cut.mc_a || self.lmr.enabled
    }

    /// The PVS remedies 2–4 apply: forward pruning is on and `remedies.enabled` (the
    /// ablation of issue 34 §3 switches them off).
    pub fn remedies(&self) -> bool {
        self.forward_pruning() && self.remedies.enabled
    }
}

/// The configuration part of `www/schema.js`: algorithms, `--enable` names, parameter ranges,
/// defaults and limits.
pub fn schema_js() -> String {
    let j = |v: serde_json::Value| v.to_string();
    let algos: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    use crate::search::chance::ChanceAlgorithm;
    let chance: Vec<&str> = ChanceAlgorithm::ALL.iter().map(|a| a.name()).collect();
    let described: serde_json::Map<String, serde_json::Value> = Algorithm::ALL
        .iter()
        .map(|a| (a.name(), a.describe()))
        .chain(
            ChanceAlgorithm::ALL
                .iter()
                .map(|a| (a.name(), a.describe())),
        )
        .map(|(n, d)| (n.to_string(), serde_json::Value::from(d)))
        .collect();
    // the cut-off rule in words, as the narration, the quiz and the exercises state it
    let cutoffs: serde_json::Map<String, serde_json::Value> = Cutoff::ALL
        .iter()
        .map(|c| (c.name().to_string(), serde_json::Value::from(c.describe())))
        .collect();
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
    let ranges: Vec<&ParamRange> = PARAM_RANGES.iter().flat_map(|r| r.iter()).collect();
    format!(
        "\n/** Search configuration: src/search/config.rs. */\n\
         export const ALGORITHMS = Object.freeze({});\n\
         /** The chance searches (src/search/chance.rs), offered for a tree with chance nodes only. */\n\
         export const CHANCE_ALGORITHMS = Object.freeze({});\n\
         /** Algorithm name → one line saying what it is and whose (the page's selector). */\n\
         export const ALGORITHM_DESCRIPTIONS = Object.freeze({});\n\
         /** Cut-off rule (`cutoff`) → the rule in words (the quiz card and exercises state it). */\n\
         export const CUTOFF_DESCRIPTIONS = Object.freeze({});\n\
         export const MAX_DEPTH = {MAX_DEPTH};\n\
         export const DEFAULT_NODE_CAP = {DEFAULT_NODE_CAP};\n\
         /** `--enable` name → the dotted parameter it switches on. */\n\
         export const ENABLE_NAMES = Object.freeze({});\n\
         /** `--enable` names of the uncertainty cut-off forms → uncertainty.mode. */\n\
         export const UNCERTAINTY_ENABLE_NAMES = Object.freeze({});\n\
         export const PARAM_RANGES = Object.freeze({});\n\
         export const DEFAULT_CONFIG = Object.freeze({});\n",
        j(serde_json::json!(algos)),
        j(serde_json::json!(chance)),
        j(serde_json::Value::Object(described)),
        j(serde_json::Value::Object(cutoffs)),
        j(serde_json::Value::Object(enable)),
        j(serde_json::Value::Object(uc)),
        j(serde_json::to_value(ranges).expect("ranges serialize")),
        j(serde_json::to_value(SearchConfig::default()).expect("the default config serializes")),
    )
}

/// A configuration in the CLI's words: `--algo`, the `--enable` names and the `--set` words
/// (`group.field=value` for every parameter that differs from the default). The one place that
/// says which words a configuration takes: [`describe_config`], `prunescope diff` and the page's
/// share links and compare setup (the wasm adapter's `config_words`) all read it, and
/// [`SearchConfig::enable`] and [`SearchConfig::set`] of these words give the configuration
/// back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConfigWords {
    pub algo: &'static str,
    /// `--enable` names, in [`ENABLE_NAMES`] order, then the uncertainty cut-off's form.
    pub enable: Vec<&'static str>,
    /// `--set` words: `group.field=value`.
    pub set: Vec<String>,
}

/// The CLI's words for `cfg` ([`ConfigWords`]).
pub fn config_words(cfg: &SearchConfig) -> ConfigWords {
    // A chance search is named by its own algorithm and takes no technique
    // (run::chance_config): `--algo star1`.
    if let Some(chance) = cfg.chance {
        return ConfigWords {
            algo: chance.name(),
            enable: Vec::new(),
            set: Vec::new(),
        };
    }
    let value = serde_json::to_value(cfg).unwrap_or_default();
    let default = serde_json::to_value(SearchConfig::default()).unwrap_or_default();
    let get = |v: &serde_json::Value, path: &str| {
        path.split('.')
            .try_fold(v, |v, part| v.get(part))
            .cloned()
            .unwrap_or_default()
    };
    let on = |path: &str| get(&value, path) == serde_json::Value::Bool(true);
    let mut enable: Vec<&'static str> = ENABLE_NAMES
        .iter()
        .filter(|(name, path)| {
            // SEE pruning is on by default (a `--set` word below when switched off); verified
            // null moves switch null moves on themselves.
            on(path) && *name != "see_pruning" && !(*name == "null_move" && cfg.null_move.verified)
        })
        .map(|(name, _)| *name)
        .collect();
    if let Some((name, _)) = UNCERTAINTY_ENABLE_NAMES
        .iter()
        .find(|(_, mode)| *mode == cfg.uncertainty.mode)
    {
        enable.push(name);
    }
    let mut set = Vec::new();
    if let (Some(now), Some(def)) = (value.as_object(), default.as_object()) {
        for (group, fields) in now {
            let (Some(fields), Some(def)) = (
                fields.as_object(),
                def.get(group).and_then(|g| g.as_object()),
            ) else {
                continue;
            };
            for (k, v) in fields {
                let switch = v.is_boolean()
                    && ENABLE_NAMES
                        .iter()
                        .any(|(_, p)| *p == format!("{group}.{k}"));
                if switch || (group == "uncertainty" && k == "mode") || def.get(k) == Some(v) {
                    continue;
                }
                set.push(format!("{group}.{k}={}", v.to_string().trim_matches('"')));
            }
        }
    }
    if cfg.quiescence.enabled && !cfg.quiescence.see_pruning {
        set.push("quiescence.see_pruning=false".into());
    }
    if cfg.cutoff != Cutoff::Standard {
        set.push(format!("cutoff={}", cfg.cutoff.name()));
    }
    ConfigWords {
        algo: cfg.algo.name(),
        enable,
        set,
    }
}

/// A configuration in a few words, from its [`config_words`]: the algorithm, the techniques
/// switched on by their `--enable` names and the `--set` words of the parameters that differ,
/// e.g. `pvs + tt, null_move (null_move.R=3)`.
pub fn describe_config(cfg: &SearchConfig) -> String {
    let w = config_words(cfg);
    let mut s = w.algo.to_string();
    if !w.enable.is_empty() {
        s += " + ";
        s += &w.enable.join(", ");
    }
    if !w.set.is_empty() {
        s += &format!(" ({})", w.set.join(", "));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_configs() {
        let mut cfg = SearchConfig::default();
        assert_eq!(describe_config(&cfg), "pvs");
        cfg.enable("tt").unwrap();
        cfg.enable("null_move").unwrap();
        cfg.enable("uc_safe").unwrap();
        cfg.set("null_move.R", "3").unwrap();
        assert_eq!(
            describe_config(&cfg),
            "pvs + tt, null_move, uc_safe (null_move.R=3)"
        );
    }

    /// Every switch has a label and every parameter a title, in the switches' order.
    #[test]
    fn labels_and_titles_cover_every_switch_and_parameter() {
        let names: Vec<&str> = ENABLE_NAMES.iter().map(|(n, _)| *n).collect();
        let labelled: Vec<&str> = ENABLE_LABELS.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, labelled);
        assert!(ENABLE_LABELS.iter().all(|(_, l)| !l.is_empty()));
        for (name, title) in param_titles() {
            assert!(!title.is_empty(), "{name} has no title");
        }
        for m in UncertaintyMode::ALL {
            assert_eq!(serde_json::to_value(m).unwrap(), m.name());
        }
    }

    /// Issue 32 §4: the few words and the CLI's words were two definitions that differed on
    /// SEE pruning (on by default once quiescence is on: the few words named it, the CLI's words
    /// did not). Now the few words are the CLI's words joined, and they give the configuration
    /// back.
    #[test]
    fn few_words_are_the_cli_words() {
        let mut cfg = SearchConfig::default();
        cfg.enable("quiescence").unwrap();
        assert_eq!(describe_config(&cfg), "pvs + quiescence");
        cfg.set("quiescence.see_pruning", "false").unwrap();
        assert_eq!(
            describe_config(&cfg),
            "pvs + quiescence (quiescence.see_pruning=false)"
        );
        cfg.enable("verified_null").unwrap();
        cfg.set("null_move.R", "3").unwrap();
        let w = config_words(&cfg);
        assert_eq!(w.enable, ["verified_null", "quiescence"]);
        let mut back = SearchConfig {
            algo: Algorithm::parse(w.algo).unwrap(),
            ..SearchConfig::default()
        };
        for e in &w.enable {
            back.enable(e).unwrap();
        }
        for word in &w.set {
            let (name, value) = word.split_once('=').unwrap();
            back.set(name, value).unwrap();
        }
        assert_eq!(back, cfg);
        assert_eq!(
            describe_config(&cfg),
            format!("pvs + {} ({})", w.enable.join(", "), w.set.join(", "))
        );
        // tests/wasm.rs's expectation for the page's describe_config
        let mut cfg = SearchConfig::default();
        for e in ["tt", "null_move", "uc_safe", "verified_null"] {
            cfg.enable(e).unwrap();
        }
        cfg.set("null_move.R", "3").unwrap();
        cfg.set("lmr.K", "4").unwrap();
        assert_eq!(
            describe_config(&cfg),
            "pvs + tt, verified_null, uc_safe (lmr.K=4, null_move.R=3)"
        );
    }
}
