// Accessibility (issue 19 §4): axe-core's WCAG 2.2 AA rules report no violation in any mode the
// page has — explore (before and after a search, a node selected), the quiz, prune prediction,
// Learn (its index, a lesson's question, answered), compare (and compare on a tree with chance
// nodes: expectimax vs Star1, a chance node selected), experiments, the small games' boards,
// exercise mode (new and checked), the embed view, the accessible tree focused in explore and
// compare — in both themes, at 1280×720 and at 390×844 (a phone, by touch);
// and prefers-reduced-motion stops the board's piece animation.
//
//   node --test tests/browser/a11y.test.mjs

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { collectProblems } from './chromium.mjs';
import path from 'node:path';
import { SHOTS, run, runCompare, runSearch, settle, setup, snapshot, toCompare, whenTraceEnds } from './hook.mjs';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/**
 * Like hook.mjs's `openPage`, in a context of its own (AxeBuilder needs `browser.newContext()`);
 * `problems` collects console errors and warnings, page errors and failed requests.
 */
async function openPage(env, { width, height, colorScheme = 'light', touch = false, problems }) {
  const context = await env.browser.newContext({ viewport: { width, height }, colorScheme, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  collectProblems(page, problems);
  // not awaited by anyone: a browser already closing must not leave an unhandled rejection
  page.once('close', () => context.close().catch(() => {}));
  await page.goto(env.server.url + 'index.html');
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 20_000 });
  await settle(page);
  return page;
}

/** axe over the whole page now; returns one line per violation: `mode: id [targets]`. */
async function axe(page, where) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')} — ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
}

