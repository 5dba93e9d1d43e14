// One trace on the page — a search streaming in, a file opened, or what a stopped search left
// — with everything that belongs to it: its worker, store, layout, names, cursor and status.
// Explore mode has one; compare mode has two (A and B). No DOM: the owner passes `onChange`,
// called after every change, and reads the fields below.

import { TraceStore, NONE } from './store.js';
import { Layout } from './layout.js';
import { Names } from './names.js';
import { Cursor } from './cursor.js';
import { EngineClient, WorkerGone } from '../engine/client.js';
import { fmtInt, fmtFraction } from './format.js';
import { NODE_KINDS_CODE as NK } from '../schema.js';
import { afterFrame, nextSlice, RedrawGate } from './slices.js';
import { treeShape } from './shape.js';

/** How an opened trace's search stopped early (`summary.stopped`, docs/trace-format.md). */
const STOPPED_BY = {
  node_cap: ', stopped by the node cap',
  memory_budget: ', stopped by the memory budget',
  user: ', stopped by hand (nodes open at that moment end as aborted)',
};

/** Entered nodes per batch message while searching or opening. */
export const BATCH_NODES = 8192;
/** Nodes per part when the page hands a trace back to a worker. */
const HANDBACK_NODES = 1 << 19;
/**
 * Batches are taken in slices of at most this many milliseconds, with the event loop free in
 * between: however fast the workers stream, input (Stop), drawing and the other trace get
 * their turn. Slices are chained with `setTimeout(0)`, whose 4 ms floor leaves the core to the
 * browser's other processes, which the search worker shares on a 2-core machine: chaining them
 * through a message channel made a 10 M-node random stream slower (2.9–3.1 s against 2.3–2.5 s,
 * three runs each, scale-bench), and 12 ms slices a 10 M-node chess stream (6.9–7.1 s against
 * 6.3–6.4 s, two runs each).
 */
const SLICE_MS = 8;
/**
 * Once nothing competes for the core — the search has ended, or a file's batches come from a
 * worker that only replays them — slices may be longer: the backlog drains sooner, and frames
 * still come at least every 20 ms or so.
 */
const SLICE_MS_ALONE = 16;
/**
 * While a trace streams in, the page is told of changes (and redraws) at most this often:
 * drawing a large tree on every batch would take the core the worker needs.
 */
const STREAM_REDRAW_MS = 250;
/**
 * ... and at most this share of the page's thread goes to those redraws: a frame that took
 * 50 ms to draw (10 million nodes as density bands) is followed by 450 ms of batches; but the
 * progress shown never waits longer than STREAM_REDRAW_MAX_MS.
 */
const STREAM_DRAW_SHARE = 0.1;
const STREAM_REDRAW_MAX_MS = 2000;

const nextTask = () => new Promise((r) => setTimeout(r, 0));
let traces = 0; // UI-local: numbers Trace objects (their uid), no page state

/**
 * Whether trace `t` holds its results back at its cursor: a search of an explicit tree, not
 * running, stepped before its last event (it opens at its first: issue 29 §3). Its value, its
 * counts and anything that tells how many nodes it visits or prunes then wait for the end (or
 * Final results, which the callers check). The one rule explore's step bar and summary and
 * compare's panels (www/modes/compare.js `held`, for the driving side) follow.
 */
export const heldBack = (t) => t.input?.kind === 'tree' && !t.running && t.store.nev > 0 && !t.cursor.live && t.cursor.at < t.store.nev - 1;

