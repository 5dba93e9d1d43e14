//! FEN (Forsyth–Edwards Notation), read field by field so that an error names the field.
//!
//! A FEN is six fields separated by ASCII whitespace: the board (eight ranks from the eighth
//! down, separated by `/`, each a run of piece letters `pnbrqkPNBRQK` and digits `1`–`8` for
//! empty squares that covers exactly eight squares), the side to move (`w` or `b`), the
//! castling rights (`-` or some of `KQkq`, in that order), the en passant target square (`-`
//! or the square a double push just passed: rank 6 with White to move, rank 3 with Black),
//! the halfmove clock (plies since the last capture or pawn move) and the fullmove number
//! (starting at 1). The four-field form of EPD, without the two counters, means `0 1`.
//!
//! shakmaty's own reader also splits fields on `_`, accepts variant extensions (pockets,
//! promoted pieces, remaining checks, Shredder castling letters) and saturates absurd counters;
//! here every field is checked first, by the same split the reader then sees, so a FEN such
//! as `… w _ - 0 1` is refused for its castling field, not blamed on another one.

use std::borrow::Cow;

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{CastlingMode, Chess, FromSetup, PositionErrorKinds};

use crate::game::chess::{ChessPos, EP_MODE};

/// The standard starting position.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Largest halfmove clock accepted: under the 75-move rule (FIDE Laws of Chess, 9.6.2) a game
/// is drawn once 150 plies pass without a capture or a pawn move, so no position of a game
/// has a larger clock.
pub const MAX_HALFMOVE_CLOCK: u32 = 150;

/// Largest fullmove number accepted. Under the 75-move rule no game lasts 9,000 moves, so a
/// larger number is a mistake (a 20-digit clock, a misplaced field), not a position.
pub const MAX_FULLMOVE_NUMBER: u32 = 9_999;

/// A field of a FEN, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FenField {
    Board,
    SideToMove,
    Castling,
    EnPassant,
    HalfmoveClock,
    FullmoveNumber,
}

impl FenField {
    /// The six fields in the order a FEN writes them.
    pub const ALL: [FenField; 6] = [
        FenField::Board,
        FenField::SideToMove,
        FenField::Castling,
        FenField::EnPassant,
        FenField::HalfmoveClock,
        FenField::FullmoveNumber,
    ];

    /// The field's name in messages: "board", "side to move", "castling", "en passant",
    /// "halfmove clock", "fullmove number".
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Board => "board",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        }
    }
}

impl core::fmt::Display for FenField {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a FEN was refused. Messages quote input with `{:?}`, so control characters in it are
/// escaped, never printed raw.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("empty FEN: expected six fields such as \"{STARTING_FEN}\"")]
    Empty,
    #[error(
        "the FEN has {count} {}, expected 6 (board, side to move, castling, en passant, \
         halfmove clock, fullmove number) or 4 (without the move counters)",
        if *.count == 1 { "field" } else { "fields" }
    )]
    FieldCount { count: usize },
    /// One field is malformed: which, what it holds, and what was expected there.
    #[error("the FEN's {field} field is {found:?}, expected {expected}")]
    Field {
        field: FenField,
        found: String,
        expected: Cow<'static, str>,
    },
    /// Every field is well formed but the position cannot occur (shakmaty's reasons, e.g.
    /// "too many kings"); `field` is the one the first reason is about.
    #[error("the FEN parses but is not a legal chess position: {reasons}")]
    Illegal { field: FenField, reasons: String },
}

impl FenError {
    /// The field the error is about, where there is one.
    pub fn field(&self) -> Option<FenField> {
        match self {
            FenError::Empty | FenError::FieldCount { .. } => None,
            FenError::Field { field, .. } | FenError::Illegal { field, .. } => Some(*field),
        }
    }

    fn at(field: FenField, found: &str, expected: impl Into<Cow<'static, str>>) -> FenError {
        FenError::Field {
            field,
            found: found.to_string(),
            expected: expected.into(),
        }
    }
}

