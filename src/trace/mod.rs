//! Observing a search: the [`Tracer`] trait, and the recording tracer that stores every node.
//!
//! The design follows pgn-reader's `Visitor`: every callback has an empty default body and the
//! search is generic over the tracer, so `Searcher<G, NoTrace>` is monomorphized into code with
//! no tracing left in it at all.

pub mod json;
pub mod record;
pub mod stats;

use crate::types::{Bound, NodeType, StopReason, Value, Window};

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
}

/// The tracer that records nothing: an untraced search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {}