export class Trace {
  /**
   * `name`: 'explore', 'A' or 'B'. `core`: the page thread's wasm module. `workerUrl`: the
   * search worker. `onChange()`: called after every change. `drawCost()`: what the last redraw
   * took, in ms (streaming spaces its redraws by it).
   */
  constructor(name, { core, workerUrl, onChange, drawCost = () => 0 }) {
    this.name = name;
    this.uid = ++traces;
    this.core = core;
    this.onChange = onChange;
    this.drawCost = drawCost;
    this.store = new TraceStore();
    this.layout = new Layout(this.store);
    this.names = new Names(this.store);
    this.cursor = new Cursor(this.store);
    this.client = new EngineClient(workerUrl, {
      onReady: () => {
        this.engineReady = true;
        onChange();
      },
      onPanic: (message, had) => this.onPanic(message, had),
    });
    /** Bumped whenever the trace is replaced (a search starts, a file is opened). */
    this.generation = 0;
    /** 'empty' | 'running' | 'opening' | 'done' | 'stopped' | 'failed' */
    this.status = 'empty';
    this.engineReady = false;
    /** What was searched: the input and configuration objects of the worker protocol. */
    this.input = null;
    this.config = null;
    /** 'search' | 'file' */
    this.source = null;
    this.fileName = null;
    this.startedAt = 0;
    this.elapsedMs = null;
    /** Nominal depth of the current root search. */
    this.depth = 0;
    /** The core's answer: { summary, stats, aborted, input, config, elapsedMs? } or null. */
    this.outcome = null;
    /** { kind: 'info' | 'warn' | 'error', text } or null. */
    this.notice = null;
    /** A message naming the input field at fault, when the search could not start. */
    this.error = null;
    this.batches = 0;
    this.openSeq = 0;
    /** The `openSeq` of the last open that ended, opened or refused (tests wait for it to grow). */
    this.openEnded = 0;
    /** How long a slice may run: SLICE_MS, or SLICE_MS_ALONE once the worker is done. */
    this.sliceMs = SLICE_MS;
    /** Batches received and not taken in yet (see SLICE_MS), from `pendingAt` on. */
    this.pending = [];
    this.pendingAt = 0;
    /** Cancels the next slice, when one is scheduled (null otherwise). */
    this.sliceCancel = null;
    /** The redraws streaming asks for (`onChange`), each in a frame of its own; slices wait
     * for them (`redraws.due`). */
    this.redraws = new RedrawGate(() => this.onChange());
    this.drainWaiters = [];
    this.lastChange = 0;
    this.changeTimer = 0;
    /**
     * A file being opened: { store, layout, status } — its batches go into this staged store
     * (and layout) while the worker checks the rest of the file; it becomes the trace only when
     * the whole file has passed (`done`). Until then the trace on screen stays, and a refused
     * or stopped file leaves it as it was (`status`: the one to go back to).
     */
    this.staging = null;
  }
  /** MIN moves at the root: an explicit tree whose text has the `min` header (read by the
   * core's parser, once per text). Values and windows are then shown from MAX's view with
   * the root's level labelled MIN. */
  get minRoot() {
    return this.minRootOf(this.input);
  }
  /** Whether MIN moves at the root of `input` (read by the core's parser, once per text). */
  minRootOf(input) {
    return !!this.shapeOf(input)?.min;
  }
  /**
   * The core's shape of `input`'s tree text (`tree_shape`: breadth-first arrays, weights, `min`),
   * or null (not a tree, or unreadable). One parse per text, shared by the MIN root and the
   * branch probabilities: a generated chance tree of a million nodes is 3.4 MB of text, and each
   * parse held the page's thread about 100 ms as the search started (scale-bench, issue 32 §6).
   */
  shapeOf(input) {
    const text = input?.kind === 'tree' ? input.text : null;
    if (typeof text !== 'string') return null;
    if (this._shapeText !== text) {
      this._shapeText = text;
      try {
        this._shape = this.core.tree_shape ? treeShape(this.core, text) : null;
      } catch {
        this._shape = null;
      }
    }
    return this._shape;
  }
  /** The probability of the branch into node `id` when its parent is a chance node, as the
   * exact fraction `w/S` (its weight over its siblings' sum, from the tree text read by the
   * core: `tree_shape`), or null. */
  probability(id) {
    const st = this.store;
    const p = st.parent[id];
    if (p === NONE || st.nodeKind(p) !== NK.CHANCE) return null;
    const sh = this.shapeOf(this.input);
    if (!sh?.weights?.length) return null;
    let t = 0;
    for (const c of st.pathCodes(p)) t = sh.first[t] + c;
    const code = st.code[id];
    let sum = 0;
    for (let c = sh.first[t]; c < sh.first[t + 1]; c++) sum += sh.weights[c];
    const w = sh.weights[sh.first[t] + code];
    return w && sum ? fmtFraction(w, sum) : null;
  }
  /** The shown search's exact-value scale: stored values are fractions times it (a chance
   * search's `summary.scale`, docs/trace-format.md); 1 for every other search. */
  get scale() {
    return this.outcome?.summary?.scale ?? 1;
  }


