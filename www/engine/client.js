// The page's side of the worker protocol (docs/worker-protocol.md): spawns the module worker,
// queues messages until it is ready, and restarts it on Stop or after a wasm panic.

export class SearchClient {
  /**
   * handlers: { onBatch(msg), onDone(msg), onError(msg), onPanic(message), onReady() }
   */
  constructor(url, handlers) {
    this.url = url;
    this.h = handlers;
    this.nextId = 1;
    this.pending = new Map(); // validation id -> resolve
    this.exports = new Map(); // export id -> [resolve, reject]
    this.activeSearch = 0;
    this.spawn();
  }

  spawn() {
    this.ready = false;
    this.queue = [];
    const w = new Worker(this.url, { type: 'module' });
    this.worker = w;
    w.onmessage = (ev) => this._onMessage(w, ev.data);
    w.onerror = (ev) => {
      if (w !== this.worker) return;
      ev.preventDefault?.();
      this._panic(ev.message || 'the search worker failed to start');
    };
    w.onmessageerror = () => {
      if (w === this.worker) this._panic('a worker message could not be read');
    };
  }

  _post(msg, transfer) {
    if (this.ready) this.worker.postMessage(msg, transfer || []);
    else this.queue.push([msg, transfer]);
  }

  _onMessage(w, m) {
    if (w !== this.worker || !m) return;
    switch (m.type) {
      case 'ready':
        this.ready = true;
        for (const [msg, t] of this.queue) w.postMessage(msg, t || []);
        this.queue = [];
        this.h.onReady?.();
        break;
      case 'batch':
        if (m.id === this.activeSearch) this.h.onBatch(m);
        break;
      case 'done':
        if (m.id === this.activeSearch) {
          this.activeSearch = 0;
          this.h.onDone(m);
        }
        break;
      case 'trace': {
        const r = this.exports.get(m.id);
        if (r) {
          this.exports.delete(m.id);
          r[0](m.json);
        }
        break;
      }
      case 'error':
        if (this.exports.has(m.id)) {
          this.exports.get(m.id)[1](new Error(m.message || 'error'));
          this.exports.delete(m.id);
        } else if (this.pending.has(m.id)) {
          this.pending.get(m.id)(m.message || 'error');
          this.pending.delete(m.id);
        } else if (m.id === this.activeSearch) {
          this.activeSearch = 0;
          this.h.onError(m);
        }
        break;
      case 'validation': {
        const r = this.pending.get(m.id);
        if (r) {
          this.pending.delete(m.id);
          r(m.error ?? null);
        }
        break;
      }
      case 'panic':
        this._panic(m.message || 'the search core panicked');
        break;
    }
  }

  _panic(message) {
    const hadSearch = this.activeSearch;
    this.activeSearch = 0;
    this.restart();
    this.h.onPanic(message, hadSearch);
  }

  /** Starts a search; returns its id. */
  search(input, config, batch) {
    const id = this.nextId++;
    this.activeSearch = id;
    this._post({ type: 'search', id, input, config, batch });
    return id;
  }

  /** Resolves to the error message for `input`, or null when it is valid. */
  validate(input) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this._post({ type: 'validate', id, input });
    });
  }

  /**
   * Resolves to the JSON trace (docs/trace-format.md) of the finished search `searchId`, which
   * the worker keeps until the next search; rejects when it is gone (stopped, restarted).
   */
  exportTrace(searchId) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.exports.set(id, [resolve, reject]);
      this._post({ type: 'export', id, search: searchId });
    });
  }

  /** Terminates the worker (dropping the running search) and starts a fresh one. */
  restart() {
    try {
      this.worker.terminate();
    } catch {
      /* already gone */
    }
    // validations in flight are answered "unknown"
    for (const r of this.pending.values()) r(undefined);
    this.pending.clear();
    for (const r of this.exports.values()) r[1](new Error('the search worker was restarted: the trace is gone'));
    this.exports.clear();
    this.spawn();
  }

  stop() {
    const was = this.activeSearch;
    this.activeSearch = 0;
    this.restart();
    return was;
  }
}
