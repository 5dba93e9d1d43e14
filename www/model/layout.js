// Tidy layered layout of one trace, d3-cluster style but O(n) and incremental (no DOM):
//   x = leaf order (each leaf gets the next slot; a node's first child inherits the node's own
//       slot, since in preorder it arrives right after it), parents centred over their first
//       and last child; y = ply.
// Within one ply, x increases with the node id, so a ply's id list doubles as a spatial index
// (binary search the visible range). Collapsed subtrees fold into their root's slot.

import { NONE } from './store.js';

export const L_HIDDEN = 1;
export const L_COLLAPSED = 2;
const ROOT_GAP = 1.5; // extra slots between the trees of successive root searches

export class Layout {
  constructor(store) {
    this.store = store;
    this.collapsed = new Set();
    this.reset();
  }

  reset() {
    this.x = new Float32Array(0);
    this.lf = new Uint8Array(0);
    this.done = 0;
    this.nextSlot = 0;
    this.collapsed.clear();
    this.version = 0;
  }

  _ensure(n) {
    if (this.x.length >= n) return;
    // follow the store's capacity (which grows by doubling, or was reserved up front)
    const cap = Math.max(n, this.store.cap);
    const x = new Float32Array(cap);
    x.set(this.x);
    const lf = new Uint8Array(cap);
    lf.set(this.lf);
    this.x = x;
    this.lf = lf;
  }

  /** Width of the laid-out forest in slots. */
  get width() {
    return Math.max(1, this.nextSlot);
  }

  /** Lays out the nodes added since the last call: O(new nodes + depth). */
  update() {
    const s = this.store;
    const a = this.done, n = s.n;
    if (n === a) return false;
    this._ensure(n);
    const { x, lf } = this;
    const { parent, lastChild } = s;
    // lf[id] is 0 for every id not laid out yet (fresh room, or past what relayout wrote), so a
    // visible node's 0 is not written: the lf column of a trace with nothing collapsed stays
    // untouched memory, never resident (a byte a node of a large trace)
    for (let id = a; id < n; id++) {
      const p = parent[id];
      if (p === NONE) {
        if (this.nextSlot > 0) this.nextSlot += ROOT_GAP;
        x[id] = this.nextSlot++;
      } else if (lf[p] !== 0) {
        // under a collapsed or hidden node
        lf[id] = L_HIDDEN;
        x[id] = x[p];
      } else {
        x[id] = id === p + 1 ? x[p] : this.nextSlot++;
      }
    }
    // centre the new internal nodes, then the ancestors they hang from (bottom-up)
    for (let id = n - 1; id >= a; id--) {
      const lc = lastChild[id];
      if (lc !== NONE && lf[id] === 0) x[id] = (x[id + 1] + x[lc]) * 0.5;
    }
    for (let id = a - 1; id !== NONE && id >= 0; id = parent[id]) {
      const lc = lastChild[id];
      if (lc !== NONE && lf[id] === 0) x[id] = (x[id + 1] + x[lc]) * 0.5;
    }
    this.done = n;
    this.version++;
    return true;
  }

  /** Full O(n) layout, honouring collapsed subtrees. */
  relayout() {
    const s = this.store;
    const n = s.n;
    this._ensure(n);
    const { x, lf } = this;
    const { parent, lastChild } = s;
    let slot = 0;
    let id = 0;
    while (id < n) {
      const p = parent[id];
      if (p === NONE && slot > 0) slot += ROOT_GAP;
      x[id] = p !== NONE && id === p + 1 ? x[p] : slot++;
      if (this.collapsed.has(id) && lastChild[id] !== NONE) {
        lf[id] = L_COLLAPSED;
        const e = s.end(id);
        lf.fill(L_HIDDEN, id + 1, e);
        x.fill(x[id], id + 1, e);
        id = e;
        continue;
      }
      lf[id] = this.collapsed.has(id) ? L_COLLAPSED : 0;
      id++;
    }
    for (let k = n - 1; k >= 0; k--) {
      const lc = lastChild[k];
      if (lc !== NONE && lf[k] === 0) x[k] = (x[k + 1] + x[lc]) * 0.5;
    }
    this.nextSlot = slot;
    this.done = n;
    this.version++;
  }

  isCollapsed(id) {
    return this.collapsed.has(id);
  }

  /** Collapses or expands the subtree under `id`. Returns true when something changed. */
  toggle(id) {
    if (this.collapsed.has(id)) this.collapsed.delete(id);
    else if (this.store.lastChild[id] !== NONE) this.collapsed.add(id);
    else return false;
    this.relayout();
    return true;
  }

  /** Expands every collapsed ancestor of `id` so that it is visible. */
  reveal(id) {
    const s = this.store;
    let changed = false;
    for (let p = s.parent[id]; p !== NONE; p = s.parent[p]) {
      if (this.collapsed.delete(p)) changed = true;
    }
    if (changed) this.relayout();
    return changed;
  }

  expandAll() {
    if (!this.collapsed.size) return false;
    this.collapsed.clear();
    this.relayout();
    return true;
  }

  /** The collapsed ancestor that hides `id` (or NONE). */
  hiderOf(id) {
    const s = this.store;
    let h = NONE;
    for (let p = s.parent[id]; p !== NONE; p = s.parent[p]) if (this.lf[p] === L_COLLAPSED) h = p;
    return h;
  }

  bytes() {
    return this.x.byteLength + this.lf.byteLength;
  }
}

/**
 * The layout of the nodes entered by event `cursor` only, as if the search had stopped there: a
 * lesson on a game (www/views/trees.js `hideFuture`) draws no node the search has not entered,
 * and must not leave room for them either — a gap after a node, or a row below it, would tell
 * how much the search will still do there. Ids are given in entry order, so these are the ids
 * below `k = st.enteredBefore(cursor + 1)`; they are laid out exactly as `Layout` lays them
 * out, their parents centred over the children entered so far. Later ids keep increasing x
 * past the right edge (the ply lists stay a spatial index) and are never drawn. Same shape as
 * a Layout (x, lf, width, collapsed, hiderOf, version) plus `maxPly`, the deepest entered ply.
 */
export function prefixLayout(st, cursor) {
  const n = st.n;
  const k = Math.min(n, st.enteredBefore(Math.min(st.nev, cursor + 1)));
  const x = new Float32Array(Math.max(n, 1));
  const lf = new Uint8Array(Math.max(n, 1));
  const { parent } = st;
  const last = new Int32Array(k).fill(-1); // the last child entered so far
  let slot = 0;
  let maxPly = 0;
  for (let id = 0; id < k; id++) {
    const p = parent[id];
    if (p === NONE) {
      if (slot > 0) slot += ROOT_GAP;
      x[id] = slot++;
    } else {
      x[id] = id === p + 1 ? x[p] : slot++;
      last[p] = id;
    }
    if (st.ply[id] > maxPly) maxPly = st.ply[id];
  }
  for (let id = k - 1; id >= 0; id--) if (last[id] >= 0) x[id] = (x[id + 1] + x[last[id]]) * 0.5;
  for (let id = k; id < n; id++) x[id] = slot + 1 + (id - k);
  return { x, lf, width: Math.max(1, slot), collapsed: new Set(), hiderOf: () => NONE, version: k, maxPly, entered: k };
}
