// The search worker: a module Web Worker that owns the wasm core and streams traces to the
// page. Protocol: docs/worker-protocol.md ("Messages").
//
// A search runs synchronously inside the worker, so the page stops one by terminating the
// worker (and keeps the batches it already received). After a wasm panic the instance is
// unusable: the worker reports {type:'panic'} and the page terminates and restarts it.
//
// A search's trace streams to the page batch by batch and the worker keeps none of it (the
// core's recorder forgets each batch once sent), so the page holds the only copy. The worker
// keeps an opened file or a trace the page handed back until the next request, so that the
// page can save it; saving a search first hands its trace back.
//
// The core is built twice (docs/architecture.md, "Two wasm builds"): the worker starts with the
// first build (trees, random trees, the small games) and says `ready` once it is there; a
// search of an input the first build cannot search (chess), and every trace-file request
// (open, hand back, save), first loads the second build, once. Messages wait for each other, so
// a request that needs it simply starts later; the page shows why meanwhile.

import init, { Session as FirstSession, debug_panic, build_info } from '../../pkg/prunescope.js';
import { panicMessage } from './panic.js';
import { openFile } from './open-file.js';

// The builds' URLs as this worker resolves them (under the folder the site is served from,
// which may be a sub-path of the host): what a load error names, so it says what was tried.
const FIRST_WASM = new URL('../../pkg/prunescope_bg.wasm', import.meta.url).href;
const SECOND_BUILD = new URL('../../pkg/prunescope_full.js', import.meta.url).href;
const SECOND_WASM = new URL('../../pkg/prunescope_full_bg.wasm', import.meta.url).href;
/** The input kinds the first build can search (its own `build_info()`), once it is loaded. */
let firstInputs = null; // worker-local: the worker's own copy of the first build's answer
/** The second build's `Session`, once loaded. */
let SecondSession = null; // worker-local: the second build's class, once this worker has loaded it

/** The second build's `Session`: loaded the first time a request needs it. */
async function secondSession() {
  if (!SecondSession) {
    let mod;
    try {
      mod = await import(SECOND_BUILD);
    } catch (err) {
      throw new Error(`${SECOND_BUILD}: ${err?.message ?? err}`);
    }
    try {
      await mod.default({ module_or_path: SECOND_WASM });
    } catch (err) {
      throw new Error(`${SECOND_WASM}: ${err?.message ?? err}`);
    }
    SecondSession = mod.Session;
  }
  return SecondSession;
}

/** The `Session` class that can search `input`: the first build's when it can. */
async function sessionFor(input) {
  return firstInputs.has(input?.kind) ? FirstSession : secondSession();
}

/** Default number of entered nodes per batch message. */
const DEFAULT_BATCH = 8192;

let dead = false; // worker-local: set after a panic: the wasm instance must not be used again
/** The trace kept for saving (an opened file or a handed-back trace): { id, session }. */
let current = null; // worker-local: the worker holds the trace's session; the page holds its own copy in state
/** A trace being handed back by the page: { id, session, summary }. */
let adopting = null; // worker-local: a hand-back under way inside this worker

function drop(s) {
  if (s && !dead) s.session.free();
}

/** A wasm trap (panic → unreachable, or out of memory) as opposed to a JS error thrown by Rust. */
const isTrap = (err) => err instanceof WebAssembly.RuntimeError;

function fail(id, err) {
  if (isTrap(err)) {
    dead = true;
    self.postMessage({ type: 'panic', message: panicMessage(err) });
  } else {
    self.postMessage({ type: 'error', id, message: String(err?.message ?? err) });
  }
}

/** Posts one batch, transferring its typed arrays (each is a fresh copy with its own buffer). */
function postBatch(id, b) {
  const transfer = [b.nodes, b.updIds, b.upd, b.events, b.aux, b.research, b.roots].map((a) => a.buffer);
  self.postMessage({ type: 'batch', id, ...b }, transfer);
}

const batchSize = (n) => (Number.isInteger(n) && n >= 0 ? n : DEFAULT_BATCH);

function search({ id, input, config, batch }, Session) {
  drop(current);
  current = null;
  let session;
  try {
    session = new Session(input, config ?? undefined);
    const outcome = session.run((b) => postBatch(id, b), batchSize(batch));
    self.postMessage({ type: 'done', id, ...outcome });
  } catch (err) {
    fail(id, err);
  } finally {
    if (session && !dead) session.free();
  }
}

