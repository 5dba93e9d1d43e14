// One grader, in the core (issue 28): Russell–Norvig's third MIN node, (14 5 2), searched every
// leaf and is answered "2" — in the quiz's step prediction, in a lesson's pause and in an
// exercise made from that tree in the tree editor; the card says the form it takes before the
// student answers; "< 2" is refused with the grader's note; Show solution writes the grader's
// answers and names the nodes as the hint does. Each wait waits for a NEW state (the quiz's
// answer count, the exercise's generations). Screenshots go to target/screenshots/grader/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { setup, openPage, settle, snapshot, runSearch, run, text, RN_TREE, SHOTS, ROOT } from './hook.mjs';
import { encodeExercise, decodeExercise } from '../../www/model/exercise.js';

// The CLI that scripts/test.sh's cargo-test step builds (debug), else a release build.
const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target');
const CLI = existsSync(path.join(TARGET, 'debug/prunescope')) ? path.join(TARGET, 'debug/prunescope') : path.join(TARGET, 'release/prunescope');

const SHOT_DIR = path.join(SHOTS, 'grader');
let env;

before(async () => {
  env = await setup();
  mkdirSync(SHOT_DIR, { recursive: true });
});
after(async () => env?.close());

test('prunescope exercise make writes the page’s own link, for seeds and parameters and for a tree', () => {
  const cases = [
    { seed: 42 },
    { seed: 7, branching_min: 2, branching_max: 2, depth: 2, value_min: -5, value_max: 5, ordering: 'best', root: 'min', cutoff: 'strict', windows: true },
    { seed: 3, branching_min: 1, branching_max: 3, depth: 3, ordering: 'worst' },
    { seed: 11, branching_min: 2, branching_max: 2, depth: 3, chance: true, algo: 'expectimax' },
    { tree: RN_TREE, cutoff: 'strict', windows: true },
    { tree: 'min ((3 12 8) (2 4 6))' },
    { tree: 'bounds 0 10 ([1:5 2:(7 9)] [1:1 1:2 1:9])', algo: 'expectimax' },
  ];
  for (const c of cases) {
    const e = { seed: 1, branching_min: 2, branching_max: 3, depth: 3, value_min: 0, value_max: 9, ordering: 'random', root: 'max', cutoff: 'standard', windows: false, chance: false, algo: 'star1', ...c };
    if (c.tree?.startsWith('bounds')) e.chance = true;
    const p = new URLSearchParams();
    p.set('v', '2');
    p.set('mode', 'exercise');
    encodeExercise(p, e);
    const page = `#${p.toString()}`;
    // the page's link, given to the CLI, makes the same link back
    const out = execFileSync(CLI, ['exercise', 'make', '--link', page], { encoding: 'utf8' });
    assert.equal(out.split('\n')[1], `link: ${page}`, JSON.stringify(c));
    // and the page reads it back as the same parameters
    const back = decodeExercise(new URLSearchParams(page.slice(1)), (k, m) => assert.fail(`${k}: ${m}`));
    for (const k of Object.keys(c)) assert.deepEqual(back[k], e[k], k);
  }
});

/** Answers the quiz card's question with `reply` (typed, or a choice key) and waits for it. */
async function reply(page, r) {
  const s = await snapshot(page);
  if (s.quiz.question.choices) await page.click(`#quiz .quiz-choice[data-key="${r}"]`);
  else {
    await page.fill('#quiz-answer', r);
    await page.press('#quiz-answer', 'Enter');
  }
  await page.waitForFunction((a) => window.prunescope.snapshot().quiz.asked > a, s.quiz.asked);
  await settle(page);
  return (await snapshot(page)).quiz.feedback;
}

/** Steps the quiz (answering anything) until it asks a question whose text matches `re`. */
async function until(page, re) {
  const seen = [];
  for (let k = 0; k < 80; k++) {
    const s = await snapshot(page);
    const q = s.quiz.question;
    assert.ok(q, `the quiz ended before the question; asked: ${seen.join(' | ')}`);
    seen.push(q.text);
    if (!s.quiz.feedback && re.test(q.text)) return q;
    if (!s.quiz.feedback) await reply(page, q.choices ? q.choices[0] : '0');
    await page.click('#quiz-next');
    await page.waitForFunction(() => window.prunescope.snapshot().quiz.feedback === null);
    await settle(page);
  }
  throw new Error(`no question ${re}`);
}