  start() {
    this.client.start();
  }

  get running() {
    return this.status === 'running' || this.status === 'opening';
  }
  get complete() {
    return this.status === 'done' || this.status === 'stopped';
  }
  /** Identifies this trace's current generation (what the worker holds, for saving). */
  get token() {
    return `${this.uid}:${this.generation}`;
  }

  /**
   * Empties everything for a new trace of `input` (config may be null until a file says); or,
   * with `staged` ({ store, layout }), makes the staged store and layout of an opened file the
   * trace.
   */
  begin(input, config, source, hint = 0, staged = null) {
    this.generation++;
    this.dropPending();
    this.sliceMs = source === 'file' ? SLICE_MS_ALONE : SLICE_MS;
    if (staged) {
      // the staged columns become the store's, the staged layout the layout's (views hold the
      // store and layout objects, not their columns); versions move past both
      const sv = Math.max(this.store.version, staged.store.version) + 1;
      const lv = Math.max(this.layout.version, staged.layout.version) + 1;
      Object.assign(this.store, staged.store, { version: sv });
      Object.assign(this.layout, staged.layout, { store: this.store, version: lv });
    } else {
      this.store.reset(hint);
      this.store.rootTurn = this.minRootOf(input) ? 1 : 0;
      this.layout.reset();
    }
    this.cursor.reset();
    this.names.reset(input, config, this.core.Names);
    Object.assign(this, {
      input, config, source, fileName: null, startedAt: performance.now(), elapsedMs: null, depth: 0,
      outcome: null, notice: null, error: null, batches: 0,
    });
  }

  /** Queues a batch; slices take it in (the event loop stays free between them). */
  enqueue(m) {
    this.pending.push(m);
    if (!this.sliceCancel) this.schedule();
  }

  /** Schedules the next slice: in the next task, or after the frame when a redraw is due. */
  schedule() {
    this.sliceCancel = this.redraws.due ? afterFrame((byFrame) => this.slice(true, byFrame)) : nextSlice(() => this.slice(false));
  }

  /** Takes batches in for up to `sliceMs`, until a redraw is asked for. `afterDraw`: this task
   * was scheduled after a frame (`byFrame`) or after waiting for one in vain (www/model/slices.js
   * RedrawGate). */
  slice(afterDraw, byFrame = false) {
    this.sliceCancel = null;
    if (this.redraws.due && (!afterDraw || this.redraws.waits(byFrame))) return this.schedule();
    const t0 = performance.now();
    while (this.pendingAt < this.pending.length && !this.redraws.due && performance.now() - t0 < this.sliceMs) {
      const m = this.pending[this.pendingAt];
      this.pending[this.pendingAt++] = null;
      this.append(m);
    }
    if (this.pendingAt < this.pending.length) {
      this.schedule();
    } else {
      this.dropPending();
    }
  }

  /** Resolves once every batch received so far has been taken in. */
  drain() {
    if (this.pendingAt >= this.pending.length) return Promise.resolve();
    return new Promise((r) => this.drainWaiters.push(r));
  }

  /** Forgets the batches not taken in yet (Stop: the view keeps what it shows). */
  dropPending() {
    this.sliceCancel?.();
    this.sliceCancel = null;
    this.pending = [];
    this.pendingAt = 0;
    const w = this.drainWaiters;
    this.drainWaiters = [];
    for (const r of w) r();
  }

