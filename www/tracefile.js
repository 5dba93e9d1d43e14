// Trace files (docs/trace-format.md) on the page: reading a JSON trace written by the CLI or by
// the page into TraceStore batches, statistics of a store (the JS twin of
// src/trace/stats.rs), configuration names (the CLI's --enable / --set), and downloads.
// Saving goes through the worker (src/wasm.rs `Session::trace_json`), so the page writes
// exactly what `prunescope … --json` writes.

import { REASONS, REC, INF, AUX_WORDS, F_EXITED } from './store.js';

export const FORMAT = 'prunescope-trace';
export const VERSION = 2;

const EVENT_CODES = {
  enter: 0, exit: 1, alpha_raised: 2, cutoff: 3, research: 4, iteration: 5, aborted: 6, tt_hit: 7,
  null_verdict: 8, multi_cut: 9, uncertainty_cutoff: 10, aspiration_fail: 11, presearch: 12,
  zugzwang: 13, prune: 14,
};
const KINDS = ['normal', 'null', 'mc_probe', 'reduced', 'lmr_research', 'extended', 'quiescence'];
const ORDERS = ['generated', 'tt', 'capture', 'killer', 'refutation', 'history', 'previous_best'];
const BOUNDS = ['exact', 'lower', 'upper'];
const TYPES = ['pv', 'cut', 'all'];
const NO_PARENT = 0xffffffff;

/** A move code from UCI ("e2e4", "e7e8q"; "0000" = null move): src/diff.rs `uci_to_code`. */
export function uciToCode(uci) {
  if (uci === '0000') return 0xffff;
  if (typeof uci !== 'string' || (uci.length !== 4 && uci.length !== 5)) return -1;
  const sq = (f, r) => {
    const x = f.charCodeAt(0) - 97, y = r.charCodeAt(0) - 49;
    return x >= 0 && x < 8 && y >= 0 && y < 8 ? x | (y << 3) : -1;
  };
  const from = sq(uci[0], uci[1]), to = sq(uci[2], uci[3]);
  const promo = uci.length === 5 ? { n: 2, b: 3, r: 4, q: 5, k: 6 }[uci[4]] ?? -1 : 0;
  if (from < 0 || to < 0 || promo < 0) return -1;
  return from | (to << 6) | (promo << 12);
}

const isInt = (v) => Number.isInteger(v);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Reads a trace file's text. Returns { doc, batch } where `batch` is one worker-protocol batch
 * holding the whole trace (TraceStore.appendBatch). Throws an Error whose message says what is
 * wrong, as `prunescope diff` would: not JSON, not a trace, another version, malformed nodes or
 * events.
 */
