// One plain-words line per event of the tape.

import { NONE, EV, TYPES, INF, PRUNE_EVENT_WHY } from './store.js';
import { codeSquares } from './labels.js';
import { fmtValue, viewWindow, maxSign } from './render.js';

/** What a node's bound means; `v` is the value as shown (MAX's view in MAX/MIN mode). */
function boundWords(actual, ply, mm, v) {
  if (actual === 0) return 'exact, so it is a PV node';
  const side = mm ? (ply & 1 ? 'MIN' : 'MAX') : '';
  const high = actual === 1; // fail-high for the side to move
  const atLeast = mm && ply & 1 ? !high : high;
  const what = `the true value is ${atLeast ? 'at least' : 'at most'} ${v}`;
  return `a fail-${high ? 'high' : 'low'}${side ? ' for ' + side : ''} (${what}), so it is ${high ? 'a CUT' : 'an ALL'} node`;
}

/** The child whose exit the events just before `e` follow (exit, [alpha_raised], [cutoff]). */
function returnedChild(st, e) {
  let k = e - 1;
  while (k >= 0 && k > e - 5 && st.ev[k] !== EV.ENTER && st.ev[k] !== EV.EXIT) k--;
  return k >= 0 && st.ev[k] === EV.EXIT ? st.evNode[k] : NONE;
}

/** UCI text of a chess move code, or the child index of a tree. */
function codeName(code, chess) {
  if (!chess) return `child ${code}`;
  if (code === 0xffff) return 'the null move';
  const sq = codeSquares(code);
  const promo = ['', '', 'n', 'b', 'r', 'q'][(code >> 12) & 7] || '';
  return sq ? sq.join('') + promo : '?';
}

const NUM = new Intl.NumberFormat('en-US');
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n, one, many) => `${NUM.format(n)} ${n === 1 ? one : many}`;

/**
 * The narration of event `e`. `ctx`: { maxmin, chess, name(id) → node name, move(id) → the
 * move into the node }.
 */
