// Offline use, installability and updates (issue 19 §2), in headless Chromium with a persistent
// profile (an incognito context has no installability and keeps no service worker across
// launches), against the real service worker (www/sw.js, served at /sw.js by www/serve.mjs and
// written into the static folder by scripts/build-site.mjs):
//
//   node --test tests/browser/offline.test.mjs
//
// - after one visit, the page reloads with the server gone and the network off, and searches;
// - the same from the folder scripts/build-site.mjs writes, served by a plain static server;
// - Chromium's installability check (CDP Page.getInstallabilityErrors) reports nothing;
// - a changed file makes a new version, which replaces the cached one on the next visit without
//   a reload loop, and the page says so.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, appendFileSync, readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, collectProblems } from './chromium.mjs';
import { ROOT, runSearch, settle } from './hook.mjs';
import { startServer } from '../../www/serve.mjs';
import { buildSite } from '../../scripts/build-site.mjs';

const temps = [];
const tmp = (name) => {
  const d = mkdtempSync(path.join(tmpdir(), `prunescope-${name}-`));
  temps.push(d);
  return d;
};
after(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A browser with a profile of its own in a fresh folder. */
const launchPersistent = () =>
  chromium.launchPersistentContext(tmp('profile'), { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } });

/** Waits until the page is ready and its service worker has cached the whole version. */
async function visit(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
  // the worker is registered once the engine is ready; `ready` resolves when it is active,
  // which it becomes only after every file of the version is in the cache
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('prunescope-')));
    return { scope: reg.scope, caches: keys, entries: (await cache.keys()).length };
  });
}

/** Reloads with the network off and searches the textbook tree; returns the search's snapshot. */
async function offlineSearch(context, page) {
  await context.setOffline(true);
  const problems = [];
  collectProblems(page, problems);
  await page.reload();
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
  await settle(page);
  const s = await runSearch(page);
  assert.deepEqual(problems, []);
  // nothing comes from the network: a file outside the version cannot be fetched
  const reached = await page.evaluate(() => fetch('/README.md').then(() => true, () => false));
  assert.equal(reached, false, 'the network is off');
  return s;
}

/** A copy of the site's sources (what www/serve.mjs serves) in a folder of its own. */
function copySources() {
  const dir = tmp('src');
  for (const p of ['index.html', 'manifest.webmanifest', 'www', 'pkg', 'icons', 'docs/results', 'node_modules/chessground', 'node_modules/uplot']) {
    cpSync(path.join(ROOT, p), path.join(dir, p), { recursive: true });
  }
  return dir;
}

test('after one visit the page opens and searches with the network off; installable', async () => {
  const server = await startServer({ root: ROOT, port: 0 });
  const context = await launchPersistent();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const sw = await visit(page, server.url);
    assert.equal(sw.scope, server.url);
    assert.ok(sw.entries > 50, `the version is cached (${sw.entries} files)`);
    // Chromium's own installability check: manifest, icons, service worker, secure origin
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, []);
    // the server is gone too: nothing can come from the network
    await server.close();
    const s = await offlineSearch(context, page);
    assert.equal(s.status, 'done');
    assert.equal(s.nodes, 11);
    assert.equal(s.value, 3);
  } finally {
    await context.close();
    await server.close();
  }
});

/**
 * The rules of a `_headers` file as Netlify and Cloudflare Pages read it: a URL path pattern
 * from the host's root on its own line (`*` matches any run of characters), then its indented
 * `Name: value` lines; `! Name` drops a header an earlier rule set. Answers `headersFor(path)`,
 * every matching rule applied in order.
 */
