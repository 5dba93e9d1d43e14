//! A small game's position as a board draws it: its cells or piles, who moves, its legal moves
//! by trace code and name, whether it is over and who won; and a move played on an input. The
//! page's boards (through `wasm/games.rs`) draw these answers and send back trace codes, so the
//! rules, the notations and the move names stay here and in src/game/, never in a second copy
//! in JavaScript.

use super::{Input, Prepared};
use crate::game::Game;
use crate::game::connect4::Connect4;
use crate::game::nim::{MAX_OBJECTS, MAX_PILES, Nim};
use crate::game::notation::Notation;
use crate::schema::{MAX_DEPTH, NONE16};
use serde::Serialize;

/// A legal move: its trace code and its name in the game's notation.
#[derive(Serialize)]
pub struct MoveView {
    code: u16,
    name: String,
}

/// A small game's position as a board draws it.
#[derive(Serialize)]
pub struct BoardView {
    /// `tictactoe`, `nim` or `connect4`.
    kind: &'static str,
    /// Tic-tac-toe (3 × 3) and Connect Four (6 rows of 7): the rows, top first, one character
    /// per cell: `x` (the first player's), `o` (the second's) or `.` (empty). Empty for Nim.
    rows: Vec<String>,
    /// Nim: the pile sizes. Empty for the other games.
    piles: Vec<u32>,
    /// Nim: misère play.
    misere: bool,
    /// The side to move: 0 for the first player (X, the first disc), 1 for the second.
    side: usize,
    /// The legal moves in generation order (none once the game is over).
    moves: Vec<MoveView>,
    /// The game is over (three or four in a row, a full board, no object left).
    over: bool,
    /// Once over: the side that won (0 or 1), or `None` for a draw.
    winner: Option<usize>,
    /// The depth that searches the whole game from here (tic-tac-toe: the empty squares; Nim:
    /// the objects, at most the deepest search), as the CLI's default; 0 for Connect Four,
    /// which is searched to a depth limit.
    whole_depth: u32,
    /// Nim: the most piles and the most objects a pile may hold.
    max_piles: usize,
    max_objects: u32,
    /// The move into this position when it is a node of a trace ([`last_move`]): the cell
    /// `[row from the top, column]` (tic-tac-toe, Connect Four) or `[pile index, amount]`
    /// (Nim); `None` at the root or for a pass.
    pub last: Option<[u32; 2]>,
}

/// The legal moves of `pos`, coded and named.
fn moves_of<G: Game>(pos: &G, notation: Notation) -> Vec<MoveView> {
    let mut buf = Vec::new();
    pos.legal_moves(&mut buf);
    buf.iter()
        .enumerate()
        .map(|(i, &m)| {
            let code = pos.move_code(m, i);
            MoveView {
                code,
                name: notation.name(code),
            }
        })
        .collect()
}

/// Whether `pos` is over and who won: the core's own value of a position with no moves, from
/// the side to move's view (negative: the opponent won; positive: the side to move won, as in
/// misère Nim; 0: a draw).
fn outcome<G: Game>(pos: &G) -> (bool, Option<usize>) {
    let mut buf = Vec::new();
    pos.legal_moves(&mut buf);
    if !buf.is_empty() {
        return (false, None);
    }
    let v = pos.no_moves_value(0);
    let side = pos.side();
    let winner = match v.signum() {
        -1 => Some(1 - side),
        1 => Some(side),
        _ => None,
    };
    (true, winner)
}

fn rows_of(diagram: &str) -> Vec<String> {
    diagram.split('/').map(str::to_string).collect()
}

/// The board of a game position; `None` for an input that is not a small game.
pub fn view_of(prepared: &Prepared) -> Option<BoardView> {
    let base = |kind, side, moves, (over, winner)| BoardView {
        kind,
        rows: Vec::new(),
        piles: Vec::new(),
        misere: false,
        side,
        moves,
        over,
        winner,
        whole_depth: 0,
        max_piles: MAX_PILES,
        max_objects: MAX_OBJECTS,
        last: None,
    };
    let notation = prepared.notation();
    Some(match prepared {
        Prepared::TicTacToe(p) => BoardView {
            rows: rows_of(&p.notation()),
            whole_depth: p.empty_squares().max(1),
            ..base("tictactoe", p.side(), moves_of(p, notation), outcome(p))
        },
        Prepared::Nim(p) => BoardView {
            piles: p.piles().iter().map(|&n| n as u32).collect(),
            misere: p.misere(),
            whole_depth: p.objects().clamp(1, MAX_DEPTH),
            ..base("nim", p.side(), moves_of(p, notation), outcome(p))
        },
        Prepared::Connect4(p) => BoardView {
            rows: rows_of(&p.diagram()),
            ..base("connect4", p.side(), moves_of(p, notation), outcome(p))
        },
        _ => return None,
    })
}

