// Compare mode end to end in headless Chromium, against the real workers and wasm build
// (pkg/), through the page's test hook (docs/test-hook.md):
//
//   node --test tests/browser/compare.test.mjs
//
// The classic preset minimax vs alpha-beta on the Russell–Norvig tree: both searches run, the
// ghost tree marks the two leaves alpha-beta pruned, one cursor steps both views with every
// control explore mode has, selection and zoom are shared, swap, and saving / opening traces.
// Every wait waits for a new comparison (its generation counter) or a new trace generation.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setup, openPage, settle, snapshot, hook, runCompare, compareToEnd, toCompare, whenTraceEnds, run, text, shot, GOLDEN, RN_TREE } from './hook.mjs';

let env, page, tmp;
const problems = [];

before(async () => {
  env = await setup();
  tmp = mkdtempSync(path.join(tmpdir(), 'prunescope-compare-'));
  page = await openPage(env, { problems });
});

after(async () => {
  await env?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const cursors = () => hook(page, () => ({ A: window.prunescope.cursorFor('A'), B: window.prunescope.cursorFor('B') }));
const nodeAt = (k, p) => hook(page, ([k, p]) => window.prunescope.nodeAt(k, p), [k, p]);
/** Where node `id` of side `k` is drawn, relative to its canvas. */
const onCanvas = (k, id) =>
  hook(page, ([k, id]) => {
    const [x, y] = window.prunescope.screenOf(k, id);
    const r = document.getElementById(`cmp-tree-${k}`).getBoundingClientRect();
    return [Math.round(x - r.left), Math.round(y - r.top)];
  }, [k, id]);

test('minimax vs alpha-beta preset on Russell–Norvig: both searches run and are matched', async () => {
  await toCompare(page);
  assert.equal(await page.getAttribute('#mode-compare', 'aria-pressed'), 'true');
  assert.ok(await page.isVisible('#cmp-setup'));
  assert.ok(!(await page.isVisible('#start')), 'the explore controls are hidden');
  assert.equal(await page.inputValue('#tree-text'), RN_TREE);
  await page.selectOption('#cmp-preset', 'ab-pvs');
  assert.equal(await page.inputValue('#cmp-algo-A'), 'alphabeta');
  await page.selectOption('#cmp-preset', 'mm-ab');
  assert.equal(await page.inputValue('#cmp-algo-A'), 'minimax');
  assert.equal(await page.inputValue('#cmp-algo-B'), 'alphabeta');
  const s = (await runCompare(page)).compare;
  // an explicit tree opens at its first event, the results held back until the end (issue 29 §3)
  assert.equal(s.A.cursor.event, 0);
  assert.match(await text(page, '#cmp-summary'), /show at the end of the search: press End/);
  await compareToEnd(page);
  assert.deepEqual([s.A.value, s.B.value], [3, 3]);
  assert.deepEqual([s.diff.nA, s.diff.nB, s.diff.both, s.diff.onlyA, s.diff.onlyB], [13, 11, 11, 2, 0]);
  assert.deepEqual(s.diff.perPly, [[1, 1], [3, 3], [9, 7]]);
  assert.equal(await text(page, '#cmp-value-A'), '3');
  assert.equal(await text(page, '#cmp-nodes-B'), '11');
  assert.equal(await text(page, '#cmp-only-a'), '2');
  assert.equal(await text(page, '#cmp-config-A'), 'minimax');
  assert.equal(await text(page, '#cmp-config-B'), 'alphabeta');
  const summary = await text(page, '#cmp-summary');
  assert.match(summary, /first-move fail-high/);
  assert.match(summary, /compared in \d+ ms/);
  await page.waitForSelector('#cmp-chart .uplot canvas');
  // matched nodes sit at the same place in both views
  for (const p of [[], [0], [1], [1, 0], [2, 2]]) {
    assert.deepEqual(await onCanvas('A', await nodeAt('A', p)), await onCanvas('B', await nodeAt('B', p)), `path ${p}`);
  }
  await shot(page, 'compare-01-side-by-side.png');
});

test('the ghost tree marks the two pruned leaves 1.1 and 1.2, once the search is stepped to its end', async () => {
  // at the first event the faded leaves would be the answer (what alpha-beta prunes): the
  // ghost view then draws the larger tree with nothing reached yet, as the side view does
  await run(page, 'step.first');
  await page.waitForFunction(() => window.prunescope.cursorFor('A').event === 0);
  await page.click('#cmp-view-ghost');
  await settle(page);
  await settle(page);
  assert.deepEqual(await hook(page, () => window.prunescope.ghostStubs()), []);
  assert.match(await text(page, '#cmp-cap-ghost'), /press End/);
  await shot(page, 'compare-02-ghost-first-event.png');
  const first = (await cursors()).A.event;
  await run(page, 'step.last');
  await page.waitForFunction((e) => window.prunescope.cursorFor('A').event > e, first);
  await settle(page);
  await settle(page);
  assert.ok(await page.isVisible('#cmp-tree-ghost'));
  assert.ok(!(await page.isVisible('#cmp-tree-A')));
  assert.deepEqual(await hook(page, () => window.prunescope.ghostStubs()), [
    { path: [1, 1], size: 1 },
    { path: [1, 2], size: 1 },
  ]);
  assert.match(await text(page, '#cmp-cap-ghost'), /faded: the 2 nodes/);
  await shot(page, 'compare-02-ghost.png');
  await page.locator('#cmp-tree-ghost').focus();
  await page.keyboard.press('g');
  await settle(page);
  assert.ok(await page.isVisible('#cmp-tree-A'));
});

test('before the end, the selected node shows only what each side has reached: no value, count or difference before its return', async () => {
  // stepping into the root selects it; its value 3 and the counts 13 and 11 (two pruned) are
  // the answers a class is asked for
  await run(page, 'step.first');
  await page.waitForFunction(() => window.prunescope.cursorFor('A').event === 0);
  await run(page, 'step.forward');
  await page.waitForFunction(() => window.prunescope.cursorFor('A').event === 1);
  await settle(page);
  let sel = await text(page, '#cmp-sel');
  assert.match(sel, /path root/);
  assert.match(sel, /value\s+–\s+–/);
  assert.match(sel, /reason\s+–\s+–/);
  assert.match(sel, /subtree\s+–\s+–/);
  assert.doesNotMatch(sel, /13|11|−2|≠/);
  const at = (await cursors()).A.event;
  await run(page, 'step.last');
  await page.waitForFunction((e) => window.prunescope.cursorFor('A').event > e, at);
  await settle(page);
  sel = await text(page, '#cmp-sel');
  assert.match(sel, /value\s+3\s+3/);
  assert.match(sel, /subtree\s+13\s+11\s+−2/);
});

test('one cursor steps both views; the other follows by path', async () => {
  await page.locator('#cmp-tree-A').focus();
  await page.keyboard.press('Home');
  await settle(page);
  let prev = await cursors();
  assert.equal(prev.A.event, 0);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('ArrowRight');
    await settle(page);
    const cur = await cursors();
    assert.equal(cur.A.event, prev.A.event + 1, 'A steps one event');
    assert.ok(cur.B.event >= prev.B.event, 'B never runs backwards');
    if (cur.A.path && cur.B.exact) assert.deepEqual(cur.B.path, cur.A.path, 'B sits on the same node');
    prev = cur;
  }
  assert.ok(prev.B.event > 0, 'B moved with A');
  assert.match(await text(page, '#narration'), /^A: .* — B visits this node too\./);
  // to the first node alpha-beta never visits: leaf 1.1
  await page.keyboard.press('d');
  await settle(page);
  const at = await cursors();
  assert.deepEqual(at.A.path, [1, 1]);
  assert.deepEqual(at.B.path, [1], 'B stops at node 1');
  assert.equal(at.B.exact, false);
  assert.equal(at.B.absent, true, 'B shows where 1.1 would be');
  assert.match(await text(page, '#narration'), /Enter node 1\.1 .* — B never visits it \(it stops at node 1\)\./);
  // mid-search the event total is held back (it tells how many nodes each search visits)
  assert.match(await text(page, '#evpos'), /^A · event \d+ · enter/);
  await shot(page, 'compare-03-stepping.png');
  await page.keyboard.press('d');
  await settle(page);
  assert.deepEqual((await cursors()).A.path, [1, 2]);
  // step through B's events instead: A follows, and every alpha-beta node is in minimax
  await page.selectOption('#cmp-drive', 'B');
  await page.locator('#cmp-tree-B').focus();
  await page.keyboard.press('Home');
  let p = await cursors();
  const nevB = (await snapshot(page)).compare.B.events;
  for (let i = 0; i < nevB + 2; i++) {
    await page.keyboard.press('ArrowRight');
    const c = await cursors();
    if (c.B.event === p.B.event) break;
    assert.ok(c.A.event >= p.A.event);
    if (c.B.path) {
      assert.equal(c.A.exact, true);
      assert.deepEqual(c.A.path, c.B.path);
    }
    p = c;
  }
  assert.equal(p.B.event, nevB - 1, 'stepped to the end of B');
  await page.keyboard.press('a'); // the keymap's drive switch
  assert.equal((await snapshot(page)).compare.drive, 'A');
});

test('compare mode has every control explore has: jumps, play at a speed, zoom, the card', async () => {
  await page.locator('#cmp-tree-A').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('m'); // next mismatch, on A's tape
  await settle(page);
  const s = (await snapshot(page)).compare;
  assert.ok(s.A.cursor.event > 0);
  await page.keyboard.press('Home');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  const speed = (await snapshot(page)).speed;
  await page.keyboard.press(' ');
  await page.waitForFunction(() => window.prunescope.snapshot().compare.A.cursor.event > 3);
  await page.keyboard.press(' ');
  // playing was true (the cursor moved by itself): wait for the pause, then check it holds
  await page.waitForFunction(() => window.prunescope.snapshot().playing === false);
  const paused = (await snapshot(page)).compare.A.cursor.event;
  await settle(page);
  await settle(page);
  assert.equal((await snapshot(page)).compare.A.cursor.event, paused, 'the cursor stays where the pause left it');
  assert.ok(speed > 25);
  await page.keyboard.press('z');
  await settle(page);
  assert.equal(await hook(page, () => window.prunescope.snapshot().compare.selected.A >= 0), true);
  const card = await text(page, '#shortcuts');
  for (const words of ['next cut-off', 'play faster', 'fit / zoom to cursor', 'next node the other never visited', 'side by side / ghost tree']) {
    assert.ok(card.includes(words), `the compare card lists "${words}"`);
  }
  assert.ok(!card.includes('collapse'), 'nothing collapses in compare mode');
  await run(page, 'view.fit');
});

test('selecting a node selects its match and shows both subtree sizes', async () => {
  // the sizes are results: clicking a node puts the cursor at its entry, where they are not
  // known yet; Final results shows every result at once
  await compareToEnd(page);
  await page.check('#finals');
  const a1 = await nodeAt('A', [1]);
  const [x, y] = await hook(page, (i) => window.prunescope.screenOf('A', i), a1);
  await page.mouse.click(x, y);
  await settle(page);
  const sel = (await snapshot(page)).compare.selected;
  assert.deepEqual(sel, { A: a1, B: await nodeAt('B', [1]) });
  assert.equal(await text(page, '#cmp-sub-A'), '4');
  assert.equal(await text(page, '#cmp-sub-B'), '2');
  assert.equal(await text(page, '#cmp-sub-diff'), '−2');
  assert.match(await text(page, '#cmp-sel'), /path\s+1/);
  const [x2, y2] = await hook(page, (i) => window.prunescope.screenOf('B', i), await nodeAt('B', [2]));
  await page.mouse.click(x2, y2);
  await settle(page);
  assert.equal(await text(page, '#cmp-sub-A'), '4');
  assert.equal(await text(page, '#cmp-sub-B'), '4');
  assert.equal(await text(page, '#cmp-sub-diff'), '±0');
  await shot(page, 'compare-04-selected.png');
  await page.uncheck('#finals');
  await settle(page);
  assert.equal(await text(page, '#cmp-sub-B'), '–', 'without Final results, at the node\'s entry');
});

test('zoom and pan are shared by both views', async () => {
  const box = await page.locator('#cmp-tree-A').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await page.mouse.move(box.x + 200, box.y + 300);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 330, { steps: 4 });
  await page.mouse.up();
  await settle(page);
  assert.deepEqual(await onCanvas('A', await nodeAt('A', [2, 0])), await onCanvas('B', await nodeAt('B', [2, 0])));
  await shot(page, 'compare-05-zoomed.png');
  await page.click('#fit');
  await settle(page);
});

