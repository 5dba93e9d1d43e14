// Exercise mode (issue 18 §2, §3), driven by what a user has: clicks, taps and keys. Each wait
// waits for a NEW state (the exercise's generation, the grade's generation), never for one the
// page already had. Screenshots of a graded exercise go to target/screenshots/exercise/
// (EXERCISE_SHOTS overrides).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { setup, openPage, settle, snapshot, hook, text, runSearch, whenTraceEnds, requestedScripts, scriptHolding, SHOTS } from './hook.mjs';

const SHOT_DIR = process.env.EXERCISE_SHOTS ?? path.join(SHOTS, 'exercise');
let env;

before(async () => {
  env = await setup();
  mkdirSync(SHOT_DIR, { recursive: true });
});
after(async () => env?.close());

const ex = (page) => snapshot(page).then((s) => s.exercise);

/** Waits for the exercise's generation (or grade generation) to pass `from`. */
const nextExercise = (page, from) => page.waitForFunction((g) => window.prunescope.snapshot().exercise.generation > g, from);
const nextGrade = (page, from) => page.waitForFunction((g) => window.prunescope.snapshot().exercise.gradeGeneration > g, from);

async function newExercise(page, { bmin = 2, bmax = 3, depth = 3, cutoff = 'standard', windows = false, root = 'max' } = {}) {
  const before = (await ex(page)).generation;
  if ((await snapshot(page)).mode !== 'exercise') {
    await page.click('#mode-exercise');
    await nextExercise(page, before);
  }
  await page.fill('#ex-bmin', String(bmin));
  await page.fill('#ex-bmax', String(bmax));
  await page.fill('#ex-depth', String(depth));
  await page.selectOption('#ex-cutoff', cutoff);
  await page.selectOption('#ex-root', root);
  await page.setChecked('#ex-windows', windows);
  const g = (await ex(page)).generation;
  await page.click('#ex-new');
  await nextExercise(page, g);
  await settle(page);
  return ex(page);
}

/** Answers every question right by typing and clicking, except what `skip(kind, node)` says. */
async function answerRight(page, key, skip = () => false) {
  for (const [i, n] of key.nodes.entries()) {
    if (n.pruned && !skip('pruned', i)) await page.click(`.ex-n[data-node="${i}"] > .ex-cut`);
  }
  for (const [i, n] of key.nodes.entries()) {
    if (!n.visited || n.leaf !== null) continue;
    if (!skip('value', i)) await page.fill(`input.ex-val[data-node="${i}"]`, n.answer);
    if (key.windows && !skip('window', i)) {
      const w = page.locator(`input.ex-win[data-node="${i}"]`);
      await w.nth(0).fill(n.window[0]);
      await w.nth(1).fill(n.window[1]);
    }
  }
}

async function check(page) {
  const g = (await ex(page)).gradeGeneration;
  await page.click('#ex-check');
  await nextGrade(page, g);
  await settle(page);
  return ex(page);
}

test('exercise mode is not part of the first load; its button loads it and opens an exercise', async () => {
  const page = await openPage(env);
  // text of the mode (www/modes/exercise.js) and of its view (www/views/exercise.js)
  const marks = ['This exercise cannot be made', 'a tree appears here, its leaves given, its answers yours'];
  const first = await requestedScripts(page);
  for (const m of marks) assert.equal(await scriptHolding(page, first, m), null, `"${m}" is not in the first load`);
  const g = (await ex(page)).generation;
  await page.click('#mode-exercise');
  await nextExercise(page, g);
  await settle(page);
  const added = (await requestedScripts(page)).filter((p) => !first.includes(p));
  for (const m of marks) assert.ok(await scriptHolding(page, added, m), `"${m}" loads with the mode: ${added}`);
  assert.equal((await snapshot(page)).mode, 'exercise');
  assert.ok(await page.locator('#ex-tree .ex-n').count() > 1, 'the exercise\'s tree is drawn');
  await page.close();
});

