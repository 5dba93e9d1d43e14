// What the page tells the core's grader about a question (issue 28 §1): the trace's own facts
// of the node asked about — its value and the bound it records, in the question's view, and
// the subtree the exact-node rule reads — or a window's numbers, or a choice's key. The core
// (src/teach/question.rs, through `grade_answer`) reads the reply, compares, and states the
// answer; nothing here reads or compares a reply. No DOM.

import { NONE } from './store.js';
import { BOUNDS_CODE, NODE_KINDS_CODE as NK, STOP_REASONS_CODE as SR, INF } from '../schema.js';

/** Stop reasons whose value is the node's own evaluation: a leaf, a terminal position, a draw. */
const EVALUATED = new Set([SR.LEAF, SR.TERMINAL, SR.DRAW]);

/** The bound node `n` records, in MAX's view (`maxmin`) or the side to move's: 'exact',
 * 'upper' (≤) or 'lower' (≥). A MIN node (odd turn) sees the side to move's bound mirrored. */
export function boundOf(st, n, maxmin) {
  const b = st.actual(n);
  if (b === BOUNDS_CODE.EXACT) return 'exact';
  const lower = b === BOUNDS_CODE.LOWER;
  return lower !== (maxmin && Boolean(st.turn[n] & 1)) ? 'lower' : 'upper';
}

/** The moves of the subtree below `n` as the trace holds them, in entry order, `n` first:
 * each node's parent (an index into these lists; -1 for `n`), its moves, and whether the trace
 * gives it exact: an exact bound or a leaf's evaluation (its children left out then). Null moves, multi-cut probes and re-searches
 * are no moves of their node. */
export function subtreeOf(st, n) {
  const parent = [], moves = [], exact = [];
  const stack = [[n, -1]];
  while (stack.length) {
    const [id, p] = stack.pop();
    const at = parent.length;
    parent.push(p);
    moves.push(st.nMoves[id]);
    // an exact bound, or a leaf's evaluation: its value is what it is, whatever its window
    const recorded = st.finished(id) && (st.actual(id) === BOUNDS_CODE.EXACT || EVALUATED.has(st.reason[id]));
    exact.push(recorded ? 1 : 0);
    // below a node the trace records exact, nothing is read (Subtree's contract): a search of
    // millions of nodes sends only its bounds' subtrees
    if (recorded) continue;
    const kids = [];
    st.forChildren(id, (c) => {
      const k = st.nodeKind(c);
      if (k !== NK.NULL && k !== NK.MC_PROBE && !st.isResearch(c) && k !== NK.LMR_RESEARCH && st.finished(c)) kids.push(c);
    });
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], at]);
  }
  return { parent, moves, exact };
}

/**
 * The grader's description of a value question about node `n`: `value` the number shown
 * (in the question's view, over `scale`), its recorded bound, the subtree; `bounds`: the card
 * offers bounds; `fractions`: a chance search's exact fractions.
 */
export function valueQuestion(st, n, value, { maxmin = true, scale = 1, bounds = true, fractions = false } = {}) {
  return {
    form: 'value', value, scale: Number.isInteger(scale) && scale > 0 ? scale : 1, inf: INF,
    bound: boundOf(st, n, maxmin), subtree: n === NONE ? undefined : subtreeOf(st, n), bounds, fractions,
  };
}

/** Numbers in order (a window, a count). */
export const numbersQuestion = (values) => ({ form: 'numbers', values: values.map((v) => Math.max(-INF, Math.min(INF, v))), inf: INF });

/** A choice: `key` is the right one. */
export const choiceQuestion = (key) => ({ form: 'choice', answer: key });