test('swap exchanges A and B', async () => {
  await page.click('#cmp-swap');
  await settle(page);
  // the results show at the end of the driving search
  await compareToEnd(page);
  assert.equal(await page.inputValue('#cmp-algo-A'), 'alphabeta');
  assert.equal(await page.inputValue('#cmp-algo-B'), 'minimax');
  assert.equal(await text(page, '#cmp-only-a'), '0');
  assert.equal(await text(page, '#cmp-only-b'), '2');
  assert.equal(await text(page, '#cmp-nodes-A'), '11');
  await page.click('#cmp-swap');
  await settle(page);
  await compareToEnd(page);
  assert.equal(await text(page, '#cmp-only-a'), '2');
});

test('saving and opening traces: the page and the CLI write the same files', async () => {
  // A saved by the page as JSON (the worker writes it with the core's writer) = the CLI's golden
  await page.selectOption('#save-format', 'json');
  const download = page.waitForEvent('download');
  await page.click('#cmp-save-A');
  const dl = await download;
  assert.match(dl.suggestedFilename(), /^prunescope-tree-minimax\.json$/);
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

  // a CLI-written trace opened as B: the same comparison (a new one: its generation moves)
  const g = (await snapshot(page)).compare.generation;
  await page.setInputFiles('#cmp-file-B', GOLDEN('russell-norvig-alphabeta.json'));
  await page.waitForFunction((g) => window.prunescope.snapshot().compare.generation > g, g);
  await compareToEnd(page);
  assert.match(await text(page, '#cmp-notice'), /Opened russell-norvig-alphabeta\.json as B/);
  assert.equal(await text(page, '#cmp-only-a'), '2');
  assert.match(await text(page, '#cmp-cap-B'), /russell-norvig-alphabeta\.json/);
  assert.equal(await page.inputValue('#cmp-algo-B'), 'alphabeta', "the file's configuration is shown");
  // the page's own file opened as B: A against itself
  const g2 = (await snapshot(page)).compare.generation;
  await page.setInputFiles('#cmp-file-B', saved);
  await page.waitForFunction((g) => window.prunescope.snapshot().compare.generation > g, g2);
  assert.equal((await snapshot(page)).compare.diff.onlyA, 0);
  await compareToEnd(page);
  assert.equal(await text(page, '#cmp-both'), '13');

  // a corrupt file: a clear message, and nothing on the page is lost
  const bad = path.join(tmp, 'broken.json');
  writeFileSync(bad, readFileSync(saved, 'utf8').slice(0, 500));
  await page.setInputFiles('#cmp-file-A', bad);
  await page.waitForFunction(() => /Cannot open broken\.json/.test(document.getElementById('cmp-notice').textContent));
  assert.match(await text(page, '#cmp-notice'), /the file ends early/);
  const s = (await snapshot(page)).compare;
  assert.equal(s.A.nodes, 13);
  assert.ok(s.diff, 'the comparison stays');
  const v1 = path.join(tmp, 'v1.json');
  writeFileSync(v1, readFileSync(saved, 'utf8').replace('"version":5', '"version":1'));
  await page.setInputFiles('#cmp-file-A', v1);
  await page.waitForFunction(() => /version 1 is not supported/.test(document.getElementById('cmp-notice').textContent));
  await shot(page, 'compare-06-files.png');
});

