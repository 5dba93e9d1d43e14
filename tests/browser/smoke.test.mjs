// Smoke tests of the search worker (www/engine/worker.js) and the wasm module (pkg/), in headless
// Chromium driven by playwright-core. Needs the wasm build in pkg/ (scripts/test.sh does it):
//
//   node --test tests/browser/
//
// CHROMIUM=/path/to/chromium overrides the browser (default /usr/bin/chromium).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startServer } from '../../www/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RN_TREE = '((3 12 8) (2 4 6) (14 5 2))';
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

let server;
let browser;
let page;
const pageErrors = [];

before(async () => {
  assert.ok(
    existsSync(path.join(ROOT, 'pkg/prunescope.js')),
    'pkg/prunescope.js is missing: build the wasm first (bash scripts/test.sh does)',
  );
  server = await startServer({ root: ROOT, port: 0 });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.goto(`${server.url}tests/browser/worker-harness.html`);
  await page.waitForFunction(() => window.harnessReady === true, null, { timeout: 10_000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const search = (input, config, batch, opts) =>
  page.evaluate(([i, c, b, o]) => window.harness.search(i, c, b, o), [input, config, batch, opts]);

test('static server: MIME types, 404s, no directory traversal', async () => {
  const wasm = await fetch(`${server.url}pkg/prunescope_bg.wasm`, { method: 'HEAD' });
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  const js = await fetch(`${server.url}www/engine/worker.js`);
  assert.match(js.headers.get('content-type'), /^text\/javascript/);
  // every response forbids inline script and eval (WebAssembly allowed)
  for (const r of [wasm, js, await fetch(`${server.url}index.html`)]) {
    const csp = r.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'/);
  }
  const mjs = await fetch(`${server.url}www/serve.mjs`);
  assert.match(mjs.headers.get('content-type'), /^text\/javascript/);
  assert.equal((await fetch(`${server.url}no/such/file.js`)).status, 404);
  for (const p of ['..%2f..%2fetc/passwd', '%2e%2e/%2e%2e/etc/passwd', '.git/HEAD', 'target/']) {
    const r = await fetch(`${server.url}${p}`);
    assert.equal(r.status, 404, p);
  }
});

test('Russell–Norvig tree, alpha-beta: value 3, 11 nodes streamed (minimax: 13)', async () => {
  const r = await search({ kind: 'tree', text: RN_TREE }, { algo: 'alphabeta' }, 4096);
  assert.equal(r.final.type, 'done', JSON.stringify(r.final));
  assert.equal(r.final.summary.value, 3);
  assert.equal(r.final.summary.nodes, 11);
  assert.equal(r.final.aborted, false);
  assert.equal(r.final.stats.nodes, 11);
  assert.equal(r.nodeCount, 11, 'the batches carry every node');
  assert.equal(r.rootValue, 3, 'the root record, updated by the batches, holds the value');
  assert.deepEqual(r.types, ['batch', 'done']);
  assert.ok(r.batches.every((b) => b.transferred));

  const mm = await search({ kind: 'tree', text: RN_TREE }, { algo: 'minimax' }, 2);
  assert.equal(mm.final.summary.value, 3);
  assert.equal(mm.nodeCount, 13);
  assert.ok(mm.batches.length >= 6, `${mm.batches.length} batches of 2 nodes`);
});

test('bad tree text: an error that names the column', async () => {
  const r = await search({ kind: 'tree', text: '((3 12 8) (2 x 6))' }, {}, 100);
  assert.equal(r.final.type, 'error');
  assert.equal(r.final.id, 7);
  assert.match(r.final.message, /column \d+/);
});

test('an opened trace file streams as a search does; a corrupt one is refused first', async () => {
  const text = readFileSync(path.join(ROOT, 'tests/golden/russell-norvig-alphabeta.json'), 'utf8');
  const r = await page.evaluate(([t]) => window.harness.open(t, 4), [text]);
  assert.equal(r.final.type, 'done', JSON.stringify(r.final));
  assert.deepEqual(r.types.slice(0, 2), ['header', 'batch']);
  assert.equal(r.nodeCount, 11);
  assert.equal(r.rootValue, 3);
  assert.equal(r.final.summary.value, 3);
  assert.equal(r.final.stats.nodes, 11);
  assert.equal(r.final.input.kind, 'tree');
  for (let k = 1; k < r.batches.length; k++) assert.equal(r.batches[k].start, r.batches[k - 1].start + r.batches[k - 1].nodes);
  const bad = await page.evaluate(([t]) => window.harness.open(t, 4), [text.replace('"reason":"leaf"', '"reason":"leafy"')]);
  assert.equal(bad.final.type, 'error');
  assert.match(bad.final.message, /node 2, "reason": unknown stop reason "leafy"/);
  assert.deepEqual(bad.types, ['error'], 'nothing is sent before the whole file is checked');
});

test('chess start position, depth 3: several batches stream before done', async () => {
  const r = await search(
    { kind: 'chess', fen: START_FEN },
    { algo: 'pvs', depth: 3, iterative: true },
    256,
  );
  assert.equal(r.final.type, 'done', JSON.stringify(r.final));
  assert.ok(r.batches.length >= 3, `${r.batches.length} batches`);
  assert.equal(r.nodeCount, r.final.summary.nodes);
  assert.equal(r.final.summary.best_line_san.length > 0, true);
  const last = r.batches.at(-1);
  assert.equal(last.nodesTotal, r.nodeCount);
  assert.equal(last.depth, 3);
  for (let k = 1; k < r.batches.length; k++) {
    assert.equal(r.batches[k].start, r.batches[k - 1].start + r.batches[k - 1].nodes);
  }
});

test('Stop = terminate: the page keeps the batches it received', async () => {
  const r = await search(
    { kind: 'chess', fen: START_FEN },
    { algo: 'minimax', depth: 4 },
    500,
    { stopAfterBatches: 2 },
  );
  assert.equal(r.final.type, 'stopped');
  assert.equal(r.batches.length, 2);
  assert.equal(r.nodeCount, 1000);
});

test('a wasm panic traps and its message is readable', async () => {
  const r = await page.evaluate(() => window.harness.panic('boom from the test'));
  assert.equal(r.threw, true);
  assert.equal(r.isTrap, true);
  assert.match(r.global, /boom from the test/);
  assert.match(r.lastPanic, /boom from the test/);
});

test('no uncaught page errors', () => {
  assert.deepEqual(pageErrors, []);
});
