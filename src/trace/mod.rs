//! Observing a search: the [`Tracer`] trait, and the recording tracer that stores every node.
//!
//! The design follows pgn-reader's `Visitor`: every callback has an empty default body and the
//! search is generic over the tracer, so `Searcher<G, NoTrace>` is monomorphized into code with
//! no tracing left in it at all.

pub mod diff;
pub mod json;
pub mod record;
pub mod stats;

/// Moved to their own top-level modules; these paths are transitional.
pub use crate::schema;
pub use crate::trace_file as file;

use crate::game::Value;
use crate::search::techniques::tt::TtEntry;
use crate::search::window::Window;
use crate::trace::schema::NodeKind;
use crate::trace::schema::NodeType;
use crate::trace::schema::OrderSource;
use crate::trace::schema::PruneReason;
use crate::trace::schema::StopReason;
use crate::trace::schema::{Bound, NullVerdict};

/// What the search knows when it enters a node.
#[derive(Clone, Copy, Debug)]
pub struct Enter {
    pub ply: u32,
    /// Remaining depth in plies (`i32::MAX`-like large values for explicit trees are clamped).
    pub depth: i32,
    pub window: Window,
    pub expected: NodeType,
    /// Index of the move that led here in the parent's move list (0 at the root).
    pub index: u32,
    /// The move that led here as a game-specific code (see [`crate::game::Game::move_code`]).
    pub move_code: u16,
    /// How the node came to be searched (null move, reduced, extended, …).
    pub kind: NodeKind,
    /// Which ordering heuristic put the move where it is.
    pub order: OrderSource,
}

/// What the search knows when it leaves a node.
#[derive(Clone, Copy, Debug)]
pub struct Exit {
    pub value: Value,
    pub bound: Bound,
    pub reason: StopReason,
    pub uncertain: bool,
    /// Index, in the move list, of the move that produced the value (for Fig. 6 style stats).
    pub best_index: Option<u32>,
}

/// Callbacks the search makes. All default to no-ops and are `#[inline(always)]` so an untraced
/// search pays nothing. Events that refer to "the node" refer to the innermost entered node.
pub trait Tracer {
    /// The search is starting a new root search (an iteration of iterative deepening, or an
    /// aspiration re-search). `depth` is the nominal depth of the iteration.
    #[inline(always)]
    fn begin_iteration(&mut self, _depth: i32) {}

    /// Entering a node (preorder).
    #[inline(always)]
    fn enter(&mut self, _e: &Enter) {}

    /// The node generated its moves; `count` is the number of legal moves.
    #[inline(always)]
    fn moves_generated(&mut self, _count: u32) {}

    /// A child returned `value`, already negated to the node's own view.
    #[inline(always)]
    fn child_returned(&mut self, _value: Value) {}

    /// α was raised from `old` to `new` by the child that just returned.
    #[inline(always)]
    fn alpha_raised(&mut self, _old: Value, _new: Value) {}

    /// The child that just returned caused a β-cut-off.
    #[inline(always)]
    fn cutoff(&mut self, _value: Value, _beta: Value) {}

    /// The child that just returned is about to be searched again (PVS re-search); the next
    /// entered node is its re-search.
    #[inline(always)]
    fn research(&mut self) {}

    /// Leaving the node.
    #[inline(always)]
    fn exit(&mut self, _x: &Exit) {}

    /// The search was stopped early (node cap); `nodes` is how many were searched.
    #[inline(always)]
    fn aborted(&mut self, _nodes: u64) {}

    /// A transposition-table probe found `entry`; `cutoff` if it decides the node.
    #[inline(always)]
    fn tt_hit(&mut self, _entry: &TtEntry, _cutoff: bool) {}

    /// The null-move child just returned `value` against `beta`.
    #[inline(always)]
    fn null_verdict(&mut self, _value: Value, _beta: Value, _verdict: NullVerdict) {}

    /// Verified null-move pruning found zugzwang: the node is searched again at its original
    /// depth.
    #[inline(always)]
    fn zugzwang(&mut self, _value: Value, _beta: Value) {}

    /// Multi-cut decision after the probes: `cuts` of `probes` failed high, `c` were needed.
    #[inline(always)]
    fn multi_cut(&mut self, _cuts: u32, _c: u32, _probes: u32, _cut: bool) {}

    /// An uncertainty cut-off after `tried` of the node's moves (`limit` = CUT_RATIO × moves).
    #[inline(always)]
    fn uncertainty_cutoff(&mut self, _tried: u32, _limit: u32) {}

    /// The root search with window `(alpha, beta)` failed (aspiration windows); a wider window
    /// follows.
    #[inline(always)]
    fn aspiration_fail(&mut self, _alpha: Value, _beta: Value, _value: Value) {}

    /// Pre-searching raised this node's depth from `old` to `new` (Hlynka & Schaeffer).
    #[inline(always)]
    fn presearch(&mut self, _old: i32, _new: i32, _tt_iteration: u32) {}

    /// Whether the tracer has used up its memory budget: the search then stops before the next
    /// node, as at the node cap. Checked once per node.
    #[inline(always)]
    fn over_budget(&self) -> bool {
        false
    }

    /// The move with code `move_code` was pruned without being entered.
    #[inline(always)]
    fn pruned(&mut self, _move_code: u16, _reason: PruneReason) {}
}

/// The tracer that records nothing: an untraced search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {}