test('a chess comparison: null move off vs on', async () => {
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '3');
  await page.selectOption('#cmp-preset', 'null');
  const s = (await runCompare(page, 90_000)).compare;
  const r = await hook(page, () => {
    const p = window.prunescope;
    const n = p.snapshot().compare.B.nodes;
    let nulls = 0;
    for (let i = 0; i < n; i++) if (p.node('B', i).kind === 'null') nulls++;
    return { nulls };
  });
  assert.ok(r.nulls > 0, 'B makes null moves');
  const d = s.diff;
  assert.equal(d.onlyA + d.both, d.nA);
  assert.equal(d.onlyB + d.both, d.nB);
  assert.deepEqual([s.A.roots, s.B.roots], [3, 3], 'iterative deepening: the k-th root search matches the k-th');
  assert.match(await text(page, '#cmp-config-B'), /null_move/);
  // the board shows the driving side's position once chessground, loaded by the first chess
  // search (www/views/board.js), has drawn it: the card was hidden on the trees before
  await page.waitForSelector('#board-card', { state: 'visible', timeout: 30_000 });
  await page.click('#cmp-view-ghost');
  await settle(page);
  await settle(page);
  assert.ok((await hook(page, () => window.prunescope.ghostStubs().length)) > 0);
  await shot(page, 'compare-07-chess-ghost.png');
  await page.click('#cmp-view-side');
  await settle(page);
  await shot(page, 'compare-08-chess-side.png');
  await page.fill('#chess-depth', '4');
  await page.click('#tab-tree');
});

