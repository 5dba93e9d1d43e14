// A lesson's pauses as quiz questions (www/learn/lessons.js says what each kind asks): each is
// built from the finished trace of the lesson's search — the node it is about, the event the
// cursor stops at while the question is open (`gate`), the event the answer reveals (`ev`), and
// the right answer, read from the core's records and events, never computed by a second search.
// The quiz card (www/panels/quiz.js) shows them like its own questions. No DOM.

import { NONE, EV } from '../model/store.js';
import { GAME_SIDES } from '../model/games.js';
import { EVENTS, NULL_VERDICTS_CODE as NV, NODE_KINDS_CODE as NK, NODE_TYPES, BOUNDS_CODE, STOP_REASONS_CODE as SR } from '../schema.js';
import { shownValue, viewWindow, fmtValue, gameValueWords, cap } from '../model/format.js';
import { valueQuestion, numbersQuestion, choiceQuestion } from '../model/grading.js';
import { chanceRule, chanceCutEvent as chanceCut } from '../model/narrate.js';

/** The small games' players as the lessons name them (tic-tac-toe's marks; Connect Four's
 * discs, as the board draws them: the first player's solid, the second's ringed). */
const SIDES = GAME_SIDES;

/** A lesson that cannot be prepared on its trace (a wrong path, a missing event): an author's error. */
export class LessonError extends Error {}

const YES_NO = [{ key: 'y', label: 'Yes' }, { key: 'n', label: 'No' }];
const TYPE = NODE_TYPES.map((t) => t.name.toUpperCase());
const eventCode = (name) => {
  const e = EVENTS.find((x) => x.name === name);
  if (!e) throw new LessonError(`unknown event ${name}`);
  return e.code;
};

/**
 * The relation of a node's value to its true value, from MAX's view: '=' (exact), '≤' or '≥'
 * (AIMA's "≤ 2" for a node cut off). The store's bound is the side to move's; a MIN node (odd
 * ply) sees it mirrored.
 */
export function relation(st, n) {
  const b = st.actual(n);
  if (b === BOUNDS_CODE.EXACT) return '=';
  const lower = b === BOUNDS_CODE.LOWER;
  return lower !== Boolean(st.turn[n] & 1) ? '≥' : '≤';
}

/**
 * A lesson's parts, each one prepared search with its questions: the lesson itself
 * ({ setup, pauses, closing }), then its `parts` in order (a second position within the same
 * lesson: lesson 1's tic-tac-toe, lesson 7's Connect Four). Each part but the last may end
 * without a closing question.
 */
export const lessonParts = (lesson) => [lesson, ...(lesson.parts ?? [])];

/** A part's question specs: its pauses, then its closing (if it has one). */
const specsOf = (part) => [...part.pauses, ...(part.closing ? [part.closing] : [])];

/** How many questions the whole lesson asks, all parts counted (known before any search). */
export const lessonQuestionCount = (lesson) => lessonParts(lesson).reduce((a, p) => a + specsOf(p).length, 0);

/**
 * The questions of `lesson`'s part `part` (0: the lesson's own search; its pauses, then its
 * closing) on the finished trace `t` (www/model/trace.js). `carry`: what the previous part's
 * search found (`carryOf`), for a question that compares the two searches. Throws LessonError
 * naming the pause that cannot be prepared.
 */
export function lessonQuestions(lesson, t, part = 0, carry = null) {
  const parts = lessonParts(lesson);
  const specs = specsOf(parts[part]);
  const offset = parts.slice(0, part).reduce((a, p) => a + specsOf(p).length, 0);
  const last = part === parts.length - 1;
  const out = [];
  let prev = 0;
  specs.forEach((spec, i) => {
    const closing = last && i === specs.length - 1 && !!parts[part].closing;
    const where = `${part ? `part ${part + 1}, ` : ''}${closing ? 'closing question' : `pause ${i + 1}`}`;
    try {
      const q = build(spec, t, prev, carry);
      if (q.gate < prev) throw new LessonError(`it comes before the previous pause’s answer (event ${q.gate} < ${prev})`);
      out.push({ ...q, say: spec.say ?? null, lesson: lesson.id, index: offset + i, closing });
      prev = q.ev;
    } catch (e) {
      throw new LessonError(`lesson ${lesson.id}, ${where} (${spec.ask}): ${e.message}`);
    }
  });
  return out;
}

/**
 * What a finished search found, for the next part's questions: the root's value (MAX's view,
 * that is the side to move at the root) with its relation, and its best move's name, all read
 * from the trace.
 */
