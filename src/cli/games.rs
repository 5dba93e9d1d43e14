//! The small games' commands, one per game of the registry (src/game/registry.rs): each reads
//! its own arguments into the game's input and searches it like every other input
//! ([`search::small_game`]). A new game adds its arguments and its variant here.

use crate::error::CliError;
use crate::search::{self, Common};
use clap::{Args, Subcommand};
use prunescope::game::connect4::{Connect4, Connect4Input};
use prunescope::game::nim::{Nim, NimInput};
use prunescope::game::tictactoe::{self, TicTacToe, TicTacToeInput};
use prunescope::run::Input;
use prunescope::search::config::MAX_DEPTH;

#[derive(Subcommand)]
pub enum GameCommand {
    /// Search tic-tac-toe, by default the whole game from the empty board (docs/games.md).
    #[command(name = "tictactoe")]
    TicTacToe(TicTacToeArgs),
    /// Search Nim with the piles given, normal or misère play, by default the whole game
    /// (docs/games.md).
    Nim(NimArgs),
    /// Search Connect Four (7 × 6) to a depth, with a heuristic evaluation at the horizon
    /// (docs/games.md).
    #[command(name = "connect4")]
    Connect4(Connect4Args),
}

impl GameCommand {
    pub fn run(self) -> Result<(), CliError> {
        match self {
            GameCommand::TicTacToe(a) => tictactoe(a),
            GameCommand::Nim(a) => nim(a),
            GameCommand::Connect4(a) => connect4(a),
        }
    }
}

#[derive(Args)]
pub struct TicTacToeArgs {
    /// The position: three rows of three squares, top row first, separated by '/': x, o, or .
    /// for empty, e.g. "x.o/.x./..o" (docs/games.md). X moves first, so the side to move
    /// follows from the counts. Default: the empty board.
    #[arg(default_value = tictactoe::EMPTY)]
    pub position: String,
    /// Depth in plies (1..=64). Default: the whole game (the number of empty squares).
    #[arg(long, short = 'd')]
    pub depth: Option<u32>,
    /// Search only the final depth instead of iterating 1..=depth.
    #[arg(long)]
    pub no_iterative: bool,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args)]
pub struct NimArgs {
    /// The pile sizes, comma-separated: 1 to 8 piles of 0 to 255 objects, e.g. 1,3,5.
    #[arg(long)]
    pub piles: String,
    /// Misère play: whoever takes the last object loses (default: normal play, whoever takes
    /// it wins).
    #[arg(long)]
    pub misere: bool,
    /// Depth in plies (1..=64). Default: the whole game (the number of objects, at most 64).
    #[arg(long, short = 'd')]
    pub depth: Option<u32>,
    /// Search only the final depth instead of iterating 1..=depth.
    #[arg(long)]
    pub no_iterative: bool,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Args)]
pub struct Connect4Args {
    /// The position: the columns played from the empty board, 1 to 7 from the left, e.g.
    /// "4453" (docs/games.md). Default: the empty board.
    #[arg(default_value = "")]
    pub position: String,
    /// Depth in plies (1..=64).
    #[arg(long, short = 'd', default_value_t = 6)]
    pub depth: u32,
    /// Search only the final depth instead of iterating 1..=depth.
    #[arg(long)]
    pub no_iterative: bool,
    /// Allow null-move pruning (--enable null_move) although zugzwang makes it unsound in
    /// Connect Four: the demonstration of how it goes wrong. The trace's input records it.
    #[arg(long)]
    pub unsafe_null_move: bool,
    #[command(flatten)]
    pub common: Common,
}

fn tictactoe(a: TicTacToeArgs) -> Result<(), CliError> {
    let pos = TicTacToe::parse(&a.position).map_err(|e| CliError::input("POSITION", e))?;
    let depth = a.depth.unwrap_or(pos.empty_squares().max(1));
    let input = Input::TicTacToe(TicTacToeInput {
        position: a.position,
    });
    search::small_game(input, depth, !a.no_iterative, &a.common)
}

fn nim(a: NimArgs) -> Result<(), CliError> {
    let piles = Nim::parse_piles(&a.piles).map_err(|e| CliError::input("--piles", e))?;
    let pos = Nim::new(&piles, a.misere).map_err(|e| CliError::input("--piles", e))?;
    let depth = a.depth.unwrap_or(pos.objects().clamp(1, MAX_DEPTH));
    let input = Input::Nim(NimInput {
        piles,
        misere: a.misere,
    });
    search::small_game(input, depth, !a.no_iterative, &a.common)
}

fn connect4(a: Connect4Args) -> Result<(), CliError> {
    Connect4::parse(&a.position).map_err(|e| CliError::input("POSITION", e))?;
    let input = Input::Connect4(Connect4Input {
        position: a.position,
        unsafe_null_move: a.unsafe_null_move,
    });
    search::small_game(input, a.depth, !a.no_iterative, &a.common)
}
