//! Negamax fail-soft search: minimax, alpha-beta and NegaScout/PVS, with iterative deepening.
//!
//! The node search is written as numbered steps in the manner of Stockfish's `search()`, so the
//! trace's stop reasons and the enhancements added later have a named place to go.

use crate::config::{Algorithm, SearchConfig};
use crate::game::Game;
use crate::trace::{Enter, Exit, Tracer};
use crate::types::{INF, NodeType, StopReason, Value, Window};

/// Depth used for games searched to their leaves (explicit trees).
pub const UNBOUNDED_DEPTH: i32 = 10_000;

/// One root search of iterative deepening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration<M> {
    pub depth: i32,
    pub value: Value,
    pub best_move: Option<M>,
    /// Nodes searched in this iteration alone.
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
    pub iterations: Vec<Iteration<M>>,
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
    /// One move buffer per ply, reused so the hot path never allocates.
    move_bufs: Vec<Vec<G::Move>>,
    /// Triangular PV table: `pv[ply]` is the best line found from that ply.
    pv: Vec<Vec<G::Move>>,
    /// Best root move of the previous iteration, searched first.
    root_first: Option<G::Move>,
}

impl<'t, G: Game, T: Tracer> Searcher<'t, G, T> {
    pub fn new(cfg: SearchConfig, tracer: &'t mut T) -> Self {
        Searcher {
            cfg,
            tracer,
            nodes: 0,
            stopped: false,
            keys: Vec::with_capacity(128),
            move_bufs: Vec::new(),
            pv: Vec::new(),
            root_first: None,
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
            iterations: Vec::new(),
        };
        for depth in first..=last {
            let before = self.nodes;
            self.tracer.begin_iteration(depth);
            self.keys.clear();
            let value = self.node(root, 0, depth, Window::FULL, NodeType::Pv, 0, 0);
            if self.stopped {
                self.tracer.aborted(self.nodes);
                result.aborted = true;
                if result.iterations.is_empty() {
                    result.value = value;
                }
                break;
            }
            let best = self.pv.first().and_then(|l| l.first().copied());
            self.root_first = best;
            result.value = value;
            result.best_move = best;
            result.pv = self.pv.first().cloned().unwrap_or_default();
            result.iterations.push(Iteration {
                depth,
                value,
                best_move: best,
                nodes: self.nodes - before,
            });
        }
        result.nodes = self.nodes;
        result
    }

    /// The node search. Returns a fail-soft value from the side to move's view.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &G,
        ply: u32,
        depth: i32,
        window: Window,
        expected: NodeType,
        index: u32,
        move_code: u16,
    ) -> Value {
        // Step 1. Node cap: stop before entering, so every recorded node is a real one.
        if self.stopped || (self.cfg.node_cap != 0 && self.nodes >= self.cfg.node_cap) {
            self.stopped = true;
            return 0;
        }
        self.nodes += 1;
        self.tracer.enter(&Enter {
            ply,
            depth,
            window,
            expected,
            index,
            move_code,
        });
        let p = ply as usize;
        if self.pv.len() <= p {
            self.pv.resize_with(p + 1, Vec::new);
            self.move_bufs.resize_with(p + 1, Vec::new);
        }
        self.pv[p].clear();

        // Step 2. Draws by rule and repetitions of a position on the current path.
        let key = pos.key();
        if ply > 0 {
            if pos.is_rule_draw() {
                return self.leave(0, window, StopReason::Draw, None);
            }
            if self.is_repetition(key, pos.repetition_horizon()) {
                return self.leave(0, window, StopReason::Repetition, None);
            }
        }

        // Step 3. Horizon: a static evaluation, unless the side to move is in check (then the
        // moves are generated so that checkmate is recognised).
        if depth <= 0 && !pos.in_check() {
            return self.leave(pos.evaluate(), window, StopReason::Leaf, None);
        }

        // Step 4. Generate moves; a node without moves is a leaf or a terminal position.
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
            return self.leave(value, window, reason, None);
        }
        if depth <= 0 {
            // In check at the horizon and not mated: evaluate.
            self.move_bufs[p] = moves;
            return self.leave(pos.evaluate(), window, StopReason::Leaf, None);
        }
        if ply == 0
            && let Some(first) = self.root_first
            && let Some(i) = moves.iter().position(|&m| m == first)
        {
            moves[..=i].rotate_right(1);
        }

        // Step 5. Search the moves.
        self.keys.push(key);
        let algo = self.cfg.algo;
        let beta = window.beta;
        let mut alpha = window.alpha;
        let mut best = -INF;
        let mut best_index = None;
        let mut reason = StopReason::AllMoves;
        for (i, &mv) in moves.iter().enumerate() {
            let child = pos.play(mv);
            let code = pos.move_code(mv, i);
            let first = i == 0;
            let cexp = expected.child(first);
            let i32_ = i as u32;
            let value = match algo {
                Algorithm::Minimax => {
                    -self.node(&child, ply + 1, depth - 1, Window::FULL, cexp, i32_, code)
                }
                Algorithm::AlphaBeta => {
                    let w = Window::new(alpha, beta).negate();
                    -self.node(&child, ply + 1, depth - 1, w, cexp, i32_, code)
                }
                Algorithm::Pvs if first => {
                    let w = Window::new(alpha, beta).negate();
                    -self.node(&child, ply + 1, depth - 1, w, cexp, i32_, code)
                }
                Algorithm::Pvs => {
                    // NegaScout (Reinefeld 1983): prove the move is no better with a null
                    // window; if it is, re-search with (v, β) as in the CPW `pvs` code.
                    let w = Window::null_at(alpha).negate();
                    let v = -self.node(&child, ply + 1, depth - 1, w, cexp, i32_, code);
                    if v > alpha && v < beta && !self.stopped {
                        self.tracer.research();
                        let w = Window::new(v, beta).negate();
                        -self.node(&child, ply + 1, depth - 1, w, NodeType::Pv, i32_, code)
                    } else {
                        v
                    }
                }
            };
            if self.stopped {
                reason = StopReason::Aborted;
                break;
            }
            self.tracer.child_returned(value);
            if value > best {
                best = value;
                best_index = Some(i32_);
                if algo == Algorithm::Minimax {
                    self.update_pv(p, mv);
                } else if value > alpha {
                    self.tracer.alpha_raised(alpha, value);
                    alpha = value;
                    self.update_pv(p, mv);
                    if value >= beta {
                        self.tracer.cutoff(value, beta);
                        reason = StopReason::BetaCutoff;
                        break;
                    }
                }
            }
        }
        self.keys.pop();
        self.move_bufs[p] = moves;

        // Step 6. Return the fail-soft value.
        let value = if reason == StopReason::Aborted && best == -INF {
            0
        } else {
            best
        };
        self.leave(value, window, reason, best_index)
    }

    #[inline(always)]
    fn leave(
        &mut self,
        value: Value,
        window: Window,
        reason: StopReason,
        best_index: Option<u32>,
    ) -> Value {
        self.tracer.exit(&Exit {
            value,
            bound: window.bound_of(value),
            reason,
            uncertain: false,
            best_index,
        });
        value
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
