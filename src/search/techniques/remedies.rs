//! The remedies that make forward pruning work inside PVS.
//!
//! CITE: Enhanced Forward Pruning slides, §4 "Forward pruning works in PVS", "Remedies for
//! forward-pruning":
//! 1. β is returned in case of a cut-off at a forward-pruned node, so that its backed-up value
//!    cannot cause a β-cut-off at the PV node above (multi-cut returns β: multi_cut.rs; a
//!    null-move mate score is replaced by β: null_move.rs).
//! 2. If the window of the PV node was already closed and the null-window search returns β
//!    (= α + 1), a re-search still has to be done: [`closed_window_research`].
//! 3. If a re-search is done and the null-window search returned α + 1, the re-search uses α as
//!    its lower bound: [`research_lower_bound`].
//! 4. CUT nodes that failed low with a value equal to α are not stored in the transposition
//!    table, as their values are uncertain: [`skip_store`] (used by tt.rs).
//!
//! - Gate: forward pruning is on ([`crate::search::config::SearchConfig::forward_pruning`])
//!   and the remedies are not switched off ([`RemediesParams`]).
//! - Parameters: [`RemediesParams`] (`remedies.enabled`, on by default). Switching them off
//!   is an ablation (issue 34 §3), not the slides': remedies 2, 3 and 4 no longer apply.
//!   Remedy 1 stays: multi-cut's β is part of its definition (the slides' Fig. of MC-C returns
//!   β), and the null move's β in place of a mate score keeps a pass from proving a mate.

use crate::game::Value;
use crate::schema::{Bound, NodeType};
use serde::{Deserialize, Serialize};

/// The remedies' switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RemediesParams {
    /// Remedies 2–4 apply wherever forward pruning is on: on by default. Off for the ablation
    /// of issue 34 §3 (the PVS remedies switched off): a scout's α + 1 is then treated as any
    /// other scout value and such CUT nodes are stored.
    pub enabled: bool,
}

impl Default for RemediesParams {
    fn default() -> Self {
        RemediesParams { enabled: true }
    }
}

/// Remedy 2: at a PV node with forward pruning, a scout returning α + 1 is re-searched even
/// when the window has closed (β = α + 1).
#[inline(always)]
pub fn closed_window_research(fwd: bool, pv_node: bool, scout: Value, alpha: Value) -> bool {
    fwd && pv_node && scout == alpha + 1
}

/// Remedy 3: the lower bound of the re-search window when the scout returned α + 1 under
/// forward pruning: α itself, as α + 1 may come from a pruned subtree and is no bound.
#[inline(always)]
pub fn research_lower_bound(fwd: bool, scout: Value, alpha: Value) -> Option<Value> {
    (fwd && scout == alpha + 1).then_some(alpha)
}

/// Remedy 4: with forward pruning, an expected CUT node that failed low with value α is not
/// stored.
#[inline(always)]
pub fn skip_store(fwd: bool, expected: NodeType, bound: Bound, value: Value, alpha: Value) -> bool {
    fwd && expected == NodeType::Cut && bound == Bound::Upper && value == alpha
}
