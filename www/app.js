// prunescope's page: inputs, the search worker, the trace store, the tree view, stepping,
// narration, the board and the inspector. One state object; redraws on requestAnimationFrame
// only when something is dirty.

import { TraceStore, NONE, EV, TYPES, REASONS, INF, NO_BEST, PRUNE_WHY, PRUNE_EVENT_WHY, NODE_KINDS, ORDER_SOURCES } from './store.js';
import { Layout } from './layout.js';
import { TreeView } from './treeview.js';
import { fmtValue, viewWindow, maxSign } from './render.js';
import { Stepper } from './stepper.js';
import { narrate, EVENT_NAMES } from './narrate.js';
import { Labels, codeSquares } from './labels.js';
import { SearchClient } from './client.js';
import { START_FEN, KIWIPETE, parseEpd, TREES } from './presets.js';
import { readTrace, statsOf, describeConfig, download, traceFileName } from './tracefile.js';
import { createCompare } from './compare.js';
import { $, setText, setHtml } from './dom.js';

const NUM = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fmtInt = (n) => NUM.format(Math.round(n));
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const BATCH_NODES = 16384;

// ------------------------------------------------------------------------------------------------
// State
// ------------------------------------------------------------------------------------------------

const store = new TraceStore();
const layout = new Layout(store);
const stepper = new Stepper(store);
const labels = new Labels(store);

const state = {
  mode: 'single', // 'single' | 'compare'
  tab: 'tree',
  engineReady: false,
  wasm: null, // the main-thread wasm module (ChessLabels, validate)
  // the trace on screen
  kind: null, // 'tree' | 'random' | 'chess'
  rootFen: null,
  algo: null,
  running: false,
  searchId: 0,
  startedAt: 0,
  nodesTotal: 0,
  elapsedMs: 0,
  depth: 0,
  done: null, // the 'done' message
  stopped: false,
  notice: null, // { kind: 'info'|'warn'|'error', text }
  selected: NONE,
  maxmin: true,
  playing: false,
  playAcc: 0,
  speed: 25,
  errors: {}, // field id -> message
  dirty: { tree: true, ui: true },
  metrics: { startClick: 0, firstPaintMs: null, frames: [], batches: 0, batchMs: 0, lastBatchAt: 0 },
};

function markDirty(tree = true, ui = true) {
  if (tree) state.dirty.tree = true;
  if (ui) state.dirty.ui = true;
  schedule();
}

// ------------------------------------------------------------------------------------------------
// The tree view
// ------------------------------------------------------------------------------------------------

const view = new TreeView($('tree'), store, layout, {
  onSelect: (id) => selectNode(id, true),
  onToggle: (id) => toggleCollapse(id),
  onChange: () => markDirty(true, false),
});

function selectNode(id, moveCursor) {
  if (id === NONE || id >= store.n) return;
  state.selected = id;
  if (moveCursor && id < store.nextEnter) {
    stepper.toNode(id);
    pause();
  }
  markDirty();
}

function toggleCollapse(id) {
  if (id === NONE) return;
  if (layout.toggle(id)) markDirty();
}

// ------------------------------------------------------------------------------------------------
// Engine: the worker and the main-thread wasm module
// ------------------------------------------------------------------------------------------------

const client = new SearchClient('/www/worker.js', {
  onReady: () => {
    state.engineReady = true;
    setEngineState('ready', 'engine ready');
    $('start').disabled = state.running;
    revalidateAll();
  },
  onBatch: (m) => onBatch(m),
  onDone: (m) => onDone(m),
  onError: (m) => onSearchError(m),
  onPanic: (message, hadSearch) => onPanic(message, hadSearch),
});

import('/pkg/prunescope.js')
  .then(async (mod) => {
    await mod.default();
    state.wasm = mod;
    if (state.kind === 'chess' && !labels.isChess) {
      labels.reset('chess', state.rootFen, mod.ChessLabels);
      markDirty();
    }
  })
  .catch((e) => {
    console.info('wasm module not available on the page thread:', e.message);
  });

function setEngineState(kind, text) {
  const el = $('engine-state');
  el.textContent = text;
  el.className = 'pill ' + kind;
}

// ------------------------------------------------------------------------------------------------
// Inputs
// ------------------------------------------------------------------------------------------------

let bkPositions = [];

function initInputs() {
  // tabs
  for (const b of document.querySelectorAll('.tabs button')) {
    b.addEventListener('click', () => setTab(b.dataset.tab));
  }
  // chess presets
  const sel = $('fen-preset');
  const addOpt = (parent, value, text) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    parent.appendChild(o);
    return o;
  };
  addOpt(sel, START_FEN, 'Start position');
  addOpt(sel, KIWIPETE, 'Kiwipete');
  const bk = document.createElement('optgroup');
  bk.label = 'Bratko–Kopec';
  sel.appendChild(bk);
  addOpt(sel, '', 'Custom FEN').hidden = true;
  $('fen').value = START_FEN;
  fetch('/www/data/bk.epd')
    .then((r) => (r.ok ? r.text() : ''))
    .then((t) => {
      bkPositions = parseEpd(t);
      for (const p of bkPositions) addOpt(bk, p.fen, `${p.id} — best ${p.bm}`);
    })
    .catch(() => {});
  sel.addEventListener('change', () => {
    if (sel.value) {
      $('fen').value = sel.value;
      validateField('fen');
    }
  });
  $('fen').addEventListener('input', () => {
    const v = $('fen').value.trim();
    sel.value = [...sel.options].some((o) => o.value === v) ? v : '';
    debounce('fen', () => validateField('fen'));
  });
  $('chess-depth').addEventListener('input', () => validateField('chess-depth'));
  $('techniques').addEventListener('change', (e) => {
    // Verified null-move pruning is defined with R = 3 (David & Netanyahu), as in the CLI.
    if (e.target.dataset.path === 'null_move.verified' && e.target.checked) {
      document.querySelector('#techniques [data-param="null_move.R"]').value = '3';
    }
    countTechniques();
    validateTechniques();
  });
  $('techniques').addEventListener('input', () => debounce('tech', validateTechniques));
  $('algo').addEventListener('change', validateTechniques);
  $('iterative').addEventListener('change', validateTechniques);
  countTechniques();

  // trees
  const ts = $('tree-preset');
  for (const t of TREES) addOpt(ts, t.id, t.name);
  addOpt(ts, '', 'Custom').hidden = true;
  ts.value = 'rn';
  $('tree-text').value = TREES[0].text;
  ts.addEventListener('change', () => {
    const t = TREES.find((x) => x.id === ts.value);
    if (t) {
      $('tree-text').value = t.text;
      validateField('tree');
    }
  });
  $('tree-text').addEventListener('input', () => {
    const t = TREES.find((x) => x.text === $('tree-text').value.trim());
    ts.value = t ? t.id : '';
    debounce('tree', () => validateField('tree'), 120);
  });

  // random
  for (const id of ['rnd-b', 'rnd-d', 'rnd-seed', 'rnd-p', 'rnd-rb']) {
    $(id).addEventListener('input', () => validateField('random'));
  }
  $('rnd-order').addEventListener('change', () => {
    $('rnd-p-field').hidden = $('rnd-order').value !== 'p';
    validateField('random');
  });
  $('node-cap').addEventListener('input', () => validateField('cap'));
  $('algo').addEventListener('change', () => markDirty(false, true));
  $('maxmin').addEventListener('change', () => {
    state.maxmin = $('maxmin').checked;
    markDirty();
  });
  $('speed').addEventListener('input', () => {
    state.speed = speedOf($('speed').value);
    $('speed-val').textContent = `${fmtInt(state.speed)}/s`;
  });
  state.speed = speedOf($('speed').value);
  $('speed-val').textContent = `${fmtInt(state.speed)}/s`;
  validateField('random');
}

