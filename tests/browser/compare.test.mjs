// Compare mode (www/compare.js, www/diff.js) end to end in headless Chromium, against the real
// workers and wasm build (pkg/):
//
//   node --test tests/browser/compare.test.mjs
//
// The classic preset minimax vs alpha-beta on the Russell–Norvig tree: both searches run, the
// ghost tree marks the two leaves alpha-beta pruned, one cursor steps both views, selection and
// zoom are shared, swap, and saving / opening traces (the page's and the CLI's are the same
// format). Screenshots go to target/screenshots/compare-*.png. CHROMIUM=/path overrides the
// browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { collectProblems, launchChromium } from './chromium.mjs';
import { startServer } from '../../www/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(ROOT, 'target/screenshots');
const GOLDEN = (name) => path.join(ROOT, 'tests/golden', name);

let server, browser, page, tmp;
const consoleProblems = [];

const ps = (f, arg) => page.evaluate(f, arg);
const settle = () => ps(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
const shot = (name) => page.screenshot({ path: path.join(SHOTS, name) });
const text = (sel) => page.locator(sel).innerText();

/** Both cursors: the driving side's event and node, the follower's, as paths. */
const cursors = () =>
  ps(() => {
    const c = window.prunescope.compare;
    const out = {};
    for (const k of ['A', 'B']) {
      const cur = c.cursorFor(k);
      const s = c.sides[k].store;
      out[k] = { ev: cur.ev, node: cur.node, path: cur.node >= 0 && cur.node < s.n ? c.pathCodes(s, cur.node) : null, exact: cur.exact, absent: !!cur.absent };
    }
    return out;
  });

async function compareRun(timeout = 30_000) {
  await page.click('#cmp-run');
  await page.waitForFunction(() => {
    const c = window.prunescope.compare;
    return c.st.d && !c.sides.A.running && !c.sides.B.running;
  }, null, { timeout });
  await settle();
}

before(async () => {
  assert.ok(existsSync(path.join(ROOT, 'pkg/prunescope.js')), 'pkg/ is missing: build the wasm first (scripts/serve.sh or scripts/test.sh)');
  mkdirSync(SHOTS, { recursive: true });
  tmp = mkdtempSync(path.join(tmpdir(), 'prunescope-compare-'));
  server = await startServer({ root: ROOT, port: 0 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  collectProblems(page, consoleProblems);
  await page.goto(server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.state.engineReady === true, null, { timeout: 15_000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('minimax vs alpha-beta preset on Russell–Norvig: both searches run and are matched', async () => {
  await page.click('#mode-compare');
  assert.equal(await page.getAttribute('#mode-compare', 'aria-pressed'), 'true');
  assert.ok(await page.isVisible('#cmp-setup'));
  assert.ok(!(await page.isVisible('#start')), 'the single search controls are hidden');
  await page.waitForFunction(() => {
    const c = window.prunescope.compare;
    return c.sides.A.ready && c.sides.B.ready;
  }, null, { timeout: 15_000 });
  assert.equal(await page.inputValue('#tree-text'), '((3 12 8) (2 4 6) (14 5 2))');
  await page.selectOption('#cmp-preset', 'ab-pvs');
  assert.equal(await page.inputValue('#cmp-algo-A'), 'alphabeta');
  await page.selectOption('#cmp-preset', 'mm-ab');
  assert.equal(await page.inputValue('#cmp-algo-A'), 'minimax');
  assert.equal(await page.inputValue('#cmp-algo-B'), 'alphabeta');
  await compareRun();
  assert.equal(await text('#cmp-value-A'), '3');
  assert.equal(await text('#cmp-value-B'), '3');
  assert.equal(await text('#cmp-nodes-A'), '13');
  assert.equal(await text('#cmp-nodes-B'), '11');
  assert.equal(await text('#cmp-both'), '11');
  assert.equal(await text('#cmp-only-a'), '2');
  assert.equal(await text('#cmp-only-b'), '0');
  assert.equal(await text('#cmp-config-A'), 'minimax');
  assert.equal(await text('#cmp-config-B'), 'alphabeta');
  const summary = await text('#cmp-summary');
  assert.match(summary, /first-move fail-high/);
  assert.match(summary, /re-searches/);
  assert.match(summary, /compared in \d+ ms/);
  // the per-ply bar chart (uPlot): 1, 3, 9 nodes for minimax; 1, 3, 7 for alpha-beta
  await page.waitForSelector('#cmp-chart .uplot canvas');
  const perPly = await ps(() => {
    const d = window.prunescope.compare.st.d;
    return [d.perPly.a, d.perPly.b];
  });
  assert.deepEqual(perPly, [[1, 3, 9], [1, 3, 7]]);
  // matched nodes sit at the same place in both views
  const same = await ps(() => {
    const c = window.prunescope.compare;
    const out = [];
    for (const p of [[], [0], [1], [1, 0], [2, 2]]) {
      const a = c.nodeAt('A', p), b = c.nodeAt('B', p);
      out.push([c.views.A.screenOf(a), c.views.B.screenOf(b)]);
    }
    return out;
  });
  for (const [a, b] of same) assert.deepEqual(a, b);
  await shot('compare-01-side-by-side.png');
});

test('the ghost tree marks the two pruned leaves 1.1 and 1.2', async () => {
  await page.click('#cmp-view-ghost');
  await settle();
  await settle();
  assert.ok(await page.isVisible('#cmp-tree-ghost'));
  assert.ok(!(await page.isVisible('#cmp-tree-A')));
  const stubs = await ps(() => window.prunescope.compare.ghostStubs());
  assert.deepEqual(stubs, [
    { path: [1, 1], size: 1 },
    { path: [1, 2], size: 1 },
  ]);
  assert.match(await text('#cmp-cap-ghost'), /faded: the 2 nodes/);
  await shot('compare-02-ghost.png');
  // the keyboard toggles back
  await page.locator('#cmp-tree-ghost').focus();
  await page.keyboard.press('g');
  await settle();
  assert.ok(await page.isVisible('#cmp-tree-A'));
});

test('one cursor steps both views; the other follows by path', async () => {
  await page.locator('#cmp-tree-A').focus();
  await page.keyboard.press('Home');
  await settle();
  let prev = await cursors();
  assert.equal(prev.A.ev, 0);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('ArrowRight');
    await settle();
    const cur = await cursors();
    assert.equal(cur.A.ev, prev.A.ev + 1, 'A steps one event');
    assert.ok(cur.B.ev >= prev.B.ev, 'B never runs backwards');
    if (cur.A.path && cur.B.exact) assert.deepEqual(cur.B.path, cur.A.path, 'B sits on the same node');
    prev = cur;
  }
  assert.ok(prev.B.ev > 0, 'B moved with A');
  assert.match(await text('#cmp-narration'), /^A: .* — B visits this node too\./);
  // to the first node alpha-beta never visits: leaf 1.1
  await page.keyboard.press('d');
  await settle();
  const at = await cursors();
  assert.deepEqual(at.A.path, [1, 1]);
  assert.deepEqual(at.B.path, [1], 'B stops at node 1');
  assert.equal(at.B.exact, false);
  assert.equal(at.B.absent, true, 'B shows where 1.1 would be');
  assert.match(await text('#cmp-narration'), /Enter node 1\.1 .* — B never visits it \(it stops at node 1\)\./);
  assert.match(await text('#cmp-evpos'), /^A · event \d+ \/ 27 · enter/);
  await shot('compare-03-stepping.png');
  await page.keyboard.press('d');
  await settle();
  assert.deepEqual((await cursors()).A.path, [1, 2]);
  // step through B's events instead: A follows, and every alpha-beta node is in minimax
  await page.selectOption('#cmp-drive', 'B');
  await page.locator('#cmp-tree-B').focus();
  await page.keyboard.press('Home');
  let p = await cursors();
  const nevB = await ps(() => window.prunescope.compare.sides.B.store.nev);
  for (let i = 0; i < nevB + 2; i++) {
    await page.keyboard.press('ArrowRight');
    const c = await cursors();
    if (c.B.ev === p.B.ev) break;
    assert.ok(c.A.ev >= p.A.ev);
    if (c.B.path) {
      assert.equal(c.A.exact, true);
      assert.deepEqual(c.A.path, c.B.path);
    }
    p = c;
  }
  assert.equal(p.B.ev, nevB - 1, 'stepped to the end of B');
  await page.selectOption('#cmp-drive', 'A');
});

test('selecting a node selects its match and shows both subtree sizes', async () => {
  await page.click('#cmp-fit');
  await settle();
  const { pos, a1, b1 } = await ps(() => {
    const c = window.prunescope.compare;
    const a1 = c.nodeAt('A', [1]);
    return { a1, b1: c.nodeAt('B', [1]), pos: c.views.A.screenOf(a1) };
  });
  const box = await page.locator('#cmp-tree-A').boundingBox();
  await page.mouse.click(box.x + pos[0], box.y + pos[1]);
  await settle();
  const sel = await ps(() => window.prunescope.compare.st.selected);
  assert.deepEqual(sel, { A: a1, B: b1 });
  assert.equal(await text('#cmp-sub-A'), '4');
  assert.equal(await text('#cmp-sub-B'), '2');
  assert.equal(await text('#cmp-sub-diff'), '−2');
  assert.match(await text('#cmp-sel'), /path\s+1/);
  // clicking B's node 2 selects A's node 2
  const pos2 = await ps(() => window.prunescope.compare.views.B.screenOf(window.prunescope.compare.nodeAt('B', [2])));
  const boxB = await page.locator('#cmp-tree-B').boundingBox();
  await page.mouse.click(boxB.x + pos2[0], boxB.y + pos2[1]);
  await settle();
  assert.equal(await text('#cmp-sub-A'), '4');
  assert.equal(await text('#cmp-sub-B'), '4');
  assert.equal(await text('#cmp-sub-diff'), '±0');
  await shot('compare-04-selected.png');
});

test('zoom and pan are shared by both views', async () => {
  const box = await page.locator('#cmp-tree-A').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await page.mouse.move(box.x + 200, box.y + 300);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 330, { steps: 4 });
  await page.mouse.up();
  await settle();
  const r = await ps(() => {
    const c = window.prunescope.compare;
    const a = c.nodeAt('A', [2, 0]), b = c.nodeAt('B', [2, 0]);
    return { shared: c.views.A.view === c.views.B.view, sa: c.views.A.screenOf(a), sb: c.views.B.screenOf(b), sx: c.views.A.view.sx, moved: c.st.userMoved };
  });
  assert.ok(r.shared);
  assert.ok(r.moved);
  assert.deepEqual(r.sa, r.sb);
  await shot('compare-05-zoomed.png');
  await page.click('#cmp-fit');
  await settle();
});

test('swap exchanges A and B', async () => {
  await page.click('#cmp-swap');
  await settle();
  assert.equal(await page.inputValue('#cmp-algo-A'), 'alphabeta');
  assert.equal(await page.inputValue('#cmp-algo-B'), 'minimax');
  assert.equal(await text('#cmp-only-a'), '0');
  assert.equal(await text('#cmp-only-b'), '2');
  assert.equal(await text('#cmp-nodes-A'), '11');
  await page.click('#cmp-swap');
  await settle();
  assert.equal(await text('#cmp-only-a'), '2');
});

test('saving and opening traces: the page and the CLI write the same files', async () => {
  // A saved by the page (through the worker's Session::trace_json) = the CLI's golden trace
  const download = page.waitForEvent('download');
  await page.click('#cmp-save-A');
  const dl = await download;
  assert.match(dl.suggestedFilename(), /^prunescope-tree-minimax-A\.json$/);
  const saved = path.join(tmp, 'a.json');
  await dl.saveAs(saved);
  const pageTrace = JSON.parse(readFileSync(saved, 'utf8'));
  const cliTrace = JSON.parse(readFileSync(GOLDEN('russell-norvig-minimax.json'), 'utf8'));
  assert.equal(pageTrace.format, 'prunescope-trace');
  assert.equal(pageTrace.version, cliTrace.version);
  assert.deepEqual(pageTrace.input, cliTrace.input);
  assert.deepEqual(pageTrace.summary, cliTrace.summary);
  assert.deepEqual(pageTrace.nodes, cliTrace.nodes);
  assert.deepEqual(pageTrace.events, cliTrace.events);
  assert.deepEqual({ ...pageTrace.config, node_cap: 0 }, cliTrace.config, 'the same configuration but for the node cap');

  // a CLI-written trace opened as B: the same comparison
  await page.setInputFiles('#cmp-file-B', GOLDEN('russell-norvig-alphabeta.json'));
  await page.waitForFunction(() => /Opened russell-norvig-alphabeta\.json as B/.test(document.getElementById('cmp-notice').textContent));
  await page.waitForFunction(() => !!window.prunescope.compare.st.d);
  await settle();
  assert.equal(await text('#cmp-only-a'), '2');
  assert.equal(await text('#cmp-only-b'), '0');
  assert.match(await text('#cmp-cap-B'), /russell-norvig-alphabeta\.json/);
  // the page's own file opened as B: A against itself
  await page.setInputFiles('#cmp-file-B', saved);
  await page.waitForFunction(() => window.prunescope.compare.st.d?.onlyA === 0);
  assert.equal(await text('#cmp-both'), '13');

  // a corrupt file: a clear message, and nothing on the page is lost
  const bad = path.join(tmp, 'broken.json');
  writeFileSync(bad, readFileSync(saved, 'utf8').slice(0, 500));
  await page.setInputFiles('#cmp-file-A', bad);
  await page.waitForFunction(() => /Cannot open broken\.json/.test(document.getElementById('cmp-notice').textContent));
  assert.match(await text('#cmp-notice'), /not a JSON trace file/);
  assert.equal(await ps(() => window.prunescope.compare.sides.A.store.n), 13);
  assert.ok(await ps(() => !!window.prunescope.compare.st.d));
  const v1 = path.join(tmp, 'v1.json');
  writeFileSync(v1, readFileSync(saved, 'utf8').replace('"version":2', '"version":1'));
  await page.setInputFiles('#cmp-file-A', v1);
  await page.waitForFunction(() => /version 1 is not supported/.test(document.getElementById('cmp-notice').textContent));
  await shot('compare-06-files.png');

  // the explore mode opens and saves the same files
  await page.click('#mode-single');
  await page.setInputFiles('#open-file', GOLDEN('russell-norvig-alphabeta.json'));
  await page.waitForFunction(() => window.prunescope.store.n === 11);
  await settle();
  assert.equal(await text('#sum-value'), '3');
  assert.match(await text('#notice'), /Opened russell-norvig-alphabeta\.json: 11 nodes of alphabeta/);
  assert.deepEqual(await ps(() => window.prunescope.pruned(window.prunescope.nodeAt([1]))), [1, 2]);
  await page.setInputFiles('#open-file', bad);
  await page.waitForFunction(() => /Cannot open broken\.json/.test(document.getElementById('notice').textContent));
  assert.equal(await ps(() => window.prunescope.store.n), 11, 'the trace on screen is kept');
  // a search in explore mode, saved: the CLI's format again
  await page.selectOption('#algo', 'pvs');
  await page.click('#start');
  await page.waitForFunction(() => window.prunescope.state.done && !window.prunescope.state.running && window.prunescope.store.n === 11);
  const d2 = page.waitForEvent('download');
  await page.click('#save-trace');
  const p2 = path.join(tmp, 'pvs.json');
  await (await d2).saveAs(p2);
  const pvs = JSON.parse(readFileSync(p2, 'utf8'));
  assert.deepEqual(pvs.nodes, JSON.parse(readFileSync(GOLDEN('russell-norvig-pvs.json'), 'utf8')).nodes);
  await page.selectOption('#algo', 'alphabeta');
  await page.click('#mode-compare');
});

test('a chess comparison: null move off vs on', async () => {
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '3');
  await page.selectOption('#cmp-preset', 'null');
  await compareRun(60_000);
  const r = await ps(() => {
    const c = window.prunescope.compare;
    const d = c.st.d;
    const B = c.sides.B.store;
    let nullsOnlyB = 0, nulls = 0;
    for (let i = 0; i < B.n; i++) {
      if ((B.kind[i] & 15) === 1) {
        nulls++;
        if (d.bToA[i] < 0) nullsOnlyB++;
      }
    }
    return { d: [d.onlyA, d.onlyB, d.both, d.nA, d.nB], nulls, nullsOnlyB, roots: [c.sides.A.store.roots.length, c.sides.B.store.roots.length] };
  });
  assert.ok(r.nulls > 0, 'B makes null moves');
  assert.equal(r.nullsOnlyB, r.nulls, 'A never does');
  assert.equal(r.d[0] + r.d[2], r.d[3]);
  assert.equal(r.d[1] + r.d[2], r.d[4]);
  assert.deepEqual(r.roots, [3, 3], 'iterative deepening: the k-th root search matches the k-th');
  assert.match(await text('#cmp-config-B'), /null_move/);
  await page.click('#cmp-view-ghost');
  await settle();
  await settle();
  assert.ok((await ps(() => window.prunescope.compare.ghostStubs().length)) > 0);
  await shot('compare-07-chess-ghost.png');
  await page.click('#cmp-view-side');
  await settle();
  await shot('compare-08-chess-side.png');
  await page.click('#tab-tree');
});

test('no console errors or warnings in compare mode', () => {
  assert.deepEqual(consoleProblems, []);
});
