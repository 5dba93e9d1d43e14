// The worker harness page's script (a file of its own: the server's CSP forbids inline
// script). It drives www/engine/worker.js directly, message by message.
import { RECORD_BYTES as NODE_BYTES, RECORD_FIELDS } from '/www/schema.js';

const SIZE = { u32: 4, i32: 4, u16: 2, i16: 2, u8: 1, i8: 1 };

/** Rows (28-byte records) of a batch's `nodes`, which come in the column layout. */
function rowsOf(columns) {
  const k = columns.length / NODE_BYTES;
  const rows = new Uint8Array(columns.length);
  let at = 0;
  for (const { offset, type } of Object.values(RECORD_FIELDS)) {
    const size = SIZE[type];
    for (let r = 0; r < k; r++) rows.set(columns.subarray(at + r * size, at + (r + 1) * size), r * NODE_BYTES + offset);
    at += k * size;
  }
  return rows;
}

function log(line) {
  document.getElementById('log').textContent += line + '\n';
}

/** Starts a worker and resolves once it says it is ready. */
function startWorker() {
  const worker = new Worker('/www/engine/worker.js', { type: 'module' });
  return new Promise((resolve, reject) => {
    worker.onerror = (e) => reject(new Error(`worker error: ${e.message}`));
    worker.onmessage = (ev) => {
      if (ev.data?.type === 'ready') resolve(worker);
      else reject(new Error(`expected ready, got ${JSON.stringify(ev.data)}`));
    };
  });
}

/** Sends one message and collects replies until a final one (done/error/panic). */
function exchange(worker, msg, { stopAfterBatches = Infinity } = {}) {
  return new Promise((resolve, reject) => {
    const replies = [];
    const batches = [];
    let nodes = new Uint8Array(0);
    const finish = (final) => {
      worker.terminate();
      resolve({
        final,
        types: replies.map((r) => r.type),
        batches: batches.map((b) => ({
          start: b.start,
          nodes: b.nodes.length / NODE_BYTES,
          upd: b.updIds.length,
          events: b.events.length,
          nodesTotal: b.nodesTotal,
          depth: b.depth,
          transferred: b.nodes instanceof Uint8Array && b.nodes.buffer.byteLength === b.nodes.byteLength,
        })),
        nodeCount: nodes.length / NODE_BYTES,
        rootValue: nodes.length ? new DataView(nodes.buffer).getInt32(12, true) : null,
      });
    };
    worker.onerror = (e) => reject(new Error(`worker error: ${e.message}`));
    worker.onmessage = (ev) => {
      const m = ev.data;
      replies.push(m);
      if (m.type === 'batch') {
        batches.push(m);
        // Reassemble: apply updates to nodes sent earlier, then append the new ones.
        const next = new Uint8Array(nodes.length + m.nodes.length);
        next.set(nodes);
        m.updIds.forEach((id, k) =>
          next.set(m.upd.subarray(k * NODE_BYTES, (k + 1) * NODE_BYTES), id * NODE_BYTES));
        next.set(rowsOf(m.nodes), m.start * NODE_BYTES);
        nodes = next;
        if (batches.length >= stopAfterBatches) finish({ type: 'stopped' }); // the Stop button
      } else if (['done', 'error', 'panic'].includes(m.type)) {
        finish(m);
      }
    };
    worker.postMessage(msg);
  });
}

window.harness = {
  async search(input, config, batch, opts) {
    const worker = await startWorker();
    const r = await exchange(worker, { type: 'search', id: 7, input, config, batch }, opts);
    log(`search ${JSON.stringify(input).slice(0, 60)}: ${r.final.type}, ${r.batches.length} batches`);
    return r;
  },
  /** Opens a trace file's text in a worker: the replies, as for a search. */
  async open(text, batch, opts) {
    const worker = await startWorker();
    const file = new File([text], 'trace.json');
    const r = await exchange(worker, { type: 'open', id: 8, file, batch }, opts);
    log(`open: ${r.final.type}, ${r.batches.length} batches`);
    return r;
  },
  /** Panics inside the module on this thread and reports what JS sees. */
  async panic(message) {
    const mod = await import('/pkg/prunescope.js');
    await mod.default();
    try {
      mod.debug_panic(message);
      return { threw: false };
    } catch (err) {
      return {
        threw: true,
        isTrap: err instanceof WebAssembly.RuntimeError,
        global: globalThis.__prunescopeLastPanic ?? null,
        lastPanic: (() => { try { return mod.last_panic(); } catch (e) { return `threw: ${e}`; } })(),
      };
    }
  },
};
window.harnessReady = true;
log('harness ready');