export function readTrace(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new Error(`not a JSON trace file: ${e.message}`);
  }
  if (!isObj(doc) || doc.format !== FORMAT) throw new Error(`not a prunescope trace: the top-level "format" must be "${FORMAT}"`);
  if (!isInt(doc.version)) throw new Error('the trace has no numeric "version"');
  if (doc.version !== VERSION) throw new Error(`trace format version ${doc.version} is not supported (this page reads version ${VERSION})`);
  const bad = (what) => {
    throw new Error(`malformed trace file: ${what}`);
  };
  if (!isObj(doc.input) || !['tree', 'random', 'chess'].includes(doc.input.kind)) bad('"input" must be an object with kind "tree", "random" or "chess"');
  if (doc.input.kind === 'chess' && typeof doc.input.fen !== 'string') bad('a chess input needs a "fen"');
  if (!isObj(doc.config)) bad('missing "config"');
  if (!isInt(doc.value)) bad('missing "value"');
  if (!isObj(doc.summary)) bad('missing "summary"');
  for (const f of ['roots', 'nodes', 'events']) if (!Array.isArray(doc[f])) bad(`"${f}" must be an array`);
  const chess = doc.input.kind === 'chess';
  const nodes = doc.nodes;
  const n = nodes.length;
  const buf = new ArrayBuffer(n * REC);
  const u32 = new Uint32Array(buf), i32 = new Int32Array(buf), u16 = new Uint16Array(buf);
  const u8 = new Uint8Array(buf), i8 = new Int8Array(buf);
  const research = [];
  for (let i = 0; i < n; i++) {
    const nd = nodes[i];
    if (!isObj(nd)) bad(`node ${i} is not an object`);
    if (nd.id !== i) bad(`node ${i} has id ${nd.id} (ids must be 0, 1, 2, … in order)`);
    const p = nd.parent;
    if (p !== null && (!isInt(p) || p < 0 || p >= i)) bad(`node ${i} names parent ${p}, which does not come before it`);
    let code = 0;
    if (p !== null) {
      if (chess) {
        code = uciToCode(nd.move);
        if (code < 0) bad(`node ${i}: "move" ${JSON.stringify(nd.move)} is not a UCI move`);
      } else {
        const path = nd.path;
        if (!Array.isArray(path) || !path.length || !isInt(path[path.length - 1])) bad(`node ${i} has no "path"`);
        code = path[path.length - 1];
        if (code < 0 || code > 0xffff) bad(`node ${i}: child index ${code} is too large`);
      }
    }
    for (const f of ['ply', 'index', 'value', 'moves']) if (!isInt(nd[f])) bad(`node ${i}: "${f}" must be an integer`);
    const bound = BOUNDS.indexOf(nd.bound), exp = TYPES.indexOf(nd.expected);
    const kind = KINDS.indexOf(nd.kind), order = ORDERS.indexOf(nd.order), reason = REASONS.indexOf(nd.reason);
    if (bound < 0) bad(`node ${i}: unknown bound ${JSON.stringify(nd.bound)}`);
    if (exp < 0) bad(`node ${i}: unknown expected type ${JSON.stringify(nd.expected)}`);
    if (kind < 0) bad(`node ${i}: unknown kind ${JSON.stringify(nd.kind)}`);
    if (order < 0) bad(`node ${i}: unknown order ${JSON.stringify(nd.order)}`);
    if (reason < 0) bad(`node ${i}: unknown reason ${JSON.stringify(nd.reason)}`);
    const w = i * 7, h = i * 14, b = i * REC;
    u32[w] = p === null ? NO_PARENT : p;
    i32[w + 1] = nd.alpha === null || nd.alpha === undefined ? -INF : nd.alpha;
    i32[w + 2] = nd.beta === null || nd.beta === undefined ? INF : nd.beta;
    i32[w + 3] = nd.value;
    u16[h + 8] = code;
    u16[h + 9] = Math.min(nd.index, 0xffff);
    u16[h + 10] = Math.min(nd.moves, 0xffff);
    u16[h + 11] = nd.best_index === null || nd.best_index === undefined ? 0xffff : Math.min(nd.best_index, 0xfffe);
    u8[b + 24] = kind | (order << 4);
    i8[b + 25] = nd.depth === null || nd.depth === undefined ? 127 : Math.max(-128, Math.min(127, nd.depth));
    const ro = nd.research_of;
    if (ro !== null && ro !== undefined) {
      if (!isInt(ro) || ro < 0 || ro >= i) bad(`node ${i}: research_of ${ro} does not come before it`);
      research.push(i, ro);
    }
    u8[b + 26] = bound | (exp << 2) | (nd.uncertain ? 16 : 0) | (ro !== null && ro !== undefined ? 64 : 0);
    u8[b + 27] = reason;
  }
  // the event tape, replayed to check it: enters come in id order, exits close the open node
  const evs = doc.events;
  const events = new Uint8Array(evs.length);
  const aux = [];
  const stack = [];
  let nextEnter = 0;
  for (let k = 0; k < evs.length; k++) {
    const e = evs[k];
    const code = isObj(e) ? EVENT_CODES[e.kind] : undefined;
    if (code === undefined) bad(`event ${k} has an unknown kind ${JSON.stringify(e?.kind)}`);
    events[k] = code;
    const data = e.data ?? [];
    if (!Array.isArray(data) || data.length !== AUX_WORDS[code] || !data.every(isInt)) bad(`event ${k} (${e.kind}) must carry ${AUX_WORDS[code]} integers`);
    for (const v of data) aux.push(v);
    if (code === 0) {
      if (e.node !== nextEnter || nextEnter >= n) bad(`event ${k} enters node ${e.node}, expected ${nextEnter}`);
      stack.push(nextEnter++);
    } else if (code === 1) {
      const top = stack.pop();
      if (top === undefined || e.node !== top) bad(`event ${k} leaves node ${e.node}, but the open node is ${top ?? 'none'}`);
      u8[top * REC + 26] |= F_EXITED;
    }
  }
  const roots = [];
  for (const r of doc.roots) {
    if (!isObj(r) || !isInt(r.root) || r.root < 0 || r.root >= n || nodes[r.root].parent !== null) bad('"roots" must name root nodes');
    roots.push(r.root, isInt(r.depth) ? r.depth : 0);
  }
  const batch = {
    start: 0,
    nodes: new Uint8Array(buf),
    updIds: new Uint32Array(0),
    upd: new Uint8Array(0),
    events,
    aux: Int32Array.from(aux),
    research: Uint32Array.from(research),
    roots: Int32Array.from(roots),
    nodesTotal: n,
  };
  return { doc, batch };
}

