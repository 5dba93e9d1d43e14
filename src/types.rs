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
    /// A transposition-table entry decided the node without a search.
    TtCutoff = 7,
    /// The null-move search failed high (standard null-move pruning).
    NullMoveCutoff = 8,
    /// At least C of the first M reduced probes failed high (multi-cut).
    MultiCut = 9,
    /// An uncertainty cut-off (Björnsson et al. 1997): the remaining moves were not searched.
    UncertaintyCutoff = 10,
    /// Quiescence: the static evaluation (stand pat) already reached β.
    StandPat = 11,
}

impl StopReason {
    pub const ALL: [StopReason; 12] = [
        StopReason::Leaf,
        StopReason::Terminal,
        StopReason::Draw,
        StopReason::Repetition,
        StopReason::AllMoves,
        StopReason::BetaCutoff,
        StopReason::Aborted,
        StopReason::TtCutoff,
        StopReason::NullMoveCutoff,
        StopReason::MultiCut,
        StopReason::UncertaintyCutoff,
        StopReason::StandPat,
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
            StopReason::TtCutoff => "tt_cutoff",
            StopReason::NullMoveCutoff => "null_move_cutoff",
            StopReason::MultiCut => "multi_cut",
            StopReason::UncertaintyCutoff => "uncertainty_cutoff",
            StopReason::StandPat => "stand_pat",
        }
    }

    /// The reason recorded for the children this node never searched, if any.
    pub fn prune_reason(self) -> Option<&'static str> {
        match self {
            StopReason::BetaCutoff => Some("beta_cutoff"),
            StopReason::Aborted => Some("aborted"),
            StopReason::TtCutoff => Some("tt_cutoff"),
            StopReason::NullMoveCutoff => Some("null_move_cutoff"),
            StopReason::MultiCut => Some("multi_cut"),
            StopReason::UncertaintyCutoff => Some("uncertainty_cutoff"),
            StopReason::StandPat => Some("stand_pat"),
            _ => None,
        }
    }
}

/// How a node came to be searched, beyond the plain move into it. Stored in the low nibble of
/// the trace's `kind` byte; append, never renumber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum NodeKind {
    #[default]
    Normal = 0,
    /// The null-move search (the "move" is a pass).
    Null = 1,
    /// A multi-cut probe: one of the first M moves searched to a depth reduced by R.
    McProbe = 2,
    /// A late move searched H plies shallower (LMR).
    Reduced = 3,
    /// The full-depth re-search of a reduced move that failed high.
    LmrResearch = 4,
    /// A check extension: searched one ply deeper.
    Extended = 5,
    /// A quiescence-search node.
    Quiescence = 6,
}

impl NodeKind {
    pub fn from_u8(v: u8) -> NodeKind {
        match v & 15 {
            1 => NodeKind::Null,
            2 => NodeKind::McProbe,
            3 => NodeKind::Reduced,
            4 => NodeKind::LmrResearch,
            5 => NodeKind::Extended,
            6 => NodeKind::Quiescence,
            _ => NodeKind::Normal,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            NodeKind::Normal => "normal",
            NodeKind::Null => "null",
            NodeKind::McProbe => "mc_probe",
            NodeKind::Reduced => "reduced",
            NodeKind::LmrResearch => "lmr_research",
            NodeKind::Extended => "extended",
            NodeKind::Quiescence => "quiescence",
        }
    }
}

/// Why a child was pruned without being entered, when that differs from its parent's stop
/// reason (the trace's `prune` event).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum PruneReason {
    /// A losing capture in quiescence search (SEE < 0).
    See = 0,
    /// A non-capture skipped after an uncertainty cut-off decision (captures are still
    /// searched, as in Björnsson et al. 1997, §5).
    Uncertainty = 1,
}

impl PruneReason {
    pub fn from_i32(v: i32) -> Option<PruneReason> {
        match v {
            0 => Some(PruneReason::See),
            1 => Some(PruneReason::Uncertainty),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            PruneReason::See => "see",
            PruneReason::Uncertainty => "uncertainty_cutoff",
        }
    }
}
