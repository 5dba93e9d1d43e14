//! Step 9 of the node search: the loop over the ordered moves.
//!
//! Fail-soft negamax in four forms: minimax (every child with the full window), alpha-beta
//! (Knuth & Moore's F2, each child with `(−β, −α)`), and the two published null-window forms,
//! by name: the first child with the full window, the others with a null-window scout at α
//! and, when the scout lands inside the window, a re-search.
//!
//! - `pvs`: Reinefeld's NegaScout. CITE: A. Reinefeld (1983), "An improvement to the Scout
//!   tree search algorithm", ICCA Journal 6(4), pp. 4–14; the pseudo-code as Reinefeld gives
//!   it (www.zib.de/reinefeld/Research/nsc.html) and as the Chess Programming Wiki's NegaScout
//!   page gives it:
//!   ```text
//!   t := -NegaScout(p_i, -b, -a);
//!   if (t > a) and (t < beta) and (i > 1) and (d < maxdepth-1) then
//!       a := -NegaScout(p_i, -beta, -t);        (* re-search with (t, β) *)
//!   a := max(a, t); if a >= beta then return a; b := a + 1;
//!   ```
//!   Marsland & Campbell's PVS (1982, "Parallel search of strongly ordered game trees", ACM
//!   Computing Surveys 14(4), pp. 533–551) re-searches from the scout value the same way. The
//!   depth condition `d < maxdepth-1` skips the re-search where the scout's result is already
//!   exact: a static leaf, and a node whose children are all static leaves (it failed low, so
//!   it searched every child, and their values are exact). We skip exactly there, and only
//!   with no technique on ([`crate::search::config::SearchConfig::any_technique`]): with a
//!   transposition table, quiescence or any pruning the scout's result is a bound, and the
//!   book re-searches.
//!   Where the re-search fails low at exactly `t`, the value `t` is proven but the line below
//!   the re-searched child is not: the best line stops there
//!   ([`crate::search::SearchResult::line_proven_to`]).
//! - `pvs_full`: NegaScout as Björnsson et al. (1997) give it in Fig. 4 (seed 000), the form
//!   engines use. CITE: Fig. 4:
//!   ```text
//!   alpha = MAX( alpha, best );
//!   score = -NS( depth+1, -(alpha+1), -alpha );
//!   if ( (score > alpha) && (score < beta) )
//!       score = -NS( depth+1, -beta, -alpha );   // re-search with (α, β), leaves included
//!   ```
//!
//! Inside the loop: uncertainty cut-offs (techniques/uncertainty.rs, Fig. 4's flags, on both
//! forms: on `pvs` an unsure scout is re-searched with `(α, β)` as the Chess Programming
//! Wiki's `pvs` does), check extensions (techniques/extensions.rs), late move reductions
//! (techniques/lmr.rs) and the forward-pruning remedies (techniques/remedies.rs).