function hostHeaders(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const re = new RegExp(`^${line.trim().split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      rules.push({ re, lines: [] });
    } else rules.at(-1).lines.push(line.trim());
  }
  return (p) => {
    const out = new Map();
    for (const r of rules.filter((x) => x.re.test(p))) {
      for (const l of r.lines) {
        if (l.startsWith('! ')) out.delete(l.slice(2).toLowerCase());
        else out.set(l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim());
      }
    }
    return out;
  };
}

/**
 * A plain static server: files and their MIME types, nothing else (no CSP, no compression).
 * `prefix`: the path the folder is served under (`/course/prunescope/`: a course's web space);
 * nothing is served outside it. `host: true`: it also sends the headers of the folder's
 * `_headers` file, as a host that reads it does (the file moved to its publish folder's root).
 */
async function plainServer(root, prefix = '/', { host = false } = {}) {
  const headersFor = host ? hostHeaders(readFileSync(path.join(root, '_headers'), 'utf8')) : () => new Map();
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json', '.epd': 'text/plain' };
  const server = createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!p.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    p = '/' + p.slice(prefix.length);
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(root, path.normalize(p));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    res.writeHead(200, { ...Object.fromEntries(headersFor(url)), 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}${prefix}`,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))),
  };
}

test('the folder scripts/build-site.mjs writes, on a plain static server, also works offline', async () => {
  const out = tmp('site');
  const files = await buildSite(out, { compress: false });
  for (const f of ['index.html', 'embed.html', 'sw.js', 'manifest.webmanifest', '_headers', '.htaccess']) assert.ok(files.includes(f), f);
  const headers = readFileSync(path.join(out, '_headers'), 'utf8');
  assert.match(headers, /\/embed\.html\n\s+Content-Security-Policy: [^\n]*frame-ancestors \*/);
  assert.match(headers, /\/index\.html\n\s+Content-Security-Policy: [^\n]*frame-ancestors 'none'/);
  const server = await plainServer(out);
  const context = await launchPersistent();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await visit(page, server.url);
    await server.close();
    const s = await offlineSearch(context, page);
    assert.equal(s.status, 'done');
    assert.equal(s.value, 3);
  } finally {
    await context.close();
    await server.close();
  }
});

