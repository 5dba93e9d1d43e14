// The page's side of the worker protocol (docs/worker-protocol.md): one search worker, its
// requests as promises, batches to a callback, Stop as terminate-and-restart, and a restart
// after a wasm panic. Nothing happens until the page calls `start()`.

/** Why a request ended without an answer: the page stopped the worker, or the core panicked. */
export class WorkerGone extends Error {
  constructor(message, { panic = false } = {}) {
    super(message);
    this.panic = panic;
  }
}

export class EngineClient {
  /** `url`: the worker module; `handlers`: { onReady(), onPanic(message, hadRequest) }. */
  constructor(url, handlers) {
    this.url = url;
    this.h = handlers;
    this.nextId = 1;
    this.requests = new Map(); // id -> { resolve, reject, onBatch, onChunk }
    this.worker = null;
    this.ready = false;
    this.queue = [];
    /** Token of the trace the worker holds (see `hold`), or null. */
    this.holding = null;
  }

  start() {
    if (!this.worker) this.spawn();
  }

  spawn() {
    this.ready = false;
    this.queue = [];
    this.holding = null;
    const w = new Worker(this.url, { type: 'module' });
    this.worker = w;
    w.onmessage = (ev) => this.onMessage(w, ev.data);
    w.onerror = (ev) => {
      if (w !== this.worker) return;
      ev.preventDefault?.();
      this.panic(ev.message || 'the search worker failed to start');
    };
    w.onmessageerror = () => {
      if (w === this.worker) this.panic('a worker message could not be read');
    };
  }

  post(msg, transfer = []) {
    if (this.ready) this.worker.postMessage(msg, transfer);
    else this.queue.push([msg, transfer]);
  }

  request(msg, extra = {}, transfer = [], id = this.nextId++) {
    return new Promise((resolve, reject) => {
      this.requests.set(id, { resolve, reject, ...extra });
      this.post({ ...msg, id }, transfer);
    });
  }

  onMessage(w, m) {
    if (w !== this.worker || !m) return; // a stopped worker's late messages are dropped
    const r = m.id !== undefined ? this.requests.get(m.id) : undefined;
    switch (m.type) {
      case 'ready':
        this.ready = true;
        for (const [msg, t] of this.queue) w.postMessage(msg, t);
        this.queue = [];
        this.h.onReady?.();
        break;
      case 'header':
        r?.onHeader?.(m);
        break;
      case 'batch':
        r?.onBatch?.(m);
        break;
      case 'chunk':
        r?.onChunk?.(m.bytes);
        break;
      case 'done':
      case 'adopted':
      case 'saved':
        if (r) {
          this.requests.delete(m.id);
          r.resolve(m);
        }
        break;
      case 'error':
        if (r) {
          this.requests.delete(m.id);
          r.reject(new Error(m.message || 'the worker failed'));
        }
        break;
      case 'panic':
        this.panic(m.message || 'the search core panicked');
        break;
    }
  }

  panic(message) {
    const had = this.requests.size > 0;
    this.restart(new WorkerGone(message, { panic: true }));
    this.h.onPanic?.(message, had);
  }

  /** Terminates the worker and starts a fresh one; pending requests reject with `why`. */
  restart(why = new WorkerGone('stopped')) {
    try {
      this.worker?.terminate();
    } catch {
      /* already gone */
    }
    const pending = [...this.requests.values()];
    this.requests.clear();
    for (const r of pending) r.reject(why);
    this.spawn();
  }

  /** Stop: ends whatever the worker is doing at once (the page keeps what it received). */
  stop() {
    this.restart(new WorkerGone('stopped'));
  }

  /** Records that the worker now holds the trace `token` (the one its last request made). */
  hold(token) {
    this.holding = token;
  }

  /** Runs a search; batches go to `onBatch`; resolves to the `done` message. */
  search(input, config, batch, onBatch) {
    this.holding = null;
    return this.request({ type: 'search', input, config, batch }, { onBatch });
  }

  /**
   * Opens a trace file (a File or Blob): once the worker has checked it, `onHeader({input,
   * config})`, then its batches to `onBatch`; resolves to `done`.
   */
  open(file, batch, onHeader, onBatch) {
    this.holding = null;
    return this.request({ type: 'open', file, batch }, { onHeader, onBatch });
  }

  /**
   * Hands a trace the page holds to the worker: `parts` is an iterable of { records, events,
   * aux, research, roots } (typed arrays, transferred). Resolves to `adopted` ({ summary,
   * stats, … }).
   */
  adopt(input, config, summary, parts) {
    this.holding = null;
    const id = this.nextId++;
    const answer = this.request({ type: 'adopt', input, config, summary }, {}, [], id);
    for (const p of parts) {
      this.post({ type: 'adopt-part', id, ...p }, [p.records.buffer, p.events.buffer, p.aux.buffer, p.research.buffer, p.roots.buffer]);
    }
    this.post({ type: 'adopt-end', id });
    return answer;
  }

  /**
   * Writes the held trace as a file in `format` ('binary' or 'json'); chunks (Uint8Array) go to
   * `onChunk`; resolves to `saved`.
   */
  save(format, onChunk) {
    return this.request({ type: 'save', format, chunk: 1 << 20 }, { onChunk });
  }

  /** Test hook: a real panic inside the wasm core. */
  debugPanic(message) {
    this.post({ type: 'debugPanic', message });
  }
}