/** The technique switches and parameters as nested config fields (config.rs names). */
function techniques() {
  const out = {};
  const put = (path, value) => {
    const parts = path.split('.');
    if (parts.length === 1) out[parts[0]] = value;
    else (out[parts[0]] ??= {})[parts[1]] = value;
  };
  for (const box of document.querySelectorAll('#techniques input[data-path]')) {
    if (box.checked) put(box.dataset.path, true);
  }
  // verified null moves need null moves; TT move ordering needs the table
  if (out.null_move?.verified) out.null_move.enabled = true;
  if (out.ordering?.tt_move) (out.tt ??= {}).enabled = true;
  const uc = $('uncertainty').value;
  if (uc !== 'off') out.uncertainty = { mode: uc };
  for (const el of document.querySelectorAll('#techniques [data-param]')) {
    const raw = el.value.trim();
    const numeric = el.type === 'number' || 'number' in el.dataset;
    // An empty or malformed number goes to the core as text, whose error names the parameter.
    put(el.dataset.param, numeric && raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw);
  }
  return out;
}

/** Checks the techniques against the core's rules (ranges, dependencies) as they change. */
function validateTechniques() {
  const check = state.wasm?.validate_config;
  if (!check) return null;
  const iterative = state.tab === 'chess' && $('iterative').checked;
  const msg = check({ algo: $('algo').value, depth: 4, iterative, ...techniques() }) ?? null;
  setError('tech', msg);
  return msg;
}

function countTechniques() {
  const n = document.querySelectorAll('#techniques input[data-path]:checked').length + ($('uncertainty').value !== 'off' ? 1 : 0);
  $('tech-count').textContent = n ? `(${n} on)` : '(all off: plain search)';
}

const speedOf = (v) => Math.max(1, Math.round(10 ** (Number(v) / 25)));

function setTab(tab) {
  state.tab = tab;
  for (const b of document.querySelectorAll('.tabs button')) b.setAttribute('aria-selected', String(b.dataset.tab === tab));
  for (const p of document.querySelectorAll('.panel')) p.hidden = p.dataset.panel !== tab;
  validateTechniques();
  markDirty(false, true);
}

const timers = {};
function debounce(key, f, ms = 200) {
  clearTimeout(timers[key]);
  timers[key] = setTimeout(f, ms);
}

function setError(field, msg) {
  const map = { fen: 'fen-err', 'chess-depth': 'chess-depth-err', tree: 'tree-err', random: 'rnd-err', cap: 'cap-err', tech: 'tech-err' };
  const inputs = { fen: 'fen', 'chess-depth': 'chess-depth', tree: 'tree-text', cap: 'node-cap' };
  state.errors[field] = msg || null;
  const el = $(map[field]);
  el.textContent = msg || '';
  el.hidden = !msg;
  if (inputs[field]) $(inputs[field]).classList.toggle('invalid', !!msg);
  if (field === 'random') for (const id of ['rnd-b', 'rnd-d', 'rnd-seed', 'rnd-p']) $(id).classList.remove('invalid');
}

/** Validation through the worker; while a search runs, through the page's wasm module. */
async function validateInput(input) {
  if (state.running && state.wasm) return state.wasm.validate(input) ?? null;
  if (!state.engineReady && state.wasm) return state.wasm.validate(input) ?? null;
  const r = await client.validate(input);
  return r === undefined ? null : r;
}

function intField(id, lo, hi, name) {
  const raw = $(id).value.trim();
  const v = Number(raw);
  if (raw === '' || !Number.isInteger(v)) return [null, `${name} must be a whole number`];
  if (v < lo || v > hi) return [null, `${name} must be between ${fmtInt(lo)} and ${fmtInt(hi)}, got ${raw}`];
  return [v, null];
}

function randomInput() {
  const [b, eb] = intField('rnd-b', 1, 1000, 'branching');
  if (eb) return [null, eb, 'rnd-b'];
  const [d, ed] = intField('rnd-d', 1, 64, 'depth');
  if (ed) return [null, ed, 'rnd-d'];
  const [seed, es] = intField('rnd-seed', 0, Number.MAX_SAFE_INTEGER, 'seed');
  if (es) return [null, es, 'rnd-seed'];
  let ordering = $('rnd-order').value;
  if (ordering === 'p') {
    const p = Number($('rnd-p').value);
    if ($('rnd-p').value.trim() === '' || !(p >= 0 && p <= 1)) return [null, 'p must be a number between 0 and 1', 'rnd-p'];
    ordering = { p };
  }
  return [{ kind: 'random', branching: b, depth: d, seed, ordering, random_branching: $('rnd-rb').checked }, null];
}

