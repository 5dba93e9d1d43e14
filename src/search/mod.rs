//! Negamax fail-soft search: minimax, alpha-beta and NegaScout/PVS with iterative deepening,
//! and the papers' enhancements, each behind its own switch in [`SearchConfig`].
//!
//! The node search is written as numbered steps in the manner of Stockfish's `search()`, so the
//! trace's stop reasons and each technique have a named place.

pub mod config;
pub mod ordering;
pub mod techniques;
pub mod window;

use crate::game::Game;
use crate::game::INF;
use crate::game::Value;
use crate::search::config::{Algorithm, SearchConfig, UncertaintyMode};
use crate::search::ordering::Heuristics;
use crate::search::techniques::tt::{
    TranspositionTable, TtEntry, TtStats, value_from_tt, value_to_tt,
};
use crate::search::window::Window;
use crate::trace::Enter;
use crate::trace::Exit;
use crate::trace::Tracer;
use crate::trace::schema::Bound;
use crate::trace::schema::NodeKind;
use crate::trace::schema::NodeType;
use crate::trace::schema::NullVerdict;
use crate::trace::schema::OrderSource;
use crate::trace::schema::PruneReason;
use crate::trace::schema::StopReason;

/// Depth used for games searched to their leaves (explicit trees).
pub const UNBOUNDED_DEPTH: i32 = 10_000;
/// Deepest ply quiescence search may reach (the trace stores `ply` in a byte).
const MAX_PLY: u32 = 200;
const NO_MOVE: u16 = u16::MAX;

/// The moves the search considers at a node of `pos`: its legal moves, or, at a quiescence
/// node that is not in check, only its captures and promotions (`noisy_moves`). A node is a
/// quiescence node when quiescence search is on and its remaining depth is 0 or less. In check
/// a quiescence node considers every evasion. The trace lists the considered moves that no
/// child searched as pruned; this function is the one definition both use.
pub fn considered_moves<G: Game>(pos: &G, quiescence_node: bool, out: &mut Vec<G::Move>) {
    out.clear();
    if quiescence_node && !pos.in_check() {
        pos.noisy_moves(out);
    } else {
        pos.legal_moves(out);
    }
}

/// One root search of iterative deepening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration<M> {
    pub depth: i32,
    pub value: Value,
    pub best_move: Option<M>,
    /// Nodes searched in this iteration alone (aspiration re-searches included).
    pub nodes: u64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// Root value from the root side to move's view. Meaningless if `aborted` and no
    /// iteration finished.
    pub value: Value,
    pub best_move: Option<M>,
    /// Principal variation of the last finished iteration.
    pub pv: Vec<M>,
    /// Every node entered, leaves included.
    pub nodes: u64,
    /// The node cap stopped the search; values come from the last finished iteration.
    pub aborted: bool,
    /// The root value is uncertain (only the unsafe uncertainty cut-offs can cause this).
    pub uncertain: bool,
    pub iterations: Vec<Iteration<M>>,
    pub tt: Option<TtStats>,
}

/// A value with the uncertainty flag of Björnsson et al. (1997), Fig. 4.
#[derive(Clone, Copy, Debug)]
struct Res {
    v: Value,
    unc: bool,
}

impl core::ops::Neg for Res {
    type Output = Res;
    fn neg(self) -> Res {
        Res {
            v: -self.v,
            unc: self.unc,
        }
    }
}

/// What the parent passes to a child besides position, depth and window.
#[derive(Clone, Copy, Debug)]
struct Ctx {
    index: u32,
    code: u16,
    kind: NodeKind,
    order: OrderSource,
    /// Null moves are allowed (never two in a row).
    null_ok: bool,
    /// Verified null-move pruning: verification is on in this subtree.
    verify: bool,
    /// Inside a pre-searched subtree (no recursive pre-searches).
    presearch: bool,
    /// The parent's window and expected type when it called this child (Fig. 5's
    /// `SearchInfo[depth-1]`).
    parent_window: Window,
    parent_expected: NodeType,
}

