// The search worker: a module Web Worker that owns the wasm search core and streams the trace
// to the page. Protocol: docs/worker-protocol.md ("Messages").
//
//   const worker = new Worker('/www/worker.js', { type: 'module' });
//   worker.postMessage({ type: 'search', id: 1, input: { kind: 'tree', text }, config, batch });
//
// A search runs synchronously inside the worker, so the page stops one by terminating the
// worker (and keeps the batches it already received). After a wasm panic the instance is
// unusable: the worker reports {type:'panic'} and the page must terminate and restart it.
//
// The last finished search stays in the worker until the next one starts, so that the page can
// save its trace: {type: 'export', id, search} → {type: 'trace', id, json} (docs/compare.md).

import init, { Session, validate, last_panic, debug_panic } from '/pkg/prunescope.js';

/** Default number of entered nodes per batch message. */
const DEFAULT_BATCH = 4096;
/** Global the Rust panic hook writes the panic message to (see src/wasm.rs). */
const PANIC_GLOBAL = '__prunescopeLastPanic';

let dead = false; // set after a panic: the wasm instance must not be used again
/** The last finished search, kept (with its recording) until the next one so that the page can
 * save it: {id, session}. */
let last = null;

function dropLast() {
  if (last && !dead) last.session.free();
  last = null;
}

function panicMessage(err) {
  let message = self[PANIC_GLOBAL];
  if (!message) {
    try {
      message = last_panic();
    } catch {
      // the instance may be unusable after the trap
    }
  }
  return message || String(err?.message ?? err);
}

/** A wasm trap (panic → unreachable, or out of memory) as opposed to a JS error thrown by Rust. */
function isTrap(err) {
  return err instanceof WebAssembly.RuntimeError;
}

function reportPanic(err) {
  dead = true;
  self.postMessage({ type: 'panic', message: panicMessage(err) });
}

function onBatch(id, b) {
  const msg = {
    type: 'batch',
    id,
    start: b.start,
    nodes: b.nodes,
    updIds: b.updIds,
    upd: b.upd,
    events: b.events,
    aux: b.aux,
    research: b.research,
    roots: b.roots,
    nodesTotal: b.nodesTotal,
    elapsedMs: b.elapsedMs,
    progress: { nodes: b.nodesTotal, elapsedMs: b.elapsedMs, depth: b.depth },
  };
  // Each typed array is a fresh copy with its own buffer: transfer, don't clone.
  const transfer = [b.nodes, b.updIds, b.upd, b.events, b.aux, b.research, b.roots].map(
    (a) => a.buffer,
  );
  self.postMessage(msg, transfer);
}

function search({ id, input, config, batch }) {
  dropLast();
  let session;
  try {
    session = new Session(input, config ?? undefined);
  } catch (err) {
    if (isTrap(err)) return reportPanic(err);
    return self.postMessage({ type: 'error', id, message: String(err?.message ?? err) });
  }
  try {
    const batchNodes = Number.isInteger(batch) && batch >= 0 ? batch : DEFAULT_BATCH;
    const result = session.run((b) => onBatch(id, b), batchNodes);
    self.postMessage({
      type: 'done',
      id,
      summary: result.summary,
      stats: result.stats,
      aborted: result.aborted,
      elapsedMs: result.elapsedMs,
    });
    last = { id, session };
    session = null;
  } catch (err) {
    if (isTrap(err)) return reportPanic(err);
    self.postMessage({ type: 'error', id, message: String(err?.message ?? err) });
  } finally {
    if (!dead && session) session.free();
  }
}

/** The JSON trace of search `search` (the last finished one), as the CLI writes it. */
function exportTrace({ id, search: which }) {
  if (!last || (which !== undefined && which !== last.id)) {
    return self.postMessage({ type: 'error', id, message: 'that search is not available any more: run it again to save it' });
  }
  try {
    const json = last.session.trace_json();
    self.postMessage({ type: 'trace', id, json });
  } catch (err) {
    if (isTrap(err)) return reportPanic(err);
    self.postMessage({ type: 'error', id, message: String(err?.message ?? err) });
  }
}

function handle(msg) {
  if (dead) {
    self.postMessage({
      type: 'panic',
      message: 'the search core panicked earlier; restart the worker',
    });
    return;
  }
  switch (msg?.type) {
    case 'search':
      return search(msg);
    case 'export':
      return exportTrace(msg);
    case 'debugPanic':
      // Test hook: a real Rust panic inside the worker, to check the page recovers from it.
      try {
        debug_panic(String(msg.message ?? 'debug panic'));
      } catch (err) {
        if (isTrap(err)) return reportPanic(err);
        throw err;
      }
      return;
    case 'validate': {
      let error;
      try {
        error = validate(msg.input) ?? null;
      } catch (err) {
        if (isTrap(err)) return reportPanic(err);
        error = String(err?.message ?? err);
      }
      return self.postMessage({ type: 'validation', id: msg.id, error });
    }
    default:
      return self.postMessage({
        type: 'error',
        id: msg?.id ?? null,
        message: `unknown message type ${JSON.stringify(msg?.type)}`,
      });
  }
}

// Messages that arrive while the module loads wait for it, in order.
const ready = init().then(
  () => self.postMessage({ type: 'ready' }),
  (err) => {
    dead = true;
    self.postMessage({
      type: 'panic',
      message: `could not load the search core (/pkg/prunescope.js): ${err?.message ?? err}`,
    });
  },
);

self.onmessage = (ev) => {
  ready.then(() => handle(ev.data));
};
