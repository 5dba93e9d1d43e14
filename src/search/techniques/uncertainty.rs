//! Uncertainty cut-offs: at an expected CUT node that has searched CUT_RATIO of its moves
//! without a cut-off, stop, and mark the value uncertain.
//!
//! CITE: Björnsson, Marsland, Schaeffer & Junghanns (1997), *Searching with Uncertainty
//! Cut-offs*: Fig. 4 (NegaScout with uncertainty flags: backing up `unsure`, re-searching an
//! uncertain value at a PV node, uncertain TT entries), Fig. 5 (`UncertaintyCutoff` with
//! CUT_RATIO and `SearchInfo[depth-1]`), §5 (captures are always searched), §6 (the unsafe
//! generalization to ALL nodes, uncertain values up to the root); Chess Programming Wiki,
//! *Uncertainty Cut-Offs* (`pvs`/`nws` pseudo-code that backs up the `unsure` flag; its
//! `uncertaintyCutoff` requires `parent == PV`, as Fig. 5 does, so it is the safe form).
//! The general form, pruning at every expected CUT node, is §5's "preliminary experiments
//! where we allow pruning at all CUT-nodes", for which the paper prints no figures; its flags
//! are backed up as Fig. 4 does and footnote 4 requires ("in general the uncertain
//! information must be kept").
//!
//! - Parameters: [`UncertaintyParams`] (`uncertainty.mode`, `uncertainty.CUT_RATIO`).
//! - Gate: [`Gate::at`]: null-window searches below the root; `safe`: expected CUT nodes whose
//!   parent is a PV node (Fig. 5); `general`: every expected CUT node (§5's preliminary
//!   experiments); `unsafe_all`: every non-PV node (§6).
//! - Steps: [`Gate::cut_here`] (Fig. 5's decision, taken in the move loop, moves.rs),
//!   [`backup`] (Fig. 4's flag backup), [`must_research`] (Fig. 4's re-search of an uncertain
//!   value at a PV node).

use crate::game::Value;
use crate::schema::NodeType;
use crate::search::params::{Algorithm, ConfigError, ParamRange};
use crate::search::window::Window;
use serde::{Deserialize, Serialize};

/// Which form of uncertainty cut-offs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum UncertaintyMode {
    #[default]
    Off,
    /// Fig. 4 and 5: at expected CUT nodes whose parent is a PV node, only when the value
    /// would cause a re-search anyway. Safe.
    Safe,
    /// §5's "preliminary experiments where we allow pruning at all CUT-nodes" (no figures in
    /// the paper): at every expected CUT node, with the uncertain flag backed up (Fig. 4,
    /// footnote 4) and uncertain values re-searched at PV nodes, which is meant to keep the
    /// root value; `uncertainty-depth` found one search where it did not (BK.14, depth 6,
    /// CUT_RATIO 50 %; docs/experiments.md), not yet explained. (Not the Chess Programming
    /// Wiki's form: its `uncertaintyCutoff` requires a PV parent.)
    General,
    /// §6: also at expected ALL nodes, and uncertain values are not re-searched; they may reach
    /// the root, which is then flagged uncertain. Unsafe.
    UnsafeAll,
}

impl UncertaintyMode {
    /// Every form, `off` first (the page's menu).
    pub const ALL: [UncertaintyMode; 4] = [
        UncertaintyMode::Off,
        UncertaintyMode::Safe,
        UncertaintyMode::General,
        UncertaintyMode::UnsafeAll,
    ];

    /// The form's name in the configuration (`uncertainty.mode`).
    pub fn name(self) -> &'static str {
        match self {
            UncertaintyMode::Off => "off",
            UncertaintyMode::Safe => "safe",
            UncertaintyMode::General => "general",
            UncertaintyMode::UnsafeAll => "unsafe_all",
        }
    }

    /// The form in a few words: where it cuts (the page's menu, `www/schema.js`).
    pub fn label(self) -> &'static str {
        match self {
            UncertaintyMode::Off => "off",
            UncertaintyMode::Safe => "safe (CUT nodes under PV)",
            UncertaintyMode::General => "general (every CUT node)",
            UncertaintyMode::UnsafeAll => "unsafe (CUT and ALL)",
        }
    }
}

