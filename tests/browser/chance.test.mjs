// Chance searches in explore (issue 20 §3): a tree with chance nodes is searched by expectimax,
// Star1 and Star2 through the page's own worker, wasm and store; the root value is the CLI's
// exact fraction; Star1's pruned branch names the bound that fired (Ballard's B_i) in the
// inspector and the narration; stepping moves the cursor; the share link reopens the search;
// axe finds nothing with the chance tree shown. Every wait waits for a NEW state (a trace's
// generation and status, the cursor's event), never for a fixed time. Screenshots:
// target/screenshots/chance-*.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { collectProblems } from './chromium.mjs';
import { ROOT, SHOTS, run, runSearch, settle, setup, snapshot, text } from './hook.mjs';
import { chanceTreeText } from './bench-search.mjs';

// Star1 prunes the last branch of the second chance node: after its branches 0 and 1 (1 and 2),
// even with the rest at U = 10 its average, 13/3, stays below the first chance node's 19/3.
const TREE = 'bounds 0 10 ([1:5 2:(7 9)] [1:1 1:2 1:9])';
const ALGOS = ['expectimax', 'star1', 'star2'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// The CLI that scripts/test.sh's cargo-test step builds (debug), else a release build.
const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target');
const CLI = existsSync(path.join(TARGET, 'debug/prunescope'))
  ? path.join(TARGET, 'debug/prunescope')
  : path.join(TARGET, 'release/prunescope');
/** The CLI's exact root value of `algo` on TREE, as the page prints it (minus as "−"): `--json`
 * prints the trace (issue 32 §1), its root value over `summary.scale`, written here in lowest
 * terms by the test's own Euclid. */
function cliValue(algo) {
  const { summary } = JSON.parse(execFileSync(CLI, ['tree', '--algo', algo, TREE, '--json'], { encoding: 'utf8' }));
  const scale = summary.scale ?? 1;
  let [a, b] = [Math.abs(summary.value), scale];
  while (b) [a, b] = [b, a % b];
  const [n, d] = [summary.value / a, scale / a];
  return (d === 1 ? String(n) : `${n}/${d}`).replace(/^-/, '−');
}

let env;
before(async () => {
  assert.ok(existsSync(CLI), `${CLI} is missing: build it with cargo build`);
  env = await setup();
});
after(async () => env?.close());

async function openPage({ width, height, hash = '', problems }) {
  const context = await env.browser.newContext({ viewport: { width, height }, hasTouch: width < 600, isMobile: width < 600 });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  collectProblems(page, problems);
  page.once('close', () => context.close().catch(() => {}));
  await page.goto(env.server.url + 'index.html' + hash);
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 20_000 });
  await settle(page);
  return page;
}

const options = (page) => page.$$eval('#algo option', (os) => os.map((o) => o.value));

/** Types TREE in the tree field and waits for the algorithm menu to offer the chance searches. */
async function typeChanceTree(page) {
  await page.click('#tab-tree');
  await page.fill('#tree-text', TREE);
  await page.waitForFunction(() => [...document.querySelectorAll('#algo option')].some((o) => o.value === 'star1'));
}