export function carryOf(t) {
  const st = t.store;
  const root = st.roots.length ? st.roots[st.roots.length - 1] : 0;
  const best = st.childAtIndex(root, st.bestIndex[root]);
  return {
    value: st.value[root],
    rel: relation(st, root),
    text: fmtValue(shownValue(st.value[root], st.turn[root], true), t.names.chess, t.scale),
    best: best === NONE ? null : t.names.move(best),
    uncertain: st.uncertain(root),
  };
}

/** The node `at` names (NONE for a pruned path) and, for `next`, its event. */
function locate(at = {}, t, from) {
  const st = t.store;
  const last = st.roots.length ? st.roots[st.roots.length - 1] : 0;
  if (at.iteration) {
    if (st.roots[at.iteration - 1] === undefined) throw new LessonError(`there is no iteration ${at.iteration}`);
    const node = st.nodeAt(at.path ?? [], at.iteration - 1);
    if (node === NONE) throw new LessonError(`iteration ${at.iteration} did not search node ${(at.path ?? []).join('.')}`);
    return { node };
  }
  if (at.path) return { node: st.nodeAt(at.path), parent: st.nodeAt(at.path.slice(0, -1)), code: at.path[at.path.length - 1] };
  if (at.moves) {
    let id = last;
    for (const m of at.moves) {
      const c = st.children(id).find((k) => !st.isNull(k) && !st.isResearch(k) && t.names.move(k) === m);
      if (c === undefined) throw new LessonError(`no move ${m} was searched`);
      id = c;
    }
    return { node: id };
  }
  if (at.next) {
    const code = eventCode(at.next);
    for (let e = from; e < st.nev; e++) if (st.ev[e] === code) return { node: st.nodeOf(e), event: e };
    throw new LessonError(`no ${at.next} event after event ${from}`);
  }
  return { node: last };
}

/** The question `spec` asks, on trace `t`, after event `from` (LessonError if it cannot be asked). */
function build(spec, t, from, carry = null) {
  const st = t.store;
  const chess = t.names.chess;
  const f = (v) => fmtValue(v, chess, t.scale);
  const name = (n) => t.names.name(n);
  // "node 1.0" starts a sentence as "Node 1.0", "the root" as "The root"; a move keeps its
  // case (chess "exd5", tic-tac-toe "a1")
  const Name = (n) => (/^(node|the) /.test(name(n)) ? name(n).charAt(0).toUpperCase() + name(n).slice(1) : name(n));
  const { node: n, parent, code, event } = locate(spec.at, t, from);
  const need = () => {
    if (n === NONE || n >= st.n) throw new LessonError('the node was not searched');
    if (!st.finished(n)) throw new LessonError('the node did not return');
  };
  const shown = (k) => shownValue(st.value[k], st.turn[k], true);
  // whose view a score "from the side to move" is in: a chess node names its side, a small
  // game its player by the lesson's words (SIDES), the side at the root read from the core's board
  const rootBlack = chess && String(t.input?.fen ?? '').trim().split(/\s+/)[1] === 'b';
  const sides = SIDES[t.input?.kind];
  const rootSide = sides ? (t.names.gameView(NONE)?.side ?? 0) : 0;
  const sideAt = (k) => {
    if (!chess && !sides) return `the side to move at ${name(k)}`;
    const side = chess ? (Boolean(st.ply[k] & 1) !== rootBlack ? 'Black' : 'White') : sides[(rootSide + st.ply[k]) & 1];
    return `${side}’s view: ${side} is to move there`;
  };
  const choice = (text, choices, key, gate, ev, node = n) => ({ kind: spec.ask, node, text, choices, grade: choiceQuestion(key), shown: choices.find((c) => c.key === key).label.toLowerCase(), gate, ev });
  const lastEv = st.nev - 1;
  const c = { spec, t, from, st, chess, f, name, Name, n, parent, code, event, need, shown, sideAt, choice, lastEv, carry };
  const ask = TREE_KINDS[spec.ask] ?? GAME_KINDS[spec.ask];
  if (!ask) throw new LessonError(`unknown question kind ${spec.ask}`);
  return ask(c);
}

