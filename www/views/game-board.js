// The board of a small game's trace (tic-tac-toe, Nim, Connect Four) in the Position card: the
// position at the node the inspector shows, with the move into it marked, as chess's board
// does (www/views/board.js). The position comes from the core (`Names.game_view` through
// www/model/names.js); the board widget loads with the games (www/main.js `loadGames`).

import { $, setText } from '../dom.js';
import { NONE } from '../model/store.js';
import { isGame } from '../model/games.js';
import { showsChess } from './board.js';

/** `app`: { core, state, mode(), libs, loadGames(), invalidateDom() }. */
export function createGameBoard(app) {
  let board = null; // UI-local: the board's handle and what it last drew (a memo)
  let shown = '';

  return {
    render() {
      const mode = app.mode();
      const t = mode.driver();
      const game = isGame(t.input);
      $('game-board').hidden = !game;
      if (!game) {
        // the card is the chess board's too (www/views/board.js, loaded with the first chess
        // search): without chess on the page, a game's card must not stay behind, empty, after
        // the game (a lesson on a tree after lesson 1's tic-tac-toe, issue 29 §4)
        if (!showsChess(app)) $('board-card').hidden = true;
        return;
      }
      $('board-card').hidden = false;
      // the chess board's square stays empty until chessground loads (www/views/board.js hides
      // it then): a page that has shown no chess yet would keep its empty square above the game
      $('board').hidden = true;
      const lib = app.libs.games;
      if (!lib) return void app.loadGames();
      board ??= lib.board.mountBoard($('game-board'), { core: app.core, label: 'Position at the cursor' });
      const id = mode.shownNode();
      const key = `${t.uid}|${t.generation}|${t.names.ready}|${id}`;
      if (key === shown) return;
      const view = t.names.gameView(id);
      if (!view) return;
      shown = key;
      board.show(view);
      const line = id !== NONE ? t.names.path(id) : [];
      setText('board-fen', line.length ? `root → ${line.join(' → ')}` : 'the root position');
    },
  };
}
