#!/usr/bin/env node
// Performance figures of the page, measured in headless Chromium against the real worker and
// wasm build (pkg/). Run by hand, not part of the test suite:
//
//   node tests/browser/bench.mjs [--nodes-b 10 --nodes-d 6]
//
// Prints: time from Start to the first tree paint; nodes/s streamed into the view (compared to
// the native CLI when target/release/prunescope exists); JS heap per node; frame times while
// panning and zooming a ~1,000,000-node tree; step latency; wasm size raw and gzipped.

import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startServer } from '../../www/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
const B = arg('--nodes-b', 10), D = arg('--nodes-d', 6);

const stats = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: q(0.5), p95: q(0.95), max: s[s.length - 1], mean: s.reduce((x, y) => x + y, 0) / s.length };
};
const ms = (v) => `${v.toFixed(1)} ms`;
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const line = (k, v) => console.log(`  ${k.padEnd(44)} ${v}`);

if (!existsSync(path.join(ROOT, 'pkg/prunescope_bg.wasm'))) {
  console.error('pkg/ is missing: build the wasm first (bash scripts/serve.sh builds it)');
  process.exit(1);
}
mkdirSync(path.join(ROOT, 'target/screenshots'), { recursive: true });

const server = await startServer({ root: ROOT, port: 0 });
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const cdp = await page.context().newCDPSession(page);
page.on('pageerror', (e) => console.error('page error:', e.message));
const ps = (f, a) => page.evaluate(f, a);
const settle = () => ps(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
/** JS heap in use plus ArrayBuffer backing stores (where the typed arrays live), after GC. */
const heap = async () => {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const h = await cdp.send('Runtime.getHeapUsage');
  return h.usedSize + (h.backingStorageSize ?? 0);
};

async function load() {
  await page.goto(server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.state.engineReady, null, { timeout: 20_000 });
  await settle();
}

async function run(setup, timeout = 120_000) {
  await setup();
  const before = await ps(() => window.prunescope.state.searchId);
  const t0 = Date.now();
  await page.click('#start');
  await page.waitForFunction((b) => {
    const s = window.prunescope.state;
    return s.searchId !== b && !s.running && (s.done || s.notice);
  }, before, { timeout, polling: 20 });
  const wall = Date.now() - t0;
  await settle();
  const m = await ps(() => {
    const p = window.prunescope;
    const s = p.state;
    return {
      n: p.store.n,
      firstPaint: s.metrics.firstPaintMs,
      workerMs: s.done?.elapsedMs ?? s.elapsedMs,
      streamMs: s.metrics.lastBatchAt - s.metrics.startClick,
      batches: s.metrics.batches,
      batchMs: s.metrics.batchMs,
      bytes: p.store.bytes() + p.layout.bytes(),
    };
  });
  return { ...m, wall };
}

console.log('prunescope page benchmark (headless Chromium, this machine)\n');

// ---- 1. Start → first tree paint --------------------------------------------------------------
await load();
const rn = await run(async () => {});
const base = await heap();
await ps(() => window.prunescope.view.fit());
console.log('Start → first tree paint');
line('Russell–Norvig tree (11 nodes)', ms(rn.firstPaint));
const chess = await run(async () => {
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '5');
  await page.selectOption('#algo', 'pvs');
});
line(`chess start position, PVS depth 5 (${fmt(chess.n)} nodes)`, ms(chess.firstPaint));
line('  … whole search streamed and shown', `${ms(chess.streamMs)} (${fmt(chess.n / (chess.streamMs / 1000))} nodes/s)`);

// ---- 2. nodes/s streamed into the view ----------------------------------------------------------
await load();
const heap0 = await heap();
const big = await run(async () => {
  await page.click('#tab-random');
  await page.fill('#rnd-b', String(B));
  await page.fill('#rnd-d', String(D));
  await page.selectOption('#algo', 'minimax');
  await page.fill('#node-cap', '4000000');
});
const heap1 = await heap();
console.log(`\nStreaming a random tree b=${B} d=${D}, minimax (${fmt(big.n)} nodes, ${big.batches} batches)`);
line('first paint', ms(big.firstPaint));
line('search + stream + store + layout, wall', `${ms(big.streamMs)} → ${fmt(big.n / (big.streamMs / 1000))} nodes/s`);
line('worker-side search time (incl. posting)', `${ms(big.workerMs)} → ${fmt(big.n / (big.workerMs / 1000))} nodes/s`);
line('page thread: store + index + layout', `${ms(big.batchMs)} → ${fmt(big.n / (big.batchMs / 1000))} nodes/s`);
const cli = path.join(ROOT, 'target/release/prunescope');
if (existsSync(cli)) {
  try {
    const out = execFileSync(cli, ['random', '-b', String(B), '-d', String(D), '--algo', 'minimax', '--node-cap', '4000000'], { encoding: 'utf8' });
    const m = /time\s+([\d.]+)\s*s,\s*(\d+)\s*nodes\/s/.exec(out);
    line('native CLI, recorded trace, same tree', m ? `${(m[1] * 1000).toFixed(0)} ms → ${fmt(Number(m[2]))} nodes/s` : out.trim().split('\n').pop());
  } catch (e) {
    line('native CLI', `failed: ${e.message.split('\n')[0]}`);
  }
} else line('native CLI', 'target/release/prunescope not built (cargo build --release)');

