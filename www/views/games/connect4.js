// Connect Four's board: 7 columns × 6 rows, columns numbered 1 to 7 from the left (the core's
// notation). Each column the side to move may drop a disc in is a button; a shown node's board
// is one labelled image with the last disc marked. The first player's discs are solid, the
// second's ringed, so that the sides differ without their colours.

import { h } from '../../dom.js';
import { moveNamed, statusWords } from './words.js';

/** `view`: the core's board; `opts`: { interactive, label, play(code) }. */
export function drawConnect4(view, { interactive, label, play }) {
  const width = view.rows[0]?.length ?? 7;
  const columns = [];
  const words = [];
  for (let col = 0; col < width; col++) {
    const cells = [];
    let first = 0;
    let second = 0;
    view.rows.forEach((row, r) => {
      const c = row[col];
      const last = view.last && view.last[0] === r && view.last[1] === col;
      if (c === 'x') first++;
      if (c === 'o') second++;
      cells.push(h('span', { class: `c4-cell ${c === 'x' ? 'p1' : c === 'o' ? 'p2' : 'free'}${last ? ' last' : ''}`, 'aria-hidden': 'true' }));
    });
    const move = moveNamed(view, col);
    const name = String(col + 1);
    const filled = first + second;
    const content = filled ? `${first} solid, ${second} ringed` : 'empty';
    if (filled) words.push(`column ${name}: ${view.rows.map((row) => row[col]).reverse().filter((c) => c !== '.').map((c) => (c === 'x' ? 'solid' : 'ringed')).join(', ')} from the bottom`);
    if (interactive) {
      const what = move ? `${content}: drop a disc` : `${content}${filled === view.rows.length ? ', full' : ''}`;
      columns.push(h('button', { type: 'button', class: 'c4-col', 'aria-label': `column ${name}, ${what}`, disabled: !move, onclick: () => play(col) }, cells));
    } else columns.push(h('span', { class: 'c4-col' }, cells));
  }
  const lastWords = view.last ? ` The last disc went in column ${view.last[1] + 1}.` : '';
  const desc = `${label}: ${words.length ? words.join('; ') : 'empty board'}.${lastWords} ${statusWords(view)}.`;
  const numbers = h('div', { class: 'c4-numbers', 'aria-hidden': 'true' }, Array.from({ length: width }, (_, i) => h('span', null, String(i + 1))));
  return h('div', { class: 'c4-wrap' },
    interactive
      ? h('div', { class: 'c4-grid', role: 'group', 'data-own-keys': true, 'aria-label': `${label}. ${statusWords(view)}.` }, columns)
      : h('div', { class: 'c4-grid', role: 'img', 'aria-label': desc }, columns),
    numbers);
}