/** The kinds asked about an explicit tree's search (lessons 1–3, 5): each takes build's context. */
const TREE_KINDS = {
  value(ctx) {
    const { spec, st, f, name, Name, n, need, shown } = ctx;
    need();
    const v = shown(n);
    const rel = relation(st, n);
    const txt = rel === '=' ? f(v) : `${rel} ${f(v)}`;
    const min = Boolean(st.turn[n] & 1);
    const kids = st.children(n).filter((c) => !st.isNull(c) && !st.isResearch(c) && st.finished(c)).map((c) => f(shown(c)));
    const w = viewWindow(st.alpha[n], st.beta[n], st.turn[n], true);
    let why;
    if (st.nodeKind(n) === NK.CHANCE && rel === '=') {
      const parts = st.children(n).filter((c) => st.finished(c)).map((c) => `${ctx.t.probability(c)} × ${f(shown(c))}`);
      why = `${Name(n)} is a chance node: its value is the average of its branches, each weighted by its probability: ${parts.join(' + ')} = ${txt}.`;
    } else if (st.nodeKind(n) === NK.CHANCE) {
      const e = chanceCut(st, n);
      why = `${Name(n)} stopped early: ${e >= 0 ? chanceRule(st, n, e, true, ctx.chess, ctx.t.scale) : 'a bound fired'}, so ${f(v)} is only a bound: the true value is ${rel === '≤' ? 'at most' : 'at least'} ${f(v)}.`;
    } else if (rel === '=') why = `${Name(n)} is a ${min ? 'MIN' : 'MAX'} node: it takes the ${min ? 'smallest' : 'largest'} of its children’s values (${kids.join(', ')}).`;
    else if (st.reason[n] === SR.BETA_CUTOFF) {
      why = min
        ? `${Name(n)} stopped when a reply, worth ${kids[kids.length - 1]}, was at or below α = ${f(w[0])}: MAX will not allow this line. Its other replies were never looked at, so ${f(v)} is only a bound: the true value is at most ${f(v)}.`
        : `${Name(n)} stopped when a move, worth ${kids[kids.length - 1]}, was at or above β = ${f(w[1])}: MIN will not allow this line. Its other moves were never looked at, so ${f(v)} is only a bound: the true value is at least ${f(v)}.`;
    } else why = `No move of ${name(n)} came inside its window (${f(w[0])}, ${f(w[1])}), so ${f(v)} is only a bound: the true value is ${rel === '≤' ? 'at most' : 'at least'} ${f(v)}.`;
    // `side`: asked in the side to move's words (lessons 7–8 show that view); the same number
    // as MAX's at a node where MAX moves, the only place it is asked so
    if (spec.side && min) throw new LessonError('a value from the side to move is asked only where MAX moves');
    const view = spec.side ? ctx.sideAt(n).replace(/:.*/, '') : 'MAX’s view';
    if (spec.side && rel === '=') {
      const who = view.replace(/’s view$/, '');
      const means = ctx.t.names.named && !ctx.chess ? `: ${gameValueWords(v).trim().replace(/, from the side to move’s view$/, '').replace(/^the side to move/, who)}` : '';
      const scores = st.children(n).filter((c) => !st.isNull(c) && !st.isResearch(c) && st.finished(c)).map((c) => `${ctx.t.names.move(c)}: ${relation(st, c) === '=' ? '' : relation(st, c) + ' '}${f(shown(c))}`);
      why = `${who} takes the best of its moves, which score ${scores.join(', ')} from ${who}’s side: ${txt}${means}.`;
    }
    return {
      // `early`: asked when the search enters the node, before any of its children is seen
      // (a prediction from the position itself); otherwise once they have all returned
      kind: 'value', node: n, gate: spec.early ? st.enterOf(n) : st.exitEv[n] - 1, ev: st.exitEv[n], shown: txt, why,
      text: `What value does ${name(n)} return (${view})?`,
      // the form only, never an example that could be an answer; bounds only once the
      // lesson has them (lesson 1 has none)
      placeholder: spec.fraction ? 'a number or a fraction n/d' : spec.bounds === false ? 'a number' : 'a number, or <= v, >= v',
      // the core grades the reply (src/teach/question.rs): the forms, the exact-node rule, and a
      // chance search's fractions over its scale
      grade: valueQuestion(st, n, v, { maxmin: true, scale: ctx.t.scale, bounds: spec.bounds !== false, fractions: !!spec.fraction }),
    };
  },
  window(ctx) {
    const { st, f, name, Name, n, parent, need, shown } = ctx;
    need();
    const w = viewWindow(st.alpha[n], st.beta[n], st.turn[n], true);
    const scout = st.beta[n] - st.alpha[n] === 1;
    const why = scout
      ? `A scout gets the null window (α, α + 1): α = ${f(w[0])} is what MAX is sure of at the root, so (${f(w[0])}, ${f(w[1])}).`
      : `${Name(n)} starts with its parent’s window as it is at that moment: α = ${f(w[0])} (what MAX is already sure of), β = ${f(w[1])} (what MIN is already sure of).`;
    return {
      kind: 'window', node: n, gate: st.enterOf(n) - 1, ev: st.enterOf(n), grade: numbersQuestion(w), shown: `(${f(w[0])}, ${f(w[1])})`, why,
      text: `Which window (α, β) is ${name(n)} searched with (MAX’s view)? Two numbers; ∞ as inf.`,
      placeholder: 'α β, e.g. -inf 10',
    };
  },
  cutoff(ctx) {
    const { st, f, name, Name, n, parent, need, shown, lastEv, choice } = ctx;
    need();
    const p = st.parent[n];
    const e = st.exitEv[n];
    let k = e + 1;
    if (k < st.nev && st.ev[k] === EV.ALPHA_RAISED) k++;
    const cut = k < st.nev && st.ev[k] === EV.CUTOFF && st.nodeOf(k) === p;
    // the bound a child's value is tested against is fixed when the parent is entered (β at a
    // MAX node, α at a MIN node), so the window at entry is what the student needs
    const w = viewWindow(st.alpha[p], st.beta[p], st.turn[p], true);
    const v = f(shown(n));
    const minP = Boolean(st.turn[p] & 1);
    const test = minP ? `${v} ${cut ? '≤' : '>'} α = ${f(w[0])}` : `${v} ${cut ? '≥' : '<'} β = ${f(w[1])}`;
    const who = minP ? 'MAX already has that much elsewhere, so it will not allow this line' : 'MIN already has that much elsewhere, so it will not allow this line';
    const why = cut
      ? `${test}: ${who}. ${Name(p)} stops; any moves it has left are pruned.`
      : `${test}: not enough to stop. ${Name(p)} goes on with its next move, if it has one.`;
    // "skipping its other moves" would be wrong where none are left (cold reader 2, lesson 6)
    return { ...choice(`${Name(n)} returns ${v}. ${Name(p)} was entered with the window (${f(w[0])}, ${f(w[1])}) (MAX’s view). Does ${name(p)} cut off now (stop here, with any moves it has left pruned)?`, YES_NO, cut ? 'y' : 'n', e, cut ? k : Math.min(e + 1, lastEv)), why };
  },
  pruned(ctx) {
    const { spec, st, f, name, n, parent, code, shown, choice } = ctx;
    if (parent === NONE) throw new LessonError('the parent was not searched');
    const before = st.childWithCode(parent, code - 1);
    if (before === NONE || !st.finished(before)) throw new LessonError('the move before it was not searched');
    const searched = n !== NONE;
    const label = `node ${spec.at.path.join('.')}`;
    const ch = [{ key: 's', label: 'Searched' }, { key: 'p', label: 'Pruned' }];
    const at = searched ? st.enterOf(n) : st.exitEv[parent];
    const w = viewWindow(st.alphaAt(parent, at), st.beta[parent], st.turn[parent], true);
    const e = st.nodeKind(parent) === NK.CHANCE ? chanceCut(st, parent) : -1;
    const why = st.nodeKind(parent) === NK.CHANCE
      ? `After ${name(before)} (worth ${f(shown(before))}), ${e >= 0 && !searched ? `Star1’s bound fires at ${name(parent)}: ${chanceRule(st, parent, e, true, ctx.chess, ctx.t.scale)}. Even with every branch left at the bound, its average cannot come back inside its window (${f(w[0])}, ${f(w[1])}): ${label} is pruned` : `${name(parent)}’s average could still come inside its window (${f(w[0])}, ${f(w[1])}) whatever the branches left hold: ${label} is searched`}.`
      : `After ${name(before)} (worth ${f(shown(before))}), ${name(parent)}’s window is (${f(w[0])}, ${f(w[1])}): ${w[0] < w[1] ? `α < β, so ${name(parent)} goes on to ${label}` : `α ≥ β, a cut-off: ${label} is pruned`}.`;
    return { ...choice(`Will the search look at ${label}, or prune it?`, ch, searched ? 's' : 'p', st.exitEv[before], at, searched ? n : parent), why };
  },
  type(ctx) {
    const { from, st, f, name, Name, n, need, shown, choice } = ctx;
    need();
    const ch = TYPE.map((label, i) => ({ key: String(i + 1), label }));
    const min = Boolean(st.turn[n] & 1);
    const w = viewWindow(st.alpha[n], st.beta[n], st.turn[n], true);
    const v = f(shown(n));
    const side = min ? 'MIN' : 'MAX';
    const a = st.actual(n);
    // lesson 3's words, from the side to move at the node
    const why = a === BOUNDS_CODE.EXACT
      ? `PV: ${side} node ${name(n).replace(/^node /, '')}’s value ${v} fell strictly inside its window (${f(w[0])}, ${f(w[1])}): it is exact.`
      : a === BOUNDS_CODE.LOWER
        ? `CUT: one move was good enough for ${side} to stop: the value ${v} ${min ? `fell to α = ${f(w[0])} or below` : `reached β = ${f(w[1])}`}. It fails high and returns a bound.`
        : `ALL: every move was tried and none was good enough for ${side}: the value ${v} stayed ${min ? `at or above β = ${f(w[1])}` : `at or below α = ${f(w[0])}`}. It fails low and returns a bound.`;
    return { why, ...choice(`${Name(n)} is about to return. Which type does it turn out to be?`, ch, String(st.actual(n) + 1), st.exitEv[n] - 1, st.exitEv[n]), shown: TYPE[st.actual(n)] };
  },
  research(ctx) {
    const { from, st, f, name, n, need, shown, lastEv, choice } = ctx;
    need();
    let again = NONE;
    for (const [r, of] of st.researchOf) if (of === n && (again === NONE || r < again)) again = r;
    const e = st.exitEv[n];
    const w = viewWindow(st.alpha[n], st.beta[n], st.turn[n], true);
    const v = f(shown(n));
    // lesson 5's words, seen from MAX, who chooses the move: "better" / "not better" than α
    let why;
    if (again !== NONE) {
      const r = viewWindow(st.alpha[again], st.beta[again], st.turn[again], true);
      why = `The scout returned ${v} ≥ α + 1 = ${f(w[1])}: the move is better than α = ${f(w[0])}, but the scout only proves that much. It is searched again with the window (${f(r[0])}, ${f(r[1])}) to learn its value.`;
    } else why = `The scout returned ${v}: ${shown(n) <= w[0] ? `not better than α = ${f(w[0])}, so the move is done` : 'its value is already exact, so no re-search is needed'}.`;
    return { ...choice(`The scout of ${name(n)} returned ${v} (MAX’s view). Will ${name(n)} be searched again with a wider window (a re-search)?`, YES_NO, again !== NONE ? 'y' : 'n', e, again !== NONE ? st.enterOf(again) : Math.min(e + 1, lastEv)), why };
  },
};