test('the folder under a sub-path of its host: it opens, searches offline, and the second wasm build is precached', async () => {
  const out = tmp('site');
  await buildSite(out, { compress: false });
  const server = await plainServer(out, '/course/prunescope/');
  const context = await launchPersistent();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const requested = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const sw = await visit(page, server.url);
    assert.equal(sw.scope, server.url, 'the service worker\'s scope is the sub-path');
    // every file the page asked for is under the sub-path (nothing assumed the host's root)
    assert.deepEqual(requested.filter((p) => !p.startsWith('/course/prunescope/')), []);
    // both wasm builds are in the cache (the second one, fetched in the background)
    const cached = await page.evaluate(async () => {
      const cache = await caches.open((await caches.keys()).find((k) => k.startsWith('prunescope-')));
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    for (const f of ['pkg/prunescope_bg.wasm', 'pkg/prunescope_full_bg.wasm', 'index.html', 'embed.html']) assert.ok(cached.includes(`/course/prunescope/${f}`), f);
    const installable = await (await context.newCDPSession(page)).send('Page.getInstallabilityErrors');
    assert.deepEqual(installable.installabilityErrors, []);
    await server.close();
    const s = await offlineSearch(context, page);
    assert.equal(s.status, 'done');
    assert.equal(s.value, 3);
    // chess, offline: the second build comes from the cache
    await page.click('#tab-chess');
    await page.fill('#chess-depth', '2');
    const c = await runSearch(page);
    assert.equal(c.status, 'done');
    assert.ok(c.nodes > 20, `a chess search ran (${c.nodes} nodes)`);
  } finally {
    await context.close();
    await server.close();
  }
});

test('under a sub-path, a host that reads _headers sends each page its policy when the folder is built for that path', async () => {
  const prefix = '/course/prunescope/';
  const out = tmp('site');
  await buildSite(out, { compress: false, base: prefix });
  const server = await plainServer(out, prefix, { host: true });
  try {
    const head = async (p) => (await fetch(server.url + p)).headers;
    assert.match((await head('embed.html')).get('content-security-policy') ?? '', /frame-ancestors \*/, 'embed.html may be framed');
    for (const p of ['', 'index.html', 'sw.js', 'www/engine/worker.js']) {
      assert.match((await head(p)).get('content-security-policy') ?? '', /frame-ancestors 'none'/, `${prefix}${p}`);
    }
    assert.equal((await head('manifest.webmanifest')).get('x-content-type-options'), 'nosniff');
    const bundled = readdirSync(path.join(out, 'bundle'))[0];
    assert.equal((await head(`bundle/${bundled}`)).get('cache-control'), 'public, max-age=31536000, immutable');
    // a base that is not a URL path is refused, naming the option
    await assert.rejects(buildSite(tmp('site'), { compress: false, base: 'course/x\n/*' }), /--base: .* is not a URL path/);
  } finally {
    await server.close();
  }
});

test('under a sub-path, the search worker\'s load errors name the URLs it tried', async () => {
  const out = tmp('site');
  await buildSite(out, { compress: false });
  const server = await plainServer(out, '/course/prunescope/');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
    // a fresh search worker, its first message after `msg` (or its first panic)
    const worker = (msg) =>
      page.evaluate(
        (m) =>
          new Promise((resolve) => {
            const w = new Worker(new URL('www/engine/worker.js', document.baseURI), { type: 'module' });
            w.onmessage = (e) => {
              if (e.data.type === 'ready') return;
              w.terminate();
              resolve(e.data);
            };
            if (m) w.postMessage(m);
          }),
        msg,
      );
    // the second build's wasm cannot be fetched: a chess search (which needs it) is refused
    // naming it
    await context.route('**/pkg/prunescope_full_bg.wasm', (r) => r.abort());
    const refused = await worker({ type: 'search', id: 1, input: { kind: 'chess' }, config: {} });
    assert.equal(refused.type, 'error');
    assert.ok(refused.message.includes(`${server.url}pkg/prunescope_full_bg.wasm`), refused.message);
    // the first build's wasm cannot be fetched either: the worker's panic names its URL
    await context.route('**/pkg/prunescope_bg.wasm', (r) => r.abort());
    const panic = await worker(null);
    assert.equal(panic.type, 'panic');
    assert.ok(panic.message.includes(`could not load the search core (${server.url}pkg/prunescope_bg.wasm)`), panic.message);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
});

test('a new version replaces the cached one on the next visit, and the page says so', async () => {
  const src = copySources();
  const server = await startServer({ root: src, port: 0 });
  const context = await launchPersistent();
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const first = await visit(page, server.url);
    const [oldCache] = first.caches;
    const oldVersion = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    assert.equal(oldVersion, null, 'the first visit is not served by the worker');
    // the next visit is served from the cache, by the worker
    await page.reload();
    await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
    assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the second visit is served by the worker');
    assert.equal(await page.locator('#update-notice').count(), 0, 'no update, no notice');
    // a new version: one stylesheet changes on the server
    const marker = `/* version ${Date.now()} */`;
    appendFileSync(path.join(src, 'www/style.css'), `\n${marker}\n`);
    // the next visit runs the cached version, finds the new one, and says it was installed
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.updated, null, { timeout: 30_000 });
    const notice = await page.locator('#update-notice').innerText();
    assert.match(notice, /updated in the background/);
    assert.match(notice, /next load runs the new one/);
    const caches = await page.evaluate(() => caches.keys());
    assert.equal(caches.length, 1, 'the old version is deleted');
    assert.notEqual(caches[0], oldCache);
    // one more load (no loop) runs the new version, from the cache, without a notice
    await page.reload();
    await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
    const css = await page.evaluate(async () => (await fetch('/www/style.css')).text());
    assert.ok(css.includes(marker), 'the new stylesheet is served');
    assert.equal(await page.locator('#update-notice').count(), 0);
  } finally {
    await context.close();
    await server.close();
  }
});