  append(m) {
    if (this.staging) {
      // an opened file's batch: into the staged store, out of sight until the file is checked
      this.staging.store.appendBatch(m);
      this.staging.layout.update();
      this.staging.batches++;
      this.streamed();
      return;
    }
    this.store.appendBatch(m);
    this.layout.update();
    this.batches++;
    if (this.store.rootDepths.length) this.depth = this.store.rootDepths[this.store.rootDepths.length - 1];
    if (this.status === 'running') this.elapsedMs = m.elapsedMs ?? performance.now() - this.startedAt;
    this.streamed();
  }

  /**
   * `onChange` for a batch taken in: at most every STREAM_REDRAW_MS, and no more often than
   * keeps redrawing to STREAM_DRAW_SHARE of the thread; the last one late.
   */
  streamed() {
    const now = performance.now();
    const every = Math.min(STREAM_REDRAW_MAX_MS, Math.max(STREAM_REDRAW_MS, this.drawCost() / STREAM_DRAW_SHARE));
    const wait = every - (now - this.lastChange);
    if (wait <= 0) {
      clearTimeout(this.changeTimer);
      this.changeTimer = 0;
      this.lastChange = now;
      this.changed();
    } else if (!this.changeTimer) {
      this.changeTimer = setTimeout(() => {
        this.changeTimer = 0;
        this.lastChange = performance.now();
        this.changed();
      }, wait);
    }
  }

  /** `onChange` for batches taken in: a redraw is now due, in a frame of its own, and slices
   * wait until it is drawn (www/model/slices.js RedrawGate). */
  changed() {
    this.redraws.request();
  }

  /**
   * Waits for the engine's second part (chess, the experiments, trace files; two wasm builds:
   * www/engine/core.js) with a notice meanwhile: `what` is what needs it ("chess", "the trace-file
   * reader"). The page stays live; resolves to true once it is there, false when it could not
   * be loaded (the notice then says why). At once when it is there already.
   */
  async needSecond(what) {
    if (this.core.hasSecond) return true;
    const notice = { kind: 'info', text: `Loading ${what}: the engine's second part comes once, then stays cached…`, second: true };
    this.notice = notice;
    this.onChange();
    try {
      await this.core.loadSecond();
    } catch (e) {
      this.notice = { kind: 'error', text: `${what} could not be loaded (the engine's second part): ${e.message ?? e}` };
      this.onChange();
      return false;
    }
    if (this.notice === notice) this.notice = null;
    this.onChange();
    return true;
  }

  /** Runs a search; resolves when it ends (done, stopped or failed). */
  async search(input, config, hint = 0) {
    if (this.running) return;
    // chess is the second build's (www/engine/core.js): wait for it, the page stays live
    if (this.core.needsSecond(input) && !(await this.needSecond(input.kind))) return;
    if (this.running) return;
    this.begin(input, config, 'search', hint);
    this.status = 'running';
    this.onChange();
    const gen = this.generation;
    try {
      const done = await this.client.search(input, config, BATCH_NODES, (m) => gen === this.generation && this.enqueue(m));
      if (gen === this.generation) this.sliceMs = SLICE_MS_ALONE;
      await this.drain();
      if (gen !== this.generation || this.status !== 'running') return;
      this.finish(done);
      // The worker streamed the trace and kept none of it: saving hands it back (handBack).
      if (done.aborted) {
        const budget = done.summary?.stopped === 'memory_budget';
        this.notice = {
          kind: 'warn',
          text: budget
            ? `Memory budget reached: the search stopped after ${fmtInt(this.store.n)} nodes, as much as the page can hold (the budget bounds the trace the page keeps: its node records, events and their values, not the rest of the tab's memory). Values come from the last finished iteration.`
            : `Node cap reached: the search stopped after ${fmtInt(this.store.n)} nodes. Values come from the last finished iteration; raise the node cap to search further.`,
        };
      }
    } catch (e) {
      if (gen === this.generation) this.failed(e, 'The search could not run');
    }
    this.onChange();
  }

  /** Nodes of the file being opened that have reached the staged store. */
  get openedNodes() {
    return this.staging?.store.n ?? 0;
  }

