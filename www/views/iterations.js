// Explore's iterative-deepening card: pick a root search and see where it started each node
// with the move earlier iterations stored (the transposition table's best move, the previous
// best root move), and whether that guess was right or wrong (www/model/guesses.js); the tree
// marks the same nodes (✓ / ✗). Reads the state only; the picker and links act through `app`.

import { $, h, span, renderKeyed } from '../dom.js';
import { fmtInt } from '../model/format.js';
import { guessesIn } from '../model/guesses.js';
import { term } from './term.js';

const SHOWN = 12;

/** `app`: { state, modes: { explore }, select(id) }. */
export function createIterations(app) {
  const { state } = app;
  const ex = state.explore;
  let cache = { key: '', g: null }; // UI-local: a memo of the guesses, keyed by the state it read

  /** The guesses of the chosen root search (cached), or null when there is nothing to show. */
  function current() {
    const t = ex.trace;
    const st = t.store;
    if (t.running || st.roots.length < 2 || !$('id-card').open) return null;
    const k = ex.iteration >= 1 && ex.iteration < st.roots.length ? ex.iteration : st.roots.length - 1;
    const key = `${t.uid}|${t.generation}|${st.version}|${k}`;
    if (cache.key !== key) cache = { key, g: { k, ...guessesIn(st, k) } };
    return cache.g;
  }

  function build(t, g) {
    const st = t.store;
    if (!g) {
      return h('p', { class: 'muted' }, st.roots.length < 2 ? 'One root search only: switch on iterative deepening (and the transposition table) to see what each iteration hands the next.' : 'The search is still running.');
    }
    const right = g.list.filter((x) => x.right).length;
    const pick = h('select', { id: 'id-iteration', 'aria-label': 'Root search', onchange: (e) => app.modes.explore.setIteration(Number(e.target.value)) }, st.roots.slice(1).map((r, i) => h('option', { value: i + 1, selected: i + 1 === g.k }, `root search ${i + 2} (depth ${st.depth[r]})`)));
    const name = (id) => (id === undefined || id === 0xffffffff ? '–' : t.names.move(id));
    return [
      h('label', { class: 'field' }, 'Iteration ', pick),
      h('p', { id: 'id-counts' },
        g.list.length
          ? [`${fmtInt(g.list.length)} nodes started with a stored move: `, span('ok', `${fmtInt(right)} right`), ', ', span('err', `${fmtInt(g.list.length - right)} wrong`), ` (${((100 * right) / g.list.length).toFixed(0)}%).`]
          : 'No node started with a stored move: switch on the transposition table.'),
      g.list.length
        ? h('table', { class: 'id-list' }, h('tbody', null,
            h('tr', null, h('th', null, 'node'), h('th', null, [term('TT', 'tt'), ' guess']), h('th', null, 'best'), h('th', null, '')),
            g.list.slice(0, SHOWN).map((x) => h('tr', { class: x.right ? 'right' : 'wrong' },
              h('td', null, h('button', { class: 'link', onclick: () => app.select(x.id) }, st.parent[x.id] === 0xffffffff ? 'root' : `#${x.id}`)),
              h('td', null, name(x.guess)), h('td', null, name(x.best)), h('td', null, x.right ? '✓' : '✗'))),
          ))
        : null,
      g.list.length > SHOWN ? h('p', { class: 'muted' }, `… and ${fmtInt(g.list.length - SHOWN)} more, marked ✓ / ✗ in the tree.`) : null,
    ];
  }

  return {
    /** The marks the tree draws (Map id → right/wrong) or null. */
    marks: () => current()?.marks ?? null,
    render() {
      const t = ex.trace;
      const g = current();
      renderKeyed($('id-body'), `${cache.key}|${!!g}|${t.running}|${t.store.roots.length}|${$('id-card').open}`, () => build(t, g));
    },
  };
}
