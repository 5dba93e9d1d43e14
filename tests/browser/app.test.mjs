// End-to-end tests of the page (index.html + www/*.js) in headless Chromium, driven by
// playwright-core against the real worker and wasm build (pkg/):
//
//   node --test tests/browser/app.test.mjs
//
// Screenshots go to target/screenshots/. CHROMIUM=/path overrides the browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { collectProblems, launchChromium } from './chromium.mjs';
import { startServer } from '../../www/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(ROOT, 'target/screenshots');

let server, browser, page;
const consoleProblems = [];

const settle = () =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
const shot = (name) => page.screenshot({ path: path.join(SHOTS, name) });
const text = (sel) => page.locator(sel).innerText();
const ps = (f, arg) => page.evaluate(f, arg);

async function runSearch(timeout = 30_000) {
  const before = await ps(() => window.prunescope.state.searchId);
  await page.click('#start');
  await page.waitForFunction(
    (b) => {
      const s = window.prunescope.state;
      return s.searchId !== b && !s.running && (s.done || s.notice);
    },
    before,
    { timeout },
  );
  await settle();
}

async function loadPage() {
  await page.goto(server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.state.engineReady === true, null, { timeout: 15_000 });
  await settle();
}

before(async () => {
  assert.ok(existsSync(path.join(ROOT, 'pkg/prunescope.js')), 'pkg/ is missing: build the wasm first (scripts/serve.sh or scripts/test.sh)');
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ root: ROOT, port: 0 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  collectProblems(page, consoleProblems);
  await loadPage();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the page loads with no console errors or warnings, on the textbook tree', async () => {
  assert.deepEqual(consoleProblems, []);
  assert.equal(await page.getAttribute('#tab-tree', 'aria-selected'), 'true');
  assert.equal(await page.inputValue('#tree-text'), '((3 12 8) (2 4 6) (14 5 2))');
  assert.equal(await page.inputValue('#algo'), 'alphabeta');
  assert.equal(await page.inputValue('#node-cap'), '2000000');
  assert.equal(await page.isEnabled('#start'), true);
  // the chess inputs are ready too
  assert.match(await page.inputValue('#fen'), /^rnbqkbnr\/pppppppp/);
  const presets = await page.locator('#fen-preset option').count();
  assert.ok(presets >= 26, `start, Kiwipete and 24 Bratko–Kopec positions, got ${presets}`);
  await shot('01-initial.png');
});

test('alpha-beta on Russell–Norvig: value 3, leaves 1.1 and 1.2 pruned', async () => {
  await runSearch();
  assert.equal(await text('#sum-value'), '3');
  const r = await ps(() => {
    const p = window.prunescope;
    const n1 = p.nodeAt([1]);
    return { n: p.store.n, n1, pruned: p.pruned(n1), p11: p.nodeAt([1, 1]), p12: p.nodeAt([1, 2]), value1: p.store.value[n1] };
  });
  assert.equal(r.n, 11);
  assert.deepEqual(r.pruned, [1, 2]);
  assert.equal(r.p11, -1, 'leaf 1.1 was never searched');
  assert.equal(r.p12, -1, 'leaf 1.2 was never searched');
  // the inspector of node 1 lists them
  await ps((id) => window.prunescope.select(id), r.n1);
  await settle();
  const insp = await text('#inspector');
  assert.match(insp, /pruned\s+1\.1, 1\.2/);
  assert.match(insp, /cut-off/);
  // narration of the cut-off in MAX/MIN terms: 2 ≤ α = 3
  await page.keyboard.press('c');
  await settle();
  assert.match(await text('#narration'), /α-cut-off at node 1 \(MIN\) by move 0: 2 ≤ α = 3, so the remaining 2 moves are pruned/);
  await shot('02-russell-norvig.png');
});

test('clicking a node selects it and moves the cursor to its enter event', async () => {
  const { id, pos } = await ps(() => {
    const p = window.prunescope;
    p.view.fit();
    const id = p.nodeAt([2, 0]);
    return { id, pos: p.view.screenOf(id) };
  });
  await settle();
  const box = await page.locator('#tree').boundingBox();
  await page.mouse.click(box.x + pos[0], box.y + pos[1]);
  await settle();
  const r = await ps(() => {
    const p = window.prunescope;
    return { sel: p.state.selected, at: p.stepper.at, node: p.stepper.node(), kind: p.store.ev[p.stepper.at] };
  });
  assert.equal(r.sel, id);
  assert.equal(r.node, id);
  assert.equal(r.kind, 0, 'cursor on the enter event');
  assert.match(await text('#narration'), /^Enter node 2\.0 /);
  assert.match(await text('#inspector'), /path\s+2\.0/);
});

