// Helpers every browser test shares: serving the repository, opening the page, and talking to
// it through its one test hook, `window.prunescope` (docs/test-hook.md). A wait always waits
// for a *new* state — a generation counter that the action bumps — never for a condition the
// previous state already satisfied.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { collectProblems, launchChromium } from './chromium.mjs';
import { startServer } from '../../www/serve.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHOTS = path.join(ROOT, 'target/screenshots');
export const GOLDEN = (name) => path.join(ROOT, 'tests/golden', name);
export const RN_TREE = '((3 12 8) (2 4 6) (14 5 2))';

/**
 * Bytes of the renderer processes this test process started (the page and its workers, which
 * are threads of it), summed: `field` of /proc/PID/status, `VmRSS` (resident now) or `VmHWM`
 * (the peak resident so far).
 */
export function rendererMemory(field = 'VmRSS') {
  const re = new RegExp(`${field}:\\s+(\\d+) kB`);
  let bytes = 0;
  for (const pid of rendererPids()) {
    try {
      const m = re.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) bytes += Number(m[1]) * 1024;
    } catch {
      /* gone */
    }
  }
  return bytes;
}

/**
 * Resets the peak resident memory (VmHWM) of the renderer processes this test process started
 * to their resident memory now (`5` written to /proc/PID/clear_refs, Linux 4.0 and later), so
 * that a later `rendererMemory('VmHWM')` is the peak of what ran in between. False when a
 * process refused it.
 */
export function resetPeakMemory() {
  let ok = true;
  for (const pid of rendererPids()) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      ok = false;
    }
  }
  return ok;
}

/**
 * CPU seconds used so far by the threads of the renderer processes this test process started:
 * the workers' (threads named DedicatedWorker…) and the page's main thread (the process's first
 * thread). On a loaded machine wall-clock times mean little; CPU time says what each side cost.
 */
export function rendererCpu() {
  const out = { worker: 0, main: 0 };
  for (const pid of rendererPids()) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone
    }
    for (const tid of tids) {
      try {
        const comm = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        const st = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        const sec = (Number(f[11]) + Number(f[12])) / 100; // utime + stime, clock ticks (USER_HZ 100)
        if (comm.startsWith('DedicatedWorker')) out.worker += sec;
        else if (Number(tid) === pid) out.main += sec;
      } catch {
        /* gone */
      }
    }
  }
  return out;
}

/** The renderer processes this test process started (the page and its workers are threads of them). */
function rendererPids() {
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      procs.set(Number(d), { ppid, cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8') });
    } catch {
      /* gone */
    }
  }
  const mine = (pid) => {
    for (let p = pid, k = 0; p > 1 && k < 16; p = procs.get(p)?.ppid ?? 0, k++) if (p === process.pid) return true;
    return false;
  };
  return [...procs].filter(([pid, p]) => p.cmd.includes('--type=renderer') && mine(pid)).map(([pid]) => pid);
}

