// Nim's board: the piles, numbered from 1, each a row of objects. To set up a position, a
// click on an object takes it and every object to its right from that pile (the move the core
// names `p<pile>-<amount>`); a shown node's board is one labelled image with the objects just
// taken marked.

import { h } from '../../dom.js';
import { moveNamed, statusWords } from './words.js';

/** Objects drawn one by one in a pile; a larger pile is drawn as this many and a count. */
const DRAWN = 24;

/** `view`: the core's board; `opts`: { interactive, label, play(code) }. */
export function drawNim(view, { interactive, label, play }) {
  const rows = view.piles.map((n, k) => {
    const objects = [];
    const shown = Math.min(n, DRAWN);
    for (let j = 1; j <= shown; j++) {
      const amount = n - j + 1;
      const code = k * 256 + amount;
      if (interactive) {
        const move = moveNamed(view, code);
        objects.push(h('button', { type: 'button', class: 'nim-obj', 'aria-label': `pile ${k + 1}, object ${j} of ${n}: take ${amount} (${move ?? 'not a move'})`, disabled: !move, onclick: () => play(code) }));
      } else objects.push(h('span', { class: 'nim-obj', 'aria-hidden': 'true' }));
    }
    // the objects the last move took, after the pile's objects
    const taken = view.last && view.last[0] === k ? view.last[1] : 0;
    for (let j = 0; j < Math.min(taken, DRAWN); j++) objects.push(h('span', { class: 'nim-obj taken', 'aria-hidden': 'true' }));
    return h('div', { class: 'nim-pile' },
      h('span', { class: 'nim-name' }, `pile ${k + 1}`),
      h('span', { class: 'nim-count' }, String(n)),
      h('span', { class: 'nim-objs' }, objects, n > DRAWN ? h('span', { class: 'muted' }, ` +${n - DRAWN}`) : null));
  });
  const lastWords = view.last ? ` The last move took ${view.last[1]} from pile ${view.last[0] + 1}.` : '';
  const desc = `${label}: piles ${view.piles.join(', ')}.${lastWords} ${statusWords(view)}.`;
  return interactive
    ? h('div', { class: 'nim-board', role: 'group', 'data-own-keys': true, 'aria-label': `${label}: piles ${view.piles.join(', ')}. ${statusWords(view)}.` }, rows)
    : h('div', { class: 'nim-board', role: 'img', 'aria-label': desc }, rows);
}