let validationSeq = 0;
async function validateField(field) {
  const seq = ++validationSeq;
  if (field === 'fen') {
    const fen = $('fen').value.trim();
    if (!fen) return setError('fen', 'enter a FEN');
    const err = await validateInput({ kind: 'chess', fen });
    if (fen === $('fen').value.trim()) setError('fen', err);
  } else if (field === 'chess-depth') {
    setError('chess-depth', intField('chess-depth', 1, 64, 'depth')[1]);
  } else if (field === 'cap') {
    setError('cap', intField('node-cap', 1, 4_000_000_000, 'node cap')[1]);
  } else if (field === 'tree') {
    const text = $('tree-text').value;
    if (!text.trim()) {
      setError('tree', 'enter a tree, e.g. ((3 12 8) (2 4 6) (14 5 2))');
      $('tree-ok').textContent = '';
      return;
    }
    const err = await validateInput({ kind: 'tree', text });
    if (text !== $('tree-text').value) return;
    setError('tree', err);
    $('tree-ok').textContent = err ? '' : treeShape(text);
  } else if (field === 'random') {
    const [input, err, badId] = randomInput();
    setError('random', err);
    if (badId) $(badId).classList.add('invalid');
    if (input) {
      const b = input.branching, d = input.depth;
      let total = 0;
      for (let k = 0, p = 1; k <= d && total < 1e15; k++, p *= b) total += p;
      $('rnd-size').textContent = `full tree: ${total >= 1e15 ? '> 10¹⁵' : fmtInt(total)} nodes${input.random_branching ? ' at most' : ''}`;
      if (seq === validationSeq && state.engineReady) {
        const e2 = await validateInput(input);
        if (e2 && !state.errors.random) setError('random', e2);
      }
    } else $('rnd-size').textContent = '';
  }
}

