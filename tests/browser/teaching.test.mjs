// Teaching alpha-beta (issue 10) end to end in headless Chromium: spoiler-free stepping with
// the "Final results" toggle, the MAX/MIN wording, the glossary, the Russell–Norvig figure with
// its pruned leaves drawn greyed, stubs for chess, and the polish items.
//
//   node --test tests/browser/teaching.test.mjs
//
// Screenshots go to target/screenshots/ (teach-*.png).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openPage, settle, snapshot, hook, runSearch, run, text, shot, whenTraceEnds, toCompare, runCompare } from './hook.mjs';

let env, page;
const problems = [];

before(async () => {
  env = await setup();
  page = await openPage(env, { problems });
});

after(() => env?.close());

const node = (id) => hook(page, (i) => window.prunescope.node('explore', i), id);
const nodeAt = (path) => hook(page, (p) => window.prunescope.nodeAt('explore', p), path);
const drawn = async () => {
  await hook(page, () => window.prunescope.frame());
  return hook(page, () => window.prunescope.drawn());
};
const cursor = async () => (await snapshot(page)).explore.cursor;
/** Moves the cursor to event `e` (0-based) by Home and → presses, as a student would. */
async function toEvent(e) {
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  for (let k = 0; k < e; k++) await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal((await cursor()).event, e);
}
const inspector = () => text(page, '#inspector');

test('spoiler-free stepping: values are "?" until a node returns; Final results shows them', async () => {
  const s = await runSearch(page);
  assert.equal(s.value, 3);
  const n1 = await nodeAt([1]);
  const r1 = await node(n1);
  // at node 1's entry nothing about its result is known yet
  await hook(page, (id) => window.prunescope.select('explore', id), n1);
  await settle(page);
  assert.equal((await cursor()).kind, 'enter');
  let insp = await inspector();
  assert.match(insp, /value\s+\?\s+not returned yet at this step/);
  assert.match(insp, /actual type\s+decided when it returns/);
  assert.match(insp, /why it stopped\s+still searching/);
  assert.doesNotMatch(insp, /cut-off/);
  assert.equal(await text(page, '#sum-value'), '?');
  assert.match(await text(page, '#summary'), /not known yet at this step/);
  // the tree draws no pruned leaves before the cut-off
  assert.deepEqual((await drawn()).pruned, []);
  // one step before node 1 returns: still unknown; at its exit: value 2, CUT, α-cut-off
  const exitEv = (await hook(page, () => window.prunescope.snapshot().explore.events)) - 1;
  assert.ok(exitEv > 0);
  await page.locator('#tree').focus();
  await page.keyboard.press('c'); // the cut-off event at node 1
  await settle(page);
  assert.equal((await cursor()).node, n1);
  assert.equal((await cursor()).kind, 'cut-off');
  await hook(page, (id) => window.prunescope.select('explore', id), n1);
  await page.keyboard.press('c');
  await settle(page);
  insp = await inspector();
  assert.match(insp, /value\s+\?/, 'the cut-off event comes before the node returns');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal((await cursor()).kind, 'exit');
  insp = await inspector();
  assert.match(insp, /value\s+2\b/);
  assert.match(insp, /actual type\s+CUT/);
  assert.equal(r1.value, -2);
  // "Final results" shows everything at any step, and hides it again
  await page.keyboard.press('Home');
  await hook(page, (id) => window.prunescope.select('explore', id), n1);
  await settle(page);
  assert.match(await inspector(), /value\s+\?/);
  await page.click('#finals');
  await settle(page);
  assert.equal((await snapshot(page)).explore.cursor.event >= 0, true);
  insp = await inspector();
  assert.match(insp, /value\s+2\b/);
  assert.equal(await text(page, '#sum-value'), '3');
  assert.equal((await drawn()).pruned.length, 1);
  await shot(page, 'teach-01-finals.png');
  // the page's shortcuts act where no control has the focus (issue 29 §2): back on the tree
  await page.locator('#tree').focus();
  await page.keyboard.press('e');
  await settle(page);
  assert.equal(await page.isChecked('#finals'), false);
  assert.match(await inspector(), /value\s+\?/);
});

