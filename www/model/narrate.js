// One plain-words line per event of the tape. No DOM. The words for codes are keyed by the
// schema's names (www/schema.js), never by code numbers.

import { NONE, EV } from './store.js';
import {
  INF, EVENTS, STOP_REASONS, STOP_REASONS_CODE as SR, NODE_TYPES, NULL_VERDICTS_CODE as NV, PRUNE_REASONS, BOUNDS_CODE,
  NONE16, CUTOFF_DESCRIPTIONS, NODE_KINDS_CODE as NK,
} from '../schema.js';
import { fmtValue, viewWindow, shownValue, plural, cap, fmtInt, minTurn } from './format.js';

const TYPE = NODE_TYPES.map((t) => t.name.toUpperCase());

/** Short words for a prune event's reason, by schema name. */
export const PRUNE_REASON_WORDS = { see: 'losing capture (SEE < 0)', uncertainty_cutoff: 'uncertainty cut-off' };

/** Short words for why a node stopped or a move was pruned, by stop- or prune-reason name. */
export const STOP_WORDS = {
  leaf: 'leaf', terminal: 'no legal moves', draw: 'draw by rule', repetition: 'repetition',
  all_moves: 'all moves', beta_cutoff: 'β-cut-off', aborted: 'search stopped', tt_cutoff: 'TT cut-off',
  null_move_cutoff: 'null-move cut-off', multi_cut: 'multi-cut', uncertainty_cutoff: 'uncertainty cut-off',
  stand_pat: 'stand pat', see: PRUNE_REASON_WORDS.see,
  // a chance cut-off by the limit that fired, with no relation: in MAX's view at a node where
  // MIN moves after the chance event a B_i cut reads "≤ −B_i" (narration, lesson 9)
  chance_fail_low: 'chance cut-off (by A_i)', chance_fail_high: 'chance cut-off (by B_i)', probe: 'probe',
};

/** Short name of each event kind for the step bar, by schema name. */
const EVENT_WORDS = {
  enter: 'enter', exit: 'exit', alpha_raised: 'α raised', cutoff: 'cut-off', research: 're-search',
  iteration: 'iteration', aborted: 'stopped', tt_hit: 'TT hit', null_verdict: 'null move', multi_cut: 'multi-cut',
  uncertainty_cutoff: 'uncertainty cut-off', aspiration_fail: 'aspiration fail', presearch: 'pre-search',
  zugzwang: 'zugzwang', prune: 'prune', chance_cutoff: 'chance cut-off',
};
export const eventName = (kind) => EVENT_WORDS[EVENTS[kind]?.name] ?? EVENTS[kind]?.name ?? '?';
/** Event `e`'s short name in the view's words, as its narration says it: in MAX/MIN view (`mm`)
 * a MIN node's α raised (negamax) is its β lowered. */
export function eventWord(st, e, mm) {
  const kind = st.ev[e];
  if (mm && kind === EV.ALPHA_RAISED && minTurn(st.turn[st.nodeOf(e)])) return 'β lowered';
  return eventName(kind);
}

/** What a node's bound means; `v` is the value as shown (MAX's view in MAX/MIN mode). */
function boundWords(actual, turn, mm, v) {
  if (actual === BOUNDS_CODE.EXACT) return 'exact, so it is a PV node';
  const side = mm ? (minTurn(turn) ? 'MIN' : 'MAX') : '';
  const high = actual === BOUNDS_CODE.LOWER; // fail-high for the side to move
  const atLeast = mm && minTurn(turn) ? !high : high;
  const what = `the true value is ${atLeast ? 'at least' : 'at most'} ${v}`;
  return `a fail-${high ? 'high' : 'low'}${side ? ' for ' + side : ''} (${what}), so it is ${high ? 'a CUT' : 'an ALL'} node`;
}

/**
 * The cut-off rule a search with configuration `config` follows, in words (issue 18 §3: the
 * quiz states it as the narration and the exercises do; the words are the core's,
 * `Cutoff::describe` through www/schema.js), or null for minimax, which cuts nothing. The
 * narration of a cut-off under the strict rule writes `>`/`<` and "(strict rule)" to match.
 */
