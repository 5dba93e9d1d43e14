//! The evaluation: material plus piece-square tables (Michniewski's "Simplified Evaluation
//! Function"), summed over the piece bitboards from White's point of view.

use shakmaty::{Bitboard, Board};

use crate::game::Value;

/// Piece values and piece-square tables of an evaluation function, in centipawns.
///
/// Each table is written the way it is printed, from White's point of view: the first row is
/// the eighth rank (a8..h8), the last row the first rank (a1..h1). Black uses the vertically
/// mirrored table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTables {
    /// Values of pawn, knight, bishop, rook, queen (kings are never captured, so they have none).
    pub piece_values: [Value; 5],
    pub pawn: [Value; 64],
    pub knight: [Value; 64],
    pub bishop: [Value; 64],
    pub rook: [Value; 64],
    pub queen: [Value; 64],
    pub king_middlegame: [Value; 64],
    pub king_endgame: [Value; 64],
}

/// Tomasz Michniewski's "Simplified Evaluation Function", posted to the Polish chess programming
/// list progszach and reproduced on the Chess Programming Wiki
/// (<https://www.chessprogramming.org/Simplified_Evaluation_Function>): P = 100, N = 320,
/// B = 330, R = 500, Q = 900 and one piece-square table per piece, with a separate king table
/// for the endgame. The endgame starts, as Michniewski defines it, when neither side has a
/// queen, or every side that has a queen has at most one minor piece besides it (see
/// [`is_endgame`]).
#[rustfmt::skip]
pub const SIMPLIFIED_EVAL: EvalTables = EvalTables {
    piece_values: [100, 320, 330, 500, 900],
    pawn: [
         0,  0,  0,  0,  0,  0,  0,  0,
        50, 50, 50, 50, 50, 50, 50, 50,
        10, 10, 20, 30, 30, 20, 10, 10,
         5,  5, 10, 25, 25, 10,  5,  5,
         0,  0,  0, 20, 20,  0,  0,  0,
         5, -5,-10,  0,  0,-10, -5,  5,
         5, 10, 10,-20,-20, 10, 10,  5,
         0,  0,  0,  0,  0,  0,  0,  0,
    ],
    knight: [
        -50,-40,-30,-30,-30,-30,-40,-50,
        -40,-20,  0,  0,  0,  0,-20,-40,
        -30,  0, 10, 15, 15, 10,  0,-30,
        -30,  5, 15, 20, 20, 15,  5,-30,
        -30,  0, 15, 20, 20, 15,  0,-30,
        -30,  5, 10, 15, 15, 10,  5,-30,
        -40,-20,  0,  5,  5,  0,-20,-40,
        -50,-40,-30,-30,-30,-30,-40,-50,
    ],
    bishop: [
        -20,-10,-10,-10,-10,-10,-10,-20,
        -10,  0,  0,  0,  0,  0,  0,-10,
        -10,  0,  5, 10, 10,  5,  0,-10,
        -10,  5,  5, 10, 10,  5,  5,-10,
        -10,  0, 10, 10, 10, 10,  0,-10,
        -10, 10, 10, 10, 10, 10, 10,-10,
        -10,  5,  0,  0,  0,  0,  5,-10,
        -20,-10,-10,-10,-10,-10,-10,-20,
    ],
    rook: [
          0,  0,  0,  0,  0,  0,  0,  0,
          5, 10, 10, 10, 10, 10, 10,  5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
         -5,  0,  0,  0,  0,  0,  0, -5,
          0,  0,  0,  5,  5,  0,  0,  0,
    ],
    queen: [
        -20,-10,-10, -5, -5,-10,-10,-20,
        -10,  0,  0,  0,  0,  0,  0,-10,
        -10,  0,  5,  5,  5,  5,  0,-10,
         -5,  0,  5,  5,  5,  5,  0, -5,
          0,  0,  5,  5,  5,  5,  0, -5,
        -10,  5,  5,  5,  5,  5,  0,-10,
        -10,  0,  5,  0,  0,  0,  0,-10,
        -20,-10,-10, -5, -5,-10,-10,-20,
    ],
    king_middlegame: [
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -30,-40,-40,-50,-50,-40,-40,-30,
        -20,-30,-30,-40,-40,-30,-30,-20,
        -10,-20,-20,-20,-20,-20,-20,-10,
         20, 20,  0,  0,  0,  0, 20, 20,
         20, 30, 10,  0,  0, 10, 30, 20,
    ],
    king_endgame: [
        -50,-40,-30,-20,-20,-30,-40,-50,
        -30,-20,-10,  0,  0,-10,-20,-30,
        -30,-10, 20, 30, 30, 20,-10,-30,
        -30,-10, 30, 40, 40, 30,-10,-30,
        -30,-10, 30, 40, 40, 30,-10,-30,
        -30,-10, 20, 30, 30, 20,-10,-30,
        -30,-30,  0,  0,  0,  0,-30,-30,
        -50,-30,-30,-30,-30,-30,-30,-50,
    ],
};

