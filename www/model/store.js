// TraceStore: every node of one trace in typed-array columns (never one JS object per node),
// the event tape, and the indexes stepping needs; what can be derived cheaply is computed, not
// stored (the node an event belongs to: `nodeOf`; a subtree's end: `end`). It reads the
// worker's batches (docs/worker-protocol.md: new records in the column layout, updates as rows
// of www/schema.js's record layout) and packs its records back into rows to hand a trace to
// the worker (saving a stopped search). No DOM.

import {
  RECORD_BYTES, RECORD_FIELDS, EVENTS_CODE as EV, EVENT_AUX, FLAGS, STOP_REASONS_CODE as SR,
  NODE_KINDS_CODE as NK, NODE_TYPES_CODE as NT, NO_PARENT, INF as SCHEMA_INF,
} from '../schema.js';
import { grown, Growable, lowerBound } from './growable.js';
import { TYPED, COLUMN_OF, writeRows, packRows } from './rows.js';

export const NONE = NO_PARENT;
export const INF = SCHEMA_INF;
export { EV };

/** aux words per event kind. */
export const AUX_WORDS = Uint8Array.from({ length: 256 }, (_, k) => EVENT_AUX[k]?.length ?? 0);

// Per-node columns: [name, constructor]. The record's own fields come from the codec.
const COLUMNS = [
  ...Object.values(COLUMN_OF).map(([column, type]) => [column, TYPED[type]]),
  ['ply', Uint8Array], // derived: a child's ply is its parent's + 1
  ['turn', Uint8Array], // derived: 1 when MIN moves (root: rootTurn; a chance node's children its own player's)
  ['exitEv', Uint32Array], // event position of its exit (NONE while open)
  ['lastChild', Uint32Array], // NONE when it has no children (yet); the first child is id + 1
];

/**
 * Reserve at most this many nodes up front (past it the columns grow by doubling). Reserved
 * room that is never written is never touched, so it costs address space, not memory: the
 * columns are sized once, exactly for the node cap, and never copied while a search streams.
 */
const MAX_RESERVE = 1 << 27;
/**
 * Events and aux words reserved per node (a chess search with a transposition table and
 * quiescence has about 2.6 events and 1.2 words a node; reserving too few means a doubling copy
 * of the tape mid-search).
 */
const EVENTS_PER_NODE = 4;
const AUX_PER_NODE = 4;
/**
 * A ply's id list past this many ids grows at once to the store's reserved capacity (no ply
 * holds more ids than the trace has nodes): one copy instead of a doubling copy of tens of
 * megabytes every time the deepest plies double. Untouched room costs address space only.
 */
const PLY_LIST_JUMP = 1 << 20;

export class TraceStore {
  constructor() {
    this.rootTurn = 0; // 1 when MIN moves at the root (the trace sets it before the first batch)
    this.reset();
  }

  /**
   * Empties the store. `hint`: the most nodes the trace can have (the node cap, or the size
   * of a synthetic tree), so that the columns are reserved once instead of grown by copying.
   * Reserved memory that is never written costs nothing.
   */
  reset(hint = 0) {
    for (let h = Math.min(hint, MAX_RESERVE); ; h = Math.floor(h / 2)) {
      try {
        return this._reset(h);
      } catch (e) {
        // the browser refused that much address space: reserve less (the rest grows)
        if (!(e instanceof RangeError) || h === 0) throw e;
      }
    }
  }

