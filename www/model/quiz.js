// Step prediction: at the cursor, the quiz finds the next event a student can predict with a
// rule and asks about it — the window a child is given, the value a node returns, its type,
// whether its parent cuts off after it returns, whether the null move cuts — in the chosen
// view (MAX/MIN or negamax). The answer is the trace's own (the core's search), never
// recomputed. No DOM.

import { NONE, EV } from './store.js';
import { NODE_TYPES, NULL_VERDICTS_CODE as NV, STOP_REASONS_CODE as SR, INF } from '../schema.js';
import { shownValue, viewWindow, fmtValue } from './format.js';

const TYPE = NODE_TYPES.map((t) => t.name.toUpperCase());

/**
 * The question about the first askable event after `from`: { ev (the event it is about), node,
 * kind: 'window' | 'value' | 'type' | 'cutoff' | 'nullcut', text, choices? ([{ key, label }]),
 * answer (the right answer: numbers, or a choice key), shown (the answer in words) } or null at
 * the end. `ctx`: { maxmin, chess, name(id), minimax (no windows or cut-offs to ask about) }.
 */
export function nextQuestion(st, from, ctx) {
  const mm = ctx.maxmin;
  const f = (v) => fmtValue(v, ctx.chess, ctx.scale);
  for (let e = from + 1; e < st.nev; e++) {
    const kind = st.ev[e];
    const n = st.nodeOf(e);
    if (n === NONE) continue;
    const turn = st.turn[n];
    const name = ctx.name(n);
    if (kind === EV.ENTER && st.parent[n] !== NONE && !ctx.minimax && !st.isResearch(n)) {
      const w = viewWindow(st.alpha[n], st.beta[n], turn, mm);
      return {
        ev: e, node: n, kind: 'window',
        text: `Which window (α, β) is ${name} searched with${mm ? ' (MAX’s view)' : ''}? Two numbers; ∞ as inf.`,
        answer: w, shown: `(${f(w[0])}, ${f(w[1])})`,
      };
    }
    if (kind === EV.NULL_VERDICT) {
      const verdict = st.auxOf(e, 3)[2];
      return {
        ev: e, node: n, kind: 'nullcut',
        text: `The null move at ${name} has returned. Does it cut ${name} off (the rule: its value ≥ β)?`,
        choices: [{ key: 'y', label: 'Yes' }, { key: 'n', label: 'No' }],
        answer: verdict === NV.FAIL_LOW ? 'n' : 'y', shown: verdict === NV.FAIL_LOW ? 'no' : 'yes',
      };
    }
    if (kind !== EV.EXIT || st.reason[n] === SR.ABORTED) continue;
    const leaf = st.lastChild[n] === NONE;
    const p = st.parent[n];
    if (leaf) {
      if (p === NONE || ctx.minimax) continue;
      // does the parent cut off right after this child returns?
      let k = e + 1;
      if (k < st.nev && st.ev[k] === EV.ALPHA_RAISED) k++;
      const cut = k < st.nev && st.ev[k] === EV.CUTOFF && st.nodeOf(k) === p;
      return {
        ev: e, node: n, kind: 'cutoff',
        text: `${cap(name)} returns ${f(shownValue(st.value[n], turn, mm))}. Does ${ctx.name(p)} cut off now?`,
        choices: [{ key: 'y', label: 'Yes' }, { key: 'n', label: 'No' }],
        answer: cut ? 'y' : 'n', shown: cut ? 'yes' : 'no',
        ev2: cut ? k : e,
      };
    }
    if (n % 2 === 0) {
      const v = shownValue(st.value[n], turn, mm);
      return {
        ev: e, node: n, kind: 'value',
        text: `What value does ${name} return${mm ? ' (MAX’s view)' : ''}?`,
        answer: [v], shown: f(v),
      };
    }
    const t = st.actual(n);
    return {
      ev: e, node: n, kind: 'type',
      text: `${cap(name)} is about to return. Which type does it turn out to be?`,
      choices: [{ key: '1', label: 'PV' }, { key: '2', label: 'CUT' }, { key: '3', label: 'ALL' }],
      answer: String(t + 1), shown: TYPE[t],
    };
  }
  return null;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** Reads "3", "−2", "-inf", "+∞", "#3" is not accepted: numbers and infinities only. */
export function parseNumbers(text) {
  const parts = text.trim().replace(/[(),;]/g, ' ').split(/\s+/).filter(Boolean);
  const out = [];
  for (const p of parts) {
    const t = p.replace(/−/g, '-').toLowerCase();
    if (/^[+-]?(inf|infinity|∞)$/.test(t)) out.push(t.startsWith('-') ? -INF : INF);
    else if (/^[+-]?\d{1,10}$/.test(t)) out.push(Number(t));
    else return null;
  }
  return out;
}

/** Whether `reply` (text or a choice key) answers question `q` (its own `check` when it has one). */
export function isRight(q, reply) {
  if (q.check) return q.check(reply); // a lesson's value question: a number or a bound (www/learn/questions.js)
  if (q.choices) return reply === q.answer;
  const got = parseNumbers(String(reply));
  if (!got || got.length !== q.answer.length) return false;
  return got.every((v, i) => v === q.answer[i] || (Math.abs(q.answer[i]) >= INF && Math.sign(v) === Math.sign(q.answer[i]) && Math.abs(v) >= INF));
}