test('one wrong value and one wrong prune mark are flagged, the rest right; a hint names the first', async () => {
  const page = await openPage(env);
  // find an exercise with at least one pruned branch and two inner nodes
  let e;
  for (let k = 0; k < 20; k++) {
    e = await newExercise(page);
    if (e.key.nodes.some((n) => n.pruned) && e.key.nodes.filter((n) => n.visited && n.leaf === null).length >= 2) break;
  }
  const key = e.key;
  const wrongValue = key.nodes.findIndex((n, i) => i > 0 && n.visited && n.leaf === null);
  const wrongPrune = key.nodes.findIndex((n) => n.pruned);
  await answerRight(page, key, (kind, i) => (kind === 'value' && i === wrongValue) || (kind === 'pruned' && i === wrongPrune));
  await page.fill(`input.ex-val[data-node="${wrongValue}"]`, String(Number.parseInt(key.nodes[wrongValue].answer.replace(/[^-\d]/g, ''), 10) + 1));
  const s = await check(page);
  const wrong = s.grade.verdicts.filter((v) => !v.ok);
  assert.deepEqual(wrong.map((v) => [v.node, v.kind]).sort(), [[wrongPrune, 'pruned'], [wrongValue, 'value']].sort());
  assert.equal(s.grade.right, s.grade.total - 2);
  // the page shows them on the tree
  assert.equal(await page.locator('.ex-cut.ex-wrong').count(), 1);
  assert.equal(await page.locator('input.ex-val.ex-wrong').count(), 1);
  assert.ok((await page.locator('.ex-cut.ex-ok').count()) > 0);
  assert.match(await page.innerText('#ex-score'), new RegExp(`${s.grade.right} of ${s.grade.total}`));
  // the hint explains the first wrong node
  const g = s.gradeGeneration;
  await page.click('#ex-hint');
  await nextGrade(page, g);
  await settle(page);
  const h = await ex(page);
  const first = h.grade.verdicts[h.grade.first_wrong];
  // nodes are named by path, as the tree, the key and the solution name them (issue 28 §2)
  const nm = (n) => (n.path ? `node ${n.path} (` : 'the root (');
  const parent = key.nodes[first.node].parent;
  assert.ok(h.hint.includes(nm(key.nodes[first.node])) || (parent !== null && h.hint.includes(nm(key.nodes[parent]))), h.hint);
  assert.match(await page.innerText('#ex-hint-text'), /^Hint: /);
  // the running total counts this exercise once
  assert.equal(h.total.exercises >= 1, true);
  assert.match(await page.innerText('#ex-total'), /Running total: \d+ of \d+/);
  // screenshots of the graded exercise, both themes, two sizes
  for (const [w, hgt] of [[1280, 720], [390, 844]]) {
    await page.setViewportSize({ width: w, height: hgt });
    for (const theme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: theme });
      await settle(page);
      await page.screenshot({ path: path.join(SHOT_DIR, `graded-${w}x${hgt}-${theme}.png`), fullPage: true });
    }
  }
  await page.close();
});

test('an exercise link opens the same tree in a fresh page; the running total persists', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await page.goto(env.server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 20_000 });
  const e = await newExercise(page, { cutoff: 'strict' });
  await answerRight(page, e.key);
  const s = await check(page);
  assert.equal(s.grade.right, s.grade.total);
  // the link the Copy link button makes (the address bar gets it too, once the click's handler
  // has run: wait for it there rather than for a fixed time)
  await page.click('#ex-link');
  await page.waitForFunction(() => /mode=exercise/.test(location.href));
  const url = await page.evaluate(() => location.href);
  assert.match(url, /mode=exercise/);
  assert.match(url, /cutoff=strict/);
  const total = s.total;
  // a fresh browser context (nothing shared): the same tree
  const other = await env.browser.newContext({ viewport: { width: 1280, height: 720 } });
  const p1 = await other.newPage();
  await p1.goto(url);
  await p1.waitForFunction(() => window.prunescope?.snapshot().exercise.generation > 0, null, { timeout: 20_000 });
  assert.equal((await ex(p1)).tree, e.tree);
  await other.close();
  // a new page of this browser: the same tree, and the running total kept in localStorage
  const p2 = await context.newPage();
  await p2.setViewportSize({ width: 1280, height: 720 });
  await p2.goto(url);
  await p2.waitForFunction(() => window.prunescope?.snapshot().exercise.generation > 0, null, { timeout: 20_000 });
  const e2 = await ex(p2);
  assert.equal(e2.tree, e.tree);
  assert.equal(e2.params.cutoff, 'strict');
  assert.deepEqual(e2.total, total);
  await context.close();
});

