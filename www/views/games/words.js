// The words every game board shares: the players' names and a position's status line, and a
// move's name on a board (the core's, from the board's `moves`). No DOM.

/** The players' names by game and side (0 moves first). */
export const PLAYERS = {
  tictactoe: ['X', 'O'],
  nim: ['the first player', 'the second player'],
  connect4: ['the first player (solid discs)', 'the second player (ringed discs)'],
};

/** One line on a position: who moves, or how the game ended. */
export function statusWords(view) {
  const who = PLAYERS[view.kind] ?? ['first', 'second'];
  const rule = view.kind === 'nim' ? (view.misere ? ' · misère play (who takes the last object loses)' : ' · normal play (who takes the last object wins)') : '';
  if (!view.over) return `${cap(who[view.side])} to move${rule}`;
  if (view.winner === null || view.winner === undefined) return `Game over: a draw${rule}`;
  return `Game over: ${who[view.winner]} won${rule}`;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** The name of the move with trace `code` on this board, or null when it is not legal. */
export const moveNamed = (view, code) => view.moves.find((m) => m.code === code)?.name ?? null;
