// Explore mode end to end in headless Chromium (playwright-core), against the real worker and
// wasm build (pkg/), through the page's test hook (docs/test-hook.md):
//
//   node --test tests/browser/app.test.mjs
//
// Screenshots go to target/screenshots/. CHROMIUM=/path overrides the browser.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, settle, snapshot, hook, runSearch, run, text, shot, RN_TREE } from './hook.mjs';

let env, page;
const problems = [];

before(async () => {
  env = await setup();
  page = await openPage(env, { problems });
});

after(() => env?.close());

const node = (id) => hook(page, (i) => window.prunescope.node('explore', i), id);
const nodeAt = (path) => hook(page, (p) => window.prunescope.nodeAt('explore', p), path);
const cursor = async () => (await snapshot(page)).explore.cursor;

test('the page loads with no console errors or warnings, on the textbook tree', async () => {
  assert.deepEqual(problems, []);
  assert.equal(await page.getAttribute('#tab-tree', 'aria-selected'), 'true');
  assert.equal(await page.inputValue('#tree-text'), RN_TREE);
  assert.equal(await page.inputValue('#algo'), 'alphabeta');
  assert.equal(await page.inputValue('#node-cap'), '2000000');
  assert.equal(await page.isEnabled('#start'), true);
  assert.match(await page.inputValue('#fen'), /^rnbqkbnr\/pppppppp/);
  // the Bratko–Kopec positions are read by chess, the engine's second part: they come the first
  // time the Chess tab is shown
  await page.click('#tab-chess');
  await page.waitForFunction(() => document.querySelectorAll('#fen-preset option').length >= 26);
  assert.equal(await text(page, '#chess-load'), '');
  await page.click('#tab-tree');
  // the technique switches come from the schema: every --enable name has one
  const names = await page.locator('#tech-switches input[data-enable]').evaluateAll((els) => els.map((e) => e.dataset.enable));
  assert.ok(names.includes('tt') && names.includes('verified_null') && names.length >= 18, names.join());
  // the shortcut card is generated from the keymap
  assert.match(await text(page, '#shortcuts'), /next cut-off/);
  await shot(page, '01-initial.png');
});

test('alpha-beta on Russell–Norvig: value 3, leaves 1.1 and 1.2 pruned', async () => {
  const s = await runSearch(page);
  assert.equal(s.status, 'done');
  assert.equal(s.nodes, 11);
  assert.equal(s.value, 3);
  // a finished search of an explicit tree opens at its first event (issue 29 §3): nothing known
  assert.equal(s.cursor.event, 0);
  assert.equal(await text(page, '#sum-value'), '?');
  await hook(page, () => window.prunescope.run('step.last'));
  await settle(page);
  assert.equal(await text(page, '#sum-value'), '3');
  const n1 = await nodeAt([1]);
  const r = await node(n1);
  assert.deepEqual(r.pruned.map((m) => [m.code, m.reason]), [[1, 'beta_cutoff'], [2, 'beta_cutoff']]);
  assert.equal(await nodeAt([1, 1]), -1, 'leaf 1.1 was never searched');
  await hook(page, (id) => window.prunescope.select('explore', id), n1);
  await settle(page);
  // stepping is spoiler-free: at node 1's entry its result is not known; Final results shows it
  assert.match(await text(page, '#inspector'), /value\s+\?/);
  await page.click('#finals');
  await settle(page);
  const insp = await text(page, '#inspector');
  assert.match(insp, /pruned\s+1\.1, 1\.2/);
  assert.match(insp, /cut-off/);
  await page.click('#finals');
  // narration of the cut-off in MAX/MIN terms: 2 ≤ α = 3
  await page.locator('#tree').focus();
  await page.keyboard.press('c');
  await settle(page);
  assert.match(await text(page, '#narration'), /α-cut-off at node 1 \(MIN\) by move 0: 2 ≤ α = 3, so the remaining 2 moves are pruned/);
  await shot(page, '02-russell-norvig.png');
});

test('clicking a node selects it and moves the cursor to its enter event', async () => {
  await run(page, 'view.fit');
  await settle(page);
  const id = await nodeAt([2, 0]);
  const [x, y] = await hook(page, (i) => window.prunescope.screenOf('explore', i), id);
  await page.mouse.click(x, y);
  await settle(page);
  const s = (await snapshot(page)).explore;
  assert.equal(s.selected, id);
  assert.equal(s.cursor.node, id);
  assert.equal(s.cursor.kind, 'enter');
  assert.match(await text(page, '#narration'), /^Enter node 2\.0 /);
  assert.match(await text(page, '#path'), /root → 2 → 0/);
});

