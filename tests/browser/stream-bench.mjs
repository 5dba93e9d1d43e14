#!/usr/bin/env node
// Benchmark: a search streamed into the page, for one or more checkouts of the repository in
// the same run, alternating between them, with the native CLI's time for the same search
// measured in the same run (issue 19 §6). Not a test: it prints figures and asserts nothing
// about them.
//
//   nice -n 5 node tests/browser/stream-bench.mjs [--trees DIR,DIR] [--runs N] [--only chess|random|chance]
//                                                 [--cap 10000000] [--cli PATH] [--trace-dir DIR]
//
// `--trees`: the roots to serve (each with its built pkg/ and node_modules/), default this
// checkout; e.g. a copy of main made with `git archive main | tar -x -C DIR` plus its pkg/.
// Each run searches, for each case, once in a fresh page of each tree (the order alternates
// between runs), then once with the CLI (`--cli`, default CARGO_TARGET_DIR/release/prunescope,
// recording the trace with `--trace`). For each page search it prints: Start → whole trace in
// the page, nodes/s against that run's CLI, the worker's own search time, the longest gap
// between animation frames while streaming and the frames over 50 ms, how many times the tree
// was drawn while it streamed, and the growth of the
// renderer's resident memory (the page and its workers, after a garbage collection) per node.
// Memory is measured 0.5 s after a garbage collection (as scale-bench does) and again 5 s later.
// `--trace-dir DIR` writes a Chromium performance trace of each page search there (open it in
// chrome://tracing or the DevTools Performance panel) — slower, so never for the figures.
// `--profile DIR` writes a CPU profile of the page's main thread (.cpuprofile) and prints the
// functions with the most self time (serve a copy with esbuild's `minify` off for names).
// `--shots DIR` saves a screenshot of each page as it streams, past its 400,000th node.

import { mkdtempSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startServer } from '../../www/serve.mjs';
import { ROOT, rendererCpu, rendererMemory, settle, watchFrames, frameGaps, hook } from './hook.mjs';
import { chessScaleControls, chessScaleCli, chanceScaleControls, chanceScaleCli, chanceTreeText } from './bench-search.mjs';

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const TREES = arg('--trees', ROOT).split(',').map((d) => path.resolve(d));
const RUNS = Number(arg('--runs', 2));
const CAP = Number(arg('--cap', 10_000_000));
const ONLY = arg('--only', '');
const TRACE_DIR = arg('--trace-dir', '');
const PROFILE_DIR = arg('--profile', '');
const SHOTS_DIR = arg('--shots', '');
const CLI = arg('--cli', path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'release/prunescope'));
const fmt = (n) => Math.round(n).toLocaleString('en-US');

const CASES = [
  {
    key: 'chess',
    controls: (page) => chessScaleControls(page, CAP),
    cli: chessScaleCli(CAP),
  },
  {
    key: 'random',
    async controls(page) {
      await page.click('#tab-random');
      await page.fill('#rnd-b', '10');
      await page.fill('#rnd-d', '8');
      await page.selectOption('#algo', 'minimax');
      await page.fill('#node-cap', String(CAP));
    },
    cli: ['random', '-b', '10', '-d', '8', '--algo', 'minimax', '--node-cap', String(CAP)],
  },
  {
    // the generated explicit chance tree of scale-bench (1,085,812 nodes, expectimax); only
    // with `--only chance`: trees before the one pipeline (issue 32) do not stream it
    key: 'chance',
    explicit: true,
    tree: () => chanceTreeText(),
    controls(page) {
      return chanceScaleControls(page, CAP, this.tree().text);
    },
    cli: chanceScaleCli(CAP),
  },
].filter((c) => (ONLY ? c.key === ONLY : !c.explicit));

const browser = await launchChromium();
const servers = [];
for (const root of TREES) servers.push(await startServer({ root, port: 0 }));
const tmp = mkdtempSync(path.join(tmpdir(), 'prunescope-stream-'));
const snap = (page) => page.evaluate(() => window.prunescope.snapshot().explore);

