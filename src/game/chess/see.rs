//! Material exchanges: the piece values that MVV-LVA orders captures by, and static exchange
//! evaluation (SEE) by the swap algorithm.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square};

use crate::game::Value;
use crate::game::chess::eval::SIMPLIFIED_EVAL;

/// The value of a king in [`MoveFacts::attacker`](crate::game::MoveFacts::attacker) and in the
/// static exchange evaluation: larger than all other material together, so that MVV-LVA tries king captures last among captures
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
pub(crate) const fn promotion_gain(role: Role) -> Value {
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
#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::fixtures::*;
    use crate::game::{Game, MoveFacts};

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
}
