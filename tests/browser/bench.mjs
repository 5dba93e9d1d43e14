#!/usr/bin/env node
// Performance figures of the page, measured in headless Chromium against the real worker and
// wasm build (pkg/), through the page's test hook. Run by hand, not part of the test suite:
//
//   node tests/browser/bench.mjs [--b 10] [--d 7] [--cap 4000000] [--chess-depth 5]
//
// Prints, for a random tree (minimax) and a chess search (PVS with TT and ordering): nodes/s
// into the page (and the native CLI's, when target/release/prunescope exists), the longest
// main-thread stall while streaming (the longest gap between animation frames) and the time in
// frames longer than 50 ms, renderer memory per node, how long Stop takes to be handled (input
// delay) at several points of a stream, frame times while panning, step latency, saving and
// reopening, and the wasm size. Figures are for this machine at this moment: compare ratios
// measured in one run, never thresholds.

import { existsSync, readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setup, openPage, settle, snapshot, hook, watchFrames, frameGaps, watchKeys, keyLatencies, stats, ROOT } from './hook.mjs';

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
const B = arg('--b', 10), D = arg('--d', 7), CAP = arg('--cap', 4_000_000), CD = arg('--chess-depth', 5);
const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (v) => `${v.toFixed(1)} ms`;
const line = (k, v) => console.log(`  ${k.padEnd(52)} ${v}`);

const env = await setup();
const tmp = mkdtempSync(path.join(tmpdir(), 'prunescope-bench-'));
const page = await openPage(env);
const cdp = await page.context().newCDPSession(page);
const heap = async () => {
  await cdp.send('HeapProfiler.collectGarbage');
  const h = await cdp.send('Runtime.getHeapUsage');
  return h.usedSize + (h.backingStorageSize ?? 0);
};


async function stream(name, prepare, cliArgs) {
  await prepare();
  const h0 = await heap();
  const g = (await snapshot(page)).explore.generation;
  await watchFrames(page);
  const t0 = Date.now();
  await page.click('#start');
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'done';
  }, g, { timeout: 600_000, polling: 50 });
  const wall = Date.now() - t0;
  const gaps = (await frameGaps(page)).slice(1);
  await settle(page);
  const s = (await snapshot(page)).explore;
  const h1 = await heap();
  console.log(`\n${name}: ${fmt(s.nodes)} nodes`);
  line('Start → whole trace in the page', `${fmt(wall)} ms → ${fmt(s.nodes / (wall / 1000))} nodes/s`);
  const cli = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'release/prunescope');
  if (existsSync(cli) && cliArgs) {
    const t = Date.now();
    execFileSync(cli, [...cliArgs, '--json'], { stdio: ['ignore', 'ignore', 'ignore'], maxBuffer: 1 << 30 });
    const c = Date.now() - t;
    line('native CLI, the same search, --json to /dev/null', `${fmt(c)} ms → ${fmt(s.nodes / (c / 1000))} nodes/s (page/CLI ${(c / wall).toFixed(2)})`);
  }
  const long = gaps.filter((x) => x > 50);
  line('longest gap between frames while streaming', ms(Math.max(...gaps)));
  line('time in frames longer than 50 ms', `${fmt(long.reduce((a, b) => a + b, 0))} ms in ${long.length} frames of ${gaps.length}`);
  line('renderer heap + ArrayBuffers growth per node (after GC)', `${((h1 - h0) / s.nodes).toFixed(1)} B`);
  line('typed arrays the store holds per node', `${((await hook(page, () => window.prunescope.storeBytes())) / s.nodes).toFixed(1)} B`);
  return s;
}

// ---- streaming ---------------------------------------------------------------------------------
const rnd = await stream(
  `Random tree b=${B} d=${D}, minimax, cap ${fmt(CAP)}`,
  async () => {
    await page.click('#tab-random');
    await page.fill('#rnd-b', String(B));
    await page.fill('#rnd-d', String(D));
    await page.selectOption('#algo', 'minimax');
    await page.fill('#node-cap', String(CAP));
  },
  ['random', '-b', String(B), '-d', String(D), '--algo', 'minimax', '--node-cap', String(CAP)],
);

