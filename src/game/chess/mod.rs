//! Chess on top of [`shakmaty`]: a copy-make position with an incrementally updated Zobrist
//! key, a material + piece-square-table evaluation, and the text helpers (FEN, UCI, SAN, move
//! codes) that the CLI, the trace and the wasm front end use.
//!
//! shakmaty 0.30 dropped its `zobrist::Zobrist<P, V>` wrapper in favour of
//! [`Position::zobrist_hash`] and [`Position::update_zobrist_hash`]; [`ChessPos`] plays the
//! same role: it carries a [`Zobrist64`] next to the [`Chess`] position and updates it
//! incrementally where shakmaty can, recomputing it from scratch otherwise (king and rook moves
//! that touch castling rights, double pawn pushes and the ply after them).

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Role,
    Square,
};

use crate::game::Value;
use crate::game::{Game, MoveFacts};

/// The magnitude of a mate score: being mated at ply `p` is worth `-(MATE - p)`.
pub const MATE: Value = 100_000;

/// The move code reserved for "no move" (a null move); [`Game::move_code`] never produces it.
pub const NULL_MOVE_CODE: u16 = 0xFFFF;

/// Which Zobrist/FEN en passant convention positions use: the en passant square counts only
/// when an en passant capture is actually legal, so transpositions hash equal.
const EP_MODE: EnPassantMode = EnPassantMode::Legal;

// ---------------------------------------------------------------------------------------------
// Evaluation tables
// ---------------------------------------------------------------------------------------------

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
fn white_score(board: &Board) -> Value {
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

// ---------------------------------------------------------------------------------------------
// Move codes
// ---------------------------------------------------------------------------------------------

/// The 16-bit code of a move: `from | to << 6 | promotion << 12` with squares a1 = 0 .. h8 = 63
/// and the promotion role as shakmaty numbers it (knight = 2 .. queen = 5; 0 = none). Castling
/// is encoded as the king's standard UCI move (e1g1, e1c1, ...), en passant as the pawn's move.
/// Independent of the position; never [`NULL_MOVE_CODE`] (the largest code is below 0x7000).
#[inline]
pub fn encode_move(mv: Move) -> u16 {
    let (from, to, promotion) = match UciMove::from_standard(mv) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => (from, to, promotion),
        // Drops do not occur in standard chess; should one ever be encoded it gets from == to,
        // which no real move has, and its role in the promotion bits.
        UciMove::Put { role, to } => (to, to, Some(role)),
        // `from_standard` never returns a null move for a `Move`.
        UciMove::Null => return NULL_MOVE_CODE,
    };
    from as u16 | (to as u16) << 6 | (promotion.map_or(0, |r| r as u16)) << 12
}

/// The UCI text of a move code: "e2e4", "e7e8q", "e1g1"; "0000" for [`NULL_MOVE_CODE`].
pub fn code_to_uci(code: u16) -> String {
    if code == NULL_MOVE_CODE {
        return "0000".to_string();
    }
    let from = Square::new(u32::from(code & 63));
    let to = Square::new(u32::from((code >> 6) & 63));
    let role = Role::try_from((code >> 12) & 7).ok();
    let mut s = String::with_capacity(5);
    match role {
        Some(role) if from == to => {
            s.push(role.upper_char());
            s.push('@');
            s.push_str(&to.to_string());
        }
        _ => {
            s.push_str(&from.to_string());
            s.push_str(&to.to_string());
            if let Some(role) = role {
                s.push(role.char());
            }
        }
    }
    s
}

// ---------------------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------------------

/// A chess position with its Zobrist key, searched by copy-make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessPos {
    pos: Chess,
    hash: Zobrist64,
}

impl Default for ChessPos {
    fn default() -> Self {
        ChessPos::startpos()
    }
}

impl From<Chess> for ChessPos {
    fn from(pos: Chess) -> Self {
        let hash = pos.zobrist_hash(EP_MODE);
        ChessPos { pos, hash }
    }
}

impl ChessPos {
    /// The standard starting position.
    pub fn startpos() -> ChessPos {
        ChessPos::from(Chess::default())
    }

