// The first-load benchmark of issue 19 (items 1 and 5) and issue 33 ("First load"): for each
// site given, served by that site's own www/serve.mjs (the README's server), in a fresh browser
// profile each time:
//   - requests and KiB transferred (bytes on the wire, headers included: CDP's
//     encodedDataLength of every request of the page and its search worker that has finished)
//     until "engine ready", i.e. until the page's default search can start, and ALSO through the
//     first search: the default search (an explicit tree) started with the Start button and
//     finished. The service worker is registered at engine ready; its own downloads (the whole
//     version, for offline use) are not the first load's and are not counted;
//   - the "engine ready" time, unthrottled and on emulated links (CDP
//     Network.emulateNetworkConditions): 4G = 9 Mbit/s down, 60 ms; fast 3G = 1.6 Mbit/s, 150 ms;
//   - Lighthouse 12 (mobile emulation, its own simulated throttling) driving Debian's Chromium:
//     performance, accessibility and best-practices scores.
// Each figure is the median of --runs runs (default 3), printed with its range. Prints one
// Markdown table, every site measured in the same run, their loads alternating (each site's
// first load, then each site's second, …) so that they compare on a machine whose load
// changes. Not a test: nothing is asserted.
//
// Two ways of serving (docs/benchmarks.md, "First load", says which one the project reports):
//   - default: one server per site, warmed by one load first (its first answer of a large file
//     is a quick brotli-5 copy while it makes the best one; the warm-up gets that one);
//   - --fresh-server: a new server for every load, each load as the first visitor after the
//     build: before each load the compressed copies that this benchmark's own servers wrote into
//     the site's pkg/ are deleted again (copies that were there when it started, such as those
//     the build writes, stay); each server is a process of its own (`node www/serve.mjs`), and
//     the load starts once it says it has compressed the first load's files, or 3 s after it
//     listens: a person opens the page no sooner.
//
// --requests prints each site's first unthrottled load request by request (to stderr).
//
//   node scripts/bench-load.mjs --site before=../old-checkout --site after=. [--runs 3] [--no-lighthouse] [--fresh-server] [--requests]
//
// A site is a folder with index.html, www/serve.mjs, pkg/ (the wasm build) and node_modules/.

