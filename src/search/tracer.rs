//! The [`Tracer`] visitor: the callbacks the search makes, with what it knows at each.
//!
//! The search owns this trait because it calls it; `crate::trace` implements it (the recorder,
//! the statistics). The design follows pgn-reader's `Visitor`: every callback has an empty
//! default body and the search is generic over the tracer, so `Searcher<G, NoTrace>` is
//! monomorphized into code with no tracing left in it at all.

use crate::game::Value;
use crate::schema::{Bound, NodeKind, NodeType, NullVerdict, OrderSource, PruneReason, StopReason};
use crate::search::window::Window;

/// A transposition-table probe that found an entry, in the tracer's terms: what the trace's
/// `tt_hit` event records. The table (`techniques/tt.rs`) fills it from its own entry type, so
/// the tracer and the recorder depend on no technique (imports run down, issue 32 §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtHit {
    /// The stored value, as stored (not yet shifted by the ply).
    pub value: Value,
    /// Remaining depth the stored value was searched to.
    pub depth: i16,
    pub bound: Bound,
    /// Best (or refuting) move's code, `u16::MAX` for none.
    pub best: u16,
    /// The iteration (nominal depth of the root search) that stored it.
    pub iteration: u16,
    pub uncertain: bool,
    /// The entry comes from a pre-search (Hlynka & Schaeffer).
    pub presearched: bool,
    /// The entry decides the node: a TT cut-off.
    pub cutoff: bool,
}

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

/// Declares the [`Tracer`] trait from one list of callbacks, and with it every tracer that
/// forwards them ([`Tee`], [`Hooked`]): a callback added to the list is forwarded by both, so
/// none can be forgotten and silently become a no-op in a combined tracer.
macro_rules! tracer_callbacks {
    (
        $(#[$trait_meta:meta])*
        pub trait Tracer {
            $(
                $(#[doc = $doc:literal])+
                fn $name:ident(&mut self $(, $arg:ident: $ty:ty)*);
            )+
        }
    ) => {
        $(#[$trait_meta])*
        pub trait Tracer {
            $(
                $(#[doc = $doc])+
                #[inline(always)]
                #[allow(unused_variables)]
                fn $name(&mut self $(, $arg: $ty)*) {}
            )+

            /// Whether the tracer has used up its memory budget: the search then stops before
            /// the next node, as at the node cap. Checked once per node.
            #[inline(always)]
            fn over_budget(&self) -> bool {
                false
            }
        }

        impl<A: Tracer, B: Tracer> Tracer for Tee<A, B> {
            $(
                #[inline(always)]
                fn $name(&mut self $(, $arg: $ty)*) {
                    self.0.$name($($arg),*);
                    self.1.$name($($arg),*);
                }
            )+

            #[inline(always)]
            fn over_budget(&self) -> bool {
                self.0.over_budget() || self.1.over_budget()
            }
        }

        impl<T: Tracer, H: Hook<T>> Tracer for Hooked<T, H> {
            $(
                #[inline(always)]
                fn $name(&mut self $(, $arg: $ty)*) {
                    self.tracer.$name($($arg),*);
                    self.hook.after(&mut self.tracer);
                }
            )+

            #[inline(always)]
            fn over_budget(&self) -> bool {
                self.tracer.over_budget()
            }
        }
    };
}

tracer_callbacks! {
    /// Callbacks the search makes. All default to no-ops and are `#[inline(always)]` so an
    /// untraced search pays nothing. Events that refer to "the node" refer to the innermost
    /// entered node.
    ///
    /// `over_budget` (whether the tracer has used up its memory budget) is the one query.
    pub trait Tracer {
        /// The search is starting a new root search (an iteration of iterative deepening, or an
        /// aspiration re-search). `depth` is the nominal depth of the iteration.
        fn begin_iteration(&mut self, depth: i32);

        /// Entering a node (preorder).
        fn enter(&mut self, e: &Enter);

        /// The node generated its moves; `count` is the number of legal moves.
        fn moves_generated(&mut self, count: u32);

        /// A child returned `value`, already negated to the node's own view.
        fn child_returned(&mut self, value: Value);

        /// α was raised from `old` to `new` by the child that just returned.
        fn alpha_raised(&mut self, old: Value, new: Value);

        /// The child that just returned caused a β-cut-off.
        fn cutoff(&mut self, value: Value, beta: Value);

        /// The child that just returned is about to be searched again (PVS re-search); the next
        /// entered node is its re-search.
        fn research(&mut self);

        /// Leaving the node.
        fn exit(&mut self, x: &Exit);

        /// The search was stopped early (node cap); `nodes` is how many were searched.
        fn aborted(&mut self, nodes: u64);

        /// A transposition-table probe found an entry; `hit.cutoff` if it decides the node.
        fn tt_hit(&mut self, hit: &TtHit);

        /// The null-move child just returned `value` against `beta`.
        fn null_verdict(&mut self, value: Value, beta: Value, verdict: NullVerdict);

        /// Verified null-move pruning found zugzwang: the node is searched again at its original
        /// depth.
        fn zugzwang(&mut self, value: Value, beta: Value);

        /// Multi-cut decision after the probes: `cuts` of `probes` failed high, `c` were needed.
        fn multi_cut(&mut self, cuts: u32, c: u32, probes: u32, cut: bool);

        /// An uncertainty cut-off after `tried` of the node's moves (`limit` = CUT_RATIO × moves).
        fn uncertainty_cutoff(&mut self, tried: u32, limit: u32);

        /// The root search with window `(alpha, beta)` failed (aspiration windows); a wider window
        /// follows.
        fn aspiration_fail(&mut self, alpha: Value, beta: Value, value: Value);

        /// Pre-searching raised this node's depth from `old` to `new` (Hlynka & Schaeffer).
        fn presearch(&mut self, old: i32, new: i32, tt_iteration: u32);

        /// The move with code `move_code` was pruned without being entered.
        fn pruned(&mut self, move_code: u16, reason: PruneReason);

        /// A chance node was cut by the branch that just returned (Ballard's Star1/Star2):
        /// `value` ≤ `bound` = A_i (`side` 0, fail low) or `value` ≥ `bound` = B_i (`side` 1).
        fn chance_cutoff(&mut self, value: Value, bound: Value, side: i32);
    }
}

/// Two tracers fed the same callbacks, first `.0` then `.1` (for example the recorder and the
/// statistics of a streamed search). Monomorphized like any tracer: a tee of tracers costs
/// what the two cost.
#[derive(Clone, Debug, Default)]
pub struct Tee<A, B>(pub A, pub B);

/// What a [`Hooked`] tracer runs after each callback has reached its tracer.
pub trait Hook<T> {
    /// Called after every callback (the streaming worker hands a batch on when enough nodes
    /// were entered).
    fn after(&mut self, tracer: &mut T);
}

/// A tracer with a [`Hook`] run after each callback: every callback reaches `tracer`, then
/// `hook.after(&mut tracer)`.
#[derive(Clone, Debug, Default)]
pub struct Hooked<T, H> {
    pub tracer: T,
    pub hook: H,
}

/// The tracer that records nothing: an untraced search.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl Tracer for NoTrace {}