/** Starts the server and the browser: { server, browser, close() }. */
export async function setup() {
  assert.ok(existsSync(path.join(ROOT, 'pkg/prunescope.js')), 'pkg/ is missing: build the wasm first (scripts/serve.sh or scripts/test.sh)');
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer({ root: ROOT, port: 0 });
  const browser = await launchChromium();
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * A new page on index.html, ready (the hook is there and explore's engine has started).
 * `problems` collects console errors and warnings, page errors and failed requests.
 */
export async function openPage(env, { width = 1440, height = 900, colorScheme = 'light', touch = false, problems = [] } = {}) {
  const page = await env.browser.newPage({ viewport: { width, height }, colorScheme, hasTouch: touch, isMobile: touch, acceptDownloads: true });
  collectProblems(page, problems);
  await page.goto(env.server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 20_000 });
  await settle(page);
  return page;
}

/** Two animation frames: whatever changed has been drawn. */
export const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

export const snapshot = (page) => page.evaluate(() => window.prunescope.snapshot());
export const hook = (page, f, arg) => page.evaluate(f, arg);

/** Benchmarks: watches the page's animation frames from now on, to read the gaps between them. */
export const watchFrames = (page) =>
  hook(page, () => {
    const gaps = (window.__gaps = []);
    let last = performance.now();
    window.__watch = true;
    const tick = (now) => {
      gaps.push(now - last);
      last = now;
      if (window.__watch) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/** Stops [`watchFrames`] and returns the gaps between frames, in ms. */
export const frameGaps = (page) =>
  hook(page, () => {
    window.__watch = false;
    return window.__gaps;
  });

/** Benchmarks: { n, p50, p95, max } of a list of timings. */
export const stats = (a) => {
  const s = [...a].sort((x, y) => x - y);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};

/**
 * Benchmarks: from now on, records for every key pressed the time from the key event to the
 * second animation frame after it (the step drawn and shown); read them with [`keyLatencies`].
 */
export const watchKeys = (page) =>
  hook(page, () => {
    window.__keys = [];
    if (window.__keyWatch) return;
    window.__keyWatch = true;
    document.addEventListener('keydown', (e) => {
      const t0 = e.timeStamp;
      requestAnimationFrame(() => requestAnimationFrame(() => window.__keys.push(performance.now() - t0)));
    }, { capture: true });
  });

/** The latencies [`watchKeys`] recorded, in ms. */
export const keyLatencies = (page) => hook(page, () => window.__keys);

const ENDED = ['done', 'stopped', 'failed'];

/**
 * Runs `action` (e.g. a click on Start) and waits until trace `side` ('explore', 'A', 'B')
 * has a new generation that has ended; returns its snapshot.
 */
export async function whenTraceEnds(page, side, action, timeout = 60_000) {
  const before = await page.evaluate((s) => (s === 'explore' ? window.prunescope.snapshot().explore : window.prunescope.snapshot().compare[s]).generation, side);
  await action();
  await page.waitForFunction(
    ([s, g, ended]) => {
      const snap = window.prunescope.snapshot();
      const t = s === 'explore' ? snap.explore : snap.compare[s];
      return t.generation > g && ended.includes(t.status);
    },
    [side, before, ENDED],
    { timeout },
  );
  await settle(page);
  return page.evaluate((s) => (s === 'explore' ? window.prunescope.snapshot().explore : window.prunescope.snapshot().compare[s]), side);
}

/** Clicks Start and waits for the new search to end. */
export const runSearch = (page, timeout) => whenTraceEnds(page, 'explore', () => page.click('#start'), timeout);

/** Clicks Compare and waits for the new comparison (a new compare generation). */
export async function runCompare(page, timeout = 60_000) {
  const before = (await snapshot(page)).compare.generation;
  await page.click('#cmp-run');
  await page.waitForFunction((g) => window.prunescope.snapshot().compare.generation > g, before, { timeout });
  await settle(page);
  return snapshot(page);
}

/** Steps compare's driving search to its last event, where the results show (a finished search
 * of an explicit tree opens at its first event, the results held back: issue 29 §3). */
export async function compareToEnd(page) {
  await run(page, 'step.last');
  await page.waitForFunction(() => { const c = window.prunescope.snapshot().compare; const d = c[c.drive]; return d.cursor.event === d.events - 1; });
  await settle(page);
}

/** Switches to compare mode and waits for both of its engines. */
export async function toCompare(page) {
  await page.click('#mode-compare');
  await page.waitForFunction(() => {
    const c = window.prunescope.snapshot().compare;
    return c.A.ready && c.B.ready;
  }, null, { timeout: 20_000 });
  await settle(page);
}

/** Runs a command of the keymap table (the same code the keys and buttons run). */
export const run = (page, command) => page.evaluate((c) => window.prunescope.run(c), command);

export const text = (page, sel) => page.locator(sel).innerText();
export const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, name) });

/**
 * The scripts the page has requested so far (paths). The page's modules are bundled
 * (www/site.mjs) into chunks whose names say nothing, so a test asks what they hold
 * (`scriptHolding`), never what they are called.
 */
export const requestedScripts = (page) =>
  page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')));

/** The first of the scripts `paths` whose text holds `text`, or null. */
export const scriptHolding = (page, paths, text) =>
  page.evaluate(async ([ps, t]) => {
    for (const p of ps) if ((await (await fetch(p)).text()).includes(t)) return p;
    return null;
  }, [paths, text]);
