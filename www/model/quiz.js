// Step prediction: at the cursor, the quiz finds the next event a student can predict with a
// rule and asks about it — the window a child is given, the value a node returns, its type,
// whether its parent cuts off after it returns, whether the null move cuts — in the chosen
// view (MAX/MIN or negamax). The answer is the trace's own (the core's search), never
// recomputed, and the core grades the reply (`grade`: www/model/grading.js). No DOM.

import { NONE, EV } from './store.js';
import { NODE_TYPES, NULL_VERDICTS_CODE as NV, STOP_REASONS_CODE as SR } from '../schema.js';
import { shownValue, viewWindow, fmtValue } from './format.js';
import { valueQuestion, numbersQuestion, choiceQuestion } from './grading.js';

const TYPE = NODE_TYPES.map((t) => t.name.toUpperCase());

/**
 * The question about the first askable event after `from`: { ev (the event it is about), node,
 * kind: 'window' | 'value' | 'type' | 'cutoff' | 'nullcut', text, choices? ([{ key, label }]),
 * grade (what the core's grader is told: www/model/grading.js), shown (the answer in words) }
 * or null at the end. `ctx`: { maxmin, chess, name(id), minimax (no windows or cut-offs to ask
 * about) }.
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
        grade: numbersQuestion(w), shown: `(${f(w[0])}, ${f(w[1])})`,
      };
    }
    if (kind === EV.NULL_VERDICT) {
      const verdict = st.auxOf(e, 3)[2];
      return {
        ev: e, node: n, kind: 'nullcut',
        text: `The null move at ${name} has returned. Does it cut ${name} off (the rule: its value ≥ β)?`,
        choices: [{ key: 'y', label: 'Yes' }, { key: 'n', label: 'No' }],
        grade: choiceQuestion(verdict === NV.FAIL_LOW ? 'n' : 'y'), shown: verdict === NV.FAIL_LOW ? 'no' : 'yes',
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
        grade: choiceQuestion(cut ? 'y' : 'n'), shown: cut ? 'yes' : 'no',
        ev2: cut ? k : e,
      };
    }
    // siblings alternate between a value and a type question: the root and a node at an even
    // place among its parent's moves are asked their value (Russell–Norvig's three MIN nodes:
    // 3, a type, then the (14 5 2) node's 2), the others their type
    if (p === NONE || st.index[n] % 2 === 0) {
      const v = shownValue(st.value[n], turn, mm);
      return {
        ev: e, node: n, kind: 'value',
        text: `What value does ${name} return${mm ? ' (MAX’s view)' : ''}?`,
        grade: valueQuestion(st, n, v, { maxmin: mm, scale: ctx.scale }), shown: f(v),
      };
    }
    const t = st.actual(n);
    return {
      ev: e, node: n, kind: 'type',
      text: `${cap(name)} is about to return. Which type does it turn out to be?`,
      choices: [{ key: '1', label: 'PV' }, { key: '2', label: 'CUT' }, { key: '3', label: 'ALL' }],
      grade: choiceQuestion(String(t + 1)), shown: TYPE[t],
    };
  }
  return null;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
