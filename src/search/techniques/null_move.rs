//! Null-move pruning: standard (R = 1, 2, 3 or adaptive) and verified.
//!
//! CITE: Enhanced Forward Pruning slides, §3 "Standard null-move pruning" (the `search()`
//! pseudo-code: a minimal-window null-move search around β with depth − R − 1, cut-off on a
//! fail-high) and "Verified null move pruning" after David & Netanyahu (2002): on a fail-high,
//! reduce the depth by one ply and continue the subtree with verification off; if the reduced
//! search then fails low, it was zugzwang: restore the depth and re-search. Adaptive R after
//! Heinz (1999): R = 3 when more than 6 plies remain, else 2; by depth only unless
//! `adaptive_material` adds Heinz's material condition as the slides give it for MIA (seed 002,
//! lines 335–337, "To set R at a CUT node: adaptive null move": "R is set to 3 when: 1) the
//! remaining depth is more than 6 2) the number of pieces of the side to move is lower than 5
//! the remaining depth has to be more than 8 R is set to 2 when: other case"). MIA plays Lines
//! of Action, where every man is a piece; in chess we count the side to move's pieces other
//! than king and pawns ([`crate::game::Game::pieces`]), Heinz's sense of "pieces" (a choice:
//! the slides do not say it for chess; docs/techniques.md).
//!
//! CITE: O. David-Tabibi & N. S. Netanyahu, "Verified Null-Move Pruning", ICGA Journal 25(3),
//! 2002 (arXiv:0808.1125), Fig. 3, line by line against this file (the figure's lines as the
//! paper prints them to our reading; the search tool gave the abstract and the first author's
//! description of Fig. 3, CCC, 21 Nov 2002: the `verify` flag passed to `search()`, the
//! zugzwang detection at its bottom):
//! - `if (!in_check() && null_ok() && (!verify || depth > 1))`: the gate, except that a null
//!   move needs 2 plies left everywhere by default (`min_depth = 2`); `min_depth = 1` is the
//!   paper's gate (depth 1 allowed where verification is off, Fig. 1 allows it everywhere).
//!   `null_ok()` is ours: a null-window search at a non-PV node, not after a null move
//!   (`pv_nodes` also allows expected PV nodes, whatever their window: the ablation of issue
//!   34 §3).
//! - `value = -search(-beta, -beta + 1, depth - R - 1, verify)`: the same, with R = 3 and
//!   `verify` passed on (`null_search_verifies`).
//! - `if (value >= beta) { if (verify) { depth--; verify = false; fail_high = true; } else
//!   return value; }`: the same (a mate score after a pass returns β).
//! - the moves, each `search(…, depth - 1, verify)`: the same; children inherit `verify`.
//! - `if (fail_high && best < beta) { depth++; fail_high = false; verify = true; goto
//!   re_search; }`: the same, Step 9a ([`Searcher::zugzwang`]; `zugzwang_research`).
//! - The figure has no transposition table: Step 10 stores the depth the node searched, the
//!   reduced one after a verified fail-high (`store_nominal` stores the nominal one).
//!
//! - Parameters: [`NullMoveParams`] (`null_move.enabled`, `R`, `adaptive`,
//!   `adaptive_material`, `verified`, for the ablation of issue 21 `min_depth`, `subtree_R`,
//!   `store_nominal`, `zugzwang_research`, `null_search_verifies`, and for issue 34 §3
//!   `pv_nodes`).
//! - Gate: [`Searcher::null_move_applies`]: a null-window search below the root at a non-PV
//!   node (the slides' "forward pruning only for the NWS part"; with `pv_nodes`, any node
//!   below the root), never two null moves in a row, depth ≥ `min_depth` (2 where verifying),
//!   not in check, and, for the standard form, not where zugzwang is likely (the side to move
//!   has only king and pawns).
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
    /// Adaptive R (Heinz 1999): R = 3 when more than 6 plies remain, else 2. Overrides `R`. By
    /// depth only unless `adaptive_material` is on.
    pub adaptive: bool,
    /// Heinz's material condition for the adaptive R (seed 002, lines 335–337): where the side
    /// to move has fewer than [`HEINZ_FEW_PIECES`] pieces, R = 3 needs more than 8 plies, not
    /// 6. Off by default (the adaptive R by depth only, as before); needs `adaptive`.
    pub adaptive_material: bool,
    /// Verified null-move pruning: on a fail-high, reduce the depth by one ply and continue
    /// with verification off instead of cutting; re-search at the original depth on zugzwang.
    pub verified: bool,
    /// The least remaining depth at which a null move is tried. 2 by default; David &
    /// Netanyahu try it at depth 1 as well (Fig. 1 has no depth condition), except where
    /// verification is on: Fig. 3's `(!verify || depth > 1)`, "since verification will not be
    /// possible". Set to 1 for the paper's gate; a verifying node still needs 2.
    pub min_depth: i32,
    /// Ablation (issue 21 §1), not the paper's: the R of null-move searches where verification
    /// is off (below a verified fail-high). 0 (the default) means `R`, as in Fig. 3, whose
    /// subtree runs "standard null-move pruning" with the same R = 3.
    #[serde(rename = "subtree_R")]
    pub subtree_r: i32,
    /// Ablation: after a verified fail-high, store the node in the transposition table at its
    /// nominal depth (before the one-ply reduction). Fig. 3 has no table; a store that reads
    /// Fig. 3's `depth` variable, as Step 10 does, stores the reduced depth (the default).
    pub store_nominal: bool,
    /// Fig. 3's zugzwang re-search ("if there is a fail-high report, but no cutoff was found,
    /// the position is a zugzwang and has to be re-searched with the original depth"): on by
    /// default; off for the ablation, which then keeps the reduced search's value.
    pub zugzwang_research: bool,
    /// Fig. 3 passes `verify` to the null-move search itself (`-search(-beta, -beta + 1,
    /// depth - R - 1, verify)`), so the null-move search's subtree verifies too: on by default.
    /// Off for the ablation: the null-move search runs with verification off.
    pub null_search_verifies: bool,
    /// Ablation (issue 34 §3), not the slides': try the null move at expected PV nodes too,
    /// whatever their window (below the root), where the default tries it only in
    /// null-window searches at non-PV nodes ("forward pruning only for the NWS part").
    pub pv_nodes: bool,
}

