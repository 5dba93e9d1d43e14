// The whole explicit tree, pruned subtrees included, laid out for teaching: Russell & Norvig's
// figure draws the leaves alpha-beta never looked at greyed, with their values, beside the ones
// it searched. The tree's shape (children and leaf values) comes from the core through wasm
// (`tree_shape`, one call, flat typed arrays); the page never parses the tree text itself.
// Pruned moves are the trace's own: each node's `pruned` list as the core gives it (through
// Names: src/trace_file/json.rs `node_pruned`, the trace file's rule), fetched for every node in one
// call. No DOM.
//
// The layout is the tidy one of www/model/layout.js (leaves on consecutive slots in preorder,
// parents centred over their first and last child), with the pruned subtrees' leaves taking
// slots right after their parent's searched children; so within a ply, x still grows with the
// node id and the ply lists stay a spatial index.

import { NONE } from './store.js';
import { L_HIDDEN, L_COLLAPSED } from './layout.js';
import { fmtFraction } from './format.js';
import { NODE_KINDS_CODE as NK } from '../schema.js';

/** Explicit trees up to this many nodes are drawn whole (textbook sizes and well beyond). */
export const MAX_WHOLE_TREE = 20_000;
const ROOT_GAP = 1.5;

/**
 * A layout with ghosts, given `pruned(id)`, the child indices node `id` pruned (the core's list,
 * in order): { x, lf, width, collapsed, hiderOf, version, ghosts } where ghosts =
 * { n, x, ply, parent (ghost index, or -1 - trace id), value (leaf value from MAX's view, NaN
 * for an inner node), code (child index under its parent), min (1 when MIN moves at it), chance
 * (1 for a chance node), prob (the probability w/S of the branch into it, exact, when its parent
 * is a chance node, else null), cuts: [{ id, first (ghost index), ev (event from which they are
 * known), cutEv (the cut-off event, or -1) }] }. Who moves at a pruned node and whether it is a
 * chance node come from the core's data, never from the ply's parity: the player at the trace
 * node above (the store's `turn`) and, below it, each node's own kind in the tree's shape (a
 * node is a chance node when its branches carry weights; its children are its own player's,
 * a decision node's the other player's).
 */