/// Where the move with trace code `code` landed in `after`, the position it led to (see
/// [`BoardView::last`]); `None` for a pass or a code that is no move of the game.
pub fn last_move(after: &BoardView, code: u16) -> Option<[u32; 2]> {
    match after.kind {
        "tictactoe" if code < 9 => Some([2 - code as u32 / 3, code as u32 % 3]),
        "connect4" if code < 7 => {
            let col = code as usize;
            let row = after
                .rows
                .iter()
                .position(|r| r.as_bytes().get(col).is_some_and(|&c| c != b'.'))?;
            Some([row as u32, col as u32])
        }
        "nim" if code != NONE16 => {
            Some([code as u32 / 256, code as u32 % 256]).filter(|m| m[1] > 0)
        }
        _ => None,
    }
}

/// The input after the move with trace code `code` (a tic-tac-toe square or a Connect Four
/// column, as [`BoardView::moves`] lists them; a Nim move's code): how a board sets up a
/// position by clicks. The error names the move when it is not legal there (the game is over,
/// the square is taken, the column is full), or says that the input has no board.
pub fn play(input: &Input, prepared: &Prepared, code: u16) -> Result<Input, String> {
    let notation = prepared.notation();
    let refuse = || format!("{} is not a legal move here", notation.name(code));
    fn find<G: Game>(pos: &G, code: u16) -> Option<G::Move> {
        let mut buf = Vec::new();
        pos.legal_moves(&mut buf);
        buf.iter()
            .enumerate()
            .find(|&(i, &m)| pos.move_code(m, i) == code)
            .map(|(_, &m)| m)
    }
    Ok(match (input, prepared) {
        (Input::TicTacToe { .. }, Prepared::TicTacToe(p)) => {
            let m = find(p, code).ok_or_else(refuse)?;
            Input::TicTacToe {
                position: p.play(m).notation(),
            }
        }
        (
            Input::Connect4 {
                position,
                unsafe_null_move,
            },
            Prepared::Connect4(p),
        ) => {
            find(p, code).ok_or_else(refuse)?;
            let column = Connect4::code_name(code).ok_or_else(refuse)?;
            Input::Connect4 {
                position: format!("{}{column}", position.trim()),
                unsafe_null_move: *unsafe_null_move,
            }
        }
        (Input::Nim { misere, .. }, Prepared::Nim(p)) => {
            let m = find(p, code).ok_or_else(refuse)?;
            let piles: Vec<u32> = p.play(m).piles().iter().map(|&n| n as u32).collect();
            Nim::new(&piles, *misere).map_err(|e| e.to_string())?;
            Input::Nim {
                piles,
                misere: *misere,
            }
        }
        _ => return Err(format!("a {} input has no moves to play", input.kind())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(input: Input) -> BoardView {
        view_of(&input.prepare().unwrap()).unwrap()
    }

    #[test]
    fn tictactoe_board_and_winner() {
        let v = view(Input::TicTacToe {
            position: "xxx/oo./...".into(),
        });
        assert_eq!(v.rows, ["xxx", "oo.", "..."]);
        assert!(v.over && v.moves.is_empty());
        assert_eq!(v.winner, Some(0));
        let v = view(Input::TicTacToe {
            position: "x../.../...".into(),
        });
        assert_eq!((v.side, v.over, v.whole_depth), (1, false, 8));
        assert_eq!(v.moves[0].name, "a1");
        assert_eq!(last_move(&v, 6), Some([0, 0]));
    }

    #[test]
    fn moves_played_by_code() {
        let input = Input::Connect4 {
            position: "44".into(),
            unsafe_null_move: false,
        };
        let next = play(&input, &input.prepare().unwrap(), 0).unwrap();
        assert_eq!(
            next,
            Input::Connect4 {
                position: "441".into(),
                unsafe_null_move: false
            }
        );
        let t = Input::TicTacToe {
            position: "x../.../...".into(),
        };
        let next = play(&t, &t.prepare().unwrap(), 4).unwrap();
        assert_eq!(
            next,
            Input::TicTacToe {
                position: "x../.o./...".into()
            }
        );
        assert_eq!(
            play(&t, &t.prepare().unwrap(), 6).unwrap_err(),
            "a3 is not a legal move here"
        );
    }

    #[test]
    fn connect4_and_nim_boards() {
        let v = view(Input::Connect4 {
            position: "44".into(),
            unsafe_null_move: false,
        });
        assert_eq!(v.rows[5], "...x...");
        assert_eq!(v.rows[4], "...o...");
        assert_eq!(last_move(&v, 3), Some([4, 3]));
        assert_eq!(v.moves.len(), 7);
        let v = view(Input::Nim {
            piles: vec![0, 0],
            misere: true,
        });
        // misère: no object left, the side to move won (the opponent took the last one)
        assert_eq!((v.over, v.winner), (true, Some(0)));
        let v = view(Input::Nim {
            piles: vec![1, 3, 5],
            misere: false,
        });
        assert_eq!((v.moves.len(), v.whole_depth), (9, 9));
        assert_eq!(v.moves[1].name, "p2-1");
    }
}
