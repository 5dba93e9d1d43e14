// The experiment worker: a module Web Worker that runs one position of an experiment at a time
// with the wasm core (`experiment_run_position`, src/wasm/experiments.rs) and posts its rows.
// Protocol: docs/worker-protocol.md ("Experiment workers"). The page runs two of them and stops
// a run by terminating them; a position under way is then simply lost.

// the experiments are chess: the second build's (docs/architecture.md, "Two wasm builds")
import init, { experiment_run_position } from '../../pkg/prunescope_full.js';
import { panicMessage } from './panic.js';

let dead = false; // worker-local: this worker's wasm instance panicked and must not be used again

function run({ id, name, suite, index, depths }) {
  if (dead) return;
  const t0 = performance.now();
  try {
    const { rows, nodes } = experiment_run_position(name, suite, index, depths);
    self.postMessage({ type: 'exp-rows', id, index, rows, nodes, elapsedMs: performance.now() - t0 });
  } catch (e) {
    if (e instanceof WebAssembly.RuntimeError) {
      dead = true;
      self.postMessage({ type: 'panic', message: panicMessage(e) });
    } else {
      self.postMessage({ type: 'error', id, index, message: String(e?.message ?? e) });
    }
  }
}

const loaded = init().then(
  () => self.postMessage({ type: 'ready' }),
  (e) => {
    dead = true;
    self.postMessage({ type: 'panic', message: `the wasm core could not be loaded: ${e?.message ?? e}` });
  },
);

self.onmessage = (ev) => {
  const m = ev.data;
  loaded.then(() => {
    if (m?.type === 'exp-run') run(m);
    else self.postMessage({ type: 'error', id: m?.id, message: `unknown message type ${JSON.stringify(m?.type)}` });
  });
};
