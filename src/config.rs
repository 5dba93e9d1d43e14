//! The one search configuration shared by the CLI, the JSON trace and the browser.

use serde::{Deserialize, Serialize};

/// The search algorithm, in negamax fail-soft form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Plain minimax: every node searched with an unbounded window.
    Minimax,
    /// Fail-soft alpha-beta.
    AlphaBeta,
    /// NegaScout / principal variation search: null-window scouts and re-searches.
    #[default]
    Pvs,
}

impl Algorithm {
    pub const ALL: [Algorithm; 3] = [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Pvs];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Pvs => "pvs",
        }
    }

    pub fn parse(s: &str) -> Result<Algorithm, String> {
        Self::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| format!("unknown algorithm '{s}': expected minimax, alphabeta or pvs"))
    }
}

/// Largest depth a search accepts; deeper searches would overflow the trace's `ply` byte.
pub const MAX_DEPTH: u32 = 64;

/// Default node cap: stops a search with a notice instead of exhausting memory.
pub const DEFAULT_NODE_CAP: u64 = 2_000_000;

/// Everything that changes what a search does. Field names are the public parameter names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SearchConfig {
    pub algo: Algorithm,
    /// Nominal depth in plies (chess and synthetic trees; explicit trees are searched whole).
    pub depth: u32,
    /// Iterative deepening: search depths 1..=depth, each iteration's best root move first.
    pub iterative: bool,
    /// Stop after this many nodes (0 = no cap).
    pub node_cap: u64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algo: Algorithm::Pvs,
            depth: 4,
            iterative: false,
            node_cap: 0,
        }
    }
}

impl SearchConfig {
    /// Rejects out-of-range parameters with a message naming the parameter.
    pub fn validate(&self) -> Result<(), String> {
        if self.depth == 0 || self.depth > MAX_DEPTH {
            return Err(format!(
                "depth must be between 1 and {MAX_DEPTH}, got {}",
                self.depth
            ));
        }
        Ok(())
    }
}