use crate::game::{Game, INF, Value};
use crate::schema::{NodeKind, NodeType, PruneReason, StopReason};
use crate::search::Tracer;
use crate::search::config::Algorithm;
use crate::search::techniques::{extensions, remedies, uncertainty};
use crate::search::window::Window;
use crate::search::{Ctx, Frame, Node, Outcome, Res, Searcher};

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// Searches the node's ordered moves from its entry window and returns its fail-soft
    /// value, the index of the move that produced it, and why the loop stopped.
    pub(crate) fn search_moves(&mut self, n: &Node<'_, G>, f: &mut Frame<G::Move>) -> Outcome {
        let algo = self.cfg.algo;
        let p = n.ply as usize;
        let parent = p.checked_sub(1).map(|q| self.stack[q]);
        let uc = uncertainty::Gate::at(
            &self.cfg.uncertainty,
            n.ply,
            n.window,
            n.expected,
            parent.map_or(NodeType::Pv, |s| s.expected),
            f.moves.len(),
        );
        // Only late move reductions ask whether the side to move is in check.
        let in_check = self.cfg.lmr.enabled && n.pos.in_check();
        let beta = n.window.beta;
        let mut alpha = n.window.alpha;
        self.publish(n);
        let mut out = Outcome {
            value: -INF,
            reason: StopReason::AllMoves,
            best_index: None,
            uncertain: false,
            height: 0,
        };
        let mut uc_cut = false;
        for k in 0..f.order.len() {
            let o = f.order[k];
            let mv = f.moves[o.index as usize];
            let code = n.pos.move_code(mv, o.index as usize);
            let facts = n.pos.move_facts(mv);
            let noisy = facts.capture || facts.promotion;

            // Fig. 5: an uncertainty cut-off after CUT_RATIO of the moves; captures are still
            // searched (§5).
            if k > 0 && !noisy {
                if !uc_cut
                    && uc.cut_here(
                        k as u32,
                        out.value,
                        parent.map_or(Window::FULL, |s| s.window),
                    )
                {
                    self.tracer.uncertainty_cutoff(k as u32, uc.move_limit);
                    uc_cut = true;
                    out.uncertain = true;
                    out.reason = StopReason::UncertaintyCutoff;
                }
                if uc_cut {
                    self.tracer.pruned(code, PruneReason::Uncertainty);
                    continue;
                }
            }

            let child = n.pos.play(mv);
            let gives_check = self.cfg.check_extension && child.in_check();
            let (ext, kind) =
                extensions::extension(self.cfg.check_extension, gives_check, n.ply, self.iteration);
            let nd = n.depth - 1 + ext;
            let cexp = n.expected.child(k == 0);
            let reduce = self
                .cfg
                .lmr
                .reduces(k, n.depth, n.expected, noisy, gives_check, in_check);
            let ctx = Ctx {
                index: k as u32,
                code,
                kind,
                order: o.source,
            };
            let full = Window::new(alpha, beta).negate();
            let r = match algo {
                Algorithm::Minimax => -self.node(&child, n.ply + 1, nd, Window::FULL, cexp, ctx),
                Algorithm::AlphaBeta => {
                    self.scout(&child, n.ply, nd, full, alpha, cexp, ctx, reduce)
                }
                Algorithm::Pvs | Algorithm::PvsFull if k == 0 => {
                    -self.node(&child, n.ply + 1, nd, full, cexp, ctx)
                }
                Algorithm::Pvs | Algorithm::PvsFull => {
                    self.pvs_child(n, &child, nd, alpha, beta, cexp, ctx, reduce)
                }
            };
            if self.stopped.is_some() {
                out.reason = StopReason::Aborted;
                break;
            }
            if self.exact_scouts {
                // Only NegaScout's depth condition reads a node's height.
                out.height = out.height.max((r.height + 1).min(Outcome::DEEP));
            }
            self.tracer.child_returned(r.v);
            out.uncertain = uncertainty::backup(out.uncertain, r.unc, r.v >= beta);
            if r.v <= out.value {
                continue;
            }
            out.value = r.v;
            out.best_index = Some(k as u32);
            if algo == Algorithm::Minimax
                || (r.v <= alpha && (self.unstable || (self.exact_scouts && r.height == 0)))
            {
                // The node's value is this move's, so its line is this move's line (even below
                // α, when the search may be unstable: see `Searcher::unstable`; or when the
                // move leads to a static leaf of a plain search, whose value is exact, so that
                // a move searched before it had a lower value and any after it cannot be
                // higher: it is proven best).
                self.update_pv(f, n.ply, mv);
            } else if self.exact_scouts && r.v <= alpha && !f.pv.is_empty() {
                // A better move whose line is not known replaces that static leaf's line.
                f.pv.clear();
                f.line_stops = None;
            }
            if algo == Algorithm::Minimax || r.v <= alpha {
                continue;
            }
            self.tracer.alpha_raised(alpha, r.v);
            alpha = r.v;
            self.stack[p].window.alpha = alpha;
            self.update_pv(f, n.ply, mv);
            if self.cfg.cutoff.cuts(r.v, beta) {
                self.tracer.cutoff(r.v, beta);
                out.reason = StopReason::BetaCutoff;
                let side = n.pos.side();
                self.heur.cutoff(
                    &self.cfg.ordering,
                    code,
                    noisy,
                    n.depth,
                    p,
                    side,
                    n.ctx.code,
                );
                break;
            }
        }
        if out.value == -INF {
            // Stopped before any move returned, or every move pruned.
            out.value = 0;
        } else if out.reason == StopReason::AllMoves
            && self.cfg.ordering.history
            && let Some(o) = out.best_index.and_then(|k| f.order.get(k as usize))
        {
            // Schaeffer's history heuristic also learns from the best move of a node without
            // a cut-off (ordering.rs, `history_moves`).
            let code = n.pos.move_code(f.moves[o.index as usize], o.index as usize);
            self.heur
                .best(&self.cfg.ordering, code, n.depth, n.pos.side());
        }
        out
    }

    /// A later child of a PVS node: a null-window scout at α and, if it lands inside the
    /// window (or must be re-searched for uncertainty or by remedy 2), a re-search where the
    /// algorithm's pseudo-code makes one (module comment).
    ///
    /// The re-search window: `pvs_full` (Fig. 4) re-searches with `(α, β)`; `pvs` (NegaScout)
    /// with `(t, β)` for a scout value `t`, or `(α, β)` for an unsure scout (the Chess
    /// Programming Wiki's `pvs`, seed 001) and by remedy 3. `pvs` skips the re-search where the
    /// scout is exact by construction ([`Searcher::exact_scouts`]).
    #[allow(clippy::too_many_arguments)]
    fn pvs_child(
        &mut self,
        n: &Node<'_, G>,
        child: &G,
        nd: i32,
        alpha: Value,
        beta: Value,
        cexp: NodeType,
        ctx: Ctx,
        reduce: bool,
    ) -> Res {
        let nw = Window::null_at(alpha).negate();
        let r = self.scout(child, n.ply, nd, nw, alpha, cexp, ctx, reduce);
        if self.stopped.is_some() {
            return r;
        }
        // NegaScout's depth condition: the scout searched a static leaf, or a node whose
        // children were all static leaves; with no technique on, its value is exact.
        if self.exact_scouts && r.height <= 1 {
            return r;
        }
        // A node searched by the PV routine (the root, first children of PV nodes and
        // re-searches), whatever its window's width.
        let pv_node = n.expected == NodeType::Pv;
        let fwd = self.cfg.remedies();
        let research = uncertainty::must_research(&self.cfg.uncertainty, pv_node, r.unc)
            || remedies::closed_window_research(fwd, pv_node, r.v, alpha)
            || (r.v > alpha && r.v < beta);
        if !research {
            return r;
        }
        self.tracer.research();
        let lo = if r.unc || self.cfg.algo == Algorithm::PvsFull {
            alpha
        } else {
            remedies::research_lower_bound(fwd, r.v, alpha).unwrap_or(r.v)
        };
        let ctx = Ctx {
            kind: if ctx.kind == NodeKind::Reduced {
                NodeKind::Normal
            } else {
                ctx.kind
            },
            ..ctx
        };
        let w = Window::new(lo.max(alpha), beta).negate();
        -self.node(child, n.ply + 1, nd, w, NodeType::Pv, ctx)
    }

    /// One child search with window `w` at depth `nd` (alpha-beta's child call, and PVS's
    /// scout and re-search): the child's value from this node's view. A move that late move
    /// reductions reduce (`reduce`) is searched by [`Searcher::reduced_search`]
    /// (techniques/lmr.rs).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn scout(
        &mut self,
        child: &G,
        ply: u32,
        nd: i32,
        w: Window,
        alpha: Value,
        cexp: NodeType,
        ctx: Ctx,
        reduce: bool,
    ) -> Res {
        if reduce {
            return self.reduced_search(child, ply, nd, w, alpha, cexp, ctx);
        }
        -self.node(child, ply + 1, nd, w, cexp, ctx)
    }
}
