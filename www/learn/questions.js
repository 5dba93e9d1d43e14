// A lesson's pauses as quiz questions (www/learn/lessons.js says what each kind asks): each is
// built from the finished trace of the lesson's search — the node it is about, the event the
// cursor stops at while the question is open (`gate`), the event the answer reveals (`ev`), and
// the right answer, read from the core's records and events, never computed by a second search.
// The quiz card (www/panels/quiz.js) shows them like its own questions. No DOM.

import { NONE, EV } from '../model/store.js';
import { EVENTS, NULL_VERDICTS_CODE as NV, NODE_KINDS_CODE as NK, NODE_TYPES, BOUNDS_CODE, INF } from '../schema.js';
import { shownValue, viewWindow, fmtValue } from '../model/format.js';
import { parseNumbers } from '../model/quiz.js';

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
  return lower !== Boolean(st.ply[n] & 1) ? '≥' : '≤';
}

/** Reads "2", "= 2", "<= 2", "≤ 2", "at most 2", ">= -inf": [relation, number] or null. */
export function parseBound(text) {
  const t = String(text).trim().toLowerCase().replace(/^at\s+most/, '≤').replace(/^at\s+least/, '≥').replace(/^<=|^=<|^</, '≤').replace(/^>=|^=>|^>/, '≥');
  const m = /^(≤|≥|=)?\s*(.+)$/.exec(t);
  if (!m) return null;
  const v = parseNumbers(m[2]);
  if (!v || v.length !== 1) return null;
  return [m[1] ?? '=', v[0]];
}

/**
 * The questions of `lesson` (its pauses, then its closing) on the finished trace `t`
 * (www/model/trace.js). Throws LessonError naming the pause that cannot be prepared.
 */
export function lessonQuestions(lesson, t) {
  const specs = [...lesson.pauses, lesson.closing];
  const out = [];
  let prev = 0;
  specs.forEach((spec, i) => {
    try {
      const q = build(spec, t, prev);
      if (q.gate < prev) throw new LessonError(`it comes before the previous pause’s answer (event ${q.gate} < ${prev})`);
      out.push({ ...q, say: spec.say ?? null, lesson: lesson.id, index: i, closing: i === specs.length - 1 });
      prev = q.ev;
    } catch (e) {
      throw new LessonError(`lesson ${lesson.id}, ${i === specs.length - 1 ? 'closing question' : `pause ${i + 1}`} (${spec.ask}): ${e.message}`);
    }
  });
  return out;
}

/** The node `at` names (NONE for a pruned path) and, for `next`, its event. */
function locate(at = {}, t, from) {
  const st = t.store;
  const last = st.roots.length ? st.roots[st.roots.length - 1] : 0;
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
  if (at.iteration) {
    const r = st.roots[at.iteration - 1];
    if (r === undefined) throw new LessonError(`there is no iteration ${at.iteration}`);
    return { node: r };
  }
  return { node: last };
}