test('keyboard stepping: arrows, step over / out, next cut-off, Home / End, play', async () => {
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await settle(page);
  assert.equal((await cursor()).event, 0);
  const n0 = await text(page, '#narration');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal((await cursor()).event, 2);
  const n2 = await text(page, '#narration');
  assert.notEqual(n2, n0);
  assert.match(n2, /^Enter node 0 \(PV expected\) with the full window/);
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert.equal((await cursor()).event, 1);
  assert.match(await text(page, '#narration'), /^Enter the root/);
  // step over node 0 (cursor on its enter) → its exit
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await settle(page);
  let c = await cursor();
  assert.deepEqual([c.kind, c.node], ['exit', await nodeAt([0])]);
  assert.match(await text(page, '#narration'), /^Node 0 returns 3/);
  // the first cut-off is at node 1; step out of it → the root's exit
  await page.keyboard.press('Home');
  await page.keyboard.press('c');
  await settle(page);
  c = await cursor();
  assert.deepEqual([c.kind, c.node], ['cut-off', await nodeAt([1])]);
  await page.keyboard.press('u');
  await settle(page);
  c = await cursor();
  assert.deepEqual([c.kind, c.node], ['exit', 0], 'step out of node 1 lands on the root exit');
  await page.keyboard.press('Shift+C');
  await settle(page);
  assert.equal((await cursor()).kind, 'cut-off');
  await page.keyboard.press('End');
  await settle(page);
  assert.equal((await cursor()).event, (await snapshot(page)).explore.events - 1);
  // space plays, and again pauses; + plays faster
  await page.keyboard.press('Home');
  const speed = (await snapshot(page)).speed;
  await page.keyboard.press('+');
  assert.ok((await snapshot(page)).speed > speed);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => window.prunescope.snapshot().explore.cursor.event > 3);
  await page.keyboard.press(' ');
  assert.equal((await snapshot(page)).playing, false);
});

test('the step bar runs the same commands as the keys', async () => {
  await page.click('#s-first');
  await settle(page);
  assert.equal((await cursor()).event, 0);
  await page.click('#s-fwd');
  await page.click('#s-fwd');
  await settle(page);
  assert.equal((await cursor()).event, 2);
  await page.click('#n-cut');
  await settle(page);
  assert.equal((await cursor()).kind, 'cut-off');
  await page.click('#s-last');
  await settle(page);
  assert.equal((await cursor()).event, (await snapshot(page)).explore.events - 1);
});

test('MAX/MIN toggle switches narration between MAX view and negamax', async () => {
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('c');
  await settle(page);
  assert.match(await text(page, '#narration'), /α-cut-off .*2 ≤ α = 3/);
  await page.keyboard.press('v');
  await settle(page);
  assert.equal(await page.isChecked('#maxmin'), false);
  assert.match(await text(page, '#narration'), /β-cut-off at node 1 by move 0: −2 ≥ β = −3/);
  await page.keyboard.press('v');
  await settle(page);
});

test('collapse and expand a subtree with double-click', async () => {
  await run(page, 'view.fit');
  await settle(page);
  const id = await nodeAt([0]);
  const [x, y] = await hook(page, (i) => window.prunescope.screenOf('explore', i), id);
  await page.mouse.dblclick(x, y);
  await settle(page);
  assert.equal(await text(page, '#collapse'), '▸ Expand');
  const xOf = async (path) => (await hook(page, (i) => window.prunescope.screenOf('explore', i), await nodeAt(path)))[0];
  assert.equal(await xOf([0, 2]), await xOf([0]), 'children folded into their parent');
  await shot(page, '03-collapsed.png');
  const [x2, y2] = await hook(page, (i) => window.prunescope.screenOf('explore', i), id);
  await page.mouse.dblclick(x2, y2);
  await settle(page);
  assert.notEqual(await xOf([0, 2]), await xOf([0]));
});

test('a bad tree text shows an inline error and keeps the trace', async () => {
  const s0 = (await snapshot(page)).explore;
  await page.fill('#tree-text', '((3 12 8) (2 4');
  await page.waitForFunction(() => document.getElementById('tree-err').textContent.length > 0);
  assert.match(await text(page, '#tree-err'), /line 1, column/);
  assert.equal(await page.getAttribute('#tree-text', 'class'), 'invalid');
  await page.click('#start');
  await settle(page);
  const s1 = (await snapshot(page)).explore;
  assert.equal(s1.generation, s0.generation, 'nothing started');
  assert.equal(s1.nodes, s0.nodes, 'the trace on screen is kept');
  await shot(page, '04-bad-tree.png');
  await page.selectOption('#tree-preset', 'rn');
  await page.waitForFunction(() => document.getElementById('tree-err').textContent === '');
});

