// TraceStore: every node of a search in growable typed arrays (never one JS object per node),
// the event tape with the node each event refers to, and the indexes stepping needs.
// Record layout: docs/worker-protocol.md (28-byte little-endian NodeRec).

export const NONE = 0xffffffff;
export const INF = 1_000_000_000;
export const REC = 28;

export const EV = {
  ENTER: 0, EXIT: 1, ALPHA: 2, CUTOFF: 3, RESEARCH: 4, ITERATION: 5, ABORTED: 6, TT_HIT: 7,
  NULL_VERDICT: 8, MULTI_CUT: 9, UNCERTAINTY_CUTOFF: 10, ASPIRATION_FAIL: 11, PRESEARCH: 12,
  ZUGZWANG: 13, PRUNE: 14,
};
/** aux words per event kind (src/trace/record.rs `EventKind::aux_words`). */
export const AUX_WORDS = new Uint8Array([0, 0, 2, 2, 0, 1, 0, 3, 3, 4, 2, 3, 3, 2, 2, 0]);
export const REASONS = [
  'leaf', 'terminal', 'draw', 'repetition', 'all_moves', 'beta_cutoff', 'aborted', 'tt_cutoff',
  'null_move_cutoff', 'multi_cut', 'uncertainty_cutoff', 'stand_pat',
];
export const R_BETA_CUTOFF = 5;
export const R_ABORTED = 6;
export const TYPES = ['PV', 'CUT', 'ALL'];
/** Low nibble of the record's `kind` byte (NodeKind). */
export const NODE_KINDS = ['normal', 'null move', 'multi-cut probe', 'reduced (LMR)', 'LMR re-search', 'extended (check)', 'quiescence'];
/** High nibble of the `kind` byte: where move ordering put the move into the node. */
export const ORDER_SOURCES = ['generation order', 'TT move', 'capture (MVV/LVA)', 'killer', 'refutation', 'history', 'previous best'];
export const NO_BEST = 0xffff;
/** Short words for why a node's remaining moves were not searched (by its stop reason). */
export const PRUNE_WHY = { 5: 'β-cut-off', 6: 'search stopped', 7: 'TT cut-off', 8: 'null-move cut-off', 9: 'multi-cut', 10: 'uncertainty cut-off', 11: 'stand pat' };
/** Why a prune event skipped a move. */
export const PRUNE_EVENT_WHY = ['losing capture (SEE < 0)', 'uncertainty cut-off'];

// flags bits
export const F_BOUND = 3;
export const F_UNCERTAIN = 1 << 4;
export const F_EXITED = 1 << 5;
export const F_RESEARCH = 1 << 6;

// Per-node columns: [name, constructor].
const COLUMNS = [
  ['parent', Uint32Array], ['alpha', Int32Array], ['beta', Int32Array], ['value', Int32Array],
  ['code', Uint16Array], ['index', Uint16Array], ['nMoves', Uint16Array], ['bestIndex', Uint16Array],
  ['kind', Uint8Array], ['ply', Uint8Array], ['depth', Int8Array], ['flags', Uint8Array],
  ['reason', Uint8Array],
  // derived
  ['enterEv', Uint32Array], // event position of the node's enter
  ['exitEv', Uint32Array], // event position of its exit (NONE while open)
  ['subEnd', Uint32Array], // one past the last id of its subtree (valid once exited)
  ['lastChild', Uint32Array], // NONE when it has no children (yet); the first child is id + 1
  ['nChildren', Uint16Array], // children recorded (re-searches included)
];

