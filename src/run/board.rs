//! A small game's position as a board draws it: its cells or piles, who moves, its legal moves
//! by trace code and name, whether it is over and who won; and a move played on an input. The
//! page's boards (through `wasm/games.rs`) draw these answers and send back trace codes, so the
//! rules, the notations and the move names stay here and in src/game/, never in a second copy
//! in JavaScript.

use super::{Input, Prepared};
use crate::game::Game;
use crate::game::nim::{MAX_OBJECTS, MAX_PILES};
use crate::game::registry::{Board, GameId, GameInputError, GamePos, SmallGame, VisitGame};
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
    /// The game's input `kind` (`tictactoe`, `nim`, `connect4`, …).
    kind: &'static str,
    /// What the board draws: its layout, rows or piles, misère play, and the depth of the
    /// whole game from here ([`Board`], the game's own answer).
    #[serde(flatten)]
    board: Board,
    /// The side to move: 0 for the first player (X, the first disc), 1 for the second.
    side: usize,
    /// The legal moves in generation order (none once the game is over).
    moves: Vec<MoveView>,
    /// The game is over (three or four in a row, a full board, no object left).
    over: bool,
    /// Once over: the side that won (0 or 1), or `None` for a draw.
    winner: Option<usize>,
    /// Nim: the most piles and the most objects a pile may hold.
    max_piles: usize,
    max_objects: u32,
    /// The move into this position when it is a node of a trace ([`last_move`]): the cell
    /// `[row from the top, column]` (tic-tac-toe, Connect Four) or `[pile index, amount]`
    /// (Nim); `None` at the root or for a pass.
    pub last: Option<[u32; 2]>,
    /// The game, for [`last_move`].
    #[serde(skip)]
    game: Option<GameId>,
}

/// Why a move cannot be played on an input's board: the move, the position after it, or an
/// input without a board. Each names the field at fault ([`PlayError::field`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayError {
    /// The move is not legal here (the game is over, the square is taken, the column is full).
    #[error("{} is not a legal move here", game.code_name(*code).unwrap_or_else(|| format!("move {code}")))]
    Illegal { game: GameId, code: u16 },
    /// The position after the move is not one the game's input can hold.
    #[error(transparent)]
    Input(GameInputError),
    /// The input is not a small game's.
    #[error("a {kind} input has no moves to play")]
    NoBoard { kind: &'static str },
}

impl PlayError {
    /// The field at fault: `code` (the move), the game's input field (`nim.piles`), or `kind`.
    pub fn field(&self) -> String {
        match self {
            PlayError::Illegal { .. } => "code".to_string(),
            PlayError::Input(e) => e.id().field(),
            PlayError::NoBoard { .. } => "kind".to_string(),
        }
    }
}

