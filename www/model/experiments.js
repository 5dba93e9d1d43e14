// The Experiments view's model, without the DOM: a committed result read from
// docs/results/NAME.json and checked by the core, and a small run spread over Web Workers
// (www/engine/experiment-worker.js) whose rows become the core's report as they arrive.
// Every number comes from the core: this module only moves rows and counts them.

/**
 * Where the committed results live (the static server serves the repository root), relative to
 * the page: the site may be a sub-path of its host.
 */
export const resultUrl = (stem) => `docs/results/${encodeURIComponent(stem)}.json`;
export const figureUrl = (stem) => `docs/figures/${encodeURIComponent(stem)}.svg`;
export const SUITE_URL = 'www/data/bk.epd';
export const WORKERS = 2;

/**
 * Fetches and checks the committed result `docs/results/STEM.json` of experiment `name` with the
 * core (`experiment_result`): { status: 'ok', result } or { status: 'missing' | 'malformed',
 * message }.
 */
export async function loadCommitted(core, name, stem, fetchImpl = fetch) {
  const file = `docs/results/${stem}.json`;
  let text;
  try {
    const res = await fetchImpl(resultUrl(stem), { cache: 'no-cache' });
    if (res.status === 404) return { status: 'missing', message: `No committed result: ${file} does not exist yet.` };
    if (!res.ok) return { status: 'missing', message: `${file} could not be fetched (HTTP ${res.status}).` };
    text = await res.text();
  } catch (e) {
    return { status: 'missing', message: `${file} could not be fetched: ${e?.message ?? e}` };
  }
  try {
    return { status: 'ok', result: core.experiment_result(name, stem, text) };
  } catch (e) {
    return { status: 'malformed', message: `${file} is not a valid result, so nothing of it is shown: ${e?.message ?? e}` };
  }
}

/**
 * A small run: positions 0..count-1 of a suite under one experiment, spread over `WORKERS`
 * workers, one position per message. `generation` is bumped when a run starts; `version` on
 * every change (a row arriving, the status changing), so the page and its tests can wait for
 * the *next* state.
 */
export class ExperimentRun {
  /** `core`: the page's wasm module; `workerUrl`; `onChange()` after every change. */
  constructor({ core, workerUrl, onChange }) {
    Object.assign(this, { core, workerUrl, onChange });
    this.generation = 0;
    this.version = 0;
    this.reset();
  }

  reset() {
    /** 'idle' | 'running' | 'done' | 'stopped' | 'failed' */
    this.status = 'idle';
    this.name = null;
    this.depths = '';
    this.count = 0;
    /** Rows as the core gives them ([index, id, depth, capped, cells…]), in arrival order. */
    this.rows = [];
    /** Positions finished, and the nodes their searches took. */
    this.positionsDone = 0;
    this.nodes = 0;
    this.report = null;
    /** One entry per position received, in order: { index, positionsDone, rows } (what the
     * report was made of at that moment). */
    this.arrivals = [];
    this.error = null;
    this.elapsedMs = 0;
    this.workers = [];
    this.queue = [];
  }

  get running() {
    return this.status === 'running';
  }

  /**
   * Starts a run of experiment `name` at `depths` ('3', '2-4') on the first `count` positions
   * of `suite` (EPD text). Refusals (depth, experiment) come from the core before any worker
   * starts: returns the message, or null when the run started.
   */
  start({ name, depths, suite, count }) {
    if (this.running) return 'a run is already under way';
    const refused = this.core.experiment_check_run(name, depths);
    if (refused) return refused;
    let positions;
    try {
      positions = this.core.parse_epd(suite).length;
    } catch (e) {
      return `the suite cannot be read: ${e?.message ?? e}`;
    }
    if (!Number.isInteger(count) || count < 1) return 'the number of positions must be at least 1';
    this.stopWorkers();
    this.reset();
    Object.assign(this, { name, depths, suite, count: Math.min(count, positions), status: 'running' });
    this.generation++;
    this.queue = Array.from({ length: this.count }, (_, i) => i);
    this.t0 = performance.now();
    const gen = this.generation;
    for (let k = 0; k < Math.min(WORKERS, this.count); k++) {
      const w = new Worker(this.workerUrl, { type: 'module' });
      w.onmessage = (ev) => this.message(gen, w, ev.data);
      w.onerror = (ev) => this.fail(gen, `the experiment worker failed: ${ev.message || 'it could not start'}`);
      this.workers.push(w);
      this.next(w);
    }
    this.changed();
    return null;
  }

  next(w) {
    const index = this.queue.shift();
    if (index === undefined) return;
    w.postMessage({ type: 'exp-run', id: this.generation, name: this.name, suite: this.suite, index, depths: this.depths });
  }

  message(gen, w, m) {
    if (gen !== this.generation || !this.running) return;
    if (m.type === 'ready') return;
    if (m.type === 'exp-rows') {
      this.rows.push(...m.rows);
      this.positionsDone++;
      this.nodes += m.nodes;
      this.elapsedMs = performance.now() - this.t0;
      this.report = this.core.experiment_report(this.name, this.rows);
      this.arrivals.push({ index: m.index, positionsDone: this.positionsDone, rows: this.rows.length });
      if (this.positionsDone === this.count) {
        this.status = 'done';
        this.stopWorkers();
      } else this.next(w);
      return this.changed();
    }
    if (m.type === 'error') return this.fail(gen, `position ${m.index + 1}: ${m.message}`);
    if (m.type === 'panic') return this.fail(gen, `the wasm core panicked: ${m.message}`);
  }

  fail(gen, message) {
    if (gen !== this.generation || !this.running) return;
    this.stopWorkers();
    this.status = 'failed';
    this.error = message;
    this.changed();
  }

  /** Stop: ends the workers (a position under way is lost) and keeps the rows so far. */
  stop() {
    if (!this.running) return;
    this.stopWorkers();
    this.status = 'stopped';
    this.elapsedMs = performance.now() - this.t0;
    this.changed();
  }

  stopWorkers() {
    for (const w of this.workers) w.terminate();
    this.workers = [];
    this.queue = [];
  }

  changed() {
    this.version++;
    this.onChange();
  }
}

/**
 * A figure's series on one shared x axis (for uPlot): the sorted union of the x values, and
 * per series its y at each x (null where it has no point).
 */
export function alignSeries(series) {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
  const at = new Map(xs.map((x, i) => [x, i]));
  const ys = series.map((s) => {
    const y = new Array(xs.length).fill(null);
    for (const [x, v] of s.points) y[at.get(x)] = v;
    return y;
  });
  return { xs, ys };
}

/** The wall time of a run as a result file records it, in words. */
export function wallWords(seconds) {
  if (typeof seconds !== 'number') return 'not recorded';
  if (seconds < 90) return `${seconds.toFixed(1)} s`;
  const m = Math.floor(seconds / 60);
  return m < 90 ? `${m} min ${Math.round(seconds - 60 * m)} s` : `${(seconds / 3600).toFixed(1)} h`;
}