test('keyboard only: an exercise answered with Tab, Space and typing, windows included', async () => {
  const page = await openPage(env);
  const e = await newExercise(page, { bmin: 2, bmax: 2, depth: 2, windows: true });
  const key = e.key;
  // focus the first control of the tree, then walk it with Tab in tree order
  await page.evaluate(() => document.querySelector('#ex-tree').querySelector('button, input').focus());
  for (let step = 0; step < 200; step++) {
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || !document.querySelector('#ex-tree').contains(el)) return null;
      const node = Number(el.closest('.ex-n').dataset.node);
      const wins = [...el.closest('.ex-box')?.querySelectorAll('input.ex-win') ?? []];
      return { tag: el.tagName, cls: el.className, node, side: wins.indexOf(el), disabled: el.disabled };
    });
    if (!at) break;
    const n = key.nodes[at.node];
    if (at.tag === 'BUTTON' && n.pruned) await page.keyboard.press('Space');
    else if (at.cls.includes('ex-val')) await page.keyboard.type(n.answer);
    else if (at.cls.includes('ex-win')) await page.keyboard.type(n.window[at.side]);
    await page.keyboard.press('Tab');
  }
  const g = (await ex(page)).gradeGeneration;
  await page.focus('#ex-check');
  await page.keyboard.press('Enter');
  await nextGrade(page, g);
  const s = await ex(page);
  assert.equal(s.grade.right, s.grade.total, JSON.stringify(s.grade.verdicts.filter((v) => !v.ok)));
  assert.ok(s.grade.verdicts.some((v) => v.kind === 'window'));
  // a wrong window side is flagged at its node
  const node = key.nodes.findIndex((n) => n.visited && n.leaf === null);
  await page.fill(`input.ex-win[data-node="${node}"] >> nth=1`, '777');
  const s2 = await check(page);
  assert.deepEqual(s2.grade.verdicts.filter((v) => !v.ok).map((v) => [v.node, v.kind]), [[node, 'window']]);
  await page.close();
});

test('touch: a branch is marked by a tap', async () => {
  const page = await openPage(env, { width: 390, height: 844, touch: true });
  const e = await newExercise(page, { bmin: 2, bmax: 2, depth: 2 });
  const i = e.key.nodes.findIndex((n) => n.parent !== null);
  await page.tap(`.ex-n[data-node="${i}"] > .ex-cut`);
  await settle(page);
  assert.equal(await page.getAttribute(`.ex-n[data-node="${i}"] > .ex-cut`, 'aria-pressed'), 'true');
  await page.close();
});

test('the strict rule in the page: node counts of alpha-beta searches on a few trees', async () => {
  const page = await openPage(env);
  // value equal to the bound: standard prunes, strict searches (counts from tests/cutoff.rs's textbook)
  const cases = [['((2 5) (2 9))', 6, 7], ['((3 12 8) (2 4 6) (14 5 2))', 11, 11], ['((3 3) (3 1) (3 9))', 8, 10]];
  for (const [tree, std, strict] of cases) {
    for (const [rule, want] of [['standard', std], ['strict', strict]]) {
      await page.fill('#tree-text', tree);
      await page.selectOption('#algo', 'alphabeta');
      await page.selectOption('#cutoff', rule);
      const g = (await snapshot(page)).explore.generation;
      await page.click('#start');
      await page.waitForFunction((x) => { const t = window.prunescope.snapshot().explore; return t.generation > x && t.status === 'done'; }, g);
      const t = (await snapshot(page)).explore;
      assert.equal(t.nodes, want, `${tree} ${rule}`);
      assert.equal(t.config.cutoff ?? 'standard', rule);
    }
  }
  await page.close();
});