test('the Russell–Norvig figure: 3 12 8, 2 then 4 and 6 pruned and greyed with "2 ≤ α = 3", 14 5 2', async () => {
  await page.locator('#tree').focus();
  await page.keyboard.press('End');
  await run(page, 'view.fit');
  await settle(page);
  const d = await drawn();
  const n1 = await nodeAt([1]);
  assert.deepEqual(d.pruned, [{ id: n1, rule: '2 ≤ α = 3', values: [4, 6], labelled: true }]);
  // every searched leaf is labelled, and the pruned ones sit between 2 and 14
  const xs = [];
  for (const p of [[0, 0], [0, 1], [0, 2], [1, 0], [2, 0], [2, 1], [2, 2]]) xs.push((await hook(page, (id) => window.prunescope.screenOf('explore', id), await nodeAt(p)))[0]);
  for (let k = 1; k < xs.length; k++) assert.ok(xs[k] > xs[k - 1]);
  // two slots (the pruned 4 and 6) between leaf 1.0 and leaf 2.0
  const slot = xs[1] - xs[0];
  assert.ok(Math.abs(xs[4] - xs[3] - 3 * slot) < 1, `${xs}`);
  assert.equal(await text(page, '#sum-value'), '3');
  await shot(page, 'teach-02-russell-norvig.png');
  // the cut rule follows the view: negamax words in negamax view
  await page.keyboard.press('v');
  const dn = await drawn();
  assert.deepEqual(dn.pruned, [{ id: n1, rule: '−2 ≥ β = −3', values: [4, 6], labelled: true }]);
  await page.keyboard.press('v');
  await settle(page);
  // before the cut-off nothing is drawn; at the cut-off event the pruned leaves appear
  await hook(page, (id) => window.prunescope.select('explore', id), n1);
  await settle(page);
  assert.deepEqual((await drawn()).pruned, []);
  await page.keyboard.press('c');
  await settle(page);
  assert.equal((await cursor()).kind, 'cut-off');
  assert.deepEqual((await drawn()).pruned.map((p) => p.values), [[4, 6]]);
});

test('MAX/MIN wording in the inspector: α-cut-off, upper bound from MAX’s view; negamax words in negamax view', async () => {
  const n1 = await nodeAt([1]);
  await page.click('#finals');
  await hook(page, (id) => window.prunescope.select('explore', id), n1);
  await settle(page);
  let insp = await inspector();
  assert.match(insp, /what it means\s+upper bound — the true value is at most 2 for MAX \(fail-high for MIN, the side to move\)/);
  assert.match(insp, /why it stopped\s+α-cut-off/);
  assert.match(insp, /pruned\s+1\.1, 1\.2 \(2 by α-cut-off\)/);
  assert.doesNotMatch(insp, /best_index|research_of|beta cutoff|β-cut-off/);
  assert.match(insp, /best move\s+0 \(the 1st in the search order\)/);
  await run(page, 'view.maxmin');
  await settle(page);
  insp = await inspector();
  assert.match(insp, /what it means\s+lower bound \(fail-high\) — the true value is at least −2 for the side to move/);
  assert.match(insp, /why it stopped\s+β-cut-off/);
  await run(page, 'view.maxmin');
  await page.click('#finals');
  await settle(page);
});

