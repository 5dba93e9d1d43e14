// Comparing two traces node by node: the page's side of src/diff.rs, with the same matching
// rule (docs/compare.md). A node is identified by its path of move codes from the root (child
// indices for trees, from | to << 6 | promotion << 12 for chess, 0xFFFF for a null move) and,
// at every step, by which visit of that move it is: the k-th time one search enters a move under
// a matched parent matches the k-th time the other does. The k-th root search matches the k-th.
//
// Inputs are anything with { n, parent: Uint32Array, code: Uint16Array } (a TraceStore), plus
// value and flags (28-byte record layout) for the "changed" marks. Everything is O(n) over typed
// arrays: no per-node objects, no string keys.

export const NO = -1;
const NO_PARENT = 0xffffffff;
const F_EXITED = 1 << 5;
export const CHANGED_VALUE = 1;
export const CHANGED_BOUND = 2;
export const CHANGED_TYPE = 4;

/** First child, next sibling (in id order) and the roots of a trace. */
export function links(t) {
  const n = t.n;
  const first = new Int32Array(n).fill(NO);
  const next = new Int32Array(n).fill(NO);
  const last = new Int32Array(n).fill(NO);
  const roots = [];
  const parent = t.parent;
  for (let id = 0; id < n; id++) {
    const p = parent[id];
    if (p === NO_PARENT) {
      roots.push(id);
      continue;
    }
    if (last[p] === NO) first[p] = id;
    else next[last[p]] = id;
    last[p] = id;
  }
  return { first, next, roots: Int32Array.from(roots) };
}

function plies(t) {
  const n = t.n;
  const ply = new Uint16Array(n);
  const parent = t.parent;
  let max = 0;
  for (let id = 0; id < n; id++) {
    const p = parent[id];
    if (p !== NO_PARENT) {
      const q = ply[p] + 1;
      ply[id] = q;
      if (q > max) max = q;
    }
  }
  return { ply, max };
}

function subtreeSizes(t) {
  const n = t.n;
  const size = new Uint32Array(n).fill(1);
  const parent = t.parent;
  for (let id = n - 1; id >= 0; id--) {
    const p = parent[id];
    if (p !== NO_PARENT) size[p] += size[id];
  }
  return size;
}

// Per move code, the next unclaimed left child with that code, and the chain's tail while it is
// built. Reset after every parent, so it stays all NO between calls.
let HEAD = null, TAIL = null;

/**
 * Matches trace `A` (left) with trace `B` (right). Returns { aToB, bToA (Int32Array, -1 = not
 * visited by the other search), onlyA, onlyB, both, changed (+ per cause), changes (per A node:
 * value 1 | bound 2 | expected type 4), perPly {a, b, onlyA, onlyB, both} (arrays by ply),
 * sizeA, sizeB (subtree sizes), plyA, plyB, linksA, linksB, ms }.
 */
export function diffTraces(A, B) {
  const t0 = performance.now();
  const nA = A.n, nB = B.n;
  const LA = links(A), LB = links(B);
  const aToB = new Int32Array(nA).fill(NO);
  const bToA = new Int32Array(nB).fill(NO);
  for (let k = 0; k < Math.min(LA.roots.length, LB.roots.length); k++) {
    aToB[LA.roots[k]] = LB.roots[k];
    bToA[LB.roots[k]] = LA.roots[k];
  }
  if (!HEAD) {
    HEAD = new Int32Array(1 << 16).fill(NO);
    TAIL = new Int32Array(1 << 16).fill(NO);
  }
  const head = HEAD, tail = TAIL;
  const sameNext = new Int32Array(nA).fill(NO);
  const codeA = A.code, codeB = B.code;
  const firstA = LA.first, nextA = LA.next, firstB = LB.first, nextB = LB.next;
  for (let a = 0; a < nA; a++) {
    const b = aToB[a];
    if (b === NO || firstA[a] === NO || firstB[b] === NO) continue;
    for (let c = firstA[a]; c !== NO; c = nextA[c]) {
      const code = codeA[c];
      if (head[code] === NO) head[code] = c;
      else sameNext[tail[code]] = c;
      tail[code] = c;
    }
    for (let d = firstB[b]; d !== NO; d = nextB[d]) {
      const code = codeB[d];
      const c = head[code];
      if (c !== NO) {
        aToB[c] = d;
        bToA[d] = c;
        head[code] = sameNext[c];
      }
    }
    for (let c = firstA[a]; c !== NO; c = nextA[c]) {
      head[codeA[c]] = NO;
      tail[codeA[c]] = NO;
    }
  }
  const matchMs = performance.now() - t0;

  // counts, per ply, and what changed between matched nodes
  const PA = plies(A), PB = plies(B);
  const depth = Math.max(PA.max, PB.max) + 1;
  const perPly = {
    a: new Array(depth).fill(0),
    b: new Array(depth).fill(0),
    onlyA: new Array(depth).fill(0),
    onlyB: new Array(depth).fill(0),
    both: new Array(depth).fill(0),
  };
  const changes = new Uint8Array(nA);
  let both = 0, changed = 0, changedValue = 0, changedBound = 0, changedType = 0;
  const vA = A.value, vB = B.value, fA = A.flags, fB = B.flags;
  for (let a = 0; a < nA; a++) {
    const q = PA.ply[a];
    perPly.a[q]++;
    const b = aToB[a];
    if (b === NO) {
      perPly.onlyA[q]++;
      continue;
    }
    perPly.both[q]++;
    both++;
    if (!vA || !fA || !(fA[a] & F_EXITED) || !(fB[b] & F_EXITED)) continue;
    let bits = 0;
    if (vA[a] !== vB[b]) {
      bits |= CHANGED_VALUE;
      changedValue++;
    }
    if ((fA[a] & 3) !== (fB[b] & 3)) {
      bits |= CHANGED_BOUND;
      changedBound++;
    }
    if (((fA[a] >> 2) & 3) !== ((fB[b] >> 2) & 3)) {
      bits |= CHANGED_TYPE;
      changedType++;
    }
    if (bits) changed++;
    changes[a] = bits;
  }
  for (let b = 0; b < nB; b++) {
    const q = PB.ply[b];
    perPly.b[q]++;
    if (bToA[b] === NO) perPly.onlyB[q]++;
  }
  const out = {
    nA,
    nB,
    aToB,
    bToA,
    onlyA: nA - both,
    onlyB: nB - both,
    both,
    changed,
    changedValue,
    changedBound,
    changedType,
    changes,
    perPly,
    sizeA: subtreeSizes(A),
    sizeB: subtreeSizes(B),
    plyA: PA.ply,
    plyB: PB.ply,
    linksA: LA,
    linksB: LB,
    ms: 0,
    matchMs,
  };
  out.ms = performance.now() - t0;
  return out;
}

