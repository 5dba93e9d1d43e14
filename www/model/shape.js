// The core's shape of a tree text (wasm `tree_shape`: breadth-first arrays, weights, `min`,
// the canonical text), kept for the last text asked. The Tree tab checks the text as it is
// typed, the problem is drawn from it before Start, and the trace reads its MIN root and branch
// probabilities from it: one reading serves all three. A generated chance tree of a million
// nodes is 3.4 MB of text, and each reading held the page's thread about half a second, most of
// it on Start (issue 32 §6, "Chance at scale"; stream-bench --only chance). Callers only read it.

let last = { core: null, text: null, shape: null, error: null }; // UI-local: the core's answer for one text, a cache

/** `core.tree_shape(text)`, read once per text (throws the parser's error as it does). */
export function treeShape(core, text) {
  if (last.core !== core || last.text !== text) {
    let shape = null;
    let error = null;
    try {
      shape = core.tree_shape(text);
    } catch (e) {
      error = e;
    }
    last = { core, text, shape, error };
  }
  if (last.error) throw last.error;
  return last.shape;
}
