//! Chess on top of [`shakmaty`]: a copy-make position with an incrementally updated Zobrist
//! key ([`ChessPos`] and its [`Game`] implementation, here), and around it:
//!
//! - [`eval`]: material + piece-square-table evaluation;
//! - [`see`]: piece values for MVV-LVA and static exchange evaluation;
//! - [`fen`]: FEN, read field by field with errors that name the field;
//! - [`codes`]: the 16-bit move codes of the trace and UCI text;
//! - [`epd`]: EPD test suites (positions with `bm`, `id`, … operations).
//!
//! shakmaty 0.30 dropped its `zobrist::Zobrist<P, V>` wrapper in favour of
//! [`Position::zobrist_hash`] and [`Position::update_zobrist_hash`]; [`ChessPos`] plays the
//! same role: it carries a [`Zobrist64`] next to the [`Chess`] position and updates it
//! incrementally where shakmaty can, recomputing it from scratch otherwise (king and rook moves
//! that touch castling rights, double pawn pushes and the ply after them).

pub mod codes;
pub mod epd;
pub mod eval;
pub mod fen;
pub mod see;

use shakmaty::san::SanPlus;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Chess, Color, EnPassantMode, FromSetup, Move, Position};

use crate::game::Value;
use crate::game::{Game, MoveFacts};
use eval::white_score;

pub use codes::{NULL_MOVE_CODE, UciError, code_to_uci, encode_move, uci_to_code};
pub use epd::{EpdError, EpdRecord};

pub use eval::{EvalTables, SIMPLIFIED_EVAL, is_endgame};
pub use fen::{FenError, FenField};
pub use see::{KING_VALUE, role_value, see};

pub use super::MATE;

/// Which Zobrist/FEN en passant convention positions use: the en passant square counts only
/// when an en passant capture is actually legal, so transpositions hash equal.
pub(crate) const EP_MODE: EnPassantMode = EnPassantMode::Legal;

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
}

impl Game for ChessPos {
    type Move = Move;

    fn san(&self, mv: Move) -> Option<String> {
        Some(ChessPos::san(self, mv))
    }

    /// Mate scores are `±(MATE − ply)`; no search is 10,000 plies deep.
    const MATE_BOUND: Value = super::CHESS_MATE_BOUND;

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

    /// The side to move's pieces other than king and pawns: Heinz's "pieces" for the adaptive
    /// R's material condition (techniques/null_move.rs says why this count).
    #[inline]
    fn pieces(&self) -> Option<u32> {
        let board = self.pos.board();
        Some((board.by_color(self.pos.turn()) & !(board.kings() | board.pawns())).count() as u32)
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

/// Positions and helpers shared by the chess unit tests.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::*;
    use shakmaty::CastlingMode;

    pub const KIWIPETE: &str =
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    pub const PROMOTIONS: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    pub const PERFT5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

    pub fn pos(fen: &str) -> ChessPos {
        ChessPos::from_fen(fen).unwrap_or_else(|e| panic!("{e}"))
    }

    pub fn moves(p: &ChessPos) -> Vec<Move> {
        let mut v = Vec::new();
        p.legal_moves(&mut v);
        v
    }

    pub fn play_uci(p: &ChessPos, line: &[&str]) -> ChessPos {
        line.iter().fold(p.clone(), |p, s| {
            let m = p.parse_uci(s).unwrap_or_else(|e| panic!("{e}"));
            p.play(m)
        })
    }

    pub fn mirrored(p: &ChessPos) -> ChessPos {
        let setup = p.position().to_setup(EnPassantMode::Always).into_mirrored();
        ChessPos::from(Chess::from_setup(setup, CastlingMode::Standard).expect("mirror is legal"))
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::*;
    use super::*;

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

    /// Heinz's "pieces" of the side to move (the adaptive null move's material condition):
    /// neither king nor pawns count.
    #[test]
    fn pieces_of_the_side_to_move() {
        assert_eq!(ChessPos::startpos().pieces(), Some(7));
        assert_eq!(pos("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1").pieces(), Some(0));
        assert_eq!(pos("4k3/4p3/8/8/8/8/4P3/4KN2 w - - 0 1").pieces(), Some(1));
        assert_eq!(pos("4k3/4p3/8/8/8/8/4P3/4KN2 b - - 0 1").pieces(), Some(0));
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