impl Ctx {
    fn root() -> Ctx {
        Ctx {
            index: 0,
            code: NO_MOVE,
            kind: NodeKind::Normal,
            order: OrderSource::Generated,
            null_ok: true,
            verify: true,
            presearch: false,
            parent_window: Window::FULL,
            parent_expected: NodeType::Pv,
        }
    }
}

/// A search over game `G`, reporting to tracer `T`. Monomorphized per tracer: with
/// [`crate::trace::NoTrace`] every trace call compiles away.
pub struct Searcher<'t, G: Game, T: Tracer> {
    cfg: SearchConfig,
    tracer: &'t mut T,
    nodes: u64,
    stopped: bool,
    /// Keys of the positions on the current path, for repetition detection.
    keys: Vec<u64>,
    /// One move buffer and one ordering buffer per ply, reused so the hot path never allocates.
    move_bufs: Vec<Vec<G::Move>>,
    order_bufs: Vec<Vec<(i32, u32, OrderSource)>>,
    /// Triangular PV table: `pv[ply]` is the best line found from that ply.
    pv: Vec<Vec<G::Move>>,
    /// Best root move of the previous iteration, searched first.
    root_first: Option<G::Move>,
    tt: Option<TranspositionTable>,
    heur: Heuristics,
    /// Nominal depth of the current root search (pre-search's `IDDepth`).
    iteration: i32,
}

impl<'t, G: Game, T: Tracer> Searcher<'t, G, T> {
    pub fn new(cfg: SearchConfig, tracer: &'t mut T) -> Self {
        let tt = cfg.tt.enabled.then(|| TranspositionTable::new(&cfg.tt));
        let heur = Heuristics::new(&cfg.ordering);
        Searcher {
            cfg,
            tracer,
            nodes: 0,
            stopped: false,
            keys: Vec::with_capacity(128),
            move_bufs: Vec::new(),
            order_bufs: Vec::new(),
            pv: Vec::new(),
            root_first: None,
            tt,
            heur,
            iteration: 0,
        }
    }

    /// Searches `root` to `cfg.depth` (iteratively if `cfg.iterative`).
    pub fn run(mut self, root: &G) -> SearchResult<G::Move> {
        let full = self.cfg.depth as i32;
        self.run_depths(root, if self.cfg.iterative { 1 } else { full }, full)
    }

    /// Searches a game whose leaves end the search (explicit trees), ignoring `cfg.depth`.
    pub fn run_to_leaves(mut self, root: &G) -> SearchResult<G::Move> {
        self.run_depths(root, UNBOUNDED_DEPTH, UNBOUNDED_DEPTH)
    }

    fn run_depths(&mut self, root: &G, first: i32, last: i32) -> SearchResult<G::Move> {
        let mut result = SearchResult {
            value: 0,
            best_move: None,
            pv: Vec::new(),
            nodes: 0,
            aborted: false,
            uncertain: false,
            iterations: Vec::new(),
            tt: None,
        };
        for depth in first..=last {
            let before = self.nodes;
            self.iteration = depth;
            if self.cfg.ordering.history_aging && depth > first {
                self.heur.age();
            }
            // Aspiration windows (Hsu, slide 18, IDAS): a window around the previous value,
            // widened on the failing side, with a doubling width, after each failure.
            let asp = &self.cfg.aspiration;
            let mut delta = asp.width;
            let mut window = match result.iterations.last() {
                Some(prev) if asp.enabled => Window::new(
                    prev.value.saturating_sub(delta).max(-INF),
                    prev.value.saturating_add(delta).min(INF),
                ),
                _ => Window::FULL,
            };
            let res = loop {
                self.tracer.begin_iteration(depth);
                self.keys.clear();
                let r = self.node(root, 0, depth, window, NodeType::Pv, Ctx::root());
                if self.stopped {
                    break r;
                }
                let widen = |d: i32| d.saturating_mul(2);
                if r.v <= window.alpha && window.alpha > -INF {
                    self.tracer.aspiration_fail(window.alpha, window.beta, r.v);
                    delta = widen(delta);
                    window.alpha = r.v.saturating_sub(delta).max(-INF);
                } else if r.v >= window.beta && window.beta < INF {
                    self.tracer.aspiration_fail(window.alpha, window.beta, r.v);
                    delta = widen(delta);
                    window.beta = r.v.saturating_add(delta).min(INF);
                } else {
                    break r;
                }
            };
            if self.stopped {
                self.tracer.aborted(self.nodes);
                result.aborted = true;
                if result.iterations.is_empty() {
                    result.value = res.v;
                }
                break;
            }
            let best = self.pv.first().and_then(|l| l.first().copied());
            self.root_first = best;
            result.value = res.v;
            result.uncertain = res.unc;
            result.best_move = best;
            result.pv = self.pv.first().cloned().unwrap_or_default();
            result.iterations.push(Iteration {
                depth,
                value: res.v,
                best_move: best,
                nodes: self.nodes - before,
            });
        }
        result.nodes = self.nodes;
        result.tt = self.tt.as_ref().map(|t| t.stats);
        result
    }

