// The small games' input kinds (docs/trace-format.md, `input`): which traces a game board
// draws and which tab of the input panel sets them up. No DOM, nothing loaded: the boards and
// the Games tab load the first time a game is used (www/main.js `loadGames`).

export const GAME_KINDS = new Set(['tictactoe', 'nim', 'connect4']);

/** The two-player games' players by the page's words, the first player (side 0, who moves
 * first) first: the lessons' questions and the tree's rows name the side to move so. */
export const GAME_SIDES = Object.freeze({ tictactoe: Object.freeze(['X', 'O']), connect4: Object.freeze(['Solid', 'Ringed']) });

/** Whether `input` (an input object or null) is a small game's. */
export const isGame = (input) => GAME_KINDS.has(input?.kind);
