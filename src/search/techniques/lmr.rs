//! Late move reductions.
//!
//! CITE: Hsu, *Transposition Table, History Heuristic, and other Search Enhancements*, slides
//! 41–43 (LMR; Algorithm F4.5′): "if the first K moves considered do not produce a value that is
//! better than the current best value, then reduce the depth of the rest of the moves with H";
//! a reduced move that returns a better value is re-searched at full depth. Not applied "when
//! your king is in danger, e.g., in check; … the remaining searching depth is too small, say
//! less than 3; it is a node in the PV path" (slide 42).
//!
//! - Parameters: [`LmrParams`] (`lmr.enabled`, `K`, `H`).
//! - Gate: [`LmrParams::reduces`].
//! - Step: [`Searcher::scout`]: the child search with the reduction and the full-depth
//!   re-search.

use crate::game::{Game, Value};
use crate::schema::{NodeKind, NodeType};
use crate::search::Tracer;
use crate::search::params::{Algorithm, ConfigError, ParamRange};
use crate::search::window::Window;
use crate::search::{Ctx, Res, Searcher};
use serde::{Deserialize, Serialize};

/// LMR parameters under the slides' names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LmrParams {
    pub enabled: bool,
    /// Moves searched at full depth before reductions start.
    #[serde(rename = "K")]
    pub k: u32,
    /// Plies a late move is reduced by.
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

impl LmrParams {
    pub const RANGES: &'static [ParamRange] = &[
        ParamRange::new(
            "lmr.K",
            "LMR: moves searched at full depth first",
            1.0,
            256.0,
        ),
        ParamRange::new("lmr.H", "LMR: plies of reduction", 1.0, 8.0),
    ];

    pub fn validate(&self, algo: Algorithm) -> Result<(), ConfigError> {
        if self.enabled {
            ConfigError::needs_search("lmr.enabled", algo)?;
        }
        Ok(())
    }

    /// The gate (slide 42): the `k`-th move (from 0) of a non-PV node with at least 3 plies
    /// left, a quiet move that gives no check, from a side not in check.
    #[allow(clippy::too_many_arguments)]
    pub fn reduces(
        &self,
        k: usize,
        depth: i32,
        expected: NodeType,
        noisy: bool,
        gives_check: bool,
        in_check: bool,
    ) -> bool {
        self.enabled
            && k as u32 >= self.k
            && depth >= 3
            && expected != NodeType::Pv
            && !noisy
            && !gives_check
            && !in_check
    }
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// The reduced search of a late move at depth `nd` − H; a reduced move that returns more
    /// than `alpha` is searched again at full depth `nd` (F4.5′, lines 9–13).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn reduced_search(
        &mut self,
        child: &G,
        ply: u32,
        nd: i32,
        w: Window,
        alpha: Value,
        cexp: NodeType,
        ctx: Ctx,
    ) -> Res {
        let reduced = Ctx {
            kind: NodeKind::Reduced,
            ..ctx
        };
        let r = -self.node(child, ply + 1, nd - self.cfg.lmr.h, w, cexp, reduced);
        if r.v > alpha && self.stopped.is_none() {
            self.tracer.research();
            let full = Ctx {
                kind: NodeKind::LmrResearch,
                ..ctx
            };
            return -self.node(child, ply + 1, nd, w, cexp, full);
        }
        r
    }
}