    /// The node search. Returns a fail-soft value from the side to move's view, with the
    /// uncertainty flag.
    fn node(
        &mut self,
        pos: &G,
        ply: u32,
        mut depth: i32,
        window: Window,
        expected: NodeType,
        ctx: Ctx,
    ) -> Res {
        // Step 1. Node cap: stop before entering, so every recorded node is a real one.
        if self.stopped || (self.cfg.node_cap != 0 && self.nodes >= self.cfg.node_cap) {
            self.stopped = true;
            return Res { v: 0, unc: false };
        }
        self.nodes += 1;
        self.tracer.enter(&Enter {
            ply,
            depth,
            window,
            expected,
            index: ctx.index,
            move_code: ctx.code,
            kind: ctx.kind,
            order: ctx.order,
        });
        let p = ply as usize;
        if self.pv.len() <= p + 1 {
            self.pv.resize_with(p + 2, Vec::new);
            self.move_bufs.resize_with(p + 2, Vec::new);
            self.order_bufs.resize_with(p + 2, Vec::new);
        }
        self.pv[p].clear();

        // Step 2. Draws by rule and repetitions of a position on the current path.
        let key = pos.key();
        if ply > 0 {
            if pos.is_rule_draw() {
                return self.leave(0, window, StopReason::Draw, None, false);
            }
            if self.is_repetition(key, pos.repetition_horizon()) {
                return self.leave(0, window, StopReason::Repetition, None, false);
            }
        }

        // Step 3. Horizon: quiescence search, or a static evaluation unless the side to move
        // is in check (then the moves are generated so that checkmate is recognised).
        if depth <= 0 {
            if self.cfg.quiescence.enabled {
                return self.quiesce(pos, ply, window, expected);
            }
            if !pos.in_check() {
                return self.leave(pos.evaluate(), window, StopReason::Leaf, None, false);
            }
        }

        // Step 4. Transposition table (Björnsson et al. Fig. 4: an uncertain entry only
        // suggests a move). Cut-offs only at non-PV nodes, so the PV stays whole.
        let mut tt_move = NO_MOVE;
        let mut presearched = false;
        if depth > 0
            && let Some(tt) = self.tt.as_mut()
            && let Some(e) = tt.probe(key)
        {
            tt_move = e.best;
            let v = value_from_tt(e.value, ply, G::MATE_BOUND);
            let usable = !e.uncertain && e.depth as i32 >= depth && expected != NodeType::Pv;
            let cut = usable
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= window.beta,
                    Bound::Upper => v <= window.alpha,
                };
            self.tracer.tt_hit(&e, cut);
            if cut {
                return self.leave(v, window, StopReason::TtCutoff, None, false);
            }
            // Step 4a. Pre-searching (Hlynka & Schaeffer, Fig. 3): an entry from an earlier
            // iteration whose deep node will need `new_depth` here.
            let ps = &self.cfg.presearch;
            let tt_iteration = e.iteration as i32;
            if ps.enabled && tt_iteration != self.iteration {
                let new_depth = e.depth as i32 + (self.iteration - tt_iteration);
                // presearchFilter (Fig. 4).
                let ok = !ctx.presearch
                    && new_depth > depth
                    && new_depth - depth <= ps.risk
                    && tt_iteration - e.depth as i32 <= ps.near_root
                    && depth >= ps.near_leaf;
                if ok {
                    self.tracer.presearch(depth, new_depth, tt_iteration as u32);
                    depth = new_depth;
                    presearched = true;
                }
            }
        }
        let presearch = ctx.presearch || presearched;

