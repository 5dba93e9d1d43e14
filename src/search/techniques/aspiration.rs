//! Aspiration windows in iterative deepening.
//!
//! CITE: Hsu, *Transposition Table, History Heuristic, and other Search Enhancements*, slides
//! 17–19 (aspiration search; `IDAS`, iterative deepening with aspiration search): search each
//! iteration with a window of half-width `threshold` around the previous iteration's value; on
//! a fail-low or fail-high, search again with the failing side widened. Here the width doubles
//! with every failure: a departure from slide 18's `IDAS`, which re-searches once with the
//! failing side's bound at ±∞; slide 19 allows "multiple window sizes" t1, t2, …, and ours are
//! t_k = 2^k·t1 (docs/techniques.md).
//!
//! - Parameters: [`AspirationParams`] (`aspiration.enabled`, `aspiration.width`).
//! - Gate: iterations after the first, when enabled.
//! - Step: [`Searcher::aspiration_search`], one iteration's root searches.

use crate::game::{Game, INF, Value};
use crate::search::Tracer;
use crate::search::params::{Algorithm, ConfigError, ParamRange};
use crate::search::window::Window;
use crate::search::{Res, Searcher};
use serde::{Deserialize, Serialize};

/// The most times one iteration's root search can fail its aspiration window, whatever the
/// width: every failure doubles the half-width (at least 1), so after the k-th failure the
/// widened side lies 2^k from a value within ±[`INF`]; once 2^k ≥ 2·INF that side is at ±INF
/// and cannot fail again, and the other side can fail once more. So an iteration makes at most
/// this many re-searches, and a trace at most this many + 1 root searches per iteration (the
/// trace readers bound a file's `roots` by it).
pub const MAX_FAILS_PER_ITERATION: u32 = (2 * INF as u64).next_power_of_two().trailing_zeros() + 1;

/// Aspiration parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AspirationParams {
    pub enabled: bool,
    /// Initial half-width of the window (the slides' `threshold`).
    pub width: i32,
}

impl Default for AspirationParams {
    fn default() -> Self {
        AspirationParams {
            enabled: false,
            width: 50,
        }
    }
}

impl AspirationParams {
    pub const RANGES: &'static [ParamRange] = &[ParamRange::new(
        "aspiration.width",
        "initial half-width of the aspiration window",
        1.0,
        100_000.0,
    )];

    /// The window comes from the previous iteration, so it needs iterative deepening
    /// (`iterative`: it is on) and an α-β window (`algo`).
    pub fn validate(&self, algo: Algorithm, iterative: bool) -> Result<(), ConfigError> {
        if self.enabled {
            ConfigError::needs("aspiration.enabled", iterative, "iterative deepening")?;
            ConfigError::needs_search("aspiration.enabled", algo)?;
        }
        Ok(())
    }
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// One iteration at nominal depth `depth`: the root searched with the full window, or,
    /// with aspiration windows and a previous value, with `(prev − width, prev + width)`
    /// widened on the failing side (doubling the width) until the value falls inside.
    pub(crate) fn aspiration_search(&mut self, root: &G, depth: i32, prev: Option<Value>) -> Res {
        let asp = self.cfg.aspiration;
        let mut delta = asp.width;
        let mut window = match prev {
            Some(v) if asp.enabled => Window::new(
                v.saturating_sub(delta).max(-INF),
                v.saturating_add(delta).min(INF),
            ),
            _ => self.root_window,
        };
        if !asp.enabled {
            // One root search; a chance search's root window (L, U) holds every value.
            return self.root_search(root, depth, window);
        }
        loop {
            let r = self.root_search(root, depth, window);
            if self.stopped.is_some() {
                return r;
            }
            if r.v <= window.alpha && window.alpha > -INF {
                self.tracer.aspiration_fail(window.alpha, window.beta, r.v);
                delta = delta.saturating_mul(2);
                window.alpha = r.v.saturating_sub(delta).max(-INF);
            } else if r.v >= window.beta && window.beta < INF {
                self.tracer.aspiration_fail(window.alpha, window.beta, r.v);
                delta = delta.saturating_mul(2);
                window.beta = r.v.saturating_add(delta).min(INF);
            } else {
                return r;
            }
        }
    }
}
