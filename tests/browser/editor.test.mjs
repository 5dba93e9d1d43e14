// The tree editor (issue 18 §1) and what a lesson shows (§4, first two bullets), driven as a
// user drives them: clicks, taps and keys. Every wait is for a new state (the editor's
// generation, a trace's generation).
//
//   node --test tests/browser/editor.test.mjs
//
// Screenshots of the editor go to target/screenshots/editor/ (EDITOR_SHOTS overrides; and target/screenshots/editor-*.png).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { collectProblems } from './chromium.mjs';
import { setup, openPage, settle, snapshot, hook, runSearch, text, requestedScripts, scriptHolding, SHOTS, RN_TREE, ROOT } from './hook.mjs';

let env;
const problems = [];
const SHOT_DIR = process.env.EDITOR_SHOTS ?? path.join(SHOTS, 'editor');

before(async () => {
  env = await setup();
});

after(async () => {
  await env?.close();
  assert.deepEqual(problems, []);
});

const ed = async (page) => (await snapshot(page)).editor;

/** Runs `act` and waits until the editor's generation has grown past what it was. */
async function edit(page, act) {
  const g = (await ed(page)).generation;
  await act();
  await page.waitForFunction((g0) => window.prunescope.snapshot().editor.generation > g0, g);
  await settle(page);
  return ed(page);
}

async function openEditor(page) {
  const s = await edit(page, () => page.click('#edit-tree'));
  assert.equal(s.on, true);
  assert.equal(await page.isVisible('#editor'), true);
  return s;
}

const node = (page, p) => page.locator(`#ed-tree [data-path="${p}"] .ed-shape`);

/** Selects leaf `p` by a click (or a tap) and types its values, Enter after each. */
async function typeLeaves(page, p, values, how = 'click') {
  await edit(page, () => (how === 'tap' ? node(page, p).tap() : node(page, p).click()));
  assert.equal((await ed(page)).selected, p);
  await page.click('#ed-value');
  for (const v of values) {
    await edit(page, async () => {
      await page.keyboard.type(String(v));
      await page.keyboard.press('Enter');
    });
  }
}

test('the tree editor is not part of the first load; ✎ Edit tree loads and opens it', async () => {
  const page = await openPage(env, { problems, width: 1280, height: 720 });
  // text of the editor's mode (www/modes/editor.js) and of its panel (www/panels/editor.js)
  const marks = ['Select a branch of a chance node to set its weight', 'typing a value: page shortcuts are off'];
  const first = await requestedScripts(page);
  for (const m of marks) assert.equal(await scriptHolding(page, first, m), null, `"${m}" is not in the first load`);
  await openEditor(page);
  const added = (await requestedScripts(page)).filter((p) => !first.includes(p));
  for (const m of marks) assert.ok(await scriptHolding(page, added, m), `"${m}" loads with the editor: ${added}`);
  await page.close();
});

test('build Russell–Norvig’s tree from an empty one by clicks and typing; alpha-beta: 3, with 4 and 6 pruned', async () => {
  const page = await openPage(env, { problems, width: 1280, height: 720 });
  await openEditor(page);
  let s = await edit(page, () => page.click('#ed-new'));
  assert.equal(s.text, '0');
  assert.equal(await page.inputValue('#tree-text'), '0');
  // three children of the root (it stays selected), then three under each
  for (let k = 0; k < 3; k++) await edit(page, () => page.click('#ed-add'));
  assert.equal((await ed(page)).text, '(0 0 0)');
  for (const child of ['0', '1', '2']) {
    await edit(page, () => node(page, child).click());
    for (let k = 0; k < 3; k++) await edit(page, () => page.click('#ed-add'));
  }
  assert.equal((await ed(page)).text, '((0 0 0) (0 0 0) (0 0 0))');
  // the values, as in a spreadsheet: Enter goes on to the next leaf, across subtrees
  const speed = (await snapshot(page)).speed;
  await typeLeaves(page, '0.0', [3, 12, 8, 2, 4, 6, 14, 5, 2]);
  s = await ed(page);
  assert.equal(s.text, RN_TREE);
  assert.equal(await page.inputValue('#tree-text'), RN_TREE);
  assert.equal((await snapshot(page)).speed, speed, 'typing values changed no page setting');
  assert.match(await text(page, '#tree-ok'), /valid: 9 leaves, depth 2/);
  await shot(page, 'editor-rn-1280-light');
  // search it with alpha-beta: the editor closes, the value is 3, 4 and 6 are pruned
  await page.selectOption('#algo', 'alphabeta');
  const done = await runSearch(page);
  assert.equal(done.value, 3);
  assert.equal(done.input.text, RN_TREE);
  assert.equal((await ed(page)).on, false);
  assert.equal(await page.isVisible('#editor'), false);
  await page.locator('#tree').focus();
  await page.keyboard.press('End');
  await settle(page);
  await hook(page, () => window.prunescope.frame());
  const d = await hook(page, () => window.prunescope.drawn());
  assert.deepEqual(d.pruned.map((p) => p.values), [[4, 6]]);
  assert.equal(await text(page, '#sum-value'), '3');
  await page.close();
});