test('null-move narration in one point of view: the MIN node’s verdict against α, as its window shows', async () => {
  await page.click('#tab-chess');
  // Black to move and a queen down: White, at the MIN plies, is far above β, so its null moves cut
  await page.fill('#fen', 'rnb1kbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1');
  await page.fill('#chess-depth', '4');
  await page.selectOption('#algo', 'pvs'); // null moves are tried at null-window nodes
  await page.evaluate(() => (document.getElementById('techniques').open = true));
  await page.check('#tech-switches input[data-enable="null_move"]');
  const s = await runSearch(page, 120_000);
  // a null-move child under a MIN node (odd ply)
  const nul = await hook(page, (n) => {
    for (let i = 0; i < n; i++) {
      const x = window.prunescope.node('explore', i);
      if (x.kind === 'null' && x.ply % 2 === 0) return i;
    }
    return -1;
  }, s.nodes);
  assert.ok(nul > 0, 'a null move under a MIN node');
  const parent = (await node(nul)).parent;
  await hook(page, (id) => window.prunescope.select('explore', id), nul);
  await page.locator('#tree').focus();
  await page.keyboard.press('ArrowDown'); // over the null move's subtree: its exit
  await page.keyboard.press('ArrowRight'); // the verdict at the parent
  await settle(page);
  const c = await cursor();
  assert.equal(c.kind, 'null move');
  assert.equal(c.node, parent);
  const words = await text(page, '#narration');
  const m = words.match(/returned (−?[\d#]+) (≤|>) α = (−?\d+)/);
  assert.ok(m, words);
  const p = await node(parent);
  assert.equal(m[3], String(-p.beta).replace('-', '−'), 'α is the MIN node’s window as the tree shows it');
  assert.doesNotMatch(words, /β/);
  await page.selectOption('#algo', 'alphabeta');
  await page.uncheck('#tech-switches input[data-enable="null_move"]');
  await page.selectOption('#fen-preset', { label: 'Start position' });
  await page.click('#tab-tree');
  await page.selectOption('#tree-preset', 'rn');
  await runSearch(page);
});

test('every term explains itself: hover shows it, a tap shows it in the help line', async () => {
  const n1 = await nodeAt([1]);
  await page.click('#finals');
  await hook(page, (id) => window.prunescope.select('explore', id), n1);
  await settle(page);
  const terms = await page.locator('#inspector button.term').evaluateAll((els) => els.map((e) => [e.textContent, e.dataset.term, e.title]));
  const keys = new Set(terms.map((t) => t[1]));
  for (const k of ['window', 'expected', 'actual', 'alpha-cutoff', 'upper-bound', 'fail-high', 'cut', 'pruned']) assert.ok(keys.has(k), `${k} in ${[...keys]}`);
  for (const [label, , title] of terms) assert.ok(title.length > 20, `${label} has words`);
  await page.locator('#inspector button.term[data-term="actual"]').click();
  assert.match(await text(page, '#term-help'), /actual type: .*expected ALL, actually PV/);
  // the narration's terms too
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('c');
  await settle(page);
  const nterms = await page.locator('#narration button.term').evaluateAll((els) => els.map((e) => e.dataset.term));
  assert.ok(nterms.includes('alpha-cutoff'), nterms.join());
  await page.locator('#narration button.term[data-term="alpha-cutoff"]').click();
  assert.match(await text(page, '#term-help'), /MAX will never come here/);
  await page.click('#finals');
  await settle(page);
});

test('polish: ↑ from an α raise at the root goes to the root’s next event, not the end', async () => {
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  // the first α raise at node 0
  await hook(page, () => {
    for (let k = 0; k < 40; k++) {
      const c = window.prunescope.snapshot().explore.cursor;
      if (c.kind === 'α raised' && c.node === 0) return;
      window.prunescope.run('step.forward');
    }
  });
  await settle(page);
  const c0 = await cursor();
  assert.equal(c0.kind, 'α raised');
  assert.equal(c0.node, 0);
  await page.keyboard.press('ArrowUp');
  await settle(page);
  const c1 = await cursor();
  assert.equal(c1.event, c0.event + 1);
  assert.ok(c1.event < (await snapshot(page)).explore.events - 1);
});

test('polish: one leaf says "1 leaf"; an empty parameter is refused in words', async () => {
  await page.fill('#tree-text', '(5)');
  await page.waitForFunction(() => /valid: 1 leaf,/.test(document.getElementById('tree-ok').textContent));
  await runSearch(page);
  await run(page, 'step.last'); // an explicit tree opens at its first event (issue 29 §3)
  await settle(page);
  assert.match(await text(page, '#summary'), /\(1 leaf\)/);
  await page.evaluate(() => (document.getElementById('techniques').open = true));
  await page.evaluate(() => (document.getElementById('tech-params').open = true));
  const f = page.locator('#tech-param-grid input').first();
  await f.fill('');
  await page.waitForFunction(() => document.getElementById('tech-err').textContent.length > 0);
  const msg = await text(page, '#tech-err');
  assert.doesNotMatch(msg, /invalid type|expected u32|serde/, msg);
  await f.fill(await f.getAttribute('min') ?? '1');
  // ticking "verified null move" ticks null move too
  const nm = page.locator('#tech-switches input[data-enable="null_move"]');
  const vn = page.locator('#tech-switches input[data-enable="verified_null"]');
  if (await nm.isChecked()) await nm.uncheck();
  await vn.check();
  await settle(page);
  assert.equal(await nm.isChecked(), true);
  await vn.uncheck();
  await nm.uncheck();
  await page.selectOption('#tree-preset', { index: 0 });
  await settle(page);
});

/** Opens a new page at `url` and waits until its search has ended and its cursor is placed. */
async function openLink(url, { waitCursor = true, side = 'explore' } = {}) {
  const p = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errs = [];
  p.on('pageerror', (e) => errs.push(e.message));
  await p.goto(url);
  await p.waitForFunction(
    ([side, waitCursor]) => {
      const s = window.prunescope?.snapshot();
      if (!s) return false;
      const t = side === 'explore' ? s.explore : s.compare.A;
      if (side !== 'explore' && !s.compare.diff) return false;
      return t.status === 'done' && (!waitCursor || (side === 'explore' ? t.cursor.event >= 0 : true));
    },
    [side, waitCursor],
    { timeout: 60_000 },
  );
  await settle(p);
  return { p, errs };
}

test('share link: input, configuration, view and cursor round-trip (Russell–Norvig lesson and chess)', async () => {
  await page.selectOption('#tree-preset', 'rn');
  await runSearch(page);
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('c');
  await settle(page);
  const before = await snapshot(page);
  await page.click('#copy-link');
  await settle(page);
  const url = await hook(page, () => window.prunescope.shareLink());
  assert.equal(await page.evaluate(() => location.href), url, 'Copy link puts the link in the address bar');
  assert.match(url, /#v=2&mode=explore&tree=/);
  const { p, errs } = await openLink(url);
  const after = await snapshot(p);
  assert.deepEqual(after.explore.input, before.explore.input);
  assert.deepEqual(after.explore.config, before.explore.config);
  assert.equal(after.explore.cursor.event, before.explore.cursor.event);
  assert.equal(after.explore.cursor.kind, 'cut-off');
  assert.equal(after.maxmin, true);
  assert.match(await p.locator('#narration').innerText(), /α-cut-off at node 1 \(MIN\) by move 0: 2 ≤ α = 3/);
  assert.deepEqual((await p.evaluate(() => { window.prunescope.frame(); return window.prunescope.drawn(); })).pruned.map((x) => x.rule), ['2 ≤ α = 3']);
  await p.screenshot({ path: 'target/screenshots/teach-03-share-rn.png' });
  assert.deepEqual(errs, []);
  await p.close();

  // chess with techniques, negamax view, Final results
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '3');
  await page.selectOption('#algo', 'pvs');
  await page.evaluate(() => (document.getElementById('techniques').open = true));
  for (const n of ['tt', 'null_move']) await page.check(`#tech-switches input[data-enable="${n}"]`);
  const s = await runSearch(page);
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  for (let k = 0; k < 25; k++) await page.keyboard.press('ArrowRight');
  await run(page, 'view.maxmin');
  await run(page, 'view.finals');
  await settle(page);
  const url2 = await hook(page, () => window.prunescope.shareLink());
  assert.match(url2, /enable=tt%2C\+?null_move|enable=tt%2C\+null_move|enable=tt/);
  const o = await openLink(url2);
  const a2 = await snapshot(o.p);
  assert.deepEqual(a2.explore.config, s.config);
  assert.deepEqual(a2.explore.input, s.input);
  assert.equal(a2.explore.nodes, s.nodes);
  assert.equal(a2.explore.cursor.event, 25);
  assert.equal(a2.maxmin, false);
  assert.equal(await o.p.isChecked('#finals'), true);
  await o.p.close();
  await run(page, 'view.maxmin');
  await run(page, 'view.finals');
  for (const n of ['tt', 'null_move']) await page.uncheck(`#tech-switches input[data-enable="${n}"]`);
  await page.selectOption('#algo', 'alphabeta');
  await page.click('#tab-tree');
});

test('share link of a comparison holds both configurations, the layout, the driving side and the cursor', async () => {
  await page.selectOption('#tree-preset', 'rn');
  await toCompare(page);
  await page.selectOption('#cmp-preset', 'mm-ab');
  const before = (await runCompare(page)).compare;
  await run(page, 'view.drive'); // B drives
  await run(page, 'view.ghost');
  await page.locator('#cmp-tree-ghost').focus();
  await page.keyboard.press('Home');
  for (let k = 0; k < 6; k++) await page.keyboard.press('ArrowRight');
  await settle(page);
  const url = await hook(page, () => window.prunescope.shareLink());
  assert.match(url, /mode=compare/);
  assert.match(url, /A\.algo=minimax/);
  assert.match(url, /B\.algo=alphabeta/);
  const { p, errs } = await openLink(url, { side: 'A' });
  await p.waitForFunction(() => window.prunescope.snapshot().compare.B.cursor.event === 6, null, { timeout: 20_000 });
  const after = (await snapshot(p)).compare;
  assert.deepEqual(after.A.config, before.A.config);
  assert.deepEqual(after.B.config, before.B.config);
  assert.deepEqual(after.A.input, before.A.input);
  assert.equal(after.drive, 'B');
  assert.equal(after.view, 'ghost');
  assert.deepEqual([after.diff.nA, after.diff.nB], [13, 11]);
  assert.deepEqual(errs, []);
  await p.close();
  await run(page, 'view.ghost');
  await run(page, 'view.drive');
  await page.click('#mode-explore');
  await settle(page);
});

test('the Russell–Norvig lesson link of docs/share-links.md opens at the α-cut-off', async () => {
  const doc = readFileSync(new URL('../../docs/share-links.md', import.meta.url), 'utf8');
  const frag = doc.match(/^index\.html#(v=2&mode=explore&tree=[^\s`]*)$/m)[1];
  const { p, errs } = await openLink(env.server.url + 'index.html#' + frag);
  assert.equal((await snapshot(p)).explore.cursor.kind, 'cut-off');
  assert.match(await p.locator('#narration').innerText(), /α-cut-off at node 1 \(MIN\) by move 0: 2 ≤ α = 3/);
  assert.deepEqual(errs, []);
  await p.close();
});

test('a version-1 link with algo=pvs opens as NegaScout, the nearest form, and its notice says what changed', async () => {
  // NegaScout proves this value without the line below node 7 (tests/pvs.rs).
  const tree = encodeURIComponent('(3 (((4))))');
  const v1 = await openLink(env.server.url + `index.html#v=1&tree=${tree}&algo=pvs`, { waitCursor: false });
  await v1.p.waitForFunction(() => /\(t − 1, β\)/.test(window.prunescope.snapshot().explore.notice?.text ?? ''), null, { timeout: 20_000 });
  const a = (await snapshot(v1.p)).explore;
  assert.equal(a.config.algo, 'pvs');
  assert.match(a.notice.text, /NegaScout/);
  assert.match(a.notice.text, /pvs_full/);
  assert.equal(a.nodes, 10);
  // The summary and the inspector say where the best line stops.
  await run(v1.p, 'view.finals');
  await settle(v1.p);
  assert.match(await text(v1.p, '#sum-line-proof'), /The value is proven; the line below node 7 is not known to this search/);
  // The same search by a version-2 link: no notice about the old form.
  const v2 = await openLink(env.server.url + `index.html#v=2&tree=${tree}&algo=pvs`, { waitCursor: false });
  const b = (await snapshot(v2.p)).explore;
  assert.equal(b.nodes, a.nodes);
  assert.ok(!/t − 1/.test(b.notice?.text ?? ''), b.notice?.text);
  // pvs_full, Fig. 4's form, proves the whole line.
  const v3 = await openLink(env.server.url + `index.html#v=2&tree=${tree}&algo=pvs_full`, { waitCursor: false });
  await run(v3.p, 'view.finals');
  await settle(v3.p);
  assert.equal(await v3.p.locator('#sum-line-proof').count(), 0);
  assert.deepEqual([...v1.errs, ...v2.errs, ...v3.errs], []);
  for (const x of [v1, v2, v3]) await x.p.close();
});

test('share link: every parameter is checked as untrusted input, by the core where it is the core’s', async () => {
  const base = env.server.url + 'index.html#';
  const cases = [
    ['v=3&tree=(1+2)&algo=alphabeta', /v: version 3 is not supported/],
    // issue 32 §5: a link without its version was ignored in silence
    ['tree=(1)', /v: missing: a share link starts with v=2/],
    ['v=1&tree=((1+2)&algo=alphabeta', /tree: .*line 1/],
    ['v=1&tree=(1+2)&algo=alphabeta&set=null_move.R%3D9', /null_move\.R/],
    ['v=1&tree=(1+2)&algo=magic', /magic/],
    ['v=1&tree=(1+2)&algo=alphabeta&cursor=-3', /cursor: .*not a whole number/],
    ['v=1&tree=(1+2)&algo=alphabeta&evil=%3Cimg%3E', /evil: unknown parameter/],
    ['v=1&fen=not+a+fen&algo=alphabeta', /fen/],
    ['v=1&random=3,4,1&order=p:7&algo=alphabeta', /order/],
  ];
  const p = await env.browser.newPage();
  for (const [frag, want] of cases) {
    await p.goto('about:blank');
    await p.goto(base + frag);
    await p.waitForFunction(() => /cannot be opened/.test(window.prunescope?.snapshot().explore.notice?.text ?? ''), null, { timeout: 20_000 });
    const n = (await p.evaluate(() => window.prunescope.snapshot().explore.notice.text));
    assert.match(n, want, frag);
    assert.equal(await p.evaluate(() => window.prunescope.snapshot().explore.generation > 0 && window.prunescope.snapshot().explore.status === 'done'), false, `${frag} ran nothing`);
  }
  await p.close();
});

test('quiz: a full round of step prediction by keyboard, with a right and a wrong answer, and a running score', async () => {
  await page.selectOption('#tree-preset', 'rn');
  await runSearch(page);
  await page.click('#quiz-start');
  await settle(page);
  assert.equal(await page.isChecked('#finals'), false);
  // the first question: the window of node 0, the root's first child — (−∞, +∞)
  assert.match(await text(page, '#quiz-question'), /Which window \(α, β\) is node 0 searched with/);
  await page.locator('#quiz-answer').fill('-inf inf');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.match(await text(page, '#quiz-feedback'), /^Right: \(−∞, \+∞\)\. Enter node 0/);
  assert.equal(await text(page, '#quiz-score'), 'Score 1 / 1');
  assert.equal((await cursor()).kind, 'enter', 'the cursor moved to the event asked about');
  await page.keyboard.press('Enter'); // next question
  await settle(page);
  // node 0.0 (a leaf) gets the same window; answer it wrong
  assert.match(await text(page, '#quiz-question'), /window .* node 0\.0/);
  await page.locator('#quiz-answer').fill('1 2');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.match(await text(page, '#quiz-feedback'), /^Not quite: it is \(−∞, \+∞\)\./);
  assert.equal(await text(page, '#quiz-score'), 'Score 1 / 2');
  await shot(page, 'teach-04-quiz.png');
  // the rest of the round: choices by key (Y / N, 1 2 3), numbers by typing; count as we go
  let right = 1, asked = 2, sawCut = false;
  for (let k = 0; k < 60; k++) {
    await page.keyboard.press('Enter');
    await settle(page);
    const qText = await text(page, '#quiz-question');
    if (/nothing left to predict/.test(qText)) break;
    if (/cut off now/.test(qText)) {
      sawCut ||= /Node 1\.0 returns 2\. Does node 1 cut off now/.test(qText);
      await page.keyboard.press(/Node 1\.0 returns 2/.test(qText) ? 'y' : 'n');
    } else if (/Which type/.test(qText)) await page.keyboard.press('1');
    else {
      await page.locator('#quiz-answer').fill('3');
      await page.keyboard.press('Enter');
    }
    await settle(page);
    asked++;
    if (/^Right/.test(await text(page, '#quiz-feedback'))) right++;
    assert.equal(await text(page, '#quiz-score'), `Score ${right} / ${asked}`);
  }
  assert.ok(sawCut, 'the cut-off at node 1 was asked');
  assert.match(await text(page, '#quiz-question'), /nothing left to predict/);
  assert.ok(asked >= 10, `${asked} questions`);
  await page.keyboard.press('Escape');
  await settle(page);
  assert.equal(await page.locator('#quiz-start').count(), 1);
});

test('quiz: prune prediction on Russell–Norvig, marked by typing and by clicking, scored, then replayed', async () => {
  await page.selectOption('#tree-preset', 'rn');
  await page.click('#tab-tree');
  await whenTraceEnds(page, 'explore', () => page.click('#predict-start'));
  await page.waitForSelector('#predict-path');
  await settle(page);
  // before the check nothing of the result shows: no cut marks, every node not reached
  assert.deepEqual((await drawn()).pruned, []);
  assert.equal((await cursor()).event, 0);
  await shot(page, 'teach-07-predict.png');
  await page.locator('#predict-path').fill('1.1 0.2');
  await page.keyboard.press('Enter');
  await settle(page);
  assert.match(await text(page, '#predict-marks'), /Marked: 1\.1, 0\.2/);
  // a click on leaf 2.2 marks it too
  const [x, y] = await hook(page, (id) => window.prunescope.screenOf('explore', id), await nodeAt([2, 2]));
  await page.mouse.click(x, y);
  await settle(page);
  assert.match(await text(page, '#predict-marks'), /Marked: 1\.1, 0\.2, 2\.2/);
  assert.equal((await cursor()).event, 0, 'a click marks, it does not move the cursor');
  await page.click('#predict-check');
  await settle(page);
  assert.match(await text(page, '#quiz-feedback'), /Found 1 of 2 pruned branches · missed 1\.2 · searched after all: 0\.2, 2\.2/);
  assert.equal(await text(page, '#quiz-score'), 'Score 1 / 4');
  assert.equal((await snapshot(page)).playing, true, 'the search replays');
  await page.waitForFunction(() => !window.prunescope.snapshot().playing, null, { timeout: 20_000 });
  await settle(page);
  assert.deepEqual((await drawn()).pruned.map((p) => p.values), [[4, 6]]);
  await shot(page, 'teach-08-predict-checked.png');
  await page.keyboard.press('Escape');
  await settle(page);
});

test('quiz on a phone: big buttons, tapped', async () => {
  const p = await openPage(env, { width: 390, height: 844, touch: true });
  await p.evaluate(() => document.getElementById('quiz-card').scrollIntoView());
  await whenTraceEnds(p, 'explore', () => p.tap('#start'));
  await p.evaluate(() => document.getElementById('quiz-card').scrollIntoView());
  await p.tap('#quiz-start');
  await settle(p);
  // answer until a choice question comes, by tapping
  for (let k = 0; k < 10; k++) {
    if (await p.locator('.quiz-choice[data-key]').count()) break;
    await p.locator('#quiz-answer').fill('0');
    await p.locator('.quiz-choice').first().tap();
    await settle(p);
    await p.tap('#quiz-next');
    await settle(p);
  }
  const b = await p.locator('.quiz-choice[data-key]').first().boundingBox();
  assert.ok(b.height >= 44 && b.width >= 64, JSON.stringify(b));
  await p.locator('.quiz-choice[data-key]').first().tap();
  await settle(p);
  assert.match(await p.locator('#quiz-score').innerText(), /Score \d+ \/ \d+/);
  await p.evaluate(() => document.getElementById('quiz-card').scrollIntoView());
  await p.screenshot({ path: 'target/screenshots/teach-05-quiz-phone.png' });
  await p.close();
});

test('export: the tree as PNG and SVG (pruned leaves and the cut rule included), the statistics as CSV', async () => {
  await page.selectOption('#tree-preset', 'rn');
  await runSearch(page);
  await run(page, 'step.last'); // the export draws the tree at the cursor: the end (issue 29 §3)
  await settle(page);
  const save = async (sel) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(sel)]);
    const chunks = [];
    for await (const c of await dl.createReadStream()) chunks.push(c);
    return { name: dl.suggestedFilename(), bytes: Buffer.concat(chunks) };
  };
  const png = await save('#export-png');
  assert.match(png.name, /\.png$/);
  assert.deepEqual([...png.bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  const svg = await save('#export-svg');
  assert.match(svg.name, /\.svg$/);
  const text = svg.bytes.toString('utf8');
  assert.match(text, /^<svg /);
  assert.deepEqual([...text.matchAll(/class="pruned-value">([^<]*)</g)].map((m) => m[1]), ['4', '6']);
  assert.match(text, /class="cut-rule">✂ 2 ≤ α = 3</);
  assert.deepEqual([...text.matchAll(/class="value">([^<]*)</g)].map((m) => m[1]).sort(), ['12', '14', '2', '2', '2', '3', '3', '3', '5', '8', '2'].sort());
  await page.click('#stats-card summary');
  const csv = await save('#export-csv');
  const lines = csv.bytes.toString('utf8').split('\n');
  const stats = (await snapshot(page)).explore.stats;
  assert.ok(lines.includes(`nodes,${stats.nodes}`));
  assert.ok(lines.includes('per_ply') && lines.includes('ply,nodes,pv,cut,all'));
  assert.ok(lines.includes('2,7,3,2,2'), 'ply 2: 7 nodes, 3 PV, 2 CUT, 2 ALL');
  assert.ok(lines.includes('best_index_all_fig6'));
});

test('statistics panel: uPlot charts of the core’s TraceStats, EBF per iteration for chess and random trees', async () => {
  await page.click('#tab-tree');
  await page.selectOption('#tree-preset', 'rn');
  await runSearch(page);
  await page.evaluate(() => (document.getElementById('stats-card').open = true));
  await page.waitForFunction(() => document.querySelectorAll('#stats .stat-chart canvas').length >= 2, null, { timeout: 20_000 });
  const titles = await page.locator('#stats .stat-chart').evaluateAll((els) => els.map((e) => e.dataset.chart));
  assert.ok(titles.some((t) => /Nodes per ply/.test(t)) && titles.some((t) => /Node types per ply/.test(t)), titles.join());
  const stats = (await snapshot(page)).explore.stats;
  assert.deepEqual(stats.actual_per_ply, [[1, 0, 0], [1, 2, 0], [3, 2, 2]]);
  assert.equal(await text(page, '#stat-fmfh'), `${stats.first_move_cutoff_pct.toFixed(1)}%`);
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '3');
  const s = await runSearch(page, 120_000);
  assert.ok(s.stats.iterations.length >= 3);
  await page.waitForFunction(() => [...document.querySelectorAll('#stats .stat-chart')].some((e) => /branching factor/.test(e.dataset.chart)), null, { timeout: 20_000 });
  await page.waitForFunction(() => [...document.querySelectorAll('#stats .stat-chart')].some((e) => /ALL nodes/.test(e.dataset.chart)), null, { timeout: 20_000 });
  await page.locator('#stats-card').scrollIntoViewIfNeeded();
  await shot(page, 'teach-06-stats.png');
  // a random tree searched by iterative deepening: one EBF per iteration too
  await page.click('#tab-random');
  await page.fill('#rnd-b', '4');
  await page.fill('#rnd-d', '5');
  await page.check('#rnd-it');
  const r = await runSearch(page);
  assert.deepEqual(r.stats.iterations.map((x) => x.depth), [1, 2, 3, 4, 5]);
  assert.ok(r.stats.iterations.slice(1).every((x) => x.ebf > 1));
  await page.waitForFunction(() => [...document.querySelectorAll('#stats .stat-chart')].some((e) => /branching factor/.test(e.dataset.chart)), null, { timeout: 20_000 });
  await page.uncheck('#rnd-it');
  await page.evaluate(() => (document.getElementById('stats-card').open = false));
  await page.click('#tab-tree');
});

test('iterative deepening made visible: per iteration, where the stored first move was right or wrong', async () => {
  await page.click('#tab-chess');
  await page.selectOption('#fen-preset', { label: 'Kiwipete' });
  await page.fill('#chess-depth', '3');
  await page.selectOption('#algo', 'alphabeta');
  await page.evaluate(() => (document.getElementById('techniques').open = true));
  await page.check('#tech-switches input[data-enable="tt"]');
  await page.check('#iterative');
  const s = await runSearch(page, 120_000);
  assert.ok(s.roots >= 3);
  await page.click('#id-card summary');
  await page.waitForSelector('#id-iteration');
  await page.selectOption('#id-iteration', '1');
  await settle(page);
  const counts = await text(page, '#id-counts');
  const m = counts.match(/^([\d,]+) nodes started with a stored move: ([\d,]+) right, ([\d,]+) wrong/);
  assert.ok(m, counts);
  const [n, right, wrong] = m.slice(1).map((x) => Number(x.replace(/,/g, '')));
  assert.ok(n > 0 && right + wrong === n);
  // each row: right when the stored guess is the best move, wrong otherwise
  const rows = await page.locator('.id-list tr').evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.ok(rows.length > 0);
  for (const [, guess, best, mark] of rows) assert.equal(mark === '✓', guess === best, `${guess} vs ${best}`);
  // the root's guess is the previous iteration's best move
  assert.equal(rows[0][0], 'root');
  await page.selectOption('#id-iteration', String(s.roots - 1));
  await settle(page);
  await shot(page, 'teach-09-iterations.png');
  await page.click('#id-card summary');
  await page.uncheck('#tech-switches input[data-enable="tt"]');
  await page.selectOption('#fen-preset', { label: 'Start position' });
  await page.click('#tab-tree');
});

for (const [width, height, colorScheme] of [[1280, 800, 'dark'], [390, 844, 'light'], [390, 844, 'dark']]) {
  test(`the Russell–Norvig lesson at ${width}×${height}, ${colorScheme}: pruned leaves and the rule readable`, async () => {
    const p = await openPage(env, { width, height, colorScheme, touch: width < 500 });
    await whenTraceEnds(p, 'explore', () => p.click('#start'));
    await p.evaluate(() => window.prunescope.run('step.last'));
    await settle(p);
    const d = await p.evaluate(() => {
      window.prunescope.frame();
      return window.prunescope.drawn();
    });
    assert.deepEqual(d.pruned.map((x) => [x.rule, x.values, x.labelled]), [['2 ≤ α = 3', [4, 6], true]]);
    // the α/β pill stays inside the canvas
    assert.ok(d.badge && d.badge.x >= 0 && d.badge.x + d.badge.w <= d.badge.W && d.badge.y >= 0 && d.badge.y + d.badge.h <= d.badge.H, JSON.stringify(d.badge));
    await p.evaluate(() => document.getElementById('tree').scrollIntoView());
    await p.screenshot({ path: `target/screenshots/teach-rn-${width}x${height}-${colorScheme}.png` });
    await p.close();
  });
}

test('polish: iterations in SAN, a mated root in words, a null-move child without "65535", pruned moves listed once, zoom to a big subtree shows its children', async () => {
  await page.click('#tab-chess');
  await page.fill('#fen', 'rnb1kbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1');
  await page.fill('#chess-depth', '3');
  await page.check('#iterative');
  await page.selectOption('#algo', 'pvs');
  await page.evaluate(() => (document.getElementById('techniques').open = true));
  await page.check('#tech-switches input[data-enable="null_move"]');
  const s = await runSearch(page, 120_000);
  const cells = await page.locator('#summary table.iters tr td:nth-child(3)').allInnerTexts();
  assert.ok(cells.length >= 3, cells.join());
  for (const m of cells) assert.match(m, /^(?:[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?[+#]?|O-O(?:-O)?[+#]?)$/, `SAN, not UCI: ${m}`);
  assert.match(await text(page, '#sum-line'), new RegExp(`^${cells[cells.length - 1].replace('+', '\\+')}`));
  // a null-move child
  const nul = await hook(page, (n) => {
    for (let i = 0; i < n; i++) if (window.prunescope.node('explore', i).kind === 'null') return i;
    return -1;
  }, s.nodes);
  assert.ok(nul > 0);
  await page.click('#finals');
  await hook(page, (id) => window.prunescope.select('explore', id), nul);
  await settle(page);
  const insp = await text(page, '#inspector');
  assert.match(insp, /the null move: the side to move passes/);
  assert.doesNotMatch(insp, /65535/);
  // a β-cut-off node lists its pruned moves once, in SAN (there was a second list in UCI)
  const cut = await hook(page, (n) => {
    for (let i = 0; i < n; i++) {
      const x = window.prunescope.node('explore', i);
      if (x.reason === 'beta_cutoff' && x.moves > 2) return i;
    }
    return -1;
  }, s.nodes);
  assert.ok(cut > 0);
  await hook(page, (id) => window.prunescope.select('explore', id), cut);
  await settle(page);
  const cutInsp = await text(page, '#inspector');
  assert.equal(cutInsp.match(/pruned/g)?.length ?? 0, 1, cutInsp);
  assert.doesNotMatch(cutInsp, /skipped/i);
  assert.doesNotMatch(cutInsp, /\b[a-h][1-8][a-h][1-8]\b/, 'no UCI move in the inspector');
  await page.click('#finals');
  // zoom to the cursor at the root: its children are on screen, not the root alone
  await hook(page, (id) => window.prunescope.select('explore', id), (await snapshot(page)).explore.nodes > 0 ? await nodeAt([]) : 0);
  await run(page, 'view.zoomCursor');
  const f = await hook(page, () => window.prunescope.frame());
  assert.ok(f.nodes > 10, `${f.nodes} nodes drawn after zooming to the root`);
  // a checkmated root: words, not "−#0 cp" (fool's mate: White to move is mated)
  await page.uncheck('#tech-switches input[data-enable="null_move"]');
  await page.fill('#fen', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
  await runSearch(page);
  const sum = await text(page, '#summary');
  assert.doesNotMatch(sum, /#0 cp/);
  assert.match(sum, /checkmate: the side to move has no moves and has lost/);
  await page.selectOption('#algo', 'alphabeta');
  await page.selectOption('#fen-preset', { label: 'Start position' });
  await page.click('#tab-tree');
});

test('no console errors or warnings', () => {
  assert.deepEqual(problems, []);
});