        // Forward pruning acts only in null-window searches below the root (slides: "forward
        // pruning only for the NWS part").
        let algo = self.cfg.algo;
        let prunable =
            ply > 0 && expected != NodeType::Pv && algo != Algorithm::Minimax && window.is_null();

        // Step 5. Null-move pruning (Enhanced Forward Pruning slides, §3), verified form after
        // David & Netanyahu (2002): on a fail-high under verification, reduce depth by one
        // and search on with verification off.
        let nm = self.cfg.null_move;
        let mut verify = ctx.verify;
        let mut null_fail_high = false;
        if nm.enabled
            && prunable
            && ctx.null_ok
            && depth >= 2
            && !pos.in_check()
            && (nm.verified || !pos.zugzwang_likely())
            && let Some(child) = pos.null_move()
        {
            let r = if nm.adaptive {
                if depth > 6 { 3 } else { 2 }
            } else {
                nm.r
            };
            let w = Window::new(window.beta - 1, window.beta).negate();
            let c = Ctx {
                index: u32::MAX,
                code: NO_MOVE,
                kind: NodeKind::Null,
                order: OrderSource::Generated,
                null_ok: false,
                verify,
                presearch,
                parent_window: window,
                parent_expected: expected,
            };
            self.keys.push(key);
            let v = -self.node(&child, ply + 1, depth - r - 1, w, expected.child(false), c);
            self.keys.pop();
            if self.stopped {
                return self.leave(0, window, StopReason::Aborted, None, false);
            }
            if v.v >= window.beta {
                if nm.verified && verify {
                    self.tracer
                        .null_verdict(v.v, window.beta, NullVerdict::Verify);
                    depth -= 1;
                    verify = false;
                    null_fail_high = true;
                } else {
                    self.tracer
                        .null_verdict(v.v, window.beta, NullVerdict::Cutoff);
                    // Mate scores from a pass are not proofs; return β instead.
                    let value = if v.v >= G::MATE_BOUND {
                        window.beta
                    } else {
                        v.v
                    };
                    return self.leave(value, window, StopReason::NullMoveCutoff, None, v.unc);
                }
            } else {
                self.tracer
                    .null_verdict(v.v, window.beta, NullVerdict::FailLow);
            }
        }

        // Step 6. Generate the moves; a node without moves is a leaf or a terminal position.
        let mut moves = core::mem::take(&mut self.move_bufs[p]);
        moves.clear();
        pos.legal_moves(&mut moves);
        self.tracer.moves_generated(moves.len() as u32);
        if moves.is_empty() {
            self.move_bufs[p] = moves;
            let (value, reason) = if pos.is_leaf() {
                (pos.evaluate(), StopReason::Leaf)
            } else {
                (pos.no_moves_value(ply), StopReason::Terminal)
            };
            return self.leave(value, window, reason, None, false);
        }
        if depth <= 0 {
            // In check at the horizon and not mated: evaluate.
            self.move_bufs[p] = moves;
            return self.leave(pos.evaluate(), window, StopReason::Leaf, None, false);
        }

        // Step 7. Order the moves: TT move, MVV-LVA captures, killers, refutation, history.
        let mut order = core::mem::take(&mut self.order_bufs[p]);
        self.order_moves(pos, &moves, &mut order, tt_move, p, ctx.code);