export function cutoffRule(config) {
  if (!config || config.algo === 'minimax') return null;
  const rule = config.cutoff === 'strict' ? 'strict' : 'standard';
  return `Cut-off rule: ${rule} — ${CUTOFF_DESCRIPTIONS[rule]}.`;
}

/** The child whose exit the events just before `e` follow (exit, [alpha_raised], [cutoff]). */
function returnedChild(st, e) {
  let k = e - 1;
  while (k >= 0 && k > e - 5 && st.ev[k] !== EV.ENTER && st.ev[k] !== EV.EXIT) k--;
  return k >= 0 && st.ev[k] === EV.EXIT ? st.nodeOf(k) : NONE;
}

/** Before any event, in the embed view: it has no Start; its link's search runs by itself. */
export const EMBED_EMPTY = 'No events yet: this view steps through the search its link names (▶ and ◀ or play; the arrow keys and space work too). To search something else, use Open in prunescope ↗.';

/**
 * The narration of event `e`. `ctx`: { maxmin, chess, named (moves have names: chess or a
 * small game), name(id) → node name, move(id) → the
 * move into the node, moveName(code, id) → the name of a move of node `id` by code,
 * pruned(id) → number of moves the node pruned (the core's `pruned` list), embed (the page is
 * the embed view: no Start button) }.
 */