test('keyboard stepping: arrows, step over / out, next cut-off, Home / End', async () => {
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await settle();
  const at0 = await ps(() => window.prunescope.stepper.at);
  assert.equal(at0, 0);
  const n0 = await text('#narration');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await settle();
  assert.equal(await ps(() => window.prunescope.stepper.at), 2);
  const n2 = await text('#narration');
  assert.notEqual(n2, n0);
  assert.match(n2, /^Enter node 0 \(PV expected\) with the full window/);
  await page.keyboard.press('ArrowLeft');
  await settle();
  assert.equal(await ps(() => window.prunescope.stepper.at), 1);
  assert.match(await text('#narration'), /^Enter the root/);
  // step over node 0 (cursor on its enter) → its exit
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await settle();
  let s = await ps(() => {
    const p = window.prunescope;
    return { kind: p.store.ev[p.stepper.at], node: p.stepper.node(), n0: p.nodeAt([0]) };
  });
  assert.deepEqual([s.kind, s.node], [1, s.n0]);
  assert.match(await text('#narration'), /^Leave node 0 with value 3/);
  // step out of leaf 1.0 → exit of node 1
  await page.keyboard.press('Home');
  await page.keyboard.press('c'); // first cut-off at node 1
  await settle();
  s = await ps(() => {
    const p = window.prunescope;
    return { kind: p.store.ev[p.stepper.at], node: p.stepper.node(), n1: p.nodeAt([1]) };
  });
  assert.deepEqual([s.kind, s.node], [3, s.n1]);
  await page.keyboard.press('u');
  await settle();
  s = await ps(() => {
    const p = window.prunescope;
    return { kind: p.store.ev[p.stepper.at], node: p.stepper.node() };
  });
  assert.deepEqual([s.kind, s.node], [1, 0], 'step out of node 1 lands on the root exit');
  await page.keyboard.press('Shift+C');
  await settle();
  assert.equal(await ps(() => window.prunescope.store.ev[window.prunescope.stepper.at]), 3);
  await page.keyboard.press('End');
  await settle();
  assert.equal(await ps(() => window.prunescope.stepper.at), await ps(() => window.prunescope.store.nev - 1));
  // space plays, and again pauses
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => window.prunescope.stepper.at > 3);
  await page.keyboard.press(' ');
  assert.equal(await ps(() => window.prunescope.state.playing), false);
});

test('MAX/MIN toggle switches narration between MAX view and negamax', async () => {
  await page.keyboard.press('Home');
  await page.keyboard.press('c');
  await settle();
  assert.match(await text('#narration'), /α-cut-off .*2 ≤ α = 3/);
  await page.keyboard.press('v');
  await settle();
  assert.equal(await page.isChecked('#maxmin'), false);
  assert.match(await text('#narration'), /β-cut-off at node 1 by move 0: −2 ≥ β = −3/);
  await page.keyboard.press('v');
  await settle();
});

test('collapse and expand a subtree with double-click', async () => {
  await ps(() => window.prunescope.view.fit());
  await settle();
  const { id, pos } = await ps(() => {
    const p = window.prunescope;
    const id = p.nodeAt([0]);
    return { id, pos: p.view.screenOf(id) };
  });
  const box = await page.locator('#tree').boundingBox();
  await page.mouse.dblclick(box.x + pos[0], box.y + pos[1]);
  await settle();
  assert.equal(await ps((id) => window.prunescope.layout.isCollapsed(id), id), true);
  const hidden = await ps(() => window.prunescope.layout.lf[window.prunescope.nodeAt([0, 0])]);
  assert.equal(hidden & 1, 1, 'children hidden');
  await shot('03-collapsed.png');
  const pos2 = await ps((id) => window.prunescope.view.screenOf(id), id);
  await page.mouse.dblclick(box.x + pos2[0], box.y + pos2[1]);
  await settle();
  assert.equal(await ps((id) => window.prunescope.layout.isCollapsed(id), id), false);
});

