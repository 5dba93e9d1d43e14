// The tree editor's model (issue 18 §1): an explicit tree as the editor holds it, and the edits
// on it. Every edit returns a new tree and leaves the old one as it was (the undo history keeps
// the old ones). The tree text is never read or written here: the core parses it into flat
// breadth-first arrays (wasm `tree_shape`) and prints the editor's preorder arrays back
// (wasm `tree_print`, which also refuses a tree past the parser's limits), so there is one
// parser and one printer, the core's. No DOM.
//
// A tree is { min, root }: `min` when MIN moves at the root; a node is { v } (a leaf, its value
// from MAX's view) or { c: [nodes] } (an inner node). A node is named by its path: the child
// indices from the root ([] is the root).

/** The editor's tree from the core's breadth-first shape { first, values, min }. */
export function fromShape(shape) {
  const { first, values } = shape;
  const build = (i) => {
    const lo = first[i], hi = first[i + 1];
    if (lo === hi) return { v: values[i] };
    const c = [];
    for (let k = lo; k < hi; k++) c.push(build(k));
    return { c };
  };
  return { min: !!shape.min, root: build(0) };
}

/** The preorder arrays the core prints from: { degrees: Uint32Array, values: Float64Array }. */
export function toPreorder(tree) {
  const degrees = [], values = [];
  const walk = (n) => {
    degrees.push(n.c ? n.c.length : 0);
    values.push(n.c ? 0 : n.v);
    if (n.c) n.c.forEach(walk);
  };
  walk(tree.root);
  return { degrees: Uint32Array.from(degrees), values: Float64Array.from(values) };
}

/** The node at `path`, or null. */
export function nodeAt(tree, path) {
  let n = tree.root;
  for (const k of path) {
    if (!n?.c || k >= n.c.length) return null;
    n = n.c[k];
  }
  return n;
}

/** `tree` with the node at `path` replaced by `f(node)` (the nodes on the way copied). */
function update(tree, path, f) {
  const rec = (n, d) => (d === path.length ? f(n) : { c: n.c.map((ch, k) => (k === path[d] ? rec(ch, d + 1) : ch)) });
  return { min: tree.min, root: rec(tree.root, 0) };
}

/** A new leaf child (value 0) at the end of node `path`'s children (a leaf becomes an inner
 * node and loses its value): [tree, the new child's path]. */
export function addChild(tree, path) {
  const n = nodeAt(tree, path);
  const k = n.c ? n.c.length : 0;
  return [update(tree, path, (m) => ({ c: [...(m.c ?? []), { v: 0 }] })), [...path, k]];
}

/** The subtree at `path` removed (not the root): [tree, the path to select next]. A node whose
 * last child goes becomes a leaf of value 0. */
export function removeSubtree(tree, path) {
  if (!path.length) return null;
  const parent = path.slice(0, -1), k = path[path.length - 1];
  const t = update(tree, parent, (m) => (m.c.length === 1 ? { v: 0 } : { c: m.c.filter((_, i) => i !== k) }));
  const p = nodeAt(t, parent);
  if (!p.c) return [t, parent];
  return [t, [...parent, Math.min(k, p.c.length - 1)]];
}

/** The node at `path` moved `dir` (−1 left, +1 right) among its siblings: [tree, its new path],
 * or null at the end of the row. */
export function moveChild(tree, path, dir) {
  if (!path.length) return null;
  const parent = path.slice(0, -1), k = path[path.length - 1], j = k + dir;
  const p = nodeAt(tree, parent);
  if (j < 0 || j >= p.c.length) return null;
  const t = update(tree, parent, (m) => {
    const c = [...m.c];
    [c[k], c[j]] = [c[j], c[k]];
    return { c };
  });
  return [t, [...parent, j]];
}

/** The leaf at `path` with value `v`. */
export const setValue = (tree, path, v) => update(tree, path, () => ({ v }));

/** The tree with MIN (or MAX) at the root. */
export const setMin = (tree, min) => ({ min, root: tree.root });

/**
 * The nodes in preorder with what a drawing needs: [{ path, key (the path as "0.1.2"),
 * depth, x (leaf slot, parents centred over their children), leaf, value }].
 */
export function nodeList(tree) {
  const out = [];
  let slot = 0;
  const walk = (n, path) => {
    const item = { path, key: path.join('.'), depth: path.length, x: 0, leaf: !n.c, value: n.c ? null : n.v };
    out.push(item);
    if (!n.c) {
      item.x = slot++;
      return item.x;
    }
    const xs = n.c.map((ch, k) => walk(ch, [...path, k]));
    item.x = (xs[0] + xs[xs.length - 1]) / 2;
    return item.x;
  };
  walk(tree.root, []);
  return out;
}

/** The leaf after (`dir` 1) or before (−1) the node at `path` in preorder, or null. */
export function nextLeaf(tree, path, dir = 1) {
  const leaves = nodeList(tree).filter((n) => n.leaf);
  const key = path.join('.');
  const all = nodeList(tree);
  const at = all.findIndex((n) => n.key === key);
  const order = dir > 0 ? all.slice(at + 1) : all.slice(0, at).reverse();
  const hit = order.find((n) => n.leaf);
  return hit ? hit.path : leaves.length && dir > 0 && at < 0 ? leaves[0].path : null;
}

/** Whether two paths name the same node. */
export const samePath = (a, b) => a.length === b.length && a.every((k, i) => k === b[i]);
