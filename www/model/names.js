// Node names for one trace, through the wasm `Names` handle on the page's thread (one call per
// batch or per frame, never one per node; results cached): the move into a node (SAN for chess,
// the child index for trees), paths, FENs, and the moves a node considered but never searched
// (the core's considered_moves). No DOM.

import { NONE } from './store.js';
import { NONE16 } from '../schema.js';

const CACHE_LIMIT = 200_000;
/**
 * Nodes the core's naming columns (19 bytes a node in the page thread's wasm memory) reserve
 * at most up front; past it they grow by doubling inside wasm32's 4 GiB.
 */
const NAMES_RESERVE = 1 << 27;

export class Names {
  constructor(store) {
    this.store = store;
    this.handle = null;
    this.chess = false;
    this.cache = new Map(); // id -> move name
    this.unsearchedCache = new Map(); // id -> { codes, names } (finished nodes only)
    this.countCache = new Map(); // id -> unsearched count (finished nodes only)
    this.appended = 0;
    this.error = null;
  }

  /** Starts naming a trace of `input` searched with `config`; `NamesClass` is the wasm class. */
  reset(input, config, NamesClass, hint = 0) {
    this.handle?.free?.();
    this.handle = null;
    this.chess = input?.kind === 'chess';
    this.cache.clear();
    this.unsearchedCache.clear();
    this.countCache.clear();
    this.appended = 0;
    this.error = null;
    if (!input || !NamesClass) return;
    try {
      this.handle = new NamesClass(input, config ?? undefined);
      if (hint) this.handle.reserve(Math.min(hint, NAMES_RESERVE));
    } catch (e) {
      this.error = String(e.message || e);
    }
  }

  get ready() {
    return this.handle !== null;
  }

  /** Feeds a batch's new records (call once per batch, before naming its nodes). */
  append(records) {
    if (!this.handle || !records.byteLength) return;
    this.handle.append_records(records);
    this.appended = this.handle.len();
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
    const names = this.handle.labels(Uint32Array.from(missing));
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
    return this.handle.move_name(id, code);
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
      return this.handle.path(id);
    } catch {
      return [];
    }
  }

  /** The squares of the move into `id` ([from, to], chess), or undefined. */
  squares(id) {
    const u = this.handle && id !== NONE && id < this.appended ? this.handle.uci(id) : undefined;
    return u ? [u.slice(0, 2), u.slice(2, 4)] : undefined;
  }

  /** FEN at `id` (chess), or null. */
  fen(id) {
    if (!this.chess || !this.handle || id === NONE) return null;
    try {
      return this.handle.fen(id) ?? null;
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
      r = this.handle.unsearched(id);
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
    const counts = this.handle.unsearched_counts(Uint32Array.from(missing));
    for (let i = 0; i < missing.length; i++) this.countCache.set(missing[i], counts[i]);
  }

  /** The cached unsearched count of `id` (undefined until prefetched). */
  unsearchedCount(id) {
    return this.countCache.get(id);
  }
}