export function narrate(st, e, ctx) {
  // a lesson that has not taught node types yet (ctx.types === false, lessons 1-2) or windows
  // (ctx.windows === false, lesson 1) hears none of their words (docs/learn.md)
  if (ctx.types === false && (st.ev[e] === EV.ENTER || st.ev[e] === EV.EXIT)) return plainWords(st, e, ctx);
  if (e < 0 || e >= st.nev) return ctx.embed ? EMBED_EMPTY : 'No events yet. Press Start to search.';
  const kind = st.ev[e];
  const n = st.nodeOf(e);
  const f = (v) => fmtValue(v, ctx.chess, ctx.scale);
  const mm = ctx.maxmin;
  const win = (a, b, turn) => {
    const [x, y] = viewWindow(a, b, turn, mm);
    if (x <= -INF && y >= INF) return 'the full window (−∞, +∞)';
    return `window (${f(x)}, ${f(y)})`;
  };
  const val = (v, turn) => shownValue(v, turn, mm);
  switch (kind) {
    case EV.ENTER:
      return enterWords(st, n, ctx, win);
    case EV.EXIT:
      return exitWords(st, n, ctx, f, mm);
    case EV.ALPHA_RAISED: {
      const [oldA, newA] = st.auxOf(e);
      const c = returnedChild(st, e);
      const by = c !== NONE ? ` by move ${ctx.move(c)}` : '';
      const at = ctx.name(n);
      if (mm && minTurn(st.turn[n])) return `β at ${at} (MIN) lowered from ${f(-oldA)} to ${f(-newA)}${by}.`;
      return `α at ${at}${mm ? ' (MAX)' : ''} raised from ${f(oldA)} to ${f(newA)}${by}.`;
    }
    case EV.CUTOFF: {
      const [v, beta] = st.auxOf(e);
      const c = returnedChild(st, e);
      const rest = c !== NONE ? Math.max(0, st.nMoves[n] - st.index[c] - 1) : 0;
      const tail = rest ? `so the remaining ${plural(rest, 'move is', 'moves are')} pruned` : 'but no moves were left to prune';
      const by = c !== NONE ? ` by move ${ctx.move(c)}` : '';
      // the strict rule (CS188) cuts only when the bound is strictly passed: say which rule cut
      const [le, ge, rule] = ctx.strict ? ['<', '>', ' (strict rule)'] : ['≤', '≥', ''];
      if (mm && minTurn(st.turn[n])) return `α-cut-off at ${ctx.name(n)} (MIN)${by}: ${f(-v)} ${le} α = ${f(-beta)}${rule}, ${tail}.`;
      return `β-cut-off at ${ctx.name(n)}${by}: ${f(v)} ${ge} β = ${f(beta)}${rule}, ${tail}.`;
    }
    case EV.RESEARCH: {
      const c = e > 0 && st.ev[e - 1] === EV.EXIT ? st.nodeOf(e - 1) : NONE;
      if (c === NONE) return `Re-search at ${ctx.name(n)}.`;
      const v = -st.value[c];
      const a = st.alphaAt(n, e);
      const b = st.beta[n];
      const turn = st.turn[n];
      if (mm && minTurn(turn)) return `Re-search of ${ctx.name(c)} with ${win(v, b, turn)} because the scout returned ${f(-v)} < β = ${f(-a)}.`;
      return `Re-search of ${ctx.name(c)} with ${win(v, b, turn)} because the scout returned ${f(v)} > α = ${f(a)}.`;
    }
    case EV.ITERATION: {
      const [d] = st.auxOf(e);
      return d >= 10000 ? 'New root search.' : `Iteration: a new root search to depth ${d}.`;
    }
    case EV.ABORTED:
      return `The search stops here (node cap, memory budget or Stop) after ${fmtInt(st.nextEnter)} nodes.`;
    case EV.TT_HIT: {
      const [tv, packed, best] = st.auxOf(e, 3);
      const d = (packed << 24) >> 24; // the entry's depth, a signed byte (docs/trace-format.md)
      // the stored bound is the side to move's at this node: in MAX's view a MIN node's lower
      // bound is an upper bound, as every other bound the page shows (lesson 3)
      const code = (packed >> 8) & 3;
      const flip = mm && minTurn(st.turn[n]) && code !== 0;
      const b = ['exact', 'a lower bound', 'an upper bound'][flip ? 3 - code : code] ?? '?';
      // a win is stored counted from this node; the page counts every win from the root, as
      // the core reads the entry back (ctx.tableValue: the core's rule, through the Names handle)
      const read = ctx.tableValue?.(tv, st.ply[n]);
      const v = val(read ?? tv, st.turn[n]);
      const cut = packed & (1 << 12) ? ': enough to decide the node' : ': not enough to decide the node';
      const left = st.depth[n] > -128 && st.depth[n] < 127 ? ` (${plural(st.depth[n], 'ply is', 'plies are')} left here)` : '';
      const bm = (best & 0xffff) !== NONE16 && ctx.named ? `, best move ${ctx.moveName(best & 0xffff, n)}` : '';
      return `Transposition-table hit at ${ctx.name(n)}: stored value ${f(v)}${read == null ? ' (as stored, counted from this node)' : ''}, ${b}, searched to depth ${d}${left}${bm}${cut}.`;
    }
    case EV.NULL_VERDICT: {
      const [nv, beta, verdict] = st.auxOf(e, 3);
      // one point of view: the node's window as the tree shows it
      const rel = (ok) => (mm && minTurn(st.turn[n]) ? `${f(-nv)} ${ok ? '≤' : '>'} α = ${f(-beta)}` : `${f(nv)} ${ok ? '≥' : '<'} β = ${f(beta)}`);
      if (verdict === NV.CUTOFF) return `Null move at ${ctx.name(n)} returned ${rel(true)}: null-move cut-off.`;
      if (verdict === NV.VERIFY) return `Null move at ${ctx.name(n)} returned ${rel(true)}: verify by searching one ply shallower.`;
      return `Null move at ${ctx.name(n)} returned ${rel(false)}: no pruning, search the moves.`;
    }
    case EV.MULTI_CUT: {
      const [cuts, c, probes, decided] = st.auxOf(e, 4);
      return decided
        ? `Multi-cut at ${ctx.name(n)}: ${cuts} of ${probes} reduced probes failed high (C = ${c}), so the node is cut.`
        : `Multi-cut probe at ${ctx.name(n)}: ${cuts} of ${probes} probes failed high (C = ${c}): no cut, search normally.`;
    }
    case EV.UNCERTAINTY_CUTOFF: {
      const [tried, limit] = st.auxOf(e);
      return `Uncertainty cut-off at ${ctx.name(n)} after ${tried} moves (limit ${limit}): its remaining non-capture moves are skipped (captures are still searched) and the value is uncertain.`;
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
      const vs = mm && minTurn(st.turn[n]) ? `${f(-v)} vs α = ${f(-beta)}` : `${f(v)} vs β = ${f(beta)}`;
      return `Zugzwang suspected at ${ctx.name(n)}: the null move reached β, but the real moves, searched one ply shallower, did not (${vs}); the node is searched again at its full depth, which decides.`;
    }
    case EV.CHANCE_CUTOFF: {
      const [first, last] = chancePruned(st, n, e);
      const which = first > last ? 'no branch was left to prune' : first === last ? `branch ${first} is pruned` : `branches ${first}–${last} are pruned`;
      return `Chance cut-off at ${ctx.name(n)}: ${chanceRule(st, n, e, mm, false, ctx.scale)}, so ${which}.`;
    }
    case EV.PRUNE: {
      const [code, why] = st.auxOf(e);
      const what = ctx.named ? ctx.moveName(code, n) : `child ${code}`;
      return `${cap(what)} pruned at ${ctx.name(n)} without a search: ${PRUNE_REASON_WORDS[PRUNE_REASONS[why]?.name] ?? 'pruned'}.`;
    }
    default:
      return `Unknown event ${kind}.`;
  }
}