test('a bad FEN and a bad depth show inline errors next to their fields', async () => {
  await page.click('#tab-chess');
  await page.fill('#fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1');
  await page.waitForFunction(() => document.getElementById('fen-err').textContent.length > 0);
  assert.equal(await page.getAttribute('#fen', 'class'), 'invalid');
  const g = (await snapshot(page)).explore.generation;
  await page.click('#start');
  await settle(page);
  assert.equal((await snapshot(page)).explore.generation, g);
  await shot(page, '05-bad-fen.png');
  await page.fill('#chess-depth', '0');
  await page.waitForFunction(() => document.getElementById('chess-depth-err').textContent.length > 0);
  assert.match(await text(page, '#chess-depth-err'), /depth must be between 1 and 64/);
  await page.fill('#chess-depth', '3');
  await page.selectOption('#fen-preset', { label: 'Start position' });
  await page.waitForFunction(() => document.getElementById('fen-err').textContent === '');
});

test('chess search: the board and the narration follow the cursor', async () => {
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '3');
  await page.selectOption('#algo', 'pvs');
  const s = await runSearch(page);
  assert.equal(s.status, 'done');
  assert.ok(await page.isVisible('#board-card'));
  assert.ok(s.nodes > 100);
  assert.match(await text(page, '#sum-line'), /^[NBRQKa-h]/);
  const board = async () => {
    // chessground animates a move over frames (moving pieces carry the class `anim`, captured
    // ones `fading`): wait until no piece does, not for a fixed time
    await page.waitForFunction(() => !document.querySelector('#board cg-board piece.anim, #board cg-board piece.fading'));
    const pieces = await page.locator('#board cg-board piece').evaluateAll((els) => els.map((e) => e.className + '@' + e.style.transform).sort().join(' '));
    return (await text(page, '#board-fen')) + '\n' + pieces;
  };
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  const b0 = await board();
  const n0 = await text(page, '#narration');
  assert.match(n0, /^Enter the root/);
  await page.keyboard.press('ArrowRight');
  await settle(page);
  const b1 = await board();
  assert.match(await text(page, '#narration'), /^Enter [a-hNBRQKO][^ ]* \(ply 1\)/);
  assert.notEqual(b1, b0, 'the board shows the position after the move');
  assert.equal(await page.locator('#board square.last-move').count(), 2, 'last move highlighted');
  assert.match(await text(page, '#path'), /^1\.\s*[a-hNBRQK]/);
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  assert.equal(await board(), b0, 'stepping back restores the board');
  if ((await snapshot(page)).explore.marks.research > 0) {
    await page.keyboard.press('r');
    await settle(page);
    assert.match(await text(page, '#narration'), /^Re-search of .* because the scout returned/);
  }
  await page.keyboard.press('End');
  await settle(page);
  await shot(page, '06-chess.png');
  await page.keyboard.press('z');
  await settle(page);
  await shot(page, '07-chess-zoomed.png');
});

