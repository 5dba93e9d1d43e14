//! The page's game boards: a small game's position as a board ([`crate::run::board`]), a move
//! played on it, and whether a configuration suits it. The boards draw these answers and send
//! back trace codes; the rules, the notations and the move names stay in the core.

use super::contract::Problem;
use super::{WasmError, err, parse_config_unchecked, parse_input, to_js};
use crate::run::board::{play, view_of};
use wasm_bindgen::prelude::*;

/// The board of a small game's input (`{kind:'tictactoe', position}`, `{kind:'nim', piles,
/// misere}` or `{kind:'connect4', position}`): `{kind, rows, piles, misere, side, moves:
/// [{code, name}], over, winner, whole_depth, max_piles, max_objects, last}`. Throws the
/// core's message for a bad position, or for an input that is no small game.
#[wasm_bindgen]
pub fn game_view(input: JsValue) -> Result<JsValue, JsError> {
    let input = parse_input(&input)?;
    let prepared = input.prepare().map_err(WasmError::from)?;
    let view = view_of(&prepared)
        .ok_or_else(|| err(format!("a {} input is not a game board", input.kind())))?;
    to_js(&view)
}

/// The input after the move with trace code `code` (a tic-tac-toe square or a Connect Four
/// column, as the board's `moves` list them; a Nim move `p<pile>-<amount>`'s code): how a
/// board sets up a position by clicks. Throws when `code` is not a legal move there (the
/// game is over, the square is taken, the column is full), naming the move.
#[wasm_bindgen]
pub fn game_play(input: JsValue, code: u16) -> Result<JsValue, JsError> {
    let input = parse_input(&input)?;
    let prepared = input.prepare().map_err(WasmError::from)?;
    let next = play(&input, &prepared, code)?;
    to_js(&next)
}

/// Checks a configuration for an input as a search of it would: the configuration's own
/// rules, and for the small games the techniques the game refuses, each named with the game
/// (`quiescence cannot be used on Connect Four: …`). `{message, field}` or `undefined`.
#[wasm_bindgen]
pub fn check_run(input: JsValue, config: JsValue) -> JsValue {
    let problem = (|| -> Result<(), Problem> {
        let bad = |message: String, field: Option<String>| Problem { message, field };
        let input = parse_input(&input).map_err(|e| bad(e.to_string(), None))?;
        let config = parse_config_unchecked(&config).map_err(|e| bad(e.to_string(), None))?;
        let prepared = input
            .prepare()
            .map_err(|e| bad(e.to_string(), Some(e.field())))?;
        prepared
            .check_config(&config)
            .map_err(|e| bad(e.to_string(), e.param().map(str::to_string)))
    })();
    match problem {
        Ok(()) => JsValue::UNDEFINED,
        Err(p) => to_js(&p).unwrap_or(JsValue::UNDEFINED),
    }
}
