//! Negamax fail-soft search: minimax, alpha-beta and NegaScout/PVS with iterative deepening,
//! and the papers' enhancements, each behind its own switch in [`SearchConfig`].
//!
//! The node search ([`Searcher::node`]) is written as numbered steps in the manner of
//! Stockfish's `search()`; each step that belongs to a technique is one call into that
//! technique's module under [`techniques`], where its paper, parameters, gate and steps live
//! together. Move ordering is in [`ordering`], quiescence search in [`quiescence`], and the
//! loop over the moves (alpha-beta, PVS scouts and re-searches) in [`moves`].

pub mod chance;
pub mod config;
pub mod frac;
mod moves;
pub mod ordering;
pub mod params;
pub mod quiescence;
pub mod soundness;
pub mod techniques;
pub mod tracer;
pub mod window;

pub use tracer::{Enter, Exit, Hook, Hooked, NoTrace, Tee, Tracer, TtHit};

use crate::game::{Game, INF, Value};
use crate::schema::{NONE16, NodeKind, NodeType, OrderSource, StopReason};
use crate::search::config::{Algorithm, SearchConfig, UncertaintyMode};
use crate::search::ordering::{Heuristics, Ordered};
use crate::search::techniques::tt::{TranspositionTable, TtStats};
use crate::search::window::Window;
use serde::{Deserialize, Serialize};

/// Depth used for games searched to their leaves (explicit trees).
pub const UNBOUNDED_DEPTH: i32 = 10_000;
/// Deepest ply the search may reach (quiescence and extensions stop here).
pub const MAX_PLY: u32 = 200;

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

/// Why a search stopped before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopCause {
    /// The node cap (`SearchConfig::node_cap`) was reached.
    NodeCap,
    /// The tracer's memory budget was reached (see [`Tracer::over_budget`]).
    MemoryBudget,
    /// Someone stopped it by hand (the page's Stop button); the search itself never reports
    /// this, the page's recording does (see `Recorder::close_cut_short`).
    User,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// Root value from the root side to move's view, from the last finished iteration; `None`
    /// when the search stopped before any iteration finished.
    pub value: Option<Value>,
    pub best_move: Option<M>,
    /// Principal variation of the last finished iteration: the moves from the root to the
    /// leaf (or horizon node) whose value the root returns, or as far as the search proved it
    /// (see `line_proven_to`).
    pub pv: Vec<M>,
    /// Where the best line stops short: the id (entry order, as the trace numbers nodes) of
    /// the node at its end whose value came from a move that this search never proved best.
    /// NegaScout proves a value without its line when a re-search with `(t, β)` fails low at
    /// exactly `t`: the move's value is `t`, but nothing below the node where the re-search's
    /// cut-off move leads was searched with a window that tells its best move. `None` when
    /// the line runs to the leaf, horizon, terminal or table node whose value the root returns.
    pub line_proven_to: Option<u64>,
    /// Every node entered, leaves included.
    pub nodes: u64,
    /// Why the search stopped early, if it did; values come from the last finished iteration.
    pub stopped: Option<StopCause>,
    /// The root value is uncertain (only the unsafe uncertainty cut-offs can cause this).
    pub uncertain: bool,
    pub iterations: Vec<Iteration<M>>,
    pub tt: Option<TtStats>,
}

impl<M> SearchResult<M> {
    /// The search stopped before it finished (node cap or memory budget).
    pub fn aborted(&self) -> bool {
        self.stopped.is_some()
    }
}

/// A value with the uncertainty flag of Björnsson et al. (1997), Fig. 4.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Res {
    pub v: Value,
    pub unc: bool,
    /// How far below the node its value was searched ([`Outcome::height`]).
    pub height: u8,
}

impl Res {
    /// What a node returns when the search stopped before entering it.
    const STOPPED: Res = Res {
        v: 0,
        unc: false,
        height: Outcome::DEEP,
    };
}

impl core::ops::Neg for Res {
    type Output = Res;
    fn neg(self) -> Res {
        Res {
            v: -self.v,
            unc: self.unc,
            height: self.height,
        }
    }
}

