// Compare mode: two searches of the same input (or two saved traces), matched node by node by
// their path from the root (www/diff.js, docs/compare.md). Two tree views side by side share one
// layout of the union of both trees, so matched nodes sit at the same place, and one view
// transform (zoom, pan) and one selection; the ghost view draws the larger tree with the nodes
// the other search never visited faded. One cursor steps the chosen side's event tape and the
// other view follows by path. A summary table and a uPlot bar chart of nodes per ply compare the
// two results.

import { TraceStore, NONE, EV, TYPES, REASONS } from './store.js';
import { Layout } from './layout.js';
import { TreeView } from './treeview.js';
import { Stepper } from './stepper.js';
import { Labels } from './labels.js';
import { SearchClient } from './client.js';
import { narrate, EVENT_NAMES } from './narrate.js';
import { COLORS, GUTTER, fmtValue, maxSign, compact } from './render.js';
import { diffTraces, alignedLayout, FixedLayout, follow, NO } from './diff.js';
import { readTrace, statsOf, buildConfig, describeConfig, configWords, download, traceFileName } from './tracefile.js';
import { $, setText, setHtml } from './dom.js';

const NUM = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fmtInt = (n) => NUM.format(Math.round(n));
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const BATCH_NODES = 65536;
const PLAY_SPEED = 4; // events per second
const BASELINE = 'tt, tt_move, history, mvv_lva, check_extension';

/** The classic comparisons. Each sets both configurations and keeps the input. */
export const PRESETS = [
  { id: 'mm-ab', name: 'Minimax vs alpha-beta', A: { algo: 'minimax' }, B: { algo: 'alphabeta' } },
  { id: 'ab-pvs', name: 'Alpha-beta vs PVS', A: { algo: 'alphabeta' }, B: { algo: 'pvs' } },
  {
    id: 'pvs-uc',
    name: 'PVS vs PVS + safe uncertainty cut-offs',
    A: { algo: 'pvs', enable: BASELINE },
    B: { algo: 'pvs', enable: BASELINE + ', uc_safe' },
  },
  { id: 'null', name: 'Null move off vs on', A: { algo: 'pvs', enable: 'tt, tt_move, mvv_lva' }, B: { algo: 'pvs', enable: 'tt, tt_move, mvv_lva, null_move' } },
  {
    id: 'null-r',
    name: 'Null move R = 2 vs R = 3',
    A: { algo: 'pvs', enable: 'tt, tt_move, mvv_lva, null_move', set: 'null_move.R=2' },
    B: { algo: 'pvs', enable: 'tt, tt_move, mvv_lva, null_move', set: 'null_move.R=3' },
  },
];

const other = (k) => (k === 'A' ? 'B' : 'A');

function makeSide(name) {
  const store = new TraceStore();
  return {
    name,
    store,
    layout: new Layout(store),
    labels: new Labels(store),
    stepper: new Stepper(store),
    fixed: null, // FixedLayout of the aligned layout, once both traces are there
    client: null,
    ready: false,
    searchId: 0,
    running: false,
    stopped: false,
    complete: false, // the trace is all there (finished, stopped or opened)
    summary: null,
    stats: null,
    elapsedMs: null,
    aborted: false,
    input: null,
    config: null,
    file: null, // name of the file it was opened from
    text: null, // that file's text (saved again as is)
    startedAt: 0,
  };
}

/** Paths of move codes from the root (child indices for trees). */
export function pathCodes(store, id) {
  const out = [];
  while (id !== NONE && store.parent[id] !== NONE) {
    out.push(store.code[id]);
    id = store.parent[id];
  }
  return out.reverse();
}

/** A key that says whether two inputs are the same search problem. */
function inputKey(inp) {
  if (!inp) return '';
  if (inp.kind === 'tree') return 'tree:' + String(inp.text).trim();
  if (inp.kind === 'chess') return 'chess:' + String(inp.fen).trim().split(/\s+/).slice(0, 4).join(' ');
  return `random:${inp.branching}:${inp.depth}:${inp.seed}:${JSON.stringify(inp.ordering)}:${!!inp.random_branching}:${!!inp.transpositions}`;
}

/**
 * The compare mode. `app`: { readInput() → Promise<{input, depth, iterative} | null> (shows its
 * own errors), wasm() → the page thread's wasm module or null, onKeyFallback }.
 */