export function wholeTreeLayout(st, shape, pruned, until = -1, collapsed = new Set()) {
  const { first, values } = shape;
  const weights = shape.weights ?? [];
  const n = st.n;
  const x = new Float32Array(n);
  const lf = new Uint8Array(n);
  const g = { n: 0, x: [], ply: [], parent: [], value: [], code: [], min: [], chance: [], prob: [], cuts: [] };
  /** Whether shape node `tp` is a chance node: its branches carry weights (tree_shape). */
  const isChance = (tp) => first[tp + 1] > first[tp] && weights[first[tp]] > 0;
  /** The probability of the branch into shape node `tp`, child `code` of chance node `tpp`. */
  const prob = (tpp, tp) => {
    let sum = 0;
    for (let c = first[tpp]; c < first[tpp + 1]; c++) sum += weights[c];
    return fmtFraction(weights[tp], sum);
  };
  let slot = 0;
  // the cut-off event of each node (textbook sizes: one pass over the marker list)
  const cutEv = new Map();
  const m = st.marks.cutoff;
  for (let k = 0; k < m.n; k++) cutEv.set(st.nodeOf(m.a[k]), m.a[k]);

  const childPos = (tp, code) => (tp >= 0 && code < first[tp + 1] - first[tp] ? first[tp] + code : -1);

  /** A pruned node: shape node `tp` at `ply`, child `code` of `parentRef` (shape node
   * `tpp`), with `min` 1 when MIN moves at it. */
  function ghost(tp, ply, parentRef, code, min, tpp) {
    if (g.n >= MAX_WHOLE_TREE) throw new RangeError('too many pruned nodes');
    const k = g.n++;
    g.code.push(code);
    g.ply.push(ply);
    g.parent.push(parentRef);
    g.x.push(0);
    const chance = isChance(tp);
    g.min.push(min);
    g.chance.push(chance ? 1 : 0);
    g.prob.push(isChance(tpp) ? prob(tpp, tp) : null);
    const deg = first[tp + 1] - first[tp];
    if (!deg) {
      g.value.push(values[tp]);
      g.x[k] = slot++;
      return g.x[k];
    }
    g.value.push(NaN);
    let lo = NaN, hi = NaN;
    for (let c = 0; c < deg; c++) {
      const cx = ghost(first[tp] + c, ply + 1, k, c, chance ? min : min ^ 1, tp);
      if (c === 0) lo = cx;
      hi = cx;
    }
    g.x[k] = (lo + hi) / 2;
    return g.x[k];
  }

  // A lesson (`until` ≥ 0, the cursor's event) draws the input tree, not the search: a
  // re-search the search has not entered by then is a second copy of a node the student can
  // already see, and drawing it early would answer "will it be searched again?". It takes no
  // slot, and its subtree is hidden at its scout's place until it is entered.
  const later = (id) => until >= 0 && st.isResearch(id) && st.enterOf(id) > until;
  const hide = (id, at) => {
    const e = st.end(id);
    lf.fill(L_HIDDEN, id, e);
    x.fill(at, id, e);
  };

  // a collapsed node (X): its subtree, searched and pruned alike, folds into it, and its mark
  // counts the input tree's nodes under it, never the searched ones (issue 29 §3)
  const folded = new Map();
  const below = (tp) => {
    let k = 0;
    for (const stack = [tp]; stack.length; ) {
      const q = stack.pop();
      for (let c = first[q]; c < first[q + 1]; c++) {
        k++;
        stack.push(c);
      }
    }
    return k;
  };

  function place(id, tp) {
    if (collapsed.has(id) && st.lastChild[id] !== NONE) {
      const at = slot++;
      hide(id, at);
      lf[id] = L_COLLAPSED;
      folded.set(id, tp >= 0 ? below(tp) : st.end(id) - id - 1);
      x[id] = at;
      return at;
    }
    let lo = NaN, hi = NaN;
    const seen = new Set();
    st.forChildren(id, (c) => {
      seen.add(st.code[c]);
      if (later(c)) return;
      const cx = place(c, st.isNull(c) ? -1 : childPos(tp, st.code[c]));
      if (Number.isNaN(lo)) lo = cx;
      hi = cx;
    });
    const cut = tp >= 0 ? pruned(id) : null;
    if (cut?.length) {
      const deg = first[tp + 1] - first[tp];
      let firstGhost = -1;
      for (const c of cut) {
        if (seen.has(c) || c >= deg) continue;
        if (firstGhost < 0) firstGhost = g.n;
        // the player below trace node `id`: its own under a chance node, else the other one
        const min = (st.turn[id] & 1) ^ (st.nodeKind(id) === NK.CHANCE ? 0 : 1);
        const gx = ghost(first[tp] + c, st.ply[id] + 1, -1 - id, c, min, tp);
        if (Number.isNaN(lo)) lo = gx;
        hi = gx;
      }
      if (firstGhost >= 0) {
        const ce = cutEv.get(id) ?? -1;
        g.cuts.push({ id, first: firstGhost, end: g.n, ev: ce >= 0 ? ce : st.exitEv[id], cutEv: ce });
      }
    }
    x[id] = Number.isNaN(lo) ? slot++ : (lo + hi) / 2;
    return x[id];
  }
  // hidden re-searches sit on the node they repeat (the cursor ring and a zoom find them there)
  for (const [r, of] of st.researchOf) if (later(r)) hide(r, x[of]);

  for (const r of st.roots) {
    if (slot > 0) slot += ROOT_GAP;
    place(r, 0);
  }
  return {
    x,
    lf,
    width: Math.max(1, slot),
    collapsed: new Set(collapsed),
    // the outermost hidden node at or above `id` (a re-search not entered yet, or the children
    // of a collapsed node: the scene skips its whole subtree)
    hiderOf: (id) => {
      let h = NONE;
      for (let p = id; p !== NONE && lf[p] & L_HIDDEN; p = st.parent[p]) h = p;
      return h;
    },
    /** The nodes of the input tree under collapsed node `id` (its mark's count). */
    subtreeSize: (id) => folded.get(id),
    ghosts: { n: g.n, x: Float32Array.from(g.x), ply: Uint16Array.from(g.ply), parent: Int32Array.from(g.parent), value: Float64Array.from(g.value), code: Uint16Array.from(g.code), min: Uint8Array.from(g.min), chance: Uint8Array.from(g.chance), prob: g.prob, cuts: g.cuts },
  };
}