/// Uncertainty cut-off parameters under the paper's names.
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

impl UncertaintyParams {
    pub const RANGES: &'static [ParamRange] = &[ParamRange {
        name: "uncertainty.CUT_RATIO",
        title: "fraction of the moves searched before an uncertainty cut-off",
        min: 0.0,
        max: 1.0,
        min_exclusive: true,
    }];

    /// They act in null-window searches, which only the two PVS forms make. Fig. 4 defines
    /// them on its own form (`pvs_full`); on `pvs` they follow the Chess Programming Wiki's
    /// `pvs`/`nws` (seed 001), which re-searches an unsure scout with `(α, β)` and any other
    /// with NegaScout's `(t, β)` (docs/techniques.md).
    pub fn validate(&self, algo: Algorithm) -> Result<(), ConfigError> {
        if self.mode != UncertaintyMode::Off && !algo.is_pvs() {
            return Err(ConfigError::Needs {
                param: "uncertainty.mode".to_string(),
                requirement: "pvs or pvs_full (they act in null-window searches)".to_string(),
            });
        }
        Ok(())
    }
}

/// The decision for one node, fixed when its moves are known.
#[derive(Clone, Copy, Debug)]
pub struct Gate {
    /// Uncertainty cut-offs may happen at this node.
    pub here: bool,
    /// Fig. 5's `moveLimit`: CUT_RATIO × the number of legal moves.
    pub move_limit: u32,
    safe: bool,
}

impl Gate {
    /// The gate for a node with `moves` moves, window `window`, expected type `expected`,
    /// whose parent is of expected type `parent_expected`.
    pub fn at(
        p: &UncertaintyParams,
        ply: u32,
        window: Window,
        expected: NodeType,
        parent_expected: NodeType,
        moves: usize,
    ) -> Gate {
        let here = window.is_null()
            && ply > 0
            && match p.mode {
                UncertaintyMode::Off => false,
                UncertaintyMode::Safe => {
                    expected == NodeType::Cut && parent_expected == NodeType::Pv
                }
                UncertaintyMode::General => expected == NodeType::Cut,
                UncertaintyMode::UnsafeAll => expected != NodeType::Pv,
            };
        Gate {
            here,
            move_limit: (moves as f64 * p.cut_ratio) as u32,
            safe: p.mode == UncertaintyMode::Safe,
        }
    }

    /// Fig. 5, `UncertaintyCutoff`: after `tried` moves without a cut-off, and more than
    /// `moveLimit` of them, stop searching quiet moves. The safe form prunes only when the
    /// value the node would return, `best`, lies strictly inside its parent's current window
    /// (`SearchInfo[depth-1]`), so that the parent re-searches the node anyway.
    pub fn cut_here(&self, tried: u32, best: Value, parent_window: Window) -> bool {
        self.here
            && tried > self.move_limit
            && (!self.safe || (-best > parent_window.alpha && -best < parent_window.beta))
    }
}

/// Fig. 4's backup of the flag: a node that fails high takes the certainty of the child that
/// caused the cut-off; otherwise it is uncertain if any child was.
#[inline(always)]
pub fn backup(node_uncertain: bool, child_uncertain: bool, cutoff: bool) -> bool {
    if cutoff {
        child_uncertain
    } else {
        node_uncertain || child_uncertain
    }
}

/// Fig. 4: at a PV node, a scout that returned an uncertain value is re-searched with the full
/// window, as its value is no bound. The unsafe §6 form lets uncertain values through.
#[inline(always)]
pub fn must_research(p: &UncertaintyParams, pv_node: bool, child_uncertain: bool) -> bool {
    child_uncertain && pv_node && p.mode != UncertaintyMode::UnsafeAll
}