    /// Parses a FEN (6 fields) or the 4-field EPD form without move counters. Leading and
    /// trailing whitespace is ignored. The error says whether the text could not be parsed
    /// (and which field is wrong) or describes an illegal position (and why).
    pub fn from_fen(fen: &str) -> Result<ChessPos, String> {
        let fen = fen.trim();
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err("empty FEN: expected something like \
                 \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\""
                .to_string());
        }
        if !(4..=6).contains(&fields.len()) {
            return Err(format!(
                "cannot parse FEN {fen:?}: it has {} field{}, expected 6 (board, side to move, \
                 castling, en passant, halfmove clock, fullmove number) or 4 (without the move \
                 counters)",
                fields.len(),
                if fields.len() == 1 { "" } else { "s" }
            ));
        }
        check_board_field(fields[0]).map_err(|e| format!("cannot parse FEN {fen:?}: {e}"))?;
        for (i, what) in [(4, "halfmove clock"), (5, "fullmove number")] {
            if let Some(f) = fields.get(i)
                && !f.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(format!(
                    "cannot parse FEN {fen:?}: the {what} {f:?} is not a non-negative integer"
                ));
            }
        }
        let normalized = fields.join(" ");
        let parsed = Fen::from_ascii(normalized.as_bytes()).map_err(|e| {
            let detail = match e {
                ParseFenError::InvalidBoard => format!("invalid board {:?}", fields[0]),
                ParseFenError::InvalidTurn => {
                    format!("side to move must be 'w' or 'b', not {:?}", fields[1])
                }
                ParseFenError::InvalidCastling => format!(
                    "invalid castling rights {:?} (expected '-' or letters from KQkq)",
                    fields[2]
                ),
                ParseFenError::InvalidEpSquare => format!(
                    "invalid en passant square {:?} (expected '-' or a square such as e3)",
                    fields[3]
                ),
                ParseFenError::InvalidHalfmoveClock => {
                    format!("invalid halfmove clock {:?}", fields.get(4).unwrap_or(&""))
                }
                ParseFenError::InvalidFullmoves => {
                    format!("invalid fullmove number {:?}", fields.get(5).unwrap_or(&""))
                }
                other => other.to_string(),
            };
            format!("cannot parse FEN {fen:?}: {detail}")
        })?;
        let pos = Chess::from_setup(parsed.into_setup(), CastlingMode::Standard).map_err(|e| {
            let reasons = e.to_string();
            let reasons = reasons
                .strip_prefix("illegal position: ")
                .unwrap_or(&reasons);
            format!("FEN {fen:?} parses but is not a legal chess position: {reasons}")
        })?;
        Ok(ChessPos::from(pos))
    }

    /// The position as a FEN (en passant square only when a capture there is legal).
    pub fn fen(&self) -> String {
        Fen::from_position(&self.pos, EP_MODE).to_string()
    }

    /// The underlying shakmaty position.
    #[inline]
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// The legal move whose [`encode_move`] code is `code`, if any.
    pub fn move_from_code(&self, code: u16) -> Option<Move> {
        if code == NULL_MOVE_CODE {
            return None;
        }
        self.pos
            .legal_moves()
            .into_iter()
            .find(|&m| encode_move(m) == code)
    }

    /// Plays the move with trace code `code`, returning the new position and the move in SAN.
    /// [`NULL_MOVE_CODE`] plays the null move (a pass), written "--" as in PGN.
    pub fn play_code(&self, code: u16) -> Option<(ChessPos, String)> {
        if code == NULL_MOVE_CODE {
            return self.null_move().map(|p| (p, "--".to_string()));
        }
        let mv = self.move_from_code(code)?;
        Some((self.play(mv), self.san(mv)))
    }

    /// The moves of this position whose codes are not in `searched`: the children a search
    /// never entered. At a quiescence node (`quiescence`: the horizon with quiescence search on)
    /// only captures and promotions were candidates, unless the side to move is in check.
    pub fn unsearched_moves(&self, searched: &[u16], quiescence: bool) -> Vec<Move> {
        let mut moves = Vec::new();
        if quiescence && !self.in_check() {
            self.noisy_moves(&mut moves);
        } else {
            self.legal_moves(&mut moves);
        }
        moves.retain(|&m| !searched.contains(&encode_move(m)));
        moves
    }

    /// Standard algebraic notation with a check (`+`) or mate (`#`) suffix, e.g. "Nxe5+", "O-O".
    pub fn san(&self, mv: Move) -> String {
        SanPlus::from_move(self.pos.clone(), mv).to_string()
    }

    /// UCI notation with standard castling (the king's move, e.g. "e1g1").
    pub fn uci(&self, mv: Move) -> String {
        UciMove::from_standard(mv).to_string()
    }

    /// Parses a UCI move ("e2e4", "e7e8q", "e1g1") and checks that it is legal here.
    pub fn parse_uci(&self, s: &str) -> Result<Move, String> {
        let t = s.trim();
        let uci: UciMove = t
            .parse()
            .map_err(|_| format!("{t:?} is not a UCI move (expected e.g. e2e4 or e7e8q)"))?;
        uci.to_move(&self.pos)
            .map_err(|_| format!("{t:?} is not a legal move in {}", self.fen()))
    }
}