/// Checks the board field: eight ranks, each covering eight squares.
fn check_board(board: &str) -> Result<(), FenError> {
    let err = |expected: String| FenError::at(FenField::Board, board, expected);
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(format!(
            "8 ranks separated by '/' (found {})",
            ranks.len()
        )));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let rank_no = 8 - i;
        let mut files = 0u32;
        let mut after_digit = false;
        for ch in rank.chars() {
            match ch {
                '1'..='8' if after_digit => {
                    return Err(err(format!(
                        "one digit per run of empty squares, but rank {rank_no} ({rank:?}) has \
                         two in a row"
                    )));
                }
                '1'..='8' => {
                    files += ch as u32 - '0' as u32;
                    after_digit = true;
                }
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    files += 1;
                    after_digit = false;
                }
                _ => {
                    return Err(err(format!(
                        "piece letters (pnbrqk, PNBRQK) and digits 1-8, but rank {rank_no} \
                         ({rank:?}) has {ch:?}"
                    )));
                }
            }
        }
        if files != 8 {
            return Err(err(format!(
                "8 squares in every rank, but rank {rank_no} ({rank:?}) covers {files}"
            )));
        }
    }
    Ok(())
}

fn check_side(side: &str) -> Result<bool, FenError> {
    match side {
        "w" => Ok(true),
        "b" => Ok(false),
        _ => Err(FenError::at(
            FenField::SideToMove,
            side,
            "'w' (White) or 'b' (Black)",
        )),
    }
}

fn check_castling(castling: &str) -> Result<(), FenError> {
    if castling == "-" {
        return Ok(());
    }
    let mut rest = castling;
    for letter in ["K", "Q", "k", "q"] {
        rest = rest.strip_prefix(letter).unwrap_or(rest);
    }
    if castling.is_empty() || !rest.is_empty() {
        return Err(FenError::at(
            FenField::Castling,
            castling,
            "'-' or some of K, Q, k, q, in that order",
        ));
    }
    Ok(())
}

fn check_en_passant(ep: &str, white_to_move: bool) -> Result<(), FenError> {
    if ep == "-" {
        return Ok(());
    }
    let (rank, expected) = if white_to_move {
        (b'6', "'-' or a square on rank 6 (White to move), e.g. e6")
    } else {
        (b'3', "'-' or a square on rank 3 (Black to move), e.g. e3")
    };
    match ep.as_bytes() {
        [b'a'..=b'h', r] if *r == rank => Ok(()),
        _ => Err(FenError::at(FenField::EnPassant, ep, expected)),
    }
}

/// Reads a move counter: decimal digits only, within `min..=max`.
fn counter(
    field: FenField,
    text: &str,
    min: u32,
    max: u32,
    expected: &'static str,
) -> Result<u32, FenError> {
    let err = || FenError::at(field, text, expected);
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err());
    }
    // At most ten digits fit in a u64 after leading zeros are dropped; more is out of range.
    let digits = text.trim_start_matches('0');
    if digits.len() > 10 {
        return Err(err());
    }
    let value: u64 = if digits.is_empty() {
        0
    } else {
        digits.parse().map_err(|_| err())?
    };
    if value < u64::from(min) || value > u64::from(max) {
        return Err(err());
    }
    Ok(value as u32)
}

/// Reads a halfmove clock: a whole number from 0 to [`MAX_HALFMOVE_CLOCK`].
pub fn parse_halfmove_clock(text: &str) -> Result<u32, FenError> {
    counter(
        FenField::HalfmoveClock,
        text,
        0,
        MAX_HALFMOVE_CLOCK,
        "a whole number from 0 to 150 (plies since the last capture or pawn move)",
    )
}

/// Reads a fullmove number: a whole number from 1 to [`MAX_FULLMOVE_NUMBER`].
pub fn parse_fullmove_number(text: &str) -> Result<u32, FenError> {
    counter(
        FenField::FullmoveNumber,
        text,
        1,
        MAX_FULLMOVE_NUMBER,
        "a whole number from 1 to 9999 (it starts at 1)",
    )
}

/// Checks the four placement fields (board, side to move, castling, en passant), in order.
pub(crate) fn check_placement(placement: [&str; 4]) -> Result<(), FenError> {
    let [board, side, castling, ep] = placement;
    check_board(board)?;
    let white = check_side(side)?;
    check_castling(castling)?;
    check_en_passant(ep, white)
}