/** Statistics of a store, as src/trace/stats.rs computes them for a recording. */
export function statsOf(st) {
  const s = {
    nodes: st.n, finished: 0, leaves: 0, expected: [0, 0, 0], actual: [0, 0, 0], mismatched: 0,
    mismatched_pct: 0, cutoffs: 0, first_move_cutoff_pct: 0, researches: st.researchOf.size,
    iterations: [], per_ply: [],
  };
  let first = 0;
  for (let id = 0; id < st.n; id++) {
    const q = st.ply[id];
    s.per_ply[q] = (s.per_ply[q] ?? 0) + 1;
    const f = st.flags[id], r = st.reason[id];
    if (!(f & F_EXITED) || r === 6) continue;
    s.finished++;
    const e = (f >> 2) & 3, a = f & 3;
    s.expected[e]++;
    s.actual[a]++;
    if (e !== a) s.mismatched++;
    if (r === 0 || r === 1) s.leaves++;
    else if (r === 5) {
      s.cutoffs++;
      if (st.bestIndex[id] === 0) first++;
    }
  }
  for (let q = 0; q < s.per_ply.length; q++) s.per_ply[q] ??= 0;
  const pct = (a, b) => (b ? (100 * a) / b : 0);
  s.mismatched_pct = pct(s.mismatched, s.finished);
  s.first_move_cutoff_pct = pct(first, s.cutoffs);
  let prev = null;
  st.roots.forEach((root, k) => {
    const end = st.roots[k + 1] ?? st.n;
    const nodes = end - root;
    s.iterations.push({ depth: st.rootDepths[k], root, nodes, ebf: prev ? nodes / prev : null });
    prev = nodes;
  });
  return s;
}

// ---- configurations by the CLI's names ------------------------------------------------------

/** `--enable` names and the config field each switches on (src/config.rs ENABLE_NAMES). */
export const ENABLE_NAMES = [
  ['tt', 'tt.enabled'], ['tt_move', 'ordering.tt_move'], ['mvv_lva', 'ordering.mvv_lva'],
  ['killers', 'ordering.killers'], ['history', 'ordering.history'], ['history_aging', 'ordering.history_aging'],
  ['refutation', 'ordering.refutation'], ['aspiration', 'aspiration.enabled'], ['null_move', 'null_move.enabled'],
  ['adaptive_null', 'null_move.adaptive'], ['verified_null', 'null_move.verified'], ['mc_c', 'multi_cut.mc_c'],
  ['mc_a', 'multi_cut.mc_a'], ['presearch', 'presearch.enabled'], ['lmr', 'lmr.enabled'],
  ['check_extension', 'check_extension'], ['quiescence', 'quiescence.enabled'], ['see_pruning', 'quiescence.see_pruning'],
];
const UC = { uc_safe: 'safe', uc_general: 'general', uc_all: 'unsafe_all' };
const UC_NAME = { safe: 'uc_safe', general: 'uc_general', unsafe_all: 'uc_all' };

const getPath = (o, path) => path.split('.').reduce((v, k) => (v == null ? undefined : v[k]), o);
function setPath(o, path, v) {
  const parts = path.split('.');
  let cur = o;
  for (let i = 0; i < parts.length - 1; i++) {
    if (!isObj(cur[parts[i]])) cur[parts[i]] = {};
    cur = cur[parts[i]];
  }
  cur[parts[parts.length - 1]] = v;
}
const splitList = (s) => String(s ?? '').split(/[\s,]+/).map((x) => x.trim()).filter(Boolean);

/**
 * A search configuration from the CLI's words: `enable` = "tt, null_move" (--enable names),
 * `set` = "null_move.R=3 lmr.K=4" (--set NAME=VALUE). Throws on an unknown technique or a
 * malformed NAME=VALUE; unknown parameter names are left to the core, which rejects them with a
 * message naming them.
 */
