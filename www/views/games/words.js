// The words every game board shares: the players' names and a position's status line, and a
// move's name on a board (the core's, from the board's `moves`). No DOM.

import { GAMES } from '../../schema.js';

/** The players' names by game and side (0 moves first): the core's (src/game/registry.rs). */
export const PLAYERS = Object.fromEntries(GAMES.map((g) => [g.kind, g.players]));

/** One line on a position: who moves, or how the game ended. */
export function statusWords(view) {
  const who = PLAYERS[view.kind] ?? ['first', 'second'];
  // a game of piles says who takes the last object wins or loses
  const rule = view.layout === 'piles' ? (view.misere ? ' · misère play (who takes the last object loses)' : ' · normal play (who takes the last object wins)') : '';
  if (!view.over) return `${cap(who[view.side])} to move${rule}`;
  if (view.winner === null || view.winner === undefined) return `Game over: a draw${rule}`;
  return `Game over: ${who[view.winner]} won${rule}`;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** The name of the move with trace `code` on this board, or null when it is not legal. */
export const moveNamed = (view, code) => view.moves.find((m) => m.code === code)?.name ?? null;
