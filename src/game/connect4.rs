//! Connect Four on the standard 7 × 6 board: the classic next step after tic-tac-toe (solved
//! by Allen and by Allis in 1988: the first player wins; Tromp's Fhourstones is alpha-beta with
//! a transposition table). Too big to search whole, so it is searched to a depth limit with a
//! heuristic evaluation.
//!
//! - Columns are numbered 1 to 7 from the left; a move is the column a disc is dropped in
//!   (`4`), its trace code the column's index 0–6, the order moves are generated in.
//! - A position is the sequence of columns played from the empty board, e.g. `4453` (the
//!   convention of Pons' solver and its test sets); the empty sequence is the empty board
//!   (docs/games.md). The first player moves when an even number of discs is down.
//! - The end: four in a row (across, up or diagonal) wins, worth `WIN − p` to the winner
//!   ([`crate::game::WIN`]); a full board is a draw, 0.
//! - Evaluation at the depth limit: Nilsson's `e(p)` over Connect Four's 69 lines of four
//!   ([`Connect4::evaluate`]).
//! - Zugzwang is central to Connect Four (Allis 1988 builds his solution on *zugzwang
//!   control*), so a pass is no lower bound and null-move pruning is unsound. The position
//!   offers a null move only when built as the unsafe demonstration
//!   ([`Connect4::with_unsafe_null_move`]).
//!
//! The board is a bitboard in the manner of Tromp's and Pons' solvers: column `c` holds bits
//! `7c` (bottom) to `7c + 5` (top), bit `7c + 6` is always empty, so a shift never carries a
//! line from one column into the next.

use crate::game::registry::{Board, LinkKey, Shape, SmallGame};
use crate::game::synthetic::mix;
use crate::game::tictactoe::open_lines_eval;
use crate::game::{Game, Value, WIN, WIN_BOUND};
use crate::schema::NONE16;

pub const WIDTH: u32 = 7;
pub const HEIGHT: u32 = 6;
const STRIDE: u32 = HEIGHT + 1;
const CELLS: u32 = WIDTH * HEIGHT;

const fn bottom(col: u32) -> u64 {
    1 << (col * STRIDE)
}
const fn top(col: u32) -> u64 {
    1 << (col * STRIDE + HEIGHT - 1)
}
const fn cell(col: u32, row: u32) -> u64 {
    1 << (col * STRIDE + row)
}

/// Number of lines of four on the board (Allis's "groups").
pub const GROUPS: usize = 69;

/// Every line of four as a bit mask: across, up, and both diagonals.
const LINES: [u64; GROUPS] = {
    let mut out = [0u64; GROUPS];
    let mut k = 0;
    // (dc, dr) directions: across, up, up-right, down-right.
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = dirs[d];
        let mut c = 0;
        while c < WIDTH as i32 {
            let mut r = 0;
            while r < HEIGHT as i32 {
                let (ec, er) = (c + 3 * dc, r + 3 * dr);
                if ec >= 0 && ec < WIDTH as i32 && er >= 0 && er < HEIGHT as i32 {
                    let mut m = 0u64;
                    let mut i = 0;
                    while i < 4 {
                        m |= cell((c + i * dc) as u32, (r + i * dr) as u32);
                        i += 1;
                    }
                    out[k] = m;
                    k += 1;
                }
                r += 1;
            }
            c += 1;
        }
        d += 1;
    }
    assert!(k == GROUPS);
    out
};

/// Whether `discs` hold four in a row.
fn four(discs: u64) -> bool {
    [1, STRIDE, STRIDE + 1, STRIDE - 1].iter().any(|&s| {
        let m = discs & (discs >> s);
        m & (m >> (2 * s)) != 0
    })
}

/// What is wrong with a Connect Four position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Connect4Error {
    // escaped, so that a newline or control character in the input is named, not printed raw
    #[error(
        "connect4 position: '{c}' at move {1} is not a column; a position is the columns \
         played, 1 to 7, e.g. 4453",
        c = .0.escape_default()
    )]
    Column(char, usize),
    #[error("connect4 position: move {1} plays column {0}, which is full")]
    Full(u32, usize),
    #[error("connect4 position: the game was over (four in a row) before move {0}")]
    Over(usize),
}

