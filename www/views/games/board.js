// A small game's board (tic-tac-toe, Nim, Connect Four; chessground stays chess's): one widget
// the page and the lessons mount wherever a position is set up or shown. It draws what the
// core answers (wasm `game_view` for an input, `Names.game_view` for a node of a trace: cells
// or piles, the side to move, the legal moves by trace code and name, the end) and turns a
// click into the core's move (`game_play`), so no rule, notation or move name is written here.
// Loaded on first use (www/main.js `loadGames`). Every cell the user can play is a button
// with a label; a shown node's board is one labelled image.
//
// API (docs/games.md, "In the page"):
//   const board = mountBoard(el, { core, input, onChange, label });
//   board.set(input)  — a position to set up: legal moves are buttons; a click plays the move
//                       through the core and calls onChange(nextInput) (the owner decides
//                       whether to set() it; with no onChange the board sets it itself)
//   board.show(view)  — a node's board (a view from Names.game_view), drawn read-only, with
//                       the move into it marked
//   board.input, board.view — what it shows now

import { h } from '../../dom.js';
import { statusWords } from './words.js';
import { drawTicTacToe } from './tictactoe.js';
import { drawNim } from './nim.js';
import { drawConnect4 } from './connect4.js';

/** The drawings by the board's `layout` (the core's, src/game/registry.rs `Board`): a game
 * drawn like an existing one needs no drawing of its own. */
const DRAW = { grid: drawTicTacToe, piles: drawNim, columns: drawConnect4 };

export { PLAYERS, statusWords } from './words.js';

/**
 * Mounts a board in `el`. `opts`: { core (the page thread's wasm module), input (a position
 * to set up, or null), onChange(nextInput) (called after a click played a move), label (the
 * board's accessible name) }.
 */
export function mountBoard(el, { core, input = null, onChange = null, label = 'Game board' } = {}) {
  const root = h('div', { class: 'game-board' });
  const status = h('p', { class: 'game-status', 'aria-live': 'polite' });
  el.replaceChildren(root, status);
  let cur = { input: null, view: null, key: '' };

  function draw(view, interactive) {
    const key = JSON.stringify([view, interactive]);
    if (key === cur.key) return;
    cur.key = key;
    const draw = DRAW[view.layout];
    root.dataset.kind = view.kind;
    root.dataset.position = positionKey(view);
    root.dataset.interactive = String(interactive);
    root.replaceChildren(draw(view, { interactive, label, play: interactive ? play : null }));
    status.textContent = statusWords(view);
  }

  function play(code) {
    if (!cur.input) return;
    let next;
    try {
      next = core.game_play(cur.input, code);
    } catch (e) {
      status.textContent = String(e.message ?? e);
      return;
    }
    if (onChange) onChange(next);
    else api.set(next);
  }

  const api = {
    element: el,
    /** Sets up `input`'s position (clicks play moves); throws the core's message for a bad one. */
    set(input) {
      const view = core.game_view(input);
      cur.input = input;
      cur.view = view;
      draw(view, true);
    },
    /** Shows a node's board (Names.game_view), read-only. */
    show(view) {
      cur.input = null;
      cur.view = view;
      draw(view, false);
    },
    get input() {
      return cur.input;
    },
    get view() {
      return cur.view;
    },
  };
  if (input) api.set(input);
  return api;
}

/** The position as one short text (tests read it from `data-position`): rows or piles. */
export function positionKey(view) {
  return view.layout === 'piles' ? view.piles.join(',') : view.rows.join('/');
}