function grown(arr, need) {
  if (arr.length >= need) return arr;
  let cap = Math.max(1024, arr.length);
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

export class TraceStore {
  constructor() {
    this.reset();
  }

  /**
   * Empties the store. `hint`: the expected number of nodes (e.g. the size of a synthetic tree
   * under the node cap), so that the arrays are allocated once instead of grown.
   */
  reset(hint = 0) {
    this.n = 0;
    this.cap = 0;
    for (const [name, Ctor] of COLUMNS) this[name] = new Ctor(0);
    const h = Math.max(4096, Math.min(hint, 1 << 26));
    this.ensure(h + 1);
    // event tape: two events per node (enter, exit) plus α raises and cut-offs
    const he = hint ? Math.ceil(h * 2.6) + 64 : 16384;
    this.ev = new Uint8Array(he);
    this.evNode = new Uint32Array(he);
    this.nev = 0;
    this.aux = new Int32Array(4096);
    this.naux = 0;
    this.auxCk = new Uint32Array((he >> 6) + 2); // aux position at every 64th event
    this.stack = new Array(256).fill(0); // open nodes while replaying the tape (sp = depth)
    this.sp = 0;
    this.nextEnter = 0;
    // research links (rare): Map re-search id -> earlier id and back
    this.researchOf = new Map();
    this.researchedBy = new Map();
    // root searches
    this.roots = [];
    this.rootDepths = [];
    // per-ply lists of ids in id order (= increasing x within a ply)
    this.plyLists = [];
    this.maxPly = 0;
    // marker event lists, for "run to next ..."
    this.marks = {
      cutoff: new Growable(Uint32Array),
      research: new Growable(Uint32Array),
      uncertain: new Growable(Uint32Array),
      mismatch: new Growable(Uint32Array),
    };
    this.counts = { pv: 0, cut: 0, all: 0 };
    // moves pruned without being entered (prune events): node -> [move code, reason, ...]
    this.prunedBy = new Map();
    this.version = 0; // bumps on every change
  }

  ensure(need) {
    if (need <= this.cap) return;
    let cap = Math.max(4096, this.cap);
    if (this.cap === 0) cap = need;
    while (cap < need) cap *= 2;
    for (const [name] of COLUMNS) this[name] = grown(this[name], cap);
    this.exitEv.fill(NONE, this.cap);
    this.lastChild.fill(NONE, this.cap);
    this.cap = cap;
  }

  /** Bytes held by the typed arrays (for the bytes-per-node figure). */
  bytes() {
    let b = 0;
    for (const [name] of COLUMNS) b += this[name].byteLength;
    b += this.ev.byteLength + this.evNode.byteLength + this.aux.byteLength + this.auxCk.byteLength;
    for (const l of this.plyLists) b += l.bytes();
    for (const m of Object.values(this.marks)) b += m.bytes();
    return b;
  }

  /** Writes record `k` of `bytes` into node `id`. */
  _writeRecords(bytes, ids, first) {
    const count = (bytes.byteLength / REC) | 0;
    if (count === 0) return 0;
    let buf = bytes;
    if (buf.byteOffset % 4 !== 0) buf = buf.slice();
    const u32 = new Uint32Array(buf.buffer, buf.byteOffset, count * 7);
    const i32 = new Int32Array(buf.buffer, buf.byteOffset, count * 7);
    const u16 = new Uint16Array(buf.buffer, buf.byteOffset, count * 14);
    const u8 = new Uint8Array(buf.buffer, buf.byteOffset, count * REC);
    const i8 = new Int8Array(buf.buffer, buf.byteOffset, count * REC);
    const { parent, alpha, beta, value, code, index, nMoves, bestIndex, kind, depth, flags, reason } = this;
    for (let k = 0; k < count; k++) {
      const id = ids ? ids[k] : first + k;
      const w = k * 7, h = k * 14, b = k * REC;
      parent[id] = u32[w];
      alpha[id] = i32[w + 1];
      beta[id] = i32[w + 2];
      value[id] = i32[w + 3];
      code[id] = u16[h + 8];
      index[id] = u16[h + 9];
      nMoves[id] = u16[h + 10];
      bestIndex[id] = u16[h + 11];
      kind[id] = u8[b + 24];
      depth[id] = i8[b + 25];
      flags[id] = u8[b + 26];
      reason[id] = u8[b + 27];
    }
    return count;
  }

  /**
   * Appends one `batch` message of the worker protocol. Returns the id of the first new node.
   * Nodes must arrive in id order (start === this.n).
   */
  appendBatch(msg) {
    const start = msg.start ?? this.n;
    if (start !== this.n) throw new Error(`batch starts at node ${start}, store has ${this.n}`);
    const count = msg.nodes ? (msg.nodes.byteLength / REC) | 0 : 0;
    this.ensure(start + count + 1);
    if (count) this._writeRecords(msg.nodes, null, start);
    // structure of the new nodes
    for (let id = start; id < start + count; id++) this._attach(id);
    this.n = start + count;
    if (msg.updIds && msg.updIds.length) this._writeRecords(msg.upd, msg.updIds, 0);
    if (msg.research) {
      const r = msg.research;
      for (let k = 0; k + 1 < r.length; k += 2) {
        this.researchOf.set(r[k], r[k + 1]);
        this.researchedBy.set(r[k + 1], r[k]);
      }
    }
    if (msg.roots) {
      const r = msg.roots;
      for (let k = 0; k + 1 < r.length; k += 2) {
        this.roots.push(r[k]);
        this.rootDepths.push(r[k + 1]);
      }
    }
    if (msg.aux && msg.aux.length) {
      if (this.aux.length < this.naux + msg.aux.length) this.aux = grown(this.aux, this.naux + msg.aux.length);
      this.aux.set(msg.aux, this.naux);
      this.naux += msg.aux.length;
    }
    if (msg.events && msg.events.length) this._replay(msg.events);
    this.version++;
    return start;
  }

  _attach(id) {
    const p = this.parent[id];
    // the record does not store the ply: a child is one ply below its parent
    const ply = p === NONE ? 0 : this.ply[p] + 1;
    this.ply[id] = ply;
    if (p !== NONE) {
      this.lastChild[p] = id;
      this.nChildren[p]++;
    }
    let l = this.plyLists[ply];
    if (!l) {
      for (let q = this.plyLists.length; q <= ply; q++) this.plyLists[q] = new Growable(Uint32Array, 1024);
      l = this.plyLists[ply];
    }
    l.push(id);
    if (ply > this.maxPly) this.maxPly = ply;
    this.subEnd[id] = id + 1;
  }

  _replay(events) {
    const need = this.nev + events.length;
    if (this.ev.length < need) {
      this.ev = grown(this.ev, need);
      this.evNode = grown(this.evNode, need);
    }
    const ckNeed = (need >> 6) + 2;
    if (this.auxCk.length < ckNeed) this.auxCk = grown(this.auxCk, ckNeed);
    const { ev, evNode, stack, auxCk, flags, reason, enterEv, exitEv, subEnd, marks } = this;
    ev.set(events, this.nev);
    let e = this.nev;
    let auxPos = this._auxAt(e);
    let nextEnter = this.nextEnter;
    let sp = this.sp;
    let pv = 0, cut = 0, all = 0;
    const n = events.length;
    for (let k = 0; k < n; k++, e++) {
      if ((e & 63) === 0) auxCk[e >> 6] = auxPos;
      const kind = events[k];
      let node;
      if (kind === 0) {
        node = nextEnter++;
        stack[sp++] = node;
        enterEv[node] = e;
      } else if (kind === 1) {
        if (sp > 0) {
          node = stack[--sp];
          exitEv[node] = e;
          subEnd[node] = nextEnter;
          const f = flags[node];
          if (f & F_UNCERTAIN) marks.uncertain.push(e);
          if (reason[node] !== 6) {
            const t = f & 3;
            if (((f >> 2) & 3) !== t) marks.mismatch.push(e);
            if (t === 0) pv++;
            else if (t === 1) cut++;
            else all++;
          }
        } else node = NONE;
      } else {
        node = sp > 0 ? stack[sp - 1] : NONE;
        if (kind === 3) marks.cutoff.push(e);
        else if (kind === 4) marks.research.push(e);
        else if (kind === 14 && node !== NONE) {
          let l = this.prunedBy.get(node);
          if (!l) this.prunedBy.set(node, (l = []));
          l.push(this.aux[auxPos] | 0, this.aux[auxPos + 1] | 0);
        }
        auxPos += AUX_WORDS[kind];
      }
      evNode[e] = node;
    }
    this.nextEnter = nextEnter;
    this.sp = sp;
    this.counts.pv += pv;
    this.counts.cut += cut;
    this.counts.all += all;
    this.nev = e;
    if ((e & 63) === 0) auxCk[e >> 6] = auxPos;
  }

  /** Position in the aux stream of the first aux word of event `e`. */
  _auxAt(e) {
    if (e === 0) return 0;
    let pos = this.auxCk[e >> 6];
    for (let k = e & ~63; k < e; k++) pos += AUX_WORDS[this.ev[k]];
    return pos;
  }

  /** The first `k` aux words of event `e` (missing ones are 0). */
  auxOf(e, k = 2) {
    const p = this._auxAt(e);
    const out = [];
    for (let i = 0; i < k; i++) out.push(this.aux[p + i] | 0);
    return out;
  }

  // ---- node accessors -----------------------------------------------------------------------
  exited(id) {
    return (this.flags[id] & F_EXITED) !== 0;
  }
  actual(id) {
    return this.flags[id] & 3;
  }
  expected(id) {
    return (this.flags[id] >> 2) & 3;
  }
  isResearch(id) {
    return (this.flags[id] & F_RESEARCH) !== 0;
  }
  /** End of `id`'s subtree as known now (open nodes extend to the last node). */
  end(id) {
    return this.exitEv[id] === NONE ? this.n : this.subEnd[id];
  }
  /** Calls f(child) for each recorded child in order. */
  forChildren(id, f) {
    if (this.lastChild[id] === NONE) return;
    const last = this.lastChild[id];
    let c = id + 1;
    for (;;) {
      f(c);
      if (c === last) break;
      c = this.end(c);
    }
  }
  children(id) {
    const out = [];
    this.forChildren(id, (c) => out.push(c));
    return out;
  }
  /** Move-list indices the node never searched (n_moves − distinct searched children). */
  prunedIndices(id) {
    const n = this.nMoves[id];
    if (!n) return [];
    const seen = new Uint8Array(n);
    this.forChildren(id, (c) => {
      if (this.index[c] < n) seen[this.index[c]] = 1;
    });
    const out = [];
    for (let i = 0; i < n; i++) if (!seen[i]) out.push(i);
    return out;
  }
  /** Number of pruned children (n_moves − distinct move-list indices searched). */
  prunedCount(id) {
    const n = this.nMoves[id];
    if (!n || !this.exited(id)) return 0;
    if (this.lastChild[id] === NONE) return n;
    return this.prunedIndices(id).length;
  }
  /** Children by role: distinct moves searched, re-searches, null moves, multi-cut probes. */
  childStats(id) {
    const out = { searched: 0, researches: 0, nulls: 0, probes: 0 };
    const n = this.nMoves[id];
    const seen = new Uint8Array(Math.max(1, n));
    this.forChildren(id, (c) => {
      const k = this.kind[c] & 15;
      if (k === 1) out.nulls++;
      else if (k === 2) out.probes++;
      else if (this.flags[c] & F_RESEARCH || k === 4) out.researches++;
      if (k !== 1 && k !== 2 && this.index[c] < n && !seen[this.index[c]]) {
        seen[this.index[c]] = 1;
        out.searched++;
      }
    });
    return out;
  }
  /** Path of child indices from the root (or the node's root search). */
  pathIndices(id) {
    const out = [];
    while (id !== NONE && this.parent[id] !== NONE) {
      out.push(this.index[id]);
      id = this.parent[id];
    }
    return out.reverse();
  }
  rootOf(id) {
    while (this.parent[id] !== NONE) id = this.parent[id];
    return id;
  }
  /** Nodes open (entered, not exited) just after event `e`, outermost first. */
  stackAt(e) {
    const out = [];
    let id = this.evNode[e];
    if (id === NONE) return out;
    if (this.ev[e] === EV.EXIT) id = this.parent[id];
    while (id !== NONE) {
      out.push(id);
      id = this.parent[id];
    }
    return out.reverse();
  }
  /**
   * α of node `id` in force just after event `e` (its entry α, raised by the alpha_raised events
   * of its children that returned by then).
   */
  alphaAt(id, e) {
    let a = this.alpha[id];
    if (this.lastChild[id] === NONE) return a;
    const last = this.lastChild[id];
    let c = id + 1;
    for (;;) {
      const x = this.exitEv[c];
      if (x === NONE || x >= e) break;
      // the events right after the child's exit: [research | verdicts ...] alpha_raised
      for (let k = x + 1; k <= e && k < x + 4; k++) {
        const kind = this.ev[k];
        if (kind === EV.ENTER || kind === EV.EXIT) break;
        if (kind === EV.ALPHA && this.evNode[k] === id) a = this.auxOf(k)[1];
      }
      if (c === last) break;
      c = this.end(c);
    }
    return a;
  }

}