test('the quiz card states the cut-off rule of the search it quizzes (Quiz me, Predict prunes), under both rules', async () => {
  const page = await openPage(env);
  // the core's words (Cutoff::describe), as the exercises state them; the narration's cut-off
  // line names the strict rule too
  const WORDS = {
    standard: /^Cut-off rule: standard — cut off when α ≥ β \(a value equal to the bound prunes\)\.$/,
    strict: /^Cut-off rule: strict — cut off only when the bound is strictly passed \(CS188: a child equal to the bound is still searched\)\.$/,
  };
  for (const rule of ['standard', 'strict']) {
    await page.click('#tab-tree');
    await page.fill('#tree-text', '((3 3) (3 1) (3 9))');
    await page.selectOption('#algo', 'alphabeta');
    await page.selectOption('#cutoff', rule);
    const t = await runSearch(page);
    assert.equal(t.config.cutoff ?? 'standard', rule);
    // Quiz me: the first question comes with the rule
    await page.click('#quiz-start');
    await page.waitForFunction(() => { const q = window.prunescope.snapshot().quiz; return q.on && q.question !== null; });
    await settle(page);
    assert.match(await text(page, '#quiz-question'), /Which window/);
    assert.match(await text(page, '#quiz-rule'), WORDS[rule]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !window.prunescope.snapshot().quiz.on);
    // the narration of the first cut-off says the same rule
    const at = (await snapshot(page)).explore.cursor.event;
    await page.click('#n-cut');
    await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, at);
    await settle(page);
    const said = await text(page, '#narration');
    assert.match(said, /cut-off at node 1/);
    assert.equal(said.includes('(strict rule)'), rule === 'strict', said);
    // Predict prunes: the rule while marking, and with the result
    await whenTraceEnds(page, 'explore', () => page.click('#predict-start'));
    await page.waitForSelector('#predict-path');
    await settle(page);
    assert.match(await text(page, '#quiz-rule'), WORDS[rule]);
    await page.click('#predict-check');
    await page.waitForSelector('#predict-again');
    assert.match(await text(page, '#quiz-rule'), WORDS[rule]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !window.prunescope.snapshot().quiz.on);
  }
  // minimax cuts nothing: no rule to state
  await page.selectOption('#algo', 'minimax');
  await runSearch(page);
  await page.click('#quiz-start');
  await page.waitForFunction(() => { const q = window.prunescope.snapshot().quiz; return q.on && q.question !== null; });
  await settle(page);
  assert.equal(await page.locator('#quiz-rule').count(), 0);
  await page.close();
});

test('a MIN-root exercise: Play the search (with the solution) plays its tree in explore, the root labelled MIN, values from MAX’s view', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  // explore left in the negamax view: the solution shows MAX's view anyway, as the exercise asks
  await page.click('#maxmin');
  await page.waitForFunction(() => !document.getElementById('maxmin').checked);
  let e;
  for (let k = 0; k < 20; k++) {
    e = await newExercise(page, { bmin: 2, bmax: 3, depth: 3, root: 'min' });
    if (e.key.nodes.some((n) => n.pruned)) break;
  }
  assert.match(e.tree, /^min \(/);
  assert.equal(e.key.nodes[0].max, false);
  const g = (await snapshot(page)).explore.generation;
  await page.click('#ex-solution');
  await page.locator('#ex-play:not([hidden])').waitFor();
  await page.click('#ex-play');
  await page.waitForFunction((x) => { const t = window.prunescope.snapshot().explore; return t.generation > x && t.status === 'done'; }, g);
  let s = await snapshot(page);
  assert.equal(s.mode, 'explore');
  assert.equal(s.explore.input.text, e.tree, 'the tree with its min header');
  await settle(page);
  assert.equal(await page.inputValue('#tree-text'), e.tree);
  assert.equal(await page.isChecked('#maxmin'), true, 'MAX’s view');
  // to the end of the search (the solution plays; End goes there)
  await page.locator('#tree').focus();
  await page.keyboard.press('End');
  await page.waitForFunction(() => { const s = window.prunescope.snapshot(); return !s.playing && s.explore.cursor.event === s.explore.events - 1; });
  await settle(page);
  // the root's value is the exercise key's, from MAX's view; the root is MIN's
  assert.equal(await text(page, '#sum-value'), e.key.nodes[0].answer);
  assert.match(await text(page, '#summary'), /from MAX’s view \(MIN at the root\)/);
  await hook(page, () => window.prunescope.select('explore', 0));
  await settle(page);
  const inspector = await text(page, '#inspector');
  assert.match(inspector, /ply 0 · MIN to move/);
  assert.doesNotMatch(inspector, /MAX to move/);
  // the pruned subtrees drawn whole hold the key's pruned leaves, as MAX sees them
  await page.keyboard.press('End');
  await page.waitForFunction(() => { const s = window.prunescope.snapshot(); return s.explore.cursor.event === s.explore.events - 1; });
  await hook(page, () => window.prunescope.frame());
  const leavesUnder = (i) => (e.key.nodes[i].leaf !== null ? [e.key.nodes[i].leaf] : e.key.nodes[i].children.flatMap(leavesUnder));
  const want = e.key.nodes.flatMap((n, i) => (n.pruned ? leavesUnder(i) : [])).sort((a, b) => a - b);
  const drawn = (await hook(page, () => window.prunescope.drawn())).pruned.flatMap((p) => p.values).sort((a, b) => a - b);
  assert.deepEqual(drawn, want);
  await page.close();
});