/**
 * The explore view's layout source: the whole tree for a finished explicit-tree trace of
 * textbook size (with the trace layout's collapsed nodes folded), else the trace's own
 * incremental layout. Cached by
 * trace generation and store version.
 */
export class WholeTree {
  constructor(core) {
    this.core = core;
    this.shapeText = null;
    this.shape = null;
    this.key = '';
    this.layout = null;
  }

  /** The layout to draw `trace` with; `until` ≥ 0 (a lesson: the cursor's event) leaves out
   * the re-searches not entered by then (wholeTreeLayout). */
  for(trace, until = -1) {
    const st = trace.store;
    const own = trace.layout;
    if (trace.running || !st.n || trace.input?.kind !== 'tree' || !this.core?.tree_shape) return own;
    // A trace of more nodes than a whole tree may hold is not of textbook size, however small
    // its tree: a Star2 search of a 200-deep chain stopped after 300,000 nodes would otherwise
    // fetch every node's pruned list by its path from the root (nodes × depth) on Stop, and
    // hold the tab for seconds.
    if (st.n > MAX_WHOLE_TREE) return own;
    const text = trace.input.text;
    if (typeof text !== 'string' || text.length > 1 << 20) return own;
    // the layout changes only when a re-search is entered: key on how many are
    let shown = -1;
    if (until >= 0) {
      shown = 0;
      for (const r of st.researchOf.keys()) if (st.enterOf(r) <= until) shown++;
    }
    const key = `${trace.uid}|${trace.generation}|${st.version}|${st.n}|${st.nev}|${shown}|${[...own.collapsed].join(',')}`;
    if (key === this.key) return this.layout ?? own;
    this.key = key;
    this.layout = null;
    try {
      if (this.shapeText !== text) {
        this.shape = null;
        this.shapeText = text;
        const shape = this.core.tree_shape(text);
        if (shape.values.length <= MAX_WHOLE_TREE) this.shape = shape;
      }
      if (this.shape) {
        const names = trace.names;
        names.prefetchPruned(Array.from({ length: st.n }, (_, id) => id));
        this.layout = wholeTreeLayout(st, this.shape, (id) => (names.cachedPruned(id) ?? []).map((m) => m.code), until, own.collapsed);
      }
    } catch {
      // a tree the core refuses or one too large to draw whole: the searched nodes only
      this.layout = null;
    }
    return this.layout ?? own;
  }
}

/** How many plies the pruned subtrees `g` (a whole-tree layout's ghosts) reach below the deepest
 * searched node of `st`. */
export function ghostDepth(st, g) {
  let deep = 0;
  for (let k = 0; k < g.n; k++) deep = Math.max(deep, g.ply[k] - st.maxPly);
  return deep;
}

/**
 * An explicit tree before its search (the problem, drawn by www/views/draw/problem.js), laid
 * out from its shape (wasm `tree_shape`): leaves in slots left to right, a parent over its
 * first and last child. The shape's layout: per node { x (slot units), ply, parent, code, leaf, min, chance }, the slots and plies.
 */
export function problemLayout(shape) {
  const { first, values } = shape;
  const weights = shape.weights ?? [];
  const nodes = [];
  let slot = 0, depth = 0;
  const isChance = (tp) => first[tp + 1] > first[tp] && weights[first[tp]] > 0;
  const place = (tp, ply, parent, code, min) => {
    const k = nodes.length;
    const chance = isChance(tp);
    nodes.push({ x: 0, ply, parent, code, leaf: first[tp + 1] === first[tp], value: values[tp], min, chance });
    depth = Math.max(depth, ply);
    if (nodes[k].leaf) nodes[k].x = slot++;
    else {
      let lo = NaN, hi = NaN;
      for (let c = first[tp]; c < first[tp + 1]; c++) {
        const cx = place(c, ply + 1, k, c - first[tp], chance ? min : !min);
        if (Number.isNaN(lo)) lo = cx;
        hi = cx;
      }
      nodes[k].x = (lo + hi) / 2;
    }
    return nodes[k].x;
  };
  place(0, 0, -1, 0, !!shape.min);
  return { nodes, slots: Math.max(1, slot), depth };
}