function treeShape(text) {
  const leaves = (text.replace(/#[^\n]*/g, '').match(/-?\d+/g) || []).length;
  let depth = 0, d = 0;
  for (const c of text) {
    if (c === '(') depth = Math.max(depth, ++d);
    else if (c === ')') d--;
  }
  return `✓ valid: ${leaves} leaves, depth ${depth}`;
}

function revalidateAll() {
  validateField('tree');
  validateField('fen');
  validateField('random');
}

// ------------------------------------------------------------------------------------------------
// Running a search
// ------------------------------------------------------------------------------------------------

async function start() {
  if (state.running || state.starting || !state.engineReady) return;
  state.starting = true;
  try {
    await startSearch();
  } finally {
    state.starting = false;
  }
}

/**
 * The input of the selected tab, validated, with the depth and iterative deepening it implies:
 * { input, depth, iterative }, or null after showing what is wrong next to the field.
 */
async function readInput() {
  const fail = (id) => {
    $(id).focus();
    return null;
  };
  if (state.tab === 'chess') {
    const fen = $('fen').value.trim();
    const [depth, dErr] = intField('chess-depth', 1, 64, 'depth');
    setError('chess-depth', dErr);
    if (dErr) return fail('chess-depth');
    const input = { kind: 'chess', fen };
    const err = fen ? await validateInput(input) : 'enter a FEN';
    setError('fen', err);
    if (err) return fail('fen');
    return { input, depth, iterative: $('iterative').checked };
  }
  if (state.tab === 'tree') {
    const text = $('tree-text').value;
    const input = { kind: 'tree', text };
    const err = text.trim() ? await validateInput(input) : 'enter a tree';
    setError('tree', err);
    if (err) return fail('tree-text');
    return { input, depth: 1, iterative: false };
  }
  const [inp, err, badId] = randomInput();
  setError('random', err);
  if (err) {
    $(badId).classList.add('invalid');
    return fail(badId);
  }
  const e2 = await validateInput(inp);
  setError('random', e2);
  if (e2) return null;
  return { input: inp, depth: inp.depth, iterative: false };
}

async function startSearch() {
  const clickedAt = performance.now();
  const algo = $('algo').value;
  const [cap, capErr] = intField('node-cap', 1, 4_000_000_000, 'node cap');
  setError('cap', capErr);
  if (capErr) return $('node-cap').focus();
  const req = await readInput();
  if (!req) return;
  // A bad technique parameter is reported beside the panel before anything is reset.
  if (validateTechniques()) {
    $('techniques').open = true;
    return;
  }
  const input = req.input;
  const config = { algo, depth: req.depth, iterative: req.iterative, node_cap: cap, ...techniques() };
  if (state.running) return;
  // reset the trace; a minimax search of a synthetic tree visits all of it, so its size is known
  let hint = 0;
  if (input.kind === 'random' && algo === 'minimax' && !input.random_branching) {
    let total = 0;
    for (let k = 0, p = 1; k <= input.depth && total <= cap; k++, p *= input.branching) total += p;
    hint = Math.min(total, cap);
  }
  store.reset(hint);
  layout.reset();
  stepper.reset();
  labels.reset(input.kind, input.fen, state.wasm?.ChessLabels);
  pause();
  Object.assign(state, {
    kind: input.kind,
    rootFen: input.fen ?? null,
    algo,
    config,
    opened: null,
    running: true,
    startedAt: performance.now(),
    nodesTotal: 0,
    elapsedMs: 0,
    depth: 0,
    done: null,
    stopped: false,
    notice: null,
    selected: NONE,
  });
  state.metrics.startClick = clickedAt;
  state.metrics.firstPaintMs = null;
  state.metrics.batches = 0;
  state.metrics.batchMs = 0;
  state.metrics.liveFrames = 0;
  view.userMoved = false;
  state.searchId = client.search(input, config, BATCH_NODES);
  markDirty();
}

function stop() {
  if (!state.running) return;
  client.stop();
  state.running = false;
  state.stopped = true;
  state.elapsedMs = performance.now() - state.startedAt;
  state.notice = {
    kind: 'info',
    text: `Stopped after ${fmtInt(store.n)} nodes. Everything received stays on screen; nodes still open when you stopped have no result.`,
  };
  markDirty();
}

function onBatch(m) {
  const t0 = performance.now();
  store.appendBatch(m);
  labels.sync();
  layout.update();
  state.metrics.batchMs += performance.now() - t0;
  state.nodesTotal = m.nodesTotal ?? store.n;
  state.elapsedMs = m.elapsedMs ?? performance.now() - state.startedAt;
  if (store.rootDepths.length) state.depth = store.rootDepths[store.rootDepths.length - 1];
  else if (m.progress?.depth) state.depth = m.progress.depth;
  state.metrics.batches++;
  state.metrics.lastBatchAt = performance.now();
  if (stepper.live) state.selected = NONE;
  markDirty();
}

function onDone(m) {
  state.running = false;
  state.done = m;
  state.elapsedMs = m.elapsedMs ?? state.elapsedMs;
  state.nodesTotal = store.n;
  if (m.aborted) {
    state.notice = {
      kind: 'warn',
      text: `Node cap reached: the search stopped after ${fmtInt(store.n)} nodes. Values come from the last finished iteration; raise the node cap to search further.`,
    };
  }
  // land on the root's final event: the whole search is on screen
  stepper.follow();
  markDirty();
}

function onSearchError(m) {
  state.running = false;
  const msg = m.message || 'the search failed';
  const techField = /tt\.|ordering|aspiration|null_move|multi_cut|CUT_RATIO|uncertainty|presearch|lmr\.|quiescence|needs /.test(msg);
  const field = techField ? 'tech' : /depth/i.test(msg) ? (state.tab === 'chess' ? 'chess-depth' : state.tab === 'random' ? 'random' : null) : /node.?cap/i.test(msg) ? 'cap' : /fen|square|rank|castl|king|position/i.test(msg) && state.kind === 'chess' ? 'fen' : state.kind === 'tree' ? 'tree' : state.kind === 'random' ? 'random' : null;
  if (field) setError(field, msg);
  state.notice = { kind: 'error', text: `The search could not run: ${msg}` };
  markDirty();
}

function onPanic(message, hadSearch) {
  state.running = false;
  state.engineReady = false;
  setEngineState('warn', 'restarting engine…');
  state.notice = {
    kind: 'error',
    text: `The search core crashed: ${message}. The engine was restarted; ${hadSearch ? `the ${fmtInt(store.n)} nodes received are kept.` : 'nothing was lost.'}`,
  };
  markDirty();
}

// ------------------------------------------------------------------------------------------------
// Saving and opening traces (docs/trace-format.md: the CLI's --json format)
// ------------------------------------------------------------------------------------------------

async function saveTrace() {
  try {
    const text = state.opened ? state.opened.text : await client.exportTrace(state.searchId);
    download(state.opened ? state.opened.name : traceFileName(state.kind, state.config), text);
  } catch (e) {
    state.notice = { kind: 'error', text: `Cannot save the trace: ${e.message ?? e}` };
    markDirty(false, true);
  }
}

/** Shows trace file text in the view. Throws (changing nothing) when it is not a valid trace. */
function openTraceText(text, name = 'trace.json') {
  const { doc, batch } = readTrace(text);
  if (state.running) stop();
  pause();
  store.reset(doc.nodes.length);
  layout.reset();
  stepper.reset();
  labels.reset(doc.input.kind, doc.input.fen, state.wasm?.ChessLabels);
  store.appendBatch(batch);
  labels.sync();
  layout.update();
  Object.assign(state, {
    kind: doc.input.kind,
    rootFen: doc.input.fen ?? null,
    algo: doc.config.algo,
    config: doc.config,
    opened: { name, text },
    running: false,
    nodesTotal: store.n,
    elapsedMs: 0,
    depth: store.rootDepths.length ? store.rootDepths[store.rootDepths.length - 1] : 0,
    done: { summary: doc.summary, stats: statsOf(store), aborted: !!doc.summary.aborted, elapsedMs: null },
    stopped: false,
    notice: { kind: 'info', text: `Opened ${name}: ${fmtInt(store.n)} nodes of ${describeConfig(doc.config)} on a ${doc.input.kind} input.` },
    selected: NONE,
  });
  view.userMoved = false;
  stepper.follow();
  markDirty();
}

async function openTraceFile(file) {
  try {
    openTraceText(await file.text(), file.name);
  } catch (e) {
    state.notice = { kind: 'error', text: `Cannot open ${file.name}: ${e.message ?? e}. The trace on screen is kept.` };
    markDirty(false, true);
  }
}

// ------------------------------------------------------------------------------------------------
// Compare mode (www/compare.js)
// ------------------------------------------------------------------------------------------------

const compare = createCompare({
  readInput,
  wasm: () => state.wasm,
});

function setMode(mode) {
  if (mode === state.mode) return;
  state.mode = mode;
  for (const el of document.querySelectorAll('[data-mode]')) el.hidden = el.dataset.mode !== mode;
  $('mode-single').setAttribute('aria-pressed', String(mode === 'single'));
  $('mode-compare').setAttribute('aria-pressed', String(mode === 'compare'));
  if (mode === 'compare') {
    pause();
    compare.activate();
  } else {
    compare.deactivate();
    view.resize();
  }
  markDirty();
}

// ------------------------------------------------------------------------------------------------
// Stepping
// ------------------------------------------------------------------------------------------------

function afterStep(changed) {
  if (!changed) return;
  const id = stepper.node();
  if (id !== NONE) {
    state.selected = id;
    if (layout.reveal(id)) markDirty();
    view.ensureVisible(id);
  }
  markDirty();
}

const steps = {
  fwd: () => afterStep(stepper.forward()),
  back: () => afterStep(stepper.back()),
  first: () => afterStep(stepper.first()),
  last: () => afterStep(stepper.last()),
  over: () => afterStep(stepper.over()),
  out: () => afterStep(stepper.out()),
  mark: (kind, dir) => afterStep(stepper.toMark(kind, dir)),
};

function togglePlay() {
  if (state.playing) return pause();
  if (!store.nev) return;
  if (stepper.live || stepper.at >= store.nev - 1) stepper.set(0);
  state.playing = true;
  state.playAcc = 0;
  state.lastTick = performance.now();
  markDirty();
}

function pause() {
  if (!state.playing) return;
  state.playing = false;
  markDirty(false, true);
}

function initControls() {
  $('mode-single').addEventListener('click', () => setMode('single'));
  $('mode-compare').addEventListener('click', () => setMode('compare'));
  $('save-trace').addEventListener('click', saveTrace);
  $('open-trace').addEventListener('click', () => $('open-file').click());
  $('open-file').addEventListener('change', (ev) => {
    const file = ev.target.files?.[0];
    ev.target.value = '';
    if (file) openTraceFile(file);
  });
  $('start').addEventListener('click', start);
  $('stop').addEventListener('click', stop);
  $('fit').addEventListener('click', () => view.fit());
  $('zoom-cursor').addEventListener('click', () => view.zoomTo(cursorNode()));
  $('collapse').addEventListener('click', () => toggleCollapse(state.selected));
  $('expand-all').addEventListener('click', () => layout.expandAll() && markDirty());
  $('s-first').addEventListener('click', steps.first);
  $('s-back').addEventListener('click', steps.back);
  $('s-fwd').addEventListener('click', steps.fwd);
  $('s-last').addEventListener('click', steps.last);
  $('s-play').addEventListener('click', togglePlay);
  $('s-over').addEventListener('click', steps.over);
  $('s-out').addEventListener('click', steps.out);
  $('n-cut').addEventListener('click', (e) => steps.mark('cutoff', e.shiftKey ? -1 : 1));
  $('n-research').addEventListener('click', (e) => steps.mark('research', e.shiftKey ? -1 : 1));
  $('n-mismatch').addEventListener('click', (e) => steps.mark('mismatch', e.shiftKey ? -1 : 1));
  $('n-uncertain').addEventListener('click', (e) => steps.mark('uncertain', e.shiftKey ? -1 : 1));
  $('inspector').addEventListener('click', (e) => {
    const a = e.target.closest('[data-node]');
    if (a) {
      const id = Number(a.dataset.node);
      selectNode(id, true);
      layout.reveal(id);
      view.ensureVisible(id);
    }
  });

  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) state.mode === 'compare' ? compare.run() : start();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // a focused button must not also be pressed by space / Enter: the page's shortcuts win
    if (t && t.tagName === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) t.blur();
    if (state.mode === 'compare') {
      if (compare.onKey(e)) e.preventDefault();
      return;
    }
    const dir = e.shiftKey ? -1 : 1;
    let handled = true;
    switch (e.key) {
      case 'ArrowRight':
        pause();
        e.shiftKey ? afterStep(stepper.forward(10)) : steps.fwd();
        break;
      case 'ArrowLeft':
        pause();
        e.shiftKey ? afterStep(stepper.back(10)) : steps.back();
        break;
      case ' ':
        togglePlay();
        break;
      case 'ArrowDown':
      case 'o':
      case 'O':
        pause();
        steps.over();
        break;
      case 'ArrowUp':
      case 'u':
      case 'U':
        pause();
        steps.out();
        break;
      case 'c':
      case 'C':
        pause();
        steps.mark('cutoff', dir);
        break;
      case 'r':
      case 'R':
        pause();
        steps.mark('research', dir);
        break;
      case 'm':
      case 'M':
        pause();
        steps.mark('mismatch', dir);
        break;
      case 'q':
      case 'Q':
        pause();
        steps.mark('uncertain', dir);
        break;
      case 'Home':
        pause();
        steps.first();
        break;
      case 'End':
        pause();
        steps.last();
        break;
      case 'x':
      case 'X':
      case 'Enter':
        toggleCollapse(state.selected);
        break;
      case 'f':
      case 'F':
        view.fit();
        break;
      case 'z':
      case 'Z':
        view.zoomTo(cursorNode());
        break;
      case 'v':
      case 'V':
        $('maxmin').checked = !$('maxmin').checked;
        state.maxmin = $('maxmin').checked;
        markDirty();
        break;
      case 'Escape':
        pause();
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  });
}