test('chess with enhancements: every unsearched move has a stub, TT and null-move cut-offs included', async () => {
  await page.click('#tab-chess');
  await page.selectOption('#fen-preset', { label: 'Kiwipete' });
  await page.fill('#chess-depth', '4');
  await page.selectOption('#algo', 'pvs');
  await page.click('#techniques summary');
  for (const n of ['tt', 'mvv_lva', 'killers', 'null_move', 'lmr', 'quiescence']) await page.check(`#tech-switches input[data-enable="${n}"]`);
  await page.selectOption('#uncertainty', 'general');
  const s = await runSearch(page, 120_000);
  assert.equal(s.status, 'done');
  const r = await hook(page, () => {
    const p = window.prunescope;
    const n = p.snapshot().explore.nodes;
    const out = { kinds: new Set(), reasons: {}, cut: -1 };
    for (let i = 0; i < n; i++) {
      const x = p.node('explore', i);
      out.kinds.add(x.kind);
      const slot = (out.reasons[x.reason] ??= { n: 0, withPruned: 0, example: -1 });
      slot.n++;
      if (x.pruned.length) {
        slot.withPruned++;
        if (slot.example < 0) slot.example = i;
      }
      if (out.cut < 0 && x.reason === 'beta_cutoff' && x.pruned.length) out.cut = i;
    }
    return { ...out, kinds: [...out.kinds] };
  });
  assert.ok(r.kinds.includes('quiescence') && r.kinds.includes('null'), r.kinds.join());
  // issue 8 item 2: cut-offs before move generation list their moves too
  for (const reason of ['tt_cutoff', 'null_move_cutoff']) {
    const x = r.reasons[reason];
    assert.ok(x && x.n > 0, `some ${reason} nodes`);
    assert.ok(x.withPruned > 0, `${reason}: ${x.withPruned} of ${x.n} list pruned moves`);
  }
  await page.click('#finals'); // the inspector shows each node's result at once
  await hook(page, (id) => window.prunescope.select('explore', id), r.reasons.null_move_cutoff.example);
  await settle(page);
  assert.match(await text(page, '#inspector'), /pruned\s+.*\(\d+ by null-move cut-off\)/);
  await page.locator('#tree').focus();
  await page.keyboard.press('z');
  await settle(page);
  await shot(page, '10-chess-null-move-stubs.png');
  await hook(page, (id) => window.prunescope.select('explore', id), r.cut);
  await settle(page);
  const prunedRow = await page.locator('#inspector .pruned-list').innerText();
  assert.match(prunedRow, /^(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?[+#]?|O-O(?:-O)?[+#]?)(?:, |$)/, prunedRow);
  await page.click('#finals');
  for (const n of ['tt', 'mvv_lva', 'killers', 'null_move', 'lmr', 'quiescence']) await page.uncheck(`#tech-switches input[data-enable="${n}"]`);
  await page.selectOption('#uncertainty', 'off');
  await page.selectOption('#fen-preset', { label: 'Start position' });
});

test('technique parameters: the core checks them and shows its rules', async () => {
  await page.click('#tab-tree');
  await hook(page, () => {
    document.getElementById('techniques').open = true;
    document.getElementById('tech-params').open = true;
  });
  const ratio = '#tech-param-grid [data-param="uncertainty.CUT_RATIO"]';
  await page.fill(ratio, '0');
  await page.waitForFunction(() => document.getElementById('tech-err').textContent.length > 0);
  assert.match(await text(page, '#tech-err'), /uncertainty\.CUT_RATIO must be in \(0, 1\]/);
  const g = (await snapshot(page)).explore.generation;
  await page.click('#start');
  await settle(page);
  assert.equal((await snapshot(page)).explore.generation, g, 'a bad parameter starts nothing');
  await page.fill(ratio, '0.5');
  await page.waitForFunction(() => document.getElementById('tech-err').textContent === '');
  // verified null moves: the core switches null moves on with R = 3, and the panel shows it
  await page.check('#tech-switches input[data-enable="verified_null"]');
  await settle(page);
  assert.equal(await page.isChecked('#tech-switches input[data-enable="null_move"]'), true);
  assert.equal(await page.inputValue('#tech-param-grid [data-param="null_move.R"]'), '3');
  await page.uncheck('#tech-switches input[data-enable="verified_null"]');
  await page.uncheck('#tech-switches input[data-enable="null_move"]');
  await page.fill('#tech-param-grid [data-param="null_move.R"]', '2');
  // a dependency the core enforces: aspiration windows need iterative deepening (trees have none)
  await page.check('#tech-switches input[data-enable="aspiration"]');
  await page.waitForFunction(() => /aspiration/.test(document.getElementById('tech-err').textContent));
  await page.uncheck('#tech-switches input[data-enable="aspiration"]');
  await page.waitForFunction(() => document.getElementById('tech-err').textContent === '');
  // safe uncertainty cut-offs with killers on Russell–Norvig: still the minimax value
  await page.selectOption('#tree-preset', 'rn');
  await page.selectOption('#algo', 'pvs');
  await page.check('#tech-switches input[data-enable="killers"]');
  await page.selectOption('#uncertainty', 'safe');
  const s = await runSearch(page);
  assert.equal(s.value, 3);
  await shot(page, '11-technique-parameters.png');
  await page.uncheck('#tech-switches input[data-enable="killers"]');
  await page.selectOption('#uncertainty', 'off');
  await page.selectOption('#algo', 'alphabeta');
});

test('node cap: the search stops with a notice', async () => {
  await page.click('#tab-random');
  await page.fill('#rnd-b', '6');
  await page.fill('#rnd-d', '6');
  await page.fill('#node-cap', '5000');
  const s = await runSearch(page);
  assert.equal(s.nodes, 5000);
  assert.equal(s.aborted, true);
  assert.match(await text(page, '#notice'), /Node cap reached: the search stopped after 5,000 nodes/);
  await page.fill('#node-cap', '2000000');
});

test('Stop ends the search at once, keeps what was received, measures it, and a new search works', async () => {
  // a chess search far larger than the test waits for: it is still running when Stop is pressed
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '12');
  await page.fill('#node-cap', '50000000');
  await page.selectOption('#algo', 'minimax');
  const g = (await snapshot(page)).explore.generation;
  await page.click('#start');
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.nodes > 20000;
  }, g, { timeout: 20_000, polling: 5 });
  await page.click('#stop');
  const s = (await snapshot(page)).explore;
  assert.equal(s.status, 'stopped', 'stopped as soon as Stop was clicked');
  // the state changed in the click; the notice is rendered on the next animation frame
  await settle(page);
  assert.match(await text(page, '#notice'), /^Stopped after/);
  await page.waitForTimeout(300);
  assert.equal((await snapshot(page)).explore.nodes, s.nodes, 'no batches after Stop');
  // the core measures what the page holds (a fresh worker, the trace handed back)
  await page.waitForFunction(() => window.prunescope.snapshot().explore.hasStats, null, { timeout: 20_000 });
  const m = (await snapshot(page)).explore;
  assert.equal(m.stats.nodes, s.nodes);
  assert.equal(m.aborted, true);
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.match(await text(page, '#narration'), /^Enter the root/);
  await shot(page, '08-stopped.png');
  await page.fill('#node-cap', '2000000');
  await page.fill('#chess-depth', '3');
  await page.click('#tab-tree');
  await page.selectOption('#algo', 'alphabeta');
  await page.waitForFunction(() => window.prunescope.snapshot().explore.ready);
  assert.equal((await runSearch(page)).value, 3);
});