/// A Connect Four position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Connect4 {
    /// The side to move's discs.
    mine: u64,
    /// Every disc.
    mask: u64,
    /// Discs on the board.
    discs: u8,
    /// 0 for the first player (who moves when `discs` is even, passes aside), for the
    /// history table.
    side: u8,
    /// Null moves allowed: the unsafe demonstration of null-move pruning under zugzwang.
    unsafe_null_move: bool,
}

impl Default for Connect4 {
    fn default() -> Self {
        Connect4::empty()
    }
}

impl Connect4 {
    pub fn empty() -> Connect4 {
        Connect4 {
            mine: 0,
            mask: 0,
            discs: 0,
            side: 0,
            unsafe_null_move: false,
        }
    }

    /// Plays the columns of `moves` (`4453`) from the empty board.
    pub fn parse(moves: &str) -> Result<Connect4, Connect4Error> {
        let mut p = Connect4::empty();
        for (i, c) in moves.trim().chars().enumerate() {
            let col = match c.to_digit(10) {
                Some(d @ 1..=7) => d - 1,
                _ => return Err(Connect4Error::Column(c, i + 1)),
            };
            if p.over() {
                return Err(Connect4Error::Over(i + 1));
            }
            if !p.can_play(col) {
                return Err(Connect4Error::Full(col + 1, i + 1));
            }
            p = p.play(col as u8);
        }
        Ok(p)
    }

    /// The same position, offering null moves: null-move pruning runs here although zugzwang
    /// makes it unsound (the zugzwang lesson's demonstration).
    pub fn with_unsafe_null_move(mut self, on: bool) -> Connect4 {
        self.unsafe_null_move = on;
        self
    }

    /// Whether this is the unsafe null-move demonstration.
    pub fn unsafe_null_move(&self) -> bool {
        self.unsafe_null_move
    }

    pub fn discs(&self) -> u32 {
        self.discs as u32
    }

    fn can_play(&self, col: u32) -> bool {
        self.mask & top(col) == 0
    }

    /// Four in a row on the board (the last mover's) or a full board.
    fn over(&self) -> bool {
        four(self.mine ^ self.mask) || self.discs as u32 == CELLS
    }

    /// The board as six rows, top first: `x` for the first player's discs, `o` for the
    /// second's, `.` for empty cells.
    pub fn diagram(&self) -> String {
        let first = if self.discs.is_multiple_of(2) {
            self.mine
        } else {
            self.mine ^ self.mask
        };
        let mut s = String::new();
        for row in (0..HEIGHT).rev() {
            for col in 0..WIDTH {
                let b = cell(col, row);
                s.push(if self.mask & b == 0 {
                    '.'
                } else if first & b != 0 {
                    'x'
                } else {
                    'o'
                });
            }
            if row > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The name of the move with trace code `code`: its column, `1` to `7`; `--` for a null
    /// move; `None` for a code that is no column.
    pub fn code_name(code: u16) -> Option<String> {
        if code == NONE16 {
            return Some("--".into());
        }
        (code < WIDTH as u16).then(|| (code + 1).to_string())
    }

    /// The trace code of a move name (`4`; `--` for a null move).
    pub fn parse_code(name: &str) -> Option<u16> {
        match name.as_bytes() {
            b"--" => Some(NONE16),
            [d @ b'1'..=b'7'] => Some((d - b'1') as u16),
            _ => None,
        }
    }
}

/// A Connect Four input: the columns played from the empty board (`4453`, docs/games.md).
/// `unsafe_null_move` lets null-move pruning run although zugzwang makes it unsound there:
/// the zugzwang lesson's demonstration.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Connect4Input {
    #[serde(default)]
    pub position: String,
    #[serde(default)]
    pub unsafe_null_move: bool,
}

impl SmallGame for Connect4 {
    const KIND: &'static str = "connect4";
    const NAME: &'static str = "Connect Four";
    const PLAYERS: [&'static str; 2] = [
        "the first player (solid discs)",
        "the second player (ringed discs)",
    ];
    const SIDES: Option<[&'static str; 2]> = Some(["Solid", "Ringed"]);
    const MOVE_WORDS: &'static str = "Connect Four column (1 to 7)";
    const FIELD: &'static str = "position";
    const POSITION_LABEL: &'static str = "Columns played (1–7 from the left)";
    const DEFAULT_DEPTH: Option<u32> = Some(6);
    const LINK: &'static [LinkKey] = &[
        LinkKey {
            key: "pos",
            field: "position",
            shape: Shape::Text {
                required: false,
                max: (WIDTH * HEIGHT) as usize,
            },
        },
        LinkKey {
            key: "unsafe_null_move",
            field: "unsafe_null_move",
            shape: Shape::Flag,
        },
    ];
    type Input = Connect4Input;
    type Error = Connect4Error;

