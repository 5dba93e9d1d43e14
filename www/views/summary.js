// Explore mode's summary: the result and the core's statistics of the trace (received with
// the search's end, from the file, or measured after Stop), or the running counts while it
// streams. Reads the state only.

import { $, h, span, renderKeyed } from '../dom.js';
import { fmtInt, fmtValue, fmtMs, mateOf, gameValueWords, shownValue } from '../model/format.js';
import { isGame } from '../model/games.js';
import { NONE, EV } from '../model/store.js';
import { lowerBound } from '../model/growable.js';
import { heldBack } from '../model/trace.js';

/** The root value a summary reports, or null when no root search finished. */
export function summaryValue(summary) {
  if (!summary) return null;
  if (summary.value === null || summary.value === undefined) return null;
  if (summary.aborted && !(summary.iterations ?? []).length) return null;
  return summary.value;
}

/** The best line of a summary: SAN for chess, child indices otherwise. */
/** Where the best line stops short (NegaScout proved the value without the line below a node:
 * `summary.line_proven_to`, docs/trace-format.md), in words; null when the line is whole. */
export function lineProofWords(summary) {
  const id = summary?.line_proven_to;
  return Number.isSafeInteger(id) ? `The value is proven; the line below node ${id} is not known to this search.` : null;
}

export function bestLine(summary, chess) {
  if (!summary) return [];
  return chess && summary.best_line_san?.length ? summary.best_line_san : summary.best_line ?? [];
}

const counts = (act, exp) =>
  h('table', { class: 'counts' }, h('tbody', null,
    h('tr', null, h('th'), h('th', { class: 'c-pv' }, 'PV'), h('th', { class: 'c-cut' }, 'CUT'), h('th', { class: 'c-all' }, 'ALL')),
    h('tr', null, h('th', null, 'actual'), act.map((v) => h('td', null, fmtInt(v)))),
    exp ? h('tr', null, h('th', null, 'expected'), exp.map((v) => h('td', null, fmtInt(v)))) : null,
  ));

/** How many of the sorted event indices `arr[0, n)` are ≤ e. */
const upTo = (m, e) => lowerBound(m.a, 0, m.n, e + 1);

/**
 * The chance cut-offs of a chance search's statistics (the core's `TraceStats`: nodes whose
 * reason is `chance_fail_low` or `chance_fail_high`, Ballard's A_i or B_i fired), in the words
 * of the CLI's summary (src/cli/chance.rs `stop_words`): counted apart from the β-cut-offs at
 * decision nodes, as the trace's stop reasons are. Null for any other search.
 */
export function chanceStopWords(t, stats) {
  if (!t.config?.chance || !stats) return null;
  const low = stats.chance_fail_low ?? 0, high = stats.chance_fail_high ?? 0;
  // the kinds that happened, by the bound that fired
  const split = [low ? `${fmtInt(low)} fail low (≤ A_i)` : '', high ? `${fmtInt(high)} fail high (≥ B_i)` : ''].filter(Boolean).join(', ');
  return { total: low + high, split, probes: stats.probes ?? 0 };
}

/** The cut-offs of a chance search by event `e`, split as its statistics are: β-cut-offs at
 * decision nodes and chance cut-offs (the store's cut-off marks hold both kinds). */
function cutsUpTo(st, e) {
  const m = st.marks.cutoff;
  let beta = 0, chance = 0;
  for (let k = 0; k < m.n && m.a[k] <= e; k++) st.ev[m.a[k]] === EV.CHANCE_CUTOFF ? chance++ : beta++;
  return { beta, chance };
}

/**
 * The summary while stepping, spoiler-free: only what the search knew at event `e` — the
 * nodes entered so far, the cut-offs and re-searches so far, and the root's value once a root
 * search returned.
 */
