//! How each game names its moves in traces, summaries and the page: one definition for the
//! JSON writer, the trace readers and the wasm names.

#[cfg(feature = "chess")]
use crate::game::chess::{code_to_uci, uci_to_code};
use crate::game::registry::GameId;
use crate::schema::NONE16;

/// A game's move notation, by the trace's 16-bit move code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Trees: the child index (a trace carries the `path` of indices instead of `move`).
    Index,
    /// Chess: UCI (`e2e4`, `0000` for the null move); SAN comes from the position.
    Uci,
    /// A small game: its own notation ([`crate::game::registry::SmallGame::code_name`]):
    /// tic-tac-toe's square (`b2`), Nim's pile and amount (`p3-2`), Connect Four's column (`4`).
    Game(GameId),
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
            Notation::Game(g) => g.code_name(code),
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
            Notation::Game(g) => g.parse_code(name),
        }
    }

    /// What a move name looks like, for error messages.
    pub fn describe(self) -> &'static str {
        match self {
            Notation::Index => "child index",
            Notation::Uci => "UCI move",
            Notation::Game(g) => g.move_words(),
        }
    }
}