test('Stop in compare mode keeps both partial traces and compares them', async () => {
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '12');
  await page.fill('#cmp-cap', '50000000');
  await page.selectOption('#cmp-preset', 'mm-ab');
  const g = (await snapshot(page)).compare.generation;
  const ga = (await snapshot(page)).compare.A.generation;
  await page.click('#cmp-run');
  await page.waitForFunction((ga) => {
    const c = window.prunescope.snapshot().compare;
    return c.A.generation > ga && c.A.nodes > 5000 && c.B.nodes > 5000;
  }, ga, { timeout: 20_000, polling: 5 });
  await page.click('#cmp-stop');
  await page.waitForFunction((g) => window.prunescope.snapshot().compare.generation > g, g);
  const s = (await snapshot(page)).compare;
  assert.equal(s.A.status, 'stopped');
  assert.equal(s.B.status, 'stopped');
  assert.equal(s.diff.nA, s.A.nodes);
  await page.fill('#cmp-cap', '2000000');
  await page.fill('#chess-depth', '4');
  await page.click('#tab-tree');
});

test('explore opens a trace, restoring the inputs it was made from', async () => {
  await page.click('#mode-explore');
  // change every input first, so that the file has something to restore
  await page.click('#tab-random');
  await page.selectOption('#algo', 'pvs');
  const s = await whenTraceEnds(page, 'explore', () => page.setInputFiles('#open-file', GOLDEN('russell-norvig-alphabeta.json')));
  assert.equal(s.nodes, 11);
  assert.equal(s.value, 3);
  assert.equal(s.file, 'russell-norvig-alphabeta.json');
  assert.equal(await text(page, '#sum-value'), '3');
  assert.match(await text(page, '#notice'), /Opened russell-norvig-alphabeta\.json: 11 nodes of alphabeta/);
  assert.equal(await page.getAttribute('#tab-tree', 'aria-selected'), 'true', 'the tab');
  assert.equal(await page.inputValue('#tree-text'), RN_TREE, 'the tree text');
  assert.equal(await page.inputValue('#algo'), 'alphabeta', 'the algorithm');
  // Start reruns the same search
  const again = await whenTraceEnds(page, 'explore', () => page.click('#start'));
  assert.deepEqual([again.nodes, again.value, again.file], [11, 3, null]);
});