    fn start() -> Connect4Input {
        Connect4Input::default()
    }
    fn prepare(input: &Connect4Input) -> Result<Connect4, Connect4Error> {
        Ok(Connect4::parse(&input.position)?.with_unsafe_null_move(input.unsafe_null_move))
    }
    fn code_name(code: u16) -> Option<String> {
        Connect4::code_name(code)
    }
    fn parse_code(name: &str) -> Option<u16> {
        Connect4::parse_code(name)
    }
    fn allows_null_move(&self) -> bool {
        self.unsafe_null_move
    }
    fn board(&self) -> Board {
        Board {
            layout: "columns",
            rows: self.diagram().split('/').map(str::to_string).collect(),
            ..Board::default()
        }
    }
    fn landed(after: &Board, code: u16) -> Option<[u32; 2]> {
        let col = code as usize;
        if col >= WIDTH as usize {
            return None;
        }
        let row = after
            .rows
            .iter()
            .position(|r| r.as_bytes().get(col).is_some_and(|&c| c != b'.'))?;
        Some([row as u32, col as u32])
    }
    fn input_after(
        input: &Connect4Input,
        _pos: &Connect4,
        _mv: u8,
        code: u16,
    ) -> Result<Connect4Input, Connect4Error> {
        let column = Connect4::code_name(code).unwrap_or_default();
        Ok(Connect4Input {
            position: format!("{}{column}", input.position.trim()),
            unsafe_null_move: input.unsafe_null_move,
        })
    }
}

impl Game for Connect4 {
    /// The column, 0–6.
    type Move = u8;

    const MATE_BOUND: Value = WIN_BOUND;

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.over() {
            return;
        }
        out.extend((0..WIDTH as u8).filter(|&c| self.can_play(c as u32)));
    }

    fn play(&self, col: u8) -> Self {
        let mask = self.mask | (self.mask + bottom(col as u32));
        Connect4 {
            mine: self.mine ^ self.mask,
            mask,
            discs: self.discs + 1,
            side: self.side ^ 1,
            unsafe_null_move: self.unsafe_null_move,
        }
    }

    /// CITE: Nilsson (1980), ch. 3, the tic-tac-toe evaluation `e(p)` (see
    /// [`open_lines_eval`]), applied unchanged to Connect Four's 69 lines of four (Allis 1988,
    /// *A Knowledge-based Approach of Connect-Four*, calls them groups): the lines still open
    /// for the side to move minus those still open for the opponent, from −69 to 69, far below
    /// a win.
    fn evaluate(&self) -> Value {
        open_lines_eval(&LINES, self.mine, self.mine ^ self.mask)
    }

    /// The side to move lost if the opponent has four in a row; a full board is a draw.
    fn no_moves_value(&self, ply: u32) -> Value {
        if four(self.mine ^ self.mask) {
            -(WIN - ply.min(200) as Value)
        } else {
            0
        }
    }

    /// Exact: `mine + mask` identifies the position (Pons' key: the mask's top bit in each
    /// column marks the height), through a bijective mixer.
    fn key(&self) -> u64 {
        mix(self.mine + self.mask)
    }

