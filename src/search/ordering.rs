//! Move ordering: the transposition-table move, MVV-LVA captures (the knowledge heuristic),
//! killer moves, a refutation table and the history heuristic with aging. Sources: Hsu,
//! *Transposition Table, History Heuristic, and other Search Enhancements* (slides 16 and
//! 21–31); Schaeffer (1989), *The history heuristic and alpha-beta search enhancements in
//! practice*.

use crate::game::MoveFacts;
use crate::trace::schema::OrderSource;
use serde::{Deserialize, Serialize};

/// Switches of the ordering heuristics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct OrderingParams {
    /// Search the transposition table's best move first (needs `tt`).
    pub tt_move: bool,
    /// Captures first, most valuable victim / least valuable attacker.
    pub mvv_lva: bool,
    /// Two killer moves per ply.
    pub killers: bool,
    /// The history heuristic: quiet moves by how often they caused cut-offs (weight depth²).
    pub history: bool,
    /// Halve the history table at the start of every iteration.
    pub history_aging: bool,
    /// The refutation table: the move that last refuted the opponent's previous move.
    pub refutation: bool,
}

impl OrderingParams {
    pub fn any(&self) -> bool {
        self.tt_move || self.mvv_lva || self.killers || self.history || self.refutation
    }
}

const NO_MOVE: u16 = u16::MAX;
const TABLE: usize = 1 << 16;

/// The tables the ordering heuristics learn from during a search.
pub struct Heuristics {
    killers: Vec<[u16; 2]>,
    history: Vec<i32>,
    refutation: Vec<u16>,
}

impl Heuristics {
    pub fn new(p: &OrderingParams) -> Self {
        Heuristics {
            killers: Vec::new(),
            history: if p.history {
                vec![0; 2 * TABLE]
            } else {
                Vec::new()
            },
            refutation: if p.refutation {
                vec![NO_MOVE; TABLE]
            } else {
                Vec::new()
            },
        }
    }

    /// Aging at a new iteration, so old cut-offs weigh less than fresh ones.
    pub fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// Scores one move; higher is searched first. Ties keep generation order.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn score(
        &self,
        p: &OrderingParams,
        code: u16,
        facts: MoveFacts,
        tt_move: u16,
        ply: usize,
        side: usize,
        prev: u16,
    ) -> (i32, OrderSource) {
        if p.tt_move && code == tt_move {
            return (4_000_000, OrderSource::Tt);
        }
        if p.mvv_lva && (facts.capture || facts.promotion) {
            return (
                3_000_000 + facts.victim * 64 - facts.attacker / 16,
                OrderSource::Capture,
            );
        }
        if p.killers
            && let Some(k) = self.killers.get(ply)
        {
            if k[0] == code {
                return (2_000_001, OrderSource::Killer);
            }
            if k[1] == code {
                return (2_000_000, OrderSource::Killer);
            }
        }
        if p.refutation && prev != NO_MOVE && self.refutation[prev as usize] == code {
            return (1_500_000, OrderSource::Refutation);
        }
        if p.history {
            let h = self.history[side * TABLE + code as usize];
            if h > 0 {
                return (h.min(1_000_000), OrderSource::History);
            }
        }
        (0, OrderSource::Generated)
    }

    /// Learns from a quiet move that caused a β-cut-off.
    pub fn cutoff(
        &mut self,
        p: &OrderingParams,
        code: u16,
        depth: i32,
        ply: usize,
        side: usize,
        prev: u16,
    ) {
        if p.killers {
            if self.killers.len() <= ply {
                self.killers.resize(ply + 1, [NO_MOVE; 2]);
            }
            let k = &mut self.killers[ply];
            if k[0] != code {
                k[1] = k[0];
                k[0] = code;
            }
        }
        if p.history {
            let d = depth.clamp(0, 60);
            let h = &mut self.history[side * TABLE + code as usize];
            *h = (*h + d * d).min(1_000_000);
        }
        if p.refutation && prev != NO_MOVE {
            self.refutation[prev as usize] = code;
        }
    }
}