        // Step 8. Multi-cut (MC-C at expected CUT nodes, MC-A at expected ALL nodes): the
        // first M moves searched R plies shallower; C fail-highs cut the node, returning β
        // (remedy 1 of the slides for forward pruning in PVS).
        let mc = self.cfg.multi_cut;
        let mc_here =
            (mc.mc_c && expected == NodeType::Cut) || (mc.mc_a && expected == NodeType::All);
        self.keys.push(key);
        if mc_here && prunable && depth - 1 - mc.r >= 0 {
            let (m, c, r) = (mc.m as usize, mc.c, mc.r);
            let (mut cuts, mut probes) = (0u32, 0u32);
            let w = window.negate();
            for (k, &(_, gi, src)) in order.iter().take(m).enumerate() {
                let mv = moves[gi as usize];
                let child = pos.play(mv);
                let cctx = Ctx {
                    index: k as u32,
                    code: pos.move_code(mv, gi as usize),
                    kind: NodeKind::McProbe,
                    order: src,
                    null_ok: true,
                    verify,
                    presearch,
                    parent_window: window,
                    parent_expected: expected,
                };
                let v = -self.node(
                    &child,
                    ply + 1,
                    depth - 1 - r,
                    w,
                    expected.child(k == 0),
                    cctx,
                );
                if self.stopped {
                    break;
                }
                probes += 1;
                if v.v >= window.beta {
                    cuts += 1;
                    if cuts >= c {
                        break;
                    }
                }
            }
            if self.stopped {
                self.keys.pop();
                self.move_bufs[p] = moves;
                self.order_bufs[p] = order;
                return self.leave(0, window, StopReason::Aborted, None, false);
            }
            let cut = cuts >= c;
            self.tracer.multi_cut(cuts, c, probes, cut);
            if cut {
                self.keys.pop();
                self.move_bufs[p] = moves;
                self.order_bufs[p] = order;
                return self.leave(window.beta, window, StopReason::MultiCut, None, false);
            }
        }

