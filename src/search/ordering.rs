//! Move ordering: the transposition-table move, MVV-LVA captures (the knowledge heuristic),
//! losing captures last by static exchange evaluation, killer moves, a refutation table and
//! the history heuristic with aging.
//!
//! CITE: Hsu, *Transposition Table, History Heuristic, and other Search Enhancements*, slides
//! 16 and 21–32 (refutation tables, killer heuristic, history heuristic with counter aging)
//! and 50–53 (SEE: "a capturing move … only if the net gain is positive"); Schaeffer (1989),
//! *The history heuristic and alpha-beta search enhancements in practice*.
//!
//! - Parameters: [`OrderingParams`] (`ordering.*`).
//! - Step: Step 7 of the node search, [`Searcher::order_moves`]; the tables learn from every
//!   β-cut-off by a quiet move ([`Heuristics::cutoff`]).

use crate::game::{Game, MoveFacts, Value};
use crate::schema::{NONE16, OrderSource};
use crate::search::Tracer;
use crate::search::params::ConfigError;
use crate::search::{Frame, Node, Searcher};
use serde::{Deserialize, Serialize};

/// One entry of a node's search order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ordered {
    /// Higher is searched first; ties keep generation order.
    pub score: i32,
    /// Index of the move in the generation-order list.
    pub index: u32,
    /// Which heuristic placed it.
    pub source: OrderSource,
}

/// Most valuable victim, least valuable attacker: the order of captures among themselves
/// (the knowledge heuristic). Used by move ordering and by quiescence search.
#[inline(always)]
pub fn mvv_lva(f: MoveFacts) -> Value {
    f.victim * 64 - f.attacker / 16
}

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
    /// Static exchange evaluation splits the captures: winning and even ones (SEE ≥ 0) first,
    /// by MVV-LVA; losing ones (SEE < 0) after every quiet move. Without it a losing capture
    /// such as QxP into a defended pawn is tried before the killers.
    pub see: bool,
}

impl OrderingParams {
    /// The TT move comes from the transposition table (`tt`: it is on).
    pub fn validate(&self, tt: bool) -> Result<(), ConfigError> {
        if self.tt_move {
            ConfigError::needs("ordering.tt_move", tt, "the transposition table")?;
        }
        Ok(())
    }

    pub fn any(&self) -> bool {
        self.tt_move || self.mvv_lva || self.killers || self.history || self.refutation || self.see
    }
}

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
                vec![NONE16; TABLE]
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

    /// Scores one move; higher is searched first. Ties keep generation order. `losing`: the
    /// move is a capture that loses material by static exchange (only asked when `p.see`).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn score(
        &self,
        p: &OrderingParams,
        code: u16,
        facts: MoveFacts,
        losing: bool,
        tt_move: u16,
        ply: usize,
        side: usize,
        prev: u16,
    ) -> (i32, OrderSource) {
        if p.tt_move && code == tt_move {
            return (4_000_000, OrderSource::Tt);
        }
        let noisy = facts.capture || facts.promotion;
        if p.see && noisy && losing {
            // Below every quiet move (their scores are 0 and up).
            return (-1_000_000 + mvv_lva(facts), OrderSource::Capture);
        }
        if (p.mvv_lva || p.see) && noisy {
            return (3_000_000 + mvv_lva(facts), OrderSource::Capture);
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
        if p.refutation && prev != NONE16 && self.refutation[prev as usize] == code {
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
                self.killers.resize(ply + 1, [NONE16; 2]);
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
        if p.refutation && prev != NONE16 {
            self.refutation[prev as usize] = code;
        }
    }
}

impl<G: Game, T: Tracer> Searcher<'_, G, T> {
    /// Step 7. Scores and sorts the node's moves: the TT move, captures by MVV-LVA (the
    /// winning and even ones only, with `see`), killers, the refutation of the opponent's last
    /// move, history, then (with `see`) the losing captures; at the root the previous
    /// iteration's best move first. Ties keep generation order, so the search is
    /// deterministic.
    pub(crate) fn order_moves(&mut self, n: &Node<'_, G>, f: &mut Frame<G::Move>) {
        f.order.clear();
        let op = &self.cfg.ordering;
        let any = op.any();
        let side = n.pos.side();
        let p = n.ply as usize;
        let root_first = if p == 0 { self.root_first } else { None };
        for (i, &mv) in f.moves.iter().enumerate() {
            let (mut score, mut source) = if any {
                let code = n.pos.move_code(mv, i);
                let facts = n.pos.move_facts(mv);
                let losing = op.see && (facts.capture || facts.promotion) && n.pos.see(mv) < 0;
                self.heur
                    .score(op, code, facts, losing, n.tt_move, p, side, n.ctx.code)
            } else {
                (0, OrderSource::Generated)
            };
            if root_first == Some(mv) && source != OrderSource::Tt {
                (score, source) = (5_000_000, OrderSource::PreviousBest);
            }
            f.order.push(Ordered {
                score,
                index: i as u32,
                source,
            });
        }
        if any || root_first.is_some() {
            f.order
                .sort_by(|a, b| b.score.cmp(&a.score).then(a.index.cmp(&b.index)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUEEN_TAKES_PAWN: MoveFacts = MoveFacts {
        capture: true,
        victim: 100,
        attacker: 900,
        promotion: false,
    };

    #[test]
    fn see_puts_losing_captures_after_the_quiet_moves() {
        let mut p = OrderingParams {
            mvv_lva: true,
            killers: true,
            ..OrderingParams::default()
        };
        let mut h = Heuristics::new(&p);
        h.cutoff(&p, 7, 3, 2, 0, NONE16);
        let quiet = MoveFacts::default();
        let score = |h: &Heuristics, p: &OrderingParams, code, f, losing| {
            h.score(p, code, f, losing, NONE16, 2, 0, NONE16)
        };
        // Without SEE every capture comes before the killer, losing or not.
        let killer = score(&h, &p, 7, quiet, false);
        assert_eq!(killer.1, OrderSource::Killer);
        assert!(score(&h, &p, 9, QUEEN_TAKES_PAWN, true).0 > killer.0);
        // With SEE a losing capture comes after the killer and after a quiet move with no
        // history; a winning or even one still comes before the killer.
        p.see = true;
        h = Heuristics::new(&p);
        h.cutoff(&p, 7, 3, 2, 0, NONE16);
        let killer = score(&h, &p, 7, quiet, false);
        let plain = score(&h, &p, 8, quiet, false);
        let losing = score(&h, &p, 9, QUEEN_TAKES_PAWN, true);
        let winning = score(&h, &p, 10, QUEEN_TAKES_PAWN, false);
        assert!(losing.0 < plain.0 && plain.0 < killer.0 && killer.0 < winning.0);
        assert_eq!(losing.1, OrderSource::Capture);
        // The TT move stays first whatever it is.
        p.tt_move = true;
        let tt = h.score(&p, 9, QUEEN_TAKES_PAWN, true, 9, 2, 0, NONE16);
        assert_eq!(tt.1, OrderSource::Tt);
        // SEE alone orders captures too, so it counts as an ordering switch.
        let only = OrderingParams {
            see: true,
            ..OrderingParams::default()
        };
        assert!(only.any());
    }
}
