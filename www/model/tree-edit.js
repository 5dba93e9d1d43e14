// The tree editor's model (issue 18 §1): an explicit tree as the editor holds it, and the edits
// on it. Every edit returns a new tree and leaves the old one as it was (the undo history keeps
// the old ones). The tree text is never read or written here: the core parses it into flat
// breadth-first arrays (wasm `tree_shape`) and prints the editor's preorder arrays back
// (wasm `tree_print`, which also refuses a tree past the parser's limits), so there is one
// parser and one printer, the core's. No DOM.
//
// A tree is { min, bounds, root }: `min` when MIN moves at the root, `bounds` null or [L, U]
// (the `bounds L U` header Ballard's Star1/Star2 need); a node is { v } (a leaf, its value from
// MAX's view), { c: [nodes] } (a decision node) or { c: [nodes], w: [weights] } (a chance node:
// `w[k]` is the weight of branch k, its probability w[k] / Σw). A node is named by its path: the
// child indices from the root ([] is the root).

/** The editor's tree from the core's breadth-first shape { first, values, weights, min, bounds }. */
export function fromShape(shape) {
  const { first, values } = shape;
  const weights = shape.weights ?? [];
  const build = (i) => {
    const lo = first[i], hi = first[i + 1];
    if (lo === hi) return { v: values[i] };
    const c = [];
    for (let k = lo; k < hi; k++) c.push(build(k));
    return weights.length && weights[lo] > 0 ? { c, w: Array.from(weights.subarray?.(lo, hi) ?? weights.slice(lo, hi)) } : { c };
  };
  return { min: !!shape.min, bounds: shape.bounds ? [shape.bounds[0], shape.bounds[1]] : null, root: build(0) };
}

/** The preorder arrays the core prints from: { degrees: Uint32Array, values: Float64Array,
 * chance: Uint8Array, weights: Uint32Array, bounds: Float64Array ([] or [L, U]) }. */
export function toPreorder(tree) {
  const degrees = [], values = [], chance = [], weights = [];
  const walk = (n, w) => {
    degrees.push(n.c ? n.c.length : 0);
    values.push(n.c ? 0 : n.v);
    chance.push(n.w ? 1 : 0);
    weights.push(w);
    if (n.c) n.c.forEach((ch, k) => walk(ch, n.w ? n.w[k] : 0));
  };
  walk(tree.root, 0);
  return {
    degrees: Uint32Array.from(degrees), values: Float64Array.from(values), chance: Uint8Array.from(chance),
    weights: Uint32Array.from(weights), bounds: Float64Array.from(tree.bounds ?? []),
  };
}

/** Whether the tree holds a chance node. */
export function hasChance(tree) {
  const rec = (n) => !!n.w || (!!n.c && n.c.some(rec));
  return rec(tree.root);
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

/** An inner node with children `c`, keeping `m`'s chance weights `w` when it has them. */
const inner = (m, c, w) => (m.w ? { c, w } : { c });

/** `tree` with the node at `path` replaced by `f(node)` (the nodes on the way copied). */
function update(tree, path, f) {
  const rec = (n, d) => (d === path.length ? f(n) : inner(n, n.c.map((ch, k) => (k === path[d] ? rec(ch, d + 1) : ch)), n.w));
  return { min: tree.min, bounds: tree.bounds ?? null, root: rec(tree.root, 0) };
}

/** A new leaf child (value 0; weight 1 below a chance node) at the end of node `path`'s
 * children (a leaf becomes a decision node and loses its value): [tree, the new child's path]. */
export function addChild(tree, path) {
  const n = nodeAt(tree, path);
  const k = n.c ? n.c.length : 0;
  return [update(tree, path, (m) => inner(m, [...(m.c ?? []), { v: 0 }], m.w && [...m.w, 1])), [...path, k]];
}

/** The node at `path` turned from a decision node into a chance node (every branch weight 1)
 * or back (the weights dropped); a leaf becomes a chance node with one branch, the leaf. */
export function toggleChance(tree, path) {
  return update(tree, path, (m) => (!m.c ? { c: [{ v: m.v }], w: [1] } : m.w ? { c: m.c } : { c: m.c, w: m.c.map(() => 1) }));
}

/** The weight of the branch into the node at `path` (its parent a chance node) set to `w`;
 * null when the parent is not a chance node. The core checks the range. */
export function setWeight(tree, path, w) {
  if (!path.length) return null;
  const parent = path.slice(0, -1), k = path[path.length - 1];
  if (!nodeAt(tree, parent)?.w) return null;
  return update(tree, parent, (m) => ({ c: m.c, w: m.w.map((x, i) => (i === k ? w : x)) }));
}

/** The tree with the `bounds L U` header set ([L, U]) or removed (null). */
export const setBounds = (tree, bounds) => ({ min: tree.min, bounds, root: tree.root });

/** The weight of the branch into `path` and its probability's parts [w, S], or null. */
export function branchWeight(tree, path) {
  if (!path.length) return null;
  const p = nodeAt(tree, path.slice(0, -1));
  if (!p?.w) return null;
  return [p.w[path[path.length - 1]], p.w.reduce((a, b) => a + b, 0)];
}

/** The subtree at `path` removed (not the root): [tree, the path to select next]. A node whose
 * last child goes becomes a leaf of value 0. */
export function removeSubtree(tree, path) {
  if (!path.length) return null;
  const parent = path.slice(0, -1), k = path[path.length - 1];
  const t = update(tree, parent, (m) => (m.c.length === 1 ? { v: 0 } : inner(m, m.c.filter((_, i) => i !== k), m.w?.filter((_, i) => i !== k))));
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
    const c = [...m.c], w = m.w && [...m.w];
    [c[k], c[j]] = [c[j], c[k]];
    if (w) [w[k], w[j]] = [w[j], w[k]];
    return inner(m, c, w);
  });
  return [t, [...parent, j]];
}

/** The leaf at `path` with value `v`. */
export const setValue = (tree, path, v) => update(tree, path, () => ({ v }));

/** The tree with MIN (or MAX) at the root. */
export const setMin = (tree, min) => ({ min, bounds: tree.bounds ?? null, root: tree.root });

/**
 * The nodes in preorder with what a drawing needs: [{ path, key (the path as "0.1.2"),
 * depth, x (leaf slot, parents centred over their children), leaf, value, chance, max (the
 * player at the node: a decision node's children belong to the other player, a chance node's
 * to its own, docs/cli.md "Tree text"), weight, total (the branch's w and its parent's Σw, or null) }].
 */
export function nodeList(tree) {
  const out = [];
  let slot = 0;
  const walk = (n, path, max, weight, total) => {
    const item = { path, key: path.join('.'), depth: path.length, x: 0, leaf: !n.c, value: n.c ? null : n.v, chance: !!n.w, max, weight, total };
    out.push(item);
    if (!n.c) {
      item.x = slot++;
      return item.x;
    }
    const sum = n.w ? n.w.reduce((a, b) => a + b, 0) : null;
    const xs = n.c.map((ch, k) => walk(ch, [...path, k], n.w ? max : !max, n.w ? n.w[k] : null, sum));
    item.x = (xs[0] + xs[xs.length - 1]) / 2;
    return item.x;
  };
  walk(tree.root, [], !tree.min, null, null);
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
