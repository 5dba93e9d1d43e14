//! Quiescence search at the horizon.
//!
//! CITE: Hsu, *Transposition Table, History Heuristic, and other Search Enhancements*, slides
//! 45 and 50–53 (quiescent search: "only consider moves that are in-check or capturing";
//! "watch out of unneeded piece exchanges by checking the Static Exchange Evaluation (SEE)
//! value first"; `Quiescent GS` skips a capture whose SEE is ≤ 0 — here < 0, so that even
//! trades are searched).
//!
//! - Parameters: [`QuiescenceParams`] (`quiescence.enabled`, `quiescence.see_pruning`).
//! - Gate: a node with no depth left, when enabled (Step 3 of the node search).
//! - Step: [`Searcher::quiesce`]: stand pat, then captures and promotions by MVV-LVA with losing
//!   captures pruned; in check, every evasion and no stand pat.

use crate::game::{Game, INF};
use crate::schema::{NodeKind, OrderSource, PruneReason, StopReason};
use crate::search::Tracer;
use crate::search::ordering::{Ordered, mvv_lva, sort_ordered};
use crate::search::window::Window;
use crate::search::{Ctx, Frame, MAX_PLY, Node, Outcome, Searcher, considered_moves};
use serde::{Deserialize, Serialize};

/// Quiescence parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QuiescenceParams {
    pub enabled: bool,
    /// Prune captures that lose material by static exchange evaluation (SEE < 0).
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

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// Quiescence search at an already-entered horizon node.
    pub(crate) fn quiesce(&mut self, n: &Node<'_, G>, f: &mut Frame<G::Move>) -> Outcome {
        let pos = n.pos;
        let in_check = pos.in_check();
        let mut best = -INF;
        let mut alpha = n.window.alpha;
        let beta = n.window.beta;
        if !in_check {
            // Stand pat: the side to move may decline every capture.
            best = pos.evaluate();
            if n.ply >= MAX_PLY {
                return Outcome::new(best, StopReason::Leaf);
            }
            if best >= beta {
                return Outcome::new(best, StopReason::StandPat);
            }
            alpha = alpha.max(best);
        }
        considered_moves(pos, true, &mut f.moves);
        self.tracer.moves_generated(f.moves.len() as u32);
        if f.moves.is_empty() {
            return if in_check {
                Outcome::new(pos.no_moves_value(n.ply), StopReason::Terminal)
            } else {
                Outcome::new(best, StopReason::Leaf)
            };
        }
        f.order.clear();
        for (i, &mv) in f.moves.iter().enumerate() {
            let facts = pos.move_facts(mv);
            let (score, source) = if facts.capture || facts.promotion {
                (mvv_lva(facts) + 1_000_000, OrderSource::Capture)
            } else {
                (0, OrderSource::Generated)
            };
            f.order.push(Ordered {
                score,
                index: i as u32,
                source,
            });
        }
        sort_ordered(&mut f.order);
        self.keys.push(n.key);
        self.publish(n);
        let mut out = Outcome {
            value: best,
            reason: StopReason::AllMoves,
            best_index: None,
            uncertain: false,
            // Quiescence is a technique: NegaScout's depth condition never reads it.
            height: Outcome::DEEP,
        };
        for k in 0..f.order.len() {
            let o = f.order[k];
            let mv = f.moves[o.index as usize];
            let code = pos.move_code(mv, o.index as usize);
            if !in_check && self.cfg.quiescence.see_pruning && pos.see(mv) < 0 {
                self.tracer.pruned(code, PruneReason::See);
                continue;
            }
            let child = pos.play(mv);
            let ctx = Ctx {
                index: k as u32,
                code,
                kind: NodeKind::Quiescence,
                order: o.source,
            };
            let w = Window::new(alpha, beta).negate();
            let r = -self.node(&child, n.ply + 1, 0, w, n.expected.child(k == 0), ctx);
            if self.stopped.is_some() {
                out.reason = StopReason::Aborted;
                break;
            }
            self.tracer.child_returned(r.v);
            if r.v <= out.value {
                continue;
            }
            out.value = r.v;
            out.best_index = Some(k as u32);
            if r.v <= alpha {
                if self.unstable {
                    self.update_pv(f, n.ply, mv);
                }
                continue;
            }
            self.tracer.alpha_raised(alpha, r.v);
            alpha = r.v;
            // The best line runs on through quiescence to the position whose evaluation the
            // root returns.
            self.update_pv(f, n.ply, mv);
            if r.v >= beta {
                self.tracer.cutoff(r.v, beta);
                out.reason = StopReason::BetaCutoff;
                break;
            }
        }
        if out.value == -INF {
            out.value = 0;
        }
        out
    }
}