/** Words after a root value when MIN moves at the root (it is then shown from MAX's view). */
const minWords = (t, mm) => (t.minRoot ? span('muted', mm ? ' from MAX’s view (MIN at the root)' : ' for MIN, at the root (negamax)') : null);

function soFar(t, e, mm) {
  const st = t.store;
  const chess = t.input?.kind === 'chess';
  // node ids are entry order: the nodes entered by event e are those entered before e + 1
  const entered = Math.min(st.n, st.enteredBefore(Math.min(st.nev, e + 1)));
  let root = NONE;
  for (const r of st.roots) if (st.exitEv[r] !== NONE && st.exitEv[r] <= e) root = r;
  const cuts = t.config?.chance ? cutsUpTo(st, e) : null;
  return [
    h('div', { class: 'big' }, span('muted', 'root value '),
      h('b', { id: 'sum-value' }, root === NONE ? '?' : fmtValue(shownValue(st.value[root], st.turn[root], mm), chess, t.scale)),
      root === NONE ? null : minWords(t, mm),
      span('muted', root === NONE ? ' not known yet at this step' : ' (the last finished root search)')),
    h('dl', { class: 'kv' },
      h('dt', null, 'nodes'), h('dd', null, `${fmtInt(entered)} entered so far`),
      h('dt', null, 'cut-offs'), h('dd', null, fmtInt(cuts ? cuts.beta : upTo(st.marks.cutoff, e))),
      cuts ? [h('dt', null, 'chance cut-offs'), h('dd', { id: 'sum-chance-cutoffs' }, fmtInt(cuts.chance))] : null,
      h('dt', null, 're-searches'), h('dd', null, fmtInt(upTo(st.marks.research, e))),
    ),
    // an explicit tree's event total would tell how many nodes its search visits (heldBack)
    h('p', { class: 'muted', id: 'sum-hidden' }, `Step ${fmtInt(e + 1)}${heldBack(t) ? '' : ` of ${fmtInt(st.nev)}`}: the result and the statistics appear at the last step, or with “Final results”.`),
  ];
}

/** What a chess root value means: centipawns, or a mate (0 moves: the side to move is mated). */
function valueWords(v) {
  const m = mateOf(v);
  if (!m) return ' cp, side to move';
  if (m.moves === 0) return ' checkmate: the side to move has no moves and has lost';
  return m.winning ? ` the side to move mates in ${m.moves}` : ` the side to move is mated in ${m.moves}`;
}

/** An iteration's best move in SAN, as the best line is: from the last root search of its depth. */
function iterationBest(t, it) {
  const st = t.store;
  for (let k = st.roots.length - 1; k >= 0; k--) {
    const r = st.roots[k];
    if (st.depth[r] !== it.depth || st.exitEv[r] === NONE) continue;
    const c = st.bestIndex[r] !== 0xffff ? st.childAtIndex(r, st.bestIndex[r]) : NONE;
    return c !== NONE ? t.names.move(c) : null;
  }
  return null;
}

