// Prune prediction on an explicit tree drawn whole (www/model/fulltree.js): the student marks
// the branches they expect the search to prune; the answer is the trace's own — the subtrees
// the search never entered, whose roots hang from a searched node — and the core scores the
// marks against it (`grade_prune`, src/teach/question.rs). Marks and answers are node
// paths ("1.2" = the root's child 1, its child 2), so they name searched and pruned nodes alike.
// No DOM.

/** The path key of trace node `id`. */
export const tracePath = (st, id) => st.pathCodes(id).join('.');

/** The path key of pruned (ghost) node `k` of layout ghosts `g`. */
export function ghostPath(st, g, k) {
  const codes = [];
  let j = k;
  while (j >= 0) {
    codes.push(g.code[j]);
    j = g.parent[j];
  }
  const base = st.pathCodes(-1 - j);
  return [...base, ...codes.reverse()].join('.');
}

/** The roots of the pruned subtrees: path → ghost index. */
export function prunedRoots(st, g) {
  const out = new Map();
  for (let k = 0; k < g.n; k++) if (g.parent[k] < 0) out.set(ghostPath(st, g, k), k);
  return out;
}
