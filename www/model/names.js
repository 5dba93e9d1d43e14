// Node names for one trace, through the wasm `Names` handle on the page's thread (one call per
// frame or per question, never one per node; results cached): the move into a node (SAN for
// chess, the child index for trees, the game's notation for the small games), paths, FENs, a
// small game's board at a node, and the moves a node pruned with their
// reasons — the trace file's `pruned` lists, by the core's one rule (src/trace_file/json.rs
// `node_pruned`); the page has no rule of its own. The handle keeps no copy of the tree: each
// question names its nodes by their paths and sends what the store holds of them (stop reason,
// depth, children's moves, prune events), read from the store (src/wasm/names.rs). No DOM.

import { NONE } from './store.js';
import { NONE16 } from '../schema.js';
import { isGame } from './games.js';

const CACHE_LIMIT = 200_000;

export class Names {
  constructor(store) {
    this.store = store;
    this.handle = null;
    this.chess = false;
    /** Moves have names (chess, a small game), not child indices. */
    this.named = false;
    this.kindOf = null;
    this.boardCache = { id: -2, view: null };
    this.cache = new Map(); // id -> move name
    this.prunedCache = new Map(); // id -> [{ code, name, reason }] (exited nodes; name undefined until named)
    this.error = null;
  }

  /** Starts naming a trace of `input` searched with `config`; `NamesClass` is the wasm class. */
  reset(input, config, NamesClass) {
    this.handle?.free?.();
    this.handle = null;
    this.chess = input?.kind === 'chess';
    this.named = this.chess || isGame(input);
    this.kindOf = input?.kind ?? null;
    this.boardCache = { id: -2, view: null };
    this.cache.clear();
    this.prunedCache.clear();
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

  /**
   * A transposition-table entry's stored value (a `tt_hit` event's) as the search reads it at
   * a node `ply` plies below the root: a win counted from the root, as the page shows every
   * value. The core converts it with its own rule (src/wasm/names.rs `table_value`, which calls
   * src/search/techniques/tt.rs `value_from_tt`); null before the handle exists.
   */
  tableValue(v, ply) {
    if (!this.handle) return null;
    try {
      return this.handle.table_value(v, ply);
    } catch {
      return null;
    }
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
    return code === NONE16 ? '--' : this.named ? '?' : String(code);
  }

  /** The name of the move `code` of node `id` (a TT move, a pruned move). */
  moveName(code, id) {
    if (!this.handle || id === NONE || id >= this.appended) return this.named ? '?' : String(code);
    return this.handle.move_name(this.paths([id]), code);
  }

  /** A name for narration: "node 1.2" for trees, "Nf3 (ply 3)" for chess, "b2 (ply 1)" for a game. */
  name(id) {
    const st = this.store;
    if (id === NONE) return '?';
    if (st.parent[id] === NONE) return 'the root';
    if (!this.named) return 'node ' + st.pathCodes(id).join('.');
    return `${this.move(id)} (ply ${st.ply[id]})`;
  }

  /** The names of the moves from the root to `id`. */
  path(id) {
    const st = this.store;
    if (id === NONE || id >= st.n) return [];
    if (!this.named || !this.handle) return st.pathCodes(id).map(String);
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

  /**
   * A small game's board at `id` (the root for NONE) as the core draws it ({kind, rows, piles,
   * side, moves, over, winner, last, …}; src/run/board.rs), or null for other traces.
   */
  gameView(id) {
    if (!this.handle || !isGame({ kind: this.kindOf })) return null;
    if (this.boardCache.id === id) return this.boardCache.view;
    let view = null;
    try {
      view = this.handle.game_view(id === NONE || id >= this.store.n ? Uint32Array.of(0) : this.paths([id])) ?? null;
    } catch {
      return null;
    }
    this.boardCache = { id, view };
    return view;
  }

  /**
   * Fetches the pruned lists of the exited nodes of `ids` not cached yet (with their moves'
   * names if `named`), in one call: the core applies the trace file's rule to what the store
   * holds of each node. At most `limit` of them, the first in `ids` (a redraw while a search
   * streams in, www/views/draw/stubs.js).
   */
  prefetchPruned(ids, named = false, limit = Infinity) {
    if (!this.handle) return;
    const st = this.store;
    let missing = null;
    for (const id of ids) {
      if (id >= this.appended || !st.exited(id)) continue;
      const c = this.prunedCache.get(id);
      if (!c || (named && c.length && c[0].name === undefined)) (missing ??= []).push(id);
    }
    if (!missing) return;
    if (missing.length > limit) missing.length = limit;
    if (this.prunedCache.size + missing.length > CACHE_LIMIT) this.prunedCache.clear();
    const depths = new Int8Array(missing.length);
    const reasons = new Uint8Array(missing.length);
    const searched = [];
    const own = [];
    missing.forEach((id, k) => {
      depths[k] = st.depth[id];
      reasons[k] = st.reason[id];
      const codes = this.searched(id);
      searched.push(codes.length, ...codes);
      const ev = st.prunedOwn(id);
      own.push(ev.length / 2, ...ev);
    });
    let r;
    try {
      r = this.handle.pruned(this.paths(missing), depths, reasons, Uint32Array.from(searched), Uint32Array.from(own), named);
    } catch {
      return;
    }
    for (let k = 0; k < missing.length; k++) {
      const list = [];
      for (let i = r.offsets[k]; i < r.offsets[k + 1]; i++) list.push({ code: r.codes[i], name: r.names?.[i], reason: r.reason_names[r.reasons[i]] });
      this.prunedCache.set(missing[k], list);
    }
  }

  /** The moves `id` pruned, named: [{ code, name, reason }] (a stop or prune reason's schema
   * name); empty for a node still open. */
  pruned(id) {
    if (id === NONE || id >= this.appended || !this.store.exited(id)) return [];
    this.prefetchPruned([id], true);
    return this.prunedCache.get(id) ?? [];
  }

  /** The cached pruned list of `id` (no wasm call: for drawing); undefined until prefetched. */
  cachedPruned(id) {
    return this.prunedCache.get(id);
  }

  /** The move codes of `id`'s recorded children (null moves and re-searches included). */
  searched(id) {
    const out = [];
    this.store.forChildren(id, (c) => out.push(this.store.code[c]));
    return out;
  }
}