// ---- pan and steps on it -------------------------------------------------------------------------
{
  const draws = [];
  for (let i = 0; i < 60; i++) {
    await hook(page, (dx) => window.prunescope.pan(dx), i % 2 ? 120 : -80);
    draws.push((await hook(page, () => window.prunescope.frame())).ms);
  }
  const f = stats(draws);
  console.log(`\nPanning the ${fmt(rnd.nodes)}-node tree (a frame drawn at each step)`);
  line('draw time p50 / p95 / max', `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)}`);
  await watchKeys(page);
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'm', 'ArrowUp', 'ArrowRight']) {
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press(key);
      await settle(page);
    }
  }
  const k = stats(await keyLatencies(page));
  line('key press → the step drawn (two frames) p50 / p95 / max', `${ms(k.p50)} / ${ms(k.p95)} / ${ms(k.max)}`);
}

// ---- save and open (a 500,000-node trace: the JSON reader holds the whole file) ----------------
{
  await page.fill('#node-cap', '500000');
  const g0 = (await snapshot(page)).explore.generation;
  await page.click('#start');
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'done';
  }, g0, { timeout: 600_000, polling: 50 });
  const n = (await snapshot(page)).explore.nodes;
  const t0 = Date.now();
  const dl = page.waitForEvent('download', { timeout: 600_000 });
  await page.click('#save-trace');
  const file = path.join(tmp, 'bench.json');
  await (await dl).saveAs(file);
  const saved = Date.now() - t0;
  const size = statSync(file).size;
  const t1 = Date.now();
  const g = (await snapshot(page)).explore.generation;
  await page.setInputFiles('#open-file', file);
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'done';
  }, g, { timeout: 600_000, polling: 50 });
  console.log(`\nSaving and opening a ${fmt(n)}-node trace`);
  line('save (worker writes, chunks to a download)', `${fmt(saved)} ms, ${(size / 2 ** 20).toFixed(0)} MiB (${(size / n).toFixed(0)} B/node)`);
  line('open (worker reads and checks, batches stream in)', `${fmt(Date.now() - t1)} ms`);
  rmSync(file);
}

// ---- chess -------------------------------------------------------------------------------------
await stream(
  `Chess, Kiwipete, PVS depth ${CD} with tt, tt_move, mvv_lva, killers, history, quiescence`,
  async () => {
    await page.click('#tab-chess');
    await page.selectOption('#fen-preset', { label: 'Kiwipete' });
    await page.fill('#chess-depth', String(CD));
    await page.selectOption('#algo', 'pvs');
    await page.fill('#node-cap', String(CAP));
    await hook(page, () => (document.getElementById('techniques').open = true));
    for (const n of ['tt', 'tt_move', 'mvv_lva', 'killers', 'history', 'quiescence']) await page.check(`#tech-switches input[data-enable="${n}"]`);
  },
  ['chess', '--fen', KIWIPETE, '-d', String(CD), '--algo', 'pvs', '--enable', 'tt,tt_move,mvv_lva,killers,history,quiescence', '--node-cap', String(CAP)],
);

// ---- Stop --------------------------------------------------------------------------------------
{
  console.log(`\nStop during a stream (random tree b=12 d=9, minimax, cap 20,000,000): input delay of the click`);
  await page.click('#tab-random');
  await page.fill('#rnd-b', '12');
  await page.fill('#rnd-d', '9');
  await page.selectOption('#algo', 'minimax');
  await page.fill('#node-cap', '20000000');
  await hook(page, () => {
    document.getElementById('stop').addEventListener('pointerdown', (e) => (window.__stopDelay = performance.now() - e.timeStamp), { capture: true });
  });
  for (const at of [250_000, 1_000_000, 3_000_000]) {
    const g = (await snapshot(page)).explore.generation;
    await page.click('#start');
    await page.waitForFunction(([g, at]) => {
      const s = window.prunescope.snapshot().explore;
      return s.generation > g && (s.nodes > at || s.status !== 'running');
    }, [g, at], { timeout: 600_000, polling: 10 });
    const box = await page.locator('#stop').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => window.prunescope.snapshot().explore.status !== 'running');
    const s = (await snapshot(page)).explore;
    line(`Stop at ${fmt(s.nodes)} nodes`, `${ms(await hook(page, () => window.__stopDelay))} (status ${s.status})`);
    await page.waitForFunction(() => window.prunescope.snapshot().explore.ready);
  }
}

const wasm = readFileSync(path.join(ROOT, 'pkg/prunescope_bg.wasm'));
console.log('\nwasm');
line('pkg/prunescope_bg.wasm raw / gzip -9', `${(wasm.length / 1024).toFixed(0)} KiB / ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(0)} KiB`);
rmSync(tmp, { recursive: true, force: true });
await env.close();
