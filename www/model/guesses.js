// Iterative deepening made visible: in one root search, the nodes whose first move came from
// what earlier iterations stored (the transposition table's best move, or the previous
// iteration's best root move), and whether that guess was right — the move the node returned
// as best (the one that cut it off, or gave its value) — or wrong. Read from the trace's own
// order sources and best moves; no DOM.

import { NONE } from './store.js';
import { ORDER_SOURCES_CODE as OS, NONE16 } from '../schema.js';

/** 1 = the stored guess was right, 2 = wrong (per node id; absent = no guess or not known). */
export const RIGHT = 1;
export const WRONG = 2;

/**
 * The guesses in root search `k`: { root, depth, marks: Map id → RIGHT | WRONG, list: [{ id,
 * guess (first child), best (the best child, or NONE), right }] ordered by ply then id }.
 */
export function guessesIn(st, k) {
  const root = st.roots[k];
  const end = st.end(root);
  const marks = new Map();
  const list = [];
  for (let id = root; id < end; id++) {
    if (st.lastChild[id] === NONE || !st.exited(id)) continue;
    const c = id + 1; // the first child searched
    if (st.isNull(c)) continue;
    const src = st.orderSource(c);
    if (src !== OS.TT && src !== OS.PREVIOUS_BEST) continue;
    const bi = st.bestIndex[id];
    if (bi === NONE16) continue;
    const right = bi === st.index[c];
    marks.set(id, right ? RIGHT : WRONG);
    list.push({ id, guess: c, best: right ? c : st.childAtIndex(id, bi), right });
  }
  list.sort((a, b) => st.ply[a.id] - st.ply[b.id] || a.id - b.id);
  return { root, depth: st.depth[root], marks, list };
}