/** Every mode, one page, in the given viewport and theme; returns the violations found. */
async function everyMode({ width, height, colorScheme }) {
  const touch = width < 600;
  const problems = [];
  const page = await openPage(env, { width, height, colorScheme, touch, problems });
  const tag = `${width}x${height} ${colorScheme}`;
  assert.equal((await snapshot(page)).theme.dark, colorScheme === 'dark');
  const found = [];
  found.push(...(await axe(page, `${tag} explore, before a search`)));

  await page.click('#tab-tree');
  await page.selectOption('#tree-preset', 'rn');
  await runSearch(page);
  const leaf = await page.evaluate(() => window.prunescope.nodeAt('explore', [1, 0]));
  assert.ok(leaf >= 0);
  await page.evaluate((id) => window.prunescope.select('explore', id), leaf);
  await settle(page);
  assert.equal((await snapshot(page)).explore.selected, leaf);
  found.push(...(await axe(page, `${tag} explore, searched, a node selected`)));
  // the accessible tree, focused: drawn over the canvas
  await page.focus('#a11y-tree');
  found.push(...(await axe(page, `${tag} explore, the accessible tree focused`)));
  await page.locator('#a11y-wrap').screenshot({ path: path.join(SHOTS, `a11y-${width}x${height}-${colorScheme}-tree.png`) });
  await page.focus('#tree');

  await page.click('#quiz-start');
  await page.waitForSelector('#quiz-question');
  found.push(...(await axe(page, `${tag} quiz`)));
  // answer the question, whatever it is (typed or chosen): the feedback shows
  if (await page.locator('#quiz-answer').count()) await page.locator('#quiz-answer').fill('3');
  await page.locator('.quiz-choice').first().click();
  await page.waitForSelector('#quiz-feedback');
  found.push(...(await axe(page, `${tag} quiz, answered`)));
  const name = `a11y-${width}x${height}-${colorScheme}`;
  await page.locator('#quiz-card').screenshot({ path: path.join(SHOTS, `${name}-quiz.png`) });
  await page.locator('#inspector-card').screenshot({ path: path.join(SHOTS, `${name}-inspector.png`) });
  await page.keyboard.press('Escape');
  await page.waitForSelector('#quiz-start');

  await whenTraceEnds(page, 'explore', () => page.click('#predict-start'));
  await page.waitForSelector('#predict-path');
  found.push(...(await axe(page, `${tag} prune prediction`)));
  await page.keyboard.press('Escape');
  await page.waitForSelector('#predict-start');

  // Learn: the lessons' index, a lesson at a question, the question answered (issue 20)
  await page.click('#mode-learn');
  await page.waitForSelector('#learn-list li');
  found.push(...(await axe(page, `${tag} learn, the lessons`)));
  const g = (await snapshot(page)).learn.generation;
  await page.click('#learn-list li[data-lesson="2"] a');
  await page.waitForFunction((g0) => {
    const l = window.prunescope.snapshot().learn;
    return l.generation > g0 && l.status === 'stepping';
  }, g, { timeout: 30_000 });
  await run(page, 'play.toggle');
  await page.waitForFunction(() => window.prunescope.snapshot().learn.status === 'asking');
  found.push(...(await axe(page, `${tag} learn, a question`)));
  // the accessible tree reads out the problem the drawing shows: every leaf's value
  assert.equal(await page.getAttribute('#a11y-tree', 'aria-describedby'), 'a11y-hint a11y-problem');
  assert.match(await page.locator('#a11y-problem').textContent(), /The problem: the tree \(\(3 12 8\) \(2 4 6\) \(14 5 2\)\)\. Each pair of brackets/);
  await page.fill('#quiz-answer', '3 inf');
  await page.press('#quiz-answer', 'Enter');
  await page.waitForSelector('#quiz-feedback');
  found.push(...(await axe(page, `${tag} learn, answered`)));
  await page.locator('#learn-card').screenshot({ path: path.join(SHOTS, `${name}-learn.png`) });
  // the rest of lesson 2, to its end: the score and the way on in both cards
  for (const [k, reply, typed] of [[1, 'y', false], [2, '<= 2', true], [3, 's', false], [4, '7', true]]) {
    const asked = (await snapshot(page)).learn.asked;
    await page.click('#quiz-next');
    await page.waitForFunction((kk) => window.prunescope.snapshot().learn.status === 'asking' && window.prunescope.snapshot().quiz.question?.index === kk, k, { timeout: 30_000 });
    if (typed) {
      await page.fill('#quiz-answer:not([disabled])', reply);
      await page.press('#quiz-answer', 'Enter');
    } else await page.click(`#quiz .quiz-choice[data-key="${reply}"]:not([disabled])`);
    await page.waitForFunction((a) => window.prunescope.snapshot().learn.asked > a, asked);
  }
  await page.click('#quiz-next');
  await page.waitForSelector('#quiz-learn-next');
  found.push(...(await axe(page, `${tag} learn, the lesson's end`)));
  await page.click('#mode-explore');
  await page.waitForFunction(() => !window.prunescope.snapshot().learn.open);
  await settle(page);
  assert.equal(await page.getAttribute('#a11y-tree', 'aria-describedby'), 'a11y-hint', 'outside a lesson the tree has no problem text');

  await toCompare(page);
  await runCompare(page);
  found.push(...(await axe(page, `${tag} compare`)));
  await page.focus('#a11y-tree');
  found.push(...(await axe(page, `${tag} compare, the accessible tree focused`)));
  await page.screenshot({ path: path.join(SHOTS, `${name}-compare.png`), fullPage: true });
  // compare on a tree with chance nodes (issue 20 §3): expectimax vs Star1, a chance node
  // selected (its kind, what it averages, the bound that fired in Star1)
  await page.fill('#tree-text', 'bounds 0 10 ([1:5 2:(7 9)] [2:1 1:2 1:9])');
  await page.waitForFunction(() => document.getElementById('cmp-algo-B').value === 'star1');
  await runCompare(page);
  const chanceNode = await page.evaluate(() => window.prunescope.nodeAt('A', [1]));
  // selecting puts the cursor at the node's entry, where its results are held back; Final
  // results shows them (and the bound that fired)
  await run(page, 'view.finals'); // Final results (E)
  await page.evaluate((id) => window.prunescope.select('A', id), chanceNode);
  await page.waitForSelector('#cmp-fired-B');
  found.push(...(await axe(page, `${tag} compare, chance nodes, a chance node selected`)));
  await page.screenshot({ path: path.join(SHOTS, `${name}-compare-chance.png`), fullPage: true });
  await run(page, 'view.finals');

  await page.click('#mode-experiments');
  await page.waitForFunction(() => {
    const x = window.prunescope.snapshot().experiments;
    return x.list && x.committed && x.committed.status !== 'loading';
  }, null, { timeout: 20_000 });
  found.push(...(await axe(page, `${tag} experiments`)));
  await page.locator('.exp-table-wrap').first().focus();
  await page.screenshot({ path: path.join(SHOTS, `${name}-experiments.png`) });

  // the small games (issue 20): each game's set-up board in the Games tab, and its board at a
  // selected node in the Position card
  await page.click('#mode-explore');
  await page.click('#tab-game');
  await page.waitForSelector('#game-kind');
  found.push(...(await axe(page, `${tag} games tab`)));
  for (const [kind, moves] of [['tictactoe', ['b2', 'a1', 'c3']], ['nim', []], ['connect4', ['4', '3']]]) {
    await page.selectOption('#game-kind', kind);
    for (const m of moves) await page.click(`#game-setup button[aria-label^="${kind === 'connect4' ? 'column ' : ''}${m},"]`);
    if (kind === 'connect4') await page.fill('#game-depth', '3');
    await runSearch(page);
    const child = await page.evaluate(() => window.prunescope.snapshot().explore.nodes > 1 ? 1 : 0);
    await page.evaluate((id) => window.prunescope.select('explore', id), child);
    await page.locator('#board-card').evaluate((el) => (el.open = true));
    await page.waitForSelector('#game-board .game-board[data-interactive="false"]');
    found.push(...(await axe(page, `${tag} ${kind}, searched, a node selected`)));
  }

  // exercise mode (issue 18): a new exercise, then graded
  const exGen = (await snapshot(page)).exercise.generation;
  await page.click('#mode-exercise');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, exGen);
  found.push(...(await axe(page, `${tag} exercise`)));
  const gg = (await snapshot(page)).exercise.gradeGeneration;
  await page.click('#ex-check');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.gradeGeneration > g0, gg);
  found.push(...(await axe(page, `${tag} exercise, checked`)));

  // the embed view (issue 19 §3), opened at a share link's search
  await page.goto(env.server.url + 'embed.html#v=2&tree=' + encodeURIComponent('((3 12 8) (2 4 6) (14 5 2))') + '&algo=alphabeta&cursor=16');
  await page.waitForFunction(() => {
    const s = window.prunescope?.snapshot().explore;
    return s?.status === 'done' && s.cursor.event === 16;
  }, null, { timeout: 30_000 });
  found.push(...(await axe(page, `${tag} embed`)));
  await page.close();
  assert.deepEqual(problems, [], 'no console error, page error or failed request');
  return found;
}