test('keyboard alone: build a small tree, type "−5" without changing the speed, MIN root, move, delete, undo and redo, leave', async () => {
  const page = await openPage(env, { problems });
  // the Tree tab's text, typed
  await page.locator('#tree-text').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('7');
  await page.waitForFunction(() => /valid: 1 leaf/.test(document.getElementById('tree-ok').textContent));
  // the editor opens from its button, by keyboard, with the tree focused
  await page.locator('#edit-tree').focus();
  await edit(page, () => page.keyboard.press('Enter'));
  await page.waitForFunction(() => document.activeElement?.id === 'ed-tree');
  let s = await ed(page);
  assert.equal(s.text, '7');
  await edit(page, () => page.keyboard.press('a'));
  s = await edit(page, () => page.keyboard.press('a'));
  assert.equal(s.text, '(0 0)');
  assert.equal(s.selected, '');
  s = await edit(page, () => page.keyboard.press('ArrowDown'));
  assert.equal(s.selected, '0');
  // a digit on the tree starts typing the leaf's value; the page's shortcuts are off meanwhile
  const speed = (await snapshot(page)).speed;
  await edit(page, () => page.keyboard.press('5'));
  assert.equal((await ed(page)).typing, true);
  s = await edit(page, () => page.keyboard.press('Enter'));
  assert.equal(s.text, '(5 0)');
  assert.equal(s.selected, '1');
  await page.keyboard.type('-5');
  s = await edit(page, () => page.keyboard.press('Enter'));
  assert.equal(s.text, '(5 -5)');
  assert.equal((await snapshot(page)).speed, speed, '"-5" changed the speed');
  // Esc: back to the tree; M: MIN at the root
  s = await edit(page, () => page.keyboard.press('Escape'));
  assert.equal(s.typing, false);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'ed-tree');
  s = await edit(page, () => page.keyboard.press('m'));
  assert.equal(s.text, 'min (5 -5)');
  assert.equal(await page.inputValue('#tree-text'), 'min (5 -5)');
  // Shift+← moves the selected child left
  s = await edit(page, () => page.keyboard.press('Shift+ArrowLeft'));
  assert.equal(s.text, 'min (-5 5)');
  assert.equal(s.selected, '0');
  s = await edit(page, () => page.keyboard.press('Delete'));
  assert.equal(s.text, 'min (5)');
  s = await edit(page, () => page.keyboard.press('Control+z'));
  assert.equal(s.text, 'min (-5 5)');
  s = await edit(page, () => page.keyboard.press('Control+z'));
  assert.equal(s.text, 'min (5 -5)');
  s = await edit(page, () => page.keyboard.press('Control+Shift+Z'));
  assert.equal(s.text, 'min (-5 5)');
  assert.equal(await page.inputValue('#tree-text'), 'min (-5 5)');
  // Esc leaves the editor: the keyboard is never trapped
  s = await edit(page, () => page.keyboard.press('Escape'));
  assert.equal(s.on, false);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'edit-tree');
  await page.close();
});