        // Step 9. Search the moves (alpha-beta or NegaScout), with uncertainty cut-offs
        // (Björnsson et al. 1997, Fig. 4 and 5), check extensions and LMR.
        let uc = self.cfg.uncertainty.mode;
        let uc_here = window.is_null()
            && ply > 0
            && match uc {
                UncertaintyMode::Off => false,
                UncertaintyMode::Safe => {
                    expected == NodeType::Cut && ctx.parent_expected == NodeType::Pv
                }
                UncertaintyMode::General => expected == NodeType::Cut,
                UncertaintyMode::UnsafeAll => expected != NodeType::Pv,
            };
        let move_limit = (moves.len() as f64 * self.cfg.uncertainty.cut_ratio) as u32;
        let fwd = self.cfg.forward_pruning();
        let beta = window.beta;
        let (mut best, mut best_index, mut best_code, mut uncertain, mut reason);
        loop {
            let mut alpha = window.alpha;
            best = -INF;
            best_index = None;
            best_code = NO_MOVE;
            uncertain = false;
            reason = StopReason::AllMoves;
            let mut uc_cut = false;
            for (k, &(_, gi, src)) in order.iter().enumerate() {
                let mv = moves[gi as usize];
                let facts = pos.move_facts(mv);
                let noisy = facts.capture || facts.promotion;
                // Fig. 5, UncertaintyCutoff: after CUT_RATIO of the moves without a cut-off,
                // stop; captures are always searched. The safe form prunes only when the value
                // would make the PV parent re-search this node anyway.
                if uc_here && k > 0 && !noisy {
                    if !uc_cut
                        && k as u32 > move_limit
                        && (uc != UncertaintyMode::Safe
                            || (-best > ctx.parent_window.alpha && -best < ctx.parent_window.beta))
                    {
                        self.tracer.uncertainty_cutoff(k as u32, move_limit);
                        uc_cut = true;
                        uncertain = true;
                        reason = StopReason::UncertaintyCutoff;
                    }
                    if uc_cut {
                        self.tracer
                            .pruned(pos.move_code(mv, gi as usize), PruneReason::Uncertainty);
                        continue;
                    }
                }
                let child = pos.play(mv);
                let code = pos.move_code(mv, gi as usize);
                let first = k == 0;
                let cexp = expected.child(first);
                let gives_check = self.cfg.check_extension && child.in_check();
                let ext = i32::from(gives_check && (ply as i32) < 2 * self.iteration);
                let nd = depth - 1 + ext;
                let kind = if ext > 0 {
                    NodeKind::Extended
                } else {
                    NodeKind::Normal
                };
                let lmr = &self.cfg.lmr;
                let reduce = lmr.enabled
                    && k as u32 >= lmr.k
                    && depth >= 3
                    && expected != NodeType::Pv
                    && !noisy
                    && !gives_check
                    && !pos.in_check();
                let cctx = Ctx {
                    index: k as u32,
                    code,
                    kind,
                    order: src,
                    null_ok: true,
                    verify,
                    presearch,
                    parent_window: Window::new(alpha, beta),
                    parent_expected: expected,
                };
                let full = Window::new(alpha, beta).negate();
                let r = match algo {
                    Algorithm::Minimax => -self.node(&child, ply + 1, nd, Window::FULL, cexp, cctx),
                    Algorithm::AlphaBeta => {
                        self.scout(&child, ply, nd, full, alpha, cexp, cctx, reduce)
                    }
                    Algorithm::Pvs if first => -self.node(&child, ply + 1, nd, full, cexp, cctx),
                    Algorithm::Pvs => {
                        // NegaScout (Reinefeld 1983) as in Fig. 4 and the CPW `pvs` code: a
                        // null-window scout, then a re-search if it lands inside the window.
                        let nw = Window::null_at(alpha).negate();
                        let mut r = self.scout(&child, ply, nd, nw, alpha, cexp, cctx, reduce);
                        // A node searched by the PV routine (the root, first children of PV
                        // nodes and re-searches), whatever its window's width.
                        let pv_node = expected == NodeType::Pv;
                        let unsure = r.unc && pv_node && uc != UncertaintyMode::UnsafeAll;
                        // Remedy 2 of the slides: with forward pruning, a scout returning α+1
                        // at a PV node is re-searched even when the window closed.
                        let closed = fwd && pv_node && r.v == alpha + 1;
                        if !self.stopped && (unsure || closed || (r.v > alpha && r.v < beta)) {
                            self.tracer.research();
                            // Remedy 3: after α+1 (or an uncertain value, which is no bound),
                            // re-search with α as the lower bound, not the scout's value.
                            let lo = if r.unc || (fwd && r.v == alpha + 1) {
                                alpha
                            } else {
                                r.v
                            };
                            let w = Window::new(lo, beta).negate();
                            let c = Ctx {
                                kind: if kind == NodeKind::Reduced {
                                    NodeKind::Normal
                                } else {
                                    kind
                                },
                                ..cctx
                            };
                            r = -self.node(&child, ply + 1, nd, w, NodeType::Pv, c);
                        }
                        r
                    }
                };
                if self.stopped {
                    reason = StopReason::Aborted;
                    break;
                }
                self.tracer.child_returned(r.v);
                // Fig. 4: a fail-low node is uncertain if any child was; a cut-off takes the
                // cutting child's certainty.
                if r.v >= beta {
                    uncertain = r.unc;
                } else {
                    uncertain |= r.unc;
                }
                if r.v > best {
                    best = r.v;
                    best_index = Some(k as u32);
                    best_code = code;
                    if algo == Algorithm::Minimax {
                        self.update_pv(p, mv);
                    } else if r.v > alpha {
                        self.tracer.alpha_raised(alpha, r.v);
                        alpha = r.v;
                        self.update_pv(p, mv);
                        if r.v >= beta {
                            self.tracer.cutoff(r.v, beta);
                            reason = StopReason::BetaCutoff;
                            if !noisy {
                                let side = pos.side();
                                self.heur.cutoff(
                                    &self.cfg.ordering,
                                    code,
                                    depth,
                                    p,
                                    side,
                                    ctx.code,
                                );
                            }
                            break;
                        }
                    }
                }
            }
            // Verified null-move pruning: the null move failed high but the reduced search
            // did not: zugzwang. Restore the depth and search again with verification on.
            if null_fail_high && best < beta && !self.stopped {
                self.tracer.zugzwang(best, beta);
                depth += 1;
                null_fail_high = false;
                verify = true;
                continue;
            }
            break;
        }
        self.keys.pop();
        self.move_bufs[p] = moves;
        self.order_bufs[p] = order;
        if reason == StopReason::Aborted {
            let v = if best == -INF { 0 } else { best };
            return self.leave(v, window, reason, best_index, uncertain);
        }