/** The `chance_cutoff` event of chance node `id` (between its enter and exit), or -1. */
export function chanceCutEvent(st, id) {
  const to = st.exitEv[id] === NONE ? st.nev : st.exitEv[id];
  for (let e = to - 1; e > st.enterOf(id); e--) if (st.ev[e] === EV.CHANCE_CUTOFF && st.nodeOf(e) === id) return e;
  return -1;
}

/** The child of chance node `id` whose return the chance cut-off event `e` follows, or NONE. */
function chanceBranch(st, id, e) {
  let c = NONE;
  st.forChildren(id, (k) => {
    if (st.enterOf(k) < e) c = k;
  });
  return c;
}

/**
 * The bound that pruned a chance node's remaining branches (event `chance_cutoff` `e`, aux
 * [value, bound, side]): "child 1 returned 3 ≥ B_1 = 5/2" (side 1, fail high) or "… ≤ A_1 = …"
 * (side 0). Children are numbered as the page's move labels and the CLI number them (from 0),
 * and the bound A_i or B_i by the branch just searched, as the CLI writes it. Negamax values
 * from the chance node's player; MAX's view at a node where MIN moves turns both signs and the
 * relation: "child 1 returned 2 ≤ 7 = −B_1".
 */
export function chanceRule(st, id, e, maxmin, chess, scale) {
  const [v, bound, high] = st.auxOf(e, 3);
  const f = (x) => fmtValue(x, chess, scale);
  const c = chanceBranch(st, id, e);
  const i = c === NONE ? '?' : String(st.code[c]);
  const name = high ? `B_${i}` : `A_${i}`;
  if (maxmin && minTurn(st.turn[id])) return `child ${i} returned ${f(-v)} ${high ? '≤' : '≥'} ${f(-bound)} = −${name}`;
  return `child ${i} returned ${f(v)} ${high ? '≥' : '≤'} ${name} = ${f(bound)}`;
}

/** The branches (numbered from 0, first…last) a chance cut-off (event `e` at chance node `id`)
 * pruned: those after the branch that just returned; first > last when none was left. */
export function chancePruned(st, id, e) {
  const c = chanceBranch(st, id, e);
  return [c === NONE ? 0 : st.code[c] + 1, st.nMoves[id] - 1];
}

/**
 * Who acts at node `id`, in the words the narration and the inspector share: "MAX to move" or
 * "MIN to move" at a decision node or leaf; at a chance node, that it is one and what it
 * averages — nobody chooses there: its value is the probability-weighted average of its
 * branches (Russell & Norvig's EXPECTIMINIMAX; Ballard's Star1/Star2 bound that average), and
 * the player who moves after the chance event is the chance node's own (a chance node's
 * children are its own player's, docs/trace-format.md "Who moves").
 */