    /// Passing is no rule of Connect Four; only the unsafe demonstration passes.
    fn null_move(&self) -> Option<Self> {
        (self.unsafe_null_move && !self.over()).then_some(Connect4 {
            mine: self.mine ^ self.mask,
            side: self.side ^ 1,
            ..*self
        })
    }

    /// Zugzwang is always likely, except in the unsafe demonstration, which pretends not.
    fn zugzwang_likely(&self) -> bool {
        !self.unsafe_null_move
    }

    /// The game is over. Chess searches a checked side at the horizon one step more so that
    /// checkmate is not mistaken for an evaluation; a finished game is treated the same way,
    /// so a win on the last ply scores as a win, never as an evaluation.
    fn in_check(&self) -> bool {
        self.over()
    }

    fn side(&self) -> usize {
        self.side as usize
    }

    fn move_code(&self, col: u8, _index: usize) -> u16 {
        col as u16
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(p: &Connect4) -> Vec<u8> {
        let mut m = Vec::new();
        p.legal_moves(&mut m);
        m
    }

    #[test]
    fn lines_are_the_69_groups() {
        assert_eq!(LINES.iter().filter(|l| l.count_ones() == 4).count(), 69);
        let mut sorted = LINES.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 69);
        for l in LINES {
            assert!(four(l));
            // Three of four is not four.
            assert!(!four(l & (l - 1)));
        }
    }

    /// Issue 32 §5: a newline in a position was printed raw in the message.
    #[test]
    fn a_control_character_is_named_escaped() {
        let e = Connect4::parse("44\n53").unwrap_err().to_string();
        assert!(e.contains("'\\n' at move 3"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn sequences_are_checked() {
        assert_eq!(Connect4::parse("").unwrap(), Connect4::empty());
        let p = Connect4::parse("4453").unwrap();
        assert_eq!(p.discs(), 4);
        assert_eq!(
            p.diagram(),
            "......./......./......./......./...o.../..oxx.."
        );
        assert!(matches!(
            Connect4::parse("48"),
            Err(Connect4Error::Column('8', 2))
        ));
        assert!(matches!(
            Connect4::parse("1111111"),
            Err(Connect4Error::Full(1, 7))
        ));
        // First player wins upwards in column 1 at move 7.
        assert!(Connect4::parse("1212121").is_ok());
        assert!(matches!(
            Connect4::parse("12121213"),
            Err(Connect4Error::Over(8))
        ));
    }

    #[test]
    fn wins_draws_and_names() {
        let won = Connect4::parse("1212121").unwrap();
        assert!(moves(&won).is_empty());
        assert_eq!(won.no_moves_value(1), -(WIN - 1));
        // Across and both diagonals.
        assert!(moves(&Connect4::parse("1122334").unwrap()).is_empty());
        assert!(moves(&Connect4::parse("12233434474").unwrap()).is_empty());
        assert!(moves(&Connect4::parse("76655454414").unwrap()).is_empty());
        assert_eq!(moves(&Connect4::empty()), vec![0, 1, 2, 3, 4, 5, 6]);
        for code in 0..7 {
            let n = Connect4::code_name(code).unwrap();
            assert_eq!(Connect4::parse_code(&n), Some(code));
        }
        assert_eq!(Connect4::parse_code("8"), None);
        assert_eq!(Connect4::empty().evaluate(), 0);
        // A disc in the centre column closes 7 lines to the opponent... from its view.
        let c = Connect4::parse("4").unwrap();
        assert!(c.evaluate() < 0);
    }

    #[test]
    fn null_move_only_in_the_demonstration() {
        let p = Connect4::parse("44").unwrap();
        assert!(p.null_move().is_none());
        assert!(p.zugzwang_likely());
        let d = p.with_unsafe_null_move(true);
        let n = d.null_move().unwrap();
        assert_ne!(n.key(), d.key());
        assert_eq!(n.null_move().unwrap().key(), d.key());
        assert!(!d.zugzwang_likely());
    }
}
