// The small games' input kinds (docs/trace-format.md, `input`): which traces a game board
// draws and which tab of the input panel sets them up. The list is the core's (`GAMES` of
// www/schema.js, from the game registry, src/game/registry.rs): no game is named here. No DOM,
// nothing loaded: the boards and the Games tab load the first time a game is used (www/main.js
// `loadGames`).

import { GAMES } from '../schema.js';

export { GAMES };

/** Each game's entry of `GAMES` by its kind. */
export const GAME = Object.freeze(Object.fromEntries(GAMES.map((g) => [g.kind, g])));

export const GAME_KINDS = new Set(GAMES.map((g) => g.kind));

/** The two-player games' players by the page's words, the first player (side 0, who moves
 * first) first: the lessons' questions and the tree's rows name the side to move so. An
 * impartial game (Nim) has none: its rows say MAX and MIN. */
export const GAME_SIDES = Object.freeze(Object.fromEntries(GAMES.filter((g) => g.sides).map((g) => [g.kind, Object.freeze([...g.sides])])));

/** Whether `input` (an input object or null) is a small game's. */
export const isGame = (input) => GAME_KINDS.has(input?.kind);

/** A game's name at the start of a sentence or as a menu entry (`Tic-tac-toe`). */
export const gameTitle = (g) => g.name.charAt(0).toUpperCase() + g.name.slice(1);
