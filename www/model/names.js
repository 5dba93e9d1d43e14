// Node names for one trace, through the wasm `Names` handle on the page's thread (one call per
// frame or per question, never one per node; results cached): the move into a node (SAN for
// chess, the child index for trees), paths, FENs, and the moves a node considered but never
// searched (the core's considered_moves). The handle keeps no copy of the tree: each question
// names its nodes by their paths, read from the store (src/wasm/names.rs). No DOM.

import { NONE } from './store.js';
import { NONE16 } from '../schema.js';

const CACHE_LIMIT = 200_000;

export class Names {
  constructor(store) {
    this.store = store;
    this.handle = null;
    this.chess = false;
    this.cache = new Map(); // id -> move name
    this.unsearchedCache = new Map(); // id -> { codes, names } (finished nodes only)
    this.countCache = new Map(); // id -> unsearched count (finished nodes only)
    this.error = null;
  }

  /** Starts naming a trace of `input` searched with `config`; `NamesClass` is the wasm class. */
  reset(input, config, NamesClass) {
    this.handle?.free?.();
    this.handle = null;
    this.chess = input?.kind === 'chess';
    this.cache.clear();
    this.unsearchedCache.clear();
    this.countCache.clear();
    this.error = null;
    if (!input || !NamesClass) return;
    try {
      this.handle = new NamesClass(input, config ?? undefined);
    } catch (e) {
      this.error = String(e.message || e);
    }
  }

  get ready() {
    return this.handle !== null;
  }

  /** Nodes that can be named: every node the store holds. */
  get appended() {
    return this.store.n;
  }

  /**
   * Appends the path of `id` to `out` as the core reads it: the number of moves, then (node id,
   * move code) from the first move below the root down to `id`.
   */
  pathOf(id, out = []) {
    const { parent, code } = this.store;
    const ids = [];
    for (let c = id; parent[c] !== NONE; c = parent[c]) ids.push(c);
    out.push(ids.length);
    for (let k = ids.length - 1; k >= 0; k--) out.push(ids[k], code[ids[k]]);
    return out;
  }

  /** The paths of `ids`, one after another, for the core. */
  paths(ids) {
    const out = [];
    for (const id of ids) this.pathOf(id, out);
    return Uint32Array.from(out);
  }

  /** Fetches the names of every id in `ids` not cached yet, in one call. */
  prefetch(ids) {
    if (!this.handle) return;
    let missing = null;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (!this.cache.has(id) && id < this.appended) (missing ??= []).push(id);
    }
    if (!missing) return;
    if (this.cache.size + missing.length > CACHE_LIMIT) this.cache.clear();
    let names;
    try {
      names = this.handle.labels(this.paths(missing));
    } catch {
      return;
    }
    for (let i = 0; i < missing.length; i++) this.cache.set(missing[i], names[i]);
  }

  /** The move into `id` ("root" for a root); fetched if not cached. */
  move(id) {
    if (id === NONE) return '';
    if (this.store.parent[id] === NONE) return 'root';
    if (!this.cache.has(id)) this.prefetch([id]);
    return this.cache.get(id) ?? this.fallback(id);
  }

  /** The cached name (no wasm call): for drawing. Undefined until prefetched. */
  label(id) {
    return this.cache.get(id) ?? (this.handle ? undefined : this.fallback(id));
  }

  fallback(id) {
    const code = this.store.code[id];
    return code === NONE16 ? '--' : this.chess ? '?' : String(code);
  }

  /** The name of the move `code` of node `id` (a TT move, a pruned move). */
  moveName(code, id) {
    if (!this.handle || id === NONE || id >= this.appended) return this.chess ? '?' : String(code);
    return this.handle.move_name(this.paths([id]), code);
  }

  /** A name for narration: "node 1.2" for trees, "Nf3 (ply 3)" for chess. */
  name(id) {
    const st = this.store;
    if (id === NONE) return '?';
    if (st.parent[id] === NONE) return 'the root';
    if (!this.chess) return 'node ' + st.pathCodes(id).join('.');
    return `${this.move(id)} (ply ${st.ply[id]})`;
  }

  /** The names of the moves from the root to `id`. */
  path(id) {
    const st = this.store;
    if (id === NONE || id >= st.n) return [];
    if (!this.chess || !this.handle) return st.pathCodes(id).map(String);
    try {
      return this.handle.path(this.paths([id]));
    } catch {
      return [];
    }
  }

  /** The squares of the move into `id` ([from, to], chess), or undefined. */
  squares(id) {
    const st = this.store;
    const u = this.handle && id !== NONE && id < st.n && st.parent[id] !== NONE ? this.handle.uci(st.code[id]) : undefined;
    return u ? [u.slice(0, 2), u.slice(2, 4)] : undefined;
  }

  /** FEN at `id` (chess), or null. */
  fen(id) {
    if (!this.chess || !this.handle || id === NONE) return null;
    try {
      return id < this.store.n ? this.handle.fen(this.paths([id])) ?? null : null;
    } catch {
      return null;
    }
  }

  /** The moves `id` considered and never searched: { codes, names } (finished nodes cached). */
  unsearched(id) {
    const cached = this.unsearchedCache.get(id);
    if (cached) return cached;
    if (!this.handle || id >= this.appended) return { codes: [], names: [] };
    let r;
    try {
      r = this.handle.unsearched(this.paths([id]), this.store.depth[id], Uint16Array.from(this.searched(id)));
    } catch {
      return { codes: [], names: [] };
    }
    if (this.store.exited(id)) this.unsearchedCache.set(id, r);
    return r;
  }

  /** Unsearched counts of `ids` (exited nodes), fetched in one call and cached. */
  prefetchCounts(ids) {
    if (!this.handle) return;
    let missing = null;
    for (const id of ids) if (!this.countCache.has(id) && id < this.appended) (missing ??= []).push(id);
    if (!missing) return;
    if (this.countCache.size + missing.length > CACHE_LIMIT) this.countCache.clear();
    const depths = new Int8Array(missing.length);
    const searched = [];
    missing.forEach((id, k) => {
      depths[k] = this.store.depth[id];
      const codes = this.searched(id);
      searched.push(codes.length, ...codes);
    });
    let counts;
    try {
      counts = this.handle.unsearched_counts(this.paths(missing), depths, Uint32Array.from(searched));
    } catch {
      return;
    }
    for (let i = 0; i < missing.length; i++) this.countCache.set(missing[i], counts[i]);
  }

  /** The move codes of `id`'s recorded children (null moves and re-searches included). */
  searched(id) {
    const out = [];
    this.store.forChildren(id, (c) => out.push(this.store.code[c]));
    return out;
  }

  /** The cached unsearched count of `id` (undefined until prefetched). */
  unsearchedCount(id) {
    return this.countCache.get(id);
  }
}
