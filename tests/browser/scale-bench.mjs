#!/usr/bin/env node
// The scale benchmark of issue 13: two 10-million-node searches streamed into the page through
// its own controls in headless Chromium, against the real worker and wasm build (pkg/). Run by
// hand (with `nice -n 10`), never as a test:
//
//   nice -n 10 node tests/browser/scale-bench.mjs [--cap 10000000] [--only chess|random|chance]
//                                                  [--no-save] [--no-stop]
//
// For the chess search (start position, PVS, depth 14 with iterative deepening, TT, TT move,
// MVV-LVA, killers, history, quiescence) and the random tree b=10 d=8 searched by minimax, both
// stopped by the node cap, and a generated explicit chance tree of 1,085,812 nodes searched
// whole by expectimax (its text written by `chanceTreeText` of bench-search.mjs, 3.4 MB, typed
// into the Tree tab; issue 32 §6), it prints:
//   - the longest main-thread stall while streaming (the longest gap between animation frames)
//     and the total time in frames longer than 50 ms;
//   - the renderer's memory growth per node, the search worker included: the resident memory
//     (VmRSS) of Chromium's renderer processes, which hold the page and its workers, before
//     the search and after it (after a garbage collection), divided by the nodes; and the
//     peak (VmHWM, the most resident at any moment of the search) over the memory before it,
//     and whether the search stopped at the page's memory budget;
//   - nodes/s into the page (Start → the whole trace taken in) against the native CLI recording
//     the same search (`--trace` to a binary file; CARGO_TARGET_DIR/release/prunescope);
//   - frame times while panning the whole tree, the latency of stepping keys (to the second
//     animation frame) and the work of a step (command and redraw, no frame wait);
//   - saving the trace in the compact format and opening that file again (the page's own
//     buttons; the download is streamed to disk), with the file's size;
//   - Stop in the middle of the stream: from the click to the page showing "stopped", and
//     the longest frame gap around it;
//   - the wasm's raw and gzip size.
// Figures are for this machine at this moment: compare ratios measured in one run.

import { existsSync, readFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setup, openPage, settle, snapshot, hook, watchFrames, frameGaps, watchKeys, keyLatencies, stats, rendererMemory, resetPeakMemory, ROOT } from './hook.mjs';
import { chessScaleControls, chessScaleCli, chanceScaleControls, chanceScaleCli, chanceTreeText } from './bench-search.mjs';

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const CAP = Number(arg('--cap', 10_000_000));
const ONLY = arg('--only', '');
const SAVE = !argv.includes('--no-save');
const STOP = !argv.includes('--no-stop');
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const ms = (v) => `${v.toFixed(1)} ms`;
const line = (k, v) => console.log(`  ${k.padEnd(58)} ${v}`);

const env = await setup();
const tmp = mkdtempSync(path.join(tmpdir(), 'prunescope-scale-'));
// Each search gets a fresh page (its own renderer process), so that memory is measured from a
// clean start.
let page, cdp;
const gc = () => cdp.send('HeapProfiler.collectGarbage');
const memory = async () => {
  await gc();
  await new Promise((r) => setTimeout(r, 500));
  return rendererMemory();
};
const cli = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'release/prunescope');

const generation = async () => (await snapshot(page)).explore.generation;
const whenEnded = (g, statuses = ['done']) =>
  page.waitForFunction(([g, st]) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && st.includes(s.status);
  }, [g, statuses], { timeout: 1_800_000, polling: 100 });

const chessControls = () => chessScaleControls(page, CAP);
async function randomControls() {
  await page.click('#tab-random');
  await page.fill('#rnd-b', '10');
  await page.fill('#rnd-d', '8');
  await page.selectOption('#algo', 'minimax');
  await page.fill('#node-cap', String(CAP));
}

