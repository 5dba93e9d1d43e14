// Node names: SAN for chess (through the wasm ChessLabels handle on this thread, one call per
// batch or frame, cached), child indices for trees.

import { NONE } from './store.js';

const CACHE_LIMIT = 200_000;

export class Labels {
  constructor(store) {
    this.store = store;
    this.kind = 'tree';
    this.chess = null;
    this.cache = new Map();
    this.appended = 0;
    this.error = null;
  }

  /** Starts naming a new search. `ChessLabels` is the wasm class (needed for chess only). */
  reset(kind, fen, ChessLabels) {
    if (this.chess && this.chess.free) this.chess.free();
    this.chess = null;
    this.kind = kind;
    this.cache.clear();
    this.appended = 0;
    this.error = null;
    if (kind === 'chess' && ChessLabels) {
      try {
        this.chess = new ChessLabels(fen);
      } catch (e) {
        this.error = String(e.message || e);
      }
    }
  }

  get isChess() {
    return this.kind === 'chess' && this.chess !== null;
  }

  /** Feeds the nodes appended to the store since the last call (once per batch). */
  sync() {
    const st = this.store;
    if (!this.isChess || this.appended >= st.n) return;
    const a = this.appended, b = st.n;
    this.chess.append(st.parent.subarray(a, b), st.code.subarray(a, b));
    this.appended = b;
  }

  /** Fetches the SAN of every id in `ids` not cached yet, in one call. */
  prefetch(ids) {
    if (!this.isChess) return;
    this.sync();
    let missing = null;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (!this.cache.has(id) && id < this.appended) (missing ??= []).push(id);
    }
    if (!missing) return;
    if (this.cache.size + missing.length > CACHE_LIMIT) this.cache.clear();
    const names = this.chess.san_batch(Uint32Array.from(missing));
    for (let i = 0; i < missing.length; i++) this.cache.set(missing[i], names[i]);
  }

  /** Label of the move into `id`: SAN for chess, the child index for trees. */
  move(id) {
    const st = this.store;
    if (id === NONE) return '';
    if (st.parent[id] === NONE) return 'root';
    if (!this.isChess) return String(st.index[id]);
    if (st.code[id] === 0xffff) return 'null';
    let s = this.cache.get(id);
    if (s === undefined) {
      this.prefetch([id]);
      s = this.cache.get(id);
    }
    return s ?? '?';
  }

  /** The cached label (no wasm call): for drawing. */
  label(id) {
    if (!this.isChess) return String(this.store.index[id]);
    if (this.store.code[id] === 0xffff) return 'null';
    return this.cache.get(id);
  }

  /** A name for narration: "node 1.2" for trees, "Nf3 (ply 3)" style for chess. */
  name(id) {
    const st = this.store;
    if (id === NONE) return '?';
    if (st.parent[id] === NONE) return 'the root';
    if (!this.isChess) return 'node ' + st.pathIndices(id).join('.');
    return `${this.move(id)} (ply ${st.ply[id]})`;
  }

  /** The path from the root: SAN moves (chess) or child indices. */
  path(id) {
    const st = this.store;
    if (id === NONE || id >= st.n) return [];
    if (!this.isChess) return st.pathIndices(id).map(String);
    this.sync();
    try {
      return this.chess.path_san(id);
    } catch {
      return [];
    }
  }

  /** SAN of the moves of `id` no child searched (chess), or null when they cannot be named. */
  unsearched(id, quiescence) {
    if (!this.isChess || id === NONE) return null;
    this.sync();
    const st = this.store;
    const codes = [];
    st.forChildren(id, (c) => {
      if (st.code[c] !== 0xffff) codes.push(st.code[c]);
    });
    try {
      return this.chess.unsearched_san(id, Uint16Array.from(codes), quiescence);
    } catch {
      return null;
    }
  }

  fen(id) {
    if (!this.isChess || id === NONE) return null;
    this.sync();
    try {
      return this.chess.fen(id);
    } catch {
      return null;
    }
  }
}

/** UCI squares of a chess move code (from | to<<6 | promo<<12). */
export function codeSquares(code) {
  if (code === 0xffff) return null;
  const sq = (s) => 'abcdefgh'[s & 7] + ((s >> 3) + 1);
  return [sq(code & 63), sq((code >> 6) & 63)];
}