export function moverWords(st, id) {
  const who = minTurn(st.turn[id]) ? 'MIN' : 'MAX';
  if (st.nodeKind(id) !== NK.CHANCE) return `${who} to move`;
  const n = st.nMoves[id];
  return `chance node: nobody chooses; its value is the average of its ${plural(n, 'branch', 'branches')}, each weighted by its probability w/S; ${who} moves after it`;
}

function enterWords(st, n, ctx, win) {
  const turn = st.turn[n];
  const exp = TYPE[st.expected(n)];
  if (st.nodeKind(n) === NK.CHANCE) return `Enter ${ctx.name(n)}, a ${moverWords(st, n)} (${exp} expected), with ${win(st.alpha[n], st.beta[n], turn)}.`;
  if (st.parent[n] === NONE) {
    const d = st.depth[n];
    return `Enter the root (${exp} expected) with ${win(st.alpha[n], st.beta[n], turn)}${d < 127 ? `, depth ${d}` : ''}.`;
  }
  const scout = st.beta[n] - st.alpha[n] === 1 ? ' — a null-window scout' : '';
  if (st.isResearch(n)) {
    const earlier = st.researchOf.get(n);
    return `Re-search ${ctx.name(n)} (${exp} expected) with ${win(st.alpha[n], st.beta[n], turn)}${earlier !== undefined ? ', after its scout' : ''}.`;
  }
  return `Enter ${ctx.name(n)} (${exp} expected) with ${win(st.alpha[n], st.beta[n], turn)}${scout}.`;
}

/** A node's name at the start of a sentence: "Node 1.0", "The root"; a chess move keeps its case ("exd5"). */
const capName = (who) => (/^(node|the root)\b/.test(who) ? cap(who) : who);

/**
 * The branches a chance node cut off by Ballard's bound had tried: their number (each branch
 * once, whether probed, searched or both) and whether it stopped in Star2's probing phase (its
 * children are all Star2 probes, node kind `probe`).
 */
function chanceBranchesTried(st, n) {
  const codes = new Set();
  let searched = false;
  st.forChildren(n, (c) => {
    codes.add(st.code[c]);
    if ((st.kind[c] & 15) !== NK.PROBE) searched = true;
  });
  return { tried: codes.size, probing: codes.size > 0 && !searched };
}

/** A chance cut-off in the plain words of lessons before node types: which bound, after what. */
function chanceStopWords(st, n) {
  const { tried, probing } = chanceBranchesTried(st, n);
  const of = `${tried} of ${plural(st.nMoves[n], 'branch', 'branches')}`;
  return probing ? `stops after probing ${of} (Star2’s probe bound fired)` : `stops after ${of} (Star1’s bound fired)`;
}

/**
 * Entering and leaving a node in a first lesson's words: no node types, no expected type, no
 * "fail high/low"; a bound said as "at most" / "at least" (MAX's view); the window only once
 * the lesson has taught it (ctx.windows).
 */
function plainWords(st, e, ctx) {
  const n = st.nodeOf(e);
  const turn = st.turn[n];
  const f = (v) => fmtValue(v, ctx.chess, ctx.scale);
  const who = ctx.name(n);
  const Who = capName(who);
  if (st.ev[e] === EV.ENTER) {
    if (ctx.windows === false) return `The search goes to ${who}.`;
    const [x, y] = viewWindow(st.alpha[n], st.beta[n], turn, true);
    return `The search goes to ${who}, with the window (${f(x)}, ${f(y)}).`;
  }
  const v = f(shownValue(st.value[n], turn, true));
  const b = st.actual(n);
  const lower = b === BOUNDS_CODE.LOWER;
  const atLeast = minTurn(turn) ? !lower : lower;
  const bound = b === BOUNDS_CODE.EXACT ? '' : `: a bound, its true value is ${atLeast ? 'at least' : 'at most'} ${v}`;
  // a node the node cap, the memory budget or Stop cut short has no result to speak of
  if (st.reason[n] === SR.ABORTED) return `${Who} stopped before it finished (value ${v} is not a result).`;
  if (st.lastChild[n] === NONE && st.reason[n] !== SR.BETA_CUTOFF) return `${Who} is a leaf: value ${v}.`;
  const done = st.childStats(n).searched;
  if (st.reason[n] === SR.BETA_CUTOFF) return `${Who} stops after ${done} of ${plural(st.nMoves[n], 'move', 'moves')} (a cut-off) and returns ${v}${bound}.`;
  if (st.nodeKind(n) === NK.CHANCE) {
    if (st.reason[n] === SR.CHANCE_FAIL_LOW || st.reason[n] === SR.CHANCE_FAIL_HIGH) return `${Who} ${chanceStopWords(st, n)} and returns ${v}${bound}.`;
    return `${Who} returns ${v}: a chance node, the average of its ${plural(done, 'branch', 'branches')}, each weighted by its probability${bound}.`;
  }
  const pick = minTurn(turn) ? 'MIN takes the smallest' : 'MAX takes the largest';
  return `${Who} returns ${v}: ${pick} of the values of its ${plural(done, 'child', 'children')}${bound}.`;
}

