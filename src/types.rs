//! Vocabulary shared by every part of the search: values, windows, bounds and node types.

use serde::{Deserialize, Serialize};

/// A score from the side to move's point of view (negamax convention).
pub type Value = i32;

/// Stands for an unbounded side of a window. Every game value must lie strictly inside
/// `(-INF, INF)` so that negation never overflows and "unbounded" stays distinguishable.
pub const INF: Value = 1_000_000_000;

/// Largest magnitude a game may report as a real value (leaves, evaluations, mate scores).
pub const MAX_GAME_VALUE: Value = INF - 1;

/// An α-β search window `(alpha, beta)`; `±INF` marks an unbounded side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    pub alpha: Value,
    pub beta: Value,
}

impl Window {
    pub const FULL: Window = Window {
        alpha: -INF,
        beta: INF,
    };

    pub fn new(alpha: Value, beta: Value) -> Self {
        Window { alpha, beta }
    }

    /// The child's window in negamax form: `(-β, -α)`.
    #[inline(always)]
    pub fn negate(self) -> Self {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }

    /// A null (zero-width) window `(α, α+1)` as used by NegaScout/PVS for scout searches.
    #[inline(always)]
    pub fn null_at(alpha: Value) -> Self {
        Window {
            alpha,
            beta: alpha.saturating_add(1).min(INF),
        }
    }

    #[inline(always)]
    pub fn is_null(self) -> bool {
        self.beta.saturating_sub(self.alpha) <= 1
    }

    /// Classifies a fail-soft result against this window.
    #[inline(always)]
    pub fn bound_of(self, value: Value) -> Bound {
        if value <= self.alpha {
            Bound::Upper
        } else if value >= self.beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// What a returned value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Bound {
    /// The value is exact (it fell inside the window).
    Exact = 0,
    /// Fail-high: the true value is at least this (value ≥ β).
    Lower = 1,
    /// Fail-low: the true value is at most this (value ≤ α).
    Upper = 2,
}

impl Bound {
    pub fn from_u8(v: u8) -> Bound {
        match v & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        }
    }

    /// Knuth & Moore's actual node type: exact → PV, fail-high → CUT, fail-low → ALL.
    pub fn node_type(self) -> NodeType {
        match self {
            Bound::Exact => NodeType::Pv,
            Bound::Lower => NodeType::Cut,
            Bound::Upper => NodeType::All,
        }
    }
}

/// Knuth & Moore's node types (Björnsson et al. 1997, Fig. 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum NodeType {
    Pv = 0,
    Cut = 1,
    All = 2,
}

impl NodeType {
    pub fn from_u8(v: u8) -> NodeType {
        match v & 3 {
            1 => NodeType::Cut,
            2 => NodeType::All,
            _ => NodeType::Pv,
        }
    }

    /// Expected type of a child by Knuth & Moore's rule: the first child of a PV node is PV,
    /// its others are CUT; children of CUT nodes are ALL; children of ALL nodes are CUT.
    #[inline(always)]
    pub fn child(self, first: bool) -> NodeType {
        match self {
            NodeType::Pv if first => NodeType::Pv,
            NodeType::Pv => NodeType::Cut,
            NodeType::Cut => NodeType::All,
            NodeType::All => NodeType::Cut,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            NodeType::Pv => "pv",
            NodeType::Cut => "cut",
            NodeType::All => "all",
        }
    }
}

/// Why a node stopped searching. The numeric codes are part of the trace format
/// (`docs/trace-format.md`); append new reasons, never renumber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum StopReason {
    /// Horizon or tree leaf: the value is a static evaluation.
    Leaf = 0,
    /// No legal moves: checkmate or stalemate.
    Terminal = 1,
    /// A draw by rule (fifty moves, insufficient material).
    Draw = 2,
    /// The position repeats one on the current path.
    Repetition = 3,
    /// Every move was searched without a cut-off.
    AllMoves = 4,
    /// A move's value reached β; the remaining moves are pruned.
    BetaCutoff = 5,
    /// The search was stopped (node cap or user) before this node finished.
    Aborted = 6,
}

impl StopReason {
    pub const ALL: [StopReason; 7] = [
        StopReason::Leaf,
        StopReason::Terminal,
        StopReason::Draw,
        StopReason::Repetition,
        StopReason::AllMoves,
        StopReason::BetaCutoff,
        StopReason::Aborted,
    ];

    pub fn from_u8(v: u8) -> Option<StopReason> {
        Self::ALL.get(v as usize).copied()
    }

    pub fn name(self) -> &'static str {
        match self {
            StopReason::Leaf => "leaf",
            StopReason::Terminal => "terminal",
            StopReason::Draw => "draw",
            StopReason::Repetition => "repetition",
            StopReason::AllMoves => "all_moves",
            StopReason::BetaCutoff => "beta_cutoff",
            StopReason::Aborted => "aborted",
        }
    }

    /// The reason recorded for the children this node never searched, if any.
    pub fn prune_reason(self) -> Option<&'static str> {
        match self {
            StopReason::BetaCutoff => Some("beta_cutoff"),
            StopReason::Aborted => Some("aborted"),
            _ => None,
        }
    }
}