  _reset(h) {
    this.n = 0;
    this.cap = 0;
    for (const [name, Ctor] of COLUMNS) this[name] = new Ctor(0);
    this.ensure(Math.max(4096, h) + 1, true);
    // event tape: two events per node (enter, exit) plus α raises, cut-offs, TT hits
    const he = h ? h * EVENTS_PER_NODE + 64 : 16384;
    this.ev = new Uint8Array(he);
    this.nev = 0;
    this.aux = new Int32Array(h ? h * AUX_PER_NODE + 64 : 4096);
    this.naux = 0;
    this.auxCk = new Uint32Array((he >> 6) + 2); // aux position at every 64th event
    // the enter event of every 16th node (`enterOf` finds the others on the tape: 0.25 bytes a
    // node instead of a 4-byte column)
    this.enterSp = new Uint32Array(((h || 4096) >> 4) + 2);
    this.enterCk = new Uint32Array((he >> 6) + 2); // nodes entered before every 64th event
    this.rankAt = 0; // the last `enteredBefore` answer (sequential scans cost one event each)
    this.rankOf = 0;
    this.stack = new Uint32Array(1024); // open nodes while replaying the tape (sp = depth)
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
    // finished nodes per actual type, as they arrive (the final statistics come from the core)
    this.counts = { pv: 0, cut: 0, all: 0 };
    // prune events (moves pruned without being entered: SEE, uncertainty), in tape order, and
    // the node each belongs to; typed lists, not an object per node (573 k of them in a 10 M
    // chess search cost 5 bytes a node as a Map of arrays)
    this.pruneEv = new Growable(Uint32Array);
    this.pruneNode = new Growable(Uint32Array);
    this.version = 0; // bumps on every change
  }

  ensure(need, exact = false) {
    if (need <= this.cap) return;
    for (const [name] of COLUMNS) this[name] = grown(this[name], need, exact || this.cap === 0);
    this.cap = this.parent.length;
  }

  /** Bytes held by the typed arrays (for the bytes-per-node figure). */
  bytes() {
    let b = 0;
    for (const [name] of COLUMNS) b += this[name].byteLength;
    b += this.ev.byteLength + this.aux.byteLength + this.auxCk.byteLength + this.enterCk.byteLength + this.enterSp.byteLength;
    for (const l of this.plyLists) b += l.bytes();
    for (const m of Object.values(this.marks)) b += m.bytes();
    b += this.pruneEv.bytes() + this.pruneNode.bytes();
    return b;
  }

  /** Writes the records in `bytes` (rows: a batch's updates) into nodes `ids[k]` (or `first + k`). */
  _writeRecords(bytes, ids, first) {
    return writeRows(this, bytes, ids, first);
  }

  /**
   * Writes `count` records in the column layout (docs/worker-protocol.md, "Batch fields": the
   * `parent`s, then the `alpha`s, …, in the order of RECORD_FIELDS) into nodes `first…`: one
   * typed-array copy per column.
   */
  _writeColumns(bytes, count, first) {
    let buf = bytes;
    if (buf.byteOffset % 4 !== 0) buf = buf.slice();
    let at = buf.byteOffset;
    for (const [name, { type }] of Object.entries(RECORD_FIELDS)) {
      const T = TYPED[type];
      this[COLUMN_OF[name][0]].set(new T(buf.buffer, at, count), first);
      at += count * T.BYTES_PER_ELEMENT;
    }
  }

  /** The records of nodes [from, to) in the worker's layout (to hand the trace back). */
  records(from = 0, to = this.n) {
    return packRows(this, from, to);
  }

  /** (re-search id, earlier id) pairs in id order, and (root id, depth) pairs: as in batches. */
  researchPairs() {
    const ids = [...this.researchOf.keys()].sort((a, b) => a - b);
    const out = new Uint32Array(ids.length * 2);
    ids.forEach((id, k) => {
      out[2 * k] = id;
      out[2 * k + 1] = this.researchOf.get(id);
    });
    return out;
  }
  rootPairs() {
    const out = new Int32Array(this.roots.length * 2);
    this.roots.forEach((id, k) => {
      out[2 * k] = id;
      out[2 * k + 1] = this.rootDepths[k];
    });
    return out;
  }