/// How a node ended: what its exit event records.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Outcome {
    pub value: Value,
    pub reason: StopReason,
    /// Index in the (ordered) move list of the move that produced the value.
    pub best_index: Option<u32>,
    pub uncertain: bool,
    /// 0: the node's value is static (no child searched: a leaf, a horizon, a terminal
    /// position, a draw); 1: every child it searched was static; [`Outcome::DEEP`]: anything
    /// else. NegaScout's depth condition reads it (moves.rs).
    pub height: u8,
}

impl Outcome {
    /// The height of a node whose value rests on more than static children.
    pub const DEEP: u8 = 2;

    pub fn new(value: Value, reason: StopReason) -> Outcome {
        Outcome {
            value,
            reason,
            best_index: None,
            uncertain: false,
            height: 0,
        }
    }
}

/// What a parent passes to a child besides position, depth, window and expected type: how the
/// child came to be searched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx {
    /// Index of the move in the parent's ordered move list ([`NONE16`] for the null move).
    pub index: u32,
    pub code: u16,
    pub kind: NodeKind,
    pub order: OrderSource,
}

impl Ctx {
    pub const ROOT: Ctx = Ctx {
        index: 0,
        code: NONE16,
        kind: NodeKind::Normal,
        order: OrderSource::Generated,
    };
}

/// Per-ply search state that techniques read from their ancestors: Stockfish's search stack,
/// Björnsson et al.'s `SearchInfo[ply]` (Fig. 5). Entry `ply` describes the node being searched
/// at that ply; it is written at entry and updated while the node searches its moves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlyInfo {
    /// The node's current window: its entry window with α raised as moves return.
    pub window: Window,
    pub expected: NodeType,
    /// Verified null-move pruning (David & Netanyahu 2002): verification is on in this subtree.
    pub verify: bool,
    /// Pre-searching (Hlynka & Schaeffer, Fig. 4): inside a pre-searched subtree, where no
    /// further pre-search is allowed.
    pub presearch: bool,
}

/// The per-ply buffers a node owns while it searches, reused so the hot path never allocates.
/// [`Searcher::node`] takes them out of the searcher at entry and puts them back at exit, so
/// every early return restores them.
pub(crate) struct Frame<M> {
    /// The considered moves, in generation order.
    pub moves: Vec<M>,
    /// Search order: (score, index into `moves`, which heuristic placed it).
    pub order: Vec<Ordered>,
    /// Triangular PV table row: the best line found from this ply.
    pub pv: Vec<M>,
    /// Where that line stops short ([`SearchResult::line_proven_to`]).
    pub line_stops: Option<u64>,
}

impl<M> Default for Frame<M> {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            order: Vec::new(),
            pv: Vec::new(),
            line_stops: None,
        }
    }
}

/// The state of the node being searched, shared by the steps of [`Searcher::node`].
///
/// Kept in registers only while no call that is not inlined is handed its address (nor a copy
/// of it, which the compiler turns back into its address): a step kept out of line takes the
/// fields it reads (`Searcher::chance_node`, `TtNode` in techniques/tt.rs). Not `Copy`, so that
/// a copy is not made by accident.
pub(crate) struct Node<'p, G: Game> {
    pub pos: &'p G,
    pub ply: u32,
    /// Remaining depth; pre-search raises it and verified null-move pruning lowers it.
    pub depth: i32,
    /// The window the node was entered with.
    pub window: Window,
    pub expected: NodeType,
    pub ctx: Ctx,
    pub key: u64,
    /// The transposition table's best move for this position, or [`NONE16`].
    pub tt_move: u16,
    /// This node was pre-searched (its depth raised).
    pub presearched: bool,
    /// A verified null-move search failed high here (David & Netanyahu): the depth was reduced
    /// by one ply and zugzwang is checked after the moves.
    pub null_fail_high: bool,
    /// Verified null-move pruning: verification is on for this node (inherited from the
    /// parent; off below a verified fail-high).
    pub verify: bool,
    /// Inside a pre-searched subtree (inherited), or pre-searched here: no further pre-search.
    pub in_presearch: bool,
}