test('a chance exercise (docs/teaching.md, Exercises with chance nodes): openExercise as the lesson calls it; the key answered right is all right; a wrong fraction is wrong with a hint; the link round-trips', async () => {
  for (const [w, hgt] of [[1280, 720], [390, 844]]) {
    const page = await openPage(env, { width: w, height: hgt });
    const g = (await ex(page)).generation;
    const opened = await page.evaluate(() => window.prunescope.openExercise({ chance: '1', algo: 'star1', b: '2', d: '2', values: '0..9' }));
    assert.equal(opened, true);
    await nextExercise(page, g);
    await settle(page);
    const e = await ex(page);
    assert.equal(e.params.chance, true);
    assert.equal(e.params.algo, 'star1');
    assert.match(e.tree, /^bounds 0 9 \(\[/);
    // chance nodes drawn distinctly, each branch below one with its probability
    const chanceBoxes = await page.locator('.ex-box.chance').count();
    assert.equal(chanceBoxes, e.key.nodes.filter((n) => n.chance).length);
    assert.ok(chanceBoxes >= 1);
    for (const [i, n] of e.key.nodes.entries()) {
      if (n.prob) assert.equal(await text(page, `.ex-n[data-node="${i}"] > .ex-prob`), `p ${n.prob}`);
    }
    // the key's answers, typed and clicked, grade all right
    await answerRight(page, e.key);
    let s = await check(page);
    assert.equal(s.grade.right, s.grade.total);
    assert.ok(s.grade.total > 0);
    // equal fractions in another form are right; a wrong fraction is wrong, with a hint
    const root = e.key.nodes[0];
    const [num, den] = root.value.includes('/') ? root.value.split('/').map(Number) : [Number(root.value), 1];
    await page.fill('input.ex-val[data-node="0"]', `${2 * num}/${2 * den}`);
    s = await check(page);
    assert.equal(s.grade.right, s.grade.total, 'an unreduced fraction equal to the value is right');
    await page.fill('input.ex-val[data-node="0"]', `${2 * num + 1}/${2 * den}`);
    const hg = (await ex(page)).gradeGeneration;
    await page.click('#ex-hint');
    await nextGrade(page, hg);
    await settle(page);
    s = await ex(page);
    assert.equal(s.grade.right, s.grade.total - 1);
    const wrong = s.grade.verdicts.filter((v) => !v.ok);
    assert.deepEqual(wrong.map((v) => [v.node, v.kind]), [[0, 'value']]);
    assert.match(s.hint, /the root \(MAX\)/);
    assert.ok(await page.locator('input.ex-val[data-node="0"].ex-wrong').count() === 1);
    await page.screenshot({ path: path.join(SHOT_DIR, `chance-${w}x${hgt}.png`), fullPage: true });
    // its link: chance=1&algo=star1, and a fresh page gets the same tree
    await page.click('#ex-link');
    await page.waitForFunction(() => /mode=exercise/.test(location.href));
    const url = await page.evaluate(() => location.href);
    assert.match(url, /chance=1/);
    assert.match(url, /algo=star1/);
    const p2 = await openPage(env, { width: w, height: hgt });
    await p2.goto(url);
    await p2.waitForFunction(() => window.prunescope?.snapshot().exercise.generation > 0, null, { timeout: 20_000 });
    const e2 = await ex(p2);
    assert.equal(e2.tree, e.tree);
    assert.deepEqual(e2.key, e.key);
    await p2.close();
    await page.close();
  }
});

test('a chance exercise on expectimax asks values only: no ✂ toggles; a bad parameter is refused naming the field', async () => {
  const page = await openPage(env);
  const g = (await ex(page)).generation;
  await page.evaluate(() => window.prunescope.openExercise({ seed: '5', chance: '1', algo: 'expectimax', b: '2', d: '3', values: '-3..6' }));
  await nextExercise(page, g);
  await settle(page);
  const e = await ex(page);
  assert.equal(e.key.algo, 'expectimax');
  assert.equal(await page.locator('.ex-cut').count(), 0);
  await answerRight(page, e.key);
  const s = await check(page);
  assert.equal(s.grade.right, s.grade.total);
  assert.ok(s.grade.verdicts.every((v) => v.kind === 'value'));
  // the strict rule is alpha-beta's: a chance exercise refuses it, naming the field
  const ok = await page.evaluate(() => window.prunescope.openExercise({ chance: '1', cutoff: 'strict', b: '2', d: '2' }));
  assert.equal(ok, false);
  await page.waitForFunction(() => !document.getElementById('ex-notice').hidden);
  assert.match(await text(page, '#ex-notice'), /cutoff/);
  await page.close();
});

test('axe (WCAG 2.2 AA): a chance exercise, checked with a hint, at 1280×720 and 390×844, both themes', async () => {
  for (const [w, hgt, colorScheme] of [[1280, 720, 'light'], [390, 844, 'dark']]) {
    const context = await env.browser.newContext({ viewport: { width: w, height: hgt }, colorScheme });
    const page = await context.newPage();
    await page.goto(env.server.url + 'index.html');
    await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 20_000 });
    const g = (await ex(page)).generation;
    await page.evaluate(() => window.prunescope.openExercise({ seed: '3', chance: '1', algo: 'star1', b: '2', d: '3', values: '0..9' }));
    await nextExercise(page, g);
    await settle(page);
    await page.fill('input.ex-val[data-node="0"]', '1/3');
    const hg = (await ex(page)).gradeGeneration;
    await page.click('#ex-hint');
    await nextGrade(page, hg);
    await settle(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(violations.map((v) => `${w} ${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
    await context.close();
  }
});

test('a 390 px phone, 27 leaves: the tree scrolls inside its region, not the page, and opens on the root', async () => {
  const page = await openPage(env, { width: 390, height: 844 });
  const g = (await ex(page)).generation;
  await page.evaluate(() => window.prunescope.openExercise({ seed: '4', b: '3', d: '3', values: '-99..99' }));
  await nextExercise(page, g);
  await settle(page);
  const m = await page.evaluate(() => {
    const t = document.getElementById('ex-tree');
    const r = t.getBoundingClientRect(), root = document.querySelector('.ex-box[data-node="0"]').getBoundingClientRect();
    return { page: document.documentElement.scrollWidth, view: innerWidth, wide: t.scrollWidth > t.clientWidth, rootIn: root.left >= r.left && root.right <= r.right };
  });
  assert.equal(m.page, m.view, 'the page does not scroll sideways');
  assert.ok(m.wide, 'the tree is wider than its region, which scrolls');
  assert.ok(m.rootIn, 'the root is in view');
  await page.close();
});