function exitWords(st, n, ctx, f, mm) {
  const turn = st.turn[n];
  const v = f(shownValue(st.value[n], turn, mm));
  const who = ctx.name(n);
  const mismatch = st.reason[n] !== SR.ABORTED && st.expected(n) !== st.actual(n) ? ` Expected ${TYPE[st.expected(n)]}, actually ${TYPE[st.actual(n)]}.` : '';
  const unc = st.uncertain(n) ? ' The value is uncertain.' : '';
  const bw = () => boundWords(st.actual(n), turn, mm, v);
  const skipped = () => {
    const k = ctx.pruned(n);
    return k ? ` Its ${plural(k, 'move is', 'moves are')} pruned.` : '';
  };
  const done = () => st.childStats(n).searched;
  switch (st.reason[n]) {
    case SR.LEAF:
      return ctx.named ? `Horizon at ${who}: static evaluation ${v}.${mismatch}` : `Leaf ${who}: value ${v}.${mismatch}`;
    case SR.TERMINAL:
      // a small game's end: three or four in a row, a full board, no object left
      if (ctx.named && !ctx.chess) return `Game over at ${who}: ${st.value[n] === 0 ? 'a draw' : st.value[n] > 0 ? 'the side to move has won' : 'the side to move has lost'}, value ${v}.${mismatch}`;
      return st.value[n] === 0 ? `Stalemate at ${who}: value 0.` : `Checkmate at ${who}: value ${v}.${mismatch}`;
    case SR.DRAW:
      return `Draw by rule at ${who}: value 0.${mismatch}`;
    case SR.REPETITION:
      return `Repetition at ${who}: value 0.${mismatch}`;
    case SR.ALL_MOVES: {
      // every move not pruned by a reason of its own (SEE, uncertainty): the core's list
      const k = ctx.pruned(n);
      const searched = k ? `${done()} of ${plural(st.nMoves[n], 'move', 'moves')} (${k} pruned)` : `all ${plural(st.nMoves[n], 'move', 'moves')}`;
      return `${capName(who)} returns ${v} after searching ${searched}: ${bw()}.${mismatch}${unc}`;
    }
    case SR.BETA_CUTOFF:
      return `${capName(who)} returns ${v} after ${done()} of ${plural(st.nMoves[n], 'move', 'moves')} (${mm && minTurn(turn) ? 'α' : 'β'}-cut-off): ${bw()}.${mismatch}${unc}`;
    case SR.CHANCE_FAIL_LOW:
    case SR.CHANCE_FAIL_HIGH: {
      const { tried, probing } = chanceBranchesTried(st, n);
      const how = probing ? `probing ${tried} of ${plural(st.nMoves[n], 'branch', 'branches')} (Star2’s probe phase: a chance cut-off)` : `${tried} of ${plural(st.nMoves[n], 'branch', 'branches')} (a chance cut-off)`;
      return `${capName(who)} returns ${v} after ${how}: ${bw()}.${mismatch}`;
    }
    case SR.ABORTED:
      return `${cap(who)} stopped before it finished (value ${v} is not a result).`;
    case SR.TT_CUTOFF:
      return `${cap(who)} decided by the transposition table without a search: value ${v}, ${bw()}.${skipped()}${mismatch}${unc}`;
    case SR.NULL_MOVE_CUTOFF:
      return `Null-move cut-off at ${who}: even passing the move keeps the value ${mm && minTurn(turn) ? '≤ α' : '≥ β'}, so it returns ${v} without searching its moves.${skipped()}${mismatch}${unc}`;
    case SR.MULTI_CUT:
      return `Multi-cut at ${who}: enough reduced probes failed high, so it returns ${v}.${skipped()}${mismatch}${unc}`;
    case SR.UNCERTAINTY_CUTOFF:
      return `Uncertainty cut-off at ${who} after ${done()} of ${plural(st.nMoves[n], 'move', 'moves')}: value ${v} is uncertain.${mismatch}`;
    case SR.STAND_PAT:
      return `Stand pat at ${who}: the static evaluation ${v} already reaches β.${skipped()}${mismatch}`;
    default:
      return `${capName(who)} returns ${v}.`;
  }
}