test('undo and redo by their buttons walk the history both ways; a new edit clears redo', async () => {
  const page = await openPage(env, { problems });
  await openEditor(page);
  await edit(page, () => page.click('#ed-new'));
  await edit(page, () => page.click('#ed-add'));
  await edit(page, () => page.click('#ed-add'));
  assert.equal((await ed(page)).text, '(0 0)');
  await typeLeaves(page, '1', [9]);
  assert.equal((await ed(page)).text, '(0 9)');
  let s = await edit(page, () => page.click('#ed-undo'));
  assert.equal(s.text, '(0 0)');
  s = await edit(page, () => page.click('#ed-undo'));
  assert.equal(s.text, '(0)');
  assert.equal(s.redo, 2);
  s = await edit(page, () => page.click('#ed-redo'));
  assert.equal(s.text, '(0 0)');
  assert.equal(await page.inputValue('#tree-text'), '(0 0)');
  await edit(page, () => node(page, '').click());
  s = await edit(page, () => page.click('#ed-add'));
  assert.equal(s.text, '(0 0 0)');
  assert.equal(s.redo, 0);
  assert.equal(await page.isDisabled('#ed-redo'), true);
  await page.close();
});

test('touch: tap nodes and buttons on a phone, type a value, move a child', async () => {
  const page = await openPage(env, { problems, width: 390, height: 844, touch: true });
  await edit(page, () => page.tap('#edit-tree'));
  await edit(page, () => page.tap('#ed-new'));
  await edit(page, () => page.tap('#ed-add'));
  await edit(page, () => page.tap('#ed-add'));
  await typeLeaves(page, '1', [7], 'tap');
  assert.equal((await ed(page)).text, '(0 7)');
  await edit(page, () => node(page, '1').tap());
  const s = await edit(page, () => page.tap('#ed-left'));
  assert.equal(s.text, '(7 0)');
  assert.equal(s.selected, '0');
  // the buttons are big enough for a finger
  for (const id of ['ed-add', 'ed-del', 'ed-left', 'ed-right', 'ed-undo', 'ed-redo']) {
    const b = await page.locator(`#${id}`).boundingBox();
    assert.ok(b.height >= 32 && b.width >= 32, `${id}: ${JSON.stringify(b)}`);
  }
  await page.close();
});

test('a MIN root: the editor’s MIN button, the search takes the minimum, MAX’s view on screen', async () => {
  const page = await openPage(env, { problems });
  await page.fill('#tree-text', RN_TREE);
  await page.waitForFunction(() => /valid: 9 leaves/.test(document.getElementById('tree-ok').textContent));
  await openEditor(page);
  const s = await edit(page, () => page.click('#ed-min'));
  assert.equal(s.text, `min ${RN_TREE}`);
  assert.equal(await page.getAttribute('#ed-min', 'aria-pressed'), 'true');
  assert.deepEqual(await page.locator('#ed-tree .ed-level').allTextContents(), ['MIN', 'MAX', 'MIN']);
  assert.match(await text(page, '#tree-ok'), /MIN at the root/);
  await page.selectOption('#algo', 'alphabeta');
  const done = await runSearch(page);
  // negamax from MIN's view at the root: −6; MAX's view: min(12, 6, ≥ 14) = 6
  assert.equal(done.value, -6);
  // an explicit tree's search opens at its first event (issue 29 §3): the end shows the value
  await hook(page, () => window.prunescope.run('step.last'));
  await settle(page);
  assert.equal(await text(page, '#sum-value'), '6');
  assert.match(await text(page, '#summary'), /from MAX’s view \(MIN at the root\)/);
  await hook(page, () => window.prunescope.select('explore', 0));
  await settle(page);
  assert.match(await text(page, '#inspector'), /MIN/);
  // the third subtree is cut after 14 ≥ β = 6 (a β-cut-off at a MAX node, from MAX's view)
  await page.locator('#tree').focus();
  await page.keyboard.press('End');
  await settle(page);
  await hook(page, () => window.prunescope.frame());
  const d = await hook(page, () => window.prunescope.drawn());
  assert.deepEqual(d.pruned.map((p) => [p.rule, p.values]), [['14 ≥ β = 6', [5, 2]]]);
  await page.close();
});