/// Heinz's material condition: "the number of pieces of the side to move is lower than 5"
/// (seed 002, line 336).
pub const HEINZ_FEW_PIECES: u32 = 5;

impl Default for NullMoveParams {
    fn default() -> Self {
        NullMoveParams {
            enabled: false,
            r: 2,
            adaptive: false,
            adaptive_material: false,
            verified: false,
            min_depth: 2,
            subtree_r: 0,
            store_nominal: false,
            zugzwang_research: true,
            null_search_verifies: true,
            pv_nodes: false,
        }
    }
}

impl NullMoveParams {
    pub const RANGES: &'static [ParamRange] = &[
        ParamRange::new("null_move.R", "null-move depth reduction", 1.0, 3.0),
        ParamRange::new(
            "null_move.min_depth",
            "least remaining depth for a null move (David & Netanyahu: 1 where not verifying)",
            1.0,
            3.0,
        ),
        ParamRange::new(
            "null_move.subtree_R",
            "verified null move: R below a verified fail-high (0 = R; an ablation, not the paper)",
            0.0,
            3.0,
        ),
    ];

    /// David & Netanyahu verify with R = 3.
    pub const VERIFIED_R: i32 = 3;

    pub fn validate(&self, algo: Algorithm) -> Result<(), ConfigError> {
        if self.enabled {
            ConfigError::needs_search("null_move.enabled", algo)?;
        }
        if self.adaptive_material && !self.adaptive {
            return Err(ConfigError::Needs {
                param: "null_move.adaptive_material".to_string(),
                requirement: "the adaptive R (enable adaptive_null)".to_string(),
            });
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

    /// The depth reduction at a node with `depth` plies left, `verifying` or not (verification
    /// on at this node: only then does `subtree_R` not apply), whose side to move has `pieces`
    /// pieces ([`Game::pieces`]; `None` where the game does not count them, and the material
    /// condition then does not apply).
    pub fn reduction(&self, depth: i32, verifying: bool, pieces: Option<u32>) -> i32 {
        if self.verified && !verifying && self.subtree_r > 0 {
            self.subtree_r
        } else if self.adaptive {
            // Heinz: R = 3 above 6 plies; with few pieces, above 8 (seed 002, lines 335–337).
            let few = self.adaptive_material && pieces.is_some_and(|p| p < HEINZ_FEW_PIECES);
            if depth > if few { 8 } else { 6 } {
                3
            } else {
                2
            }
        } else {
            self.r
        }
    }
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// The least depth for a null move at `n`: `min_depth`, and 2 where verification is on
    /// (D&N Fig. 3: `!verify || depth > 1`).
    fn null_move_min_depth(&self, n: &Node<'_, G>) -> i32 {
        let nm = &self.cfg.null_move;
        if nm.verified && n.verify {
            nm.min_depth.max(2)
        } else {
            nm.min_depth
        }
    }

    /// The gate of Step 5.
    fn null_move_applies(&self, n: &Node<'_, G>) -> bool {
        let nm = &self.cfg.null_move;
        nm.enabled
            && (n.prunable(self.cfg.algo)
                // `pv_nodes`: below the root whatever the node's type and window (issue 34 §3).
                || (nm.pv_nodes && n.ply > 0 && self.cfg.algo != Algorithm::Minimax))
            && n.ctx.kind != NodeKind::Null
            && n.depth >= self.null_move_min_depth(n)
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
        let verifying = nm.verified && n.verify;
        let depth = n.depth - nm.reduction(n.depth, verifying, n.pos.pieces()) - 1;
        self.keys.push(n.key);
        self.publish(n);
        if verifying && !nm.null_search_verifies {
            // The ablation's null-move search without verification (Fig. 3 passes `verify`).
            if let Some(s) = self.stack.last_mut() {
                s.verify = false;
            }
        }
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
        if !n.null_fail_high
            || !self.cfg.null_move.zugzwang_research
            || out.value >= n.window.beta
            || self.stopped.is_some()
        {
            return false;
        }
        self.tracer.zugzwang(out.value, n.window.beta);
        n.depth += 1;
        n.null_fail_high = false;
        n.verify = true;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heinz's rule as the slides give it (seed 002, lines 335–337): R = 3 above 6 plies, but
    /// with fewer than 5 pieces for the side to move only above 8; by depth only when the
    /// condition is off or the game does not count pieces.
    #[test]
    fn adaptive_reduction_with_and_without_the_material_condition() {
        let depth_only = NullMoveParams {
            enabled: true,
            adaptive: true,
            ..NullMoveParams::default()
        };
        let heinz = NullMoveParams {
            adaptive_material: true,
            ..depth_only
        };
        for pieces in [None, Some(0), Some(4), Some(5), Some(7)] {
            assert_eq!(depth_only.reduction(6, true, pieces), 2);
            assert_eq!(depth_only.reduction(7, true, pieces), 3);
        }
        for (depth, pieces, r) in [
            (7, Some(4), 2),
            (8, Some(4), 2),
            (9, Some(4), 3),
            (7, Some(5), 3),
            (6, Some(5), 2),
            (7, None, 3),
        ] {
            assert_eq!(
                heinz.reduction(depth, true, pieces),
                r,
                "{depth} {pieces:?}"
            );
        }
    }

    #[test]
    fn the_material_condition_needs_the_adaptive_r() {
        let p = NullMoveParams {
            enabled: true,
            adaptive_material: true,
            ..NullMoveParams::default()
        };
        let e = p.validate(Algorithm::Pvs).unwrap_err();
        assert!(e.to_string().contains("null_move.adaptive_material"), "{e}");
    }
}