export function createCompare(app) {
  const sides = { A: makeSide('A'), B: makeSide('B') };
  const st = {
    active: false,
    view: 'side',
    byDiff: true,
    maxmin: true,
    drive: 'A',
    selected: { A: NONE, B: NONE },
    playing: false,
    playAcc: 0,
    lastTick: 0,
    d: null,
    lay: null,
    timings: null,
    notice: null,
    userMoved: false,
    dirty: true,
  };
  let views = null; // { A, B, G }
  let uPlot = null;
  let chart = null;
  let chartKey = '';

  // ---- views ---------------------------------------------------------------------------------

  function initViews() {
    if (views) return;
    const mk = (canvas, k) =>
      new TreeView(canvas, sides[k].store, sides[k].layout, {
        onSelect: (id) => select(k === 'G' ? ghostSide() : k, id),
        onToggle: () => {},
        onChange: () => {
          for (const v of Object.values(views ?? {})) {
            if (v.userMoved) {
              st.userMoved = true;
              v.userMoved = false;
            }
          }
          dirty();
        },
      });
    const A = mk($('cmp-tree-A'), 'A');
    const B = mk($('cmp-tree-B'), 'B');
    const G = mk($('cmp-tree-ghost'), 'A');
    // one transform for all three: zoom and pan are synchronized
    B.view = A.view;
    G.view = A.view;
    views = { A, B, G };
    for (const v of [A, B, G]) {
      v.userMoved = false;
      v.fit = () => fitShared(false); // a resize refits unless the user zoomed or panned
    }
  }

  function ghostSide() {
    const d = st.d;
    if (!d) return 'A';
    return d.nA >= d.nB ? 'A' : 'B';
  }

  function primaryView() {
    return st.view === 'ghost' ? views.G : views.A;
  }

  /** Fits the union of both trees into the visible canvas. */
  function fitShared(byUser = true) {
    if (!views) return;
    if (!byUser && st.userMoved) return;
    const v = primaryView();
    const width = st.lay ? st.lay.width : Math.max(sides.A.layout.width, sides.B.layout.width);
    const rows = Math.max(sides.A.store.maxPly, sides.B.store.maxPly) + 1;
    const usable = v.W - GUTTER - 30;
    const sx = Math.min(110, usable / Math.max(1, width));
    const sy = Math.max(14, Math.min(rows <= 6 ? 140 : 100, (v.H - 60) / rows));
    const t = v.view;
    t.sx = sx;
    t.x0 = (width - 1) / 2 - usable / 2 / sx - 15 / sx;
    t.sy = sy;
    t.y0 = -34 / sy;
    if (byUser) st.userMoved = false;
    dirty();
  }

  // ---- drawing -------------------------------------------------------------------------------

  let rafPending = false;
  function dirty() {
    st.dirty = true;
    if (rafPending || !st.active) return;
    rafPending = true;
    requestAnimationFrame(frame);
  }

  function frame(now) {
    rafPending = false;
    if (!st.active) return;
    if (st.playing) {
      const dt = Math.min(0.25, (now - (st.lastTick || now)) / 1000);
      st.lastTick = now;
      st.playAcc += dt * PLAY_SPEED;
      const k = Math.floor(st.playAcc);
      if (k > 0) {
        st.playAcc -= k;
        const D = sides[st.drive];
        afterStep(D.stepper.forward(k));
        if (D.stepper.at >= D.store.nev - 1) st.playing = false;
      }
      dirty();
    }
    if (st.dirty) {
      st.dirty = false;
      drawNow();
      renderUi();
    }
  }

  function drawOpts(k, ghost) {
    const s = sides[k];
    const d = st.d;
    const cur = cursorFor(k);
    const diff = d
      ? {
          match: k === 'A' ? d.aToB : d.bToA,
          colorBy: st.byDiff ? 'diff' : 'type',
          only: k === 'A' ? COLORS.onlyA : COLORS.onlyB,
          ghost,
          sizes: k === 'A' ? d.sizeA : d.sizeB,
          changed: k === 'A' ? (id) => d.changes[id] : (id) => (d.bToA[id] >= 0 ? d.changes[d.bToA[id]] : 0),
          absent: cur.absent,
        }
      : null;
    return {
      cursor: cur.ev,
      selected: st.selected[k],
      cursorNode: cur.node,
      cursorAlpha: cur.node !== NONE && cur.ev >= 0 ? s.store.alphaAt(cur.node, cur.ev) : undefined,
      maxmin: st.maxmin,
      chess: s.labels.isChess,
      sideNames: sideNames(s),
      label: (id) => s.labels.label(id),
      prefetch: s.labels.isChess ? (ids) => s.labels.prefetch(ids) : null,
      diff,
    };
  }

  function attach(view, k) {
    const s = sides[k];
    view.store = s.store;
    view.layout = st.d && s.fixed ? s.fixed : s.layout;
  }

  function drawNow() {
    if (!views) return;
    if (st.view === 'side') {
      for (const k of ['A', 'B']) {
        attach(views[k], k);
        views[k].draw(drawOpts(k, false));
      }
    } else {
      const k = ghostSide();
      attach(views.G, k);
      views.G.draw(drawOpts(k, !!st.d));
    }
  }

  function sideNames(s) {
    const fen = s.input?.kind === 'chess' ? s.input.fen : null;
    if (fen) return fen.split(/\s+/)[1] !== 'b' ? ['White', 'Black'] : ['Black', 'White'];
    return ['MAX', 'MIN'];
  }

  // ---- the cursor ----------------------------------------------------------------------------

  /** Cursor of view `k`: the driving side's own, or the follower's by path. */
  function cursorFor(k) {
    const D = sides[st.drive];
    if (D.stepper.live || D.store.nev === 0) return { ev: -1, node: NONE, absent: null };
    if (k === st.drive) return { ev: D.stepper.at, node: D.stepper.node(), absent: null };
    const F = sides[k];
    const d = st.d;
    const Fs = F.store, Ds = D.store;
    const e = D.stepper.at;
    const a = D.stepper.node(e);
    if (!d) return { ev: -1, node: NONE, absent: null };
    const match = st.drive === 'A' ? d.aToB : d.bToA;
    const end = Fs.nev - 1;
    if (a === NONE) {
      // an iteration (or aborted) event outside any node: the start of the matching root search
      let r = 0;
      while (r < Ds.roots.length && Ds.enterEv[Ds.roots[r]] < e) r++;
      const ev = r < Fs.roots.length ? Math.max(0, Fs.enterEv[Fs.roots[r]] - 1) : end;
      return { ev, node: NONE, absent: null };
    }
    const f = follow(match, Ds.parent, a);
    if (f.id === NO) return { ev: end, node: NONE, absent: null };
    const kind = Ds.ev[e];
    let ev;
    if (f.exact && kind === EV.ENTER) ev = Fs.enterEv[f.id];
    else if (f.exact && kind === EV.EXIT) ev = Fs.exitEv[f.id];
    else {
      // after the last child of the matched node that has returned in the driving search
      let last = NONE;
      Ds.forChildren(f.from, (c) => {
        const x = Ds.exitEv[c];
        if (x !== NONE && x <= e && match[c] !== NO) last = c;
      });
      ev = last !== NONE ? Fs.exitEv[match[last]] : Fs.enterEv[f.id];
    }
    if (ev === NONE || ev === undefined || ev > end) ev = end;
    const absent = f.exact || !D.fixed ? null : { x: D.fixed.x[a], ply: Ds.ply[a] };
    return { ev, node: f.id, absent, exact: f.exact };
  }

  function afterStep(changed) {
    if (!changed) return;
    const D = sides[st.drive];
    const id = D.stepper.node();
    if (id !== NONE) {
      st.selected[st.drive] = id;
      const m = st.d ? (st.drive === 'A' ? st.d.aToB : st.d.bToA)[id] : NO;
      st.selected[other(st.drive)] = m !== NO && m !== undefined ? m : NONE;
      if (views) {
        const v = st.view === 'ghost' ? views.G : views[st.drive];
        if (st.view !== 'ghost' || ghostSide() === st.drive) v.ensureVisible(id);
      }
    }
    dirty();
  }

  /** The next (dir 1) or previous (-1) enter of a node the other search never visited, whose
   * parent it did visit: the root of a pruned (or extra) subtree. */
  function nextDifference(dir) {
    const D = sides[st.drive], d = st.d;
    if (!d) return false;
    const match = st.drive === 'A' ? d.aToB : d.bToA;
    const s = D.store;
    const e0 = D.stepper.live ? (dir > 0 ? -1 : s.nev) : D.stepper.at;
    for (let e = e0 + dir; e >= 0 && e < s.nev; e += dir) {
      if (s.ev[e] !== EV.ENTER) continue;
      const n = s.evNode[e];
      const p = s.parent[n];
      if (match[n] === NO && (p === NONE || match[p] !== NO)) return D.stepper.set(e);
    }
    return false;
  }

  const steps = {
    fwd: () => afterStep(sides[st.drive].stepper.forward()),
    back: () => afterStep(sides[st.drive].stepper.back()),
    first: () => afterStep(sides[st.drive].stepper.first()),
    last: () => afterStep(sides[st.drive].stepper.last()),
    over: () => afterStep(sides[st.drive].stepper.over()),
    out: () => afterStep(sides[st.drive].stepper.out()),
    diff: (dir = 1) => afterStep(nextDifference(dir)),
  };

  function togglePlay() {
    const D = sides[st.drive];
    if (st.playing) {
      st.playing = false;
      return dirty();
    }
    if (!D.store.nev) return;
    if (D.stepper.live || D.stepper.at >= D.store.nev - 1) D.stepper.set(0);
    st.playing = true;
    st.playAcc = 0;
    st.lastTick = performance.now();
    afterStep(true);
  }

  function pause() {
    if (st.playing) {
      st.playing = false;
      dirty();
    }
  }

  /** Selects node `id` of side `k` (and its match on the other side). */
  function select(k, id) {
    const s = sides[k];
    if (id === NONE || id >= s.store.n) return;
    st.selected[k] = id;
    const d = st.d;
    const m = d ? (k === 'A' ? d.aToB : d.bToA)[id] : NO;
    st.selected[other(k)] = m !== NO ? m : NONE;
    // the cursor goes to the node's entry in the driving search, if it has the node
    const driveId = st.drive === k ? id : m !== NO ? m : NONE;
    if (driveId !== NONE) {
      sides[st.drive].stepper.toNode(driveId);
      pause();
    }
    dirty();
  }

  // ---- running, opening, saving --------------------------------------------------------------

  function ensureClients() {
    for (const k of ['A', 'B']) {
      const s = sides[k];
      if (s.client) continue;
      s.client = new SearchClient('/www/worker.js', {
        onReady: () => {
          s.ready = true;
          renderUi();
        },
        onBatch: (m) => onBatch(s, m),
        onDone: (m) => onDone(s, m),
        onError: (m) => onError(s, m),
        onPanic: (message) => onPanic(s, message),
      });
    }
  }

  function resetSide(s, input, config) {
    s.store.reset();
    s.layout.reset();
    s.stepper.reset();
    s.labels.reset(input.kind, input.fen, app.wasm()?.ChessLabels);
    s.fixed = null;
    Object.assign(s, {
      running: false,
      stopped: false,
      complete: false,
      summary: null,
      stats: null,
      elapsedMs: null,
      aborted: false,
      input,
      config,
      file: null,
      text: null,
      searchId: 0,
    });
  }

  function clearComparison() {
    st.d = null;
    st.lay = null;
    st.timings = null;
    st.selected = { A: NONE, B: NONE };
    st.playing = false;
    st.userMoved = false;
    chartKey = '';
  }

  function setErr(k, msg) {
    const el = $(`cmp-err-${k}`);
    el.textContent = msg || '';
    for (const f of ['enable', 'set']) $(`cmp-${f}-${k}`).classList.toggle('invalid', !!msg);
  }

  function setNotice(kind, text) {
    st.notice = text ? { kind, text } : null;
    renderUi();
  }

  function intField(id, lo, hi, name) {
    const raw = $(id).value.trim();
    const v = Number(raw);
    if (raw === '' || !Number.isInteger(v)) return [null, `${name} must be a whole number`];
    if (v < lo || v > hi) return [null, `${name} must be between ${fmtInt(lo)} and ${fmtInt(hi)}, got ${raw}`];
    return [v, null];
  }

  /** Runs both searches on the input of the left panel. */
  async function run() {
    if (sides.A.running || sides.B.running) return;
    ensureClients();
    const [cap, capErr] = intField('cmp-cap', 1, 4_000_000_000, 'node cap');
    $('cmp-cap').classList.toggle('invalid', !!capErr);
    if (capErr) return setNotice('error', capErr);
    const req = await app.readInput();
    if (!req) return setNotice('error', 'The input on the left is not valid: see the message there.');
    const configs = {};
    let bad = false;
    for (const k of ['A', 'B']) {
      setErr(k, null);
      try {
        const cfg = buildConfig($(`cmp-algo-${k}`).value, $(`cmp-enable-${k}`).value, $(`cmp-set-${k}`).value, {
          depth: req.depth,
          iterative: req.iterative,
          node_cap: cap,
        });
        const err = app.wasm()?.validate_config(cfg);
        if (err) throw new Error(err);
        configs[k] = cfg;
      } catch (e) {
        setErr(k, String(e.message ?? e));
        bad = true;
      }
    }
    if (bad) return setNotice('error', 'Fix the configuration marked in red.');
    clearComparison();
    for (const k of ['A', 'B']) {
      const s = sides[k];
      resetSide(s, req.input, configs[k]);
      s.running = true;
      s.startedAt = performance.now();
      s.searchId = s.client.search(req.input, configs[k], BATCH_NODES);
    }
    setNotice(null, null);
    dirty();
  }

  function stop() {
    let any = false;
    for (const s of Object.values(sides)) {
      if (!s.running) continue;
      s.client.stop();
      s.running = false;
      s.stopped = true;
      s.complete = true;
      s.elapsedMs = performance.now() - s.startedAt;
      s.stats = statsOf(s.store);
      any = true;
    }
    if (any) {
      setNotice('info', 'Stopped: the nodes received so far are compared; nodes still open have no result.');
      maybeCompare();
    }
  }

  function onBatch(s, m) {
    s.store.appendBatch(m);
    s.labels.sync();
    s.layout.update();
    dirty();
  }

  function onDone(s, m) {
    s.running = false;
    s.complete = true;
    s.summary = m.summary;
    s.stats = m.stats ?? statsOf(s.store);
    s.elapsedMs = m.elapsedMs;
    s.aborted = !!m.aborted;
    s.stepper.follow();
    const capped = ['A', 'B'].filter((k) => sides[k].aborted && sides[k].complete);
    if (capped.length) {
      const n = capped.map((k) => `${k} after ${fmtInt(sides[k].store.n)} nodes`).join(' and ');
      setNotice('warn', `The node cap stopped ${n}: the comparison covers what ${capped.length > 1 ? 'they' : 'it'} searched.`);
    }
    maybeCompare();
    dirty();
  }

  function onError(s, m) {
    s.running = false;
    setErr(s.name, m.message);
    setNotice('error', `Search ${s.name} could not run: ${m.message}`);
    dirty();
  }

  function onPanic(s, message) {
    const had = s.running;
    s.running = false;
    s.ready = false;
    setNotice('error', `The search core crashed in search ${s.name}: ${message}. Its worker was restarted${had ? `; the ${fmtInt(s.store.n)} nodes received are kept` : ''}.`);
    if (had) {
      s.stopped = true;
      s.complete = true;
      s.stats = statsOf(s.store);
      maybeCompare();
    }
    dirty();
  }

  function maybeCompare() {
    if (!sides.A.complete || !sides.B.complete || sides.A.running || sides.B.running) return;
    recompute();
    if (inputKey(sides.A.input) !== inputKey(sides.B.input)) {
      setNotice('warn', 'A and B searched different inputs: nodes are still matched by their paths, but the comparison means little.');
    }
  }

  /** Matches the two traces, lays out their union and draws it: the compare time. */
  function recompute() {
    const t0 = performance.now();
    const A = sides.A, B = sides.B;
    const d = diffTraces(A.store, B.store);
    const lay = alignedLayout(d);
    A.fixed = new FixedLayout(A.store.n, lay.xA, lay.width, lay.plyListsA);
    B.fixed = new FixedLayout(B.store.n, lay.xB, lay.width, lay.plyListsB);
    st.d = d;
    st.lay = lay;
    st.selected = { A: NONE, B: NONE };
    for (const s of [A, B]) s.stepper.follow();
    const t1 = performance.now();
    if (views && st.active) {
      fitShared(false);
      drawNow();
    }
    const t2 = performance.now();
    st.timings = {
      nodesA: d.nA,
      nodesB: d.nB,
      matchMs: d.matchMs,
      diffMs: d.ms,
      layoutMs: lay.ms,
      drawMs: t2 - t1,
      totalMs: t2 - t0,
    };
    renderChart();
    dirty();
    return st.timings;
  }

  function loadSide(s, parsed, name, text) {
    const { doc, batch } = parsed;
    s.store.reset(doc.nodes.length);
    s.layout.reset();
    s.stepper.reset();
    s.labels.reset(doc.input.kind, doc.input.fen, app.wasm()?.ChessLabels);
    s.store.appendBatch(batch);
    s.labels.sync();
    s.layout.update();
    Object.assign(s, {
      running: false,
      stopped: false,
      complete: true,
      summary: doc.summary,
      stats: statsOf(s.store),
      elapsedMs: null,
      aborted: !!doc.summary.aborted,
      input: doc.input,
      config: doc.config,
      file: name,
      text,
      searchId: 0,
      fixed: null,
    });
    const w = configWords(doc.config);
    $(`cmp-algo-${s.name}`).value = doc.config.algo ?? 'pvs';
    $(`cmp-enable-${s.name}`).value = w.enable;
    $(`cmp-set-${s.name}`).value = w.set;
    setErr(s.name, null);
  }

  /** Opens trace text as side `k`. Throws (and changes nothing) when it is not a valid trace. */
  function openText(k, text, name = 'trace.json') {
    const parsed = readTrace(text); // throws before anything is touched
    const s = sides[k];
    if (s.running) {
      s.client.stop();
      s.running = false;
    }
    clearComparison();
    loadSide(s, parsed, name, text);
    setNotice('info', `Opened ${name} as ${k}: ${fmtInt(s.store.n)} nodes, ${describeConfig(s.config)}.`);
    const o = sides[other(k)];
    if (o.complete && !o.running) maybeCompare();
    dirty();
  }

  async function openFile(k, file) {
    let text;
    try {
      text = await file.text();
      openText(k, text, file.name);
    } catch (e) {
      setNotice('error', `Cannot open ${file.name}: ${e.message ?? e}. Nothing was changed.`);
    }
  }

  /** The JSON trace of side `k` (the CLI's format). */
  async function traceText(k) {
    const s = sides[k];
    if (s.text) return s.text;
    if (!s.searchId || s.stopped) throw new Error('only finished searches can be saved');
    return s.client.exportTrace(s.searchId);
  }

  async function save(k) {
    const s = sides[k];
    try {
      const text = await traceText(k);
      download(s.file ?? traceFileName(s.input?.kind, s.config, `-${k}`), text);
    } catch (e) {
      setNotice('error', `Cannot save ${k}: ${e.message ?? e}`);
    }
  }

  function swap() {
    const a = sides.A, b = sides.B;
    sides.A = b;
    sides.B = a;
    b.name = 'A';
    a.name = 'B';
    for (const f of ['algo', 'enable', 'set']) {
      const x = $(`cmp-${f}-A`), y = $(`cmp-${f}-B`);
      [x.value, y.value] = [y.value, x.value];
    }
    const ea = $('cmp-err-A').textContent, eb = $('cmp-err-B').textContent;
    setErr('A', eb);
    setErr('B', ea);
    const sel = st.selected;
    st.selected = { A: sel.B, B: sel.A };
    if (st.d) {
      const keep = st.selected;
      recompute();
      st.selected = keep;
    }
    dirty();
  }

  function applyPreset(id) {
    const p = PRESETS.find((x) => x.id === id);
    if (!p) return false;
    for (const k of ['A', 'B']) {
      $(`cmp-algo-${k}`).value = p[k].algo;
      $(`cmp-enable-${k}`).value = p[k].enable ?? '';
      $(`cmp-set-${k}`).value = p[k].set ?? '';
      setErr(k, null);
    }
    $('cmp-preset').value = id;
    return true;
  }

  // ---- panels --------------------------------------------------------------------------------


  function sideCaption(s) {
    if (!s.input && !s.store.n) return '–';
    const what = describeConfig(s.config);
    const state = s.running ? `searching… ${fmtInt(s.store.n)} nodes` : `${fmtInt(s.store.n)} nodes`;
    const v = s.summary && !(s.aborted && !(s.summary.iterations || []).length) ? ` · value ${fmtValue(s.summary.value, s.input?.kind === 'chess')}` : '';
    return `${what} · ${state}${v}${s.file ? ` · ${s.file}` : ''}${s.stopped ? ' · stopped' : ''}`;
  }

  function renderUi() {
    if (!st.active) return;
    const A = sides.A, B = sides.B;
    const running = A.running || B.running;
    $('cmp-run').disabled = running || !(A.ready && B.ready);
    $('cmp-run').textContent = running ? 'Searching…' : '▶ Compare';
    $('cmp-stop').disabled = !running;
    for (const k of ['A', 'B']) {
      const s = sides[k];
      setText(`cmp-n-${k}`, s.store.n ? `${fmtInt(s.store.n)} nodes${s.running ? '…' : ''}` : '–');
      setText(`cmp-cap-${k}`, sideCaption(s));
      $(`cmp-save-${k}`).disabled = !(s.text || (s.searchId && s.complete && !s.stopped));
    }
    const nt = $('cmp-notice');
    if (st.notice) {
      nt.hidden = false;
      nt.className = 'notice ' + st.notice.kind;
      setText('cmp-notice', st.notice.text);
    } else nt.hidden = true;
    $('cmp-empty').hidden = !!(A.store.n || B.store.n || running);
    $('cmp-side-views').hidden = st.view !== 'side';
    $('cmp-ghost-views').hidden = st.view !== 'ghost';
    $('cmp-view-side').setAttribute('aria-pressed', String(st.view === 'side'));
    $('cmp-view-ghost').setAttribute('aria-pressed', String(st.view === 'ghost'));
    $('cmp-legend').classList.toggle('by-diff', st.byDiff);
    const d = st.d;
    if (d && st.view === 'ghost') {
      const g = ghostSide(), o = other(g);
      const hidden = g === 'A' ? d.onlyB : d.onlyA;
      setHtml(
        'cmp-cap-ghost',
        `<span class="tag tag-${g.toLowerCase()}">${g}</span> ${fmtInt(sides[g].store.n)} nodes, the larger tree · faded: the ${fmtInt(g === 'A' ? d.onlyA : d.onlyB)} nodes <span class="tag tag-${o.toLowerCase()}">${o}</span> never visited${hidden ? ` · not shown: the ${fmtInt(hidden)} nodes only ${o} visited` : ''}`,
      );
    } else if (st.view === 'ghost') setText('cmp-cap-ghost', 'The ghost tree appears once both searches are done.');
    // step bar and narration
    const D = sides[st.drive];
    const e = D.stepper.live ? -1 : D.stepper.at;
    $('cs-play').textContent = st.playing ? 'pause' : 'play';
    $('cs-play').classList.toggle('on', st.playing);
    $('cmp-drive').value = st.drive;
    setText('cmp-evpos', e < 0 ? (D.store.nev ? `${st.drive} · ${fmtInt(D.store.nev)} events` : '–') : `${st.drive} · event ${fmtInt(e + 1)} / ${fmtInt(D.store.nev)} · ${EVENT_NAMES[D.store.ev[e]] ?? '?'}`);
    setText('cmp-narration', narration());
    renderSummary();
    renderSelection();
  }

  function nodeName(s, id) {
    if (id === NONE) return '?';
    if (s.store.parent[id] === NONE) return 'the root';
    if (!s.labels.isChess) return 'node ' + pathCodes(s.store, id).join('.');
    return `${s.labels.move(id)} (ply ${s.store.ply[id]})`;
  }

  function narration() {
    const D = sides[st.drive], F = sides[other(st.drive)];
    if (running()) return `Searching… A ${fmtInt(sides.A.store.n)} nodes, B ${fmtInt(sides.B.store.n)} nodes.`;
    if (!st.d) return 'Both searches are stepped by one cursor; the other view follows by path.';
    if (D.stepper.live) {
      return `${fmtInt(st.d.both)} nodes in both · ${fmtInt(st.d.onlyA)} only in A · ${fmtInt(st.d.onlyB)} only in B. Step (← →, Home) to replay ${st.drive}'s search; ${other(st.drive)} follows by path.`;
    }
    const ctx = { maxmin: st.maxmin, chess: D.labels.isChess, name: (id) => nodeName(D, id), move: (id) => D.labels.move(id) };
    const e = D.stepper.at;
    let text = `${st.drive}: ${narrate(D.store, e, ctx)}`;
    const c = cursorFor(other(st.drive));
    const a = D.stepper.node();
    if (a !== NONE) {
      if (c.node === NONE) text += ` — ${F.name} has no matching root search.`;
      else if (c.exact) text += ` — ${F.name} visits this node too.`;
      else text += ` — ${F.name} never visits it (it stops at ${nodeName(F, c.node)}).`;
    }
    return text;
  }

  function running() {
    return sides.A.running || sides.B.running;
  }

  let summaryKey = '';
  function renderSummary() {
    const A = sides.A, B = sides.B, d = st.d;
    const key = `${A.store.n}|${B.store.n}|${!!d}|${A.running}|${B.running}|${st.maxmin}|${A.file}|${B.file}|${A.name}${B.name}|${A.summary ? 1 : 0}${B.summary ? 1 : 0}`;
    if (key === summaryKey) return;
    summaryKey = key;
    if (!A.store.n && !B.store.n) return setHtml('cmp-summary', '<p class="muted">Run a comparison to see both results side by side.</p>');
    const chess = A.input?.kind === 'chess' || B.input?.kind === 'chess';
    const f = (v) => fmtValue(v, chess);
    const cell = (s, fn) => (s.store.n ? fn(s) : '–');
    const val = (s) => (s.summary && !(s.aborted && !(s.summary.iterations || []).length) ? f(s.summary.value) : '–');
    const line = (s) => {
      const l = s.summary ? (chess && s.summary.best_line_san?.length ? s.summary.best_line_san : s.summary.best_line || []) : [];
      return l.length ? esc(l.join(' ')) : '–';
    };
    const best = (s) => {
      const l = s.summary ? (chess && s.summary.best_line_san?.length ? s.summary.best_line_san : s.summary.best_line || []) : [];
      return l.length ? esc(l[0]) : '–';
    };
    const stat = (s) => s.stats ?? statsOf(s.store);
    const pct = (v) => `${(v ?? 0).toFixed(1)}%`;
    const delta = (a, b) => {
      if (!a) return '';
      const x = b - a;
      return `${x > 0 ? '+' : x < 0 ? '−' : '±'}${fmtInt(Math.abs(x))}<br>${x >= 0 ? '+' : '−'}${Math.abs((100 * x) / a).toFixed(1)}%`;
    };
    const row = (name, fa, fb, extra = '') => `<tr><th>${name}</th><td>${cell(A, fa)}</td><td>${cell(B, fb)}</td><td class="muted">${extra}</td></tr>`;
    const sa = A.store.n ? stat(A) : null, sb = B.store.n ? stat(B) : null;
    const t = (s) => (s.elapsedMs == null ? '–' : `${fmtInt(s.elapsedMs)} ms`);
    const html = `
      <div class="cmp-configs">
        <div><span class="tag tag-a">A</span> <span id="cmp-config-A">${esc(A.config ? describeConfig(A.config) : '–')}</span></div>
        <div><span class="tag tag-b">B</span> <span id="cmp-config-B">${esc(B.config ? describeConfig(B.config) : '–')}</span></div>
      </div>
      <table class="cmp-table">
        <tr><th></th><th><span class="tag tag-a">A</span></th><th><span class="tag tag-b">B</span></th><th class="muted">B − A</th></tr>
        ${row('root value', (s) => `<b id="cmp-value-${s.name}">${val(s)}</b>`, (s) => `<b id="cmp-value-${s.name}">${val(s)}</b>`, A.summary && B.summary && val(A) !== '–' && val(B) !== '–' ? (A.summary.value === B.summary.value ? 'same' : '<span class="warn">differ</span>') : '')}
        ${row('best move', best, best)}
        ${row('best line', (s) => `<span class="line">${line(s)}</span>`, (s) => `<span class="line">${line(s)}</span>`)}
        ${row('nodes', (s) => `<b id="cmp-nodes-${s.name}">${fmtInt(s.store.n)}</b>`, (s) => `<b id="cmp-nodes-${s.name}">${fmtInt(s.store.n)}</b>`, sa && sb ? delta(sa.nodes, sb.nodes) : '')}
        ${row('<span class="c-pv">PV</span> actual', () => fmtInt(sa.actual[0]), () => fmtInt(sb.actual[0]), sa && sb ? delta(sa.actual[0], sb.actual[0]) : '')}
        ${row('<span class="c-cut">CUT</span> actual', () => fmtInt(sa.actual[1]), () => fmtInt(sb.actual[1]), sa && sb ? delta(sa.actual[1], sb.actual[1]) : '')}
        ${row('<span class="c-all">ALL</span> actual', () => fmtInt(sa.actual[2]), () => fmtInt(sb.actual[2]), sa && sb ? delta(sa.actual[2], sb.actual[2]) : '')}
        ${row('first-move fail-high', () => (sa.cutoffs ? pct(sa.first_move_cutoff_pct) : '–'), () => (sb.cutoffs ? pct(sb.first_move_cutoff_pct) : '–'))}
        ${row('re-searches', () => fmtInt(sa.researches), () => fmtInt(sb.researches))}
        ${row('time', t, t)}
      </table>
      ${
        d
          ? `<p class="cmp-match">matched by path: <b id="cmp-both">${fmtInt(d.both)}</b> in both · <b id="cmp-only-a" class="c-a">${fmtInt(d.onlyA)}</b> only in A · <b id="cmp-only-b" class="c-b">${fmtInt(d.onlyB)}</b> only in B · <b id="cmp-changed">${fmtInt(d.changed)}</b> in both with another value, bound or type <span class="muted">(value ${fmtInt(d.changedValue)}, bound ${fmtInt(d.changedBound)}, type ${fmtInt(d.changedType)})</span></p>
             <p class="muted small" id="cmp-time">compared in ${st.timings ? st.timings.totalMs.toFixed(0) : '–'} ms (matching ${st.timings ? st.timings.diffMs.toFixed(0) : '–'} ms, layout ${st.timings ? st.timings.layoutMs.toFixed(0) : '–'} ms, first frame ${st.timings ? st.timings.drawMs.toFixed(0) : '–'} ms)</p>`
          : running()
            ? '<p class="muted">Searching…</p>'
            : '<p class="muted">The node-by-node comparison appears when both traces are there.</p>'
      }`;
    setHtml('cmp-summary', html);
  }

  function renderChart() {
    const d = st.d;
    const el = $('cmp-chart');
    if (!d) {
      if (chart) {
        chart.destroy();
        chart = null;
      }
      chartKey = '';
      el.innerHTML = '<p class="muted">Nodes per ply of A and B appear here.</p>';
      return;
    }
    if (!uPlot || !st.active) return;
    const key = `${d.nA}|${d.nB}|${d.both}|${sides.A.name}`;
    if (key === chartKey && chart) return;
    chartKey = key;
    if (chart) chart.destroy();
    el.innerHTML = '';
    const n = d.perPly.a.length;
    const xs = Array.from({ length: n }, (_, i) => i);
    const nz = (v) => (v > 0 ? v : null);
    const width = Math.max(200, Math.floor(el.getBoundingClientRect().width) || 300);
    const bars = (align) => uPlot.paths.bars({ size: [0.42, 48], align, gap: 1 });
    chart = new uPlot(
      {
        width,
        height: 190,
        legend: { show: true, live: false },
        cursor: { points: { show: false }, drag: { x: false, y: false } },
        scales: {
          x: { time: false, range: [-0.6, n - 0.4] },
          // log scale (the counts grow geometrically with the ply); from ½ so that one node shows
          y: { distr: 3, log: 10, range: (u, min, max) => [0.5, Math.max(10, (max ?? 1) * 2)] },
        },
        axes: [
          { label: 'ply', size: 34, labelSize: 14, splits: () => xs, values: (u, vals) => vals.map((v) => String(v)), grid: { show: false } },
          { size: 46, values: (u, vals) => vals.map((v) => (v == null || v < 1 ? '' : compact(v))) },
        ],
        series: [
          { label: 'ply' },
          { label: 'A', fill: 'rgba(234, 88, 12, 0.8)', stroke: COLORS.onlyA, width: 1, paths: bars(-1), points: { show: false }, value: (u, v) => (v == null ? '–' : fmtInt(v)) },
          { label: 'B', fill: 'rgba(8, 145, 178, 0.8)', stroke: COLORS.onlyB, width: 1, paths: bars(1), points: { show: false }, value: (u, v) => (v == null ? '–' : fmtInt(v)) },
        ],
      },
      [xs, d.perPly.a.map(nz), d.perPly.b.map(nz)],
      el,
    );
  }

  let selKey = '';
  function renderSelection() {
    const d = st.d;
    const a = st.selected.A, b = st.selected.B;
    const key = `${a}|${b}|${!!d}|${st.maxmin}|${sides.A.name}|${sides.A.store.n}|${sides.B.store.n}`;
    if (key === selKey) return;
    selKey = key;
    if (a === NONE && b === NONE) return setHtml('cmp-sel', '<p class="muted">Click a node in either tree, or step through a search.</p>');
    const A = sides.A, B = sides.B;
    const ref = a !== NONE ? A : B;
    const id = a !== NONE ? a : b;
    const chess = ref.labels.isChess;
    const path = chess ? ref.labels.path(id).join(' ') : pathCodes(ref.store, id).join('.');
    const f = (v) => fmtValue(v, chess);
    const col = (s, n, size) => {
      if (n === NONE) return { visited: '<span class="muted">not visited</span>', value: '–', bound: '–', actual: '–', expected: '–', size: '0', sizeN: 0 };
      const S = s.store;
      const exited = S.exited(n) && S.reason[n] !== 6;
      const v = st.maxmin ? maxSign(S.ply[n]) * S.value[n] : S.value[n];
      return {
        visited: `#${n}${S.isResearch(n) ? ' <span class="muted">(re-search)</span>' : ''}`,
        value: exited ? f(v) : '–',
        bound: exited ? ['exact', 'lower', 'upper'][S.actual(n)] : '–',
        actual: exited ? `<span class="tt t${S.actual(n)}">${TYPES[S.actual(n)]}</span>` : '–',
        expected: `<span class="tt t${S.expected(n)}">${TYPES[S.expected(n)]}</span>`,
        reason: exited ? REASONS[S.reason[n]].replace('_', ' ') : '–',
        size: fmtInt(size[n]),
        sizeN: size[n],
      };
    };
    const ca = col(A, a, d ? d.sizeA : sizes(A.store)), cb = col(B, b, d ? d.sizeB : sizes(B.store));
    const diff = cb.sizeN - ca.sizeN;
    const r = (k, x, y, z = '') => `<tr><th>${k}</th><td>${x}</td><td>${y}</td><td class="muted">${z}</td></tr>`;
    const bits = a !== NONE && d ? d.changes[a] : 0;
    setHtml(
      'cmp-sel',
      `<div class="cmp-path"><span class="muted">path</span> <b>${path ? esc(path) : 'root'}</b></div>
       <table class="cmp-table">
        <tr><th></th><th><span class="tag tag-a">A</span></th><th><span class="tag tag-b">B</span></th><th class="muted">B − A</th></tr>
        ${r('visited', ca.visited, cb.visited)}
        ${r('value', ca.value, cb.value, bits & 1 ? '<span class="warn">≠</span>' : '')}
        ${r('bound', ca.bound, cb.bound, bits & 2 ? '<span class="warn">≠</span>' : '')}
        ${r('actual', ca.actual, cb.actual)}
        ${r('expected', ca.expected, cb.expected, bits & 4 ? '<span class="warn">≠</span>' : '')}
        ${r('reason', ca.reason ?? '–', cb.reason ?? '–')}
        ${r('subtree', `<b id="cmp-sub-A">${ca.size}</b>`, `<b id="cmp-sub-B">${cb.size}</b>`, `<b id="cmp-sub-diff">${diff > 0 ? '+' : diff < 0 ? '−' : '±'}${fmtInt(Math.abs(diff))}</b>`)}
       </table>`,
    );
  }

  const sizeCache = new WeakMap();
  function sizes(store) {
    let c = sizeCache.get(store);
    if (!c || c.n !== store.n) {
      const s = new Uint32Array(store.n).fill(1);
      for (let i = store.n - 1; i >= 0; i--) if (store.parent[i] !== NONE) s[store.parent[i]] += s[i];
      c = { n: store.n, s };
      sizeCache.set(store, c);
    }
    return c.s;
  }

  // ---- controls ------------------------------------------------------------------------------

  function setView(v) {
    st.view = v;
    renderUi();
    // the canvases were hidden: let them take their size, then refit unless the user moved
    requestAnimationFrame(() => {
      for (const x of Object.values(views)) x.resize();
      fitShared(false);
      dirty();
    });
  }

  function initControls() {
    const ps = $('cmp-preset');
    const o0 = document.createElement('option');
    o0.value = '';
    o0.textContent = 'Custom';
    ps.appendChild(o0);
    for (const p of PRESETS) {
      const o = document.createElement('option');
      o.value = p.id;
      o.textContent = p.name;
      ps.appendChild(o);
    }
    ps.addEventListener('change', () => applyPreset(ps.value));
    for (const k of ['A', 'B']) {
      for (const f of ['algo', 'enable', 'set']) {
        $(`cmp-${f}-${k}`).addEventListener('input', () => {
          $('cmp-preset').value = '';
          setErr(k, null);
        });
      }
      $(`cmp-open-${k}`).addEventListener('click', () => $(`cmp-file-${k}`).click());
      $(`cmp-file-${k}`).addEventListener('change', (ev) => {
        const file = ev.target.files?.[0];
        ev.target.value = '';
        if (file) openFile(k, file);
      });
      $(`cmp-save-${k}`).addEventListener('click', () => save(k));
    }
    $('cmp-swap').addEventListener('click', swap);
    $('cmp-run').addEventListener('click', run);
    $('cmp-stop').addEventListener('click', stop);
    $('cmp-view-side').addEventListener('click', () => setView('side'));
    $('cmp-view-ghost').addEventListener('click', () => setView('ghost'));
    $('cmp-fit').addEventListener('click', () => fitShared(true));
    $('cmp-bydiff').addEventListener('change', () => {
      st.byDiff = $('cmp-bydiff').checked;
      dirty();
    });
    $('cmp-maxmin').addEventListener('change', () => {
      st.maxmin = $('cmp-maxmin').checked;
      dirty();
    });
    $('cmp-drive').addEventListener('change', () => setDrive($('cmp-drive').value));
    $('cs-first').addEventListener('click', steps.first);
    $('cs-back').addEventListener('click', steps.back);
    $('cs-fwd').addEventListener('click', steps.fwd);
    $('cs-last').addEventListener('click', steps.last);
    $('cs-play').addEventListener('click', togglePlay);
    $('cs-over').addEventListener('click', steps.over);
    $('cs-out').addEventListener('click', steps.out);
    $('cs-next-diff').addEventListener('click', (e) => steps.diff(e.shiftKey ? -1 : 1));
    applyPreset('mm-ab');
  }

  /** Steps `k`'s events from now on; the cursor keeps its node where the new side has it. */
  function setDrive(k) {
    if (k === st.drive) return;
    const old = sides[st.drive];
    const cur = cursorFor(k);
    st.drive = k;
    const D = sides[k];
    if (!old.stepper.live && cur.ev >= 0) D.stepper.set(cur.ev);
    else D.stepper.follow();
    pause();
    dirty();
  }

  /** Keyboard shortcuts while compare mode is on; returns true when the key was handled. */
  function onKey(e) {
    const dir = e.shiftKey ? -1 : 1;
    const D = sides[st.drive];
    switch (e.key) {
      case 'ArrowRight':
        pause();
        afterStep(D.stepper.forward(e.shiftKey ? 10 : 1));
        return true;
      case 'ArrowLeft':
        pause();
        afterStep(D.stepper.back(e.shiftKey ? 10 : 1));
        return true;
      case ' ':
        togglePlay();
        return true;
      case 'ArrowDown':
      case 'o':
      case 'O':
        pause();
        steps.over();
        return true;
      case 'ArrowUp':
      case 'u':
      case 'U':
        pause();
        steps.out();
        return true;
      case 'Home':
        pause();
        steps.first();
        return true;
      case 'End':
        pause();
        steps.last();
        return true;
      case 'd':
      case 'D':
        pause();
        steps.diff(dir);
        return true;
      case 'g':
      case 'G':
        setView(st.view === 'side' ? 'ghost' : 'side');
        return true;
      case 'f':
      case 'F':
        fitShared(true);
        return true;
      case 't':
      case 'T':
        $('cmp-bydiff').checked = !$('cmp-bydiff').checked;
        st.byDiff = $('cmp-bydiff').checked;
        dirty();
        return true;
      case 'v':
      case 'V':
        $('cmp-maxmin').checked = !$('cmp-maxmin').checked;
        st.maxmin = $('cmp-maxmin').checked;
        dirty();
        return true;
      case 'Escape':
        pause();
        return true;
      default:
        return false;
    }
  }

  function activate() {
    st.active = true;
    initViews();
    ensureClients();
    if (!uPlot) {
      import('uplot')
        .then((m) => {
          uPlot = m.default;
          chartKey = '';
          renderChart();
        })
        .catch((e) => console.info('uPlot unavailable:', e.message));
    }
    renderUi();
    requestAnimationFrame(() => {
      for (const v of Object.values(views)) v.resize();
      fitShared(false);
      if (st.d) {
        chartKey = '';
        renderChart();
      }
      dirty();
    });
  }

  function deactivate() {
    st.active = false;
    st.playing = false;
  }

  initControls();

  return {
    st,
    sides,
    PRESETS,
    get views() {
      return views;
    },
    activate,
    deactivate,
    run,
    stop,
    swap,
    recompute,
    applyPreset,
    openText,
    traceText,
    setView,
    setDrive,
    select,
    steps,
    onKey,
    cursorFor,
    pathCodes,
    /** Node of side `k` at a path of move codes ([] = the first root), or -1. */
    nodeAt(k, path) {
      const s = sides[k].store;
      if (!s.n) return -1;
      let id = s.roots.length ? s.roots[0] : 0;
      for (const c of path) {
        let found = -1;
        s.forChildren(id, (x) => {
          if (found < 0 && s.code[x] === c) found = x;
        });
        if (found < 0) return -1;
        id = found;
      }
      return id;
    },
    /** Visible roots of faded subtrees in the last ghost frame, as paths with their sizes. */
    ghostStubs() {
      const k = ghostSide();
      const ids = views?.G.lastStats?.ghostStubs ?? [];
      const sz = k === 'A' ? st.d?.sizeA : st.d?.sizeB;
      return ids.map((id) => ({ path: pathCodes(sides[k].store, id), size: sz ? sz[id] : 1 }));
    },
    frameNow() {
      drawNow();
      renderUi();
    },
  };
}