impl<G: Game> Node<'_, G> {
    /// Forward pruning acts only in null-window searches below the root, never at expected PV
    /// nodes (Enhanced Forward Pruning slides, "Forward pruning works in PVS": "forward pruning
    /// only for the NWS part"; pruning at an expected PV node is "too risky").
    pub fn prunable(&self, algo: Algorithm) -> bool {
        self.ply > 0
            && self.expected != NodeType::Pv
            && algo != Algorithm::Minimax
            && self.window.is_null()
    }
}

/// A search over game `G`, reporting to tracer `T`. Monomorphized per tracer: with
/// [`NoTrace`] every trace call compiles away.
pub struct Searcher<'t, G: Game, T: Tracer> {
    pub(crate) cfg: SearchConfig,
    pub(crate) tracer: &'t mut T,
    pub(crate) nodes: u64,
    pub(crate) stopped: Option<StopCause>,
    /// Keys of the positions on the current path (the ancestors of the node being searched),
    /// for repetition detection.
    pub(crate) keys: Vec<u64>,
    /// The search stack: one entry per ply.
    pub(crate) stack: Vec<PlyInfo>,
    /// Buffers per ply; the node at a ply holds its own while it searches.
    pub(crate) frames: Vec<Frame<G::Move>>,
    /// Best root move of the previous iteration, searched first.
    pub(crate) root_first: Option<G::Move>,
    pub(crate) tt: Option<TranspositionTable>,
    pub(crate) heur: Heuristics,
    /// Nominal depth of the current root search (pre-search's `IDDepth`).
    pub(crate) iteration: i32,
    /// The search may be unstable: a re-search may contradict its scout (transposition table,
    /// forward pruning, uncertainty cut-offs), so a node's value can come from a child that
    /// failed low. Every node then records the line of the move that gave it its value, not
    /// only of moves that raised α, so the best line always runs to the leaf (or the TT,
    /// null-move or multi-cut node) whose value the root returns. A stable search (no such
    /// technique) never needs it, and does not pay for it.
    pub(crate) unstable: bool,
    /// NegaScout's depth condition applies: `pvs` with no technique on
    /// ([`SearchConfig::any_technique`]), so a scout of a static leaf, or of a node whose
    /// children are all static leaves, is exact and never re-searched (moves.rs).
    pub(crate) exact_scouts: bool,
    /// The search can prove a value without its line (`pvs`, NegaScout: a re-search that fails
    /// low at exactly `t`), so nodes record where a line stops short
    /// ([`SearchResult::line_proven_to`]). The other forms never pay for that bookkeeping.
    pub(crate) proves_lines: bool,
    /// A chance search (Ballard's Star1, Star2 or expectimax: chance.rs): its setup, fixed
    /// before the search. `None` for every other search.
    pub(crate) chance: Option<chance::ChanceSetup>,
    /// The window of every root search without aspiration: unbounded, or a chance search's
    /// `(L, U)`.
    pub(crate) root_window: Window,
}

impl<'t, G: Game, T: Tracer> Searcher<'t, G, T> {
    pub fn new(cfg: SearchConfig, tracer: &'t mut T) -> Self {
        let tt = cfg.tt.enabled.then(|| TranspositionTable::new(&cfg.tt));
        let heur = Heuristics::new(&cfg.ordering);
        let unstable =
            cfg.tt.enabled || cfg.forward_pruning() || cfg.uncertainty.mode != UncertaintyMode::Off;
        Searcher {
            unstable,
            exact_scouts: cfg.algo == Algorithm::Pvs && !cfg.any_technique(),
            proves_lines: cfg.algo == Algorithm::Pvs,
            cfg,
            tracer,
            nodes: 0,
            stopped: None,
            keys: Vec::with_capacity(128),
            stack: Vec::with_capacity(128),
            frames: Vec::new(),
            root_first: None,
            tt,
            heur,
            iteration: 0,
            chance: None,
            root_window: Window::FULL,
        }
    }