test('a bad tree text shows an inline error and keeps the trace', async () => {
  const n = await ps(() => window.prunescope.store.n);
  await page.fill('#tree-text', '((3 12 8) (2 4');
  await page.waitForFunction(() => document.getElementById('tree-err').textContent.length > 0);
  const err = await text('#tree-err');
  assert.match(err, /line 1, column/);
  assert.equal(await page.getAttribute('#tree-text', 'class'), 'invalid');
  await page.click('#start');
  await settle();
  assert.equal(await ps(() => window.prunescope.store.n), n, 'the trace on screen is kept');
  assert.equal(await ps(() => window.prunescope.state.running), false);
  await shot('04-bad-tree.png');
  await page.selectOption('#tree-preset', 'rn');
  await page.waitForFunction(() => document.getElementById('tree-err').textContent === '');
});

test('a bad FEN shows an inline error next to the field', async () => {
  await page.click('#tab-chess');
  await page.fill('#fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1');
  await page.waitForFunction(() => document.getElementById('fen-err').textContent.length > 0);
  assert.ok((await text('#fen-err')).length > 5);
  assert.equal(await page.getAttribute('#fen', 'class'), 'invalid');
  const n = await ps(() => window.prunescope.store.n);
  await page.click('#start');
  await settle();
  assert.equal(await ps(() => window.prunescope.store.n), n);
  await shot('05-bad-fen.png');
  // a bad depth too
  await page.fill('#chess-depth', '0');
  await page.waitForFunction(() => document.getElementById('chess-depth-err').textContent.length > 0);
  assert.match(await text('#chess-depth-err'), /depth must be between 1 and 64/);
  await page.fill('#chess-depth', '3');
  await page.selectOption('#fen-preset', { label: 'Start position' });
  await page.waitForFunction(() => document.getElementById('fen-err').textContent === '');
});

test('chess search: the board and the narration follow the cursor', async () => {
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '3');
  await page.selectOption('#algo', 'pvs');
  await runSearch();
  assert.ok(await page.isVisible('#board-card'));
  assert.ok((await ps(() => window.prunescope.store.n)) > 100);
  assert.match(await text('#sum-line'), /^[NBRQKa-h]/);
  // the position shown: FEN line plus the pieces chessground placed (after its animation)
  const board = async () => {
    await page.waitForTimeout(260);
    const pieces = await page.locator('#board cg-board piece').evaluateAll((els) =>
      els.map((e) => e.className + '@' + e.style.transform).sort().join(' '),
    );
    return (await text('#board-fen')) + '\n' + pieces;
  };
  // the first move of the root: iteration, enter root, enter child
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await settle();
  const b0 = await board();
  const n0 = await text('#narration');
  assert.match(n0, /^Enter the root/);
  await page.keyboard.press('ArrowRight');
  await settle();
  const b1 = await board();
  const n1 = await text('#narration');
  assert.match(n1, /^Enter [a-hNBRQKO][^ ]* \(ply 1\)/);
  assert.notEqual(b1, b0, 'the board shows the position after the move');
  assert.notEqual(n1, n0);
  assert.equal(await page.locator('#board square.last-move').count(), 2, 'last move highlighted');
  const pathText = await text('#path');
  assert.match(pathText, /^1\.\s*[a-hNBRQK]/);
  await page.keyboard.press('ArrowLeft');
  await settle();
  assert.equal(await board(), b0, 'stepping back restores the board');
  assert.equal(await text('#narration'), n0);
  // next re-search (PVS), with its narration
  const hasResearch = await ps(() => window.prunescope.store.marks.research.n > 0);
  if (hasResearch) {
    await page.keyboard.press('r');
    await settle();
    assert.match(await text('#narration'), /^Re-search of .* because the scout returned/);
  }
  await page.keyboard.press('End');
  await settle();
  await shot('06-chess.png');
  // zoomed in: SAN labels are drawn (cached from one san_batch call per frame)
  await ps(() => window.prunescope.view.zoomTo(window.prunescope.nodeAt([0])));
  await settle();
  assert.ok((await ps(() => window.prunescope.labels.cache.size)) > 0);
  await shot('07-chess-zoomed.png');
});

