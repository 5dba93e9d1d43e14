//! How each game names its moves in traces, summaries and the page: one definition for the
//! JSON writer, the trace readers and the wasm names.

#[cfg(feature = "chess")]
use crate::game::chess::{code_to_uci, uci_to_code};
use crate::game::connect4::Connect4;
use crate::game::nim::Nim;
use crate::game::tictactoe::TicTacToe;
use crate::schema::NONE16;

/// A game's move notation, by the trace's 16-bit move code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Trees: the child index (a trace carries the `path` of indices instead of `move`).
    Index,
    /// Chess: UCI (`e2e4`, `0000` for the null move); SAN comes from the position.
    Uci,
    /// Tic-tac-toe: the square (`b2`).
    TicTacToe,
    /// Nim: pile and amount (`p3-2`).
    Nim,
    /// Connect Four: the column (`4`).
    Connect4,
}

impl Notation {
    /// Whether traces name moves in a `move` field (everything but trees).
    pub fn named(self) -> bool {
        self != Notation::Index
    }

    /// The move with trace code `code` in this notation; `?` for a code that names no move.
    pub fn name(self, code: u16) -> String {
        let name = match self {
            Notation::Index => Some(code.to_string()),
            #[cfg(feature = "chess")]
            Notation::Uci => Some(code_to_uci(code)),
            // the first wasm build has no chess, so it never holds a chess trace to name
            #[cfg(not(feature = "chess"))]
            Notation::Uci => None,
            Notation::TicTacToe => TicTacToe::code_name(code),
            Notation::Nim => Nim::code_name(code),
            Notation::Connect4 => Connect4::code_name(code),
        };
        name.unwrap_or_else(|| "?".into())
    }

    /// The trace code of a move name; the null move's name gives [`NONE16`].
    pub fn parse(self, name: &str) -> Option<u16> {
        match self {
            Notation::Index => name.parse::<u16>().ok().filter(|&c| c != NONE16),
            #[cfg(feature = "chess")]
            Notation::Uci => uci_to_code(name),
            #[cfg(not(feature = "chess"))]
            Notation::Uci => None,
            Notation::TicTacToe => TicTacToe::parse_code(name),
            Notation::Nim => Nim::parse_code(name),
            Notation::Connect4 => Connect4::parse_code(name),
        }
    }

    /// What a move name looks like, for error messages.
    pub fn describe(self) -> &'static str {
        match self {
            Notation::Index => "child index",
            Notation::Uci => "UCI move",
            Notation::TicTacToe => "tic-tac-toe square (a1 to c3)",
            Notation::Nim => "Nim move (p<pile>-<amount>, e.g. p3-2)",
            Notation::Connect4 => "Connect Four column (1 to 7)",
        }
    }
}