// ------------------------------------------------------------------------------------------------
// Rendering the page
// ------------------------------------------------------------------------------------------------

let rafPending = false;
function schedule() {
  if (rafPending) return;
  rafPending = true;
  requestAnimationFrame(frame);
}

function cursorNode() {
  return stepper.node();
}

/** α of the cursor node in force at the cursor. */
function cursorAlpha() {
  const e = stepper.at;
  const id = stepper.node();
  if (id === NONE) return undefined;
  return store.alphaAt(id, e);
}

function frame(now) {
  rafPending = false;
  const frameStart = performance.now();
  if (state.playing) {
    const dt = Math.min(0.25, (now - (state.lastTick ?? now)) / 1000);
    state.lastTick = now;
    state.playAcc += dt * state.speed;
    const k = Math.floor(state.playAcc);
    if (k > 0) {
      state.playAcc -= k;
      afterStep(stepper.forward(k));
      if (stepper.at >= store.nev - 1) pause();
    }
    schedule();
  }
  if (state.dirty.tree) {
    state.dirty.tree = false;
    if (!view.userMoved) view.fit(false);
    const cur = stepper.live && state.running ? NONE : cursorNode();
    view.draw({
      cursor: stepper.live ? -1 : stepper.at,
      selected: state.selected,
      cursorNode: cur,
      cursorAlpha: cur === NONE ? undefined : cursorAlpha(),
      maxmin: state.maxmin,
      chess: labels.isChess,
      sideNames: sideNames(),
      label: (id) => labels.label(id),
      prefetch: labels.isChess ? (ids) => labels.prefetch(ids) : null,
    });
    const m = state.metrics;
    m.frames.push(view.lastFrameMs);
    if (m.frames.length > 240) m.frames.shift();
    if (m.firstPaintMs === null && store.n > 0) m.firstPaintMs = performance.now() - m.startClick;
    if (state.running && store.n > 0) m.liveFrames++;
    const s = view.lastStats;
    $('frame-info').textContent = store.n
      ? `${fmtInt(store.n)} nodes · ${s.nodes ? fmtInt(s.nodes) + ' drawn' : ''}${s.dense ? ` · ${s.dense} ply band${s.dense > 1 ? 's' : ''}` : ''} · ${view.lastFrameMs.toFixed(1)} ms`
      : '';
  }
  if (state.dirty.ui) {
    state.dirty.ui = false;
    renderUi();
  }
  state.metrics.lastFrameEnd = performance.now();
  state.metrics.lastFrameMs = state.metrics.lastFrameEnd - frameStart;
}

function sideNames() {
  if (state.kind === 'chess' && state.rootFen) {
    const w = state.rootFen.split(/\s+/)[1] !== 'b';
    return w ? ['White', 'Black'] : ['Black', 'White'];
  }
  return ['MAX', 'MIN'];
}


