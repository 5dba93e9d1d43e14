//! Tic-tac-toe, the game AIMA (ch. 5) and most lecture notes teach minimax on: small enough
//! to search whole (549,946 nodes from the empty board, the root included).
//!
//! - Squares are named like chess squares: files `a`–`c` left to right, ranks `1`–`3` bottom
//!   to top; a move is the square it fills (`b2`), and its trace code is the square's index
//!   `a1 = 0, b1 = 1, …, c3 = 8`, the order moves are generated in.
//! - A position is written as three rows of three, top row (rank 3) first, separated by `/`:
//!   `x` and `o` for the marks, `.` for an empty square, e.g. `x.o/.x./..o` (docs/games.md).
//!   X moves first, so the side to move follows from the counts.
//! - The game ends when a side has three in a row or the board is full. A win is worth
//!   `WIN − p` to the winner ([`crate::game::WIN`]); a full board is a draw, 0.
//! - Evaluation at a depth limit: Nilsson's `e(p)` (see [`open_lines_eval`]).

use crate::game::registry::{Board, LinkKey, Shape, SmallGame};
use crate::game::synthetic::mix;
use crate::game::{Game, Value, WIN, WIN_BOUND};
use crate::schema::NONE16;

/// The eight lines of three, as bit masks of squares (`a1 = bit 0`, …, `c3 = bit 8`).
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

const FULL: u16 = 0b111_111_111;

/// The empty board in the position notation.
pub const EMPTY: &str = ".../.../...";

/// What is wrong with a tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TicTacToeError {
    // escaped, so that a newline or control character in the input is named, not printed raw
    #[error(
        "tic-tac-toe position '{}': expected three rows of three squares (x, o or .), top row \
         first, separated by '/', e.g. x.o/.x./..o",
        .0.escape_default()
    )]
    Shape(String),
    #[error(
        "tic-tac-toe position: '{}' is not a square's content (x, o or .)",
        .0.escape_default()
    )]
    Square(char),
    #[error(
        "tic-tac-toe position: {x} X and {o} O marks cannot happen, X moves first so X has as \
         many marks as O or one more"
    )]
    Counts { x: u32, o: u32 },
    #[error("tic-tac-toe position: {0}")]
    Winner(&'static str),
}

/// A tic-tac-toe position: the squares of each side as bit masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    x: u16,
    o: u16,
}

fn three(marks: u16) -> bool {
    LINES.iter().any(|&l| (marks & l) ^ l == 0)
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::empty()
    }
}

impl TicTacToe {
    pub fn empty() -> TicTacToe {
        TicTacToe { x: 0, o: 0 }
    }