export function narrate(st, e, ctx) {
  if (e < 0 || e >= st.nev) return 'No events yet. Press Start to search.';
  const kind = st.ev[e];
  const n = st.evNode[e];
  const f = (v) => fmtValue(v, ctx.chess);
  const mm = ctx.maxmin;
  const win = (a, b, ply) => {
    const [x, y] = viewWindow(a, b, ply, mm);
    if (x <= -INF && y >= INF) return 'the full window (−∞, +∞)';
    return `window (${f(x)}, ${f(y)})`;
  };
  const val = (v, ply) => (mm ? maxSign(ply) * v : v);
  switch (kind) {
    case EV.ENTER: {
      const ply = st.ply[n];
      const exp = TYPES[st.expected(n)];
      if (st.parent[n] === NONE) {
        const d = st.depth[n];
        return `Enter the root (${exp} expected) with ${win(st.alpha[n], st.beta[n], ply)}${d < 127 ? `, depth ${d}` : ''}.`;
      }
      const scout = st.beta[n] - st.alpha[n] === 1 ? ' — a null-window scout' : '';
      if (st.isResearch(n)) {
        const earlier = st.researchOf.get(n);
        return `Re-search ${ctx.name(n)} (${exp} expected) with ${win(st.alpha[n], st.beta[n], ply)}${earlier !== undefined ? `, after its scout search #${earlier}` : ''}.`;
      }
      return `Enter ${ctx.name(n)} (${exp} expected) with ${win(st.alpha[n], st.beta[n], ply)}${scout}.`;
    }
    case EV.EXIT: {
      const ply = st.ply[n];
      const v = f(val(st.value[n], ply));
      const who = ctx.name(n);
      const mismatch =
        st.reason[n] !== 6 && st.expected(n) !== st.actual(n)
          ? ` Expected ${TYPES[st.expected(n)]}, actually ${TYPES[st.actual(n)]}.`
          : '';
      const unc = st.flags[n] & 16 ? ' The value is uncertain.' : '';
      switch (st.reason[n]) {
        case 0:
          return ctx.chess
            ? `Horizon at ${who}: static evaluation ${v}.${mismatch}`
            : `Leaf ${who}: value ${v}.${mismatch}`;
        case 1:
          return st.value[n] === 0
            ? `Stalemate at ${who}: value 0.`
            : `Checkmate at ${who}: value ${v}.${mismatch}`;
        case 2:
          return `Draw by rule at ${who}: value 0.${mismatch}`;
        case 3:
          return `Repetition at ${who}: value 0.${mismatch}`;
        case 4: {
          const m = st.nMoves[n];
          return `Leave ${who} with value ${v} after searching all ${plural(m, 'move', 'moves')}: ${boundWords(st.actual(n), ply, mm, v)}.${mismatch}${unc}`;
        }
        case 5: {
          const done = st.nMoves[n] - st.prunedIndices(n).length;
          return `Leave ${who} with value ${v} after ${done} of ${plural(st.nMoves[n], 'move', 'moves')} (${mm && ply & 1 ? 'α' : 'β'}-cut-off): ${boundWords(st.actual(n), ply, mm, v)}.${mismatch}${unc}`;
        }
        case 6:
          return `${cap(who)} stopped by the node cap before it finished (value ${v} is not a result).`;
        case 7:
          return `${cap(who)} decided by the transposition table without a search: value ${v}, ${boundWords(st.actual(n), ply, mm, v)}.${mismatch}${unc}`;
        case 8:
          return `Null-move cut-off at ${who}: even passing the move keeps the value ≥ β, so it returns ${v} without searching its moves.${mismatch}${unc}`;
        case 9:
          return `Multi-cut at ${who}: enough reduced probes failed high, so it returns ${v}.${mismatch}${unc}`;
        case 10: {
          const done = st.nMoves[n] - st.prunedIndices(n).length;
          return `Uncertainty cut-off at ${who} after ${done} of ${plural(st.nMoves[n], 'move', 'moves')}: value ${v} is uncertain.${mismatch}`;
        }
        case 11:
          return `Stand pat at ${who}: the static evaluation ${v} already reaches β.${mismatch}`;
        default:
          return `Leave ${who} with value ${v}.`;
      }
    }
    case EV.ALPHA: {
      const [oldA, newA] = st.auxOf(e);
      const c = returnedChild(st, e);
      const by = c !== NONE ? ` by move ${ctx.move(c)}` : '';
      const at = ctx.name(n);
      if (mm && st.ply[n] & 1) return `β at ${at} (MIN) lowered from ${f(-oldA)} to ${f(-newA)}${by}.`;
      return `α at ${at}${mm ? ' (MAX)' : ''} raised from ${f(oldA)} to ${f(newA)}${by}.`;
    }
    case EV.CUTOFF: {
      const [v, beta] = st.auxOf(e);
      const c = returnedChild(st, e);
      const rest = c !== NONE ? Math.max(0, st.nMoves[n] - st.index[c] - 1) : 0;
      const tail = rest
        ? `so the remaining ${plural(rest, 'move is', 'moves are')} pruned`
        : 'but no moves were left to prune';
      const by = c !== NONE ? ` by move ${ctx.move(c)}` : '';
      if (mm && st.ply[n] & 1) return `α-cut-off at ${ctx.name(n)} (MIN)${by}: ${f(-v)} ≤ α = ${f(-beta)}, ${tail}.`;
      return `β-cut-off at ${ctx.name(n)}${by}: ${f(v)} ≥ β = ${f(beta)}, ${tail}.`;
    }
    case EV.RESEARCH: {
      const c = e > 0 && st.ev[e - 1] === EV.EXIT ? st.evNode[e - 1] : NONE;
      if (c === NONE) return `Re-search at ${ctx.name(n)}.`;
      const v = -st.value[c];
      const a = st.alphaAt(n, e);
      const b = st.beta[n];
      const ply = st.ply[n];
      if (mm && ply & 1) {
        return `Re-search of ${ctx.name(c)} with ${win(v, b, ply)} because the scout returned ${f(-v)} < β = ${f(-a)}.`;
      }
      return `Re-search of ${ctx.name(c)} with ${win(v, b, ply)} because the scout returned ${f(v)} > α = ${f(a)}.`;
    }
    case EV.ITERATION: {
      const [d] = st.auxOf(e);
      return d >= 10000 ? 'New root search.' : `Iteration: a new root search to depth ${d}.`;
    }
    case EV.ABORTED:
      return `Node cap reached: the search stops after ${NUM.format(st.nextEnter)} nodes.`;
    case EV.TT_HIT: {
      const [tv, packed, best] = st.auxOf(e, 3);
      const d = packed & 0xff;
      const b = ['exact', 'a lower bound', 'an upper bound'][(packed >> 8) & 3] ?? '?';
      const cut = packed & (1 << 12) ? ': enough to decide the node' : ': not enough to decide the node';
      const bm = (best & 0xffff) !== 0xffff && ctx.chess ? `, best move ${codeName(best & 0xffff, true)}` : '';
      return `Transposition-table hit at ${ctx.name(n)}: stored value ${f(val(tv, st.ply[n]))} (${b}, depth ${d}${bm})${cut}.`;
    }
    case EV.NULL_VERDICT: {
      const [nv, beta, verdict] = st.auxOf(e, 3);
      if (verdict === 1) return `Null move at ${ctx.name(n)} returned ${f(nv)} ≥ β = ${f(beta)}: null-move cut-off.`;
      if (verdict === 2) return `Null move at ${ctx.name(n)} returned ${f(nv)} ≥ β = ${f(beta)}: verify by searching one ply shallower.`;
      return `Null move at ${ctx.name(n)} returned ${f(nv)} < β = ${f(beta)}: no pruning, search the moves.`;
    }
    case EV.MULTI_CUT: {
      const [cuts, c, probes, decided] = st.auxOf(e, 4);
      return decided
        ? `Multi-cut at ${ctx.name(n)}: ${cuts} of ${probes} reduced probes failed high (C = ${c}), so the node is cut.`
        : `Multi-cut probe at ${ctx.name(n)}: ${cuts} of ${probes} probes failed high (C = ${c}): no cut, search normally.`;
    }
    case EV.UNCERTAINTY_CUTOFF: {
      const [tried, limit] = st.auxOf(e);
      return `Uncertainty cut-off at ${ctx.name(n)} after ${tried} moves (limit ${limit}): the remaining moves are skipped and the value is uncertain.`;
    }
    case EV.ASPIRATION_FAIL: {
      const [a, b, v] = st.auxOf(e, 3);
      return `Aspiration window (${f(a)}, ${f(b)}) failed ${v <= a ? 'low' : 'high'} with ${f(v)}: the root is searched again with a wider window.`;
    }
    case EV.PRESEARCH: {
      const [d0, d1, it] = st.auxOf(e, 3);
      return `Pre-search at ${ctx.name(n)}: depth raised from ${d0} to ${d1} (a deeper transposition-table entry from iteration ${it}).`;
    }
    case EV.ZUGZWANG: {
      const [v, beta] = st.auxOf(e);
      return `Zugzwang suspected at ${ctx.name(n)}: the verified null-move search failed (${f(v)} vs β = ${f(beta)}), so it searches again at the original depth.`;
    }
    case EV.PRUNE: {
      const [code, why] = st.auxOf(e);
      return `${cap(codeName(code, ctx.chess))} pruned at ${ctx.name(n)} without a search: ${PRUNE_EVENT_WHY[why] ?? 'pruned'}.`;
    }
    default:
      return `Unknown event ${kind}.`;
  }
}

/** Short name of an event kind for the step bar. */
export const EVENT_NAMES = [
  'enter', 'exit', 'α raised', 'cut-off', 're-search', 'iteration', 'aborted', 'TT hit',
  'null move', 'multi-cut', 'uncertainty cut-off', 'aspiration fail', 'pre-search', 'zugzwang',
  'prune',
];