/// Indices of the two king tables in [`Combined`] (0..=4 are pawn..queen).
const KING_MG: usize = 5;
const KING_EG: usize = 6;

/// Per color, per table, per square (a1 = 0): material + positional value, positive for White
/// and negative for Black, so that the evaluation is one sum over the piece bitboards.
type Combined = [[[Value; 64]; 7]; 2];

const fn combine(t: &EvalTables) -> Combined {
    let tables = [
        &t.pawn,
        &t.knight,
        &t.bishop,
        &t.rook,
        &t.queen,
        &t.king_middlegame,
        &t.king_endgame,
    ];
    let mut out = [[[0; 64]; 7]; 2];
    let mut k = 0;
    while k < 7 {
        let material = if k < 5 { t.piece_values[k] } else { 0 };
        let mut sq = 0;
        while sq < 64 {
            // Printed tables start at a8: White's square `sq` is row-flipped (`sq ^ 56`);
            // Black's mirrored square flips back, so it reads the table at `sq` itself.
            out[0][k][sq] = material + tables[k][sq ^ 56];
            out[1][k][sq] = -(material + tables[k][sq]);
            sq += 1;
        }
        k += 1;
    }
    out
}

static COMBINED: Combined = combine(&SIMPLIFIED_EVAL);

/// Michniewski's endgame rule: no queens, or every side with a queen has no rooks and at most
/// one minor piece (and just the one queen).
#[inline]
pub fn is_endgame(board: &Board) -> bool {
    let queens = board.queens();
    if queens.is_empty() {
        return true;
    }
    let minors = board.knights() | board.bishops();
    [board.white(), board.black()].into_iter().all(|side| {
        let q = (queens & side).count();
        q == 0 || (q == 1 && (board.rooks() & side).is_empty() && (minors & side).count() <= 1)
    })
}

/// Material + piece-square score from White's point of view.
#[inline]
pub(crate) fn white_score(board: &Board) -> Value {
    let king_table = if is_endgame(board) { KING_EG } else { KING_MG };
    let roles: [Bitboard; 6] = [
        board.pawns(),
        board.knights(),
        board.bishops(),
        board.rooks(),
        board.queens(),
        board.kings(),
    ];
    let mut score = 0;
    for (c, side) in [board.white(), board.black()].into_iter().enumerate() {
        let tables = &COMBINED[c];
        for (k, role_bb) in roles.iter().enumerate() {
            let table = &tables[if k == KING_MG { king_table } else { k }];
            let mut bb = (*role_bb & side).0;
            while bb != 0 {
                score += table[bb.trailing_zeros() as usize];
                bb &= bb - 1;
            }
        }
    }
    score
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::ChessPos;
    use crate::game::chess::fixtures::*;
    use crate::game::{Game, INF};
    use shakmaty::Position;

    #[test]
    fn eval_is_color_symmetric() {
        for fen in [
            KIWIPETE,
            PROMOTIONS,
            PERFT5,
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1",
            "8/8/3k4/8/8/3K4/3Q4/8 w - - 0 1",
        ] {
            let p = pos(fen);
            let m = mirrored(&p);
            assert_ne!(p.turn(), m.turn());
            assert_eq!(p.evaluate(), m.evaluate(), "{fen} vs {}", m.fen());
            // The same after a move, so both sides' tables are exercised.
            for mv in moves(&p).into_iter().take(5) {
                let c = p.play(mv);
                assert_eq!(c.evaluate(), mirrored(&c).evaluate(), "{}", c.fen());
            }
        }
    }

    #[test]
    fn eval_counts_material_from_side_to_move() {
        let w = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let b = pos("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(w.evaluate() > 800, "{}", w.evaluate());
        assert_eq!(w.evaluate(), -b.evaluate());
        // Endgame (K+Q vs K) rewards the centralised king table: Kd4 beats Ke1.
        let central = pos("4k3/8/8/8/3K4/8/8/3Q4 w - - 0 1");
        assert!(central.evaluate() > w.evaluate());
        assert!(is_endgame(w.position().board()));
        assert!(!is_endgame(ChessPos::startpos().position().board()));
        assert!(w.evaluate().abs() < INF);
    }
}