const CASES = [
  {
    key: 'chess',
    name: 'Chess, start position, PVS depth 14 (iterative), tt, tt_move, mvv_lva, killers, history, quiescence',
    controls: chessControls,
    cli: chessScaleCli(CAP),
  },
  {
    key: 'random',
    name: 'Random tree b=10 d=8, minimax',
    controls: randomControls,
    cli: ['random', '-b', '10', '-d', '8', '--algo', 'minimax', '--node-cap', String(CAP)],
  },
  {
    key: 'chance',
    name: 'Generated explicit chance tree (decision 3, chance 4, 11 levels), expectimax',
    tree: () => chanceTreeText(),
    controls() {
      return chanceScaleControls(page, CAP, this.tree().text);
    },
    cli: chanceScaleCli(CAP),
  },
].filter((c) => !ONLY || c.key === ONLY);

for (const c of CASES) {
  console.log(`\n${c.name}, node cap ${fmt(CAP)}`);
  if (page) await page.context().close();
  page = await openPage(env);
  cdp = await page.context().newCDPSession(page);
  await c.controls();
  const m0 = await memory();
  // the peak from here on is the search's (typing a tree's text has a peak of its own)
  const reset = resetPeakMemory();
  const g = await generation();
  await watchFrames(page);
  const t0 = Date.now();
  await page.click('#start');
  await whenEnded(g);
  const wall = Date.now() - t0;
  const gaps = (await frameGaps(page)).slice(1);
  await settle(page);
  const h1 = rendererMemory('VmHWM');
  const s = (await snapshot(page)).explore;
  const m1 = await memory();
  const long = gaps.filter((x) => x > 50);
  line('nodes', fmt(s.nodes));
  line('Start → whole trace in the page', `${fmt(wall)} ms → ${fmt(s.nodes / (wall / 1000))} nodes/s`);
  line("the search's own time in the worker (wasm)", `${fmt(s.elapsedMs)} ms → ${fmt(s.nodes / (s.elapsedMs / 1000))} nodes/s`);
  if (existsSync(cli)) {
    const out = path.join(tmp, 'cli.pstrace');
    const t = Date.now();
    // its summary goes to a pipe: the CLI refuses a closed standard output (exit status 1)
    const input = c.tree?.().text;
    execFileSync(cli, [...c.cli, '--trace', out], { input, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });
    const cms = Date.now() - t;
    line('native CLI, the same search, --trace x.pstrace', `${fmt(cms)} ms → ${fmt(s.nodes / (cms / 1000))} nodes/s (page/CLI ${(cms / wall).toFixed(2)})`);
    rmSync(out, { force: true });
  } else line('native CLI', `not built (${cli})`);
  line('longest gap between frames while streaming', ms(Math.max(...gaps)));
  line('time in frames longer than 50 ms', `${fmt(long.reduce((a, b) => a + b, 0))} ms in ${long.length} of ${gaps.length} frames`);
  line('renderer RSS growth per node, worker included', `${((m1 - m0) / s.nodes).toFixed(1)} B (${fmt((m1 - m0) / 2 ** 20)} MiB)`);
  line('peak renderer RSS during the search, over the RSS before', reset ? `${fmt((h1 - m0) / 2 ** 20)} MiB (${((h1 - m0) / s.nodes).toFixed(1)} B/node)` : 'not measured (the peak could not be reset)');
  line('stopped early', s.aborted ? `yes: ${s.notice?.text}` : 'no: the whole search');
  line('typed arrays the store holds per node', `${((await hook(page, () => window.prunescope.storeBytes())) / s.nodes).toFixed(1)} B`);

  // interactions on the whole tree
  await hook(page, () => window.prunescope.run('view.fit'));
  const draws = [];
  for (let i = 0; i < 40; i++) {
    await hook(page, (dx) => window.prunescope.pan(dx), i % 2 ? 120 : -80);
    draws.push((await hook(page, () => window.prunescope.frame())).ms);
  }
  const f = stats(draws);
  line('pan: draw time p50 / p95 / max', `${ms(f.p50)} / ${ms(f.p95)} / ${ms(f.max)}`);
  await watchKeys(page);
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'm', 'ArrowUp', 'End']) {
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(key);
      await settle(page);
    }
  }
  const k = stats(await keyLatencies(page));
  line('key → step drawn (two frames) p50 / p95 / max', `${ms(k.p50)} / ${ms(k.p95)} / ${ms(k.max)}`);
  // the work of one step, without the wait for the display's next frame: the command, then
  // the tree drawn and the panels rendered
  const work = await hook(page, (commands) => {
    const out = [];
    for (const c of commands) {
      const t0 = performance.now();
      window.prunescope.run(c);
      window.prunescope.frame();
      out.push(performance.now() - t0);
    }
    return out;
  }, ['step.first', ...Array(6).fill('step.forward'), ...Array(6).fill('step.over'), ...Array(6).fill('step.back'), ...Array(6).fill('jump.mismatch'), ...Array(6).fill('step.out'), 'step.last']);
  const wk = stats(work);
  line('step command + redraw (work, no frame wait) p50 / p95 / max', `${ms(wk.p50)} / ${ms(wk.p95)} / ${ms(wk.max)}`);

  if (SAVE) {
    await page.selectOption('#save-format', 'binary');
    const t1 = Date.now();
    const dl = page.waitForEvent('download', { timeout: 1_800_000 });
    await page.click('#save-trace');
    const file = path.join(tmp, `${c.key}.pstrace`);
    await (await dl).saveAs(file);
    const saved = Date.now() - t1;
    const size = statSync(file).size;
    line('save (.pstrace, chunks to a download)', `${fmt(saved)} ms, ${(size / 2 ** 20).toFixed(1)} MiB (${(size / s.nodes).toFixed(1)} B/node)`);
    const g2 = await generation();
    await watchFrames(page);
    const t2 = Date.now();
    await page.setInputFiles('#open-file', file);
    await whenEnded(g2);
    const opened = Date.now() - t2;
    const og = (await frameGaps(page)).slice(1);
    const n2 = (await snapshot(page)).explore.nodes;
    line('open that file (read, checked, streamed in)', `${fmt(opened)} ms, ${fmt(n2)} nodes, longest frame gap ${ms(Math.max(...og))}`);
    rmSync(file);
  }

  if (STOP) {
    await c.controls();
    await hook(page, () => {
      window.__stop = null;
      if (window.__stopWatch) return;
      window.__stopWatch = true;
      document.getElementById('stop').addEventListener('pointerdown', (e) => {
        const t0 = e.timeStamp;
        const check = () => {
          if (window.prunescope.snapshot().explore.status !== 'running') {
            window.__stop = performance.now() - t0;
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, { capture: true });
    });
    const g3 = await generation();
    await watchFrames(page);
    await page.click('#start');
    const half = Math.min(s.nodes, CAP) / 2;
    await page.waitForFunction(([g, at]) => {
      const x = window.prunescope.snapshot().explore;
      return x.generation > g && (x.nodes > at || x.status !== 'running');
    }, [g3, half], { timeout: 1_800_000, polling: 20 });
    const box = await page.locator('#stop').boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => window.__stop !== null, null, { timeout: 60_000 });
    const sg = (await frameGaps(page)).slice(1);
    const x = (await snapshot(page)).explore;
    line(`Stop at ${fmt(x.nodes)} nodes: click → "stopped" drawn`, `${ms(await hook(page, () => window.__stop))} (status ${x.status}; longest frame gap ${ms(Math.max(...sg))})`);
    await page.waitForFunction(() => window.prunescope.snapshot().explore.ready, null, { timeout: 600_000 });
  }
}

const wasm = readFileSync(path.join(ROOT, 'pkg/prunescope_bg.wasm'));
console.log('\nwasm');
line('pkg/prunescope_bg.wasm raw / gzip -9', `${(wasm.length / 1024).toFixed(0)} KiB / ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(0)} KiB`);
rmSync(tmp, { recursive: true, force: true });
await env.close();