test('the quiz: the (14 5 2) node is 2 (and ≤ 2), the card says the form first, and < 2 gets the note', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  await page.selectOption('#tree-preset', 'rn');
  await runSearch(page);
  for (const [typed, ok] of [['2', true], ['at most 2', true], ['< 2', false]]) {
    // each round from the search's start (the quiz starts at the cursor)
    await run(page, 'step.first');
    await settle(page);
    await page.click('#quiz-start');
    await settle(page);
    await until(page, /What value does node 2 return/);
    // the form, before any answer, and never the answer itself
    const form = await text(page, '#quiz-form');
    assert.match(form, /≤ v or ≥ v/);
    assert.doesNotMatch(form, /\d/);
    const fb = await reply(page, typed);
    assert.equal(fb.ok, ok, typed);
    assert.equal(fb.shown, '2', 'stated as the grader states it');
    if (ok) assert.match(await text(page, '#quiz-feedback'), /^Right: 2\./);
    else {
      assert.equal(fb.note, 'write ≤ (a bound includes its value)');
      assert.match(await text(page, '#quiz-feedback'), /^Not quite: it is 2 \(write ≤ \(a bound includes its value\)\)\./);
      await page.screenshot({ path: path.join(SHOT_DIR, 'quiz-strict-note.png') });
    }
    await page.click('#quiz .quiz-row button:last-child'); // End quiz
    await page.waitForFunction(() => !window.prunescope.snapshot().quiz.on);
  }
  // the first MIN node: exact, 3
  await run(page, 'step.first');
  await settle(page);
  await page.click('#quiz-start');
  await settle(page);
  await until(page, /What value does node 0 return/);
  assert.equal((await reply(page, '3')).ok, true);
  await page.close();
});

