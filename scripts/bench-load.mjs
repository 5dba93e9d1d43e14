// The first-load benchmark of issue 19 (items 1 and 5): for each site given, served by that
// site's own www/serve.mjs (the README's server), in a fresh browser profile each time:
//   - requests and KiB transferred (bytes on the wire, headers included) until "engine ready",
//     i.e. until the page's default search can start;
//   - the "engine ready" time, unthrottled and on emulated links (CDP
//     Network.emulateNetworkConditions): 4G = 9 Mbit/s down, 60 ms; fast 3G = 1.6 Mbit/s, 150 ms;
//   - Lighthouse 12 (mobile emulation, its own simulated throttling) driving Debian's Chromium:
//     performance, accessibility and best-practices scores.
// Each figure is the median of --runs runs (default 3). Prints one Markdown table, every site
// measured in the same run so that they compare. Not a test: nothing is asserted.
//
//   node scripts/bench-load.mjs --site before=/path/to/old/checkout --site after=. [--runs 3] [--no-lighthouse]
//
// A site is a folder with index.html, www/serve.mjs, pkg/ (the wasm build) and node_modules/.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, CHROMIUM, CHROMIUM_ARGS } from '../tests/browser/chromium.mjs';

const PROFILES = {
  none: null,
  '4G': { latency: 60, downloadThroughput: (9e6 / 8) | 0, uploadThroughput: (9e6 / 8) | 0 },
  'fast 3G': { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 },
};

function parseArgs(argv) {
  const o = { sites: [], runs: 3, lighthouse: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--site') {
      const [name, dir] = argv[++i].split('=');
      o.sites.push({ name, root: path.resolve(dir) });
    } else if (a === '--runs') o.runs = Number(argv[++i]);
    else if (a === '--no-lighthouse') o.lighthouse = false;
    else {
      console.error('usage: node scripts/bench-load.mjs --site NAME=DIR [--site NAME=DIR …] [--runs N] [--no-lighthouse]');
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

/** One cold load: { requests, kib, readyMs } until explore's engine is ready. */
async function coldLoad(browser, url, conditions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (conditions) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...conditions });
  const done = [];
  let clock = null; // wall time (s) minus CDP's monotonic time (s), from any request
  cdp.on('Network.requestWillBeSent', (e) => (clock ??= e.wallTime - e.timestamp));
  cdp.on('Network.loadingFinished', (e) => done.push({ t: e.timestamp, bytes: e.encodedDataLength }));
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
  const { readyMs, origin } = await page.evaluate(() => ({ readyMs: window.__readyAt, origin: performance.timeOrigin }));
  // the requests finished by then (the service worker's downloads start only after it)
  const readyAt = (origin + readyMs) / 1000 - clock;
  const before = done.filter((d) => d.t <= readyAt + 0.005);
  const requests = before.length;
  const kib = before.reduce((s, d) => s + d.bytes, 0) / 1024;
  await context.close();
  return { requests, kib, readyMs };
}

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

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const rows = [];
  for (const site of opts.sites) {
    const { startServer } = await import(pathToFileURL(path.join(site.root, 'www/serve.mjs')).href);
    const server = await startServer({ root: site.root, port: 0 });
    const browser = await launchChromium();
    try {
      // one warm-up load: the server's first answer of a file can include compressing it
      await coldLoad(browser, server.url, null);
      const row = { site: site.name };
      for (const [name, cond] of Object.entries(PROFILES)) {
        const loads = [];
        for (let i = 0; i < opts.runs; i++) loads.push(await coldLoad(browser, server.url, cond));
        row[name] = { readyMs: median(loads.map((l) => l.readyMs)), all: loads.map((l) => Math.round(l.readyMs)) };
        if (name === 'none') Object.assign(row, { requests: median(loads.map((l) => l.requests)), kib: median(loads.map((l) => l.kib)) });
        process.stderr.write(`${site.name} ${name}: ${JSON.stringify(loads.map((l) => [l.requests, Math.round(l.kib), Math.round(l.readyMs)]))}\n`);
      }
      if (opts.lighthouse) {
        row.lh = await lighthouseScores(server.url, opts.runs);
        process.stderr.write(`${site.name} lighthouse: ${JSON.stringify(row.lh)}\n`);
      }
      rows.push(row);
    } finally {
      await browser.close();
      await server.close();
    }
  }
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const head = ['site', 'requests', 'KiB transferred', 'engine ready', '4G (9 Mbit/s, 60 ms)', 'fast 3G (1.6 Mbit/s, 150 ms)'];
  if (opts.lighthouse) head.push('Lighthouse perf.', 'a11y', 'best practices');
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const r of rows) {
    const cells = [r.site, String(r.requests), r.kib.toFixed(0), s(r.none.readyMs), s(r['4G'].readyMs), s(r['fast 3G'].readyMs)];
    if (r.lh) cells.push(...['performance', 'accessibility', 'best-practices'].map((k) => `${r.lh[k].median} (${r.lh[k].all.join(', ')})`));
    console.log(`| ${cells.join(' | ')} |`);
  }
  console.log(`\nmedians of ${opts.runs} cold loads each (fresh profile); engine ready = explore's engine ready, ms from navigation start`);
  for (const r of rows.filter((x) => x.lh)) {
    const m = Object.entries(LH_METRICS).map(([k, name]) => `${name} ${k === 'cumulative-layout-shift' ? r.lh.metrics[k].toFixed(3) : `${Math.round(r.lh.metrics[k])} ms`}`);
    console.log(`Lighthouse, ${r.site} (medians): ${m.join(', ')}; largest paint: ${r.lh.lcpElement ?? '?'}`);
  }
}

await main();