test('the MIN-root share link of docs/share-links.md opens: value 6 from MAX’s view, the editor on its text', async () => {
  const doc = readFileSync(path.join(ROOT, 'docs/share-links.md'), 'utf8');
  const link = doc.match(/^index\.html#v=2&mode=explore&tree=min\+[^\n]*$/m)?.[0];
  assert.ok(link, 'the MIN-root link is in docs/share-links.md');
  // a fresh page: its first search is the link's
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 720 } });
  collectProblems(page, problems);
  await page.goto(env.server.url + link);
  await page.waitForFunction(() => {
    const t = window.prunescope?.snapshot().explore;
    return t?.status === 'done' && t.input?.text?.startsWith('min ');
  }, null, { timeout: 20_000 });
  await settle(page);
  const t = (await snapshot(page)).explore;
  assert.equal(t.input.text, `min ${RN_TREE}`);
  assert.equal(t.value, -6);
  // a link without cursor= opens an explicit tree at its first event (docs/share-links.md)
  assert.equal(t.cursor.event, 0);
  await hook(page, () => window.prunescope.run('step.last'));
  await settle(page);
  assert.equal(await text(page, '#sum-value'), '6');
  const s = await openEditor(page);
  assert.equal(s.text, `min ${RN_TREE}`);
  await page.close();
});

test('tree text ↔ editor: the editor follows typed text (canonically), the text follows edits', async () => {
  const page = await openPage(env, { problems });
  await openEditor(page);
  // typed text with comments, commas and a header: the editor redraws it
  const s0 = await ed(page);
  await page.fill('#tree-text', '# a lesson\nmin ((1, 2) (3 (4 5)))');
  await page.waitForFunction((g) => window.prunescope.snapshot().editor.generation > g, s0.generation);
  await settle(page);
  let s = await ed(page);
  assert.equal(s.text, 'min ((1 2) (3 (4 5)))');
  assert.equal(await page.locator('#ed-tree .ed-node').count(), 9);
  assert.deepEqual(await page.locator('#ed-tree .ed-node.leaf .ed-value').allTextContents(), ['1', '2', '3', '4', '5']);
  // an edit writes the canonical text back
  s = await edit(page, () => node(page, '1.1').click());
  s = await edit(page, () => page.click('#ed-del'));
  assert.equal(s.text, 'min ((1 2) (3))');
  assert.equal(await page.inputValue('#tree-text'), 'min ((1 2) (3))');
  // text the core refuses leaves the editor as it was (the Tab shows the error)
  await page.fill('#tree-text', 'min ((1 2) (3 x))');
  await page.waitForFunction(() => /found 'x'/.test(document.getElementById('tree-err').textContent));
  assert.equal((await ed(page)).text, 'min ((1 2) (3))');
  // another input tab closes the editor; opening it again goes back to the Tree tab
  const s1 = await edit(page, () => page.click('.tabs button[data-tab="chess"]'));
  assert.equal(s1.on, false);
  assert.equal(await page.isVisible('#editor'), false);
  await page.click('.tabs button[data-tab="tree"]');
  await page.fill('#tree-text', '(1 2)');
  await page.waitForFunction(() => /valid: 2 leaves/.test(document.getElementById('tree-ok').textContent));
  const s2 = await openEditor(page);
  assert.equal(s2.text, '(1 2)');
  await page.close();
});

test('size limits: the edit that crosses one is refused with the core’s words, the tree unchanged', async () => {
  const page = await openPage(env, { problems });
  // a chain as deep as the parser takes (200 levels of nesting)
  const chain = `${'('.repeat(200)}1${')'.repeat(200)}`;
  await page.fill('#tree-text', chain);
  await page.waitForFunction(() => /valid: 1 leaf, depth 200/.test(document.getElementById('tree-ok').textContent));
  await openEditor(page);
  await page.locator('#ed-tree').focus();
  for (let k = 0; k < 200; k++) await page.keyboard.press('ArrowDown');
  await settle(page);
  let s = await ed(page);
  assert.equal(s.selected.split('.').length, 200);
  s = await edit(page, () => page.click('#ed-add'));
  assert.equal(s.message, 'Add child refused: a tree may be nested at most 200 levels deep');
  assert.equal(await text(page, '#ed-msg'), s.message);
  assert.equal(s.text, chain);
  assert.equal(await page.inputValue('#tree-text'), chain);
  // a leaf value out of range
  await page.click('#ed-value');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1000000000');
  s = await edit(page, () => page.keyboard.press('Enter'));
  assert.equal(s.message, 'Value refused: leaf value 1000000000 is out of range (at most ±999999998)');
  assert.equal(s.text, chain);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('999999998');
  s = await edit(page, () => page.keyboard.press('Enter'));
  assert.equal(s.message, null);
  assert.ok(s.text.includes('(999999998)'));
  await page.close();
});