for (const [width, height] of [[1280, 720], [390, 844]]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`axe (WCAG 2.2 AA): no violation in any mode, ${width}×${height}, ${colorScheme}`, async () => {
      const found = await everyMode({ width, height, colorScheme });
      assert.deepEqual(found, [], `\n${found.join('\n')}`);
    });
  }
}

/** Steps through a chess search and records whether any board piece was ever animated. */
async function boardAnimates(reducedMotion) {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await page.emulateMedia({ reducedMotion });
  assert.equal(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), reducedMotion === 'reduce');
  await page.click('#tab-chess');
  await runSearch(page);
  await run(page, 'step.first');
  await settle(page);
  await page.evaluate(() => {
    window.__anim = 0;
    new MutationObserver((rs) => {
      for (const r of rs) if (r.target.tagName === 'PIECE' && r.target.classList.contains('anim')) window.__anim++;
    }).observe(document.getElementById('board'), { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  for (let k = 0; k < 6; k++) {
    await run(page, 'step.forward');
    await settle(page);
  }
  // chessground marks a gliding piece 'anim' in the same frame it starts the glide, so the
  // observer has seen every step's pieces by the time settle() returns
  const n = await page.evaluate(() => window.__anim);
  await page.close();
  assert.deepEqual(problems, []);
  return n;
}

test('prefers-reduced-motion: the board moves pieces without animation (and animates them otherwise)', async () => {
  assert.equal(await boardAnimates('reduce'), 0, 'no piece animated under reduced motion');
  assert.ok((await boardAnimates('no-preference')) > 0, 'without the preference the pieces glide (the check can fail)');
});

/**
 * The lessons with a small game's board or a new pause (issue 20: lesson 1's tic-tac-toe, lesson
 * 4's iterations, lesson 7's Connect Four, lesson 8's uncertainty cut-off), at the question
 * named, reached by answering the questions before it with anything (a wrong answer moves on
 * too); a part's start, its heading focused, is checked on the way.
 */
for (const [width, height] of [[1280, 720], [390, 844]]) {
  test(`axe (WCAG 2.2 AA): the lessons on game boards and their new pauses, ${width}×${height}`, async () => {
    const touch = width < 600;
    const problems = [];
    const page = await openPage(env, { width, height, touch, problems });
    const found = [];
    for (const [lesson, upTo] of [[1, 5], [4, 1], [7, 5], [8, 0]]) {
      const g = (await snapshot(page)).learn.generation;
      await page.evaluate((k) => (location.hash = `v=2&learn=${k}`), lesson);
      await page.waitForFunction(([g0, id]) => {
        const l = window.prunescope.snapshot().learn;
        return l.generation > g0 && l.lesson === id && l.status === 'stepping';
      }, [g, lesson], { timeout: 60_000 });
      let part = '';
      for (let k = 0; k <= upTo; k++) {
        await page.waitForFunction(() => window.prunescope.snapshot().learn.status !== 'loading', null, { timeout: 60_000 });
        const kind = (await snapshot(page)).explore.input.kind;
        if (kind !== part) {
          if (part) found.push(...(await axe(page, `${width}x${height} lesson ${lesson}, a new part (${kind})`)));
          part = kind;
        }
        if (!(await snapshot(page)).playing) await run(page, 'play.toggle');
        await page.waitForFunction((kk) => {
          const s = window.prunescope.snapshot();
          return s.learn.status === 'asking' && s.quiz.question?.index === kk;
        }, k, { timeout: 60_000 });
        if (k === upTo) {
          found.push(...(await axe(page, `${width}x${height} lesson ${lesson}, question ${k + 1} (${kind})`)));
          break;
        }
        const asked = (await snapshot(page)).learn.asked;
        if ((await snapshot(page)).quiz.question.choices) await page.click('#quiz .quiz-choice');
        else {
          await page.fill('#quiz-answer', '0');
          await page.press('#quiz-answer', 'Enter');
        }
        await page.waitForFunction((a) => window.prunescope.snapshot().learn.asked > a, asked);
        await settle(page);
        await page.click('#quiz-next');
      }
    }
    await page.close();
    assert.deepEqual(found, [], `\n${found.join('\n')}`);
    assert.deepEqual(problems, [], 'no console error, page error or failed request');
  });
}