async function pageRun(server, c, label) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // how often the explore tree is drawn: TreeCanvas.draw (www/views/tree-canvas.js) sets the
  // canvas's transform once a draw, with six arguments
  await context.addInitScript(() => {
    window.__treeDraws = 0;
    const set = CanvasRenderingContext2D.prototype.setTransform;
    CanvasRenderingContext2D.prototype.setTransform = function (...a) {
      if (a.length === 6 && this.canvas.id === 'tree') window.__treeDraws++;
      return set.apply(this, a);
    };
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 60_000 });
  await settle(page);
  await c.controls(page);
  await settle(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((r) => setTimeout(r, 500));
  const m0 = rendererMemory();
  const g = (await snap(page)).generation;
  let tracing = null;
  if (TRACE_DIR) {
    const chunks = [];
    cdp.on('Tracing.dataCollected', (e) => chunks.push(...e.value));
    tracing = { chunks, done: new Promise((r) => cdp.once('Tracing.tracingComplete', r)) };
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] } });
  }
  if (PROFILE_DIR) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // long animation frames (over 50 ms) and what ran in them: the rAF callback (the redraw),
  // a timer (a slice of batches), a message (a batch arriving), and rendering after the script
  await hook(page, () => {
    window.__loaf = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) {
        const by = {};
        for (const sc of e.scripts) by[sc.invokerType] = (by[sc.invokerType] ?? 0) + sc.duration;
        const end = e.startTime + e.duration;
        window.__loaf.push({
          at: e.startTime,
          d: e.duration,
          render: e.renderStart ? end - e.renderStart : 0,
          style: e.styleAndLayoutStart ? end - e.styleAndLayoutStart : 0,
          by,
          scripts: e.scripts.map((sc) => ({ type: sc.invokerType, invoker: sc.invoker, fn: sc.sourceFunctionName, at: `${sc.sourceURL.split('/').pop()}:${sc.sourceCharPosition}`, d: sc.duration, layout: sc.forcedStyleAndLayoutDuration })),
        });
      }
    }).observe({ type: 'long-animation-frame' });
  });
  await watchFrames(page);
  const cpu0 = rendererCpu();
  const pt0 = await hook(page, () => performance.now());
  const t0 = Date.now();
  const draws0 = await hook(page, () => window.__treeDraws);
  await page.click('#start');
  if (SHOTS_DIR) {
    // a look at the page while it streams (halfway); slower, so never for the figures
    await page.waitForFunction((g) => {
      const s = window.prunescope.snapshot().explore;
      return s.generation > g && (s.nodes > 400_000 || s.status !== 'running');
    }, g, { timeout: 1_800_000, polling: 100 });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${label}.png`) });
  }
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'done';
  }, g, { timeout: 1_800_000, polling: 100 });
  const wall = Date.now() - t0;
  const cpu1 = rendererCpu();
  const treeDraws = (await hook(page, () => window.__treeDraws)) - draws0;
  const gaps = (await frameGaps(page)).slice(1);
  const loaf = (await hook(page, () => window.__loaf)).filter((e) => e.at >= pt0).map((e) => ({ ...e, at: e.at - pt0 }));
  if (tracing) {
    await cdp.send('Tracing.end');
    await tracing.done;
    writeFileSync(path.join(TRACE_DIR, `${label}.json`), JSON.stringify({ traceEvents: tracing.chunks }));
  }
  if (PROFILE_DIR) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(path.join(PROFILE_DIR, `${label}.cpuprofile`), JSON.stringify(profile));
    printProfile(profile);
  }
  const s = await snap(page);
  await settle(page);
  // the whole tree redrawn as while it streamed (fitted, every column's boundaries found again:
  // each pan moves the columns)
  await hook(page, () => window.prunescope.run('view.fit'));
  const draws = [];
  for (let i = 0; i < 20; i++) {
    await hook(page, (dx) => window.prunescope.pan(dx), i % 2 ? 3 : -3);
    draws.push((await hook(page, () => window.prunescope.frame())).ms);
  }
  draws.sort((a, b) => a - b);
  // and with the cursor inside the trace (stepping: every sampled node's state at the cursor)
  await hook(page, () => {
    window.prunescope.run('step.first');
    for (let i = 0; i < 40; i++) window.prunescope.run('jump.mismatch');
  });
  const stepDraws = [];
  for (let i = 0; i < 20; i++) {
    await hook(page, (dx) => window.prunescope.pan(dx), i % 2 ? 3 : -3);
    stepDraws.push((await hook(page, () => window.prunescope.frame())).ms);
  }
  stepDraws.sort((a, b) => a - b);
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((r) => setTimeout(r, 500));
  const m1 = rendererMemory();
  // and once more after 5 s more: the allocator returns freed pages (the batches taken in) to
  // the system in the background, a few seconds later
  await new Promise((r) => setTimeout(r, 5000));
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((r) => setTimeout(r, 500));
  const m2 = rendererMemory();
  await context.close();
  const long = gaps.filter((x) => x > 50);
  return { wall, nodes: s.nodes, worker: s.elapsedMs, gap: Math.max(...gaps), long: long.length, longMs: long.reduce((a, b) => a + b, 0), draw: draws[10], drawMax: draws[19], stepDraw: stepDraws[10], loaf: summarizeLoaf(loaf), loafMax: Math.max(0, ...loaf.map((e) => e.d)), loafN: loaf.length, loafList: loaf.map(describeLoaf), cpuWorker: cpu1.worker - cpu0.worker, cpuMain: cpu1.main - cpu0.main, treeDraws, mem: (m1 - m0) / s.nodes, mem5: (m2 - m0) / s.nodes };
}

/** The 25 functions with the most self time in a CPU profile, with their share. */
function printProfile(profile) {
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
    total += dt[i] ?? 0;
  }
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${(v / 1000).toFixed(0).padStart(6)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
}

/** Long animation frames: how many, the longest, and the script time in all of them by what
 * started it (user-callback: requestAnimationFrame, the redraw; user-callback timers are
 * 'user-callback' too in some versions; event-listener: a worker message; …) and rendering. */
function summarizeLoaf(list) {
  if (!list.length) return 'none';
  const by = {};
  let render = 0;
  for (const e of list) {
    render += e.render;
    for (const [k, v] of Object.entries(e.by)) by[k] = (by[k] ?? 0) + v;
  }
  const max = Math.max(...list.map((e) => e.d));
  return `${list.length}, longest ${max.toFixed(0)} ms; scripts ${Object.entries(by).map(([k, v]) => `${k} ${fmt(v)} ms`).join(', ')}; rendering ${fmt(render)} ms`;
}

/** One long animation frame and what ran in it: when (ms after Start), how long, each script
 * (what invoked it, its function and place, its time and forced layout), then style, layout,
 * paint and commit (from the frame's render start to its end). */
function describeLoaf(e) {
  const scripts = e.scripts.map((s) => `${s.type} ${s.invoker}${s.fn ? ` ${s.fn}` : ''} (${s.at}) ${s.d.toFixed(0)} ms${s.layout > 1 ? `, forced layout ${s.layout.toFixed(0)} ms` : ''}`);
  return `${e.d.toFixed(0)} ms at ${(e.at / 1000).toFixed(2)} s: ${scripts.join('; ') || 'no script'}; rendering ${e.render.toFixed(0)} ms (style and layout ${e.style.toFixed(0)} ms)`;
}

/** The CLI's search: wall ms and CPU seconds (user + system, from /usr/bin/time when there). */
function cliRun(c) {
  const out = path.join(tmp, 'cli.pstrace');
  const times = path.join(tmp, 'cli.time');
  const timed = existsSync('/usr/bin/time');
  const input = c.tree?.().text;
  const opts = { input, stdio: [input ? 'pipe' : 'ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 };
  const t = Date.now();
  // its summary goes to a pipe: the CLI refuses a closed standard output (exit status 1)
  if (timed) execFileSync('/usr/bin/time', ['-f', '%U %S', '-o', times, CLI, ...c.cli, '--trace', out], opts);
  else execFileSync(CLI, [...c.cli, '--trace', out], opts);
  const ms = Date.now() - t;
  const cpu = timed ? readFileSync(times, 'utf8').trim().split(/\s+/).slice(-2).map(Number).reduce((a, b) => a + b, 0) : NaN;
  rmSync(out, { force: true });
  return { ms, cpu };
}

const results = new Map();
console.log(`stream-bench: ${RUNS} runs over ${TREES.join(', ')}; CLI ${CLI}; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (let r = 0; r < RUNS; r++) {
  for (const c of CASES) {
    const order = TREES.map((_, k) => k);
    if (r % 2) order.reverse();
    const { ms: cli, cpu: cliCpu } = cliRun(c);
    console.log(`  run ${r + 1} ${c.key}: CLI ${fmt(cli)} ms, ${cliCpu.toFixed(2)} s of CPU`);
    for (const k of order) {
      const x = await pageRun(servers[k], c, `${c.key}-run${r + 1}-tree${k}`);
      x.ratio = cli / x.wall;
      x.workerRatio = cli / x.worker;
      x.cpuRatio = cliCpu / x.cpuWorker;
      const key = `${c.key} ${TREES[k]}`;
      if (!results.has(key)) results.set(key, []);
      results.get(key).push(x);
      for (const l of x.loafList) console.log(`    FAIL long animation frame ${l}`);
      console.log(`    CPU: worker ${x.cpuWorker.toFixed(2)} s (CLI/worker ${x.cpuRatio.toFixed(2)}), page's main thread ${x.cpuMain.toFixed(2)} s; long animation frames: ${x.loaf}`);
      console.log(`  run ${r + 1} ${c.key} ${TREES[k]}: ${fmt(x.wall)} ms for ${fmt(x.nodes)} nodes → page/CLI ${x.ratio.toFixed(2)} (worker's own ${fmt(x.worker)} ms, ${x.workerRatio.toFixed(2)}); longest frame gap ${x.gap.toFixed(0)} ms, ${x.long} frames over 50 ms (${fmt(x.longMs)} ms); tree drawn ${x.treeDraws} times while streaming; whole-tree redraw p50 ${x.draw.toFixed(1)} ms, max ${x.drawMax.toFixed(1)} ms (at a cursor p50 ${x.stepDraw.toFixed(1)} ms); renderer RSS growth ${x.mem.toFixed(1)} B/node (${x.mem5.toFixed(1)} 5 s later)`);
    }
  }
}
console.log(`\nmedian [min–max] over runs; load average now ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (const [key, xs] of results) {
  const range = (f, d = 0) => {
    const v = xs.map(f).sort((a, b) => a - b);
    const med = v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    return `${med.toFixed(d)} [${v[0].toFixed(d)}–${v[v.length - 1].toFixed(d)}]`;
  };
  console.log(`  ${key}: page/CLI ${range((x) => x.ratio, 2)}; CPU CLI/worker ${range((x) => x.cpuRatio, 2)}; main-thread CPU ${range((x) => x.cpuMain, 2)} s; worker/CLI ${range((x) => x.workerRatio, 2)}; longest animation frame ${range((x) => x.loafMax)} ms, frames over 50 ms ${range((x) => x.loafN)}; tree drawn ${range((x) => x.treeDraws)} times; longest rAF gap ${range((x) => x.gap)} ms, gaps over 50 ms ${range((x) => x.long)}; redraw p50 ${range((x) => x.draw, 1)} ms (at a cursor ${range((x) => x.stepDraw, 1)} ms); RSS growth ${range((x) => x.mem, 1)} B/node (${range((x) => x.mem5, 1)} 5 s later)`);
}
const failed = [...results.values()].flat().filter((x) => x.loafN > 0).length;
console.log(failed ? `FAIL: ${failed} page runs had a long animation frame (> 50 ms) while streaming (listed above)` : 'no long animation frame (> 50 ms) while streaming');
rmSync(tmp, { recursive: true, force: true });
await browser.close();
for (const s of servers) await s.close();
process.exitCode = failed ? 1 : 0;