test('before the search: every leaf value is shown, and the outline is the whole tree, pruned leaves included', async () => {
  const page = await openPage(env, { problems, width: 1280, height: 720 });
  await page.fill('#tree-text', RN_TREE);
  await page.waitForFunction(() => /valid: 9 leaves/.test(document.getElementById('tree-ok').textContent));
  await page.selectOption('#algo', 'alphabeta');
  await runSearch(page);
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  await settle(page);
  assert.equal((await snapshot(page)).explore.cursor.event, 0);
  await hook(page, () => window.prunescope.frame());
  let d = await hook(page, () => window.prunescope.drawn());
  // the seven leaves the search reaches, with their values, and the two it prunes, drawn the same
  assert.deepEqual(d.leafValues, [3, 12, 8, 2, 14, 5, 2]);
  assert.deepEqual(d.outline.map((o) => o.values), [[4, 6]]);
  assert.deepEqual(d.pruned, [], 'nothing is marked pruned before the cut-off');
  // inner values stay hidden
  assert.equal(await text(page, '#sum-value'), '?');
  await shot(page, 'outline-rn-1280-light');
  // at the cut-off the outline turns into the pruned drawing
  await page.keyboard.press('c');
  await settle(page);
  await hook(page, () => window.prunescope.frame());
  d = await hook(page, () => window.prunescope.drawn());
  assert.deepEqual(d.outline, []);
  assert.deepEqual(d.pruned.map((p) => p.values), [[4, 6]]);
  await page.close();
});

/** A screenshot into the editor's screenshot folder (and target/screenshots/). */
async function shot(page, name) {
  mkdirSync(SHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOT_DIR, `${name}.png`) });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test('screenshots of the editor at 1280×720 and 390×844, light and dark', async () => {
  for (const [w, hgt] of [[1280, 720], [390, 844]]) {
    for (const scheme of ['light', 'dark']) {
      const page = await openPage(env, { problems, width: w, height: hgt, colorScheme: scheme, touch: w < 500 });
      await page.fill('#tree-text', `min ${RN_TREE}`);
      await page.waitForFunction(() => /valid: 9 leaves/.test(document.getElementById('tree-ok').textContent));
      await edit(page, () => (w < 500 ? page.tap('#edit-tree') : page.click('#edit-tree')));
      await edit(page, () => node(page, '1.2').click());
      await page.locator('#editor').scrollIntoViewIfNeeded();
      await shot(page, `editor-${w}-${scheme}`);
      await page.close();
    }
  }
});

