// The node inspector: the path from the root and everything the trace says about one node of
// the driving trace, as DOM built from text nodes. Reads the state only; node links call
// `app.select(id)`.

import { $, h, span, renderKeyed } from '../dom.js';
import { NONE } from '../model/store.js';
import { GAME_SIDES } from '../model/games.js';
import { fmtInt, fmtValue, shownValue, viewWindow, minTurn } from '../model/format.js';
import { STOP_WORDS, chanceRule, chanceCutEvent, moverWords } from '../model/narrate.js';
import { stateAt, NODE_STATE as NS } from './draw/scene.js';
import { term } from './term.js';
import { NODE_TYPES, NODE_KINDS, ORDER_SOURCES, STOP_REASONS, PRUNE_REASONS, BOUNDS, NONE16, DEPTH_UNBOUNDED, STOP_REASONS_CODE as SR, BOUNDS_CODE, FLAG_FIELDS } from '../schema.js';

const TYPE = NODE_TYPES.map((t) => t.name.toUpperCase());
const KIND_WORDS = { normal: 'normal', null: 'null move', mc_probe: 'multi-cut probe', reduced: 'reduced (LMR)', lmr_research: 'LMR re-search', extended: 'extended (check)', quiescence: 'quiescence', chance: 'chance node', probe: 'probe (Star2: the branch’s first move only)' };
const ORDER_WORDS = { generated: 'generation order', tt: 'TT move', capture: 'capture (MVV/LVA)', killer: 'killer', refutation: 'refutation', history: 'history', previous_best: 'previous best' };

const rootSides = new WeakMap();

/** The side to move at ply 0 and 1: ['White', 'Black'] from a FEN; a two-player game's players
 * (['Solid', 'Ringed'], from the core's board at the root); ['MIN', 'MAX'] for a tree whose text
 * has the `min` header (MIN moves at the root), else ['MAX', 'MIN']. */
export function sideNames(trace) {
  const players = GAME_SIDES[trace.input?.kind];
  if (players) {
    // the root's side, asked of the core once per trace (the board's cache holds one node)
    let known = rootSides.get(trace);
    if (known?.generation !== trace.generation) {
      const side = trace.names?.gameView?.(NONE)?.side;
      known = { generation: trace.generation, side };
      if (side === 0 || side === 1) rootSides.set(trace, known);
    }
    const first = known.side === 1 ? 1 : 0;
    return [players[first], players[1 - first]];
  }
  const fen = trace.input?.kind === 'chess' ? trace.input.fen : null;
  if (!fen) return trace.minRoot ? ['MIN', 'MAX'] : ['MAX', 'MIN'];
  return fen.split(/\s+/)[1] !== 'b' ? ['White', 'Black'] : ['Black', 'White'];
}