/// Checks the board field of a FEN so that errors can say what is wrong with it.
fn check_board_field(board: &str) -> Result<(), String> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!(
            "the board {board:?} has {} rank{}, expected 8 separated by '/'",
            ranks.len(),
            if ranks.len() == 1 { "" } else { "s" }
        ));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let rank_no = 8 - i;
        let mut files = 0u32;
        for ch in rank.chars() {
            match ch {
                '1'..='8' => files += ch as u32 - '0' as u32,
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => files += 1,
                _ => {
                    return Err(format!(
                        "unexpected character {ch:?} in rank {rank_no} ({rank:?}) of the board"
                    ));
                }
            }
        }
        if files != 8 {
            return Err(format!(
                "rank {rank_no} ({rank:?}) of the board covers {files} squares, expected 8"
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Material exchanges: MVV-LVA facts and static exchange evaluation
// ---------------------------------------------------------------------------------------------

/// The value of a king in [`MoveFacts::attacker`] and in the static exchange evaluation: larger
/// than all other material together, so that MVV-LVA tries king captures last among captures
/// of equal victims, and so that a king never "captures" into a defended square in [`see`].
pub const KING_VALUE: Value = 20_000;

/// The exchange value of a piece of `role`: [`SIMPLIFIED_EVAL`]'s piece values
/// (P 100, N 320, B 330, R 500, Q 900) and [`KING_VALUE`] for the king.
#[inline(always)]
pub const fn role_value(role: Role) -> Value {
    match role {
        Role::Pawn => SIMPLIFIED_EVAL.piece_values[0],
        Role::Knight => SIMPLIFIED_EVAL.piece_values[1],
        Role::Bishop => SIMPLIFIED_EVAL.piece_values[2],
        Role::Rook => SIMPLIFIED_EVAL.piece_values[3],
        Role::Queen => SIMPLIFIED_EVAL.piece_values[4],
        Role::King => KING_VALUE,
    }
}

/// Material gained by promoting a pawn to `role`.
#[inline(always)]
const fn promotion_gain(role: Role) -> Value {
    role_value(role) - role_value(Role::Pawn)
}

/// The least valuable piece in `attackers` (all of one color) and its role.
#[inline(always)]
fn least_valuable(board: &Board, attackers: Bitboard) -> Option<(Square, Role)> {
    Role::ALL.into_iter().find_map(|role| {
        (attackers & board.by_role(role))
            .first()
            .map(|sq| (sq, role))
    })
}

/// Static exchange evaluation by the swap algorithm: the material that `us` expects to gain
/// when a piece of `role` moves from `from` to `to` (promoting to `promotion`), capturing
/// `victim` centipawns, after which both sides alternately recapture on `to` with their least
/// valuable attacker, each free to stop when continuing would lose. `removed` holds an en
/// passant victim, which leaves a square other than `to`.
///
/// The algorithm is the one of Chess Programming Wiki, "SEE – The Swap Algorithm"
/// (<https://www.chessprogramming.org/SEE_-_The_Swap_Algorithm>), after Feng-hsiung Hsu's
/// slides "Algorithm SEE(location)": a forward pass fills the swap list `gain[d]` (the
/// speculative balance if capture `d` is not answered), a backward pass folds it by negamax,
/// `gain[d-1] = -max(-gain[d-1], gain[d])`. X-ray attackers behind sliders, pawns and the
/// captured pieces appear because the attackers are recomputed from the shrinking occupancy
/// after every capture. Differences from the wiki's version:
///
/// - No early cut-off `max(-gain[d-1], gain[d]) < 0`: it preserves the sign of the result but
///   not its magnitude (Nxe5 in `1k1r4/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w` would be
///   -220 instead of the true -70), and the search wants the expected gain.
/// - A pawn that captures onto the last rank promotes to a queen: the swap list gains
///   queen - pawn and the piece standing on `to` is a queen from then on.
/// - A king captures only when the other side has no attacker left (it cannot move into check).
/// - Pins are ignored, as usual for SEE.
#[allow(clippy::too_many_arguments)]
fn static_exchange(
    board: &Board,
    us: Color,
    from: Square,
    to: Square,
    role: Role,
    promotion: Option<Role>,
    victim: Value,
    removed: Bitboard,
) -> Value {
    // 32 pieces at most: the move and at most 31 captures after it (the loop also guards).
    let mut gain = [0 as Value; 34];
    let promotes_on_to = Bitboard::BACKRANKS.contains(to);
    let mut occupied = (board.occupied() ^ removed).without(from);
    gain[0] = victim + promotion.map_or(0, promotion_gain);
    // The value of the piece standing on `to`, the next one to be captured.
    let mut on_square = role_value(promotion.unwrap_or(role));
    let mut side = !us;
    let mut d = 0;
    while d + 1 < gain.len() {
        let attackers = board.attacks_to(to, side, occupied) & occupied;
        let Some((sq, attacker)) = least_valuable(board, attackers) else {
            break;
        };
        occupied = occupied.without(sq);
        if attacker == Role::King && (board.attacks_to(to, !side, occupied) & occupied).any() {
            break;
        }
        d += 1;
        let (bonus, lands_as) = if attacker == Role::Pawn && promotes_on_to {
            (promotion_gain(Role::Queen), Role::Queen)
        } else {
            (0, attacker)
        };
        gain[d] = on_square + bonus - gain[d - 1];
        on_square = role_value(lands_as);
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Static exchange evaluation of the legal move `mv` in `pos`, from the mover's view; see
/// [`static_exchange`]. Castling is 0.
pub fn see(pos: &Chess, mv: Move) -> Value {
    let board = pos.board();
    match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => static_exchange(
            board,
            pos.turn(),
            from,
            to,
            role,
            promotion,
            capture.map_or(0, role_value),
            Bitboard::EMPTY,
        ),
        Move::EnPassant { from, to } => static_exchange(
            board,
            pos.turn(),
            from,
            to,
            Role::Pawn,
            None,
            role_value(Role::Pawn),
            Bitboard::from_square(Square::from_coords(to.file(), from.rank())),
        ),
        Move::Castle { .. } | Move::Put { .. } => 0,
    }
}

impl Game for ChessPos {
    type Move = Move;

    /// Mate scores are `±(MATE − ply)`; no search is 10,000 plies deep.
    const MATE_BOUND: Value = MATE - 10_000;

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.extend_from_slice(&self.pos.legal_moves());
    }

    #[inline]
    fn play(&self, mv: Move) -> Self {
        let incremental = self.pos.update_zobrist_hash(self.hash, mv, EP_MODE);
        // Built in place (one copy of the position, straight into the result).
        let mut next = self.clone();
        next.pos.play_unchecked(mv);
        next.hash = match incremental {
            Some(hash) => hash,
            None => next.pos.zobrist_hash(EP_MODE),
        };
        next
    }

    #[inline]
    fn evaluate(&self) -> Value {
        let s = white_score(self.pos.board());
        match self.pos.turn() {
            Color::White => s,
            Color::Black => -s,
        }
    }

    #[inline]
    fn no_moves_value(&self, ply: u32) -> Value {
        if self.pos.is_check() {
            let ply = Value::try_from(ply).unwrap_or(MATE).min(MATE);
            -(MATE - ply)
        } else {
            0
        }
    }

    #[inline]
    fn key(&self) -> u64 {
        self.hash.0
    }

    /// Fifty-move rule (unless the move that reached 100 plies mated) or insufficient material
    /// for both sides.
    #[inline]
    fn is_rule_draw(&self) -> bool {
        (self.pos.halfmoves() >= 100 && !self.pos.is_checkmate())
            || self.pos.is_insufficient_material()
    }

    #[inline]
    fn repetition_horizon(&self) -> u32 {
        self.pos.halfmoves()
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.pos.is_check()
    }

    #[inline]
    fn move_code(&self, mv: Move, _index: usize) -> u16 {
        encode_move(mv)
    }

    /// Captures (en passant included) and promotions count as captures, as [`MoveFacts`]
    /// defines; the victim is the captured piece alone, the attacker the moving pawn or piece
    /// (a king is worth [`KING_VALUE`]).
    #[inline]
    fn move_facts(&self, mv: Move) -> MoveFacts {
        let promotion = mv.is_promotion();
        MoveFacts {
            capture: mv.is_capture() || promotion,
            victim: mv.capture().map_or(0, role_value),
            attacker: role_value(mv.role()),
            promotion,
        }
    }

    /// Static exchange evaluation by the swap algorithm; see [`see`] and [`static_exchange`].
    #[inline]
    fn see(&self, mv: Move) -> Value {
        see(&self.pos, mv)
    }

    /// The legal captures (en passant included) and promotions, in generation order.
    #[inline]
    fn noisy_moves(&self, out: &mut Vec<Move>) {
        out.extend(
            self.pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.is_capture() || m.is_promotion()),
        );
    }

    /// The other side to move, the en passant right gone, the halfmove clock (and after
    /// Black's pass the fullmove number) advanced as by a move. The key is updated
    /// incrementally: the side-to-move key and any en passant file leave it.
    fn null_move(&self) -> Option<Self> {
        if self.pos.is_check() {
            return None;
        }
        let mut hash = self.hash;
        hash ^= Zobrist64::zobrist_for_white_turn();
        if let Some(sq) = self.pos.ep_square(EP_MODE) {
            hash ^= Zobrist64::zobrist_for_en_passant_file(sq.file());
        }
        let mut setup = self.pos.to_setup(EnPassantMode::Always);
        setup.swap_turn();
        setup.halfmoves = setup.halfmoves.saturating_add(1);
        if setup.turn == Color::White {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        let pos = Chess::from_setup(setup, self.pos.castles().mode()).ok()?;
        Some(ChessPos { pos, hash })
    }

    /// The side to move has nothing but its king and pawns.
    #[inline]
    fn zugzwang_likely(&self) -> bool {
        let board = self.pos.board();
        (board.by_color(self.pos.turn()) & !(board.kings() | board.pawns())).is_empty()
    }

    #[inline]
    fn side(&self) -> usize {
        match self.pos.turn() {
            Color::White => 0,
            Color::Black => 1,
        }
    }
}

/// Counts the leaf nodes of the legal move tree to `depth` (perft), through the [`Game`]
/// implementation (`legal_moves` + `play`), so it tests this wrapper rather than shakmaty's own
/// perft. Leaves at depth 1 are counted from the move list (bulk counting).
pub fn perft(pos: &ChessPos, depth: u32) -> u64 {
    fn go(pos: &ChessPos, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
        let Some((moves, rest)) = buffers.split_first_mut() else {
            return 1;
        };
        moves.clear();
        pos.legal_moves(moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| go(&pos.play(m), depth - 1, rest))
            .sum()
    }
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    go(pos, depth, &mut buffers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::INF;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const PROMOTIONS: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    const PERFT5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

    fn pos(fen: &str) -> ChessPos {
        ChessPos::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
    }

    fn moves(p: &ChessPos) -> Vec<Move> {
        let mut v = Vec::new();
        p.legal_moves(&mut v);
        v
    }

    fn play_uci(p: &ChessPos, line: &[&str]) -> ChessPos {
        line.iter().fold(p.clone(), |p, s| {
            let m = p.parse_uci(s).unwrap_or_else(|e| panic!("{e}"));
            p.play(m)
        })
    }

    fn mirrored(p: &ChessPos) -> ChessPos {
        let setup = p.position().to_setup(EnPassantMode::Always).into_mirrored();
        ChessPos::from(Chess::from_setup(setup, CastlingMode::Standard).expect("mirror is legal"))
    }

    #[test]
    fn startpos_is_balanced() {
        let p = ChessPos::startpos();
        assert_eq!(p.evaluate(), 0);
        assert_eq!(p, ChessPos::default());
        assert_eq!(
            p,
            pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        );
        assert_eq!(
            p.key(),
            0x463b96181691fc9c,
            "polyglot key of the start position"
        );
    }

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

    #[test]
    fn mate_and_stalemate_values() {
        // Fool's mate: White to move is checkmated.
        let mated = play_uci(&ChessPos::startpos(), &["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert!(moves(&mated).is_empty());
        assert!(mated.in_check());
        assert_eq!(mated.no_moves_value(4), -(MATE - 4));
        assert_eq!(mated.no_moves_value(0), -MATE);
        // Stalemate: Black to move, not in check, no moves.
        let stale = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert!(moves(&stale).is_empty());
        assert!(!stale.in_check());
        assert_eq!(stale.no_moves_value(7), 0);
    }

    #[test]
    fn san_has_suffixes() {
        let p = play_uci(&ChessPos::startpos(), &["f2f3", "e7e5", "g2g4"]);
        let m = p.parse_uci("d8h4").unwrap();
        assert_eq!(p.san(m), "Qh4#");
        let k = pos(KIWIPETE);
        assert_eq!(k.san(k.parse_uci("e1g1").unwrap()), "O-O");
        assert_eq!(k.san(k.parse_uci("e1c1").unwrap()), "O-O-O");
        assert_eq!(k.san(k.parse_uci("e5f7").unwrap()), "Nxf7");
        let p5 = pos(PERFT5);
        assert_eq!(p5.san(p5.parse_uci("d7c8q").unwrap()), "dxc8=Q");
    }

    fn check_codes(p: &ChessPos) {
        let ms = moves(p);
        let mut codes: Vec<u16> = ms
            .iter()
            .enumerate()
            .map(|(i, &m)| p.move_code(m, i))
            .collect();
        for (&m, &code) in ms.iter().zip(&codes) {
            assert_ne!(code, NULL_MOVE_CODE);
            assert_eq!(p.move_from_code(code), Some(m), "{}", p.fen());
            let uci = code_to_uci(code);
            assert_eq!(uci, p.uci(m));
            assert_eq!(p.parse_uci(&uci), Ok(m));
        }
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), ms.len(), "codes are unique in {}", p.fen());
    }

    #[test]
    fn move_codes_round_trip() {
        let k = pos(KIWIPETE);
        let ucis: Vec<String> = moves(&k).iter().map(|&m| k.uci(m)).collect();
        assert!(ucis.iter().any(|u| u == "e1g1"), "{ucis:?}");
        assert!(ucis.iter().any(|u| u == "e1c1"), "{ucis:?}");
        let castle = k.parse_uci("e1g1").unwrap();
        assert!(castle.is_castle());
        assert_eq!(encode_move(castle), 4 | 6 << 6);
        assert_eq!(code_to_uci(encode_move(castle)), "e1g1");

        let p5 = pos(PERFT5);
        let promo = p5.parse_uci("d7c8q").unwrap();
        assert_eq!(promo.promotion(), Some(Role::Queen));
        let code = encode_move(promo);
        assert_eq!(code >> 12, Role::Queen as u16);
        assert_eq!(code_to_uci(code), "d7c8q");
        assert_eq!(
            code_to_uci(encode_move(p5.parse_uci("d7c8n").unwrap())),
            "d7c8n"
        );
        assert_eq!(code_to_uci(NULL_MOVE_CODE), "0000");
        assert_eq!(p5.move_from_code(NULL_MOVE_CODE), None);

        // Every move of these positions and of their children (Black castles and promotes
        // in the second one, en passant appears in the third).
        for fen in [
            KIWIPETE,
            PROMOTIONS,
            PERFT5,
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            let p = pos(fen);
            check_codes(&p);
            for m in moves(&p) {
                check_codes(&p.play(m));
            }
        }
        let ep = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        let m = ep.parse_uci("e5f6").unwrap();
        assert!(m.is_en_passant());
        assert_eq!(ep.san(m), "exf6");
    }

    #[test]
    fn parse_uci_rejects_bad_input() {
        let p = ChessPos::startpos();
        for bad in ["", "e2", "e2e5", "e7e5", "zz99", "e2e4qq", "0000", "e1g1"] {
            assert!(p.parse_uci(bad).is_err(), "{bad}");
        }
        assert!(p.parse_uci(" e2e4 ").is_ok());
    }

    #[test]
    fn bad_fens_are_errors_not_panics() {
        let cases: &[(&str, &str)] = &[
            ("", "empty FEN"),
            ("   ", "empty FEN"),
            ("garbage", "1 field"),
            ("hello world foo bar", "1 rank"),
            ("rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1", "7 ranks"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
                "9 ranks",
            ),
            (
                "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "rank 7",
            ),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "unexpected character",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "side to move",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
                "castling",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
                "en passant",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
                "halfmove clock",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
                "fullmove number",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
                "7 fields",
            ),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "2 fields"),
            ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "too many kings"),
            ("8/8/8/8/8/8/8/4K3 w - - 0 1", "missing king"),
            ("8/8/8/8/8/8/8/8 w - - 0 1", "empty board"),
            ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "pawns on backrank"),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "invalid castling rights"),
            ("4k3/8/8/8/8/8/8/R3K2q b - - 0 1", "opposite check"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
                "invalid ep square",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
                "not a legal",
            ),
            ("\u{e9}\u{e9}\u{e9}/8 w - -", "2 ranks"),
            ("\u{e9}7/8/8/8/8/8/8/8 w - -", "unexpected character"),
        ];
        for &(fen, expected) in cases {
            match ChessPos::from_fen(fen) {
                Ok(p) => panic!("{fen:?} was accepted as {}", p.fen()),
                Err(e) => assert!(e.contains(expected), "{fen:?}: {e:?} lacks {expected:?}"),
            }
        }
        // Parse errors and illegal positions are told apart.
        let parse = ChessPos::from_fen("garbage w - - 0 1").unwrap_err();
        assert!(parse.starts_with("cannot parse FEN"), "{parse}");
        let illegal = ChessPos::from_fen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1").unwrap_err();
        assert!(illegal.contains("not a legal chess position"), "{illegal}");
    }

    #[test]
    fn fen_forms_accepted() {
        let full = pos(KIWIPETE);
        let epd = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
        assert_eq!(full, epd);
        assert_eq!(full.key(), epd.key());
        let padded = pos(&format!("  \t{KIWIPETE}\n "));
        assert_eq!(padded.fen(), KIWIPETE);
        assert_eq!(pos(PERFT5).fen(), PERFT5);
        assert_eq!(pos(PERFT5).repetition_horizon(), 1);
    }

    #[test]
    fn transpositions_share_keys() {
        let s = ChessPos::startpos();
        let a = play_uci(&s, &["g1f3", "g8f6", "b1c3", "b8c6"]);
        let b = play_uci(&s, &["b1c3", "b8c6", "g1f3", "g8f6"]);
        assert_eq!(a.key(), b.key());
        assert_eq!(a.fen(), b.fen());
        // A double push without a legal en passant capture hashes like any other move.
        let c = play_uci(&s, &["e2e4", "e7e5", "g1f3"]);
        let d = play_uci(&s, &["g1f3", "e7e5", "e2e4"]);
        assert_eq!(c.key(), d.key());
        // ... but with one the en passant right makes the positions differ.
        let e = play_uci(&s, &["e2e4", "a7a6", "e4e5", "d7d5"]);
        assert_eq!(
            e.fen(),
            "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
        );
        let f = pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
        assert_eq!(e.position().board(), f.position().board());
        assert_ne!(e.key(), f.key());
        // After any reply the right is gone and the keys meet again.
        assert_eq!(
            play_uci(&e, &["g1f3", "g8f6"]).key(),
            play_uci(&f, &["g1f3", "g8f6"]).key()
        );
        // Side to move and castling rights are part of the key.
        let g = play_uci(&s, &["g1f3", "g8f6", "f3g1", "f6g8"]);
        assert_eq!(g.key(), s.key());
        let h = play_uci(
            &s,
            &[
                "g1f3", "g8f6", "h1g1", "h8g8", "g1h1", "g8h8", "f3g1", "f6g8",
            ],
        );
        assert_eq!(h.position().board(), s.position().board());
        assert_ne!(h.key(), s.key());
        assert_ne!(play_uci(&s, &["g1f3"]).key(), s.key());
    }

    #[test]
    fn incremental_keys_match_full_recomputation() {
        // Deterministic pseudo-random games from several positions.
        let mut rng: u64 = 0x9E37_79B9_7F4A_7C15;
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            KIWIPETE,
            PROMOTIONS,
            PERFT5,
        ] {
            for _ in 0..20 {
                let mut p = pos(fen);
                for _ in 0..80 {
                    let ms = moves(&p);
                    if ms.is_empty() {
                        break;
                    }
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    p = p.play(ms[(rng % ms.len() as u64) as usize]);
                    let full: Zobrist64 = p.position().zobrist_hash(EnPassantMode::Legal);
                    assert_eq!(p.key(), full.0, "{}", p.fen());
                    assert_eq!(pos(&p.fen()).key(), p.key());
                }
            }
        }
    }

    #[test]
    fn rule_draws() {
        let p = pos("4k3/8/8/8/8/8/r7/4K2R w - - 99 80");
        assert!(!p.is_rule_draw());
        assert_eq!(p.repetition_horizon(), 99);
        let q = play_uci(&p, &["h1h2"]);
        assert_eq!(q.repetition_horizon(), 100);
        assert!(q.is_rule_draw());
        // A capture resets the clock.
        let r = play_uci(&p, &["h1h2", "a2h2"]);
        assert_eq!(r.repetition_horizon(), 0);
        assert!(!r.is_rule_draw() || r.position().is_insufficient_material());
        // Checkmate on the 100th ply stands.
        let mate = pos("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80");
        let m = play_uci(&mate, &["a1a8"]);
        assert!(m.position().is_checkmate());
        assert!(!m.is_rule_draw());
        // Insufficient material.
        assert!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_rule_draw());
        assert!(pos("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").is_rule_draw());
        assert!(!pos("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").is_rule_draw());
        assert!(!ChessPos::startpos().is_rule_draw());
    }

    #[test]
    fn small_perft() {
        let s = ChessPos::startpos();
        assert_eq!(perft(&s, 0), 1);
        assert_eq!(perft(&s, 1), 20);
        assert_eq!(perft(&s, 3), 8902);
        assert_eq!(perft(&pos(KIWIPETE), 2), 2039);
    }

    fn see_of(fen: &str, uci: &str) -> Value {
        let p = pos(fen);
        let m = p.parse_uci(uci).unwrap_or_else(|e| panic!("{e}"));
        p.see(m)
    }

    #[test]
    fn see_known_positions() {
        // Chess Programming Wiki, "SEE - The Swap Algorithm", first example: Rxe5 takes an
        // undefended pawn: +P = +100.
        assert_eq!(
            see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
        // Its second example: Nxe5 Nxe5 Rxe5 Bxe5 Qxe5 Qxe5. Swap list (P 100, N 320, B 330,
        // R 500, Q 900): 100, 320-100 = 220, 320-220 = 100, 500-100 = 400, 330-400 = -70,
        // 900+70 = 970. Folded: -970, 400, -400, 220, -220: White should stop after Nxe5
        // Nxe5 and loses N for P = 100 - 320 = -220 (the wiki's -2 with P=1, N=3). The x-ray
        // attackers Qe1 (behind Re2) and Qh8 (behind Bf6) take part.
        let cpw = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert_eq!(see_of(cpw, "d3e5"), -220);
        // Without the black queen the last capture Qxe5 stands: White wins P+N+B = 750 and
        // loses N+R = 820, so -70. (The wiki's early cut-off would report -220 here.)
        assert_eq!(
            see_of(
                "1k1r4/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                "d3e5"
            ),
            -70
        );
        // PxN defended by a pawn: 320 - 100 = +220.
        assert_eq!(see_of("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 220);
        // RxP defended by a rook: 100 - 500 = -400. With a second white rook behind the first
        // (an x-ray attacker) the exchange Rxd5 Rxd5 Rxd5 wins the pawn: +100.
        assert_eq!(see_of("4k3/3r4/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5"), -400);
        assert_eq!(see_of("4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
        // A queen x-rays through its own pawn: Black's Qc7 sees e5 once d6xe5 has left d6.
        // Nxe5 dxe5 Bxe5 Qxe5: swap list 100, 320-100 = 220, 100-220 = -120, 330+120 = 450.
        // Fold: gain[2] = -max(120, 450) = -450; gain[1] = -max(-220, -450) = 220;
        // gain[0] = -max(-100, 220) = -220: dxe5 wins the knight for a pawn, and White had
        // better not continue with Bxe5.
        let battery = "4k3/2q5/3p4/4p3/8/5NB1/8/4K3 w - - 0 1";
        assert_eq!(see_of(battery, "f3e5"), -220);
        // Bxe5 dxe5 Nxe5 Qxe5: 100, 330-100 = 230, 100-230 = -130, 320+130 = 450 -> -230.
        assert_eq!(see_of(battery, "g3e5"), -230);
    }

    #[test]
    fn see_quiet_moves_en_passant_and_promotions() {
        // A quiet move to a square attacked by a pawn hangs the knight; elsewhere it is safe.
        let quiet = "4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1";
        assert_eq!(see_of(quiet, "g1f3"), -320);
        assert_eq!(see_of(quiet, "g1h3"), 0);
        assert_eq!(see_of(quiet, "g1e2"), 0);
        // Castling is not an exchange.
        assert_eq!(see_of(KIWIPETE, "e1g1"), 0);
        // En passant: the captured pawn leaves d5, not d6; with c7 defending d6 it is even.
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        assert_eq!(see_of("4k3/2p5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 0);
        // En passant uncovers an x-ray: the black rook on d2 sees d6 through the captured
        // pawn's square d5, so exd6 Rxd6 trades pawn for pawn: 100 - 100 = 0.
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/3r4/4K3 w - d6 0 1", "e5d6"), 0);
        // A free promotion wins queen - pawn = 800; a defended one loses the pawn.
        assert_eq!(see_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), 800);
        assert_eq!(see_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n"), 220);
        assert_eq!(see_of("2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), -100);
        // bxc8=Q takes a rook (500 + 800 = 1300); Kxc8 takes the queen back: 1300 - 900 = 400.
        assert_eq!(see_of("2rk4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8q"), 400);
        // With Rc1 guarding c8 the king may not recapture: +1300.
        assert_eq!(see_of("2rk4/1P6/8/8/8/8/8/2R1K3 w - - 0 1", "b7c8q"), 1300);
        // A recapturing pawn promotes too: Black's Rxc8 takes a knight, b7xc8=Q takes the rook
        // and promotes. Swap list 320, 500 + 800 - 320 = 980; Black has nothing left on c8, so
        // gain[0] = -max(-320, 980) = -980.
        assert_eq!(see_of("2Nr2k1/1P6/8/8/8/8/8/4K3 b - - 0 1", "d8c8"), -980);
        // From Black's side: PxN defended by a pawn, 320 - 100 = +220.
        assert_eq!(see_of("4k3/8/8/4p3/3N4/2P5/8/4K3 b - - 0 1", "e5d4"), 220);
    }

    #[test]
    fn see_is_color_symmetric() {
        for fen in [
            KIWIPETE,
            PROMOTIONS,
            PERFT5,
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        ] {
            let p = pos(fen);
            let m = mirrored(&p);
            let mut mirrored_moves = moves(&m);
            for mv in moves(&p) {
                let flip = |sq: Square| sq.flip_vertical();
                let uci = p.uci(mv);
                let from = flip(uci[0..2].parse().unwrap());
                let to = flip(uci[2..4].parse().unwrap());
                let twin = format!("{from}{to}{}", &uci[4..]);
                let mm = m.parse_uci(&twin).unwrap();
                mirrored_moves.retain(|&x| x != mm);
                assert_eq!(p.see(mv), m.see(mm), "{fen} {uci}");
                assert_eq!(p.move_facts(mv), m.move_facts(mm));
                // SEE never exceeds the material the move wins outright.
                let facts = p.move_facts(mv);
                let promo = mv.promotion().map_or(0, promotion_gain);
                assert!(p.see(mv) <= facts.victim + promo, "{fen} {uci}");
            }
            assert!(mirrored_moves.is_empty());
        }
    }

    #[test]
    fn move_facts_for_mvv_lva() {
        let p = pos("4k3/8/8/3q4/4P3/3p4/8/3QK3 w - - 0 1");
        let pxq = p.move_facts(p.parse_uci("e4d5").unwrap());
        let qxp = p.move_facts(p.parse_uci("d1d3").unwrap());
        assert_eq!(
            pxq,
            MoveFacts {
                capture: true,
                victim: 900,
                attacker: 100,
                promotion: false
            }
        );
        assert_eq!(
            qxp,
            MoveFacts {
                capture: true,
                victim: 100,
                attacker: 900,
                promotion: false
            }
        );
        let mvv_lva = |f: MoveFacts| f.victim * 64 - f.attacker / 100;
        assert!(mvv_lva(pxq) > mvv_lva(qxp));
        let quiet = p.move_facts(p.parse_uci("d1d2").unwrap());
        assert_eq!(
            quiet,
            MoveFacts {
                capture: false,
                victim: 0,
                attacker: 900,
                promotion: false
            }
        );
        // A king capture comes last among captures of the same victim.
        let k = pos("4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1");
        let kxp = k.move_facts(k.parse_uci("e1d2").unwrap());
        assert_eq!(kxp.attacker, KING_VALUE);
        assert!(kxp.attacker > k.move_facts(k.parse_uci("d1d2").unwrap()).attacker);
        // En passant and promotions.
        let ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let f = ep.move_facts(ep.parse_uci("e5d6").unwrap());
        assert!(f.capture && f.victim == 100 && f.attacker == 100 && !f.promotion);
        let p5 = pos(PERFT5);
        let f = p5.move_facts(p5.parse_uci("d7c8q").unwrap());
        assert_eq!(
            f,
            MoveFacts {
                capture: true,
                victim: 330,
                attacker: 100,
                promotion: true
            }
        );
        let pr = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        let f = pr.move_facts(pr.parse_uci("b7b8q").unwrap());
        assert!(f.capture && f.promotion && f.victim == 0);
        // Castling is a quiet king move.
        let c = pos(KIWIPETE);
        let f = c.move_facts(c.parse_uci("e1g1").unwrap());
        assert!(!f.capture && !f.promotion && f.victim == 0);
    }

    fn noisy(p: &ChessPos) -> Vec<Move> {
        let mut v = Vec::new();
        p.noisy_moves(&mut v);
        v
    }

    #[test]
    fn noisy_moves_are_captures_and_promotions() {
        // Kiwipete has 8 captures at depth 1 (perft tables), no promotions, no en passant.
        let k = pos(KIWIPETE);
        let n = noisy(&k);
        assert_eq!(n.len(), 8);
        assert!(n.iter().all(|m| m.is_capture()));
        for fen in [
            KIWIPETE,
            PROMOTIONS,
            PERFT5,
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "2rk4/1P6/8/8/8/8/8/2R1K3 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let p = pos(fen);
            let all = moves(&p);
            let expected: Vec<Move> = all
                .iter()
                .copied()
                .filter(|m| m.is_capture() || m.is_promotion())
                .collect();
            let got = noisy(&p);
            assert_eq!(got, expected, "{fen}: generation order, no duplicates");
            for m in &got {
                let f = p.move_facts(*m);
                assert!(f.capture, "{fen} {}", p.uci(*m));
            }
        }
        // PERFT5 has the four capturing promotions d7xc8; the en passant position only exd6.
        let p5 = noisy(&pos(PERFT5));
        assert_eq!(p5.iter().filter(|m| m.is_promotion()).count(), 4);
        let ep = noisy(&pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"));
        assert_eq!(ep.len(), 1);
        assert!(ep[0].is_en_passant());
        // Quiet promotions (b8=Q/R/B/N) and capturing ones (bxc8=Q/R/B/N).
        assert_eq!(noisy(&pos("2rk4/1P6/8/8/8/8/8/2R1K3 w - - 0 1")).len(), 9);
        assert!(noisy(&ChessPos::startpos()).is_empty());
    }

    fn scratch_key(p: &ChessPos) -> u64 {
        let full: Zobrist64 = p.position().zobrist_hash(EnPassantMode::Legal);
        full.0
    }

    #[test]
    fn null_move_swaps_side_and_keeps_keys_consistent() {
        let s = ChessPos::startpos();
        let n = s.null_move().expect("not in check");
        assert_eq!(n.turn(), Color::Black);
        assert_eq!(n.side(), 1);
        assert_eq!(s.side(), 0);
        assert_eq!(n.position().board(), s.position().board());
        assert_eq!(n.key(), scratch_key(&n));
        assert_eq!(n.key(), pos(&n.fen()).key());
        assert_ne!(n.key(), s.key());
        assert_eq!(n.repetition_horizon(), 1);
        let back = n.null_move().unwrap();
        assert_eq!(back.key(), s.key());
        assert_eq!(back.position().fullmoves().get(), 2);

        // A legal en passant right disappears with the pass (and from the key).
        let e = pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        let en = e.null_move().unwrap();
        assert_eq!(en.position().maybe_ep_square(), None);
        assert_eq!(en.key(), scratch_key(&en));
        let without_ep = pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
        assert_eq!(en.key(), without_ep.key());
        // After e2e4 the pseudo en passant square e3 has no capture, so it was never hashed.
        let e4 = play_uci(&s, &["e2e4"]);
        let e4n = e4.null_move().unwrap();
        assert_eq!(e4n.key(), scratch_key(&e4n));

        // In check there is no null move.
        let check = play_uci(&s, &["e2e4", "f7f6", "d1h5"]);
        assert!(check.in_check());
        assert!(check.null_move().is_none());

        // Along random games every null move's key matches a from-scratch computation.
        let mut rng: u64 = 0x2545_F491_4F6C_DD1D;
        for fen in [KIWIPETE, PROMOTIONS, PERFT5] {
            let mut p = pos(fen);
            for _ in 0..60 {
                match p.null_move() {
                    Some(n) => {
                        assert!(!p.in_check());
                        assert_eq!(n.key(), scratch_key(&n), "{}", p.fen());
                        assert_ne!(n.side(), p.side());
                        assert!(!n.in_check());
                    }
                    None => assert!(p.in_check()),
                }
                let ms = moves(&p);
                if ms.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                p = p.play(ms[(rng % ms.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn zugzwang_likely_with_king_and_pawns() {
        assert!(pos("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1").zugzwang_likely());
        assert!(pos("4k3/8/8/8/8/8/8/4K3 b - - 0 1").zugzwang_likely());
        // White has a knight; Black to move has only king and pawns.
        assert!(!pos("4k3/4p3/8/8/8/8/4P3/4KN2 w - - 0 1").zugzwang_likely());
        assert!(pos("4k3/4p3/8/8/8/8/4P3/4KN2 b - - 0 1").zugzwang_likely());
        assert!(!ChessPos::startpos().zugzwang_likely());
        assert!(!pos(KIWIPETE).zugzwang_likely());
    }
}