const ROOT_GAP = 1.5; // as in layout.js

/**
 * One layout for both traces, so that matched nodes sit at the same x in both views: the union
 * of the two trees (each matched pair once; a node's children are its A children in A's order,
 * then the children only B visited, in B's order), laid out like layout.js (leaves on
 * consecutive slots in preorder, parents centred over their first and last child, a gap between
 * root searches). Returns { xA, xB (Float32Array), width, plyListsA, plyListsB (per ply, the ids
 * sorted by x, as { a: Uint32Array, n }), ms }.
 */
export function alignedLayout(d) {
  const t0 = performance.now();
  const { aToB, bToA, linksA: LA, linksB: LB, perPly } = d;
  const xA = new Float32Array(Math.max(1, d.nA));
  const xB = new Float32Array(Math.max(1, d.nB));
  const listsA = perPly.a.map((c) => ({ a: new Uint32Array(c), n: 0 }));
  const listsB = perPly.b.map((c) => ({ a: new Uint32Array(c), n: 0 }));
  const CAP = 1024; // plies are bytes: 256 levels at most, plus the root
  const sA = new Int32Array(CAP), sB = new Int32Array(CAP), cur = new Int32Array(CAP);
  const phase = new Uint8Array(CAP), has = new Uint8Array(CAP);
  const fx = new Float64Array(CAP), lx = new Float64Array(CAP);
  let sp = 0;
  let slot = 0;
  let roots = 0;
  const push = (a, b) => {
    const q = sp;
    sA[sp] = a;
    sB[sp] = b;
    has[sp] = 0;
    if (a !== NO) {
      const l = listsA[q];
      l.a[l.n++] = a;
      phase[sp] = 0;
      cur[sp] = LA.first[a];
    } else {
      phase[sp] = 1;
      cur[sp] = LB.first[b];
    }
    if (b !== NO) {
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
        if (c !== NO) {
          cur[t] = LA.next[c];
          push(c, aToB[c]);
          continue;
        }
        phase[t] = 1;
        cur[t] = sB[t] !== NO ? LB.first[sB[t]] : NO;
      }
      let c = cur[t];
      while (c !== NO && bToA[c] !== NO) c = LB.next[c];
      if (c !== NO) {
        cur[t] = LB.next[c];
        push(NO, c);
        continue;
      }
      // all children done: place the node
      const x = has[t] ? (fx[t] + lx[t]) * 0.5 : slot++;
      if (sA[t] !== NO) xA[sA[t]] = x;
      if (sB[t] !== NO) xB[sB[t]] = x;
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
  const rA = LA.roots, rB = LB.roots;
  const common = Math.min(rA.length, rB.length);
  for (let k = 0; k < common; k++) visit(rA[k], rB[k]);
  for (let k = common; k < rA.length; k++) visit(rA[k], NO);
  for (let k = common; k < rB.length; k++) visit(NO, rB[k]);
  return { xA, xB, width: Math.max(1, slot), plyListsA: listsA, plyListsB: listsB, ms: performance.now() - t0 };
}

/**
 * A read-only layout for a TreeView / drawTree with externally computed x (alignedLayout):
 * nothing collapses in compare mode.
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
    return 0xffffffff;
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

/** The node `id` of the other trace that a cursor at `id` follows: its match, or the match of
 * its nearest matched ancestor (then `exact` is false). */
export function follow(match, parent, id) {
  let a = id;
  while (a !== NO && a !== NO_PARENT && a !== undefined) {
    if (match[a] !== NO) return { id: match[a], from: a, exact: a === id };
    a = parent[a];
  }
  return { id: NO, from: NO, exact: false };
}