/** `app`: { state }. */
export function createSummary(app) {
  const { state } = app;

  function build(t) {
    const st = t.store;
    const out = t.outcome;
    if (!out) {
      if (!st.n) return h('p', { class: 'muted' }, 'Run a search to see its result.');
      const c = st.counts;
      return [
        h('p', { class: 'muted' }, `${t.running ? (t.status === 'opening' ? 'Opening' : 'Searching') : t.status === 'stopped' ? 'Stopped' : 'Partial trace'}: ${fmtInt(st.n)} nodes received.`),
        counts([c.pv, c.cut, c.all]),
        h('p', null, `${fmtInt(st.marks.cutoff.n)} cut-offs · ${fmtInt(st.marks.research.n)} re-searches · ${fmtInt(st.marks.mismatch.n)} mismatches`),
      ];
    }
    const cur = t.cursor;
    if (!state.finals && !cur.live && cur.at < st.nev - 1) return soFar(t, cur.at, state.maxmin);
    const s = out.summary ?? {};
    const stats = out.stats ?? {};
    const chess = t.input?.kind === 'chess';
    const f = (v) => fmtValue(v, chess, t.scale);
    const value = summaryValue(s);
    const line = bestLine(s, chess);
    const iters = chess && (s.iterations ?? []).length > 1 ? s.iterations : [];
    const kv = (k, ...v) => [h('dt', null, k), h('dd', null, ...v)];
    const chanceStops = chanceStopWords(t, out.stats);
    return [
      h('div', { class: 'big' }, span('muted', 'root value '),
        value === null
          ? [h('b', { id: 'sum-value' }, '–'), span('muted', ' no root search finished')]
          : [h('b', { id: 'sum-value' }, f(shownValue(value, t.store.rootTurn, state.maxmin))), chess ? span('muted', valueWords(value)) : isGame(t.input) ? span('muted', gameValueWords(value)) : minWords(t, state.maxmin)]),
      h('div', null, span('muted', 'best line '), h('span', { id: 'sum-line', class: 'line' }, line.length ? (chess ? line.join(' ') : 'root → ' + line.join(' → ')) : '–')),
      lineProofWords(s) ? h('p', { id: 'sum-line-proof', class: 'muted' }, lineProofWords(s)) : null,
      counts(stats.actual ?? [0, 0, 0], stats.expected ?? [0, 0, 0]),
      h('dl', { class: 'kv' },
        kv('nodes', fmtInt(stats.nodes ?? st.n), span('muted', ` (${fmtInt(stats.leaves ?? 0)} ${stats.leaves === 1 ? 'leaf' : 'leaves'})`)),
        kv('mismatches', fmtInt(stats.mismatched ?? 0), span('muted', ` (${(stats.mismatched_pct ?? 0).toFixed(1)}%)`)),
        kv('cut-offs', fmtInt(stats.cutoffs ?? 0), chanceStops ? span('muted', ' (β, at decision nodes)') : null),
        chanceStops ? [h('dt', null, 'chance cut-offs'), h('dd', { id: 'sum-chance-cutoffs' }, fmtInt(chanceStops.total), chanceStops.split ? span('muted', ` (${chanceStops.split})`) : null)] : null,
        chanceStops?.probes ? kv('probes', fmtInt(chanceStops.probes), span('muted', ' (Star2: stopped after the first move)')) : null,
        kv('first-move fail-high', stats.cutoffs ? `${(stats.first_move_cutoff_pct ?? 0).toFixed(1)}%` : '–'),
        kv('re-searches', fmtInt(stats.researches ?? 0)),
        kv('time', t.source === 'file' ? span('muted', '– (opened from a file)') : t.elapsedMs !== null ? fmtMs(t.elapsedMs) : '–'),
      ),
      iters.length
        ? h('table', { class: 'iters' }, h('tbody', null,
            h('tr', null, ['depth', 'value', 'best', 'nodes', 'EBF'].map((x) => h('th', null, x))),
            iters.map((it, i) => h('tr', null,
              h('td', null, String(it.depth)), h('td', null, f(it.value)), h('td', null, iterationBest(t, it) ?? it.best_move ?? '–'),
              h('td', null, fmtInt(it.nodes)), h('td', null, stats.iterations?.[i]?.ebf ? stats.iterations[i].ebf.toFixed(1) : '–'))),
          ))
        : null,
      s.aborted ? h('p', { class: 'warn' }, t.status === 'stopped' ? 'Stopped before the search finished.' : 'Stopped by the node cap.') : null,
    ];
  }

  return {
    render() {
      const t = state.explore.trace;
      const key = `${t.uid}|${t.generation}|${state.maxmin}|${t.status}|${t.store.version}|${!!t.outcome}|${t.elapsedMs}|${state.finals}|${t.cursor.live ? -1 : t.cursor.at}`;
      renderKeyed($('summary'), key, () => build(t));
    },
  };
}
