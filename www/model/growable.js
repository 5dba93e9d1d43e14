// Typed arrays that grow: the store's columns, its per-ply id lists and its marker lists grow
// by doubling (or once, exactly, to a known size), never one JS object per entry. No DOM.

/** `arr`, or a copy of it with room for `need` entries (doubled, or exactly `need`). */
export function grown(arr, need, exact = false) {
  if (arr.length >= need) return arr;
  let cap = exact ? need : Math.max(1024, arr.length);
  while (cap < need) cap *= 2;
  const a = new arr.constructor(cap);
  a.set(arr);
  return a;
}

/** A growable typed array of one kind. */
export class Growable {
  constructor(Ctor, cap = 256) {
    this.a = new Ctor(cap);
    this.n = 0;
  }
  push(v) {
    if (this.n === this.a.length) this.a = grown(this.a, this.n + 1);
    this.a[this.n++] = v;
  }
  get view() {
    return this.a.subarray(0, this.n);
  }
  bytes() {
    return this.a.byteLength;
  }
}

/** Smallest k in [lo, hi) with arr[k] >= v (arr ascending); hi if none. */
export function lowerBound(arr, lo, hi, v) {
  while (lo < hi) {
    const m = (lo + hi) >>> 1;
    if (arr[m] < v) lo = m + 1;
    else hi = m;
  }
  return lo;
}
