#!/usr/bin/env node
// How long the page takes to compare two large traces, measured in headless Chromium against the
// real workers and wasm build (pkg/). Run by hand, not part of the test suite:
//
//   node tests/browser/compare-bench.mjs [--b 12] [--d 8] [--cap 500000] [--a minimax]
//                                        [--bb alphabeta] [--repeat 5] [--files]
//
// Both searches run on the same seeded synthetic tree, each stopped by the node cap (default:
// 500,000 nodes each). The compare time is what the page does once both traces are there:
// matching every node by path (www/diff.js), the aligned layout of the union of both trees, and
// the first frame of both tree views; the per-ply chart and the panels come after. With --files,
// both traces are also saved as JSON (the CLI's format) and opened again, timing that too.

import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startServer } from '../../www/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const B = Number(arg('--b', 12)), D = Number(arg('--d', 8)), CAP = Number(arg('--cap', 500_000));
const ALGO_A = arg('--a', 'minimax'), ALGO_B = arg('--bb', 'alphabeta');
const REPEAT = Number(arg('--repeat', 5));
const FILES = argv.includes('--files');

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (v) => `${v.toFixed(0)} ms`;
const line = (k, v) => console.log(`  ${k.padEnd(46)} ${v}`);
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

if (!existsSync(path.join(ROOT, 'pkg/prunescope_bg.wasm'))) {
  console.error('pkg/ is missing: build the wasm first (bash scripts/serve.sh builds it)');
  process.exit(1);
}
mkdirSync(path.join(ROOT, 'target/screenshots'), { recursive: true });

const server = await startServer({ root: ROOT, port: 0 });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  const ps = (f, a) => page.evaluate(f, a);
  await page.goto(server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.state.engineReady === true, null, { timeout: 20_000 });
  await page.click('#mode-compare');
  await page.waitForFunction(() => window.prunescope.compare.sides.A.ready && window.prunescope.compare.sides.B.ready, null, { timeout: 20_000 });
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
  const t0 = Date.now();
  await page.click('#cmp-run');
  await page.waitForFunction(() => {
    const c = window.prunescope.compare;
    return c.st.d && !c.sides.A.running && !c.sides.B.running;
  }, null, { timeout: 600_000, polling: 100 });
  const first = await ps(() => {
    const c = window.prunescope.compare;
    const d = c.st.d;
    return { t: c.st.timings, onlyA: d.onlyA, onlyB: d.onlyB, both: d.both, msA: c.sides.A.elapsedMs, msB: c.sides.B.elapsedMs };
  });
  line('searches (both, in two workers)', `${((Date.now() - t0) / 1000).toFixed(1)} s wall; A ${ms(first.msA)}, B ${ms(first.msB)}`);
  line('nodes', `A ${fmt(first.t.nodesA)}, B ${fmt(first.t.nodesB)}`);
  line('matched by path', `${fmt(first.both)} in both, ${fmt(first.onlyA)} only A, ${fmt(first.onlyB)} only B`);
  line('first compare (match + layout + first frame)', `${ms(first.t.totalMs)} (match ${ms(first.t.diffMs)}, layout ${ms(first.t.layoutMs)}, frame ${ms(first.t.drawMs)})`);
  const runs = await ps((n) => {
    const c = window.prunescope.compare;
    const out = [];
    for (let i = 0; i < n; i++) out.push(c.recompute());
    return out;
  }, REPEAT);
  const tot = runs.map((r) => r.totalMs);
  line(`compare again, ${REPEAT} times: median / max`, `${ms(median(tot))} / ${ms(Math.max(...tot))}`);
  line('  matching (median)', ms(median(runs.map((r) => r.diffMs))));
  line('  aligned layout (median)', ms(median(runs.map((r) => r.layoutMs))));
  line('  first frame of both views (median)', ms(median(runs.map((r) => r.drawMs))));
  // frames while panning the aligned views
  const frames = await ps(() => {
    const c = window.prunescope.compare;
    const out = [];
    for (let i = 0; i < 10; i++) {
      c.views.A.view.x0 += 40 / c.views.A.view.sx;
      const t = performance.now();
      c.frameNow();
      out.push(performance.now() - t);
    }
    return out;
  });
  line('a frame while panning (both views + panels)', `median ${ms(median(frames))}, max ${ms(Math.max(...frames))}`);
  await page.click('#cmp-fit');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(ROOT, 'target/screenshots/compare-bench.png') });
  if (FILES) {
    const r = await ps(async () => {
      const c = window.prunescope.compare;
      const t0 = performance.now();
      const a = await c.traceText('A');
      const b = await c.traceText('B');
      const t1 = performance.now();
      c.openText('A', a, 'a.json');
      c.openText('B', b, 'b.json');
      const t2 = performance.now();
      return { mb: (a.length + b.length) / 1e6, exportMs: t1 - t0, openMs: t2 - t1, t: c.st.timings };
    });
    line('save both as JSON (worker: Session::trace_json)', `${r.mb.toFixed(0)} MB in ${ms(r.exportMs)}`);
    line('open both files (parse, check, load, compare)', ms(r.openMs));
  }
  const max = Math.max(first.t.totalMs, ...tot);
  console.log(`\ncompare time for 2 × ${fmt(Math.min(first.t.nodesA, first.t.nodesB))}+ nodes: ${ms(median([first.t.totalMs, ...tot]))} median, ${ms(max)} worst ${max < 2000 ? '(under 2 s)' : '(OVER 2 s)'}`);
} finally {
  await browser.close();
  await server.close();
}