/** `app`: { state, mode(), select(id) }. */
export function createInspector(app) {
  const { state } = app;

  const link = (id, text) => h('button', { class: 'link', dataset: { node: id }, onclick: () => app.select(id) }, text ?? `#${id}`);
  const typeTag = (t) => h('span', { class: `tt t${t}` }, term(TYPE[t], NODE_TYPES[t].name));

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

  /** The bound in words, from the chosen view: MAX's at a MIN node swaps lower and upper. */
  function boundRow(actual, turn, v) {
    const name = BOUNDS[actual]?.name;
    if (name === 'exact') return [term('exact', 'exact'), span('muted', ` — the true value is ${v}`)];
    const high = name === 'lower'; // fail-high for the side to move
    if (state.maxmin) {
      const atLeast = minTurn(turn) ? !high : high;
      const who = minTurn(turn) ? 'MIN' : 'MAX';
      return [
        term(atLeast ? 'lower bound' : 'upper bound', atLeast ? 'lower-bound' : 'upper-bound'),
        span('muted', ` — the true value is ${atLeast ? 'at least' : 'at most'} ${v} for MAX (`),
        term(high ? 'fail-high' : 'fail-low', high ? 'fail-high' : 'fail-low'),
        span('muted', ` for ${who}, the side to move)`),
      ];
    }
    return [
      term(high ? 'lower bound' : 'upper bound', high ? 'lower-bound' : 'upper-bound'),
      span('muted', ' ('),
      term(high ? 'fail-high' : 'fail-low', high ? 'fail-high' : 'fail-low'),
      span('muted', `) — the true value is ${high ? 'at least' : 'at most'} ${v} for the side to move`),
    ];
  }

  /** Why a node stopped, in the chosen view's words. */
  function reasonWords(reason, turn) {
    const name = STOP_REASONS[reason]?.name;
    if (name === 'beta_cutoff') {
      if (state.maxmin && minTurn(turn)) return term('α-cut-off', 'alpha-cutoff');
      return term('β-cut-off', 'beta-cutoff');
    }
    return term(STOP_WORDS[name] ?? name ?? '?', `reason:${name}`);
  }

  function rows(trace, id) {
    const st = trace.store;
    const names = trace.names;
    const chess = names.chess;
    const f = (v) => fmtValue(v, chess, trace.scale);
    const mm = state.maxmin;
    // a lesson shows only what it has taught (www/modes/learn.js `shows`): no negamax figures
    // beside the lesson's view, no window before lesson 2, no node types before lesson 3
    const teach = trace === state.explore.trace && state.learn.open && state.learn.lesson !== null ? state.learn.shows : null;
    const cur = state.finals || trace.cursor.live ? -1 : trace.cursor.at;
    const known = stateAt(st, id, cur);
    const exited = known === NS.RETURNED;
    const done = exited && st.finished(id);
    const ply = st.ply[id];
    const turn = st.turn[id];
    const p = st.parent[id];
    const out = [];
    const row = (k, ...v) => out.push(h('tr', null, h('th', null, k), h('td', null, ...v)));
    const multi = st.roots.length > 1;
    const ordinal = (n) => {
      const k = n + 1;
      return `${k}${k % 100 >= 11 && k % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' })[k % 10] ?? 'th'}`;
    };
    row('node', `#${id}`, multi ? span('muted', ` (root search ${st.roots.indexOf(st.rootOf(id)) + 1}, depth ${st.depth[st.rootOf(id)]})`) : null);
    row('parent', p === NONE ? span('muted', 'none (the root)') : link(p));
    // who moves: the trace's per-node `turn`, named by the game's sides where it has them
    // (chess, the small games); on a tree the narration's words (narrate.js moverWords), which
    // at a chance node say that nobody chooses, what it averages and who moves after it
    const named = trace.input?.kind === 'chess' || GAME_SIDES[trace.input?.kind];
    const side = named ? sideNames(trace)[ply & 1] : minTurn(turn) ? 'MIN' : 'MAX';
    const role = minTurn(turn) ? 'MIN' : 'MAX';
    const who = named ? `${side} to move` : moverWords(st, id);
    row(term('level', 'ply'), `ply ${ply}`, h('span', { class: 'muted', id: 'insp-mover' }, ` · ${who}${mm && side !== role ? ` · ${role}` : ''}`));
    if (p !== NONE) {
      const nul = st.isNull(id);
      row('move', names.move(id), span('muted', nul ? ' (the null move: the side to move passes)' : ` (the ${ordinal(st.index[id])} move the parent searched in its order)`));
    }
    row(term('depth left', 'depth-left'), st.depth[id] === DEPTH_UNBOUNDED ? '∞ (explicit tree: down to the leaves)' : String(st.depth[id]));
    const nk = NODE_KINDS[st.nodeKind(id)]?.name, os = ORDER_SOURCES[st.orderSource(id)]?.name;
    if (nk !== 'normal' || (p !== NONE && os !== 'generated')) row('kind', KIND_WORDS[nk] ?? nk ?? '?', p !== NONE && os !== 'generated' ? span('muted', ` · ordered by ${ORDER_WORDS[os] ?? os}`) : null);
    if (known === NS.NOT_ENTERED) {
      row('status', span('muted', 'not reached yet at this step'));
      return h('table', null, h('tbody', null, out));
    }
    const [a, b] = viewWindow(st.alpha[id], st.beta[id], turn, mm);
    if (teach?.windows !== false) row(
      term('window', 'window'),
      `(${f(a)}, ${f(b)})`,
      st.beta[id] - st.alpha[id] === 1 ? [' ', term('null window', 'nullwindow')] : null,
      mm && minTurn(turn) && !teach ? span('muted', ` · negamax (${f(st.alpha[id])}, ${f(st.beta[id])})`) : null,
    );
    row(
      'value',
      exited ? h('b', { id: 'insp-value' }, f(shownValue(st.value[id], turn, mm))) : [h('b', { id: 'insp-value' }, '?'), span('muted', ' not returned yet at this step')],
      exited && mm && minTurn(turn) && !teach ? span('muted', ` (negamax ${f(st.value[id])})`) : null,
      exited && st.reason[id] === SR.ABORTED ? span('muted', ' (stopped: not a result)') : null,
    );
    // a leaf of an explicit tree: its value is the problem's, exact whatever its window (as the
    // tree writes it, www/views/draw/labels.js `boundMark`); its type still says how it compares
    const givenLeaf = done && trace.input?.kind === 'tree' && st.nMoves[id] === 0 && st.reason[id] !== SR.ABORTED;
    const leafWords = () => [term('exact', 'exact'), span('muted', ` — a leaf: its value ${f(shownValue(st.value[id], turn, mm))} is given by the tree, whatever its window`)];
    if (givenLeaf && teach?.types === false) row('what it means', leafWords());
    else if (teach?.types === false) {
      // before lesson 3: a bound in plain words, no types
      const high = st.actual(id) === BOUNDS_CODE.LOWER;
      const atLeast = mm && minTurn(turn) ? !high : high;
      const v = f(shownValue(st.value[id], turn, mm));
      row('what it means', done ? (st.actual(id) === BOUNDS_CODE.EXACT ? 'exact' : `a bound: the true value is ${atLeast ? 'at least' : 'at most'} ${v}`) : '–');
    } else {
      row('what it means', givenLeaf ? leafWords() : done ? boundRow(st.actual(id), turn, f(shownValue(st.value[id], turn, mm))) : '–');
      row(term('expected type', 'expected'), typeTag(st.expected(id)));
      row(term('actual type', 'actual'), done ? [typeTag(st.actual(id)), st.expected(id) !== st.actual(id) ? [' ', term('≠ expected', 'mismatch')] : null] : span('muted', exited ? '–' : 'decided when it returns'));
    }
    // every flag a node shows, from the generated list (a new flag needs no line here)
    if (exited) for (const { name, bit } of FLAG_FIELDS) row(term(name.replace(/_/g, ' '), name), st.flag(id, bit) ? span('warn', 'yes') : 'no');
    row('why it stopped', exited ? reasonWords(st.reason[id], turn) : span('muted', 'still searching'));
    if (st.nMoves[id]) {
      const c = st.childStats(id);
      const extra = [
        c.researches ? `${c.researches} re-search${c.researches > 1 ? 'es' : ''}` : '',
        c.nulls ? `${c.nulls} null move` : '',
        c.probes ? `${c.probes} multi-cut probe${c.probes > 1 ? 's' : ''}` : '',
      ].filter(Boolean);
      const searched = exited ? c.searched : st.children(id).filter((k) => st.enterOf(k) <= cur || cur < 0).length;
      row('moves', String(st.nMoves[id]), span('muted', ` (${searched} searched${exited ? '' : ' so far'}${exited && extra.length ? ', ' + extra.join(', ') : ''})`));
    } else row('moves', st.lastChild[id] !== NONE ? ['0', span('muted', ` (${st.children(id).length} special children)`)] : '0');
    const bi = st.bestIndex[id];
    if (exited && bi !== NONE16) {
      const bc = st.childAtIndex(id, bi);
      row('best move', bc !== NONE ? link(bc, names.move(bc)) : '–', span('muted', ` (the ${ordinal(bi)} in the search order)`));
    } else row('best move', exited ? '–' : span('muted', 'not known yet'));
    // The best line ends here without reaching a leaf: NegaScout proved the value, not the line
    // (said only once the whole search is shown, as the summary says it).
    if (done && cur < 0 && trace.outcome?.summary?.line_proven_to === id) {
      row('best line', span('warn', `ends here: the value is proven; the line below node ${id} is not known to this search`));
    }
    const pruned = exited ? names.pruned(id) : [];
    if (pruned.length) {
      const base = chess ? null : st.pathCodes(id);
      const label = (m) => (base ? [...base, m.code].join('.') : m.name);
      const why = [...new Set(pruned.map((m) => m.reason))].map((r, i) => [i ? ', ' : '', r === 'beta_cutoff' || PRUNE_REASONS.some((x) => x.name === r) ? (r === 'beta_cutoff' ? reasonWords(SR.BETA_CUTOFF, turn) : term(STOP_WORDS[r] ?? r, `prune:${r}`)) : term(STOP_WORDS[r] ?? r, `reason:${r}`)]);
      const shown = pruned.slice(0, 12);
      row(
        term('pruned', 'pruned'),
        span('pruned-list', shown.map(label).join(', ') + (pruned.length > 12 ? ` … ${pruned.length - 12} more` : '')),
        span('muted', ` (${pruned.length} by `), why, span('muted', ')'),
      );
      // a chance node's cut-off: the bound that fired, Ballard's A_i or B_i
      const ce = st.reason[id] === SR.CHANCE_FAIL_LOW || st.reason[id] === SR.CHANCE_FAIL_HIGH ? chanceCutEvent(st, id) : -1;
      if (ce >= 0) row('bound that fired', h('span', { id: 'insp-chance-rule' }, chanceRule(st, id, ce, mm, chess, trace.scale)));
    } else row(term('pruned', 'pruned'), exited ? 'none' : '–');
    const ro = st.researchOf.get(id);
    if (ro !== undefined) row(term('re-search', 'research'), 'repeats ', link(ro), span('muted', ' with a wider window'));
    const rb = st.researchedBy.get(id);
    if (rb !== undefined && (cur < 0 || st.enterOf(rb) <= cur)) row('searched again as', link(rb));
    const kids = st.children(id).filter((k) => cur < 0 || st.enterOf(k) <= cur).length;
    row('children', String(kids), kids && exited ? span('muted', ` · subtree ${fmtInt(st.end(id) - id)} nodes`) : null);
    row('events', `entered at #${fmtInt(st.enterOf(id) + 1)}`, exited && st.exitEv[id] !== NONE ? ` · returned at #${fmtInt(st.exitEv[id] + 1)}` : '');
    return h('table', null, h('tbody', null, out));
  }

  return {
    render() {
      const mode = app.mode();
      const trace = mode.driver();
      const id = mode.shownNode();
      const key = `${trace.uid}|${trace.generation}|${trace.store.version}|${id}|${trace.cursor.live ? -1 : trace.cursor.at}|${state.maxmin}|${state.finals}|${trace.names.appended}|${state.learn.open && state.learn.lesson}`;
      renderKeyed($('path'), key, () => path(trace, id));
      renderKeyed($('inspector'), key, () => (id === NONE || id >= trace.store.n ? h('p', { class: 'muted' }, 'Click a node, or step through the search.') : rows(trace, id)));
    },
  };
}