function renderUi() {
  const running = state.running;
  $('start').disabled = running || !state.engineReady;
  $('stop').disabled = !running;
  $('start').textContent = running ? 'Searching…' : '▶ Start';
  $('empty').hidden = store.n > 0 || running;
  setText('empty-what', { chess: 'the position', tree: 'the tree', random: 'the random tree' }[state.tab]);
  $('collapse').textContent = state.selected !== NONE && layout.isCollapsed(state.selected) ? '▸ Expand' : '▾ Collapse';
  $('collapse').disabled = state.selected === NONE || store.lastChild[state.selected] === NONE;
  $('board-card').hidden = state.mode !== 'single' || (state.kind !== null ? state.kind !== 'chess' : state.tab !== 'chess');
  $('save-trace').disabled = running || !(state.opened || (state.done && state.searchId));
  if (state.engineReady) setEngineState(running ? 'busy' : 'ready', running ? 'searching…' : 'engine ready');

  // progress
  const secs = state.elapsedMs / 1000;
  setText('p-nodes', fmtInt(store.n));
  setText('p-rate', secs > 0.01 && store.n ? compactRate(store.n / secs) : '–');
  setText('p-depth', state.kind === 'tree' ? 'all' : state.depth ? String(state.depth) : '–');
  setText('p-time', state.elapsedMs ? (secs < 1 ? `${state.elapsedMs.toFixed(0)} ms` : `${secs.toFixed(2)} s`) : '–');
  const nt = $('notice');
  if (state.notice) {
    nt.hidden = false;
    nt.className = 'notice ' + state.notice.kind;
    setText('notice', state.notice.text);
  } else nt.hidden = true;

  // step bar
  const e = stepper.at;
  $('s-play').textContent = state.playing ? 'pause' : 'play';
  $('s-play').classList.toggle('on', state.playing);
  setText('evpos', e < 0 ? '–' : `event ${fmtInt(e + 1)} / ${fmtInt(store.nev)} · ${EVENT_NAMES[store.ev[e]] ?? '?'}`);
  for (const [id, k] of [['n-cut', 'cutoff'], ['n-research', 'research'], ['n-mismatch', 'mismatch'], ['n-uncertain', 'uncertain']]) {
    $(id).disabled = store.marks[k].n === 0;
    $(id).title = $(id).title.replace(/ \(\d[\d,]*\)$/, '') + ` (${fmtInt(store.marks[k].n)})`;
  }
  const nctx = narrCtx();
  setText('narration', running && stepper.live ? `Searching… ${fmtInt(store.n)} nodes so far.` : narrate(store, e, nctx));

  renderSummary();
  renderSelection();
}

function compactRate(r) {
  if (r >= 1e6) return (r / 1e6).toFixed(2) + ' M';
  if (r >= 1e3) return (r / 1e3).toFixed(1) + ' k';
  return r.toFixed(0);
}

function narrCtx() {
  return {
    maxmin: state.maxmin,
    chess: labels.isChess,
    name: (id) => labels.name(id),
    move: (id) => labels.move(id),
  };
}

/** Value at node `id` as shown (MAX's view when the toggle is on). */
function shownValue(id, v = store.value[id]) {
  return state.maxmin ? maxSign(store.ply[id]) * v : v;
}

function renderSelection() {
  const id = state.selected !== NONE ? state.selected : store.n && !state.running ? (store.roots.length ? store.roots[store.roots.length - 1] : 0) : NONE;
  // path
  if (id === NONE || id >= store.n) {
    setHtml('path', '<span class="muted">–</span>');
    setHtml('inspector', '<p class="muted">Click a node, or step through the search.</p>');
    if (state.kind === 'chess' && state.rootFen && board) showBoard(NONE);
    return;
  }
  const path = labels.path(id);
  const chess = labels.isChess;
  if (chess) {
    const startPly = state.rootFen && state.rootFen.split(/\s+/)[1] === 'b' ? 1 : 0;
    const moveNo = Number(state.rootFen?.split(/\s+/)[5]) || 1;
    let html = '';
    path.forEach((m, i) => {
      const p = i + startPly;
      if (p % 2 === 0) html += `<span class="mn">${moveNo + p / 2}.</span>`;
      else if (i === 0) html += `<span class="mn">${moveNo}…</span>`;
      html += `<span class="mv">${esc(m)}</span> `;
    });
    setHtml('path', html || '<span class="muted">the root position</span>');
  } else {
    setHtml('path', path.length ? 'root → ' + path.map((x) => `<span class="mv">${esc(x)}</span>`).join(' → ') : '<span class="muted">the root</span>');
  }
  if (chess && board) showBoard(id);
  setHtml('inspector', inspectorHtml(id));
}

