// Compare mode's layout: one layout for both traces of a comparison, so that matched nodes sit
// at the same x in both views. The matching itself is the core's (src/trace/diff.rs, through
// the wasm adapter); this module only places the union of the two trees. No DOM.

import { NONE } from './store.js';

const ROOT_GAP = 1.5; // as in layout.js

/**
 * Lays out the union of trees A and B (each matched pair once; a node's children are its A
 * children in A's order, then the children only B visited, in B's order) like layout.js:
 * leaves on consecutive slots in preorder, parents centred over their first and last child, a
 * gap between root searches. `d`: the comparison ({aToB, bToA, perPly}). Returns { xA, xB
 * (Float32Array), width, plyListsA, plyListsB (per ply, the ids sorted by x, as { a, n }),
 * ms }.
 */
export function alignedLayout(A, B, d) {
  const t0 = performance.now();
  const { aToB, bToA } = d;
  const nextA = nextSiblings(A), nextB = nextSiblings(B);
  const xA = new Float32Array(Math.max(1, A.n));
  const xB = new Float32Array(Math.max(1, B.n));
  const listsA = d.perPly.map((p) => ({ a: new Uint32Array(p.left), n: 0 }));
  const listsB = d.perPly.map((p) => ({ a: new Uint32Array(p.right), n: 0 }));
  const CAP = 1024; // plies are bytes: 256 levels at most, plus the root
  const sA = new Uint32Array(CAP), sB = new Uint32Array(CAP), cur = new Uint32Array(CAP);
  const phase = new Uint8Array(CAP), has = new Uint8Array(CAP);
  const fx = new Float64Array(CAP), lx = new Float64Array(CAP);
  const firstChild = (S, id) => (S.lastChild[id] === NONE ? NONE : id + 1);
  let sp = 0;
  let slot = 0;
  let roots = 0;
  const push = (a, b) => {
    const q = sp;
    sA[sp] = a;
    sB[sp] = b;
    has[sp] = 0;
    if (a !== NONE) {
      const l = listsA[q];
      l.a[l.n++] = a;
      phase[sp] = 0;
      cur[sp] = firstChild(A, a);
    } else {
      phase[sp] = 1;
      cur[sp] = firstChild(B, b);
    }
    if (b !== NONE) {
      const l = listsB[q];
      l.a[l.n++] = b;
    }
    sp++;
  };
  const visit = (a, b) => {
    if (roots++ > 0) slot += ROOT_GAP;
    push(a, b);
    while (sp > 0) {
      const t = sp - 1;
      if (phase[t] === 0) {
        const c = cur[t];
        if (c !== NONE) {
          cur[t] = nextA[c];
          push(c, aToB[c]);
          continue;
        }
        phase[t] = 1;
        cur[t] = sB[t] !== NONE ? firstChild(B, sB[t]) : NONE;
      }
      let c = cur[t];
      while (c !== NONE && bToA[c] !== NONE) c = nextB[c];
      if (c !== NONE) {
        cur[t] = nextB[c];
        push(NONE, c);
        continue;
      }
      // all children done: place the node
      const x = has[t] ? (fx[t] + lx[t]) * 0.5 : slot++;
      if (sA[t] !== NONE) xA[sA[t]] = x;
      if (sB[t] !== NONE) xB[sB[t]] = x;
      sp--;
      if (sp > 0) {
        const p = sp - 1;
        if (!has[p]) {
          fx[p] = x;
          has[p] = 1;
        }
        lx[p] = x;
      }
    }
  };
  const rA = A.roots, rB = B.roots;
  const common = Math.min(rA.length, rB.length);
  for (let k = 0; k < common; k++) visit(rA[k], rB[k]);
  for (let k = common; k < rA.length; k++) visit(rA[k], NONE);
  for (let k = common; k < rB.length; k++) visit(NONE, rB[k]);
  return { xA, xB, width: Math.max(1, slot), plyListsA: listsA, plyListsB: listsB, ms: performance.now() - t0 };
}

/** Every node's next sibling in id order (NONE after the last child), in one pass. */
function nextSiblings(S) {
  const next = new Uint32Array(S.n).fill(NONE);
  const last = new Uint32Array(S.n).fill(NONE);
  const parent = S.parent;
  for (let id = 0; id < S.n; id++) {
    const p = parent[id];
    if (p === NONE) continue;
    if (last[p] !== NONE) next[last[p]] = id;
    last[p] = id;
  }
  return next;
}

/**
 * A read-only layout for a tree canvas with externally computed x (alignedLayout): nothing
 * collapses in compare mode.
 */
export class FixedLayout {
  constructor(n, x, width, plyLists) {
    this.x = x;
    this.lf = new Uint8Array(Math.max(1, n));
    this.width = width;
    this.plyLists = plyLists;
    this.collapsed = new Set();
  }
  hiderOf() {
    return NONE;
  }
  isCollapsed() {
    return false;
  }
  toggle() {
    return false;
  }
  reveal() {
    return false;
  }
  expandAll() {
    return false;
  }
  update() {
    return false;
  }
}

/** The node of the other trace that a cursor at `id` follows: its match, or the match of its
 * nearest matched ancestor (then `exact` is false). */
export function follow(match, parent, id) {
  let a = id;
  while (a !== NONE && a !== undefined) {
    if (match[a] !== NONE) return { id: match[a], from: a, exact: a === id };
    a = parent[a];
  }
  return { id: NONE, from: NONE, exact: false };
}
