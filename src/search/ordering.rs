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
    /// The history heuristic: moves by how often they caused cut-offs, weighted by the
    /// remaining depth (`history_weight`), learned from `history_moves`.
    pub history: bool,
    /// What one cut-off (or best move) at `depth` plies adds to the move's history score.
    /// Schaeffer (1989) adds 2^depth; Hsu's slides compare 2^depth with depth and 1; depth² is
    /// this project's original weight (the default).
    pub history_weight: HistoryWeight,
    /// Which moves the history heuristic learns from: quiet cut-off moves only (the
    /// default), or, as Schaeffer (1989) does, every move that caused a cut-off or, where
    /// none did, was best, captures included.
    pub history_moves: HistoryMoves,
    /// Halve the history table at the start of every iteration.
    pub history_aging: bool,
    /// The refutation table: the move that last refuted the opponent's previous move.
    pub refutation: bool,
    /// Static exchange evaluation splits the captures: winning and even ones (SEE ≥ 0) first,
    /// by MVV-LVA; losing ones (SEE < 0) after every quiet move. Without it a losing capture
    /// such as QxP into a defended pawn is tried before the killers.
    pub see: bool,
}

/// The history heuristic's weight of a cut-off at `depth` plies (Hsu's slides compare 2^d, d
/// and 1; Schaeffer 1989 uses 2^d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum HistoryWeight {
    /// 2^depth (Schaeffer 1989).
    Pow2,
    /// depth.
    Depth,
    /// 1: a plain count.
    One,
    /// depth² (this project's original form).
    #[default]
    DepthSquared,
}

impl HistoryWeight {
    /// The weight of a cut-off with `depth` plies left (0 and up), capped so that sums stay
    /// in range (2^20 at most for 2^depth).
    pub fn weight(self, depth: i32) -> i32 {
        let d = depth.clamp(0, 60);
        match self {
            HistoryWeight::Pow2 => 1 << d.min(20),
            HistoryWeight::Depth => d,
            HistoryWeight::One => 1,
            HistoryWeight::DepthSquared => d * d,
        }
    }
}

/// Which moves the history heuristic learns from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum HistoryMoves {
    /// Quiet moves that caused a β-cut-off (this project's original form).
    #[default]
    QuietCutoffs,
    /// Every move that caused a β-cut-off or, at a node without one, gave the best value,
    /// captures and promotions included (Schaeffer 1989: the "sufficient" move of each
    /// interior node).
    CutoffOrBest,
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

    /// Learns from a move that caused a β-cut-off (`noisy`: a capture or promotion, which
    /// only Schaeffer's history form learns from).
    #[allow(clippy::too_many_arguments)]
    pub fn cutoff(
        &mut self,
        p: &OrderingParams,
        code: u16,
        noisy: bool,
        depth: i32,
        ply: usize,
        side: usize,
        prev: u16,
    ) {
        if noisy {
            if p.history_moves == HistoryMoves::CutoffOrBest {
                self.credit(p, code, depth, side);
            }
            return;
        }
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
        self.credit(p, code, depth, side);
        if p.refutation && prev != NONE16 {
            self.refutation[prev as usize] = code;
        }
    }

    /// Learns from the best move of a node where no move caused a cut-off: Schaeffer's form
    /// only (`history_moves = cutoff_or_best`).
    pub fn best(&mut self, p: &OrderingParams, code: u16, depth: i32, side: usize) {
        if p.history_moves == HistoryMoves::CutoffOrBest {
            self.credit(p, code, depth, side);
        }
    }

    /// Adds the weight of a cut-off at `depth` to the move's history score.
    fn credit(&mut self, p: &OrderingParams, code: u16, depth: i32, side: usize) {
        if p.history {
            let h = &mut self.history[side * TABLE + code as usize];
            *h = h
                .saturating_add(p.history_weight.weight(depth))
                .min(1_000_000);
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
            sort_ordered(&mut f.order);
        }
    }
}

/// Sorts scored moves: higher scores first, ties in generation order (so the search is
/// deterministic). Not generic, and called by every searcher (ordering and quiescence): the
/// sort's code exists once in a build. Written inside the generic `order_moves`, each game and
/// tracer got its own copy of the standard library's sort, about 5.5 KB of wasm each and 21 of
/// them in the page's first build (docs/benchmarks.md, "First load").
pub(crate) fn sort_ordered(order: &mut [Ordered]) {
    order.sort_by(|a, b| b.score.cmp(&a.score).then(a.index.cmp(&b.index)));
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
    fn history_weights_and_move_sets() {
        let w = |h: HistoryWeight| [0, 1, 3, 9].map(|d| h.weight(d));
        assert_eq!(w(HistoryWeight::Pow2), [1, 2, 8, 512]);
        assert_eq!(w(HistoryWeight::Depth), [0, 1, 3, 9]);
        assert_eq!(w(HistoryWeight::One), [1, 1, 1, 1]);
        assert_eq!(w(HistoryWeight::DepthSquared), [0, 1, 9, 81]);
        assert_eq!(HistoryWeight::Pow2.weight(64), 1 << 20);
        // Ours learns from quiet cut-offs only; Schaeffer's from captures and best moves too.
        let mut p = OrderingParams {
            history: true,
            ..OrderingParams::default()
        };
        let score = |h: &Heuristics, p: &OrderingParams, code| {
            h.score(p, code, MoveFacts::default(), false, NONE16, 0, 0, NONE16)
                .0
        };
        let mut h = Heuristics::new(&p);
        h.cutoff(&p, 7, true, 3, 0, 0, NONE16);
        h.best(&p, 8, 3, 0);
        h.cutoff(&p, 9, false, 3, 0, 0, NONE16);
        assert_eq!([7, 8, 9].map(|c| score(&h, &p, c)), [0, 0, 9]);
        p.history_weight = HistoryWeight::Pow2;
        p.history_moves = HistoryMoves::CutoffOrBest;
        let mut h = Heuristics::new(&p);
        h.cutoff(&p, 7, true, 3, 0, 0, NONE16);
        h.best(&p, 8, 3, 0);
        h.cutoff(&p, 9, false, 3, 0, 0, NONE16);
        assert_eq!([7, 8, 9].map(|c| score(&h, &p, c)), [8, 8, 8]);
    }

    #[test]
    fn see_puts_losing_captures_after_the_quiet_moves() {
        let mut p = OrderingParams {
            mvv_lva: true,
            killers: true,
            ..OrderingParams::default()
        };
        let mut h = Heuristics::new(&p);
        h.cutoff(&p, 7, false, 3, 2, 0, NONE16);
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
        h.cutoff(&p, 7, false, 3, 2, 0, NONE16);
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