        // Step 10. Store in the transposition table. Uncertain results are stored flagged
        // (move only); with forward pruning, CUT nodes failing low with value α are not stored
        // (remedy 4 of the slides).
        if let Some(tt) = self.tt.as_mut() {
            let bound = window.bound_of(best);
            let skip =
                fwd && expected == NodeType::Cut && bound == Bound::Upper && best == window.alpha;
            if !skip {
                tt.store(TtEntry {
                    key,
                    value: value_to_tt(best, ply, G::MATE_BOUND),
                    depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                    bound,
                    best: best_code,
                    iteration: self.iteration.clamp(0, u16::MAX as i32) as u16,
                    uncertain,
                    presearched,
                });
            }
        }

        // Step 11. Return the fail-soft value.
        self.leave(best, window, reason, best_index, uncertain)
    }

    /// A null-window (or alpha-beta) child search with late move reductions (Hsu, slide 43):
    /// a reduced move that fails high is searched again at full depth.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn scout(
        &mut self,
        child: &G,
        ply: u32,
        nd: i32,
        w: Window,
        alpha: Value,
        cexp: NodeType,
        cctx: Ctx,
        reduce: bool,
    ) -> Res {
        if !reduce {
            return -self.node(child, ply + 1, nd, w, cexp, cctx);
        }
        let h = self.cfg.lmr.h;
        let c = Ctx {
            kind: NodeKind::Reduced,
            ..cctx
        };
        let r = -self.node(child, ply + 1, nd - h, w, cexp, c);
        if r.v > alpha && !self.stopped {
            self.tracer.research();
            let c = Ctx {
                kind: NodeKind::LmrResearch,
                ..cctx
            };
            return -self.node(child, ply + 1, nd, w, cexp, c);
        }
        r
    }

    /// Scores and sorts the moves. Ties keep generation order, so the search is deterministic.
    fn order_moves(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        order: &mut Vec<(i32, u32, OrderSource)>,
        tt_move: u16,
        p: usize,
        prev: u16,
    ) {
        order.clear();
        let op = &self.cfg.ordering;
        let any = op.any();
        let side = pos.side();
        let root_first = if p == 0 { self.root_first } else { None };
        for (i, &mv) in moves.iter().enumerate() {
            let (mut s, mut src) = if any {
                let code = pos.move_code(mv, i);
                self.heur
                    .score(op, code, pos.move_facts(mv), tt_move, p, side, prev)
            } else {
                (0, OrderSource::Generated)
            };
            if root_first == Some(mv) && src != OrderSource::Tt {
                (s, src) = (5_000_000, OrderSource::PreviousBest);
            }
            order.push((s, i as u32, src));
        }
        if any || root_first.is_some() {
            order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        }
    }

    /// Quiescence search (Hsu, slide 50) at an already-entered horizon node: stand pat, then
    /// captures and promotions by MVV-LVA, losing captures (SEE < 0) pruned; in check, every
    /// evasion and no stand pat.
    fn quiesce(&mut self, pos: &G, ply: u32, window: Window, expected: NodeType) -> Res {
        let p = ply as usize;
        let in_check = pos.in_check();
        let mut moves = core::mem::take(&mut self.move_bufs[p]);
        moves.clear();
        let mut best = -INF;
        let mut alpha = window.alpha;
        if in_check {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                self.move_bufs[p] = moves;
                let v = pos.no_moves_value(ply);
                return self.leave(v, window, StopReason::Terminal, None, false);
            }
        } else {
            best = pos.evaluate();
            if best >= window.beta || ply >= MAX_PLY {
                self.move_bufs[p] = moves;
                let reason = if ply >= MAX_PLY {
                    StopReason::Leaf
                } else {
                    StopReason::StandPat
                };
                return self.leave(best, window, reason, None, false);
            }
            alpha = alpha.max(best);
            pos.noisy_moves(&mut moves);
        }
        self.tracer.moves_generated(moves.len() as u32);
        if moves.is_empty() {
            self.move_bufs[p] = moves;
            return self.leave(best, window, StopReason::Leaf, None, false);
        }
        let mut order = core::mem::take(&mut self.order_bufs[p]);
        order.clear();
        for (i, &mv) in moves.iter().enumerate() {
            let f = pos.move_facts(mv);
            let (s, src) = if f.capture || f.promotion {
                (
                    f.victim * 64 - f.attacker / 16 + 1_000_000,
                    OrderSource::Capture,
                )
            } else {
                (0, OrderSource::Generated)
            };
            order.push((s, i as u32, src));
        }
        order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let beta = window.beta;
        let mut reason = StopReason::AllMoves;
        let mut best_index = None;
        self.keys.push(pos.key());
        for (k, &(_, gi, src)) in order.iter().enumerate() {
            let mv = moves[gi as usize];
            if !in_check && self.cfg.quiescence.see_pruning && pos.see(mv) < 0 {
                self.tracer
                    .pruned(pos.move_code(mv, gi as usize), PruneReason::See);
                continue;
            }
            let child = pos.play(mv);
            let c = Ctx {
                index: k as u32,
                code: pos.move_code(mv, gi as usize),
                kind: NodeKind::Quiescence,
                order: src,
                ..Ctx::root()
            };
            let w = Window::new(alpha, beta).negate();
            let r = -self.node(&child, ply + 1, 0, w, expected.child(k == 0), c);
            if self.stopped {
                reason = StopReason::Aborted;
                break;
            }
            self.tracer.child_returned(r.v);
            if r.v > best {
                best = r.v;
                best_index = Some(k as u32);
                if r.v > alpha {
                    self.tracer.alpha_raised(alpha, r.v);
                    alpha = r.v;
                    if r.v >= beta {
                        self.tracer.cutoff(r.v, beta);
                        reason = StopReason::BetaCutoff;
                        break;
                    }
                }
            }
        }
        self.keys.pop();
        self.move_bufs[p] = moves;
        self.order_bufs[p] = order;
        let v = if best == -INF { 0 } else { best };
        self.leave(v, window, reason, best_index, false)
    }

    #[inline(always)]
    fn leave(
        &mut self,
        value: Value,
        window: Window,
        reason: StopReason,
        best_index: Option<u32>,
        uncertain: bool,
    ) -> Res {
        self.tracer.exit(&Exit {
            value,
            bound: window.bound_of(value),
            reason,
            uncertain,
            best_index,
        });
        Res {
            v: value,
            unc: uncertain,
        }
    }

    #[inline(always)]
    fn update_pv(&mut self, p: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(p + 1);
        let line = &mut head[p];
        line.clear();
        line.push(mv);
        if let Some(child) = tail.first() {
            line.extend_from_slice(child);
        }
    }

    /// A repetition of a position on the path with the same side to move, within the plies
    /// since the last irreversible move.
    #[inline(always)]
    fn is_repetition(&self, key: u64, horizon: u32) -> bool {
        if horizon < 2 {
            return false;
        }
        let n = self.keys.len();
        let reach = (horizon as usize).min(n);
        (2..=reach)
            .step_by(2)
            .any(|back| self.keys[n - back] == key)
    }
}