/// The position of four placement fields that passed [`check_placement`], with the given
/// counters (checked by [`parse_halfmove_clock`] and [`parse_fullmove_number`]), or why it is
/// not a legal position.
pub(crate) fn position_from_fields(
    placement: [&str; 4],
    halfmoves: u32,
    fullmoves: u32,
) -> Result<ChessPos, FenError> {
    let [board, side, castling, ep] = placement;
    // Every field is now plain ASCII without separators, so shakmaty's reader sees exactly
    // these four fields. Its remaining errors cannot occur; should one, it names its field.
    let text = format!("{board} {side} {castling} {ep} {halfmoves} {fullmoves}");
    let fen = Fen::from_ascii(text.as_bytes()).map_err(|e| {
        let (field, found) = match e {
            ParseFenError::InvalidTurn => (FenField::SideToMove, side),
            ParseFenError::InvalidCastling => (FenField::Castling, castling),
            ParseFenError::InvalidEpSquare => (FenField::EnPassant, ep),
            _ => (FenField::Board, board),
        };
        FenError::at(field, found, e.to_string())
    })?;
    let mut setup = fen.into_setup();
    setup.halfmoves = halfmoves;
    setup.fullmoves = core::num::NonZeroU32::new(fullmoves).unwrap_or(core::num::NonZeroU32::MIN);
    let pos = Chess::from_setup(setup, CastlingMode::Standard).map_err(|e| {
        let kinds = e.kinds();
        let field = if kinds.intersects(
            PositionErrorKinds::EMPTY_BOARD
                | PositionErrorKinds::MISSING_KING
                | PositionErrorKinds::TOO_MANY_KINGS
                | PositionErrorKinds::PAWNS_ON_BACKRANK
                | PositionErrorKinds::IMPOSSIBLE_CHECK
                | PositionErrorKinds::TOO_MUCH_MATERIAL,
        ) {
            FenField::Board
        } else if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
            FenField::SideToMove
        } else if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
            FenField::Castling
        } else if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
            FenField::EnPassant
        } else {
            FenField::Board
        };
        let reasons = e.to_string();
        let reasons = reasons
            .strip_prefix("illegal position: ")
            .unwrap_or(&reasons)
            .to_string();
        FenError::Illegal { field, reasons }
    })?;
    Ok(ChessPos::from(pos))
}