  /**
   * Appends one `batch` message of the worker protocol. Returns the id of the first new node.
   * Nodes must arrive in id order (start === this.n).
   */
  appendBatch(msg) {
    const start = msg.start ?? this.n;
    if (start !== this.n) throw new Error(`batch starts at node ${start}, store has ${this.n}`);
    const count = msg.nodes ? (msg.nodes.byteLength / RECORD_BYTES) | 0 : 0;
    this.ensure(start + count + 1);
    if (msg.updIds && msg.updIds.length) this._writeRecords(msg.upd, msg.updIds, 0);
    if (count) this._writeColumns(msg.nodes, count, start);
    this._attach(start, start + count);
    this.n = start + count;
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

  /** Indexes nodes [from, to): ply, child links, per-ply lists. One loop, no call per node. */
  _attach(from, to) {
    const { parent, ply, turn, kind, exitEv, lastChild, plyLists } = this;
    const rootTurn = this.rootTurn ? 1 : 0;
    let maxPly = this.maxPly;
    for (let id = from; id < to; id++) {
      const p = parent[id];
      const q = p === NONE ? 0 : ply[p] + 1;
      ply[id] = q;
      turn[id] = p === NONE ? rootTurn : turn[p] ^ ((kind[p] & 15) === NK.CHANCE ? 0 : 1);
      exitEv[id] = NONE;
      lastChild[id] = NONE;
      if (p !== NONE) {
        lastChild[p] = id;
      }
      if (q >= plyLists.length) for (let k = plyLists.length; k <= q; k++) plyLists[k] = new Growable(Uint32Array, 1024);
      if (q > maxPly) maxPly = q;
      const l = plyLists[q];
      if (l.n === l.a.length) l.a = l.n < PLY_LIST_JUMP ? grown(l.a, l.n + 1) : grown(l.a, Math.max(this.cap, l.n + 1), true);
      l.a[l.n++] = id;
    }
    this.maxPly = maxPly;
  }

  _replay(events) {
    const need = this.nev + events.length;
    if (this.ev.length < need) this.ev = grown(this.ev, need);
    const ckNeed = (need >> 6) + 2;
    if (this.auxCk.length < ckNeed) {
      this.auxCk = grown(this.auxCk, ckNeed);
      this.enterCk = grown(this.enterCk, ckNeed);
    }
    // room for the enter of every 16th node these events can enter (at most one a node)
    const spNeed = ((this.nextEnter + events.length) >> 4) + 2;
    if (this.enterSp.length < spNeed) this.enterSp = grown(this.enterSp, spNeed);
    const { ev, auxCk, enterCk, flags, reason, enterSp, exitEv, marks } = this;
    ev.set(events, this.nev);
    let e = this.nev;
    let auxPos = this._auxAt(e);
    let nextEnter = this.nextEnter;
    let sp = this.sp;
    let pv = 0, cut = 0, all = 0;
    const n = events.length;
    const expShift = FLAGS.EXPECTED_SHIFT, boundMask = FLAGS.BOUND_MASK;
    for (let k = 0; k < n; k++, e++) {
      if ((e & 63) === 0) {
        auxCk[e >> 6] = auxPos;
        enterCk[e >> 6] = nextEnter;
      }
      const kind = events[k];
      let node;
      if (kind === EV.ENTER) {
        node = nextEnter++;
        if (sp === this.stack.length) this.stack = grown(this.stack, sp + 1);
        this.stack[sp++] = node;
        if ((node & 15) === 0) enterSp[node >> 4] = e;
      } else if (kind === EV.EXIT) {
        if (sp > 0) {
          node = this.stack[--sp];
          exitEv[node] = e;
          const f = flags[node];
          if (f & FLAGS.UNCERTAIN) marks.uncertain.push(e);
          if (reason[node] !== SR.ABORTED) {
            const t = f & boundMask; // the bound: also the actual node type
            if (((f >> expShift) & 3) !== t) marks.mismatch.push(e);
            if (t === NT.PV) pv++;
            else if (t === NT.CUT) cut++;
            else all++;
          }
        } else node = NONE;
      } else {
        node = sp > 0 ? this.stack[sp - 1] : NONE;
        // a chance cut-off (Ballard's A_i or B_i crossed) is a cut-off to step to, count and draw
        if (kind === EV.CUTOFF || kind === EV.CHANCE_CUTOFF) marks.cutoff.push(e);
        else if (kind === EV.RESEARCH) marks.research.push(e);
        else if (kind === EV.PRUNE && node !== NONE) {
          this.pruneEv.push(e);
          this.pruneNode.push(node);
        }
        auxPos += AUX_WORDS[kind];
      }
    }
    this.nextEnter = nextEnter;
    this.sp = sp;
    this.counts.pv += pv;
    this.counts.cut += cut;
    this.counts.all += all;
    this.nev = e;
    if ((e & 63) === 0) {
      auxCk[e >> 6] = auxPos;
      enterCk[e >> 6] = nextEnter;
    }
  }

  /**
   * The event position of node `id`'s enter (NONE for a node not entered yet). Node ids are
   * given in entry order, so it is the id-th enter event of the tape: found from the enter of
   * the last node whose id is a multiple of 16 (stored) by counting enters on the tape after
   * it, about 40 bytes of tape read in order. Derived, not stored: a 4-byte column less a node
   * (issue 19 §6).
   */
  enterOf(id) {
    if (id >= this.nextEnter) return NONE;
    const ev = this.ev;
    let e = this.enterSp[id >>> 4];
    for (let k = id & 15; k > 0; k--) {
      e++;
      while (ev[e] !== EV.ENTER) e++;
    }
    return e;
  }

  /** How many nodes were entered before event `e` (node ids are given in entry order). */
  enteredBefore(e) {
    const { ev } = this;
    let k = e & ~63;
    let m = this.enterCk[e >> 6];
    if (this.rankAt <= e && this.rankAt > k) {
      k = this.rankAt;
      m = this.rankOf;
    }
    for (; k < e; k++) if (ev[k] === EV.ENTER) m++;
    this.rankAt = e;
    this.rankOf = m;
    return m;
  }

  /**
   * The node event `e` belongs to: the node it enters, the node it exits, or the node open
   * at that moment (α raises, cut-offs, TT hits, prunes); NONE outside every node. Derived
   * from the tape and the exit index instead of stored (4 bytes an event; issue 13): the
   * nodes open at `e` are the ancestors of the last node entered before it that had not
   * exited yet.
   */
  nodeOf(e) {
    if (e < 0 || e >= this.nev) return NONE;
    const m = this.enteredBefore(e);
    if (this.ev[e] === EV.ENTER) return m;
    const { parent, exitEv } = this;
    let p = m - 1;
    while (p !== NONE && p >= 0 && exitEv[p] < e) p = parent[p];
    return p < 0 ? NONE : p;
  }

  /** Position in the aux stream of the first aux word of event `e`. */
  _auxAt(e) {
    if (e === 0) return 0;
    let pos = this.auxCk[e >> 6];
    for (let k = e & ~63; k < e; k++) pos += AUX_WORDS[this.ev[k]];
    return pos;
  }

  /**
   * The moves node `id` pruned by prune events of its own: [move code, prune reason, …] in
   * tape order. Its prune events lie between its entry and its exit.
   */
  prunedOwn(id) {
    const out = [];
    if (id >= this.n) return out;
    const { parent, exitEv } = this;
    const evs = this.pruneEv.a, nodes = this.pruneNode.a, count = this.pruneEv.n;
    const last = exitEv[id] === NONE ? this.nev : exitEv[id];
    for (let k = lowerBound(evs, 0, count, this.enterOf(id)); k < count && evs[k] <= last; ) {
      const d = nodes[k];
      if (d === id) {
        out.push(...this.auxOf(evs[k], 2));
        k++;
        continue;
      }
      // a descendant's: skip the subtree of the child of `id` that holds it (a node near the
      // root of a large search would otherwise read every prune event below it)
      let c = d;
      while (c !== NONE && parent[c] !== id) c = parent[c];
      if (c === NONE || exitEv[c] === NONE) break; // inside a child still open: nothing more yet
      k = lowerBound(evs, k + 1, count, exitEv[c] + 1);
    }
    return out;
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
    return (this.flags[id] & FLAGS.EXITED) !== 0;
  }
  /** Exited with a result (not cut short by a stop). */
  finished(id) {
    return (this.flags[id] & FLAGS.EXITED) !== 0 && this.reason[id] !== SR.ABORTED;
  }
  /** The bound (BOUNDS_CODE: EXACT, LOWER, UPPER): also the actual node type (NODE_TYPES_CODE). */
  actual(id) {
    return this.flags[id] & FLAGS.BOUND_MASK;
  }
  expected(id) {
    return (this.flags[id] >> FLAGS.EXPECTED_SHIFT) & 3;
  }
  uncertain(id) {
    return this.flag(id, FLAGS.UNCERTAIN);
  }
  /** Whether node `id` has the flag `bit` (FLAGS, FLAG_FIELDS of www/schema.js). */
  flag(id, bit) {
    return (this.flags[id] & bit) !== 0;
  }
  isResearch(id) {
    return (this.flags[id] & FLAGS.RESEARCH) !== 0;
  }
  nodeKind(id) {
    return this.kind[id] & 15;
  }
  orderSource(id) {
    return this.kind[id] >> 4;
  }
  isNull(id) {
    return (this.kind[id] & 15) === NK.NULL;
  }
  /** End of `id`'s subtree as known now (open nodes extend to the last node). */
  end(id) {
    // an exited node's subtree is every node entered before its exit (ids are given in entry
    // order): derived from the tape instead of stored (4 bytes a node; issue 13)
    const x = this.exitEv[id];
    return x === NONE ? this.n : this.enteredBefore(x);
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
  /** The next sibling of `c` (NONE after the last child). */
  nextSibling(c) {
    const p = this.parent[c];
    return p === NONE || this.lastChild[p] === c ? NONE : this.end(c);
  }
  /** Children by role: distinct moves searched, re-searches, null moves, multi-cut probes. */
  childStats(id) {
    const out = { searched: 0, researches: 0, nulls: 0, probes: 0 };
    const seen = new Set();
    this.forChildren(id, (c) => {
      const k = this.kind[c] & 15;
      if (k === NK.NULL) out.nulls++;
      else if (k === NK.MC_PROBE) out.probes++;
      else if (this.isResearch(c) || k === NK.LMR_RESEARCH) out.researches++;
      if (k !== NK.NULL && k !== NK.MC_PROBE && !seen.has(this.code[c])) {
        seen.add(this.code[c]);
        out.searched++;
      }
    });
    return out;
  }
  /** The child of `id` with move code `code` (its first visit), or NONE. */
  childWithCode(id, code) {
    let found = NONE;
    this.forChildren(id, (c) => {
      if (found === NONE && this.code[c] === code) found = c;
    });
    return found;
  }
  /** The child searched at move-list position `index`, or NONE. */
  childAtIndex(id, index) {
    let found = NONE;
    this.forChildren(id, (c) => {
      if (found === NONE && this.index[c] === index && !this.isNull(c)) found = c;
    });
    return found;
  }
  /** Path of move codes from the root (child indices for trees). */
  pathCodes(id) {
    const out = [];
    while (id !== NONE && this.parent[id] !== NONE) {
      out.push(this.code[id]);
      id = this.parent[id];
    }
    return out.reverse();
  }
  /** The node at a path of move codes under the `k`-th root search (default the last), or NONE. */
  nodeAt(path, k = this.roots.length - 1) {
    if (!this.n) return NONE;
    let id = this.roots.length ? this.roots[Math.max(0, Math.min(k, this.roots.length - 1))] : 0;
    for (const code of path) {
      id = this.childWithCode(id, code);
      if (id === NONE) return NONE;
    }
    return id;
  }
  rootOf(id) {
    while (this.parent[id] !== NONE) id = this.parent[id];
    return id;
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
        if (kind === EV.ALPHA_RAISED && this.nodeOf(k) === id) a = this.auxOf(k)[1];
      }
      if (c === last) break;
      c = this.end(c);
    }
    return a;
  }
}