import path from 'node:path';
import { readdirSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { launchChromium, CHROMIUM, CHROMIUM_ARGS } from '../tests/browser/chromium.mjs';

const PROFILES = {
  none: null,
  '4G': { latency: 60, downloadThroughput: (9e6 / 8) | 0, uploadThroughput: (9e6 / 8) | 0 },
  'fast 3G': { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
};

function parseArgs(argv) {
  const o = { sites: [], runs: 3, lighthouse: true, fresh: false, requests: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--site') {
      const [name, dir] = argv[++i].split('=');
      o.sites.push({ name, root: path.resolve(dir) });
    } else if (a === '--runs') o.runs = Number(argv[++i]);
    else if (a === '--no-lighthouse') o.lighthouse = false;
    else if (a === '--fresh-server') o.fresh = true;
    else if (a === '--requests') o.requests = true;
    else {
      console.error('usage: node scripts/bench-load.mjs --site NAME=DIR [--site NAME=DIR …] [--runs N] [--no-lighthouse] [--fresh-server] [--requests]');
      process.exit(2);
    }
  }
  if (!o.sites.length) o.sites.push({ name: 'this checkout', root: path.resolve('.') });
  return o;
}

const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One cold load: { requests, kib, readyMs, searchRequests, searchKib } until explore's engine
 * is ready, and through the first search (the default one, started with Start). */
async function coldLoad(browser, url, conditions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
  const done = [];
  let clock = null; // wall time (s) minus CDP's monotonic time (s), from any request
  const urls = new Map();
  cdp.on('Network.requestWillBeSent', (e) => {
    clock ??= e.wallTime - e.timestamp;
    urls.set(e.requestId, e.request.url.slice(url.length));
  });
  cdp.on('Network.loadingFinished', (e) => done.push({ t: e.timestamp, bytes: e.encodedDataLength, url: urls.get(e.requestId) }));
  // the engine-ready moment, seen from the page: ms since navigation start
  await page.addInitScript(() => {
    const poll = () => {
      if (window.prunescope?.snapshot().explore.ready) window.__readyAt = performance.now();
      else setTimeout(poll, 5);
    };
    poll();
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 180_000, polling: 20 });
  const { readyMs, origin, generation } = await page.evaluate(() => ({
    readyMs: window.__readyAt,
    origin: performance.timeOrigin,
    generation: window.prunescope.snapshot().explore.generation,
  }));
  // the requests finished by then (the service worker's downloads start only after it)
  const upTo = (ms) => {
    const at = (origin + ms) / 1000 - clock;
    const before = done.filter((d) => d.t <= at + 0.005);
    return { requests: before.length, kib: before.reduce((s, d) => s + d.bytes, 0) / 1024 };
  };
  const ready = upTo(readyMs);
  // the first search: the default input (a tree), Start, until its trace is complete
  await page.click('#start');
  await page.waitForFunction(
    (g) => {
      const e = window.prunescope.snapshot().explore;
      return e.generation > g && e.status === 'done';
    },
    generation,
    { timeout: 60_000, polling: 20 },
  );
  const searched = upTo(await page.evaluate(() => performance.now()));
  await context.close();
  const list = done.map((d) => `${String(d.bytes).padStart(9)} B  /${d.url ?? '?'}`).join('\n');
  return { ...ready, readyMs, searchRequests: searched.requests, searchKib: searched.kib, list };
}

/** The compressed copies in `root`'s pkg/ now (the build's, or a server's from before; a
 * server's half-written `.part` copies too). */
const pkgCopies = (root) => {
  try {
    return new Set(readdirSync(path.join(root, 'pkg')).filter((f) => /\.(br|gz|part)$/.test(f)));
  } catch {
    return new Set();
  }
};

async function lighthouseScores(url, runs) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const scores = { performance: [], accessibility: [], 'best-practices': [] };
  const metrics = Object.fromEntries(Object.keys(LH_METRICS).map((k) => [k, []]));
  let lcpElement = null;
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS.filter((f) => f !== '--headless').concat('--headless=new') });
    try {
      const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(scores) });
      for (const k of Object.keys(scores)) scores[k].push(Math.round((r.lhr.categories[k]?.score ?? 0) * 100));
      for (const k of Object.keys(metrics)) metrics[k].push(r.lhr.audits[k]?.numericValue ?? NaN);
      {
        const n = r.lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
        if (n) lcpElement = `${n.selector} (${n.nodeLabel?.slice(0, 40)})`;
      }
    } finally {
      await chrome.kill();
    }
  }
  const out = Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, { median: median(v), all: v }]));
  out.metrics = Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, median(v)]));
  out.lcpElement = lcpElement;
  return out;
}

/** Lighthouse's metrics behind the performance score (ms, except the layout shift), printed
 * under the table: where the score is lost. */
const LH_METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'speed-index': 'speed index',
  'cumulative-layout-shift': 'CLS',
};

/**
 * `node www/serve.mjs --port 0` of the site, as the README starts it: { url, close() } once it
 * listens, and once it says that it has compressed the first load's files (a server that
 * warms itself up), or 3 s after it listens (one that does not: a person opens the page no
 * sooner).
 */