function build(spec, t, from) {
  const st = t.store;
  const chess = t.names.chess;
  const f = (v) => fmtValue(v, chess);
  const name = (n) => t.names.name(n);
  // "node 1.0" starts a sentence as "Node 1.0"; a chess move keeps its case ("exd5")
  const Name = (n) => (chess ? name(n) : name(n).charAt(0).toUpperCase() + name(n).slice(1));
  const { node: n, parent, code, event } = locate(spec.at, t, from);
  const need = () => {
    if (n === NONE || n >= st.n) throw new LessonError('the node was not searched');
    if (!st.finished(n)) throw new LessonError('the node did not return');
  };
  const shown = (k) => shownValue(st.value[k], st.ply[k], true);
  // whose view a score "from the side to move" is in: a chess node names its side
  const rootBlack = chess && String(t.input?.fen ?? '').trim().split(/\s+/)[1] === 'b';
  const sideAt = (k) => {
    if (!chess) return `the side to move at ${name(k)}`;
    const side = Boolean(st.ply[k] & 1) !== rootBlack ? 'Black' : 'White';
    return `${side}’s view: ${side} is to move there`;
  };
  const choice = (text, choices, answer, gate, ev, node = n) => ({ kind: spec.ask, node, text, choices, answer, shown: choices.find((c) => c.key === answer).label.toLowerCase(), gate, ev });
  const lastEv = st.nev - 1;
  switch (spec.ask) {
    case 'value': {
      need();
      const v = shown(n);
      const rel = relation(st, n);
      const txt = rel === '=' ? f(v) : `${rel} ${f(v)}`;
      return {
        kind: 'value', node: n, gate: st.exitEv[n] - 1, ev: st.exitEv[n], shown: txt,
        text: `What value does ${name(n)} return (MAX’s view)?`,
        // not an example that could be an answer (lesson 1's are 3 and 2, lesson 2's ≤ 2)
        placeholder: 'a number, or <= v, >= v',
        check: (reply) => {
          const r = parseBound(reply);
          return !!r && r[0] === rel && (r[1] === v || (Math.abs(v) >= INF && Math.sign(r[1]) === Math.sign(v) && Math.abs(r[1]) >= INF));
        },
      };
    }
    case 'window': {
      need();
      const w = viewWindow(st.alpha[n], st.beta[n], st.ply[n], true);
      return {
        kind: 'window', node: n, gate: st.enterEv[n] - 1, ev: st.enterEv[n], answer: w, shown: `(${f(w[0])}, ${f(w[1])})`,
        text: `Which window (α, β) is ${name(n)} searched with (MAX’s view)? Two numbers; ∞ as inf.`,
        placeholder: 'α β, e.g. -inf 10',
      };
    }
    case 'cutoff': {
      need();
      const p = st.parent[n];
      const e = st.exitEv[n];
      let k = e + 1;
      if (k < st.nev && st.ev[k] === EV.ALPHA_RAISED) k++;
      const cut = k < st.nev && st.ev[k] === EV.CUTOFF && st.nodeOf(k) === p;
      // the bound a child's value is tested against is fixed when the parent is entered (β at a
      // MAX node, α at a MIN node), so the window at entry is what the student needs
      const w = viewWindow(st.alpha[p], st.beta[p], st.ply[p], true);
      return choice(`${Name(n)} returns ${f(shown(n))}. ${Name(p)} was entered with the window (${f(w[0])}, ${f(w[1])}) (MAX’s view). Does ${name(p)} cut off now, skipping its other moves?`, YES_NO, cut ? 'y' : 'n', e, cut ? k : Math.min(e + 1, lastEv));
    }
    case 'pruned': {
      if (parent === NONE) throw new LessonError('the parent was not searched');
      const before = st.childWithCode(parent, code - 1);
      if (before === NONE || !st.finished(before)) throw new LessonError('the move before it was not searched');
      const searched = n !== NONE;
      const label = `node ${spec.at.path.join('.')}`;
      const ch = [{ key: 's', label: 'Searched' }, { key: 'p', label: 'Pruned' }];
      return choice(`Will the search look at ${label}, or prune it?`, ch, searched ? 's' : 'p', st.exitEv[before], searched ? st.enterEv[n] : st.exitEv[parent], searched ? n : parent);
    }
    case 'type': {
      need();
      const ch = TYPE.map((label, i) => ({ key: String(i + 1), label }));
      return { ...choice(`${Name(n)} is about to return. Which type does it turn out to be?`, ch, String(st.actual(n) + 1), st.exitEv[n] - 1, st.exitEv[n]), shown: TYPE[st.actual(n)] };
    }
    case 'research': {
      need();
      let again = NONE;
      for (const [r, of] of st.researchOf) if (of === n && (again === NONE || r < again)) again = r;
      const e = st.exitEv[n];
      return choice(`The scout of ${name(n)} returned ${f(shown(n))} (MAX’s view). Will ${name(n)} be searched again with a wider window (a re-search)?`, YES_NO, again !== NONE ? 'y' : 'n', e, again !== NONE ? st.enterEv[again] : Math.min(e + 1, lastEv));
    }
    case 'first': {
      need();
      const prevRoot = st.roots[spec.at.iteration - 2];
      if (prevRoot === undefined || st.lastChild[n] === NONE) throw new LessonError('no earlier iteration, or no move searched');
      const moves = st.children(prevRoot).filter((c) => !st.isNull(c) && !st.isResearch(c));
      const label = (c) => (chess ? t.names.move(c) : name(c));
      const ch = moves.map((c, i) => ({ key: String(i + 1), label: label(c), code: st.code[c] }));
      const firstChild = n + 1;
      const right = ch.find((c) => c.code === st.code[firstChild]);
      if (!right) throw new LessonError('the first move is not among the earlier iteration’s moves');
      return choice(`Iteration ${spec.at.iteration} starts at the root. Which move will it search first?`, ch, right.key, st.enterEv[n], st.enterEv[firstChild]);
    }
    case 'extends': {
      need();
      const more = st.lastChild[n] !== NONE;
      const ch = [{ key: 's', label: 'It stops and evaluates' }, { key: 'g', label: 'It searches on' }];
      return choice(`Does the search stop at ${name(n)} and evaluate the position, or search on below it?`, ch, more ? 'g' : 's', st.enterEv[n], more ? st.enterEv[n + 1] : st.exitEv[n]);
    }
    case 'best': {
      need();
      const root = st.roots[st.roots.length - 1];
      const bi = st.bestIndex[root];
      const best = st.childAtIndex(root, bi);
      const mv = chess ? t.names.move(n) : name(n);
      return choice(`When the search ends, will ${mv} be the move it chooses?`, YES_NO, best !== NONE && st.code[best] === st.code[n] ? 'y' : 'n', from, st.exitEv[root]);
    }
    case 'nullcut': {
      const [v, beta, verdict] = st.auxOf(event, 3);
      return choice(`The null move at ${name(n)} has returned ${f(v)}; the node’s β is ${f(beta)} (both from ${sideAt(n)}). Does the null move fail high, so that the node is cut off or verified?`, YES_NO, verdict === NV.FAIL_LOW ? 'n' : 'y', event - 1, event);
    }
    case 'zugzwang': {
      const ch = [{ key: 'c', label: 'Cut anyway' }, { key: 'r', label: 'Search again at full depth' }];
      return choice(`At ${name(n)} the null move failed high, but the real moves, searched one ply shallower, all failed low. What does verified null-move pruning do?`, ch, st.ev[event] === EV.ZUGZWANG ? 'r' : 'c', event - 1, event);
    }
    case 'multicut': {
      const [, c, , decision] = st.auxOf(event, 4);
      // the probes' scores from the side to move at the node (a child's value is its own side's)
      const probes = st.children(n).filter((k) => st.nodeKind(k) === NK.MC_PROBE && st.finished(k) && st.exitEv[k] < event).map((k) => f(-st.value[k]));
      if (!probes.length) throw new LessonError('no multi-cut probe returned before the decision');
      return choice(`${Name(n)} probed ${probes.length} moves. They scored ${probes.join(', ')}; the node’s β is ${f(st.beta[n])} (${sideAt(n)}). It cuts if at least C = ${c} of the probes fail high (score ≥ β). Will it cut?`, YES_NO, decision ? 'y' : 'n', event - 1, event);
    }
    case 'uncertain': {
      const root = st.roots[st.roots.length - 1];
      return choice('When the search ends, will the root’s value be flagged uncertain?', YES_NO, st.uncertain(root) ? 'y' : 'n', from, st.exitEv[root], root);
    }
    case 'leaves': {
      const root = st.roots[st.roots.length - 1];
      let leaves = 0;
      for (let k = root; k < st.n; k++) if (st.lastChild[k] === NONE && st.finished(k)) leaves++;
      return {
        kind: 'leaves', node: root, gate: from, ev: lastEv, answer: [leaves], shown: String(leaves),
        text: 'When the search ends, how many leaves will it have looked at in all (those already seen included)?',
        placeholder: 'a number',
      };
    }
    default:
      throw new LessonError(`unknown question kind ${spec.ask}`);
  }
}
