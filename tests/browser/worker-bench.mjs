#!/usr/bin/env node
// Benchmark: the search worker alone (www/engine/worker.js, no page taking the batches in),
// running the page's 10,000,000-node chess search with different batch sizes, alternating in
// one run, to see what the worker's batches cost it. Not a test: it prints figures.
//
//   nice -n 5 node tests/browser/worker-bench.mjs [--batches 8192,32768] [--runs 3] [--cap 10000000]
//
// The search request is the one the page sends (captured from its own Start button), so the
// worker runs exactly what scale-bench and stream-bench stream; the batches are received and
// dropped. It prints the worker's own elapsed time (its `done` message) per batch size.

import { setup, openPage, hook } from './hook.mjs';
import { chessScaleControls } from './bench-search.mjs';

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const SIZES = arg('--batches', '8192,32768').split(',').map(Number);
const RUNS = Number(arg('--runs', 3));
const CAP = Number(arg('--cap', 10_000_000));

const env = await setup();
const page = await openPage(env);
await chessScaleControls(page, CAP);
// the page's own request, captured as it is posted, then the page's search stopped
await hook(page, () => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, t) {
    if (m?.type === 'search' && !window.__request) window.__request = m;
    return post.call(this, m, t);
  };
});
await page.click('#start');
await page.waitForFunction(() => window.__request, null, { timeout: 60_000 });
await page.click('#stop');
const results = new Map(SIZES.map((s) => [s, []]));
for (let r = 0; r < RUNS; r++) {
  const order = r % 2 ? [...SIZES].reverse() : SIZES;
  for (const size of order) {
    const out = await hook(page, (size) => new Promise((resolve, reject) => {
      const w = new Worker('/www/engine/worker.js', { type: 'module' });
      let batches = 0;
      w.onmessage = (ev) => {
        const m = ev.data;
        if (m.type === 'ready') w.postMessage({ ...window.__request, id: 1, batch: size });
        else if (m.type === 'batch') batches++;
        else if (m.type === 'done') {
          w.terminate();
          resolve({ ms: m.elapsedMs, batches, nodes: m.stats?.nodes ?? null });
        } else if (m.type === 'error' || m.type === 'panic') {
          w.terminate();
          reject(new Error(m.message));
        }
      };
    }), size);
    results.get(size).push(out.ms);
    console.log(`  run ${r + 1}, batch ${size}: ${Math.round(out.ms)} ms in the worker, ${out.batches} batches`);
  }
}
for (const [size, ms] of results) console.log(`batch ${size}: ${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))} ms`);
await env.close();