/** The kinds asked about a game's search (iterations, quiescence, forward pruning). */
const GAME_KINDS = {
  first(ctx) {
    const { spec, t, st, chess, f, name, n, code, need, shown, choice } = ctx;
    need();
    const k = spec.at.iteration;
    const prevRoot = k >= 2 ? st.nodeAt(spec.at.path ?? [], k - 2) : NONE;
    if (prevRoot === NONE || st.lastChild[n] === NONE) throw new LessonError('no earlier iteration, or no move searched');
    const moves = st.children(prevRoot).filter((c) => !st.isNull(c) && !st.isResearch(c));
    // a game's moves by their own names (chess "e4", tic-tac-toe "c2"), a tree's by their node
    const label = (c) => (t.names.named ? t.names.move(c) : name(c));
    // the choices in the moves' own order (node 0, 1, 2), never in a search's order: the
    // previous iteration's order would put its best move first (cold reader 2, lesson 4)
    const ch = moves.slice().sort((p, q) => st.code[p] - st.code[q]).map((c, i) => ({ key: String(i + 1), label: label(c), code: st.code[c] }));
    const firstChild = n + 1;
    const right = ch.find((c) => c.code === st.code[firstChild]);
    if (!right) throw new LessonError('the first move is not among the earlier iteration’s moves');
    const pb = st.childAtIndex(prevRoot, st.bestIndex[prevRoot]);
    const side = st.turn[n] & 1 ? 'MIN' : 'MAX';
    const why = pb !== NONE && st.code[pb] === st.code[firstChild]
      ? `Iteration ${k - 1} found ${right.label} best for ${side} here; the table remembered it, so iteration ${k} tries it first.`
      : `Iteration ${k} tries ${right.label} first.`;
    // what the student needs, which the small drawing of the earlier iteration cannot show:
    // its scores of these moves (a bound marked ≤ / ≥), in the moves' order
    const scores = moves.slice().sort((p, q) => st.code[p] - st.code[q]).filter((c) => st.finished(c)).map((c) => {
      const r = relation(st, c);
      return `${label(c)}: ${r === '=' ? '' : r + ' '}${f(shown(c))}`;
    });
    const where = st.parent[n] === NONE ? `Iteration ${k} starts at the root (MAX to move).` : `Iteration ${k} reaches ${/\)$/.test(name(n)) ? name(n).replace(/\)$/, `, ${side} to move)`) : `${name(n)} (${side} to move)`}.`;
    const text = `${where} Iteration ${k - 1}, one ply shallower, scored its moves ${scores.join(', ')} (MAX’s view). Which move will iteration ${k} search first here?`;
    return { why, ...choice(text, ch, right.key, st.enterOf(n), st.enterOf(firstChild)) };
  },
  extends(ctx) {
    const { t, st, chess, name, n, need, choice } = ctx;
    need();
    const more = st.lastChild[n] !== NONE;
    const ch = [{ key: 's', label: 'It stops and evaluates' }, { key: 'g', label: 'It searches on' }];
    const mv = (k) => (chess ? t.names.move(k) : name(k));
    const why = more
      ? `It searches on: a capture is still possible here (${mv(n + 1)} is the first one tried), so the quiescence search tries the captures before it trusts a score.`
      : 'It stops: the position is quiet (nothing to capture), so the evaluation is trusted.';
    return { why, ...choice(`Does the search stop at ${name(n)} and evaluate the position, or search on below it?`, ch, more ? 'g' : 's', st.enterOf(n), more ? st.enterOf(n + 1) : st.exitEv[n]) };
  },
  best(ctx) {
    const { t, from, st, chess, f, name, n, need, shown, choice } = ctx;
    need();
    const root = st.roots[st.roots.length - 1];
    const bi = st.bestIndex[root];
    const best = st.childAtIndex(root, bi);
    const mv = chess ? t.names.move(n) : name(n);
    const yes = best !== NONE && st.code[best] === st.code[n];
    const bm = best === NONE ? '' : chess ? t.names.move(best) : name(best);
    const why = yes
      ? `The search chooses ${mv}, worth ${f(shown(n))}.`
      : `${mv} is worth only ${f(shown(n))} once the reply is seen; the search chooses ${bm}, worth ${f(shown(root))}.`;
    return { ...choice(`When the search ends, will ${mv} be the move it chooses?`, YES_NO, yes ? 'y' : 'n', from, st.exitEv[root]), why };
  },
  nullcut(ctx) {
    const { from, st, f, name, n, event, sideAt, choice } = ctx;
    const [v, beta, verdict] = st.auxOf(event, 3);
    // the question's own view (the side to move, lesson 7), not the tree's MAX/MIN one
    const view = sideAt(n).replace(/:.*/, '');
    const why = verdict === NV.FAIL_LOW
      ? `${f(v)} < β = ${f(beta)} (${view}): the null move fails low, so nothing is pruned: the node searches its moves as usual.`
      : verdict === NV.VERIFY
        ? `${f(v)} ≥ β = ${f(beta)} (${view}): the null move fails high. Verified null-move pruning does not cut yet: it checks by searching the node’s real moves one ply shallower.`
        : `${f(v)} ≥ β = ${f(beta)} (${view}): the null move fails high, and the node is cut off without searching its moves.`;
    // the search's own form of the null move, never this node's verdict: verified (David &
    // Netanyahu) when the core's configuration says so, or, for a trace that does not say, when
    // any null move in it went on to verify; the plain form cuts at once (cold reader 3)
    const said = ctx.t.outcome?.config?.null_move?.verified;
    let verifies = typeof said === 'boolean' ? said : false;
    if (typeof said !== 'boolean') for (let e = 0; e < st.nev && !verifies; e++) verifies = st.ev[e] === EV.NULL_VERDICT && st.auxOf(e, 3)[2] === NV.VERIFY;
    const then = verifies ? 'cut off or verified' : 'cut off';
    return { why, ...choice(`The null move at ${name(n)} has returned ${f(v)}; the node’s β is ${f(beta)} (both from ${sideAt(n)}). Does the null move fail high, so that the node is ${then}?`, YES_NO, verdict === NV.FAIL_LOW ? 'n' : 'y', event - 1, event) };
  },
  zugzwang(ctx) {
    const { t, from, st, f, name, n, event, sideAt, choice } = ctx;
    const ch = [{ key: 'c', label: 'Cut: the fail-high is confirmed' }, { key: 'r', label: 'Search again at full depth: zugzwang suspected' }];
    const [v, beta] = st.auxOf(event, 2);
    const view = sideAt(n).replace(/:.*/, '');
    const zug = st.ev[event] === EV.ZUGZWANG;
    // what the trace shows, never more (issue 27): the verification's fail-low only makes
    // zugzwang suspected; the position after the pass got d − R − 1 plies (the null child's
    // depth), each position after a real move d − 2 (the depth of the children the verification
    // entered before this event); the full-depth search that follows decides, and its outcome
    // is read from the node's record and its children entered after this event
    let why = `${f(v)} ≥ β = ${f(beta)}: a real move fails high too, so the cut-off is confirmed.`;
    if (zug) {
      const d = st.depth[n];
      const pass = st.children(n).find((k) => st.isNull(k));
      const after = st.children(n).filter((k) => !st.isNull(k) && st.enterOf(k) > event && st.finished(k));
      const minus = (x) => String(x).replace('-', '−'); // a ply count, never a score
      const verified = st.children(n).filter((k) => !st.isNull(k) && st.enterOf(k) < event);
      const how = pass === undefined || !verified.length ? '' : ` The position after the pass got d − R − 1 = ${minus(st.depth[pass])} plies (only evaluated), the position after each real move d − 2 = ${minus(st.depth[verified[0]])}: the two were not searched alike.`;
      const last = after[after.length - 1];
      let decides = '';
      if (st.exited(n) && last !== undefined && st.reason[n] === SR.BETA_CUTOFF) {
        decides = ` Here ${after.length === 1 ? 'its first move' : `its move ${after.length}`}, ${t.names.move(last)}, scores ${f(-st.value[last])} ≥ β = ${f(beta)} at full depth: the node is cut after all, and this search found no zugzwang here.`;
      } else if (st.exited(n)) {
        decides = ` Here no real move reaches β at full depth either: the node returns ${f(st.value[n])}.`;
      }
      why = `${f(v)} < β = ${f(beta)}: no real move reached β in the verification, so zugzwang is suspected, not proven.${how} So ${name(n)} is searched again at its full depth d = ${d}, and that search decides.${decides}`;
    }
    return { why, ...choice(`At ${name(n)} the null move failed high, so verified null-move pruning searched the node’s real moves one ply shallower. Their best score is ${f(v)}; the node’s β is ${f(beta)} (both from ${view}). What happens now?`, ch, zug ? 'r' : 'c', event - 1, event) };
  },
  multicut(ctx) {
    const { from, st, f, Name, n, event, sideAt, choice } = ctx;
    const [, c, , decision] = st.auxOf(event, 4);
    // the probes' scores from the side to move at the node (a child's value is its own side's)
    const probes = st.children(n).filter((k) => st.nodeKind(k) === NK.MC_PROBE && st.finished(k) && st.exitEv[k] < event).map((k) => f(-st.value[k]));
    if (!probes.length) throw new LessonError('no multi-cut probe returned before the decision');
    const highs = st.children(n).filter((k) => st.nodeKind(k) === NK.MC_PROBE && st.finished(k) && st.exitEv[k] < event && -st.value[k] >= st.beta[n]).length;
    const why = `${highs} of the ${probes.length} probes reached β = ${f(st.beta[n])}; C = ${c}: ${decision ? 'enough, so the node is cut off now and returns β, a bound that may be wrong' : 'not enough, so the node is searched normally'}.`;
    return { why, ...choice(`${Name(n)} probed ${probes.length} moves. They scored ${probes.join(', ')}; the node’s β is ${f(st.beta[n])} (${sideAt(n)}). It cuts if at least C = ${c} of the probes fail high (score ≥ β). Will it cut?`, YES_NO, decision ? 'y' : 'n', event - 1, event) };
  },
  uncertain(ctx) {
    const { from, st, n, choice } = ctx;
    const root = st.roots[st.roots.length - 1];
    let ucs = 0;
    for (let e = 0; e < st.nev; e++) if (st.ev[e] === EV.UNCERTAINTY_CUTOFF) ucs++;
    const why = st.uncertain(root)
      ? `The search made ${ucs} uncertainty cut-off${ucs === 1 ? '' : 's'}, and an uncertain value reached the root.`
      : `The search made ${ucs} uncertainty cut-off${ucs === 1 ? '' : 's'}, but the root’s value is not flagged: in the safe form a PV node (the root always is one, lesson 3) searches a move whose value came back uncertain again in full, which clears the flag.`;
    return { ...choice('When the search ends, will the root’s value be flagged uncertain?', YES_NO, st.uncertain(root) ? 'y' : 'n', from, st.exitEv[root], root), why };
  },
  ucut(ctx) {
    // Björnsson et al. 1997, Fig. 5: an expected CUT node stops once it has tried more than
    // CUT_RATIO of its moves without a cut-off; the event holds [moves tried, move limit]
    const { st, f, name, Name, n, event, sideAt, need } = ctx;
    need();
    const [tried, limit] = st.auxOf(event, 2);
    const moves = st.nMoves[n];
    const left = st.prunedOwn(n).length / 2;
    const gate = st.enterOf(n);
    const why = `More than half of its ${moves} moves is more than ${limit}: ${Name(n)} stops once it has tried more than ${limit} moves with none reaching β = ${f(st.beta[n])}, so after ${tried}. It returns the best score it has, ${f(st.value[n])}, flagged uncertain, and leaves its other ${left} non-capture move${left === 1 ? '' : 's'} unsearched.`;
    return {
      kind: 'ucut', node: n, gate, ev: event, grade: numbersQuestion([tried]), shown: String(tried), why,
      text: `${Name(n)} is an expected CUT node with ${moves} moves; its β is ${f(st.beta[n])} (${sideAt(n)}). If none of its moves reaches β, after trying how many of its moves will an uncertainty cut-off stop it (CUT_RATIO = 0.5)?`,
      placeholder: 'a number',
    };
  },
  same(ctx) {
    // two prepared searches of one position (a lesson's parts): the previous part's value,
    // carried from its trace, against this search's root, read from this trace; `before` and
    // `now` name the two searches in the lesson's words ("without the null move", "with …")
    const { t, from, st, carry, choice, sideAt, spec } = ctx;
    if (!carry) throw new LessonError('no earlier search in this lesson to compare with');
    if (!spec.before || !spec.now) throw new LessonError('a same question names both searches (before, now)');
    const root = st.roots[st.roots.length - 1];
    const now = carryOf(t);
    const same = now.value === carry.value && now.rel === carry.rel;
    // what a value means, for the side to move at the root: a small game's win, loss or
    // evaluation; a chess score is that side's, with the move the search chose
    const who = sideAt(root).replace(/’s view:.*/, '');
    const words = (c) => gameValueWords(c.value).trim().replace(/, from the side to move’s view$/, '').replace(/^the side to move/, who);
    const said = (c) => (ctx.chess ? ` (${who}’s view), best move ${c.best}` : `: ${words(c)}`);
    const aside = (c) => (ctx.chess ? ` (${who}’s view, best move ${c.best})` : ` (${words(c)})`);
    // the flag marks only uncertainty cut-offs (lesson 8): said where the search has them
    const uc = t.outcome?.config?.uncertainty?.mode;
    const flags = uc && uc !== 'off' && !now.uncertain && !carry.uncertain ? ' Neither root value is flagged uncertain: the flag marks only uncertainty cut-offs.' : '';
    const why = same
      ? `Both searches return ${now.text}.`
      : `This search returns ${now.text}${aside(now)}, where the search ${spec.before} returned ${carry.text}${aside(carry)}: the pruning changed the answer.${flags}`;
    return { ...choice(`${cap(spec.before)}, the search of this position returned ${carry.text} at the root${said(carry)}. ${cap(spec.now)}, will the root’s value be the same?`, YES_NO, same ? 'y' : 'n', from, st.exitEv[root], root), why };
  },
  leaves(ctx) {
    const { from, st, shown, lastEv } = ctx;
    const root = st.roots[st.roots.length - 1];
    let leaves = 0;
    for (let k = root; k < st.n; k++) if (st.lastChild[k] === NONE && st.finished(k)) leaves++;
    return {
      kind: 'leaves', node: root, gate: from, ev: lastEv, grade: numbersQuestion([leaves]), shown: String(leaves), why: `The search looked at ${leaves} leaves in all.`,
      text: 'When the search ends, how many leaves will it have looked at in all (those already seen included)?',
      placeholder: 'a number',
    };
  },
};
