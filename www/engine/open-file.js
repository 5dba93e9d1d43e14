// Opening a trace file in the search worker (docs/worker-protocol.md, "Opening a file"): the
// core reads the file's head, then the browser inflates the body and the core takes it in as it
// comes.
//
// A binary trace is gzip-compressed; the core's own inflater, compiled to wasm, took a fifth of
// the time of opening a 10 M-node file, on the worker's one thread (docs/benchmarks.md,
// "Opening"). So the core reads only the head — magic bytes, version, the header with each
// field within its bounds, the counts — and the browser's `DecompressionStream` (native code)
// inflates the whole file as a stream, in a worker of its own (./inflate-worker.js: on another
// core, beside the decoding); this worker skips the head's bytes and pushes the rest into the
// core's reader, which decodes the node chunks, the event tape and the small arrays in the
// format's one order. The core's one validation then checks the file as it checks every file.
//
// The browser's decoder only ever speeds up a file the core accepts: when it or the core's body
// refuses the file (a corrupt or truncated stream, bytes after the trace, several gzip members),
// the core reads the file again from its start with its own inflater and gives its own verdict,
// the error it names or the trace.

/** A wasm trap (panic → unreachable, or out of memory): never retried. */
const isTrap = (err) => err instanceof WebAssembly.RuntimeError;

/** The JS source the core reads a file from: `read(maxBytes) → Uint8Array`, empty at the end. */
function sliceReader(file) {
  const reader = new FileReaderSync();
  let at = 0; // worker-local: how far this source has read its file
  return (max) => {
    const piece = file.slice(at, at + max);
    at += piece.size;
    return new Uint8Array(reader.readAsArrayBuffer(piece));
  };
}

/** Inflated pieces the inflating worker may send ahead of the ones taken (8 MiB). */
const AHEAD = 8;

/**
 * The inflated bytes of a gzip `file`, piece by piece: inflated by the browser in a worker of
 * its own (./inflate-worker.js), on another core, where the browser allows a worker to start
 * one; in this worker otherwise.
 */
async function* inflated(file) {
  if (typeof Worker === 'undefined') {
    yield* chunks(file.stream().pipeThrough(new DecompressionStream('gzip')));
    return;
  }
  const worker = new Worker(new URL('./inflate-worker.js', import.meta.url), { type: 'module' });
  const queue = [];
  let ended = false;
  let failure = null;
  let wake = null;
  const woken = () => {
    wake?.();
    wake = null;
  };
  worker.onmessage = ({ data }) => {
    if (data.type === 'piece') queue.push(data.bytes);
    else if (data.type === 'end') ended = true;
    else failure = new Error(data.message);
    woken();
  };
  worker.onerror = (e) => {
    e.preventDefault();
    failure = new Error(e.message || 'the inflating worker failed');
    woken();
  };
  try {
    worker.postMessage({ file, ahead: AHEAD });
    for (;;) {
      if (queue.length) {
        worker.postMessage({ type: 'more' });
        yield queue.shift();
      } else if (failure) throw failure;
      else if (ended) return;
      else await new Promise((r) => (wake = r));
    }
  } finally {
    worker.terminate();
  }
}

/** The chunks of a byte stream. */
async function* chunks(stream) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** Pushes the bytes of `file` after the head (inflated when gzip) into `opening`. */
async function pushBody(file, opening) {
  const gzip = opening.gzip();
  let skip = gzip ? opening.body_at() : 0;
  const pieces = gzip ? inflated(file) : chunks(file.slice(opening.body_at()).stream());
  for await (const value of pieces) {
    if (skip >= value.length) {
      skip -= value.length;
      continue;
    }
    opening.push(skip ? value.subarray(skip) : value);
    skip = 0;
  }
}

/**
 * Reads `file` with `Session` (the second build's) and checks what makes it safe to stream:
 * resolves to a session holding the staged file (`Session.open_staged`'s), or rejects with the
 * core's error naming the first bad item.
 */
export async function openFile(file, Session) {
  const opening = Session.open_begin(sliceReader(file));
  if (opening.body_at() < 0) return Session.open_pushed(opening); // JSON: read whole
  try {
    await pushBody(file, opening);
  } catch (err) {
    opening.free();
    if (isTrap(err)) throw err;
    // refused by the browser's decoder or by the core's body: the core's own reader decides
    return Session.open_staged(sliceReader(file));
  }
  return Session.open_pushed(opening);
}