test('opening a second trace of the same size shows its own values at once', async () => {
  // two minimax traces of trees of one shape (13 nodes each), with different root values
  await page.selectOption('#algo', 'minimax');
  await page.selectOption('#save-format', 'json');
  const files = [];
  for (const tree of ['((3 12 8) (2 4 6) (14 5 2))', '((4 13 9) (3 5 7) (15 6 3))']) {
    await page.fill('#tree-text', tree);
    await page.waitForFunction(() => /valid/.test(document.getElementById('tree-ok').textContent));
    await whenTraceEnds(page, 'explore', () => page.click('#start'));
    const dl = page.waitForEvent('download');
    await page.click('#save-trace');
    const f = path.join(tmp, `same-size-${files.length}.json`);
    await (await dl).saveAs(f);
    files.push(f);
  }
  const one = await whenTraceEnds(page, 'explore', () => page.setInputFiles('#open-file', files[0]));
  assert.equal(await text(page, '#sum-value'), '3');
  const two = await whenTraceEnds(page, 'explore', () => page.setInputFiles('#open-file', files[1]));
  assert.equal(one.nodes, two.nodes);
  assert.equal(await text(page, '#sum-value'), '4', 'the new root value, without a forced redraw');
  await page.selectOption('#tree-preset', 'rn');
  await page.selectOption('#algo', 'alphabeta');
});