export function buildConfig(algo, enable, set, base = {}) {
  const cfg = structuredClone(base);
  cfg.algo = algo;
  for (const name of splitList(enable)) {
    if (UC[name]) {
      setPath(cfg, 'uncertainty.mode', UC[name]);
      continue;
    }
    const e = ENABLE_NAMES.find(([n]) => n === name);
    if (!e) throw new Error(`unknown technique '${name}': expected one of ${[...ENABLE_NAMES.map(([n]) => n), ...Object.keys(UC)].join(', ')}`);
    setPath(cfg, e[1], true);
    if (name === 'verified_null') {
      // as src/config.rs: null moves on, with David & Netanyahu's R = 3 unless `set` says otherwise
      setPath(cfg, 'null_move.enabled', true);
      setPath(cfg, 'null_move.R', 3);
    }
  }
  for (const kv of splitList(set)) {
    const i = kv.indexOf('=');
    if (i <= 0) throw new Error(`parameters are NAME=VALUE, got '${kv}'`);
    const k = kv.slice(0, i), raw = kv.slice(i + 1);
    let v;
    try {
      v = JSON.parse(raw);
    } catch {
      v = raw;
    }
    setPath(cfg, k, v);
  }
  return cfg;
}

// Parameters and their defaults (src/config.rs), in the order describe_config lists them.
const PARAM_DEFAULTS = {
  'tt.replacement': 'depth_preferred', 'tt.size_log2': 20, 'aspiration.width': 50, 'null_move.R': 2,
  'multi_cut.C': 3, 'multi_cut.M': 10, 'multi_cut.R': 3, 'uncertainty.CUT_RATIO': 0.5,
  'presearch.NearLeaf': 3, 'presearch.NearRoot': 1000, 'presearch.Risk': 2, 'lmr.H': 1, 'lmr.K': 3,
};

/**
 * The CLI's words for a configuration: { enable: "tt, null_move" (--enable names), set:
 * "null_move.R=3" (--set, non-default parameters) }; buildConfig(cfg.algo, enable, set) gives it
 * back (depth, iterative deepening and the node cap aside).
 */
export function configWords(cfg) {
  const on = ENABLE_NAMES.filter(([name, path]) => name !== 'see_pruning' && getPath(cfg, path) === true).map(([n]) => n);
  if (getPath(cfg, 'null_move.verified') === true) {
    const i = on.indexOf('null_move');
    if (i >= 0) on.splice(i, 1); // verified_null switches null moves on too
  }
  const uc = getPath(cfg, 'uncertainty.mode');
  if (uc && UC_NAME[uc]) on.push(UC_NAME[uc]);
  const params = [];
  for (const [k, d] of Object.entries(PARAM_DEFAULTS)) {
    const v = getPath(cfg, k);
    if (v !== undefined && v !== d) params.push(`${k}=${v}`);
  }
  if (getPath(cfg, 'quiescence.enabled') === true && getPath(cfg, 'quiescence.see_pruning') === false) params.push('quiescence.see_pruning=false');
  return { enable: on.join(', '), set: params.join(' ') };
}

/** A configuration in a few words, exactly as src/diff.rs `describe_config` says it:
 * "pvs + tt, null_move, uc_safe (null_move.R=3)". */
export function describeConfig(cfg) {
  if (!cfg) return '?';
  const q = getPath(cfg, 'quiescence.enabled') === true;
  const on = ENABLE_NAMES.filter(([name, path]) => getPath(cfg, path) === true && (name !== 'see_pruning' || q)).map(([n]) => n);
  const uc = getPath(cfg, 'uncertainty.mode');
  if (uc && UC_NAME[uc]) on.push(UC_NAME[uc]);
  const params = [];
  for (const [k, d] of Object.entries(PARAM_DEFAULTS)) {
    const v = getPath(cfg, k);
    if (v !== undefined && v !== d) params.push(`${k}=${v}`);
  }
  return `${cfg.algo ?? 'pvs'}${on.length ? ' + ' + on.join(', ') : ''}${params.length ? ` (${params.join(', ')})` : ''}`;
}

/** Offers `text` as a file download. */
export function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name for a trace: prunescope-tree-minimax.json, prunescope-chess-pvs+tt.json, … */
export function traceFileName(kind, cfg, suffix = '') {
  const words = describeConfig(cfg).replace(/ \(.*\)$/, '').replace(' + ', '+').replace(/, /g, '+');
  return `prunescope-${kind ?? 'trace'}-${words}${suffix}.json`.replace(/[^\w+.-]/g, '_');
}
