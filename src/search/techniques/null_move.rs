//! Null-move pruning: standard (R = 1, 2, 3 or adaptive) and verified.
//!
//! CITE: Enhanced Forward Pruning slides, §3 "Standard null-move pruning" (the `search()`
//! pseudo-code: a minimal-window null-move search around β with depth − R − 1, cut-off on a
//! fail-high) and "Verified null move pruning" after David & Netanyahu (2002): on a fail-high,
//! reduce the depth by one ply and continue the subtree with verification off; if the reduced
//! search then fails low, it was zugzwang: restore the depth and re-search. Adaptive R after
//! Heinz (1999), by depth only (R = 3 when more than 6 plies remain, else 2).
//!
//! - Parameters: [`NullMoveParams`] (`null_move.enabled`, `R`, `adaptive`, `verified`).
//! - Gate: [`Searcher::null_move_applies`]: a null-window search below the root at a non-PV
//!   node (the slides' "forward pruning only for the NWS part"), never two null moves in a
//!   row, depth ≥ 2, not in check, and, for the standard form, not where zugzwang is likely
//!   (the side to move has only king and pawns).
//! - Steps: Step 5 [`Searcher::null_move`]; Step 9a [`Searcher::zugzwang`].

use crate::game::Game;
use crate::schema::{NONE16, NodeKind, NullVerdict, OrderSource, StopReason};
use crate::search::Tracer;
use crate::search::params::{Algorithm, ConfigError, ParamRange};
use crate::search::window::Window;
use crate::search::{Ctx, Node, Outcome, Searcher};
use serde::{Deserialize, Serialize};

/// Null-move parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NullMoveParams {
    pub enabled: bool,
    /// Depth reduction R of the null-move search (1..=3).
    #[serde(rename = "R")]
    pub r: i32,
    /// Adaptive R (Heinz 1999): R = 3 when more than 6 plies remain, else 2. Overrides `R`.
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

impl NullMoveParams {
    pub const RANGES: &'static [ParamRange] = &[ParamRange::new("null_move.R", 1.0, 3.0)];

    /// David & Netanyahu verify with R = 3.
    pub const VERIFIED_R: i32 = 3;

    pub fn validate(&self, algo: Algorithm) -> Result<(), ConfigError> {
        if self.enabled {
            ConfigError::needs_search("null_move.enabled", algo)?;
        }
        if (self.adaptive || self.verified) && !self.enabled {
            let name = if self.verified {
                "null_move.verified"
            } else {
                "null_move.adaptive"
            };
            return Err(ConfigError::Needs {
                param: name.to_string(),
                requirement: "null moves (enable null_move)".to_string(),
            });
        }
        Ok(())
    }

    /// The depth reduction at a node with `depth` plies left.
    pub fn reduction(&self, depth: i32) -> i32 {
        if self.adaptive {
            if depth > 6 { 3 } else { 2 }
        } else {
            self.r
        }
    }
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// The gate of Step 5.
    fn null_move_applies(&self, n: &Node<'_, G>) -> bool {
        let nm = &self.cfg.null_move;
        nm.enabled
            && n.prunable(self.cfg.algo)
            && n.ctx.kind != NodeKind::Null
            && n.depth >= 2
            && !n.pos.in_check()
            && (nm.verified || !n.pos.zugzwang_likely())
    }

    /// Step 5. The side to move passes and the opponent searches a minimal window around β at
    /// depth − R − 1. A fail-high cuts the node (standard), or, under verification, reduces
    /// its depth by one ply and turns verification off for its subtree.
    pub(crate) fn null_move(&mut self, n: &mut Node<'_, G>) -> Option<Outcome> {
        if !self.null_move_applies(n) {
            return None;
        }
        let child = n.pos.null_move()?;
        let nm = self.cfg.null_move;
        let beta = n.window.beta;
        let ctx = Ctx {
            index: NONE16 as u32,
            code: NONE16,
            kind: NodeKind::Null,
            order: OrderSource::Generated,
        };
        let w = Window::new(beta - 1, beta).negate();
        let depth = n.depth - nm.reduction(n.depth) - 1;
        self.keys.push(n.key);
        self.publish(n);
        let v = -self.node(&child, n.ply + 1, depth, w, n.expected.child(false), ctx);
        self.keys.pop();
        if self.stopped.is_some() {
            return Some(Outcome::new(0, StopReason::Aborted));
        }
        if v.v < beta {
            self.tracer.null_verdict(v.v, beta, NullVerdict::FailLow);
            return None;
        }
        if nm.verified && n.verify {
            self.tracer.null_verdict(v.v, beta, NullVerdict::Verify);
            n.depth -= 1;
            n.null_fail_high = true;
            n.verify = false;
            return None;
        }
        self.tracer.null_verdict(v.v, beta, NullVerdict::Cutoff);
        // A mate score found after a pass proves nothing about the real moves: return β.
        let value = if v.v >= G::MATE_BOUND { beta } else { v.v };
        Some(Outcome {
            uncertain: v.unc,
            height: Outcome::DEEP,
            ..Outcome::new(value, StopReason::NullMoveCutoff)
        })
    }

    /// Step 9a. After a verified fail-high, the depth-reduced search of the moves failed low:
    /// the position is zugzwang. Restores the depth and verification; the caller searches the
    /// moves again.
    pub(crate) fn zugzwang(&mut self, n: &mut Node<'_, G>, out: &Outcome) -> bool {
        if !n.null_fail_high || out.value >= n.window.beta || self.stopped.is_some() {
            return false;
        }
        self.tracer.zugzwang(out.value, n.window.beta);
        n.depth += 1;
        n.null_fail_high = false;
        n.verify = true;
        true
    }
}