test('axe (WCAG 2.2 AA): no violation with the editor open, a leaf being typed, in both themes', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme });
    const page = await context.newPage();
    collectProblems(page, problems);
    await page.goto(env.server.url + 'index.html');
    await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 20_000 });
    await openEditor(page);
    await edit(page, () => node(page, '0.1').click());
    await page.click('#ed-value');
    await settle(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(violations.map((v) => `${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
    await context.close();
  }
});

test('a click on a node while a value is being typed selects it, with frames between the press and the release as a person clicks', async () => {
  const page = await openPage(env, { problems, width: 1280, height: 720 });
  await openEditor(page);
  await edit(page, () => page.click('#ed-new'));
  for (let k = 0; k < 2; k++) await edit(page, () => page.click('#ed-add'));
  await typeLeaves(page, '0', [5]);
  const s = await ed(page);
  assert.equal(s.text, '(5 0)');
  assert.equal(s.typing, true, 'the value field has the focus');
  assert.equal(s.selected, '1');
  // the press ends the typing (the field's blur, a change of the editor's state) and frames
  // pass before the release; the click must still select the node it began on
  const box = await node(page, '0').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const g = (await ed(page)).generation;
  await page.mouse.down();
  await page.waitForFunction((g0) => window.prunescope.snapshot().editor.generation > g0, g);
  await settle(page);
  await page.mouse.up(); // the click is handled with the release, before this resolves
  const after = await ed(page);
  assert.equal(after.selected, '0', 'the node pressed is selected');
  assert.equal(after.typing, false);
  await page.close();
});

test('a chance tree built by clicks and keys: chance nodes, weights, bounds; limits refused in the core’s words; undo/redo; the text round-trips; expectimax gives the CLI’s value', async () => {
  const page = await openPage(env, { problems, width: 1280, height: 720 });
  await openEditor(page);
  await edit(page, () => page.click('#ed-new'));
  for (let k = 0; k < 2; k++) await edit(page, () => page.click('#ed-add'));
  assert.equal((await ed(page)).text, '(0 0)');
  // keys: C makes the selected leaf a chance node (the leaf its one branch), A adds a branch
  await edit(page, () => node(page, '0').click());
  await edit(page, () => page.keyboard.press('c'));
  assert.equal((await ed(page)).text, '([1:0] 0)');
  await edit(page, () => page.keyboard.press('a'));
  assert.equal((await ed(page)).text, '([1:0 1:0] 0)');
  // clicks: the ◯ Chance button, + Child
  await edit(page, () => node(page, '1').click());
  await edit(page, () => page.click('#ed-chance'));
  assert.equal(await page.getAttribute('#ed-chance', 'aria-pressed'), 'true');
  await edit(page, () => page.click('#ed-add'));
  assert.equal((await ed(page)).text, '([1:0 1:0] [1:0 1:0])');
  assert.equal(await page.locator('#ed-tree .ed-node.chance').count(), 2);
  // the leaves, Enter after each (across the chance nodes' branches)
  await typeLeaves(page, '0.0', [3, 7, 5, 8]);
  assert.equal((await ed(page)).text, '([1:3 1:7] [1:5 1:8])');
  // W types the selected branch's weight; the probability w/S is shown
  await edit(page, () => node(page, '0.1').click());
  assert.equal(await text(page, '#ed-prob'), 'probability 1/2');
  await page.keyboard.press('w');
  await edit(page, async () => {
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
  });
  assert.equal((await ed(page)).text, '([1:3 2:7] [1:5 1:8])');
  assert.equal(await text(page, '#ed-prob'), 'probability 2/3');
  assert.deepEqual(await page.locator('#ed-tree .ed-weight').allTextContents(), ['1/3', '2/3', '1/2', '1/2']);
  // a weight of 0 is refused in the core's words, and changes nothing
  await page.fill('#ed-weight', '0');
  let s = await edit(page, () => page.press('#ed-weight', 'Enter'));
  assert.equal(s.text, '([1:3 2:7] [1:5 1:8])');
  assert.equal(s.message, 'Weight refused: branch weight 0 must be a whole number from 1 to 1000000');
  assert.equal(await text(page, '#ed-msg'), s.message);
  // bounds L U: a leaf outside is refused by the core; then 0 9 is taken
  await page.fill('#ed-lo', '0');
  await page.fill('#ed-hi', '6');
  s = await edit(page, () => page.press('#ed-hi', 'Enter'));
  assert.equal(s.message, 'Bounds refused: leaf value 7 lies outside the declared bounds [0, 6]');
  assert.equal(s.text, '([1:3 2:7] [1:5 1:8])');
  await page.fill('#ed-hi', '9');
  s = await edit(page, () => page.press('#ed-hi', 'Enter'));
  const TEXT = 'bounds 0 9 ([1:3 2:7] [1:5 1:8])';
  assert.equal(s.text, TEXT);
  assert.equal(await page.inputValue('#tree-text'), TEXT);
  // a chance node back into a decision node, then undo and redo (keys)
  await edit(page, () => node(page, '1').click());
  await edit(page, () => page.keyboard.press('c'));
  assert.equal((await ed(page)).text, 'bounds 0 9 ([1:3 2:7] (5 8))');
  await edit(page, () => page.keyboard.press('Control+z'));
  assert.equal((await ed(page)).text, TEXT);
  await edit(page, () => page.keyboard.press('Control+Shift+z'));
  assert.equal((await ed(page)).text, 'bounds 0 9 ([1:3 2:7] (5 8))');
  await edit(page, () => page.keyboard.press('Control+z'));
  assert.equal((await ed(page)).text, TEXT);
  // screenshots with a branch selected (its weight and probability shown), the editor in view
  await edit(page, () => node(page, '0.1').click());
  for (const [w, hgt] of [[1280, 720], [390, 844]]) {
    await page.setViewportSize({ width: w, height: hgt });
    await page.locator('#editor').scrollIntoViewIfNeeded();
    await settle(page);
    mkdirSync(SHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOT_DIR, `chance-${w}x${hgt}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  // the text round-trips: closed, typed back in another form, opened again
  await edit(page, () => page.click('#ed-done'));
  await page.fill('#tree-text', 'bounds 0 9\n( [ 1:3, 2:7 ] [1:5 1:8] )  # a comment');
  s = await openEditor(page);
  assert.equal(s.text, TEXT);
  assert.equal(await page.locator('#ed-tree .ed-node.chance').count(), 2);
  // expectimax on it: the core's value in the page equals the CLI's
  const page_ = await hook(page, (t) => window.prunescope.chanceValue(t, 'expectimax'), TEXT);
  const cli = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'debug/prunescope');
  execFileSync('cargo', ['build', '--quiet', '--bin', 'prunescope'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  // `--json` prints the trace (issue 32 §1): the root's value over `summary.scale`
  const { summary } = JSON.parse(execFileSync(cli, ['tree', '--algo', 'expectimax', '--json', TEXT], { cwd: ROOT, encoding: 'utf8' }));
  assert.equal(page_.value, '13/2');
  assert.equal(summary.value * 2, 13 * summary.scale, 'the CLI stores 13/2 times its scale');
  assert.equal(page_.nodes, summary.nodes);
  await page.close();
});

test('axe (WCAG 2.2 AA): the editor on a chance tree, a branch selected, both themes', async () => {
  for (const [w, hgt, colorScheme] of [[1280, 720, 'light'], [390, 844, 'dark']]) {
    const context = await env.browser.newContext({ viewport: { width: w, height: hgt }, colorScheme });
    const page = await context.newPage();
    collectProblems(page, problems);
    await page.goto(env.server.url + 'index.html');
    await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 20_000 });
    await page.click('#tab-tree');
    await page.fill('#tree-text', 'bounds 0 9 ([1:3 2:7] [1:5 1:8])');
    await openEditor(page);
    await edit(page, () => node(page, '0.1').click());
    assert.equal(await text(page, '#ed-prob'), 'probability 2/3');
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(violations.map((v) => `${w} ${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
    await context.close();
  }
});

test('touch: a chance node and its weight by taps on a phone', async () => {
  const page = await openPage(env, { problems, width: 390, height: 844, touch: true });
  await page.click('#tab-tree');
  await page.fill('#tree-text', '(3 5)');
  await openEditor(page);
  await page.locator('#editor').scrollIntoViewIfNeeded();
  await edit(page, () => page.tap('#ed-chance'));
  assert.equal((await ed(page)).text, '[1:3 1:5]');
  await edit(page, () => node(page, '1').tap());
  assert.equal((await ed(page)).selected, '1');
  await page.tap('#ed-weight');
  await page.fill('#ed-weight', '3');
  const s = await edit(page, () => page.press('#ed-weight', 'Enter'));
  assert.equal(s.text, '[1:3 3:5]');
  assert.equal(await text(page, '#ed-prob'), 'probability 3/4');
  await edit(page, () => page.tap('#ed-undo'));
  assert.equal((await ed(page)).text, '[1:3 1:5]');
  await page.close();
});