test('a lesson’s pause: lesson 1 asks the (14 5 2) node’s value; 2 is right, the card saying the form first', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  await page.goto(page.url().replace(/#.*$/, '') + '#v=2&learn=1');
  await page.waitForFunction(() => window.prunescope.snapshot().learn.lesson === 1 && window.prunescope.snapshot().learn.status === 'stepping', null, { timeout: 60_000 });
  const answers = ['3', '2', '2'];
  for (let k = 0; k < 3; k++) {
    const s = await snapshot(page);
    if (!s.playing) await run(page, 'play.toggle');
    await page.waitForFunction((kk) => { const l = window.prunescope.snapshot(); return l.learn.status === 'asking' && l.quiz.question?.index === kk; }, k, { timeout: 60_000 });
    await settle(page);
    const q = (await snapshot(page)).quiz.question;
    assert.match(await text(page, '#quiz-form'), /^Answer with a number\.$/, 'lesson 1 has no bounds yet');
    if (k === 2) assert.match(q.text, /node 2/);
    const fb = await reply(page, answers[k]);
    assert.equal(fb.ok, true, `${q.text}: ${answers[k]}`);
    if (k === 2) assert.equal(fb.shown, '2');
    await page.click('#quiz-next');
    await settle(page);
  }
  await page.close();
});

test('an exercise made from Russell–Norvig’s tree in the editor: 2 is right at (14 5 2); its link opens it again; Show solution speaks the grader’s language', async () => {
  const page = await openPage(env, { width: 1280, height: 720 });
  await page.selectOption('#tree-preset', 'rn');
  await settle(page);
  await page.click('#edit-tree');
  await page.waitForFunction(() => window.prunescope.snapshot().editor.on && window.prunescope.snapshot().editor.text !== null);
  await settle(page);
  assert.equal((await snapshot(page)).editor.text, RN_TREE);
  const g = (await snapshot(page)).exercise?.generation ?? 0;
  await page.click('#ed-exercise');
  await page.waitForFunction((x) => window.prunescope.snapshot().exercise?.generation > x && window.prunescope.snapshot().mode === 'exercise', g);
  await settle(page);
  let e = (await snapshot(page)).exercise;
  assert.equal(e.tree, RN_TREE);
  assert.equal(e.params.tree, RN_TREE);
  const k = e.key.nodes;
  assert.equal(k[9].path, '2');
  assert.equal(k[9].answer, '2');
  // the nodes are labelled by path, as the hint and the solution name them
  assert.equal(await text(page, '.ex-box[data-node="9"] .ex-who'), 'MIN 2');
  assert.equal(await page.getAttribute('input.ex-val[data-node="9"]', 'aria-label'), 'Value of node 2 (MIN)');
  // every answer right, typed as a student would: "2" at (14 5 2), "at most 2" at the second
  for (const i of [7, 8]) await page.click(`.ex-n[data-node="${i}"] > .ex-cut`);
  for (const [i, v] of [[0, '3'], [1, '3'], [5, 'at most 2'], [9, '2']]) await page.fill(`input.ex-val[data-node="${i}"]`, v);
  let gg = e.gradeGeneration;
  await page.click('#ex-check');
  await page.waitForFunction((x) => window.prunescope.snapshot().exercise.gradeGeneration > x, gg);
  e = (await snapshot(page)).exercise;
  assert.equal(e.grade.right, e.grade.total, JSON.stringify(e.grade.verdicts.filter((v) => !v.ok)));
  // "< 2" at the second MIN node: wrong, with the note, the hint naming the node by its path
  await page.fill('input.ex-val[data-node="5"]', '< 2');
  gg = e.gradeGeneration;
  await page.click('#ex-hint');
  await page.waitForFunction((x) => window.prunescope.snapshot().exercise.gradeGeneration > x, gg);
  await settle(page);
  e = (await snapshot(page)).exercise;
  const wrong = e.grade.verdicts.filter((v) => !v.ok);
  assert.deepEqual(wrong.map((v) => [v.node, v.kind, v.name]), [[5, 'value', 'node 1']]);
  assert.match(e.hint, /^Node 1: write ≤ \(a bound includes its value\)\. node 1 \(MIN\) stopped/);
  // Show solution: the grader's answers in the fields, the key's prunes, the same names in words
  await page.click('#ex-solution');
  await page.waitForFunction(() => window.prunescope.snapshot().exercise.solution === true);
  await settle(page);
  assert.equal(await page.inputValue('input.ex-val[data-node="9"]'), '2');
  assert.equal(await page.inputValue('input.ex-val[data-node="5"]'), '≤ 2');
  assert.equal(await page.getAttribute('.ex-n[data-node="7"] > .ex-cut', 'aria-pressed'), 'true');
  const sol = await text(page, '#ex-solution-text');
  assert.match(sol, /the root \(MAX\): 3; node 0 \(MIN\): 3; node 1 \(MIN\): ≤ 2; node 2 \(MIN\): 2\./);
  assert.match(sol, /Pruned: the branches to node 1\.1, node 1\.2\./);
  await page.screenshot({ path: path.join(SHOT_DIR, 'exercise-solution-1280.png'), fullPage: true });
  // hidden again: the student's own answers come back
  await page.click('#ex-solution');
  await page.waitForFunction(() => window.prunescope.snapshot().exercise.solution === false);
  await settle(page);
  assert.equal(await page.inputValue('input.ex-val[data-node="5"]'), '< 2');
  // the exercise's link holds the tree (docs/share-links.md); a fresh page opens the same one
  await page.click('#ex-link');
  await page.waitForFunction(() => location.hash.includes('tree='));
  const link = await page.evaluate(() => location.href);
  assert.match(link, /#v=2&mode=exercise&tree=%28%283\+12\+8%29\+%282\+4\+6%29\+%2814\+5\+2%29%29$/);
  const p2 = await openPage(env, { width: 390, height: 844 });
  await p2.goto(link);
  await p2.waitForFunction(() => window.prunescope.snapshot().exercise?.tree === '((3 12 8) (2 4 6) (14 5 2))', null, { timeout: 30_000 });
  await settle(p2);
  await p2.fill('input.ex-val[data-node="9"]', '2');
  const g2 = (await snapshot(p2)).exercise.gradeGeneration;
  await p2.click('#ex-check');
  await p2.waitForFunction((x) => window.prunescope.snapshot().exercise.gradeGeneration > x, g2);
  const v9 = (await snapshot(p2)).exercise.grade.verdicts.find((v) => v.node === 9 && v.kind === 'value');
  assert.equal(v9.ok, true);
  await p2.screenshot({ path: path.join(SHOT_DIR, 'exercise-from-link-390.png'), fullPage: true });
  await p2.close();
  await page.close();
});