test('chess with enhancements: TT, null move, LMR, quiescence, uncertainty cut-offs', async () => {
  await page.click('#tab-chess');
  await page.selectOption('#fen-preset', { label: 'Kiwipete' });
  await page.fill('#chess-depth', '4');
  await page.selectOption('#algo', 'pvs');
  await page.click('#techniques summary');
  for (const p of ['tt.enabled', 'ordering.mvv_lva', 'ordering.killers', 'null_move.enabled', 'lmr.enabled', 'quiescence.enabled', 'quiescence.see_pruning']) {
    await page.check(`input[data-path="${p}"]`);
  }
  await page.selectOption('#uncertainty', 'general');
  await runSearch(60_000);
  const r = await ps(() => {
    const st = window.prunescope.store;
    const kinds = new Set();
    for (let i = 0; i < st.n; i++) kinds.add(st.kind[i] & 15);
    const evs = new Set(st.ev.subarray(0, st.nev));
    return { n: st.n, auxEnd: st._auxAt(st.nev), naux: st.naux, kinds: [...kinds], evs: [...evs], uncertain: st.marks.uncertain.n, open: st.stackAt(st.nev - 1).length };
  });
  assert.equal(r.auxEnd, r.naux, 'every aux word consumed by its event: the event table matches the core');
  assert.equal(r.open, 0, 'every node exited');
  assert.ok(r.kinds.includes(6), 'quiescence nodes');
  assert.ok(r.evs.includes(7) && r.evs.includes(14), 'TT hits and prune events');
  // step to the first null-move node: labelled, and the board shows the position with the turn passed
  const nullId = await ps(() => {
    const st = window.prunescope.store;
    for (let i = 0; i < st.n; i++) if ((st.kind[i] & 15) === 1) return i;
    return -1;
  });
  if (nullId >= 0) {
    await ps((id) => window.prunescope.select(id), nullId);
    await settle();
    assert.match(await text('#inspector'), /kind\s+null move/);
    assert.match(await text('#narration'), /^Enter null \(ply \d+\)/);
  }
  if (r.uncertain) {
    await page.locator('#tree').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('q');
    await settle();
    assert.match(await text('#inspector'), /uncertain\s+yes/);
  }
  // the inspector names a cut node's pruned moves in SAN
  const cutId = await ps(() => {
    const st = window.prunescope.store;
    for (let i = 1; i < st.n; i++) if (st.reason[i] === 5 && st.prunedCount(i) > 0) return i;
    return -1;
  });
  assert.ok(cutId > 0, 'a cut node with pruned moves');
  await ps((id) => window.prunescope.select(id), cutId);
  await settle();
  const prunedRow = await ps(() => document.querySelector('#inspector .pruned-list')?.textContent ?? '');
  assert.match(prunedRow, /^(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?[+#]?|O-O(?:-O)?[+#]?)(?:, |$)/, prunedRow);
  assert.doesNotMatch(await text('#inspector'), /move-list indices/);
  await shot('10-chess-enhancements.png');
  // back to a plain search
  for (const p of ['tt.enabled', 'ordering.mvv_lva', 'ordering.killers', 'null_move.enabled', 'lmr.enabled', 'quiescence.enabled', 'quiescence.see_pruning']) {
    await page.uncheck(`input[data-path="${p}"]`);
  }
  await page.selectOption('#uncertainty', 'off');
  await page.selectOption('#fen-preset', { label: 'Start position' });
});

test('technique parameters: core names, inline errors, and techniques on a textbook tree', async () => {
  await page.click('#tab-tree');
  await ps(() => {
    document.getElementById('techniques').open = true;
    document.getElementById('tech-params').open = true;
  });
  const ratio = '#techniques [data-param="uncertainty.CUT_RATIO"]';
  await page.fill(ratio, '0');
  await page.waitForFunction(() => document.getElementById('tech-err').textContent.length > 0);
  assert.match(await text('#tech-err'), /uncertainty\.CUT_RATIO must be in \(0, 1\]/);
  const n = await ps(() => window.prunescope.store.n);
  await page.click('#start');
  await settle();
  assert.equal(await ps(() => window.prunescope.store.n), n, 'a bad parameter starts nothing and keeps the trace');
  await page.fill(ratio, '0.3');
  await page.waitForFunction(() => document.getElementById('tech-err').textContent === '');
  // verified null-move pruning is defined with R = 3
  await page.check('input[data-path="null_move.verified"]');
  assert.equal(await page.inputValue('#techniques [data-param="null_move.R"]'), '3');
  await page.uncheck('input[data-path="null_move.verified"]');
  // a dependency the core enforces: aspiration windows need iterative deepening (trees have none)
  await page.check('input[data-path="aspiration.enabled"]');
  await page.waitForFunction(() => /aspiration/.test(document.getElementById('tech-err').textContent));
  await page.uncheck('input[data-path="aspiration.enabled"]');
  await page.waitForFunction(() => document.getElementById('tech-err').textContent === '');
  // safe uncertainty cut-offs with killers on Russell–Norvig: still the minimax value
  await page.selectOption('#tree-preset', { index: 0 });
  await page.selectOption('#algo', 'pvs');
  await page.check('input[data-path="ordering.killers"]');
  await page.selectOption('#uncertainty', 'safe');
  await runSearch();
  assert.equal(await text('#sum-value'), '3');
  await shot('11-technique-parameters.png');
  await page.uncheck('input[data-path="ordering.killers"]');
  await page.selectOption('#uncertainty', 'off');
  await page.selectOption('#algo', 'alphabeta');
});

test('node cap: the search stops with a notice', async () => {
  await page.click('#tab-random');
  await page.fill('#rnd-b', '6');
  await page.fill('#rnd-d', '6');
  await page.fill('#node-cap', '5000');
  await runSearch();
  assert.match(await text('#notice'), /Node cap reached: the search stopped after 5,000 nodes/);
  assert.equal(await ps(() => window.prunescope.store.n), 5000);
  await page.fill('#node-cap', '2000000');
});

test('Stop terminates the worker, keeps what was received, and a new search works', async () => {
  await page.click('#tab-random');
  await page.fill('#rnd-b', '12');
  await page.fill('#rnd-d', '8');
  await page.fill('#node-cap', '4000000');
  await page.selectOption('#algo', 'minimax');
  await page.click('#start');
  await page.waitForFunction(() => window.prunescope.store.n > 20000, null, { timeout: 20_000, polling: 5 });
  await ps(() => document.getElementById('stop').click());
  await settle();
  const r = await ps(() => ({ n: window.prunescope.store.n, running: window.prunescope.state.running, live: window.prunescope.state.metrics.liveFrames }));
  assert.equal(r.running, false);
  assert.ok(r.n > 20000);
  assert.ok(r.live > 0, 'the tree was drawn while the search was running');
  assert.match(await text('#notice'), /^Stopped after/);
  await page.waitForTimeout(300);
  assert.equal(await ps(() => window.prunescope.store.n), r.n, 'no batches after Stop');
  // the received part can be stepped through
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await settle();
  assert.match(await text('#narration'), /^Enter the root/);
  await shot('08-stopped.png');
  // a fresh worker answers
  await page.waitForFunction(() => window.prunescope.state.engineReady);
  await page.fill('#node-cap', '2000000');
  await page.click('#tab-tree');
  await page.selectOption('#algo', 'alphabeta');
  await runSearch();
  assert.equal(await text('#sum-value'), '3');
});

test('a wasm panic shows its message, restarts the worker, and keeps the trace', async () => {
  const n = await ps(() => window.prunescope.store.n);
  // A real Rust panic inside the worker's wasm instance (the worker's test hook).
  await ps(() => window.prunescope.client.worker.postMessage({ type: 'debugPanic', message: 'test panic from the core' }));
  await page.waitForFunction(() => /crashed/.test(document.getElementById('notice').textContent), null, { timeout: 10_000 });
  assert.match(await text('#notice'), /crashed: .*test panic from the core/);
  assert.equal(await ps(() => window.prunescope.store.n), n);
  await page.waitForFunction(() => window.prunescope.state.engineReady, null, { timeout: 10_000 });
  await page.click('#tab-tree');
  await runSearch();
  assert.equal(await text('#sum-value'), '3');
});

test('a large trace stays interactive (level of detail)', async () => {
  await page.click('#tab-random');
  await page.fill('#rnd-b', '8');
  await page.fill('#rnd-d', '6');
  await page.selectOption('#rnd-order', 'p');
  await page.selectOption('#algo', 'pvs');
  await runSearch();
  const r = await ps(() => {
    const p = window.prunescope;
    const times = [];
    for (let i = 0; i < 10; i++) {
      p.view.view.x0 += 50 / p.view.view.sx;
      times.push(p.frameNow());
    }
    p.view.fit();
    p.frameNow();
    return { n: p.store.n, times, fit: p.view.lastStats };
  });
  assert.ok(r.n > 1000);
  // Level of detail, not timing (timings belong to tests/browser/bench.mjs): every frame was
  // drawn, and with the whole tree in view crowded rows become density bands.
  assert.ok(r.times.every(Number.isFinite));
  assert.ok(r.fit.dense > 0 && r.fit.nodes < r.n, `drawn ${r.fit.nodes} of ${r.n}, ${r.fit.dense} bands`);
  await settle();
  await shot('09-random-pvs.png');
});

test('no console errors or warnings during the whole session', () => {
  // The panic hook logs the deliberate panic of the panic test; nothing else may appear.
  const unexpected = consoleProblems.filter((m) => !m.includes('test panic from the core'));
  assert.deepEqual(unexpected, []);
});