test('explore runs expectimax, Star1 and Star2 on a chance tree: the CLI\'s exact values, the bound that fired, stepping, the share link', async () => {
  const problems = [];
  const page = await openPage({ width: 1280, height: 720, problems });
  // without chance nodes the chance searches are not offered
  await page.click('#tab-tree');
  await page.selectOption('#tree-preset', 'rn');
  await settle(page);
  assert.ok(!(await options(page)).includes('star1'), 'a tree without chance nodes offers no chance search');
  await typeChanceTree(page);
  const offered = await options(page);
  for (const a of ALGOS) assert.ok(offered.includes(a), `${a} offered for a chance tree`);
  assert.equal(await page.inputValue('#algo'), 'star1');

  // alpha-beta on a chance tree: the core's refusal, in its words, and no search
  await page.selectOption('#algo', 'alphabeta');
  const gen0 = (await snapshot(page)).explore.generation;
  await page.click('#start');
  await page.waitForFunction(() => document.getElementById('tech-err').textContent.includes('chance node'));
  assert.match(await text(page, '#tech-err'), /no rule for a chance node; use expectimax, star1 or star2/);
  assert.equal((await snapshot(page)).explore.generation, gen0);

  for (const algo of ALGOS) {
    await page.selectOption('#algo', algo);
    await runSearch(page);
    const s = (await snapshot(page)).explore;
    assert.equal(s.status, 'done', `${algo}: ${JSON.stringify(s.notice)}`);
    assert.equal(s.config.chance, algo);
    await run(page, 'step.last'); // an explicit tree opens at its first event (issue 29 §3)
    await page.waitForFunction(() => { const e = window.prunescope.snapshot().explore; return e.cursor.event === e.events - 1; });
    await settle(page);
    const want = cliValue(algo);
    assert.equal(want, '19/3');
    assert.equal((await text(page, '#sum-value')).trim(), want, `${algo}: the page's root value is the CLI's`);
  }

  // Star1: the second chance node's last branch is pruned, and the inspector names the bound
  await page.selectOption('#algo', 'star1');
  await runSearch(page);
  const chanceNode = await page.evaluate(() => window.prunescope.nodeAt('explore', [1]));
  assert.ok(chanceNode > 0);
  await page.evaluate((id) => window.prunescope.select('explore', id), chanceNode);
  // selecting puts the cursor at the node's entry: step over its subtree, to its return
  const entered = (await snapshot(page)).explore.cursor.event;
  await run(page, 'step.over');
  await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, entered);
  // the inspector renders on the next frame: until then it may still show the node's entry
  await settle(page);
  await page.waitForSelector('#insp-chance-rule');
  // MAX's view (MIN moves at the chance node): the CLI's "child 1 returned -2 >= B_1 = -8"
  assert.equal(await text(page, '#insp-chance-rule'), 'child 1 returned 2 ≤ 8 = −B_1');
  assert.match(await text(page, '.pruned-list'), /1\.2/);
  assert.equal((await snapshot(page)).explore.marks.cutoff >= 1, true);

  // stepping: to the first cut-off (the chance cut-off), the cursor moves and the narration
  // says which bound fired and what it pruned
  await run(page, 'step.first');
  // the first event: a state the cursor (at the node's return) did not have
  await page.waitForFunction(() => window.prunescope.snapshot().explore.cursor.event === 0);
  let before = (await snapshot(page)).explore.cursor.event;
  await run(page, 'step.forward');
  await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, before);
  before = (await snapshot(page)).explore.cursor.event;
  await run(page, 'jump.cutoff');
  await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, before);
  const at = (await snapshot(page)).explore.cursor;
  assert.equal(at.kind, 'chance cut-off');
  assert.equal(at.node, chanceNode);
  await settle(page);
  assert.match(await text(page, '#narration'), /Chance cut-off at .*: child 1 returned 2 ≤ 8 = −B_1, so branch 2 is pruned\./);
  await page.screenshot({ path: path.join(SHOTS, 'chance-1280x720.png') });

  // axe: nothing with the chance tree shown (and a node selected)
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);

  // the share link: algo=star1 with the chance tree text, reopened in a new page
  const link = await page.evaluate(() => window.prunescope.shareLink());
  assert.match(link, /[#&]algo=star1(&|$)/);
  const hash = link.slice(link.indexOf('#'));
  const again = await openPage({ width: 390, height: 844, hash, problems });
  await again.waitForFunction(() => window.prunescope.snapshot().explore.status === 'done' && window.prunescope.snapshot().explore.config?.chance === 'star1');
  assert.equal((await snapshot(again)).explore.input.text, TREE);
  // the link keeps the cursor where it was (at the chance cut-off): the same narration; at
  // the end, the root value
  await settle(again);
  assert.match(await text(again, '#narration'), /child 1 returned 2 ≤ 8 = −B_1, so branch 2 is pruned\./);
  const linked = (await snapshot(again)).explore.cursor.event;
  await run(again, 'step.last');
  await again.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, linked);
  await settle(again);
  assert.equal((await text(again, '#sum-value')).trim(), '19/3');
  await again.screenshot({ path: path.join(SHOTS, 'chance-390x844.png'), fullPage: true });
  assert.deepEqual(problems, []);
});

test('a chance exercise\'s Play the search (beside its solution) plays its Star1 search in explore: the root value is the key\'s exact fraction', async () => {
  const problems = [];
  const page = await openPage({ width: 1280, height: 720, problems });
  const g0 = (await snapshot(page)).exercise.generation;
  await page.evaluate(() => window.prunescope.openExercise({ seed: '3', chance: '1', algo: 'star1', b: '2', d: '2', values: '0..9' }));
  await page.waitForFunction((g) => window.prunescope.snapshot().exercise.generation > g, g0);
  const e = (await snapshot(page)).exercise;
  const g = (await snapshot(page)).explore.generation;
  // Show solution fills the exercise's tree (issue 28 §2); Play the search, beside it, plays it
  await page.click('#ex-solution');
  await page.locator('#ex-play').click();
  await page.waitForFunction((x) => { const t = window.prunescope.snapshot().explore; return t.generation > x && t.status === 'done'; }, g);
  const s = await snapshot(page);
  assert.equal(s.mode, 'explore');
  assert.equal(s.explore.config.chance, 'star1');
  assert.equal(s.explore.input.text, e.tree);
  await page.locator('#tree').focus();
  await page.keyboard.press('End');
  await page.waitForFunction(() => { const s = window.prunescope.snapshot(); return !s.playing && s.explore.cursor.event === s.explore.events - 1; });
  await settle(page);
  assert.equal((await text(page, '#sum-value')).trim(), e.key.nodes[0].answer.replace(/^-/, '−'));
  assert.deepEqual(problems, []);
});