    /// Searches the explicit tree whose root is `root` with the chance search `setup`
    /// (chance.rs): one root search to the leaves, every value times `setup.scale`. `root`
    /// reads its leaves times the scale ([`crate::game::tree::Tree::root_scaled`]).
    pub fn run_chance(mut self, root: &G, setup: chance::ChanceSetup) -> SearchResult<G::Move> {
        self.chance = Some(setup);
        self.root_window = setup.root_window(root.max_to_move());
        // Every node records the line of the move that gave it its value ("first that gave
        // it"), as `unstable` searches do.
        self.unstable = true;
        self.run_depths(root, UNBOUNDED_DEPTH, UNBOUNDED_DEPTH)
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

    /// Iterative deepening over `first..=last`; each iteration is one root search, repeated
    /// with wider windows while it fails its aspiration window.
    fn run_depths(&mut self, root: &G, first: i32, last: i32) -> SearchResult<G::Move> {
        let mut result = SearchResult {
            value: None,
            best_move: None,
            pv: Vec::new(),
            line_proven_to: None,
            nodes: 0,
            stopped: None,
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
            let res = self.aspiration_search(root, depth, result.value);
            if let Some(cause) = self.stopped {
                self.tracer.aborted(self.nodes);
                result.stopped = Some(cause);
                break;
            }
            let pv = core::mem::take(&mut self.frames[0].pv);
            result.line_proven_to = self.frames[0].line_stops.take();
            let best = pv.first().copied();
            self.root_first = best;
            result.value = Some(res.v);
            result.uncertain = res.unc;
            result.best_move = best;
            result.pv = pv;
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

    /// One root search at nominal depth `depth` with window `window`.
    pub(crate) fn root_search(&mut self, root: &G, depth: i32, window: Window) -> Res {
        self.tracer.begin_iteration(depth);
        self.keys.clear();
        self.stack.clear();
        self.node(root, 0, depth, window, NodeType::Pv, Ctx::ROOT)
    }

    /// Step 1, and the frame around the steps: enters a node, runs its steps, and leaves it.
    ///
    /// The node cap and the tracer's memory budget are checked before entering, so every
    /// recorded node is a real one. The node's buffers, its search-stack entry and the
    /// repetition path are restored here whatever step returned, so no step has to.
    pub(crate) fn node(
        &mut self,
        pos: &G,
        ply: u32,
        depth: i32,
        window: Window,
        expected: NodeType,
        ctx: Ctx,
    ) -> Res {
        // Step 1. Limits: the node cap and the memory budget stop the search.
        if self.stopped.is_some() {
            return Res::STOPPED;
        }
        if self.cfg.node_cap != 0 && self.nodes >= self.cfg.node_cap {
            self.stopped = Some(StopCause::NodeCap);
            return Res::STOPPED;
        }
        if self.tracer.over_budget() {
            self.stopped = Some(StopCause::MemoryBudget);
            return Res::STOPPED;
        }
        // The node's id in the trace: nodes are numbered in the order they are entered.
        let id = self.nodes;
        self.nodes += 1;
        // A chance node is written `chance`; Knuth & Moore's rule has no case for chance
        // nodes, so a chance search writes every node `pv` (docs/techniques.md).
        let (kind, expected) = if !G::CHANCE || self.chance.is_none() {
            (ctx.kind, expected)
        } else if pos.is_chance() {
            (NodeKind::Chance, NodeType::Pv)
        } else {
            (ctx.kind, NodeType::Pv)
        };
        let ctx = Ctx { kind, ..ctx };
        self.tracer.enter(&Enter {
            ply,
            depth,
            window,
            expected,
            index: ctx.index,
            move_code: ctx.code,
            kind,
            order: ctx.order,
        });
        let p = ply as usize;
        // The node's line starts empty: its parent copies it when this node becomes its best.
        if let Some(f) = self.frames.get_mut(p) {
            f.pv.clear();
            if self.proves_lines {
                f.line_stops = None;
            }
        }
        let parent = p.checked_sub(1).map(|q| self.stack[q]);
        let path = self.keys.len();
        let mut node = Node {
            pos,
            ply,
            depth,
            window,
            expected,
            ctx,
            key: pos.key(),
            tt_move: NONE16,
            presearched: false,
            null_fail_high: false,
            verify: parent.is_none_or(|s| s.verify),
            in_presearch: parent.is_some_and(|s| s.presearch),
        };
        let mut out = self.node_steps(&mut node);
        if self.stopped.is_some() {
            out.reason = StopReason::Aborted;
            out.value = out.value.clamp(-INF, INF);
        } else if self.proves_lines
            && out.best_index.is_some()
            && let Some(f) = self.frames.get_mut(p)
            && f.pv.is_empty()
        {
            // The value came from a move whose line this node never took: every move failed
            // low here (upper bounds), so which one is best is not known to this search. If
            // a parent takes this node's line, its line stops here.
            f.line_stops = Some(id);
        }
        self.keys.truncate(path);
        // A Star2 probe (chance.rs) that searched its first move, the only one it orders
        // (step 7), ends as a probe and knows only a lower bound, whatever its window says.
        // Decided here, on the node's kind, rather than in the node's steps: there `probe`
        // would be a flag that every node of an explicit tree keeps across its children's
        // searches (issue 32 §6, docs/benchmarks.md).
        let bound = if G::CHANCE && kind == NodeKind::Probe && out.reason == StopReason::AllMoves {
            out.reason = StopReason::Probe;
            crate::schema::Bound::Lower
        } else {
            self.cfg.cutoff.bound_of(window, out.value)
        };
        self.tracer.exit(&Exit {
            value: out.value,
            bound,
            reason: out.reason,
            uncertain: out.uncertain,
            best_index: out.best_index,
        });
        Res {
            v: out.value,
            unc: out.uncertain,
            height: out.height,
        }
    }

    /// Steps 2–10 of the node search. Returns how the node ended; a stopped search returns
    /// whatever it has (the caller marks it aborted).
    fn node_steps(&mut self, n: &mut Node<'_, G>) -> Outcome {
        // Step 2. Draws by rule and repetitions of a position on the current path.
        if n.ply > 0 {
            if n.pos.is_rule_draw() {
                return Outcome::new(0, StopReason::Draw);
            }
            if self.is_repetition(n.key, n.pos.repetition_horizon()) {
                return Outcome::new(0, StopReason::Repetition);
            }
        }

        // Step 2b. A chance node (Ballard 1983): its branches' weighted average, or Star1's and
        // Star2's windows and cut-offs (chance.rs). Its kind was set at entry, where a chance
        // search asks the position.
        if G::CHANCE && n.ctx.kind == NodeKind::Chance {
            // The out-of-line step gets the node's fields, never `n`: a node whose address is
            // handed to a call lives in memory, chance node or not (see `TtNode` in
            // techniques/tt.rs).
            self.publish(n);
            let (pos, ply, depth, window) = (n.pos, n.ply, n.depth, n.window);
            return self.with_frame(ply, |s, f| s.chance_node(pos, ply, depth, window, f));
        }

        // Step 3. Horizon: quiescence search, or a static evaluation unless the side to move
        // is in check (then the moves are generated so that checkmate is recognised).
        if n.depth <= 0 {
            if self.cfg.quiescence.enabled {
                return self.with_frame(n.ply, |s, f| s.quiesce(n, f));
            }
            if !n.pos.in_check() {
                return Outcome::new(n.pos.evaluate(), StopReason::Leaf);
            }
        }

        // Step 4. Transposition table: a cut-off, or the best move to search first; and
        // pre-searching, which may raise the depth (techniques/tt.rs, techniques/presearch.rs).
        if let Some(out) = self.tt_probe(n) {
            return out;
        }

        // Step 5. Null-move pruning, standard or verified (techniques/null_move.rs).
        if let Some(out) = self.null_move(n) {
            return out;
        }

        self.with_frame(n.ply, |s, f| s.expand(n, f))
    }

    /// Steps 6–10: the node generates its moves and searches them.
    fn expand(&mut self, n: &mut Node<'_, G>, f: &mut Frame<G::Move>) -> Outcome {
        // Step 6. Generate the moves; a node without moves is a leaf or a terminal position.
        considered_moves(n.pos, false, &mut f.moves);
        self.tracer.moves_generated(f.moves.len() as u32);
        if f.moves.is_empty() {
            return if n.pos.is_leaf() {
                Outcome::new(n.pos.evaluate(), StopReason::Leaf)
            } else {
                Outcome::new(n.pos.no_moves_value(n.ply), StopReason::Terminal)
            };
        }
        if n.depth <= 0 {
            // In check at the horizon and not mated: evaluate.
            return Outcome::new(n.pos.evaluate(), StopReason::Leaf);
        }

        // Step 7. Order the moves: TT move, MVV-LVA captures, killers, refutation, history.
        self.order_moves(n, f);
        // CITE: Ballard §4 (Star2): a probe searches one successor of the decision node; its
        // value is a lower bound on the node's (chance.rs; its stop reason and bound are
        // written at exit, `Searcher::node`).
        if G::CHANCE && n.ctx.kind == NodeKind::Probe {
            f.order.truncate(1);
        }

        // Step 8. Multi-cut at expected CUT (MC-C) and ALL (MC-A) nodes
        // (techniques/multi_cut.rs).
        self.keys.push(n.key);
        self.publish(n);
        if let Some(out) = self.multi_cut(n, f) {
            return out;
        }
        if self.stopped.is_some() {
            return Outcome::new(0, StopReason::Aborted);
        }

        // Step 9. Search the moves: alpha-beta or NegaScout, with uncertainty cut-offs, check
        // extensions and late move reductions (moves.rs).
        let mut out = self.search_moves(n, f);

        // Step 9a. Verified null-move pruning: the null move failed high but the reduced
        // search did not: zugzwang. Search again at the original depth (null_move.rs).
        if self.zugzwang(n, &out) {
            out = self.search_moves(n, f);
        }
        if self.stopped.is_some() {
            return out;
        }

        // Step 10. Store the result in the transposition table (techniques/tt.rs).
        self.tt_store(n, &out, f);
        out
    }

    /// Lends the node at `ply` its buffers for `steps`: the one place they are taken and given
    /// back, so no step can forget to. Leaves never need them.
    #[inline(always)]
    fn with_frame<R>(
        &mut self,
        ply: u32,
        steps: impl FnOnce(&mut Self, &mut Frame<G::Move>) -> R,
    ) -> R {
        let p = ply as usize;
        if self.frames.len() <= p + 1 {
            self.frames.resize_with(p + 2, Frame::default);
        }
        let mut frame = core::mem::take(&mut self.frames[p]);
        let out = steps(self, &mut frame);
        self.frames[p] = frame;
        out
    }

    /// Writes the node's entry on the search stack, where its children read it: done before
    /// the node searches any child.
    #[inline(always)]
    pub(crate) fn publish(&mut self, n: &Node<'_, G>) {
        let p = n.ply as usize;
        self.stack.truncate(p);
        self.stack.push(PlyInfo {
            window: n.window,
            expected: n.expected,
            verify: n.verify,
            presearch: n.in_presearch,
        });
    }

    /// Appends `mv` and the child's line (at `ply + 1`) to the line of the node at `ply`
    /// (`f`, its frame), with where the child's line stops short.
    #[inline(always)]
    pub(crate) fn update_pv(&self, f: &mut Frame<G::Move>, ply: u32, mv: G::Move) {
        f.pv.clear();
        f.pv.push(mv);
        let child = self.frames.get(ply as usize + 1);
        if let Some(child) = child {
            f.pv.extend_from_slice(&child.pv);
        }
        if self.proves_lines {
            f.line_stops = child.and_then(|c| c.line_stops);
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