/** A value in words a screen reader says plainly: "infinity", "minus 3". */
function spoken(v, chess, scale) {
  return fmtValue(v, chess, scale).replace('+∞', 'infinity').replace('−∞', 'minus infinity').replace(/^−/, 'minus ');
}

/**
 * One node as the accessible tree announces it at event `e` (-1: at the end), in the
 * narration's words and showing only what the page shows at that event: "MIN node 1, window 3
 * to infinity, returned 2, cut-off". Its side (MAX/MIN view) and name, the window it was
 * entered with, then what it did by `e`: searching, cut off at this very event, or returned
 * (the value, and why it stopped: a leaf, all moves, a cut-off and the moves it pruned). A node
 * not entered by `e` is not described (null): the tree never shows what the search has not
 * reached. `ctx` as for narrate.
 */
export function nodeWords(st, id, e, ctx) {
  if (id === NONE || id >= st.n) return null;
  const at = e < 0 ? st.nev : e;
  if (st.enterOf(id) > at) return null;
  const turn = st.turn[id];
  const mm = ctx.maxmin;
  const f = (v) => spoken(v, ctx.chess, ctx.scale);
  // a chance node is neither player's choice: it says so (its values are still its player's)
  const chance = st.nodeKind(id) === NK.CHANCE;
  const side = mm ? (minTurn(turn) ? 'MIN ' : 'MAX ') : '';
  const nm = ctx.name(id).replace(/^the root$/, 'root');
  const parts = [chance ? (/^node /.test(nm) ? nm.replace(/^node /, 'chance node ') : `${nm}, a chance node`) : `${side}${nm}`];
  const [a, b] = viewWindow(st.alpha[id], st.beta[id], turn, mm);
  parts.push(a <= -INF && b >= INF ? 'full window' : `window ${f(a)} to ${f(b)}`);
  const x = st.exitEv[id];
  const returned = e < 0 ? st.exited(id) : x !== NONE && x <= at;
  const cutoff = () => {
    const k = ctx.pruned(id);
    return k ? `cut-off, ${plural(k, 'move', 'moves')} pruned` : 'cut-off';
  };
  if (!returned) {
    // at its cut-off event the page already shows what it pruned; before, nothing of it
    parts.push(e >= 0 && (st.ev[e] === EV.CUTOFF || st.ev[e] === EV.CHANCE_CUTOFF) && st.nodeOf(e) === id ? cutoff() : 'searching');
    return parts.join(', ');
  }
  parts.push(`returned ${f(shownValue(st.value[id], turn, mm))}`);
  const reason = st.reason[id];
  if (reason === SR.BETA_CUTOFF || reason === SR.CHANCE_FAIL_LOW || reason === SR.CHANCE_FAIL_HIGH) parts.push(cutoff());
  else if (reason === SR.ALL_MOVES) parts.push('all moves searched');
  else {
    const word = STOP_WORDS[STOP_REASONS[reason]?.name];
    if (word) parts.push(word);
  }
  return parts.join(', ');
}
