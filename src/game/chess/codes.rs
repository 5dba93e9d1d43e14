//! Move codes: the 16-bit code a trace stores for a chess move, its UCI text both ways, and
//! UCI moves parsed against a position. The null move (a pass) has the trace's "none" code,
//! [`NONE16`], written "0000" in UCI and "--" in SAN; [`encode_move`] never produces it.

use shakmaty::uci::UciMove;
use shakmaty::{Move, Position, Role, Square};

use crate::game::Game;
use crate::game::chess::ChessPos;
use crate::schema::NONE16;

/// The null move's code under its older name: the trace's [`NONE16`], the one constant for
/// "no move". Kept so that code written against the name still compiles; new code uses
/// [`NONE16`].
pub const NULL_MOVE_CODE: u16 = NONE16;

/// A UCI move that cannot be read, or is not legal where it was given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    #[error(
        "{found:?} is not a UCI move: expected a from square, a to square and an optional \
         promotion piece (n, b, r, q), e.g. e2e4 or e7e8q"
    )]
    Syntax { found: String },
    #[error("{found:?} is not a legal move in {fen}")]
    Illegal { found: String, fen: String },
}

/// The 16-bit code of a move: `from | to << 6 | promotion << 12` with squares a1 = 0 .. h8 = 63
/// and the promotion role as shakmaty numbers it (knight = 2 .. queen = 5; 0 = none). Castling
/// is encoded as the king's standard UCI move (e1g1, e1c1, ...), en passant as the pawn's move.
/// Independent of the position; never [`NONE16`] (the largest code is below 0x7000).
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
        UciMove::Null => return NONE16,
    };
    from as u16 | (to as u16) << 6 | (promotion.map_or(0, |r| r as u16)) << 12
}
/// The UCI text of a move code: "e2e4", "e7e8q", "e1g1"; "0000" for [`NONE16`].
pub fn code_to_uci(code: u16) -> String {
    if code == NONE16 {
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
/// The move code of a UCI move: "e2e4" → from | to << 6, "e7e8q" adds the promotion piece
/// (2 N, 3 B, 4 R, 5 Q) << 12, "0000" is the null move ([`NONE16`]). The inverse of
/// [`code_to_uci`] for every code of the form `from | to << 6 | promotion << 12`; `None` for
/// text that is not of that form. It reads the text only: codes no legal move has ("a1a1",
/// "e7e8k") come back as codes, and a trace reader must check moves against the position.
pub fn uci_to_code(uci: &str) -> Option<u16> {
    if uci == "0000" {
        return Some(NONE16);
    }
    let b = uci.as_bytes();
    let square = |f: u8, r: u8| -> Option<u16> {
        if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
            Some((f - b'a') as u16 | ((r - b'1') as u16) << 3)
        } else {
            None
        }
    };
    let promo = match b.len() {
        4 => 0,
        5 => match b[4] {
            b'n' => Role::Knight as u16,
            b'b' => Role::Bishop as u16,
            b'r' => Role::Rook as u16,
            b'q' => Role::Queen as u16,
            b'k' => Role::King as u16,
            _ => return None,
        },
        _ => return None,
    };
    let from = square(b[0], b[1])?;
    let to = square(b[2], b[3])?;
    Some(from | to << 6 | promo << 12)
}

impl ChessPos {
    /// The legal move whose [`encode_move`] code is `code`, if any.
    pub fn move_from_code(&self, code: u16) -> Option<Move> {
        if code == NONE16 {
            return None;
        }
        self.position()
            .legal_moves()
            .into_iter()
            .find(|&m| encode_move(m) == code)
    }

    /// Plays the move with trace code `code`, returning the new position and the move in SAN.
    /// [`NONE16`] plays the null move (a pass), written "--" as in PGN.
    pub fn play_code(&self, code: u16) -> Option<(ChessPos, String)> {
        if code == NONE16 {
            return self.null_move().map(|p| (p, "--".to_string()));
        }
        let mv = self.move_from_code(code)?;
        Some((self.play(mv), self.san(mv)))
    }

    /// UCI notation with standard castling (the king's move, e.g. "e1g1").
    pub fn uci(&self, mv: Move) -> String {
        UciMove::from_standard(mv).to_string()
    }

    /// Parses a UCI move ("e2e4", "e7e8q", "e1g1"; surrounding whitespace is ignored) and
    /// checks that it is legal here.
    pub fn parse_uci(&self, s: &str) -> Result<Move, UciError> {
        let t = s.trim();
        let uci: UciMove = t.parse().map_err(|_| UciError::Syntax {
            found: t.to_string(),
        })?;
        uci.to_move(self.position()).map_err(|_| UciError::Illegal {
            found: t.to_string(),
            fen: self.fen(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::fixtures::*;

    #[test]
    fn uci_codes() {
        assert_eq!(uci_to_code("a1a2"), Some(8 << 6));
        assert_eq!(uci_to_code("e7e8q"), Some(52 | 60 << 6 | 5 << 12));
        assert_eq!(uci_to_code("0000"), Some(crate::schema::NONE16));
        assert_eq!(uci_to_code("e9e4"), None);
        assert_eq!(uci_to_code("e7e8x"), None);
        assert_eq!(uci_to_code("e2"), None);
        for code in [0u16, 12 | 28 << 6, 52 | 60 << 6 | 2 << 12, 4 | 6 << 6] {
            assert_eq!(
                uci_to_code(&crate::game::chess::code_to_uci(code)),
                Some(code)
            );
        }
    }

    fn check_codes(p: &ChessPos) {
        let ms = moves(p);
        let mut codes: Vec<u16> = ms
            .iter()
            .enumerate()
            .map(|(i, &m)| p.move_code(m, i))
            .collect();
        for (&m, &code) in ms.iter().zip(&codes) {
            assert_ne!(code, NONE16);
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
        assert_eq!(code_to_uci(NONE16), "0000");
        assert_eq!(p5.move_from_code(NONE16), None);

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
    fn uci_errors_say_which() {
        let p = ChessPos::startpos();
        assert_eq!(
            p.parse_uci("e2"),
            Err(UciError::Syntax {
                found: "e2".to_string()
            })
        );
        let e = p.parse_uci("e2e5").unwrap_err();
        assert!(matches!(e, UciError::Illegal { ref found, .. } if found == "e2e5"));
        assert!(
            e.to_string().contains("not a legal move in rnbqkbnr/"),
            "{e}"
        );
        // Control characters never reach a message raw.
        let e = p.parse_uci("e2\u{1b}[2J").unwrap_err().to_string();
        assert!(!e.contains('\u{1b}'), "{e:?}");
    }

    #[test]
    fn uci_codes_both_ways() {
        assert_eq!(uci_to_code("a1a2"), Some(8 << 6));
        assert_eq!(uci_to_code("e7e8q"), Some(52 | 60 << 6 | 5 << 12));
        assert_eq!(uci_to_code("0000"), Some(NONE16));
        // Text only: "a1a1" and "e7e8k" are codes no move has, but codes.
        assert_eq!(uci_to_code("a1a1"), Some(0));
        assert_eq!(uci_to_code("e7e8k"), Some(52 | 60 << 6 | 6 << 12));
        for bad in ["e9e4", "e7e8x", "e2", "e2e4q5", "E2E4", ""] {
            assert_eq!(uci_to_code(bad), None, "{bad}");
        }
        // Every move of these positions and their children round-trips.
        for fen in [KIWIPETE, PROMOTIONS, PERFT5] {
            let p = pos(fen);
            for m in moves(&p) {
                let code = encode_move(m);
                assert_eq!(uci_to_code(&code_to_uci(code)), Some(code));
                for m2 in moves(&p.play(m)) {
                    let code = encode_move(m2);
                    assert_eq!(uci_to_code(&code_to_uci(code)), Some(code));
                }
            }
        }
    }
}
