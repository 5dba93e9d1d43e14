//! Pre-searching: a shallow node whose transposition-table entry from an earlier iteration says
//! a deeper search will be needed later in this iteration is searched to that depth now.
//!
//! CITE: Hlynka & Schaeffer, *Pre-searching*, Fig. 3 (the pre-search conditions in
//! `AlphaBeta`) and Fig. 4 (`presearchFilter`). The paper's settings: no recursion,
//! NearRoot = ∞, NearLeaf = 3, Risk = 2.
//!
//! - Parameters: [`PresearchParams`] (`presearch.enabled`, `Risk`, `NearRoot`, `NearLeaf`).
//! - Gate: a TT entry from another iteration (`tt_iteration != IDDepth`) whose deep node will
//!   need `new_depth = tt_depth + (IDDepth − tt_iteration)`, and `presearchFilter`.
//! - Step: Step 4a, [`Searcher::presearch`], called from the TT probe (techniques/tt.rs).

use crate::game::Game;
use crate::search::Tracer;
use crate::search::params::{ConfigError, ParamRange};
use crate::search::techniques::tt::TtEntry;
use crate::search::{Node, Searcher};
use serde::{Deserialize, Serialize};

/// Pre-search parameters under the paper's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PresearchParams {
    pub enabled: bool,
    /// Most plies a pre-search may add (`new_depth − depth ≤ Risk`).
    #[serde(rename = "Risk")]
    pub risk: i32,
    /// Largest `tt_iteration − tt_depth`: how far from the root the deep node was. 1000 stands
    /// for the paper's ∞.
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

impl PresearchParams {
    pub const RANGES: &'static [ParamRange] = &[
        ParamRange::new(
            "presearch.Risk",
            "most plies a pre-search may add",
            1.0,
            16.0,
        ),
        ParamRange::new(
            "presearch.NearRoot",
            "largest tt_iteration − tt_depth (1000 = ∞)",
            0.0,
            1000.0,
        ),
        ParamRange::new(
            "presearch.NearLeaf",
            "smallest remaining depth of a pre-searched node",
            0.0,
            64.0,
        ),
    ];

    /// Pre-search reads iteration stamps from the transposition table (`tt`: it is on), which
    /// iterative deepening writes (`iterative`: it is on).
    pub fn validate(&self, tt: bool, iterative: bool) -> Result<(), ConfigError> {
        if self.enabled {
            ConfigError::needs("presearch.enabled", tt, "the transposition table")?;
            ConfigError::needs("presearch.enabled", iterative, "iterative deepening")?;
        }
        Ok(())
    }

    /// `presearchFilter` (Fig. 4): may a node at `depth` be pre-searched to `new_depth`, given
    /// the entry's `tt_depth` and `tt_iteration`, inside a pre-search or not?
    pub fn filter(
        &self,
        new_depth: i32,
        depth: i32,
        tt_depth: i32,
        tt_iteration: i32,
        in_presearch: bool,
    ) -> bool {
        // Do not allow a pre-search in a pre-search.
        !in_presearch
            // Ensure that we are searching deeper.
            && new_depth > depth
            // Limit the amount of the search extension.
            && new_depth - depth <= self.risk
            // Prefer deep nodes close to the root.
            && tt_iteration - tt_depth <= self.near_root
            // Prefer shallow nodes that are not close to the leaves.
            && depth >= self.near_leaf
    }
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// Step 4a (Fig. 3): an entry from an earlier iteration whose deep node will need
    /// `new_depth` here; if `presearchFilter` agrees, the node is searched to `new_depth`.
    pub(crate) fn presearch(&mut self, n: &mut Node<'_, G>, e: &TtEntry) {
        let ps = self.cfg.presearch;
        let tt_iteration = e.iteration as i32;
        if !ps.enabled || tt_iteration == self.iteration {
            return;
        }
        let tt_depth = e.depth as i32;
        let new_depth = tt_depth + (self.iteration - tt_iteration);
        if ps.filter(new_depth, n.depth, tt_depth, tt_iteration, n.in_presearch) {
            self.tracer
                .presearch(n.depth, new_depth, tt_iteration as u32);
            n.depth = new_depth;
            n.presearched = true;
            n.in_presearch = true;
        }
    }
}