  /** Drops the file being opened (refused, stopped, crashed): the trace on screen stays. */
  unstage() {
    if (!this.staging) return false;
    this.dropPending();
    this.status = this.staging.status;
    this.staging = null;
    return true;
  }

  /**
   * Opens a trace file. The worker reads it and checks what makes it safe to stream (header,
   * records, event tape); its batches then fill a staged store while the worker checks the
   * rest (moves, values, summary, semantic rules). The staged store becomes the trace only
   * when the whole file has passed: a refused file changes nothing on the page. Resolves when
   * the file is opened or refused.
   */
  async open(file) {
    if (this.running) this.stop();
    const seq = ++this.openSeq;
    const name = file.name ?? 'trace';
    let staging = null;
    // the reader and validator are the second build's, and so is chess (a file may hold either)
    if (!(await this.needSecond('the trace-file reader'))) {
      this.openEnded = seq;
      return;
    }
    if (seq !== this.openSeq) return;
    try {
      const done = await this.client.open(
        file,
        BATCH_NODES * 4,
        (header) => {
          if (seq !== this.openSeq) return;
          const store = new TraceStore();
          // the file's size is known: the columns are reserved once, exactly
          store.reset(header.nodes ?? 0);
          store.rootTurn = this.minRootOf(header.input) ? 1 : 0;
          staging = { store, layout: new Layout(store), status: this.status, header, batches: 0 };
          this.dropPending();
          this.staging = staging;
          this.sliceMs = SLICE_MS_ALONE;
          this.status = 'opening';
          this.onChange();
        },
        (m) => seq === this.openSeq && staging && this.staging === staging && this.enqueue(m),
      );
      await this.drain();
      if (seq !== this.openSeq || !staging || this.staging !== staging) return;
      this.staging = null;
      this.begin(staging.header.input, staging.header.config, 'file', 0, staging);
      this.fileName = name;
      if (this.store.rootDepths.length) this.depth = this.store.rootDepths[this.store.rootDepths.length - 1];
      this.batches = staging.batches;
      this.finish(done);
      this.client.hold(this.token);
      this.notice = {
        kind: 'info',
        text: `Opened ${name}: ${fmtInt(this.store.n)} nodes of ${this.core.describe_config(done.config)} on a ${done.input.kind} input${STOPPED_BY[done.summary?.stopped] ?? ''}.`,
      };
    } catch (e) {
      if (seq !== this.openSeq) return;
      if (this.staging === staging) this.unstage();
      if (!(e instanceof WorkerGone)) this.notice = { kind: 'error', text: `Cannot open ${name}: ${e.message ?? e}. The trace on screen is kept.` };
    }
    this.openEnded = seq;
    this.onChange();
  }

  finish(done) {
    this.status = 'done';
    this.outcome = done;
    if (done.elapsedMs !== undefined) this.elapsedMs = done.elapsedMs;
    // a finished search of an explicit tree opens at its first event, so that no value shows
    // before the student steps to it (issue 29 §3; End shows the result); a streamed search
    // (chess, random trees, the games) stays where it followed the search, at its end, and an
    // opened trace file opens at its end, as it was saved
    if (this.input?.kind === 'tree' && this.source === 'search' && this.store.nev) this.cursor.set(0);
    else this.cursor.follow();
  }

  failed(e, what) {
    if (e instanceof WorkerGone && !e.panic) return; // stopped by the page
    this.status = this.store.n ? 'stopped' : 'failed';
    if (e instanceof WorkerGone) return; // a panic: onPanic says so
    this.error = String(e.message ?? e);
    this.notice = { kind: 'error', text: `${what}: ${this.error}` };
  }

  onPanic(message, had) {
    this.engineReady = false;
    if (this.unstage()) had = false; // a file being opened: the trace on screen was not touched
    else if (this.running) this.status = this.store.n ? 'stopped' : 'failed';
    this.notice = {
      kind: 'error',
      text: `The search core crashed: ${message}. The engine was restarted; ${had && this.store.n ? `the ${fmtInt(this.store.n)} nodes received are kept.` : 'nothing was lost.'}`,
    };
    this.onChange();
  }