/// The legal moves of `pos`, coded and named.
fn moves_of<G: SmallGame>(pos: &G) -> Vec<MoveView> {
    let mut buf = Vec::new();
    pos.legal_moves(&mut buf);
    buf.iter()
        .enumerate()
        .map(|(i, &m)| {
            let code = pos.move_code(m, i);
            MoveView {
                code,
                name: G::code_name(code).unwrap_or_else(|| "?".into()),
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

/// The board of a small game's position.
pub fn view<G: SmallGame>(p: &G) -> BoardView {
    let (over, winner) = outcome(p);
    BoardView {
        kind: G::KIND,
        board: p.board(),
        side: p.side(),
        moves: moves_of(p),
        over,
        winner,
        max_piles: MAX_PILES,
        max_objects: MAX_OBJECTS,
        last: None,
        game: GameId::of_kind(G::KIND),
    }
}

/// The board of a registered game's position.
pub fn game_view(pos: &GamePos) -> BoardView {
    struct View;
    impl VisitGame for View {
        type Output = BoardView;
        fn visit<G: SmallGame>(self, p: &G) -> BoardView {
            view(p)
        }
    }
    pos.visit(View)
}

/// The board of a game position; `None` for an input that is not a small game.
pub fn view_of(prepared: &Prepared) -> Option<BoardView> {
    match prepared {
        Prepared::Game(g) => Some(game_view(g)),
        _ => None,
    }
}

/// Where the move with trace code `code` landed in `after`, the position it led to (see
/// [`BoardView::last`]); `None` for a pass or a code that is no move of the game.
pub fn last_move(after: &BoardView, code: u16) -> Option<[u32; 2]> {
    struct Landed<'a>(&'a Board, u16);
    impl crate::game::registry::VisitGameType for Landed<'_> {
        type Output = Option<[u32; 2]>;
        fn visit<G: SmallGame>(self) -> Option<[u32; 2]> {
            G::landed(self.0, self.1)
        }
    }
    after.game?.visit(Landed(&after.board, code))
}

/// The input after the move with trace code `code` (a tic-tac-toe square or a Connect Four
/// column, as [`BoardView::moves`] lists them; a Nim move's code): how a board sets up a
/// position by clicks. The error names the move when it is not legal there (the game is over,
/// the square is taken, the column is full), or says that the input has no board.
pub fn play(input: &Input, prepared: &Prepared, code: u16) -> Result<Input, PlayError> {
    match prepared {
        Prepared::Game(pos) => input.game_after(pos, code),
        _ => Err(PlayError::NoBoard { kind: input.kind() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::connect4::Connect4Input;
    use crate::game::nim::NimInput;
    use crate::game::tictactoe::TicTacToeInput;

    fn view(input: Input) -> BoardView {
        view_of(&input.prepare().unwrap()).unwrap()
    }

    #[test]
    fn tictactoe_board_and_winner() {
        let v = view(Input::TicTacToe(TicTacToeInput {
            position: "xxx/oo./...".into(),
        }));
        assert_eq!(v.board.rows, ["xxx", "oo.", "..."]);
        assert!(v.over && v.moves.is_empty());
        assert_eq!(v.winner, Some(0));
        let v = view(Input::TicTacToe(TicTacToeInput {
            position: "x../.../...".into(),
        }));
        assert_eq!((v.side, v.over, v.board.whole_depth), (1, false, 8));
        assert_eq!(v.moves[0].name, "a1");
        assert_eq!(last_move(&v, 6), Some([0, 0]));
    }

    #[test]
    fn moves_played_by_code() {
        let input = Input::Connect4(Connect4Input {
            position: "44".into(),
            unsafe_null_move: false,
        });
        let next = play(&input, &input.prepare().unwrap(), 0).unwrap();
        assert_eq!(
            next,
            Input::Connect4(Connect4Input {
                position: "441".into(),
                unsafe_null_move: false
            })
        );
        let t = Input::TicTacToe(TicTacToeInput {
            position: "x../.../...".into(),
        });
        let next = play(&t, &t.prepare().unwrap(), 4).unwrap();
        assert_eq!(
            next,
            Input::TicTacToe(TicTacToeInput {
                position: "x../.o./...".into()
            })
        );
        assert_eq!(
            play(&t, &t.prepare().unwrap(), 6).unwrap_err().to_string(),
            "a3 is not a legal move here"
        );
        let e = play(&t, &t.prepare().unwrap(), 6).unwrap_err();
        assert_eq!(e.field(), "code");
        let tree = Input::Tree {
            text: "(1 2)".into(),
        };
        let e = play(&tree, &tree.prepare().unwrap(), 0).unwrap_err();
        assert_eq!(
            (e.to_string().as_str(), e.field().as_str()),
            ("a tree input has no moves to play", "kind")
        );
    }

    #[test]
    fn connect4_and_nim_boards() {
        let v = view(Input::Connect4(Connect4Input {
            position: "44".into(),
            unsafe_null_move: false,
        }));
        assert_eq!(v.board.rows[5], "...x...");
        assert_eq!(v.board.rows[4], "...o...");
        assert_eq!(last_move(&v, 3), Some([4, 3]));
        assert_eq!(v.moves.len(), 7);
        let v = view(Input::Nim(NimInput {
            piles: vec![0, 0],
            misere: true,
        }));
        // misère: no object left, the side to move won (the opponent took the last one)
        assert_eq!((v.over, v.winner), (true, Some(0)));
        let v = view(Input::Nim(NimInput {
            piles: vec![1, 3, 5],
            misere: false,
        }));
        assert_eq!((v.moves.len(), v.board.whole_depth), (9, 9));
        assert_eq!(v.moves[1].name, "p2-1");
    }
}
