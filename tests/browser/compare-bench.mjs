#!/usr/bin/env node
// How long the page takes to compare two large traces, measured in headless Chromium against the
// real workers and wasm build (pkg/), through the page's test hook. Run by hand, not part of the
// test suite:
//
//   node tests/browser/compare-bench.mjs [--b 12] [--d 8] [--cap 500000] [--a minimax]
//                                        [--bb alphabeta] [--repeat 5]
//
// Both searches run on the same seeded synthetic tree, each stopped by the node cap (default:
// 500,000 nodes each). The compare time is what the page does once both traces are there:
// matching every node by path (the core's matching, src/trace/diff.rs, through wasm) and the
// aligned layout of the union of both trees; then a frame of both views.

import { setup, openPage, snapshot, hook, toCompare, shot } from './hook.mjs';

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const B = Number(arg('--b', 12)), D = Number(arg('--d', 8)), CAP = Number(arg('--cap', 500_000));
const ALGO_A = arg('--a', 'minimax'), ALGO_B = arg('--bb', 'alphabeta');
const REPEAT = Number(arg('--repeat', 5));
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (v) => `${v.toFixed(0)} ms`;
const line = (k, v) => console.log(`  ${k.padEnd(46)} ${v}`);
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const env = await setup();
try {
  const page = await openPage(env);
  await toCompare(page);
  await page.click('#tab-random');
  await page.fill('#rnd-b', String(B));
  await page.fill('#rnd-d', String(D));
  await page.fill('#rnd-seed', '1');
  await page.selectOption('#rnd-order', 'random');
  await page.selectOption('#cmp-preset', '');
  await page.selectOption('#cmp-algo-A', ALGO_A);
  await page.selectOption('#cmp-algo-B', ALGO_B);
  await page.fill('#cmp-enable-A', '');
  await page.fill('#cmp-enable-B', '');
  await page.fill('#cmp-cap', String(CAP));
  console.log(`compare mode: random tree b=${B} d=${D} seed 1, A ${ALGO_A} vs B ${ALGO_B}, node cap ${fmt(CAP)} each`);
  const g = (await snapshot(page)).compare.generation;
  const t0 = Date.now();
  await page.click('#cmp-run');
  await page.waitForFunction((g) => window.prunescope.snapshot().compare.generation > g, g, { timeout: 600_000, polling: 100 });
  const s = (await snapshot(page)).compare;
  line('searches (both, in two workers) and the comparison', `${((Date.now() - t0) / 1000).toFixed(1)} s wall`);
  line('nodes', `A ${fmt(s.diff.nA)}, B ${fmt(s.diff.nB)}`);
  line('matched by path', `${fmt(s.diff.both)} in both, ${fmt(s.diff.onlyA)} only A, ${fmt(s.diff.onlyB)} only B`);
  line('first compare (match + layout)', `${ms(s.timings.totalMs)} (match ${ms(s.timings.diffMs)}, layout ${ms(s.timings.layoutMs)})`);
  const runs = [];
  for (let i = 0; i < REPEAT; i++) runs.push(await hook(page, () => window.prunescope.compareAgain()));
  line(`compare again, ${REPEAT} times: median / max`, `${ms(median(runs.map((r) => r.totalMs)))} / ${ms(Math.max(...runs.map((r) => r.totalMs)))}`);
  line('  matching (median)', ms(median(runs.map((r) => r.diffMs))));
  line('  aligned layout (median)', ms(median(runs.map((r) => r.layoutMs))));
  const frames = [];
  for (let i = 0; i < 10; i++) frames.push((await hook(page, () => window.prunescope.frame())).ms);
  line('a frame of both views', `median ${ms(median(frames))}, max ${ms(Math.max(...frames))}`);
  await shot(page, 'compare-bench.png');
} finally {
  await env.close();
}