impl ChessPos {
    /// Parses a FEN (6 fields) or the 4-field EPD form without move counters (`0 1`). Fields
    /// are separated by ASCII whitespace, leading and trailing whitespace is ignored. The error
    /// names the malformed field and what was expected there, or says why a well-formed
    /// position is illegal.
    pub fn from_fen(fen: &str) -> Result<ChessPos, FenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        match fields.len() {
            0 => Err(FenError::Empty),
            4 | 6 => {
                // Fields are checked in order, all before the position's legality.
                let placement = [fields[0], fields[1], fields[2], fields[3]];
                check_placement(placement)?;
                let halfmoves = fields.get(4).map_or(Ok(0), |h| parse_halfmove_clock(h))?;
                let fullmoves = fields.get(5).map_or(Ok(1), |f| parse_fullmove_number(f))?;
                position_from_fields(placement, halfmoves, fullmoves)
            }
            count => Err(FenError::FieldCount { count }),
        }
    }

    /// The position as a FEN (en passant square only when a capture there is legal).
    pub fn fen(&self) -> String {
        Fen::from_position(self.position(), EP_MODE).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::chess::fixtures::*;
    use shakmaty::Position;

    fn field_error(fen: &str) -> (FenField, String) {
        match ChessPos::from_fen(fen) {
            Ok(p) => panic!("{fen:?} was accepted as {}", p.fen()),
            Err(FenError::Field { field, found, .. }) => (field, found),
            Err(e) => panic!("{fen:?}: {e} is not a field error"),
        }
    }

    #[test]
    fn bad_fens_are_errors_not_panics() {
        let cases: &[(&str, &str)] = &[
            ("", "empty FEN"),
            ("   ", "empty FEN"),
            ("garbage", "1 field,"),
            ("hello world foo bar", "8 ranks separated by '/' (found 1)"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1",
                "(found 7)",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
                "(found 9)",
            ),
            (
                "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "rank 7 (\"ppppppp\") covers 7",
            ),
            (
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "rank 6 (\"9\") has '9'",
            ),
            (
                "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "two in a row",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "side to move field is \"x\"",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
                "castling field is \"KQxq\"",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
                "en passant field is \"z9\"",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
                "halfmove clock field is \"x\"",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1",
                "fullmove number field is \"-1\"",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
                "7 fields",
            ),
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "2 fields"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
                "5 fields",
            ),
            ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "too many kings"),
            ("8/8/8/8/8/8/8/4K3 w - - 0 1", "missing king"),
            ("8/8/8/8/8/8/8/8 w - - 0 1", "empty board"),
            ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "pawns on backrank"),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "invalid castling rights"),
            ("4k3/8/8/8/8/8/8/R3K2q b - - 0 1", "opposite check"),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
                "invalid ep square",
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
                "rank 6 (White to move)",
            ),
            ("\u{e9}\u{e9}\u{e9}/8 w - -", "(found 2)"),
            ("\u{e9}7/8/8/8/8/8/8/8 w - -", "has '\u{e9}'"),
        ];
        for &(fen, expected) in cases {
            match ChessPos::from_fen(fen) {
                Ok(p) => panic!("{fen:?} was accepted as {}", p.fen()),
                Err(e) => {
                    let e = e.to_string();
                    assert!(e.contains(expected), "{fen:?}: {e:?} lacks {expected:?}");
                }
            }
        }
        // Parse errors and illegal positions are told apart, and both name their field.
        let parse = ChessPos::from_fen("garbage w - - 0 1").unwrap_err();
        assert_eq!(parse.field(), Some(FenField::Board));
        let illegal = ChessPos::from_fen("4k3/8/8/8/8/8/8/3KK3 w - - 0 1").unwrap_err();
        assert!(matches!(illegal, FenError::Illegal { .. }), "{illegal}");
        assert_eq!(illegal.field(), Some(FenField::Board));
        let castling = ChessPos::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
        assert_eq!(castling.field(), Some(FenField::Castling));
        assert_eq!(ChessPos::from_fen("").unwrap_err().field(), None);
    }

    #[test]
    fn fields_are_split_on_whitespace_only() {
        // shakmaty also splits on '_': "w _ -" read as three fields blamed en passant, and
        // "w _ - 0 1" was accepted as castling "-". The '_' is the castling field here.
        let (field, found) = field_error("r3k2r/8/8/8/8/8/8/R3K2R w _ - 0 1");
        assert_eq!((field, found.as_str()), (FenField::Castling, "_"));
        let (field, found) = field_error("r3k2r/8/8/8/8/8/8/R3K2R w KQkq_- - 0 1");
        assert_eq!((field, found.as_str()), (FenField::Castling, "KQkq_-"));
        assert!(ChessPos::from_fen("r3k2r/8/8/8/8/8/8/R3K2R_w_KQkq_-").is_err());
        // Tabs and newlines are whitespace; a non-breaking space is not.
        assert!(ChessPos::from_fen("r3k2r/8/8/8/8/8/8/R3K2R\tw\nKQkq - 0 1").is_ok());
        let (field, _) = field_error("r3k2r/8/8/8/8/8/8/R3K2R w\u{a0}KQkq - 0 1 1");
        assert_eq!(field, FenField::SideToMove);
        // Variant extensions of shakmaty's reader are not standard chess.
        let (field, _) = field_error("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1");
        assert_eq!(field, FenField::Board);
        let (field, _) = field_error("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        assert_eq!(field, FenField::Castling);
        let (field, _) = field_error("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1");
        assert_eq!(field, FenField::Castling);
        let (field, _) = field_error("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1");
        assert_eq!(field, FenField::Castling);
    }

    #[test]
    fn absurd_counters_are_refused() {
        let board = "4k3/8/8/8/8/8/8/4K2R w K -";
        for (counters, field) in [
            ("99999999999999999999 1", FenField::HalfmoveClock),
            ("151 80", FenField::HalfmoveClock),
            ("+1 1", FenField::HalfmoveClock),
            ("0 0", FenField::FullmoveNumber),
            ("0 10000", FenField::FullmoveNumber),
            ("0 99999999999999999999", FenField::FullmoveNumber),
        ] {
            let (f, found) = field_error(&format!("{board} {counters}"));
            assert_eq!(f, field, "{counters}");
            assert!(counters.contains(&found));
        }
        let p = pos(&format!("{board} 150 9999"));
        assert_eq!(p.repetition_horizon(), 150);
        assert_eq!(p.position().fullmoves().get(), 9999);
        assert_eq!(pos(&format!("{board} 007 01")).repetition_horizon(), 7);
    }

    #[test]
    fn messages_escape_control_characters() {
        let e = ChessPos::from_fen("4k3/8/8/8/8/8/8/4K3 w \u{1b}[2J - 0 1").unwrap_err();
        assert_eq!(e.field(), Some(FenField::Castling));
        let text = e.to_string();
        assert!(!text.contains('\u{1b}'), "{text:?}");
        assert!(text.contains("\\u{1b}[2J"), "{text:?}");
        let e = ChessPos::from_fen("4k3/8/8/8/8/8/8/4K\u{0}3 w - - 0 1").unwrap_err();
        assert!(!e.to_string().contains('\0'), "{e:?}");
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
        assert_eq!(pos(STARTING_FEN), ChessPos::startpos());
    }
}
