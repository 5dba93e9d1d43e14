#!/usr/bin/env node
// Benchmark: opening one trace file in the page, for one or more checkouts of the repository
// in the same run, alternating between them (on a shared machine, only figures measured side
// by side compare). Not a test: it prints timings and asserts nothing about them.
//
//   nice -n 10 node tests/browser/open-bench.mjs --file chess.pstrace [--trees DIR,DIR] [--runs N] [--console PREFIX]
//
// `--trees`: the roots to serve (each with its built pkg/ and node_modules/), default this
// checkout; e.g. a copy of main made with `git archive main | tar -x -C DIR` plus its pkg/.
// Each run opens a fresh page on each tree, opens a small trace first (the trace on screen),
// then the file through the page's own control, and reports the time from the file handed to
// the page to the whole trace in it, the longest gap between frames meanwhile, and the growth
// of the renderer's resident memory (the page and its workers), after the open and at its peak
// (VmHWM), and the CPU time of the workers' threads (reading and checking the file) and of the
// page's main thread (taking its batches in) meanwhile, which a loaded machine stretches less
// than the wall-clock time; with two trees, the ratio of their times in each run.

import { statSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startServer } from '../../www/serve.mjs';
import { ROOT, rendererCpu, rendererMemory, resetPeakMemory, settle, watchFrames, frameGaps } from './hook.mjs';

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const FILE = arg('--file');
if (!FILE) {
  console.error('usage: open-bench.mjs --file TRACE [--trees DIR,DIR] [--runs N]');
  process.exit(2);
}
const TREES = arg('--trees', ROOT).split(',').map((d) => path.resolve(d));
const RUNS = Number(arg('--runs', 3));
/** `--console PREFIX`: print the page's console lines that start with PREFIX (a copy of a tree
 * instrumented with timings). */
const CONSOLE = arg('--console', '');
const fmt = (n) => Math.round(n).toLocaleString('en-US');

const browser = await launchChromium();
const servers = [];
for (const root of TREES) servers.push(await startServer({ root, port: 0 }));
const results = TREES.map(() => []);
console.log(`${FILE}: ${(statSync(FILE).size / 2 ** 20).toFixed(1)} MiB; ${RUNS} runs over ${TREES.join(', ')}`);

const snap = (page) => page.evaluate(() => window.prunescope.snapshot().explore);

async function once(server) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (CONSOLE) page.on('console', (m) => m.text().startsWith(CONSOLE) && console.log('   ', m.text()));
  const cdp = await context.newCDPSession(page);
  await page.goto(server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 60_000 });
  // a trace on screen first: the default tree, searched
  let g = (await snap(page)).generation;
  await page.click('#start');
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'done';
  }, g, { timeout: 60_000 });
  await settle(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((r) => setTimeout(r, 500));
  const m0 = rendererMemory();
  const reset = resetPeakMemory(); // the peak from here on is the open's
  g = (await snap(page)).generation;
  await watchFrames(page);
  const c0 = rendererCpu();
  const t0 = Date.now();
  await page.setInputFiles('#open-file', FILE);
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'done';
  }, g, { timeout: 600_000, polling: 50 });
  const ms = Date.now() - t0;
  const c1 = rendererCpu();
  const gaps = (await frameGaps(page)).slice(1);
  const h1 = rendererMemory('VmHWM');
  const s = await snap(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((r) => setTimeout(r, 500));
  const m1 = rendererMemory();
  await context.close();
  return { ms, nodes: s.nodes, gap: Math.max(...gaps), long: gaps.filter((x) => x > 50).length, mem: (m1 - m0) / s.nodes, peak: reset ? (h1 - m0) / s.nodes : NaN, worker: c1.worker - c0.worker, main: c1.main - c0.main };
}

for (let r = 0; r < RUNS; r++) {
  // alternate which tree goes first, so neither always meets the machine in the same state
  const order = TREES.map((_, k) => k);
  if (r % 2) order.reverse();
  for (const k of order) {
    const x = await once(servers[k]);
    results[k].push(x);
    console.log(`  run ${r + 1} ${TREES[k]}: ${fmt(x.ms)} ms, ${fmt(x.nodes)} nodes, CPU: workers ${x.worker.toFixed(2)} s, page ${x.main.toFixed(2)} s, longest frame gap ${x.gap.toFixed(0)} ms (${x.long} over 50 ms), renderer RSS growth ${x.mem.toFixed(1)} B/node, peak ${x.peak.toFixed(1)} B/node over the RSS before`);
  }
}
console.log(`\nopen (file handed to the page → whole trace in it), median [min–max] over runs; load average now ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const median = (v) => {
  const a = [...v].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};
for (const [k, root] of TREES.entries()) {
  const xs = results[k];
  const range = (f, d = 0) => `${median(xs.map(f)).toFixed(d)} [${Math.min(...xs.map(f)).toFixed(d)}–${Math.max(...xs.map(f)).toFixed(d)}]`;
  console.log(`  ${root}: ${range((x) => x.ms)} ms; CPU: workers ${range((x) => x.worker, 2)} s, page ${range((x) => x.main, 2)} s; longest frame gap ${range((x) => x.gap)} ms; RSS growth ${range((x) => x.mem, 1)} B/node; peak ${range((x) => x.peak, 1)} B/node`);
}
if (TREES.length === 2) {
  // each run's two opens were side by side: their ratio is the figure a shared machine allows
  const ratios = results[1].map((x, r) => x.ms / results[0][r].ms);
  console.log(`  ${TREES[1]} / ${TREES[0]}, per run: ${ratios.map((x) => x.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}`);
  const cpu = results[1].map((x, r) => x.worker / results[0][r].worker);
  console.log(`  workers' CPU, ${TREES[1]} / ${TREES[0]}, per run: ${cpu.map((x) => x.toFixed(2)).join(', ')}; median ${median(cpu).toFixed(2)}`);
}
await browser.close();
for (const s of servers) await s.close();