test('a chance search\'s trace file written by the CLI opens in the page: exact values, the chance search named, players from the trace', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'prunescope-chance-'));
  const file = path.join(dir, 'star1.pstrace');
  execFileSync(CLI, ['tree', '--algo', 'star1', TREE, '--trace', file]);
  const problems = [];
  const page = await openPage({ width: 1280, height: 720, problems });
  const g = (await snapshot(page)).explore.openEnded;
  await page.setInputFiles('#open-file', file);
  await page.waitForFunction((x) => window.prunescope.snapshot().explore.openEnded > x, g);
  const s = (await snapshot(page)).explore;
  assert.equal(s.status, 'done', JSON.stringify(s.notice));
  assert.equal(s.config.chance, 'star1');
  await settle(page);
  assert.equal(await page.inputValue('#algo'), 'star1', 'the menu shows the chance search');
  await run(page, 'step.last');
  await page.waitForFunction(() => { const e = window.prunescope.snapshot().explore; return e.cursor.event === e.events - 1; });
  await settle(page);
  assert.equal((await text(page, '#sum-value')).trim(), '19/3');
  // the chance node's inspector: a chance node (what it averages; MIN moves after it), its
  // exact value from MAX's view
  const id = await page.evaluate(() => window.prunescope.nodeAt('explore', [0]));
  await page.evaluate((n) => window.prunescope.select('explore', n), id);
  const entered = (await snapshot(page)).explore.cursor.event;
  await run(page, 'step.over');
  await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, entered);
  await settle(page);
  const insp = await text(page, '#inspector');
  assert.match(insp, /kind\s+chance node/);
  assert.match(insp, /ply 1 · chance node: nobody chooses; its value is the average of its 2 branches, each weighted by its probability w\/S; MIN moves after it/);
  assert.doesNotMatch(insp, /MIN to move/);
  assert.equal(await text(page, '#insp-value'), '19/3');
  rmSync(dir, { recursive: true, force: true });
  assert.deepEqual(problems, []);
});

test('the accessible tree says "chance node" at a chance node, with its exact value', async () => {
  const problems = [];
  const page = await openPage({ width: 1280, height: 720, problems });
  await typeChanceTree(page);
  await runSearch(page);
  await run(page, 'step.last');
  await page.waitForFunction(() => { const e = window.prunescope.snapshot().explore; return e.cursor.event === e.events - 1; });
  // the accessible tree follows the cursor on the next frame; the items of the cursor before
  // (the search's end) would satisfy a wait for any treeitem
  await settle(page);
  await page.focus('#a11y-tree');
  await page.waitForSelector('#a11y-tree [role="treeitem"]');
  const labels = await page.$$eval('#a11y-tree [role="treeitem"]', (els) => els.map((e) => e.getAttribute('aria-label')));
  assert.ok(labels.some((l) => /^chance node 0, window 0 to 10, returned 19\/3/.test(l)), labels.join(' | '));
  assert.ok(labels.some((l) => /^chance node 1, .*returned 13\/3, cut-off, 1 move pruned/.test(l)), labels.join(' | '));
  assert.deepEqual(problems, []);
});

// Issue 32 §5: a chain of nested one-branch chance nodes under `bounds 0 1` (612 bytes) that
// Star2 searches without end (it probes, then searches, every decision node below a chance node:
// the search doubles at every level). It grew to 2.5 GB and the page reported "The search core
// crashed: unreachable". A chance search now streams like every search: its nodes arrive while
// it runs, and Stop ends it at once with what was received.
test('a chance search streams into the page while it runs, and Stop ends it cleanly', async () => {
  const problems = [];
  const page = await openPage({ width: 1280, height: 720, problems });
  let chain = '[1:1]';
  for (let i = 0; i < 99; i++) chain = `[1:(${chain})]`;
  const text612 = `bounds 0 1 (${chain})`;
  assert.equal(text612.length, 612);
  await page.click('#tab-tree');
  await page.fill('#tree-text', text612);
  await page.waitForFunction(() => [...document.querySelectorAll('#algo option')].some((o) => o.value === 'star2'));
  await page.selectOption('#algo', 'star2');
  await page.fill('#node-cap', '50000000');
  const g = (await snapshot(page)).explore.generation;
  await page.click('#start');
  // nodes received while the search still runs: the search streams
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'running' && s.nodes > 20000;
  }, g, { timeout: 30_000, polling: 5 });
  await page.click('#stop');
  const s = (await snapshot(page)).explore;
  assert.equal(s.status, 'stopped');
  await settle(page);
  assert.match(await text(page, '#notice'), /^Stopped after/);
  assert.doesNotMatch(await text(page, '#notice'), /crashed/);
  await page.fill('#node-cap', '2000000');
  assert.deepEqual(problems, []);
  await page.close();
});

