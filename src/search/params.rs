//! The words every technique's parameters are written in: the [`Algorithm`], a numeric
//! parameter's [`ParamRange`] and the typed [`ConfigError`] that names the parameter at fault.
//!
//! This module sits below the techniques and [`crate::search::config`]: a technique's parameter
//! struct (in its own file) declares its ranges and checks its switches with these types, and
//! `config` gathers the structs into `SearchConfig`. So the techniques never import the
//! configuration that gathers them; `config` re-exports these names for the rest of the crate.

use serde::{Deserialize, Serialize};

/// The search algorithm, in negamax fail-soft form.
///
/// The two null-window forms are the published algorithms by name (src/search/moves.rs cites
/// their pseudo-code): they differ only in the re-search window and where they re-search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Plain minimax: every node searched with an unbounded window.
    Minimax,
    /// Fail-soft alpha-beta.
    AlphaBeta,
    /// Reinefeld's NegaScout (1983) as the Chess Programming Wiki gives it: a scout value `t`
    /// inside the window is re-searched with `(t, β)`, and not at all where the scout is exact
    /// by construction (NegaScout's depth condition).
    #[default]
    Pvs,
    /// NegaScout as Björnsson et al. (1997) give it in Fig. 4, the form engines use: a scout
    /// value inside the window is re-searched with the full `(α, β)`, leaves included.
    #[serde(rename = "pvs_full")]
    PvsFull,
}

impl Algorithm {
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Pvs,
        Algorithm::PvsFull,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Pvs => "pvs",
            Algorithm::PvsFull => "pvs_full",
        }
    }

    /// One line that says what the algorithm is and whose it is (the page's algorithm
    /// selector, `prunescope search --help`).
    pub fn describe(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax: every move searched with the full window",
            Algorithm::AlphaBeta => "alpha-beta (Knuth & Moore's F2, fail-soft)",
            Algorithm::Pvs => {
                "NegaScout (Reinefeld 1983): null-window scouts, re-search with (t, β)"
            }
            Algorithm::PvsFull => {
                "PVS as engines write it (Björnsson et al. 1997, Fig. 4): re-search with (α, β)"
            }
        }
    }

    /// Either null-window form (scouts and re-searches).
    #[inline(always)]
    pub fn is_pvs(self) -> bool {
        matches!(self, Algorithm::Pvs | Algorithm::PvsFull)
    }

    pub fn parse(s: &str) -> Result<Algorithm, ConfigError> {
        Self::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| ConfigError::UnknownAlgorithm(s.to_string()))
    }
}

/// When a node stops searching its moves: the course's cut-off rule (issue 18 §3).
///
/// `Standard` cuts as soon as a move's value reaches β (`v ≥ β`), as Knuth & Moore's F2 and
/// most textbooks (AIMA 4th ed., Fig. 5.7) do. `Strict` cuts only when the value strictly passes
/// the bound (`v > β`; at a MIN node `v < α`), as Berkeley's CS188 teaches and grades it: a
/// child whose value equals the bound is still searched. CITE: CS188 "Games" lecture and
/// project 2's `max-value`: `if v > β return v; α = max(α, v)`.
///
/// Under `Strict` a node's window `(α, β)` is closed: a fail-soft value inside `[α, β]` is
/// exact, below α an upper bound, above β a lower bound ([`Cutoff::bound_of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Cutoff {
    /// Cut when `v ≥ β` (the default).
    #[default]
    Standard,
    /// Cut only when `v > β` (CS188).
    Strict,
}

impl Cutoff {
    pub const ALL: [Cutoff; 2] = [Cutoff::Standard, Cutoff::Strict];

    pub fn name(self) -> &'static str {
        match self {
            Cutoff::Standard => "standard",
            Cutoff::Strict => "strict",
        }
    }

    pub fn parse(s: &str) -> Option<Cutoff> {
        Self::ALL.into_iter().find(|c| c.name() == s)
    }

    /// The default rule, left out of a serialized configuration so that every trace written
    /// before the setting existed still reads and compares the same.
    pub fn is_standard(&self) -> bool {
        *self == Cutoff::Standard
    }

    /// A move whose value is `v` ends the node's search of its moves.
    #[inline(always)]
    pub fn cuts(self, v: crate::game::Value, beta: crate::game::Value) -> bool {
        match self {
            Cutoff::Standard => v >= beta,
            Cutoff::Strict => v > beta,
        }
    }

    /// The rule in words, as the narration, the quiz and the exercises state it.
    pub fn describe(self) -> &'static str {
        match self {
            Cutoff::Standard => "cut off when α ≥ β (a value equal to the bound prunes)",
            Cutoff::Strict => {
                "cut off only when the bound is strictly passed (CS188: a child equal to the bound is still searched)"
            }
        }
    }
}

