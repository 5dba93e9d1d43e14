// The node inspector: the path from the root and everything the trace says about one node of
// the driving trace, as DOM built from text nodes. Reads the state only; node links call
// `app.select(id)`.

import { $, h, span, renderKeyed } from '../dom.js';
import { NONE } from '../model/store.js';
import { fmtInt, fmtValue, shownValue, viewWindow } from '../model/format.js';
import { prunedMoves } from '../model/pruned.js';
import { STOP_WORDS } from '../model/narrate.js';
import { NODE_TYPES, NODE_KINDS, ORDER_SOURCES, STOP_REASONS, BOUNDS, NONE16, STOP_REASONS_CODE as SR } from '../schema.js';

const TYPE = NODE_TYPES.map((t) => t.name.toUpperCase());
const KIND_WORDS = { normal: 'normal', null: 'null move', mc_probe: 'multi-cut probe', reduced: 'reduced (LMR)', lmr_research: 'LMR re-search', extended: 'extended (check)', quiescence: 'quiescence' };
const ORDER_WORDS = { generated: 'generation order', tt: 'TT move', capture: 'capture (MVV/LVA)', killer: 'killer', refutation: 'refutation', history: 'history', previous_best: 'previous best' };
const BOUND_WORDS = { exact: 'exact', lower: 'lower (fail-high)', upper: 'upper (fail-low)' };

/** The side to move at ply 0 and 1: ['White', 'Black'] from a FEN, else ['MAX', 'MIN']. */
export function sideNames(trace) {
  const fen = trace.input?.kind === 'chess' ? trace.input.fen : null;
  if (!fen) return ['MAX', 'MIN'];
  return fen.split(/\s+/)[1] !== 'b' ? ['White', 'Black'] : ['Black', 'White'];
}

