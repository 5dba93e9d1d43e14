// The stepping cursor over one trace's event tape. Every move is O(1) or O(log n) thanks to
// the store's indexes (event → node, node → enter/exit event, sorted marker lists). Explore
// mode and both sides of compare mode use this one cursor. No DOM.

import { NONE, EV } from './store.js';
import { lowerBound } from './growable.js';

export class Cursor {
  constructor(store) {
    this.store = store;
    this.live = true; // follows the newest event while a search streams in
    this.pos = -1;
  }

  reset() {
    this.live = true;
    this.pos = -1;
  }

  /** The current event index (-1 when there are no events). */
  get at() {
    const n = this.store.nev;
    if (n === 0) return -1;
    return this.live ? n - 1 : Math.min(this.pos, n - 1);
  }

  /** Moves to event `e` (clamped); returns whether the cursor changed. */
  set(e) {
    const n = this.store.nev;
    if (n === 0) return false;
    const v = Math.max(0, Math.min(n - 1, e));
    const changed = this.live || v !== this.pos;
    this.pos = v;
    this.live = false;
    return changed;
  }

  /** Back to following the newest event. */
  follow() {
    this.live = true;
  }

  /** The node the current event refers to. */
  node(e = this.at) {
    return e < 0 ? NONE : this.store.nodeOf(e);
  }

  /** The event kind at the cursor (-1 when there are none). */
  kind(e = this.at) {
    return e < 0 ? -1 : this.store.ev[e];
  }

  atEnd() {
    return this.at >= this.store.nev - 1;
  }

  forward(k = 1) {
    return this.set(this.at + k);
  }
  back(k = 1) {
    return this.set(this.at - k);
  }
  first() {
    return this.set(0);
  }
  last() {
    return this.set(this.store.nev - 1);
  }

  /** Skips the current node's subtree: to its exit (from an exit, to the next event). */
  over() {
    const st = this.store, e = this.at;
    if (e < 0) return false;
    const n = st.nodeOf(e);
    if (n === NONE || st.ev[e] === EV.EXIT) return this.set(e + 1);
    const x = st.exitEv[n];
    return this.set(x === NONE ? st.nev - 1 : x);
  }

  /**
   * Steps out: to the exit of the current node's parent. An α raise reports a child's return
   * at its parent, so stepping out of one leaves that child: to the parent's next event (the
   * next event on the tape), not to the parent's own exit (at the root, the search's end).
   */
  out() {
    const st = this.store, e = this.at;
    if (e < 0) return false;
    const n = st.nodeOf(e);
    const k = st.ev[e];
    if (n === NONE || k === EV.ALPHA_RAISED) return this.set(e + 1);
    const p = st.parent[n];
    if (p === NONE) {
      const x = st.exitEv[n];
      return this.set(x === NONE || x <= e ? st.nev - 1 : x);
    }
    const x = st.exitEv[p];
    return this.set(x === NONE ? st.nev - 1 : x);
  }

  /** To the next (dir 1) or previous (dir -1) event in a marker list of the store. */
  toMark(kind, dir = 1) {
    const m = this.store.marks[kind];
    const arr = m.a, n = m.n, e = this.at;
    if (dir > 0) {
      const k = lowerBound(arr, 0, n, e + 1);
      return k < n && this.set(arr[k]);
    }
    const k = lowerBound(arr, 0, n, e) - 1;
    return k >= 0 && this.set(arr[k]);
  }

  /** To the next (dir 1) or previous (-1) event that satisfies `pred(e)`. */
  toEvent(pred, dir = 1) {
    const st = this.store;
    const e0 = this.live ? (dir > 0 ? -1 : st.nev) : this.at;
    for (let e = e0 + dir; e >= 0 && e < st.nev; e += dir) if (pred(e)) return this.set(e);
    return false;
  }

  /** To the enter event of node `id`. */
  toNode(id) {
    if (id === NONE || id >= this.store.nextEnter) return false;
    return this.set(this.store.enterOf(id));
  }
}