/// What is wrong with a configuration; each variant names the parameter (its dotted name, as
/// `--set` and the page's fields use it).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ConfigError {
    #[error("{param} must be {}, got {got}{note}", range_words(*.min, *.max, *.min_exclusive))]
    OutOfRange {
        param: String,
        min: f64,
        max: f64,
        got: f64,
        min_exclusive: bool,
        /// Extra words after the value (why the range is what it is).
        note: &'static str,
    },
    #[error("unknown algorithm '{0}': expected minimax, alphabeta, pvs or pvs_full")]
    UnknownAlgorithm(String),
    #[error("unknown technique '{name}': expected one of {expected}")]
    UnknownTechnique { name: String, expected: String },
    #[error("unknown parameter '{name}' (see --help for the names)")]
    UnknownParam { name: String },
    #[error("'{name}' is a group of parameters; name one of its fields")]
    Group { name: String },
    #[error("bad value '{value}' for {param}: {reason}")]
    BadValue {
        param: String,
        value: String,
        reason: String,
    },
    #[error("--set expects NAME=VALUE, got '{0}'")]
    NotAssignment(String),
    #[error("{param} needs {requirement}")]
    Needs { param: String, requirement: String },
    /// A technique or algorithm that tests `≥` by its own definition, refused under the strict
    /// cut-off rule (issue 18 §3).
    #[error("cutoff=strict cannot be used with {param}: {reason}")]
    NotStrict { param: String, reason: String },
    /// A technique the game does not accept (search/soundness.rs).
    #[error("{technique} cannot be used on {game}: {reason}")]
    NotForGame {
        param: String,
        technique: String,
        game: String,
        reason: String,
    },
}

fn range_words(min: f64, max: f64, min_exclusive: bool) -> String {
    if min_exclusive {
        format!("in ({min}, {max}]")
    } else {
        format!("between {min} and {max}")
    }
}

impl ConfigError {
    /// The dotted name of the parameter at fault, for the page to show the message next to
    /// its field (`None` for an unknown name).
    pub fn param(&self) -> Option<&str> {
        match self {
            ConfigError::OutOfRange { param, .. }
            | ConfigError::BadValue { param, .. }
            | ConfigError::Needs { param, .. }
            | ConfigError::NotForGame { param, .. }
            | ConfigError::NotStrict { param, .. } => Some(param),
            ConfigError::Group { name } => Some(name),
            ConfigError::UnknownAlgorithm(_) => Some("algo"),
            _ => None,
        }
    }

    /// `param` needs `requirement` (`ok` says whether it is met).
    pub fn needs(param: &str, ok: bool, requirement: &str) -> Result<(), ConfigError> {
        if ok {
            Ok(())
        } else {
            Err(ConfigError::Needs {
                param: param.to_string(),
                requirement: requirement.to_string(),
            })
        }
    }

    /// Forward pruning and aspiration windows act on α-β windows, which minimax does not use.
    pub fn needs_search(param: &str, algo: Algorithm) -> Result<(), ConfigError> {
        Self::needs(
            param,
            algo != Algorithm::Minimax,
            "alphabeta, pvs or pvs_full",
        )
    }
}

/// A numeric parameter's accepted range, by its dotted name (`--set`, the trace's `config`,
/// the page's fields).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ParamRange {
    pub name: &'static str,
    /// The parameter in a few words (the page's field title: `PARAM_TITLES` of `www/schema.js`).
    #[serde(skip)]
    pub title: &'static str,
    pub min: f64,
    pub max: f64,
    /// `min` itself is refused (CUT_RATIO must be above 0).
    pub min_exclusive: bool,
}

impl ParamRange {
    pub const fn new(name: &'static str, title: &'static str, min: f64, max: f64) -> ParamRange {
        ParamRange {
            name,
            title,
            min,
            max,
            min_exclusive: false,
        }
    }
}