  /** Stops a running search at once; everything received stays. */
  stop() {
    if (!this.running) return false;
    if (this.staging) {
      // opening a file: drop what was staged, keep the trace on screen as it was
      this.client.stop();
      this.unstage();
      this.engineReady = false;
      this.notice = { kind: 'info', text: 'Opening was stopped; the trace on screen is kept.' };
      this.onChange();
      return true;
    }
    this.client.stop();
    this.dropPending();
    this.engineReady = false;
    this.elapsedMs = performance.now() - this.startedAt;
    this.status = this.store.n ? 'stopped' : 'failed';
    this.notice = { kind: 'info', text: `Stopped after ${fmtInt(this.store.n)} nodes. Everything received stays on screen; nodes still open when you stopped have no result.` };
    this.onChange();
    if (this.store.n) this.handBack().catch(() => {});
    return true;
  }

  /**
   * Hands the trace the page holds to the (fresh) worker, so that the core measures it and can
   * save it: after Stop, the worker that ran the search is gone. Sets `outcome`.
   */
  async handBack() {
    const gen = this.generation;
    const st = this.store;
    const parts = [];
    for (let from = 0; from < st.n || from === 0; from += HANDBACK_NODES) {
      const to = Math.min(st.n, from + HANDBACK_NODES);
      const last = to >= st.n;
      parts.push({
        records: st.records(from, to),
        events: last ? st.ev.slice(0, st.nev) : new Uint8Array(0),
        aux: last ? st.aux.slice(0, st.naux) : new Int32Array(0),
        research: last ? st.researchPairs() : new Uint32Array(0),
        roots: last ? st.rootPairs() : new Int32Array(0),
      });
      if (!last) await nextTask();
      if (gen !== this.generation) return;
      if (last) break;
    }
    const summary = this.status === 'done' ? this.outcome?.summary ?? null : null;
    const out = await this.client.adopt(this.input, this.config, summary, parts);
    if (gen !== this.generation) return;
    this.client.hold(this.token);
    this.outcome = { ...out, elapsedMs: this.elapsedMs ?? undefined };
    this.onChange();
  }

  /**
   * The trace as a file in `format` ('binary': compact and compressed, or 'json'): { blob,
   * name, bytes }. The worker writes it with the core's writer, in chunks; if the worker no
   * longer holds this trace, the page hands it back first.
   */
  async save(format = 'binary') {
    if (!this.store.n) throw new Error('there is no trace to save yet');
    if (this.running) throw new Error('wait for the search to finish, or stop it, before saving');
    // the writers are the second build's: the worker loads it for the request; the page waits
    // here for its own copy, so that the wait shows (a notice) instead of a silent pause
    if (!(await this.needSecond('the trace-file writer'))) throw new Error("the engine's second part could not be loaded");
    if (this.client.holding !== this.token) await this.handBack();
    const chunks = [];
    const saved = await this.client.save(format, (c) => chunks.push(c));
    const json = format === 'json';
    const blob = new Blob(chunks, { type: json ? 'application/json' : 'application/octet-stream' });
    return { blob, bytes: saved.bytes, name: this.suggestedName('', json ? '.json' : '.pstrace') };
  }

  /** prunescope-tree-minimax.pstrace, prunescope-chess-pvs+tt.json, … */
  suggestedName(suffix = '', ext = '.pstrace') {
    let words = 'trace';
    try {
      words = this.core.describe_config(this.config).replace(/ \(.*\)$/, '').replace(' + ', '+').replace(/, /g, '+');
    } catch {
      /* keep "trace" */
    }
    return `prunescope-${this.input?.kind ?? 'trace'}-${words}${suffix}${ext}`.replace(/[^\w+.-]/g, '_');
  }

  /** The node the tree shows by default: the last root search's root. */
  defaultNode() {
    const st = this.store;
    if (!st.n) return NONE;
    return st.roots.length ? st.roots[st.roots.length - 1] : 0;
  }
}