/** `app`: { state, mode(), select(id) }. */
export function createInspector(app) {
  const { state } = app;

  const link = (id, text) => h('button', { class: 'link', dataset: { node: id }, onclick: () => app.select(id) }, text ?? `#${id}`);
  const typeTag = (t) => span(`tt t${t}`, TYPE[t]);

  function path(trace, id) {
    if (id === NONE || id >= trace.store.n) return span('muted', '–');
    const names = trace.names.path(id);
    if (!trace.names.chess) return names.length ? ['root → ', names.map((x, i) => [i ? ' → ' : '', span('mv', x)])] : span('muted', 'the root');
    if (!names.length) return span('muted', 'the root position');
    const f = trace.input.fen.split(/\s+/);
    const startPly = f[1] === 'b' ? 1 : 0;
    const moveNo = Number(f[5]) || 1;
    return names.map((m, i) => {
      const p = i + startPly;
      const num = p % 2 === 0 ? span('mn', `${moveNo + p / 2}.`) : i === 0 ? span('mn', `${moveNo}…`) : null;
      return [num, span('mv', m), ' '];
    });
  }

  function rows(trace, id) {
    const st = trace.store;
    const names = trace.names;
    const chess = names.chess;
    const f = (v) => fmtValue(v, chess);
    const mm = state.maxmin;
    const exited = st.exited(id);
    const done = st.finished(id);
    const ply = st.ply[id];
    const p = st.parent[id];
    const out = [];
    const row = (k, ...v) => out.push(h('tr', null, h('th', null, k), h('td', null, ...v)));
    const multi = st.roots.length > 1;
    row('id', `#${id}`, multi ? span('muted', ` (root search ${st.roots.indexOf(st.rootOf(id)) + 1}, depth ${st.depth[st.rootOf(id)]})`) : null);
    row('parent', p === NONE ? span('muted', 'none (root)') : link(p));
    row('ply', String(ply), span('muted', ` (${sideNames(trace)[ply & 1]} to move${mm ? ` · ${ply & 1 ? 'MIN' : 'MAX'}` : ''})`));
    if (p !== NONE) {
      const nul = st.isNull(id);
      row('move', names.move(id), span('muted', nul ? ' (the null move: the side to move passes)' : ` (position ${st.index[id]} in the parent's move list)`));
    }
    row('depth left', st.depth[id] === 127 ? '∞ (explicit tree)' : String(st.depth[id]));
    const nk = NODE_KINDS[st.nodeKind(id)]?.name, os = ORDER_SOURCES[st.orderSource(id)]?.name;
    if (nk !== 'normal' || (p !== NONE && os !== 'generated')) row('kind', KIND_WORDS[nk] ?? nk ?? '?', p !== NONE && os !== 'generated' ? span('muted', ` · ordered by ${ORDER_WORDS[os] ?? os}`) : null);
    const [a, b] = viewWindow(st.alpha[id], st.beta[id], ply, mm);
    row('window', `(${f(a)}, ${f(b)})`, st.beta[id] - st.alpha[id] === 1 ? span('muted', ' null window') : null, mm && ply & 1 ? span('muted', ` negamax (${f(st.alpha[id])}, ${f(st.beta[id])})`) : null);
    const cur = trace.cursor.live ? -1 : trace.cursor.at;
    const later = exited && cur >= 0 && (st.exitEv[id] === NONE || st.exitEv[id] > cur);
    row(
      'value',
      exited ? h('b', null, f(shownValue(st.value[id], ply, mm))) : span('muted', 'open (not finished)'),
      exited && mm && ply & 1 ? span('muted', ` negamax ${f(st.value[id])}`) : null,
      exited && st.reason[id] === SR.ABORTED ? span('muted', ' (stopped: not a result)') : null,
      later ? span('muted', ` (returned later, at event ${fmtInt(st.exitEv[id] + 1)})`) : null,
    );
    row('bound', done ? BOUND_WORDS[BOUNDS[st.actual(id)].name] : '–');
    row('expected', typeTag(st.expected(id)));
    row('actual', done ? [typeTag(st.actual(id)), st.expected(id) !== st.actual(id) ? span('warn', ' ≠ expected') : null] : '–');
    row('uncertain', st.uncertain(id) ? span('warn', 'yes') : 'no');
    row('reason', exited ? STOP_WORDS[STOP_REASONS[st.reason[id]]?.name] ?? STOP_REASONS[st.reason[id]]?.name ?? '?' : '–');
    if (st.nMoves[id]) {
      const c = st.childStats(id);
      const extra = [
        c.researches ? `${c.researches} re-search${c.researches > 1 ? 'es' : ''}` : '',
        c.nulls ? `${c.nulls} null move` : '',
        c.probes ? `${c.probes} multi-cut probe${c.probes > 1 ? 's' : ''}` : '',
      ].filter(Boolean);
      row('moves', String(st.nMoves[id]), span('muted', ` (${c.searched} searched${extra.length ? ', ' + extra.join(', ') : ''})`));
    } else row('moves', st.lastChild[id] !== NONE ? ['0', span('muted', ` (${st.nChildren[id]} special children)`)] : '0');
    const bi = st.bestIndex[id];
    if (bi !== NONE16) {
      const bc = st.childAtIndex(id, bi);
      row('best move', `position ${bi}`, bc !== NONE ? [' → ', link(bc, names.move(bc))] : null);
    } else row('best move', '–');
    const pruned = prunedMoves(st, names, id);
    if (pruned.length) {
      const base = chess ? null : st.pathCodes(id);
      const label = (m) => (base ? [...base, m.code].join('.') : m.name);
      const why = [...new Set(pruned.map((m) => m.reason))].map((r) => (r === 'beta_cutoff' && mm && ply & 1 ? 'α-cut-off' : STOP_WORDS[r] ?? r));
      const shown = pruned.slice(0, 12);
      row(
        'pruned',
        span('pruned-list', shown.map(label).join(', ') + (pruned.length > 12 ? ` … ${pruned.length - 12} more` : '')),
        span('muted', ` (${pruned.length} by ${why.join(', ')})`),
      );
    } else row('pruned', exited ? 'none' : '–');
    const ro = st.researchOf.get(id);
    if (ro !== undefined) row('re-search of', link(ro), span('muted', ' (this repeats that search)'));
    const rb = st.researchedBy.get(id);
    if (rb !== undefined) row('re-searched as', link(rb));
    row('children', String(st.nChildren[id]), st.nChildren[id] ? span('muted', ` · subtree ${fmtInt(st.end(id) - id)} nodes`) : null);
    row('events', `enter #${fmtInt(st.enterEv[id] + 1)}`, st.exitEv[id] !== NONE ? ` · exit #${fmtInt(st.exitEv[id] + 1)}` : '');
    return h('table', null, h('tbody', null, out));
  }

  return {
    render() {
      const mode = app.mode();
      const trace = mode.driver();
      const id = mode.shownNode();
      const key = `${trace.uid}|${trace.generation}|${trace.store.version}|${id}|${trace.cursor.live ? -1 : trace.cursor.at}|${state.maxmin}|${trace.names.appended}`;
      renderKeyed($('path'), key, () => path(trace, id));
      renderKeyed($('inspector'), key, () => (id === NONE || id >= trace.store.n ? h('p', { class: 'muted' }, 'Click a node, or step through the search.') : rows(trace, id)));
    },
  };
}