// Chance at scale (issue 32 §6): a generated chance tree, the scale benchmark's generator at 8
// levels (28,276 nodes, several batches of the worker's 8,192), streams into the page by
// expectimax and finishes: every node of the CLI's search, its exact root value, the trace
// taken in batch by batch, no early stop. (scale-bench.mjs --only chance streams the 11-level
// tree of 1,085,812 nodes and reports its memory.)
test('a generated chance tree of 28,276 nodes streams into the page batch by batch and finishes with the CLI\'s nodes and value', async () => {
  const problems = [];
  const page = await openPage({ width: 1280, height: 720, problems });
  const { text: tree, nodes } = chanceTreeText({ levels: 8 });
  assert.equal(nodes, 28276);
  const cli = JSON.parse(execFileSync(CLI, ['tree', '--algo', 'expectimax', '--json', '-'], { input: tree, encoding: 'utf8', maxBuffer: 1 << 28 })).summary;
  assert.equal(cli.nodes, nodes, 'the CLI searches every node of the tree');
  await page.click('#tab-tree');
  await page.fill('#tree-text', tree);
  await page.waitForFunction(() => [...document.querySelectorAll('#algo option')].some((o) => o.value === 'expectimax'));
  await page.selectOption('#algo', 'expectimax');
  const g = (await snapshot(page)).explore.generation;
  await page.click('#start');
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status !== 'running';
  }, g, { timeout: 120_000, polling: 50 });
  await settle(page);
  const s = (await snapshot(page)).explore;
  assert.equal(s.status, 'done');
  assert.equal(s.aborted, false);
  assert.equal(s.nodes, nodes);
  assert.equal(s.value, cli.value, `root value over the scale ${cli.scale}`);
  assert.ok(s.batches >= Math.ceil(nodes / 8192), `taken in as ${s.batches} batches`);
  assert.equal(s.notice, null, 'no notice: no node cap, no memory budget');
  await page.screenshot({ path: path.join(SHOTS, 'chance-generated.png') });
  assert.deepEqual(problems, []);
  await page.close();
});

// Star2 probes a chance node's branches before it searches them (Ballard 1983, §4): a cut-off
// in that probing phase tried its branches as probes only (node kind `probe`). The narration
// called it "a chance cut-off after 1 of 1 branch", as if the branch had been searched.
test('the narration of Star2: a cut-off while probing says it probed its branches', async () => {
  const problems = [];
  const page = await openPage({ width: 1280, height: 720, problems });
  const exitNarration = async (id) => {
    await page.evaluate((i) => window.prunescope.select('explore', i), id);
    const entered = (await snapshot(page)).explore.cursor.event;
    await run(page, 'step.over');
    await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, entered);
    await settle(page);
    return text(page, '#narration');
  };
  // bounds 0 1 ([1:([1:([1:1])])]): node 0.0.0, a chance node below Star2's probe of 0.0,
  // probes its one branch and fails high (the CLI's trace: its only child is a probe)
  await page.click('#tab-tree');
  await page.fill('#tree-text', 'bounds 0 1 ([1:([1:([1:1])])])');
  await page.waitForFunction(() => [...document.querySelectorAll('#algo option')].some((o) => o.value === 'star2'));
  await page.selectOption('#algo', 'star2');
  await runSearch(page);
  const probing = await page.evaluate(() => window.prunescope.nodeAt('explore', [0, 0, 0]));
  const n = await page.evaluate((i) => window.prunescope.node('explore', i), probing);
  assert.equal(n.kind, 'chance');
  assert.equal(n.reason, 'chance_fail_high');
  const kids = await page.evaluate((ids) => ids.map((i) => window.prunescope.node('explore', i).kind), n.children);
  assert.deepEqual(kids, ['probe']);
  assert.match(await exitNarration(probing), /returns 1 after probing 1 of 1 branch \(Star2’s probe phase: a chance cut-off\)/);

  assert.deepEqual(problems, []);
});