    /// Reads the position notation (module docs); checks the counts and that the marks could
    /// come from a game (at most the last mover has three in a row).
    pub fn parse(text: &str) -> Result<TicTacToe, TicTacToeError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
            return Err(TicTacToeError::Shape(text.escape_default().to_string()));
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (r, row) in rows.iter().enumerate() {
            let rank = 2 - r;
            for (file, c) in row.chars().enumerate() {
                let bit = 1 << (rank * 3 + file);
                match c.to_ascii_lowercase() {
                    'x' => x |= bit,
                    'o' => o |= bit,
                    '.' => {}
                    _ => return Err(TicTacToeError::Square(c)),
                }
            }
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(TicTacToeError::Counts { x: nx, o: no });
        }
        match (three(x), three(o)) {
            (true, true) => Err(TicTacToeError::Winner("both sides have three in a row")),
            (true, false) if nx == no => Err(TicTacToeError::Winner(
                "X has three in a row, but O moved after that",
            )),
            (false, true) if nx > no => Err(TicTacToeError::Winner(
                "O has three in a row, but X moved after that",
            )),
            _ => Ok(TicTacToe { x, o }),
        }
    }

    /// The position notation of this position.
    pub fn notation(&self) -> String {
        let mut s = String::new();
        for rank in (0..3).rev() {
            for file in 0..3 {
                let bit = 1 << (rank * 3 + file);
                s.push(if self.x & bit != 0 {
                    'x'
                } else if self.o & bit != 0 {
                    'o'
                } else {
                    '.'
                });
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// X is to move (the counts are equal).
    pub fn x_to_move(&self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// The empty squares.
    pub fn empty_squares(&self) -> u32 {
        (FULL & !(self.x | self.o)).count_ones()
    }

    /// (side to move's marks, opponent's marks).
    fn sides(&self) -> (u16, u16) {
        if self.x_to_move() {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }

    /// The name of the move with trace code `code`: its square (`b2`), `--` for a null move,
    /// `None` for a code that is no square.
    pub fn code_name(code: u16) -> Option<String> {
        if code == NONE16 {
            return Some("--".into());
        }
        (code < 9).then(|| {
            let file = (b'a' + (code % 3) as u8) as char;
            format!("{file}{}", code / 3 + 1)
        })
    }

    /// The trace code of a move name (`b2`; `--` for a null move).
    pub fn parse_code(name: &str) -> Option<u16> {
        if name == "--" {
            return Some(NONE16);
        }
        let b = name.as_bytes();
        match b {
            [f @ b'a'..=b'c', r @ b'1'..=b'3'] => Some(((r - b'1') * 3 + (f - b'a')) as u16),
            _ => None,
        }
    }
}

/// A tic-tac-toe input: the position in the notation of docs/games.md (`x.o/.x./..o`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TicTacToeInput {
    pub position: String,
}

impl SmallGame for TicTacToe {
    const KIND: &'static str = "tictactoe";
    const NAME: &'static str = "tic-tac-toe";
    const PLAYERS: [&'static str; 2] = ["X", "O"];
    const SIDES: Option<[&'static str; 2]> = Some(["X", "O"]);
    const MOVE_WORDS: &'static str = "tic-tac-toe square (a1 to c3)";
    const FIELD: &'static str = "position";
    const POSITION_LABEL: &'static str = "Position (rows top first: x, o, .)";
    const LINK: &'static [LinkKey] = &[LinkKey {
        key: "pos",
        field: "position",
        shape: Shape::Text {
            required: true,
            max: 100,
        },
    }];
    type Input = TicTacToeInput;
    type Error = TicTacToeError;

    fn start() -> TicTacToeInput {
        TicTacToeInput {
            position: EMPTY.to_string(),
        }
    }
    fn prepare(input: &TicTacToeInput) -> Result<TicTacToe, TicTacToeError> {
        TicTacToe::parse(&input.position)
    }
    fn code_name(code: u16) -> Option<String> {
        TicTacToe::code_name(code)
    }
    fn parse_code(name: &str) -> Option<u16> {
        TicTacToe::parse_code(name)
    }
    fn board(&self) -> Board {
        Board {
            layout: "grid",
            rows: self.notation().split('/').map(str::to_string).collect(),
            whole_depth: self.empty_squares().max(1),
            ..Board::default()
        }
    }
    fn landed(_after: &Board, code: u16) -> Option<[u32; 2]> {
        (code < 9).then(|| [2 - code as u32 / 3, code as u32 % 3])
    }
    fn input_after(
        _input: &TicTacToeInput,
        pos: &TicTacToe,
        mv: u8,
        _code: u16,
    ) -> Result<TicTacToeInput, TicTacToeError> {
        Ok(TicTacToeInput {
            position: pos.play(mv).notation(),
        })
    }
}

/// Nilsson's static evaluation for tic-tac-toe. CITE: N. J. Nilsson, *Principles of
/// Artificial Intelligence* (1980), ch. 3, the tic-tac-toe example of minimax search:
/// `e(p)` = (number of rows, columns and diagonals still open for MAX) − (number still open
/// for MIN), a line being open for a side when the other side has no mark on it. Here MAX is
/// the side to move (negamax). `open` and `lines` are the lines' masks and the sides' marks.
pub(crate) fn open_lines_eval<T>(lines: &[T], mine: T, theirs: T) -> Value
where
    T: Copy + core::ops::BitAnd<Output = T> + PartialEq + Default,
{
    let zero = T::default();
    let open_mine = lines.iter().filter(|&&l| l & theirs == zero).count();
    let open_theirs = lines.iter().filter(|&&l| l & mine == zero).count();
    open_mine as Value - open_theirs as Value
}

impl Game for TicTacToe {
    type Move = u8;

    const MATE_BOUND: Value = WIN_BOUND;

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if three(self.x) || three(self.o) {
            return;
        }
        let empty = FULL & !(self.x | self.o);
        out.extend((0..9u8).filter(|&s| empty & (1 << s) != 0));
    }

    fn play(&self, mv: u8) -> Self {
        let bit = 1 << mv;
        if self.x_to_move() {
            TicTacToe {
                x: self.x | bit,
                o: self.o,
            }
        } else {
            TicTacToe {
                x: self.x,
                o: self.o | bit,
            }
        }
    }

    /// Nilsson's `e(p)`, from −8 to 8: far below a win.
    fn evaluate(&self) -> Value {
        let (mine, theirs) = self.sides();
        open_lines_eval(&LINES, mine, theirs)
    }

    /// The side to move lost if the opponent has three in a row; a full board is a draw.
    fn no_moves_value(&self, ply: u32) -> Value {
        let (_, theirs) = self.sides();
        if three(theirs) {
            -(WIN - ply.min(200) as Value)
        } else {
            0
        }
    }

    /// Exact: both sides' marks, 18 bits, through a bijective mixer.
    fn key(&self) -> u64 {
        mix(self.x as u64 | (self.o as u64) << 9)
    }

    /// The game is over. Chess searches a checked side at the horizon one step more so that
    /// checkmate is not mistaken for an evaluation; a finished game is treated the same way,
    /// so a win on the last ply scores as a win, never as an evaluation.
    fn in_check(&self) -> bool {
        three(self.x) || three(self.o) || self.x | self.o == FULL
    }

    fn side(&self) -> usize {
        usize::from(!self.x_to_move())
    }

    fn move_code(&self, mv: u8, _index: usize) -> u16 {
        mv as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_is_checked() {
        let p = TicTacToe::parse("x.o/.x./..o").unwrap();
        assert_eq!(p.notation(), "x.o/.x./..o");
        assert!(p.x_to_move());
        assert_eq!(TicTacToe::parse(EMPTY).unwrap(), TicTacToe::empty());
        assert!(matches!(
            TicTacToe::parse("xx./.../..."),
            Err(TicTacToeError::Counts { x: 2, o: 0 })
        ));
        assert!(TicTacToe::parse("xxx/oo./...").is_ok());
        assert!(matches!(
            TicTacToe::parse("xxx/ooo/x.."),
            Err(TicTacToeError::Winner(_))
        ));
        assert!(matches!(
            TicTacToe::parse("xxx/oo./..o"),
            Err(TicTacToeError::Winner(_))
        ));
        assert!(matches!(
            TicTacToe::parse("xx/.../..."),
            Err(TicTacToeError::Shape(_))
        ));
        assert!(matches!(
            TicTacToe::parse("x?./.../..."),
            Err(TicTacToeError::Square('?'))
        ));
    }

    #[test]
    fn move_names() {
        for code in 0..9 {
            let name = TicTacToe::code_name(code).unwrap();
            assert_eq!(TicTacToe::parse_code(&name), Some(code));
        }
        assert_eq!(TicTacToe::code_name(4).as_deref(), Some("b2"));
        assert_eq!(TicTacToe::code_name(6).as_deref(), Some("a3"));
        assert_eq!(TicTacToe::parse_code("d1"), None);
        // The top-left square of the notation is a3.
        let p = TicTacToe::parse("x../.../...").unwrap();
        let mut m = Vec::new();
        p.legal_moves(&mut m);
        assert!(!m.contains(&6));
    }

    #[test]
    fn ends_and_evaluation() {
        // X has three on the top row: O to move has lost.
        let p = TicTacToe::parse("xxx/oo./...").unwrap();
        let mut m = Vec::new();
        p.legal_moves(&mut m);
        assert!(m.is_empty());
        assert_eq!(p.no_moves_value(3), -(WIN - 3));
        // Full board, no line: a draw.
        let d = TicTacToe::parse("xox/xoo/oxx").unwrap();
        d.legal_moves(&mut m);
        assert!(m.is_empty());
        assert_eq!(d.no_moves_value(0), 0);
        // Nilsson's example value: X in the centre, O to move: O has 4 open lines, X 8.
        let c = TicTacToe::parse(".../.x./...").unwrap();
        assert_eq!(c.evaluate(), 4 - 8);
        assert_eq!(TicTacToe::empty().evaluate(), 0);
    }
}