async function open({ id, file, batch }, Session) {
  drop(current);
  current = null;
  let session;
  try {
    // the core reads the file's head and the browser inflates the rest (./open-file.js); the
    // core checks what makes it safe to stream: header, records, event tape
    session = await openFile(file, Session);
    const { input, config } = session.header();
    self.postMessage({ type: 'header', id, input, config, nodes: session.node_count() });
    // the batches go to the page's staged store while the core checks the rest (moves, values,
    // summary, semantic rules); the page takes the trace only at `done`
    const size = batchSize(batch) || Number.MAX_SAFE_INTEGER;
    for (let b = session.replay_next(size); b; b = session.replay_next(size)) postBatch(id, b);
    session.check();
    self.postMessage({ type: 'done', id, ...session.outcome_now() });
    current = { id, session };
    session = null;
  } catch (err) {
    fail(id, err);
  } finally {
    if (session && !dead) session.free();
  }
}

function adopt(msg, Session) {
  try {
    switch (msg.type) {
      case 'adopt':
        drop(current);
        current = null;
        drop(adopting);
        adopting = { id: msg.id, session: Session.adopt(msg.input, msg.config ?? undefined), summary: msg.summary ?? null };
        return;
      case 'adopt-part':
        if (adopting?.id !== msg.id) return;
        adopting.session.adopt_part(msg.records, msg.events, msg.aux, msg.research, msg.roots);
        return;
      case 'adopt-end': {
        if (adopting?.id !== msg.id) return;
        const a = adopting;
        adopting = null;
        const outcome = a.session.adopt_end(a.summary);
        current = { id: a.id, session: a.session };
        self.postMessage({ type: 'adopted', id: a.id, ...outcome });
        return;
      }
    }
  } catch (err) {
    drop(adopting);
    adopting = null;
    fail(msg.id, err);
  }
}

function save({ id, format, chunk }) {
  if (!current) return fail(id, new Error('the worker holds no trace to save'));
  try {
    const post = (c) => self.postMessage({ type: 'chunk', id, bytes: c }, [c.buffer]);
    const bytes = current.session.save(format ?? 'binary', post, chunk || 1 << 20);
    self.postMessage({ type: 'saved', id, bytes });
  } catch (err) {
    fail(id, err);
  }
}

async function handle(msg) {
  if (dead) {
    self.postMessage({ type: 'panic', message: 'the search core panicked earlier; restart the worker' });
    return;
  }
  let Session;
  try {
    // the build that owns the request (a failed load is the request's error, not a panic)
    if (msg?.type === 'search') Session = await sessionFor(msg.input);
    else if (msg?.type === 'open' || msg?.type === 'adopt') Session = await secondSession();
  } catch (err) {
    self.postMessage({ type: 'error', id: msg.id, message: `the engine's second part (chess, trace files) could not be loaded: ${err?.message ?? err}` });
    return;
  }
  switch (msg?.type) {
    case 'search':
      return search(msg, Session);
    case 'open':
      return open(msg, Session);
    case 'adopt':
    case 'adopt-part':
    case 'adopt-end':
      return adopt(msg, Session);
    case 'save':
      return save(msg);
    case 'debugPanic':
      // Test hook: a real Rust panic inside the worker, to check the page recovers from it.
      try {
        debug_panic(String(msg.message ?? 'debug panic'));
      } catch (err) {
        fail(undefined, err);
      }
      return;
    default:
      return self.postMessage({ type: 'error', id: msg?.id ?? null, message: `unknown message type ${JSON.stringify(msg?.type)}` });
  }
}

// Messages wait for the module, and for each other: a request that awaits (reading a file)
// finishes before the next starts.
let chain = init({ module_or_path: FIRST_WASM }).then( // worker-local: orders this worker's messages, one after another
  () => {
    firstInputs = new Set(build_info().inputs);
    self.postMessage({ type: 'ready' });
  },
  (err) => {
    dead = true;
    self.postMessage({ type: 'panic', message: `could not load the search core (${FIRST_WASM}): ${err?.message ?? err}` });
  },
);

self.onmessage = (ev) => {
  chain = chain.then(() => handle(ev.data));
};
