// Compare mode's result panels: both results side by side with their differences, the
// selected node in A and in B, and the nodes per ply as a uPlot bar chart. Reads the state
// only (uPlot is loaded by the composition root and handed in).

import { $, h, span, renderKeyed } from '../dom.js';
import { NONE } from '../model/store.js';
import { fmtInt, fmtValue, shownValue, compact } from '../model/format.js';
import { summaryValue, bestLine, chanceStopWords } from './summary.js';
import { STOP_WORDS, chanceRule, chanceCutEvent, moverWords } from '../model/narrate.js';
import { NODE_TYPES, STOP_REASONS, BOUNDS, STOP_REASONS_CODE as SR } from '../schema.js';

/** What the result panels say while a finished explicit tree is stepped short of its end. */
const HELD = 'Both results, their differences and the nodes per ply show at the end of the search: press End (⇥), or step to it. Until then each tree shows only what it has reached.';

const TYPE = NODE_TYPES.map((t) => t.name.toUpperCase());
const tag = (k) => span(`tag tag-${k.toLowerCase()}`, k);

/** `app`: { state, core, uPlot() → the uPlot class or null }. */
export function createComparePanels(app) {
  const { state, core } = app;
  let chart = null; // UI-local: the chart's handle and the data it last drew (a memo)
  let chartKey = '';

  function summary() {
    const c = state.compare;
    const { A, B } = c.sides;
    const d = c.diff;
    if (!A.store.n && !B.store.n && !A.running && !B.running) return h('p', { class: 'muted' }, 'Run a comparison to see both results side by side.');
    if (app.modes.compare.held()) return h('p', { id: 'cmp-held', class: 'muted' }, HELD);
    const chess = A.input?.kind === 'chess' || B.input?.kind === 'chess';
    // each side's values over its own exact-value scale (a chance search's fractions)
    const val = (s) => {
      const v = summaryValue(s.outcome?.summary);
      return v === null ? '–' : fmtValue(v, chess, s.scale);
    };
    /** Whether the two root values are the same number: as fractions, vA/sA = vB/sB. */
    const sameValue = () => summaryValue(A.outcome.summary) * B.scale === summaryValue(B.outcome.summary) * A.scale;
    // the chance searches' own stops (Star1/Star2): the chance cut-offs by the bound that fired
    // and Star2's probes, apart from the β-cut-offs, as the trace's reasons count them
    const chanceOf = (s) => chanceStopWords(s, stats(s));
    const anyChance = !!(A.config?.chance || B.config?.chance);
    const chanceCell = (s) => {
      const w = chanceOf(s);
      return w ? [h('b', { id: `cmp-chance-cutoffs-${s.name}` }, fmtInt(w.total)), w.split ? [h('br'), span('muted small', w.split)] : null] : stats(s) ? '–' : '…';
    };
    const stats = (s) => s.outcome?.stats ?? null;
    const cell = (s, fn) => (s.store.n ? fn(s) : '–');
    const delta = (a, b) => {
      if (a == null || b == null || !a) return '';
      const x = b - a;
      return [`${x > 0 ? '+' : x < 0 ? '−' : '±'}${fmtInt(Math.abs(x))}`, h('br'), `${x >= 0 ? '+' : '−'}${Math.abs((100 * x) / a).toFixed(1)}%`];
    };
    const row = (name, fa, fb, extra = '') => h('tr', null, h('th', null, name), h('td', null, cell(A, fa)), h('td', null, cell(B, fb)), h('td', { class: 'muted' }, extra));
    const sa = stats(A), sb = stats(B);
    const stat = (s, f) => (stats(s) ? f(stats(s)) : '…');
    const describe = (s) => {
      try {
        return s.config ? core.describe_config(s.config) : '–';
      } catch {
        return '?';
      }
    };
    const both = summaryValue(A.outcome?.summary) !== null && summaryValue(B.outcome?.summary) !== null;
    return [
      h('div', { class: 'cmp-configs' },
        h('div', null, tag('A'), ' ', h('span', { id: 'cmp-config-A' }, describe(A))),
        h('div', null, tag('B'), ' ', h('span', { id: 'cmp-config-B' }, describe(B)))),
      h('table', { class: 'cmp-table' }, h('tbody', null,
        h('tr', null, h('th'), h('th', null, tag('A')), h('th', null, tag('B')), h('th', { class: 'muted' }, 'B − A')),
        row('root value', (s) => h('b', { id: `cmp-value-${s.name}` }, val(s)), (s) => h('b', { id: `cmp-value-${s.name}` }, val(s)),
          both ? (sameValue() ? 'same' : span('warn', 'differ')) : ''),
        row('best move', (s) => bestLine(s.outcome?.summary, chess)[0] ?? '–', (s) => bestLine(s.outcome?.summary, chess)[0] ?? '–'),
        row('best line', (s) => span('line', bestLine(s.outcome?.summary, chess).join(' ') || '–'), (s) => span('line', bestLine(s.outcome?.summary, chess).join(' ') || '–')),
        row('nodes', (s) => h('b', { id: `cmp-nodes-${s.name}` }, fmtInt(s.store.n)), (s) => h('b', { id: `cmp-nodes-${s.name}` }, fmtInt(s.store.n)), delta(A.store.n || null, B.store.n || null)),
        [0, 1, 2].map((t) => row([span(`c-${TYPE[t].toLowerCase()}`, TYPE[t]), ' actual'], (s) => stat(s, (x) => fmtInt(x.actual[t])), (s) => stat(s, (x) => fmtInt(x.actual[t])), sa && sb ? delta(sa.actual[t], sb.actual[t]) : '')),
        row(anyChance ? 'β-cut-offs' : 'cut-offs', (s) => stat(s, (x) => h('span', { id: `cmp-cutoffs-${s.name}` }, fmtInt(x.cutoffs))), (s) => stat(s, (x) => h('span', { id: `cmp-cutoffs-${s.name}` }, fmtInt(x.cutoffs))), sa && sb ? delta(sa.cutoffs, sb.cutoffs) : ''),
        anyChance ? row('chance cut-offs', chanceCell, chanceCell, sa && sb ? delta(chanceOf(A)?.total ?? 0, chanceOf(B)?.total ?? 0) : '') : null,
        anyChance && (sa?.probes || sb?.probes) ? row('probes (Star2)', (s) => stat(s, (x) => fmtInt(x.probes ?? 0)), (s) => stat(s, (x) => fmtInt(x.probes ?? 0))) : null,
        row('first-move fail-high', (s) => stat(s, (x) => (x.cutoffs ? `${x.first_move_cutoff_pct.toFixed(1)}%` : '–')), (s) => stat(s, (x) => (x.cutoffs ? `${x.first_move_cutoff_pct.toFixed(1)}%` : '–'))),
        row('re-searches', (s) => stat(s, (x) => fmtInt(x.researches)), (s) => stat(s, (x) => fmtInt(x.researches))),
        row('time', (s) => (s.elapsedMs == null || s.source === 'file' ? '–' : `${fmtInt(s.elapsedMs)} ms`), (s) => (s.elapsedMs == null || s.source === 'file' ? '–' : `${fmtInt(s.elapsedMs)} ms`)),
      )),
      d
        ? [
            h('p', { class: 'cmp-match' }, 'matched by path: ', h('b', { id: 'cmp-both' }, fmtInt(d.both)), ' in both · ',
              h('b', { id: 'cmp-only-a', class: 'c-a' }, fmtInt(d.onlyA)), ' only in A · ', h('b', { id: 'cmp-only-b', class: 'c-b' }, fmtInt(d.onlyB)), ' only in B · ',
              h('b', { id: 'cmp-changed' }, fmtInt(d.changed)), ' in both with another value, bound or type ',
              span('muted', `(value ${fmtInt(d.changedValue)}, bound ${fmtInt(d.changedBound)}, type ${fmtInt(d.changedType)})`)),
            h('p', { class: 'muted small', id: 'cmp-time' }, c.timings ? `compared in ${c.timings.totalMs.toFixed(0)} ms (matching ${c.timings.diffMs.toFixed(0)} ms, layout ${c.timings.layoutMs.toFixed(0)} ms)` : ''),
          ]
        : h('p', { class: 'muted' }, A.running || B.running ? 'Searching…' : 'The node-by-node comparison appears when both traces are there.'),
    ];
  }

  function selection() {
    const c = state.compare;
    const { A, B } = c.sides;
    const d = c.diff;
    const a = c.selected.A, b = c.selected.B;
    if (a === NONE && b === NONE) return h('p', { class: 'muted' }, 'Click a node in either tree, or step through a search.');
    const ref = a !== NONE ? A : B;
    const id = a !== NONE ? a : b;
    const chess = ref.names.chess;
    const path = chess ? ref.names.path(id).join(' ') : ref.store.pathCodes(id).join('.');
    const mm = state.maxmin;
    // while the results are held back (an explicit tree's comparison before its end: issue 29
    // §3), each side's column shows only what its cursor has reached: a node's value, type and
    // subtree before its return would give the answer, and "not visited" what the other prunes
    const held = app.modes.compare.held();
    const NOT_YET = { visited: span('muted', 'not reached yet'), who: null, value: '–', bound: '–', actual: '–', expected: '–', reason: '–', fired: null, size: 0 };
    const col = (s, n, size) => {
      const at = held ? app.modes.compare.cursorFor(s.name).ev : Infinity;
      if (n === NONE) return held ? NOT_YET : { ...NOT_YET, visited: span('muted', 'not visited') };
      const S = s.store;
      if (held && !(at >= 0 && S.enterOf(n) <= at)) return NOT_YET;
      const done = S.finished(n) && S.exitEv[n] <= at;
      // each side's values over its own scale; at a chance cut-off, the bound that fired
      const f = (v) => fmtValue(v, chess, s.scale);
      const ce = done && (S.reason[n] === SR.CHANCE_FAIL_LOW || S.reason[n] === SR.CHANCE_FAIL_HIGH) ? chanceCutEvent(S, n) : -1;
      return {
        visited: [`#${n}`, S.isResearch(n) ? span('muted', ' (re-search)') : null],
        // who acts there, in the narration's words (a chance node says what it averages)
        who: chess ? null : [moverWords(S, n), s.probability(n) ? span('muted', ` · the branch into it has probability ${s.probability(n)}`) : null],
        fired: ce >= 0 ? h('span', { id: `cmp-fired-${s.name}` }, chanceRule(S, n, ce, mm, chess, s.scale)) : null,
        value: done ? h('span', { id: `cmp-sel-value-${s.name}` }, f(shownValue(S.value[n], S.turn[n], mm))) : '–',
        bound: done ? BOUNDS[S.actual(n)].name : '–',
        actual: done ? span(`tt t${S.actual(n)}`, TYPE[S.actual(n)]) : '–',
        expected: span(`tt t${S.expected(n)}`, TYPE[S.expected(n)]),
        reason: done ? STOP_WORDS[STOP_REASONS[S.reason[n]]?.name] ?? '?' : '–',
        size: size && !held ? size[n] : 0,
      };
    };
    const ca = col(A, a, d?.sizeA), cb = col(B, b, d?.sizeB);
    const diff = cb.size - ca.size;
    const bits = a !== NONE && d && !held ? d.changes[a] : 0;
    const ne = (bit) => (bits & bit ? span('warn', '≠') : '');
    const r = (k, x, y, z = '') => h('tr', null, h('th', null, k), h('td', null, x), h('td', null, y), h('td', { class: 'muted' }, z));
    return [
      h('div', { class: 'cmp-path' }, span('muted', 'path '), h('b', null, path || 'root')),
      // what the node is on each side, in the narration's words (a chance node: what it averages)
      ca.who || cb.who ? h('div', { class: 'cmp-who small' }, [['A', ca], ['B', cb]].map(([k, c]) => (c.who ? h('div', { id: `cmp-who-${k}` }, tag(k), ' ', c.who) : null))) : null,
      h('table', { class: 'cmp-table' }, h('tbody', null,
        h('tr', null, h('th'), h('th', null, tag('A')), h('th', null, tag('B')), h('th', { class: 'muted' }, 'B − A')),
        r('visited', ca.visited, cb.visited),
        r('value', ca.value, cb.value, ne(1)),
        r('bound', ca.bound, cb.bound, ne(2)),
        r('actual', ca.actual, cb.actual),
        r('expected', ca.expected, cb.expected, ne(4)),
        r('reason', ca.reason, cb.reason),
        ca.fired || cb.fired ? r('bound that fired', ca.fired ?? '–', cb.fired ?? '–') : null,
        r('subtree', h('b', { id: 'cmp-sub-A' }, d && !held ? fmtInt(ca.size) : '–'), h('b', { id: 'cmp-sub-B' }, d && !held ? fmtInt(cb.size) : '–'),
          d && !held ? h('b', { id: 'cmp-sub-diff' }, `${diff > 0 ? '+' : diff < 0 ? '−' : '±'}${fmtInt(Math.abs(diff))}`) : ''),
      )),
    ];
  }

  function renderChart() {
    const c = state.compare;
    const d = c.diff;
    const el = $('cmp-chart');
    const uPlot = app.uPlot();
    const held = app.modes.compare.held();
    const key = `${c.generation}|${!!d}|${state.theme.dark}|${!!uPlot}|${el.clientWidth}|${held}`;
    if (key === chartKey) return;
    chartKey = key;
    chart?.destroy();
    chart = null;
    if (!d || !uPlot || held) {
      el.replaceChildren(h('p', { class: 'muted' }, held ? 'Nodes per ply of A and B show at the end of the search.' : d ? 'Loading the chart…' : 'Nodes per ply of A and B appear here.'));
      return;
    }
    el.replaceChildren();
    const n = d.perPly.length;
    const xs = Array.from({ length: n }, (_, i) => i);
    const nz = (v) => (v > 0 ? v : null);
    const pal = state.theme.pal;
    const bars = (align) => uPlot.paths.bars({ size: [0.42, 48], align, gap: 1 });
    const axis = { stroke: pal.muted, grid: { stroke: pal.line }, ticks: { stroke: pal.line } };
    chart = new uPlot(
      {
        width: Math.max(200, Math.floor(el.clientWidth) || 300),
        height: 190,
        legend: { show: true, live: false },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: [-0.6, n - 0.4] },
          // log scale (the counts grow geometrically with the ply); from ½ so that one node shows
          y: { distr: 3, log: 10, range: (u, min, max) => [0.5, Math.max(10, (max ?? 1) * 2)] },
        },
        axes: [
          { ...axis, label: 'ply', size: 34, labelSize: 14, splits: () => xs, values: (u, vals) => vals.map((v) => String(v)), grid: { show: false } },
          { ...axis, size: 46, values: (u, vals) => vals.map((v) => (v == null || v < 1 ? '' : compact(v))) },
        ],
        series: [
          { label: 'ply' },
          { label: 'A', fill: pal.onlyA, stroke: pal.onlyA, width: 1, paths: bars(-1), points: { show: false }, value: (u, v) => (v == null ? '–' : fmtInt(v)) },
          { label: 'B', fill: pal.onlyB, stroke: pal.onlyB, width: 1, paths: bars(1), points: { show: false }, value: (u, v) => (v == null ? '–' : fmtInt(v)) },
        ],
      },
      [xs, d.perPly.map((p) => nz(p.left)), d.perPly.map((p) => nz(p.right))],
      el,
    );
  }

  return {
    render() {
      if (state.mode !== 'compare') return;
      const c = state.compare;
      const { A, B } = c.sides;
      const stamp = (s) => `${s.uid}.${s.generation}.${s.status}.${s.store.version}.${!!s.outcome}`;
      renderKeyed($('cmp-summary'), `${stamp(A)}|${stamp(B)}|${c.generation}|${!!c.diff}|${state.maxmin}|${app.modes.compare.held()}`, summary);
      // while held, the selection's columns follow the cursor (what each side has reached)
      const held = app.modes.compare.held();
      const at = held ? `${app.modes.compare.cursorFor('A').ev}.${app.modes.compare.cursorFor('B').ev}` : '';
      renderKeyed($('cmp-sel'), `${c.generation}|${c.selected.A}|${c.selected.B}|${state.maxmin}|${stamp(A)}|${stamp(B)}|${held}|${at}`, selection);
      renderChart();
    },
  };
}