test('a wasm panic shows its message, restarts the worker, and keeps the trace', async () => {
  const n = (await snapshot(page)).explore.nodes;
  await hook(page, () => window.prunescope.debugPanic('explore', 'test panic from the core'));
  await page.waitForFunction(() => /crashed/.test(document.getElementById('notice').textContent), null, { timeout: 10_000 });
  assert.match(await text(page, '#notice'), /crashed: .*test panic from the core/);
  assert.equal((await snapshot(page)).explore.nodes, n);
  await page.waitForFunction(() => window.prunescope.snapshot().explore.ready, null, { timeout: 10_000 });
  assert.equal((await runSearch(page)).value, 3);
});

test('a large trace stays interactive (level of detail)', async () => {
  await page.click('#tab-random');
  await page.fill('#rnd-b', '8');
  await page.fill('#rnd-d', '6');
  await page.selectOption('#rnd-order', 'p');
  await page.selectOption('#algo', 'pvs');
  const s = await runSearch(page);
  assert.ok(s.nodes > 1000);
  await run(page, 'view.fit');
  const f = await hook(page, () => window.prunescope.frame());
  // Level of detail, not timing (timings belong to tests/browser/bench.mjs): with the whole
  // tree in view, crowded rows become density bands.
  assert.ok(f.dense > 0 && f.nodes < s.nodes, `drawn ${f.nodes} of ${s.nodes}, ${f.dense} bands`);
  await shot(page, '09-random-pvs.png');
  await page.click('#tab-tree');
  await page.selectOption('#algo', 'alphabeta');
});

test('best moves past position 254 are exact (16-bit best_index)', async () => {
  await page.click('#tab-tree');
  const leaves = Array.from({ length: 511 }, (_, i) => (i === 500 ? 9999 : i % 50));
  await page.fill('#tree-text', `(${leaves.join(' ')})`);
  await page.waitForFunction(() => /valid/.test(document.getElementById('tree-ok').textContent));
  const s = await runSearch(page);
  assert.equal(s.value, 9999);
  const root = await hook(page, () => window.prunescope.node('explore', 0));
  assert.equal(root.bestIndex, 500);
  await hook(page, () => window.prunescope.select('explore', 0));
  await page.locator('#tree').focus();
  await page.keyboard.press('End'); // the root's result is known once it returns
  await settle(page);
  assert.match(await text(page, '#inspector'), /best move\s+500 \(the 501st in the search order\)/);
  await page.selectOption('#tree-preset', 'rn');
});

test('no console errors or warnings during the whole session', () => {
  // The panic hook logs the deliberate panic of the panic test; nothing else may appear.
  assert.deepEqual(problems.filter((m) => !m.includes('test panic from the core')), []);
});