async function serverProcess(root) {
  const child = spawn(process.execPath, ['www/serve.mjs', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${root}: www/serve.mjs exited (${code})`)));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /at (http:\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
  });
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, 3000);
    const check = () => /compressed/.test(out) && (clearTimeout(timer), resolve());
    child.stdout.on('data', check);
    check();
  });
  child.removeAllListeners('exit');
  return {
    url,
    close: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill()))),
  };
}

/**
 * One site's servers and browser: `load(cond)` is one cold load (a fresh server per load with
 * --fresh-server), `close()` leaves the site as it was found.
 */
async function openSite(site, opts) {
  const { startServer } = await import(pathToFileURL(path.join(site.root, 'www/serve.mjs')).href);
  const built = pkgCopies(site.root);
  /**
   * A server for one load (--fresh-server: a process of its own, as after the build, so that
   * nothing a previous server compressed in memory or on disk is reused) or for all.
   */
  const serve = async () => {
    if (!opts.fresh) return startServer({ root: site.root, port: 0 });
    for (const f of pkgCopies(site.root)) if (!built.has(f)) rmSync(path.join(site.root, 'pkg', f), { force: true });
    return serverProcess(site.root);
  };
  const browser = await launchChromium();
  let shared = null;
  if (!opts.fresh) {
    shared = await serve();
    // one warm-up load: the server's first answer of a file can include compressing it
    await coldLoad(browser, shared.url, null);
  }
  return {
    serve,
    shared,
    async load(cond) {
      if (shared) return coldLoad(browser, shared.url, cond);
      const server = await serve();
      try {
        return await coldLoad(browser, server.url, cond);
      } finally {
        await server.close();
      }
    },
    async close() {
      await browser.close();
      await shared?.close();
      // the site as it was found (its servers' copies gone again), for the next run
      for (const f of pkgCopies(site.root)) if (!built.has(f)) rmSync(path.join(site.root, 'pkg', f), { force: true });
    },
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const rows = opts.sites.map((site) => ({ site: site.name }));
  const open = [];
  try {
    for (const site of opts.sites) open.push(await openSite(site, opts));
    // the sites' loads alternate (run 1 of each site, then run 2 of each, …), so that a change
    // of the machine's load falls on every site alike
    for (const [name, cond] of Object.entries(PROFILES)) {
      const loads = opts.sites.map(() => []);
      for (let i = 0; i < opts.runs; i++) {
        for (const [k, o] of open.entries()) loads[k].push(await o.load(cond));
      }
      for (const [k, site] of opts.sites.entries()) {
        const row = rows[k];
        const ls = loads[k];
        row[name] = { readyMs: median(ls.map((l) => l.readyMs)), all: ls.map((l) => Math.round(l.readyMs)) };
        if (name === 'none') {
          Object.assign(row, {
            requests: median(ls.map((l) => l.requests)),
            kib: median(ls.map((l) => l.kib)),
            kibAll: ls.map((l) => l.kib),
            searchRequests: median(ls.map((l) => l.searchRequests)),
            searchKib: median(ls.map((l) => l.searchKib)),
          });
        }
        process.stderr.write(`${site.name} ${name}: ${JSON.stringify(ls.map((l) => [l.requests, Math.round(l.kib), Math.round(l.readyMs), l.searchRequests, Math.round(l.searchKib)]))}\n`);
        if (opts.requests && name === 'none') process.stderr.write(`${site.name}, the first load's requests (bytes on the wire):\n${ls[0].list}\n`);
      }
    }
    if (opts.lighthouse) {
      for (const [k, site] of opts.sites.entries()) {
        const o = open[k];
        const server = o.shared ?? (await o.serve());
        try {
          rows[k].lh = await lighthouseScores(server.url, opts.runs);
        } finally {
          if (!o.shared) await server.close();
        }
        process.stderr.write(`${site.name} lighthouse: ${JSON.stringify(rows[k].lh)}\n`);
      }
    }
  } finally {
    for (const o of open) await o.close();
  }
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const range = (all) => `${(Math.min(...all) / 1000).toFixed(2)}–${(Math.max(...all) / 1000).toFixed(2)}`;
  const head = ['site', 'requests', 'KiB transferred', 'through the first search', 'engine ready', '4G (9 Mbit/s, 60 ms)', 'fast 3G (1.6 Mbit/s, 150 ms)'];
  if (opts.lighthouse) head.push('Lighthouse perf.', 'a11y', 'best practices');
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const r of rows) {
    const t = (p) => `${s(r[p].readyMs)} (${range(r[p].all)})`;
    const cells = [r.site, String(r.requests), `${r.kib.toFixed(0)} (${Math.min(...r.kibAll).toFixed(0)}–${Math.max(...r.kibAll).toFixed(0)})`, `${r.searchKib.toFixed(0)} KiB, ${r.searchRequests} requests`, t('none'), t('4G'), t('fast 3G')];
    if (r.lh) cells.push(...['performance', 'accessibility', 'best-practices'].map((k) => `${r.lh[k].median} (${r.lh[k].all.join(', ')})`));
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(`\nmedians of ${opts.runs} cold loads each (fresh profile${opts.fresh ? ', a new server each' : ', one warmed server per site'}), ranges in brackets; engine ready = explore's engine ready, s from navigation start`);
  for (const r of rows.filter((x) => x.lh)) {
    const m = Object.entries(LH_METRICS).map(([k, name]) => `${name} ${k === 'cumulative-layout-shift' ? r.lh.metrics[k].toFixed(3) : `${Math.round(r.lh.metrics[k])} ms`}`);
    console.log(`Lighthouse, ${r.site} (medians): ${m.join(', ')}; largest paint: ${r.lh.lcpElement ?? '?'}`);
  }
}

await main();