test('explore saves what it shows in both formats, a search stopped by hand too', async () => {
  await page.click('#tab-tree');
  await page.selectOption('#tree-preset', 'rn');
  await page.selectOption('#algo', 'pvs');
  await whenTraceEnds(page, 'explore', () => page.click('#start'));
  await page.selectOption('#save-format', 'json');
  let dl = page.waitForEvent('download');
  await page.click('#save-trace');
  const p2 = path.join(tmp, 'pvs.json');
  await (await dl).saveAs(p2);
  assert.deepEqual(JSON.parse(readFileSync(p2, 'utf8')).nodes, JSON.parse(readFileSync(GOLDEN('russell-norvig-pvs.json'), 'utf8')).nodes);
  // the compact format: a quarter of the size or less, and it opens node for node
  await page.selectOption('#save-format', 'binary');
  dl = page.waitForEvent('download');
  await page.click('#save-trace');
  const d3 = await dl;
  assert.match(d3.suggestedFilename(), /\.pstrace$/);
  const p3 = path.join(tmp, 'pvs.pstrace');
  await d3.saveAs(p3);
  assert.ok(readFileSync(p3).length * 4 < readFileSync(p2).length);
  const before = (await snapshot(page)).explore;
  const again = await whenTraceEnds(page, 'explore', () => page.setInputFiles('#open-file', p3));
  assert.deepEqual([again.nodes, again.value], [before.nodes, before.value]);
  for (const id of [0, 3, 7]) {
    const [x, y] = await hook(page, (i) => window.prunescope.node('explore', i), id).then((n) => [n.value, n.reason]);
    assert.deepEqual([x, y], [JSON.parse(readFileSync(p2, 'utf8')).nodes[id].value, JSON.parse(readFileSync(p2, 'utf8')).nodes[id].reason]);
  }
  // a search stopped with Stop saves, and opens again with every node it had
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '12');
  await page.selectOption('#algo', 'minimax');
  const g = (await snapshot(page)).explore.generation;
  await page.click('#start');
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.nodes > 20000;
  }, g, { timeout: 20_000, polling: 5 });
  await page.click('#stop');
  const held = (await snapshot(page)).explore.nodes;
  dl = page.waitForEvent('download');
  await page.click('#save-trace');
  const p4 = path.join(tmp, 'stopped.pstrace');
  await (await dl).saveAs(p4);
  const reopened = await whenTraceEnds(page, 'explore', () => page.setInputFiles('#open-file', p4));
  assert.equal(reopened.nodes, held);
  assert.match(await text(page, '#notice'), /stopped by hand/);
  await page.fill('#chess-depth', '4');
  await page.selectOption('#algo', 'alphabeta');
  await page.click('#tab-tree');
});

test('no console errors or warnings in compare mode', () => {
  assert.deepEqual(problems, []);
});
