//! The α-β window, and Knuth & Moore's rule for the expected type of a child.

use crate::game::{INF, Value};
use crate::schema::{Bound, NodeType};
use crate::search::params::Cutoff;
use serde::{Deserialize, Serialize};

/// A window side as the trace format and the answer key write it: `-inf`, `+inf` or the
/// integer.
pub fn side_text(v: Value) -> String {
    if v <= -INF {
        "-inf".into()
    } else if v >= INF {
        "+inf".into()
    } else {
        v.to_string()
    }
}

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

impl Cutoff {
    /// Classifies a fail-soft result against window `w` under this rule: the standard rule's
    /// window is open, the strict rule's closed (a value equal to α or β is exact, because
    /// the node searched on past it).
    #[inline(always)]
    pub fn bound_of(self, w: Window, value: Value) -> Bound {
        match self {
            Cutoff::Standard => w.bound_of(value),
            Cutoff::Strict if value < w.alpha => Bound::Upper,
            Cutoff::Strict if value > w.beta => Bound::Lower,
            Cutoff::Strict => Bound::Exact,
        }
    }
}

impl NodeType {
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
}
