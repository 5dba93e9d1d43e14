// Print worksheet (issue 31 §1): the open exercise as two printed pages, the worksheet (the tree
// with its leaf values and blank fields for the values, and the windows when the exercise asks
// them; the task in the exercise's words; its link) and its answer key on a page of its own (the
// core's key: each inner node's answer as AIMA writes it, every pruned branch crossed out).
// Built as DOM from text nodes (www/dom.js), never markup, into a section that only print shows
// (www/style.css, "@media print"); the action puts it in the page and asks the browser to print.
// The LaTeX form of the same sheets, and class sets, is `prunescope exercise worksheet` (docs/cli.md).

import { h } from './dom.js';

/** The exercise tree as nested boxes (the exercise view's classes, so it lays out alike):
 * `answers` false — blank boxes (the worksheet), true — the key's answers and prunes. */
function tree(e, answers) {
  const k = e.key.nodes;
  const windows = !!e.params.windows;
  const node = (i, greyed) => {
    const n = k[i];
    const off = greyed || (answers && n.pruned);
    const kind = n.chance ? 'chance' : n.max ? 'max' : 'min';
    let body;
    if (n.leaf !== null) body = h('span', { class: 'ex-leaf' }, String(n.leaf));
    else if (!answers) body = h('span', { class: 'print-blank' }, windows ? h('span', { class: 'print-window' }, '( ____ , ____ )') : null);
    else if (n.visited) {
      // the key's answer as the grader states it (a visited inner node always has one)
      body = h('span', { class: 'print-answer' }, n.answer ?? '', windows && n.window ? h('span', { class: 'print-window' }, ` (${n.window[0]}, ${n.window[1]})`) : null);
    } else body = h('span', { class: 'print-blank' });
    const who = n.chance ? '◯' : n.max ? 'MAX' : 'MIN';
    const box = h('div', { class: `ex-box ${kind}${n.leaf !== null ? ' leaf' : ''}` }, n.leaf === null ? h('span', { class: 'ex-who' }, who) : null, body);
    const mark = answers && n.pruned ? h('span', { class: 'print-cut', title: 'pruned' }, '✂ pruned') : null;
    const prob = n.prob ? h('span', { class: 'ex-prob' }, `p ${n.prob}`) : null;
    return h('div', { class: `ex-n${off ? ' print-pruned' : ''}`, dataset: { node: i } }, prob, mark, box, n.children.length ? h('div', { class: 'ex-kids' }, n.children.map((c) => node(c, off))) : null);
  };
  return h('div', { class: 'exr-tree print-tree' }, node(0, false));
}

/** What the student is asked, in the exercise's words (the same as the worksheet's LaTeX). */
function task(e) {
  const p = e.params;
  if (p.chance) {
    const prunes = e.key.algo !== 'expectimax' ? ', and cross out each branch the search prunes' : '';
    return `Search the tree with ${e.key.algo}, children from left to right. Write each node's value in it, as an exact fraction (a node that stops early: the bound it returns, ≤ or ≥)${prunes}. Values are from MAX's view; leave the nodes the search never enters empty.`;
  }
  const win = p.windows ? ', the window (α, β) it is entered with beside it' : '';
  return `Search the tree with alpha-beta (fail-soft), children from left to right, ${p.root === 'min' ? 'MIN' : 'MAX'} moving at the root. Cut-off rule: ${e.rule}. Write each inner node's value in it (a node that stops early: the bound it returns, as ≤ 2 or ≥ 5)${win}, and cross out each branch the search prunes. Values are from MAX's view; leave the nodes the search never enters empty.`;
}

const paramsLine = (p) => `seed ${p.seed}, branching ${p.branching_min}–${p.branching_max}, depth ${p.depth}, values ${p.value_min} to ${p.value_max}, ordering ${p.ordering}${p.chance ? `, chance nodes (${p.algo})` : ''}`;

/** The two pages of exercise `e` (the core's `{params, tree, key, rule}`) with its `link`. */
export function worksheetPages(e, link) {
  const pruned = e.key.nodes.filter((n) => n.pruned).length;
  const foot = h('p', { class: 'print-link' }, 'The same exercise, graded node by node, in prunescope: ', h('span', { class: 'print-url' }, link));
  const sheet = h('section', { class: 'print-page', 'aria-label': 'Worksheet' },
    h('h2', null, 'Alpha-beta exercise', h('span', { class: 'print-name' }, 'Name: ______________________')),
    h('p', { class: 'print-params' }, paramsLine(e.params)),
    h('p', null, task(e)),
    tree(e, false),
    foot);
  const key = h('section', { class: 'print-page', 'aria-label': 'Answer key' },
    h('h2', null, 'Answer key', h('span', { class: 'print-name' }, 'For the teacher')),
    h('p', { class: 'print-params' }, paramsLine(e.params)),
    h('p', null, `The root's value is ${e.key.value} (MAX's view); the search enters ${e.key.visited} nodes and prunes ${pruned} branch${pruned === 1 ? '' : 'es'} (crossed out). Cut-off rule: ${e.rule}.`),
    tree(e, true),
    foot.cloneNode(true));
  return [sheet, key];
}

/** Puts the open exercise's worksheet and key in the print section and opens the browser's
 * print dialog; returns false (nothing to print) when no exercise is open. */
export function printWorksheet(app, link) {
  const e = app.state.exercise.exercise;
  if (!e) return false;
  let host = document.getElementById('print-sheet');
  if (!host) {
    host = h('div', { id: 'print-sheet', 'aria-hidden': 'true' });
    document.body.append(host);
  }
  host.replaceChildren(...worksheetPages(e, link));
  document.body.classList.add('printing-worksheet');
  const done = () => document.body.classList.remove('printing-worksheet');
  window.addEventListener('afterprint', done, { once: true });
  window.print();
  return true;
}
