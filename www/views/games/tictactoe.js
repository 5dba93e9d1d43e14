// Tic-tac-toe's board: 3 × 3 squares, named like chess squares (a1 bottom left … c3 top right,
// the core's notation). A square the side to move may fill is a button; a shown node's board
// is one labelled image with the last move marked.

import { h } from '../../dom.js';
import { moveNamed, statusWords } from './words.js';

const MARK = { x: 'X', o: 'O', '.': '' };

/** The square's name at (row from the top, column): the core names moves by the same squares. */
const squareName = (row, col) => `${'abc'[col]}${3 - row}`;

/** `view`: the core's board; `opts`: { interactive, label, play(code) }. */
export function drawTicTacToe(view, { interactive, label, play }) {
  const words = [];
  const cells = [];
  view.rows.forEach((row, r) => {
    [...row].forEach((c, col) => {
      const code = (2 - r) * 3 + col;
      const name = squareName(r, col);
      const last = view.last && view.last[0] === r && view.last[1] === col;
      const cls = `ttt-cell ${c === 'x' ? 'p1' : c === 'o' ? 'p2' : 'free'}${last ? ' last' : ''}`;
      if (c !== '.') words.push(`${name} ${MARK[c]}${last ? ' (last move)' : ''}`);
      if (interactive) {
        const move = moveNamed(view, code);
        const what = c === '.' ? (move ? `empty: play ${view.side ? 'O' : 'X'} here` : 'empty') : MARK[c];
        cells.push(h('button', { type: 'button', class: cls, 'aria-label': `${name}, ${what}`, disabled: !move, onclick: () => play(code) }, MARK[c]));
      } else cells.push(h('span', { class: cls, 'aria-hidden': 'true' }, MARK[c]));
    });
  });
  const desc = `${label}: ${words.length ? words.join(', ') : 'empty board'}. ${statusWords(view)}.`;
  return interactive
    ? h('div', { class: 'ttt-grid', role: 'group', 'data-own-keys': true, 'aria-label': `${label}. ${statusWords(view)}.` }, cells)
    : h('div', { class: 'ttt-grid', role: 'img', 'aria-label': desc }, cells);
}