function inspectorHtml(id) {
  const st = store;
  const f = (v) => fmtValue(v, labels.isChess);
  const exited = st.exited(id);
  const ply = st.ply[id];
  const mm = state.maxmin;
  const rows = [];
  const row = (k, v, cls = '') => rows.push(`<tr class="${cls}"><th>${k}</th><td>${v}</td></tr>`);
  const link = (n, text) => `<a href="#" data-node="${n}">${esc(text ?? '#' + n)}</a>`;
  const p = st.parent[id];
  row('id', `#${id}${st.roots.length > 1 ? ` <span class="muted">(root search ${st.roots.indexOf(st.rootOf(id)) + 1}, depth ${st.depth[st.rootOf(id)]})</span>` : ''}`);
  row('parent', p === NONE ? '<span class="muted">none (root)</span>' : link(p));
  row('ply', `${ply} <span class="muted">(${sideNames()[ply & 1]} to move${state.maxmin ? ` · ${ply & 1 ? 'MIN' : 'MAX'}` : ''})</span>`);
  const path = labels.isChess ? labels.path(id).join(' ') : st.pathIndices(id).join('.');
  row('path', path ? esc(path) : '<span class="muted">root</span>');
  row('move', p === NONE ? '–' : `${esc(labels.move(id))} <span class="muted">(index ${st.index[id]} in the parent's list${labels.isChess ? `, ${codeSquares(st.code[id])?.join('') ?? 'null'}` : ''})</span>`);
  row('depth left', st.depth[id] === 127 ? '∞ (explicit tree)' : String(st.depth[id]));
  const nk = st.kind[id] & 15, os = st.kind[id] >> 4;
  if (nk || os) row('kind', `${NODE_KINDS[nk] ?? nk}${p !== NONE && os ? ` <span class="muted">· ordered by ${ORDER_SOURCES[os] ?? os}</span>` : ''}`);
  const [a, b] = viewWindow(st.alpha[id], st.beta[id], ply, mm);
  row('window', `(${f(a)}, ${f(b)})${st.beta[id] - st.alpha[id] === 1 ? ' <span class="muted">null window</span>' : ''}${mm && ply & 1 ? ` <span class="muted">negamax (${f(st.alpha[id])}, ${f(st.beta[id])})</span>` : ''}`);
  const cur = stepper.live ? -1 : stepper.at;
  const later = exited && cur >= 0 && (st.exitEv[id] === NONE || st.exitEv[id] > cur);
  const laterNote = later ? ` <span class="muted">(returned later, at event ${fmtInt(st.exitEv[id] + 1)})</span>` : '';
  row('value', exited ? `<b>${f(shownValue(id))}</b>${mm && ply & 1 ? ` <span class="muted">negamax ${f(st.value[id])}</span>` : ''}${laterNote}` : '<span class="muted">open (not finished)</span>');
  const bounds = ['exact', 'lower (fail-high)', 'upper (fail-low)'];
  const aborted = st.reason[id] === 6;
  row('bound', exited && !aborted ? bounds[st.actual(id)] : '–');
  row('expected', `<span class="tt t${st.expected(id)}">${TYPES[st.expected(id)]}</span>`);
  const mismatch = exited && !aborted && st.expected(id) !== st.actual(id);
  row('actual', exited && !aborted ? `<span class="tt t${st.actual(id)}">${TYPES[st.actual(id)]}</span>${mismatch ? ' <span class="warn">≠ expected</span>' : ''}` : '–');
  row('uncertain', st.flags[id] & 16 ? '<span class="warn">yes</span>' : 'no');
  row('reason', exited ? REASONS[st.reason[id]].replace('_', ' ') : '–');
  const pruned = exited ? st.prunedIndices(id) : [];
  if (st.nMoves[id]) {
    const c = st.childStats(id);
    const extra = [
      c.researches ? `${c.researches} re-search${c.researches > 1 ? 'es' : ''}` : '',
      c.nulls ? `${c.nulls} null move` : '',
      c.probes ? `${c.probes} multi-cut probe${c.probes > 1 ? 's' : ''}` : '',
    ].filter(Boolean);
    row('moves', `${st.nMoves[id]} <span class="muted">(${c.searched} searched${extra.length ? ', ' + extra.join(', ') : ''})</span>`);
  } else row('moves', st.lastChild[id] !== NONE ? `0 <span class="muted">(${st.nChildren[id]} special children)</span>` : '0');
  const bi = st.bestIndex[id];
  if (bi !== NO_BEST) {
    let bc = NONE;
    st.forChildren(id, (c) => {
      if (st.index[c] === bi) bc = c;
    });
    row('best_index', `${bi === 254 ? '≥ 254' : bi}${bc !== NONE ? ` → ${link(bc, labels.move(bc))}` : ''}`);
  } else row('best_index', '–');
  if (pruned.length) {
    const why = st.reason[id] === 5 && mm && ply & 1 ? 'α-cut-off' : PRUNE_WHY[st.reason[id]] ?? 'pruning';
    // Trees: child paths; chess: the unsearched moves in SAN (their order in the move list is
    // not recorded, so they are listed as the position's moves no child searched).
    const quiescence = st.depth[id] <= 0 && !!state.config?.quiescence?.enabled;
    const san = labels.isChess ? labels.unsearched(id, quiescence) : null;
    const base = labels.isChess ? null : st.pathIndices(id);
    const all = san ?? pruned.map((i) => (base ? [...base, i].join('.') : `#${i}`));
    const names = all.slice(0, 12);
    const more = all.length > 12 ? ` … ${all.length - 12} more` : '';
    const note = labels.isChess && !san ? '; move-list indices' : '';
    row('pruned', `<span class="pruned-list">${names.join(', ')}${more}</span> <span class="muted">(${all.length} by ${why}${note})</span>`, 'pruned');
  } else row('pruned', exited ? 'none' : '–');
  const pe = st.prunedBy.get(id);
  if (pe) {
    const items = [];
    for (let i = 0; i < pe.length && items.length < 12; i += 2) {
      const sq = labels.isChess ? codeSquares(pe[i]) : null;
      items.push(`${labels.isChess ? (sq ? sq.join('') : '?') : pe[i]} <span class="muted">(${PRUNE_EVENT_WHY[pe[i + 1]] ?? 'pruned'})</span>`);
    }
    row('skipped moves', items.join(', ') + (pe.length / 2 > 12 ? ` … ${pe.length / 2 - 12} more` : ''));
  }
  const ro = st.researchOf.get(id);
  row('research_of', ro !== undefined ? `${link(ro)} <span class="muted">(this is a re-search)</span>` : '–');
  const rb = st.researchedBy.get(id);
  if (rb !== undefined) row('re-searched as', link(rb));
  row('children', `${st.nChildren[id]}${st.nChildren[id] ? ` · subtree ${fmtInt(st.end(id) - id)} nodes` : ''}`);
  row('events', `enter #${fmtInt(st.enterEv[id] + 1)}${st.exitEv[id] !== NONE ? ` · exit #${fmtInt(st.exitEv[id] + 1)}` : ''}`);
  return `<table>${rows.join('')}</table>`;
}

let summaryKey = '';
function renderSummary() {
  const d = state.done;
  const st = store;
  const key = `${state.searchId}|${!!d}|${st.n}|${state.running}|${state.maxmin}`;
  if (key === summaryKey) return;
  summaryKey = key;
  if (!d) {
    if (!st.n) return setHtml('summary', '<p class="muted">Run a search to see its result.</p>');
    const c = st.counts;
    setHtml(
      'summary',
      `<p class="muted">${state.running ? 'Searching' : 'Partial trace'}: ${fmtInt(st.n)} nodes received.</p>
       <table class="counts"><tr><th></th><th>PV</th><th>CUT</th><th>ALL</th></tr>
       <tr><th>actual</th><td>${fmtInt(c.pv)}</td><td>${fmtInt(c.cut)}</td><td>${fmtInt(c.all)}</td></tr></table>
       <p>${fmtInt(st.marks.cutoff.n)} cut-offs · ${fmtInt(st.marks.research.n)} re-searches · ${fmtInt(st.marks.mismatch.n)} mismatches</p>`,
    );
    return;
  }
  const s = d.summary || {};
  const t = d.stats || {};
  const chess = state.kind === 'chess';
  const f = (v) => fmtValue(v, chess);
  const line = chess && s.best_line_san?.length ? s.best_line_san : s.best_line || [];
  const act = t.actual || [0, 0, 0], exp = t.expected || [0, 0, 0];
  const iters = (t.iterations || []).filter(() => chess && (t.iterations || []).length > 1);
  const html = `
    <div class="big"><span class="muted">root value</span> ${
      d.aborted && !(s.iterations || []).length
        ? '<b id="sum-value">–</b> <span class="muted">no search finished before the node cap</span>'
        : `<b id="sum-value">${f(s.value ?? 0)}</b>${chess ? ' <span class="muted">cp, side to move</span>' : ''}`
    }</div>
    <div><span class="muted">best line</span> <span id="sum-line" class="line">${line.length ? (chess ? line.map(esc).join(' ') : 'root → ' + line.map(esc).join(' → ')) : '–'}</span></div>
    <table class="counts">
      <tr><th></th><th>PV</th><th>CUT</th><th>ALL</th></tr>
      <tr><th>actual</th><td>${fmtInt(act[0])}</td><td>${fmtInt(act[1])}</td><td>${fmtInt(act[2])}</td></tr>
      <tr><th>expected</th><td>${fmtInt(exp[0])}</td><td>${fmtInt(exp[1])}</td><td>${fmtInt(exp[2])}</td></tr>
    </table>
    <dl class="kv">
      <dt>nodes</dt><dd>${fmtInt(t.nodes ?? s.nodes ?? 0)} <span class="muted">(${fmtInt(t.leaves ?? 0)} leaves)</span></dd>
      <dt>mismatches</dt><dd>${fmtInt(t.mismatched ?? 0)} <span class="muted">(${(t.mismatched_pct ?? 0).toFixed(1)}%)</span></dd>
      <dt>cut-offs</dt><dd>${fmtInt(t.cutoffs ?? 0)}</dd>
      <dt>first-move fail-high</dt><dd>${(t.first_move_cutoff_pct ?? 0).toFixed(1)}%</dd>
      <dt>re-searches</dt><dd>${fmtInt(t.researches ?? 0)}</dd>
      <dt>time</dt><dd>${d.elapsedMs == null ? '<span class="muted">– (opened from a file)</span>' : `${d.elapsedMs.toFixed(0)} ms`}</dd>
    </dl>
    ${iters.length ? `<table class="iters"><tr><th>depth</th><th>value</th><th>best</th><th>nodes</th><th>EBF</th></tr>${(s.iterations || [])
      .map((it, i) => `<tr><td>${it.depth}</td><td>${f(it.value)}</td><td>${esc(it.best_move ?? '–')}</td><td>${fmtInt(it.nodes)}</td><td>${t.iterations?.[i]?.ebf ? t.iterations[i].ebf.toFixed(1) : '–'}</td></tr>`)
      .join('')}</table>` : ''}
    ${d.aborted ? '<p class="warn">Stopped by the node cap.</p>' : ''}`;
  setHtml('summary', html);
}

// ------------------------------------------------------------------------------------------------
// The board (chess only; loaded lazily so that a missing chessground never breaks the page)
// ------------------------------------------------------------------------------------------------

let board = null;
import('./board.js')
  .then(({ Board }) => {
    board = new Board($('board'));
    markDirty(false, true);
  })
  .catch((e) => console.info('board unavailable:', e.message));

function showBoard(id) {
  if (!board) return;
  let fen = state.rootFen, last;
  if (id !== NONE && labels.isChess) {
    // a null move passes the turn: show the position before it with the other side to move
    let n = id, f = labels.fen(n);
    while (f === null && store.parent[n] !== NONE) {
      const child = n;
      n = store.parent[n];
      f = labels.fen(n);
      if (f !== null && store.code[child] === 0xffff && child === id) {
        const parts = f.split(' ');
        parts[1] = parts[1] === 'w' ? 'b' : 'w';
        parts[3] = '-';
        f = parts.join(' ');
      }
    }
    fen = f ?? fen;
    if (store.parent[n] !== NONE && store.code[n] !== 0xffff) last = codeSquares(store.code[n]) ?? undefined;
  }
  if (!fen) return;
  const color = fen.split(/\s+/)[1] === 'b' ? 'black' : 'white';
  const rootColor = state.rootFen?.split(/\s+/)[1] === 'b' ? 'black' : 'white';
  board.orient(rootColor);
  board.show(fen, last);
  const san = id !== NONE && store.parent[id] !== NONE && labels.isChess ? labels.move(id) : '';
  board.setCheck(/[+#]$/.test(san) ? color : false);
  setText('board-fen', fen);
}

// ------------------------------------------------------------------------------------------------
// Boot
// ------------------------------------------------------------------------------------------------

initInputs();
initControls();
setTab('tree');
markDirty();

// A small hook for tests and the benchmark script.
window.prunescope = {
  state,
  store,
  layout,
  stepper,
  view,
  labels,
  client,
  steps,
  start,
  stop,
  select: (id) => selectNode(id, true),
  compare,
  setMode,
  openTraceText,
  saveTrace,
  /** Node id of a path of child indices ([] = the first root), or -1. */
  nodeAt(path) {
    let id = store.roots.length ? store.roots[store.roots.length - 1] : 0;
    if (!store.n) return -1;
    for (const i of path) {
      let found = -1;
      store.forChildren(id, (c) => {
        if (store.index[c] === i) found = c;
      });
      if (found < 0) return -1;
      id = found;
    }
    return id;
  },
  pruned: (id) => store.prunedIndices(id),
  frameNow() {
    state.dirty.tree = true;
    state.dirty.ui = true;
    frame(performance.now());
    return view.lastFrameMs;
  },
};