// ---- 3. memory ----------------------------------------------------------------------------------
console.log('\nMemory');
line('JS heap + ArrayBuffers growth per node (GC)', `${((heap1 - heap0) / big.n).toFixed(1)} bytes`);
line('typed arrays held by TraceStore + Layout', `${(big.bytes / big.n).toFixed(1)} bytes/node (${(big.bytes / 2 ** 20).toFixed(0)} MiB, incl. growth slack)`);
line('heap + ArrayBuffers before / after', `${(heap0 / 2 ** 20).toFixed(1)} / ${(heap1 / 2 ** 20).toFixed(1)} MiB (page with the textbook tree: ${(base / 2 ** 20).toFixed(1)} MiB)`);

// ---- 4. frame time while panning / zooming --------------------------------------------------------
await ps(() => {
  window.prunescope.view.fit();
  window.prunescope.state.metrics.frames.length = 0;
});
await settle();
const box = await page.locator('#tree').boundingBox();
const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
const rafTimes = ps(() => {
  const t = [];
  let last = performance.now();
  window.__raf = t;
  const tick = (now) => {
    t.push(now - last);
    last = now;
    if (t.length < 100000 && !window.__rafStop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
await rafTimes;
const frames = [];
const collect = async () => frames.push(...(await ps(() => window.prunescope.state.metrics.frames.splice(0))));
for (let i = 0; i < 40; i++) {
  await page.mouse.move(cx + (i % 7) * 20, cy);
  await page.mouse.wheel(0, -240); // zoom in
  await page.waitForTimeout(16);
}
await collect();
await page.mouse.move(cx, cy);
await page.mouse.down();
for (let i = 0; i < 60; i++) {
  await page.mouse.move(cx - i * 12, cy + Math.sin(i / 6) * 40);
  await page.waitForTimeout(16);
}
await page.mouse.up();
await collect();
for (let i = 0; i < 40; i++) {
  await page.mouse.wheel(0, 240); // zoom out
  await page.waitForTimeout(16);
}
await collect();
const raf = await ps(() => {
  window.__rafStop = true;
  return window.__raf.slice(5);
});
const f = stats(frames);
const r = stats(raf);
console.log(`\nPan / zoom on the ${fmt(big.n)}-node tree (${f.n} redraws)`);
line('draw time per frame p50 / p95 / max', `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)}`);
line('rAF interval p50 / p95', `${ms(r.p50)} / ${ms(r.p95)}`);
await page.screenshot({ path: path.join(ROOT, 'target/screenshots/bench-1m.png') });

// ---- 5. step latency --------------------------------------------------------------------------
const steps = await ps(async () => {
  const p = window.prunescope;
  const out = { fwd: [], back: [], over: [], out: [], mark: [], click: [] };
  const nextFrame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  // each step: the cursor move, then the frame that shows it (tree, narration, inspector);
  // the page yields between steps as it does for real input
  const time = async (k, f) => {
    await nextFrame();
    const t0 = performance.now();
    f();
    p.frameNow();
    out[k].push(performance.now() - t0);
  };
  p.steps.first();
  for (let i = 0; i < 150; i++) await time('fwd', p.steps.fwd);
  for (let i = 0; i < 60; i++) await time('back', p.steps.back);
  for (let i = 0; i < 60; i++) await time('over', p.steps.over);
  for (let i = 0; i < 30; i++) await time('out', p.steps.out);
  p.steps.first();
  for (let i = 0; i < 30; i++) await time('mark', () => p.steps.mark('mismatch', 1));
  for (let i = 0; i < 30; i++) {
    const id = Math.floor(Math.random() * p.store.n);
    await time('click', () => p.select(id));
  }
  return out;
});
// real key presses: keydown → the end of the frame that shows the step
await ps(() => {
  window.__keyT = [];
  document.addEventListener('keydown', () => window.__keyT.push(performance.now()), { capture: true });
});
await page.locator('#tree').focus();
const keyLat = [];
for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'c', 'm', 'ArrowUp', 'ArrowRight']) {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(key);
    await settle();
    keyLat.push(await ps(() => window.prunescope.state.metrics.lastFrameEnd - window.__keyT[window.__keyT.length - 1]));
  }
}
console.log('\nStep latency (cursor move + inspector/narration/board update + one redraw)');
{
  const s = stats(keyLat);
  line('key press → frame drawn (incl. wait for rAF)', `p50 ${ms(s.p50)} · p95 ${ms(s.p95)} · max ${ms(s.max)}`);
}
for (const [k, v] of Object.entries(steps)) {
  const s = stats(v);
  line(k === 'mark' ? 'next mismatch' : k === 'click' ? 'select a random node' : `step ${k}`, `p50 ${ms(s.p50)} · p95 ${ms(s.p95)} · max ${ms(s.max)}`);
}

// ---- 6. wasm size -------------------------------------------------------------------------------
const wasm = readFileSync(path.join(ROOT, 'pkg/prunescope_bg.wasm'));
console.log('\nwasm');
line('pkg/prunescope_bg.wasm raw / gzip -9', `${(wasm.length / 1024).toFixed(0)} KiB / ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(0)} KiB`);

await browser.close();
await server.close();
