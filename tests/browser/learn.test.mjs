// Learn, the course (issue 20 §2) end to end in headless Chromium: it loads only when opened;
// every lesson runs from start to end with the answers the books give (trees) or that the
// trace's own node records imply (games), each graded right; one lesson by the keyboard alone;
// a pause holds the cursor until it is answered; progress survives a reload; a lesson's link
// opens that lesson, and a bad one says why.
//
//   node --test tests/browser/learn.test.mjs
//
// Screenshots go to target/screenshots/ (learn-*.png).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { setup, openPage, settle, snapshot, hook, run, SHOTS } from './hook.mjs';

let env;
before(async () => {
  env = await setup();
});
after(() => env?.close());

const learnOf = async (page) => (await snapshot(page)).learn;
const node = (page, id) => hook(page, ([i]) => window.prunescope.node('explore', i), [id]);
const nodeAt = (page, p, k) => hook(page, ([pp, kk]) => window.prunescope.nodeAt('explore', pp, kk), [p, k]);

/** Runs `action` and waits until a lesson has opened anew (a larger generation) and is ready. */
async function whenLessonOpens(page, action, id) {
  const g = (await learnOf(page)).generation;
  await action();
  await page.waitForFunction(([g0, want]) => {
    const l = window.prunescope.snapshot().learn;
    return l.generation > g0 && l.lesson === want && l.status !== 'loading';
  }, [g, id], { timeout: 60_000 });
  await settle(page);
  const l = await learnOf(page);
  assert.equal(l.status, 'stepping', `lesson ${id}: ${l.notice}`);
  return l;
}

/** Plays until the lesson asks its next question (pause number `k`, from 0); answers the question. */
async function nextQuestion(page, k) {
  // a lesson's next part runs its own search first (www/modes/learn.js `runPart`)
  await page.waitForFunction(() => window.prunescope.snapshot().learn.status !== 'loading', null, { timeout: 60_000 });
  const s = await snapshot(page);
  if (!s.playing && s.learn.status === 'stepping') await run(page, 'play.toggle');
  await page
    .waitForFunction((kk) => {
      const s = window.prunescope.snapshot();
      return s.learn.status === 'asking' && s.learn.pause === kk && s.quiz.question?.index === kk;
    }, k, { timeout: 60_000 })
    .catch(async (e) => {
      const s = await snapshot(page);
      throw new Error(`lesson ${s.learn.lesson}: no question ${k + 1}: ${JSON.stringify({ learn: s.learn, quiz: s.quiz, playing: s.playing, cursor: s.explore.cursor })}: ${e.message}`);
    });
  await settle(page);
  return (await snapshot(page)).quiz.question;
}

/** Answers the open question (a choice key or typed text) and waits for its feedback. */
async function answer(page, reply, { choice }) {
  const asked = (await learnOf(page)).asked;
  if (choice) await page.click(`#quiz .quiz-choice[data-key="${reply}"]`);
  else {
    await page.fill('#quiz-answer', reply);
    await page.press('#quiz-answer', 'Enter');
  }
  await page.waitForFunction((a) => window.prunescope.snapshot().learn.asked > a, asked);
  await settle(page);
  return (await snapshot(page)).quiz.feedback;
}

/** Goes on after an answer (Continue / Finish). */
async function goOn(page) {
  await page.click('#quiz-next');
  await settle(page);
}

// The books' answers, lesson by lesson (the first lessons' trees are AIMA's fig. 5.2 and a
// perfectly ordered b = 3, d = 3 tree): typed text, or a choice key. Games' answers are
// derived in `gameAnswer` from the trace's node records.
const minimal = (b, d) => b ** Math.ceil(d / 2) + b ** Math.floor(d / 2) - 1;
const BOOK = {
  // AIMA's tree, then part 2's tic-tac-toe `.ox/x.o/.ox` (X to move): after a1, O wins at b2
  // (−998 = O wins on ply 2); after b2, X wins on ply 3 whatever O does (997); X plays b2
  1: ['3', '2', '2', '3', '-998', '997', '997'],
  2: ['3 inf', 'y', '<= 2', 's', '7'],
  3: ['n', '3', '2', String(minimal(3, 3))], // cut-off? no; node 1.0 ALL; node 1 CUT; the minimal tree
  5: ['2 3', 'y', 'y'],
  6: ['g', 'y', 'n'], // it searches on; exd5 refutes Qxd5; the search keeps its queen (best line Kd2)
  // node 0 = 1/3 · 5 + 2/3 · 7 = 19/3; node 1.2 pruned by Star1 ((1 + 2 + 10)/3 = 13/3 < 19/3);
  // the root, max(19/3, ≤ 13/3), typed as an equal fraction
  9: ['19/3', 'p', '38/6'],
};

/** The answer a game lesson's question must have, from the trace's node records (not the quiz's). */
async function gameAnswer(page, q) {
  if (q.kind === 'first') {
    // iterative deepening with the TT move: iteration k first tries iteration k − 1's best move
    // ... at the root or at the node asked about (the same path in iteration k − 1)
    const k = Number(/Iteration (\d+)/.exec(q.text)[1]);
    const path = (await node(page, q.node)).path;
    const prev = await node(page, await nodeAt(page, path, k - 2));
    const best = await node(page, prev.bestChild);
    // a game's moves are named by the game (tic-tac-toe "c2"), a tree's by their node
    const game = !['tree', 'random'].includes((await snapshot(page)).explore.input.kind);
    const label = game ? best.move : `node ${best.path.join('.')}`;
    return page.evaluate((l) => [...document.querySelectorAll('#quiz .quiz-choice')].find((b) => b.textContent.startsWith(l + ' '))?.dataset.key, label);
  }
  const n = await node(page, q.node);
  const kids = await hook(page, ([ids]) => window.prunescope.nodes('explore', ids), [n.children]);
  if (q.kind === 'nullcut') {
    // the null move fails high when its value, seen from the node, reaches the node's β
    const nulls = kids.filter((c) => c.kind === 'null');
    const seen = await page.evaluate(() => window.prunescope.snapshot().explore.cursor.event);
    const done = nulls.filter((c) => c.exitEvent <= seen + 1);
    const c = done[done.length - 1];
    return -c.value >= n.beta ? 'y' : 'n';
  }
  if (q.kind === 'zugzwang') return 'r';
  if (q.kind === 'multicut') {
    const high = kids.filter((c) => c.kind === 'mc_probe' && -c.value >= n.beta).length;
    return high >= 3 ? 'y' : 'n'; // C = 3 (Björnsson & Marsland's default, the page's)
  }
  if (q.kind === 'uncertain') return n.uncertain ? 'y' : 'n';
  if (q.kind === 'ucut') {
    // Björnsson et al.: an expected CUT node stops after more than CUT_RATIO = 0.5 of its moves
    const tried = kids.filter((c) => c.kind === 'normal').length;
    assert.equal(n.reason, 'uncertainty_cutoff');
    assert.equal(n.expected, 'cut');
    assert.equal(tried, Math.floor(n.moves * 0.5) + 1, `${tried} of ${n.moves} moves tried`);
    return String(tried);
  }
  // lesson 7's Connect Four (the CLI: `prunescope connect4 5764747751666771225661154244112452
  // --depth 4 --no-iterative` returns −996, Solid loses on ply 4; with `--unsafe-null-move
  // --enable null_move` it returns 0)
  if (q.kind === 'value' && q.text.includes('Solid’s view')) return '-996';
  if (q.kind === 'same') {
    // the previous part's root value, as the question quotes it, against this trace's root
    const before = Number(/returned (\S+) at the root/.exec(q.text)[1].replace('−', '-'));
    const root = await node(page, await nodeAt(page, []));
    return root.value === before ? 'y' : 'n';
  }
  throw new Error(`no answer for ${q.kind}`);
}

test('Learn is not part of the first load; opening it shows the nine lessons as links', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  // the page's scripts, as requested: its modules one by one, or bundled (www/site.mjs) into
  // chunks whose names say nothing — so the test reads what they hold
  const scripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')));
  const holds = (paths, text) => page.evaluate(async ([ps, t]) => {
    for (const p of ps) if ((await (await fetch(p)).text()).includes(t)) return p;
    return null;
  }, [paths, text]);
  const mark = 'Minimax: looking ahead in a game'; // lesson 1's title (www/learn/lessons.js)
  const first = await scripts();
  assert.equal(await holds(first, mark), null, 'the course is not in the first load');
  assert.equal((await learnOf(page)).loaded, false);
  await page.click('#mode-learn');
  await page.waitForSelector('#learn-list li');
  const added = (await scripts()).filter((p) => !first.includes(p));
  assert.ok(await holds(added, mark), `the course loads when opened: ${added}`);
  const links = await page.$$eval('#learn-list a', (as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(links, [1, 2, 3, 4, 5, 6, 7, 8, 9].map((k) => `#v=2&learn=${k}`));
  assert.equal(await page.getAttribute('#mode-learn', 'aria-pressed'), 'true');
  assert.equal(await page.getAttribute('#mode-explore', 'aria-pressed'), 'false');
  await page.close();
  assert.deepEqual(problems, []);
});

test('every lesson runs from start to end, each answer graded from the trace; progress survives a reload', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await page.click('#mode-learn');
  await page.waitForSelector('#learn-list li');
  for (let id = 1; id <= 9; id++) {
    const l = await whenLessonOpens(page, () => page.click(`#learn-list li[data-lesson="${id}"] a, #learn-next`), id);
    for (let k = 0; k < l.questions; k++) {
      const q = await nextQuestion(page, k);
      // a question gives what it needs that the lesson cannot know in advance (cold reader)
      const needs = { cutoff: /was entered with the window \(/, nullcut: /has returned [^;]+; the node’s β is \S+/, multicut: /They scored [^;]+; the node’s β is \S+/ }[q.kind];
      if (needs) assert.match(q.text, needs, `lesson ${id} question ${k + 1}`);
      const reply = BOOK[id]?.[k] ?? (await gameAnswer(page, q));
      assert.ok(reply !== undefined, `lesson ${id} question ${k}`);
      const fb = await answer(page, reply, { choice: !!q.choices });
      assert.equal(fb.ok, true, `lesson ${id}, question ${k + 1} (${q.kind}: ${q.text}): answered ${reply}, the trace says ${fb.shown}`);
      await goOn(page);
    }
    const end = await learnOf(page);
    assert.equal(end.status, 'finished');
    assert.deepEqual([end.right, end.asked], [l.questions, l.questions]);
    assert.match(await page.locator('#learn-status').innerText(), new RegExp(`Lesson complete: ${l.questions} of ${l.questions} right`));
    if (id < 9) assert.equal(await page.getAttribute('#learn-next', 'href'), `#v=2&learn=${id + 1}`);
  }
  // the progress is in localStorage: a reload (no lesson link) still marks all nine done
  await page.evaluate(() => history.replaceState(null, '', location.pathname));
  await page.reload();
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true);
  await page.click('#mode-learn');
  await page.waitForSelector('#learn-list li');
  assert.equal(await page.locator('#learn-list li[data-done="1"]').count(), 9);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('prunescope.learn')));
  assert.equal(stored.v, 1);
  assert.equal(Object.keys(stored.done).length, 9);
  await page.close();
  assert.deepEqual(problems, []);
});

test('an alpha-beta lesson closes with an exercise: a new tree of the lesson’s shape, generated and graded by the core', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=2')), 2);
  assert.equal(await page.locator('#learn-exercise').count(), 0, 'no exercise before the lesson ends');
  for (let k = 0; k < l.questions; k++) {
    const q = await nextQuestion(page, k);
    const fb = await answer(page, BOOK[2][k], { choice: !!q.choices });
    assert.equal(fb.ok, true);
    await goOn(page);
  }
  assert.equal((await learnOf(page)).status, 'finished');
  const g = (await snapshot(page)).exercise.generation;
  await page.click('#learn-exercise');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, g);
  await settle(page);
  const s = await snapshot(page);
  assert.equal(s.mode, 'exercise');
  // lesson 2's parameters (www/learn/lessons.js): seed 2, three moves at each of two levels
  assert.equal(s.exercise.params.seed, 2);
  assert.equal(s.exercise.params.depth, 2);
  const leaves = s.exercise.key.nodes.filter((n) => n.leaf).length;
  assert.equal(leaves, 9);
  await page.close();
  assert.deepEqual(problems, []);
});

test('the chance lesson: a chance node’s value typed as a fraction, Star1’s pruned branch explained by its bound, and its closing chance exercise', async () => {
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    const problems = [];
    const page = await openPage(env, { width, height, problems });
    const l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=9')), 9);
    assert.equal(l.questions, 3);
    const q0 = await nextQuestion(page, 0);
    assert.equal(q0.kind, 'value');
    let fb = await answer(page, '19/3', { choice: false });
    assert.equal(fb.ok, true);
    // the feedback writes the weighted average out, exactly, from the trace
    assert.match(await page.locator('#quiz-feedback').innerText(), /chance node: .*1\/3 × 5 \+ 2\/3 × 7 = 19\/3/);
    // the narration of the chance node's return speaks of a chance node, not of MIN's choice
    await page.waitForFunction(() => /Node 0 returns 19\/3/.test(document.getElementById('narration').textContent));
    assert.match(await page.locator('#narration').innerText(), /Node 0 returns 19\/3: a chance node, the average of its 2 branches, each weighted by its probability\./);
    await page.screenshot({ path: path.join(SHOTS, `chance-lesson9-${width}x${height}.png`), fullPage: width < 600 });
    await goOn(page);
    await nextQuestion(page, 1);
    fb = await answer(page, 'p', { choice: true });
    assert.equal(fb.ok, true);
    assert.match(await page.locator('#quiz-feedback').innerText(), /Star1’s bound fires at node 1: child 1 returned 2 ≤ 8 = −B_1/);
    await goOn(page);
    await nextQuestion(page, 2);
    fb = await answer(page, '19/3', { choice: false });
    assert.equal(fb.ok, true);
    await goOn(page);
    assert.equal((await learnOf(page)).status, 'finished');
    const g = (await snapshot(page)).exercise.generation;
    await page.click('#learn-exercise');
    await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, g);
    const s = await snapshot(page);
    assert.equal(s.mode, 'exercise');
    assert.equal(s.exercise.params.chance, true);
    assert.equal(s.exercise.params.algo, 'star1');
    await page.close();
    assert.deepEqual(problems, []);
  }
});

test('a wrong answer is graded wrong, with the trace’s answer; a pause holds the cursor until it is answered', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=2')), 2);
  const q = await nextQuestion(page, 0);
  assert.equal(q.kind, 'window');
  const held = (await snapshot(page)).explore.cursor.event;
  const gate = (await learnOf(page)).gate;
  assert.equal(held, gate);
  // every way forward: keys, the step bar, play, a jump, a click on a later node, Final results
  await page.locator('#tree').focus();
  for (const key of ['ArrowRight', 'End', 'ArrowDown', 'c', ' ', 'e']) await page.keyboard.press(key);
  await page.click('#s-fwd');
  await page.click('#s-last');
  const later = await nodeAt(page, [2]);
  await hook(page, ([id]) => window.prunescope.select('explore', id), [later]);
  for (let k = 0; k < 10; k++) await settle(page);
  let s = await snapshot(page);
  assert.equal(s.explore.cursor.event, held, 'the cursor waits at the question');
  assert.equal(s.learn.status, 'asking');
  assert.equal(s.playing, false);
  assert.equal(await page.isChecked('#finals'), false, 'Final results stay off while a question is open');
  // a wrong answer: graded wrong, the trace's window shown, the cursor moves on to it
  const fb = await answer(page, '-inf inf', { choice: false });
  assert.equal(fb.ok, false);
  assert.equal(fb.shown, '(3, +∞)');
  s = await snapshot(page);
  assert.ok(s.explore.cursor.event > held, 'the answer reveals: the cursor moves on');
  assert.match(await page.locator('#quiz-feedback').innerText(), /Not quite: it is \(3, \+∞\)/);
  assert.match(await page.locator('#quiz-score').innerText(), /Score 0 \/ 1/);
  await page.close();
  assert.deepEqual(problems, []);
});

test('before a lesson’s first question the quiz card says how to go on, not that the search is over', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=1')), 1);
  await settle(page);
  const s = await snapshot(page);
  assert.equal(s.quiz.on, true);
  assert.equal(s.quiz.question, null, 'no question yet');
  assert.equal(s.explore.cursor.event, 0);
  const card = await page.locator('#quiz').innerText();
  assert.doesNotMatch(card, /search is over|nothing left to predict|End quiz/);
  assert.match(card, new RegExp(`Question 1 of ${l.questions} is ahead\\. Step with → .* the lesson stops at each question`));
  // the first question replaces it
  const q = await nextQuestion(page, 0);
  assert.equal(await page.locator('#quiz-question').innerText(), q.text);
  await page.close();
  assert.deepEqual(problems, []);
});

test('one lesson by the keyboard alone', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await page.evaluate(() => localStorage.removeItem('prunescope.learn'));
  // Tab to Learn, Enter; Tab to lesson 1's link, Enter
  const tabTo = async (pred, max = 40) => {
    for (let k = 0; k < max; k++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(pred)) return;
    }
    throw new Error(`not reached by Tab: ${pred}`);
  };
  await tabTo(() => document.activeElement?.id === 'mode-learn');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#learn-list li');
  await tabTo(() => document.activeElement?.getAttribute('href') === '#v=2&learn=1');
  const l = await whenLessonOpens(page, () => page.keyboard.press('Enter'), 1);
  // space plays; each question takes a typed number and Enter; Enter goes on
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(' ');
  for (let k = 0; k < l.questions; k++) {
    await page.waitForFunction((kk) => {
      const s = window.prunescope.snapshot();
      return s.learn.status === 'asking' && s.quiz.question?.index === kk && document.activeElement?.id === 'quiz-answer';
    }, k, { timeout: 30_000 });
    const asked = (await learnOf(page)).asked;
    await page.keyboard.type(BOOK[1][k]);
    await page.keyboard.press('Enter');
    await page.waitForFunction((a) => window.prunescope.snapshot().learn.asked > a, asked);
    assert.equal((await snapshot(page)).quiz.feedback.ok, true);
    await page.keyboard.press('Enter'); // Continue (or Finish): the quiz card has the key
    // a new part (lesson 1's tic-tac-toe): its search runs, its heading takes the focus, and
    // space plays on from there
    await page.waitForFunction(() => window.prunescope.snapshot().learn.status !== 'loading', null, { timeout: 60_000 });
    const s = await snapshot(page);
    if (s.learn.status === 'stepping' && !s.playing) {
      await page.waitForFunction(() => document.activeElement?.id === 'learn-part-2');
      await page.keyboard.press(' ');
    }
  }
  await page.waitForFunction(() => window.prunescope.snapshot().learn.status === 'finished');
  // the way on is reachable by Tab from the lesson's card, which has the focus
  await page.waitForFunction(() => document.activeElement?.id === 'learn-card');
  await tabTo(() => document.activeElement?.id === 'learn-next', 20);
  await whenLessonOpens(page, () => page.keyboard.press('Enter'), 2);
  await page.close();
  assert.deepEqual(problems, []);
});

test('a lesson’s link opens that lesson; Copy link writes it; a bad lesson link says why', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await page.goto(env.server.url + 'index.html#v=2&learn=5');
  await page.waitForFunction(() => {
    const s = window.prunescope?.snapshot();
    return s?.learn.lesson === 5 && s.learn.status === 'stepping' && s.explore.status === 'done';
  }, null, { timeout: 60_000 });
  const s = await snapshot(page);
  assert.equal(s.explore.config.algo, 'pvs');
  assert.deepEqual(s.explore.input, { kind: 'tree', text: '(((1 2) (3 4)) ((5 6) (7 8)) ((9 10) (11 12)))' });
  await settle(page);
  assert.equal(await page.locator('#learn-title').innerText(), 'PVS and NegaScout: testing before searching');
  assert.match(await hook(page, () => window.prunescope.shareLink()), /#v=2&learn=5$/);
  // an unknown lesson: the index with a notice
  const g = (await learnOf(page)).generation;
  await page.evaluate(() => (location.hash = 'v=2&learn=42'));
  await page.waitForFunction((g0) => window.prunescope.snapshot().learn.generation > g0 && window.prunescope.snapshot().learn.notice, g);
  assert.match((await learnOf(page)).notice, /There is no lesson 42/);
  // a lesson link with a search's keys is refused, naming the key
  const gen = (await snapshot(page)).explore.generation;
  await page.evaluate(() => (location.hash = 'v=2&learn=1&tree=(1 2)'));
  // the notice this link gets, not any notice that mentions learn=
  await page.waitForFunction(() => /a lesson link \(learn=\) takes no other parameter/.test(window.prunescope.snapshot().explore.notice?.text ?? ''));
  assert.match((await snapshot(page)).explore.notice.text, /tree: a lesson link \(learn=\) takes no other parameter/);
  assert.equal((await snapshot(page)).explore.generation, gen, 'nothing ran');
  await page.close();
  assert.deepEqual(problems, []);
});

/** The nodes of a tree text: one per bracket pair, one per leaf value. */
const treeNodes = (text) => (text.match(/\(/g) ?? []).length + (text.match(/-?\d+/g) ?? []).length;

/** What the explore canvas draws now (a fresh frame), from the page's test hook. */
async function drawnNow(page) {
  await hook(page, () => window.prunescope.frame());
  return hook(page, () => window.prunescope.drawn());
}

test('a lesson draws only what the search has entered: the input tree at the start (no re-search ahead), on a game no room for what is to come', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  // explicit trees: at the first frame, the drawing is the input tree, node for node
  for (const id of [1, 2, 3, 5]) {
    await whenLessonOpens(page, () => page.evaluate((k) => (location.hash = `v=2&learn=${k}`), id), id);
    const s = await snapshot(page);
    assert.equal(s.explore.cursor.event, 0);
    const d = await drawnNow(page);
    const ghosts = d.outline.reduce((a, o) => a + o.nodes, 0);
    assert.equal(d.research, 0, `lesson ${id}: no re-search drawn before the search enters one`);
    assert.equal(d.nodes + ghosts, treeNodes(s.explore.input.text), `lesson ${id}: the drawing is the input tree (${d.nodes} searched + ${ghosts} pruned drawn)`);
  }
  // lesson 5: node 1's re-search appears once the search has entered it, not before
  await nextQuestion(page, 0);
  await answer(page, '2 3', { choice: false });
  await goOn(page);
  await nextQuestion(page, 1);
  assert.equal((await drawnNow(page)).research, 0, 'at the re-search question, no re-search is drawn');
  await answer(page, 'y', { choice: true });
  assert.equal((await drawnNow(page)).research, 1, 'the answer reveals the re-search: it is drawn now');
  // a game: the frame draws every node entered so far and nothing else, with rows for the
  // plies entered so far and none for the deeper search still to come
  const entered = (c) => hook(page, ([cc]) => {
    const out = { entered: 0, ply: 0, deepest: 0 };
    for (let i = 0; ; i++) {
      const nd = window.prunescope.node('explore', i);
      if (!nd) return out;
      out.deepest = Math.max(out.deepest, nd.ply);
      if (nd.enterEvent <= cc) {
        out.entered++;
        out.ply = Math.max(out.ply, nd.ply);
      }
    }
  }, [c]);
  await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=6')), 6);
  assert.equal((await nextQuestion(page, 0)).kind, 'extends'); // does the search go on below Qxd5?
  let d = await drawnNow(page);
  let seen = await entered((await snapshot(page)).explore.cursor.event);
  assert.equal(d.nodes, seen.entered, 'lesson 6: every entered node drawn, nothing else');
  assert.equal(d.rows, seen.ply + 1);
  await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=7')), 7);
  await nextQuestion(page, 0);
  d = await drawnNow(page);
  seen = await entered((await snapshot(page)).explore.cursor.event);
  assert.ok(seen.deepest > seen.ply, `lesson 7: the search goes deeper later (${seen.deepest} > ${seen.ply})`);
  assert.equal(d.rows, seen.ply + 1, 'lesson 7: rows for the plies entered so far only');
  await page.close();
  assert.deepEqual(problems, []);
});

test('a lesson speaks its own words: no types or windows before they are taught, bounds drawn as the questions want them, lessons 7–8 in the question’s view', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const feedback = () => page.locator('#quiz-feedback').innerText();
  // lesson 1 (minimax): no window, no node type, no bound syntax anywhere it shows
  let l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=1')), 1);
  const legend = await page.locator('#legend').innerText();
  assert.doesNotMatch(legend, /\bPV\b|\bCUT\b|\bALL\b|expected/, 'lesson 1’s legend has no node types');
  for (let k = 0; k < l.questions; k++) {
    await nextQuestion(page, k);
    assert.equal(await page.getAttribute('#quiz-answer', 'placeholder'), 'a number');
    assert.equal((await drawnNow(page)).badge, null, 'no α/β tag in lesson 1');
    await answer(page, BOOK[1][k], { choice: false });
    const words = `${await feedback()} ${await page.locator('#narration').innerText()} ${await page.locator('#inspector').innerText()}`;
    assert.doesNotMatch(words, /\bPV\b|\bCUT\b|\bALL\b|window|fail|expected|negamax|α|β/, `lesson 1, question ${k + 1}: ${words}`);
    await goOn(page);
  }
  // the lesson's end: the way on is in the quiz card too, where the student is looking
  assert.equal(await page.getAttribute('#quiz-learn-next', 'href'), '#v=2&learn=2');
  // lesson 2: the cut-off node's value is drawn "≤ 2", as the question wants it typed; no types yet
  l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=2')), 2);
  for (let k = 0; k < 3; k++) {
    await nextQuestion(page, k);
    await answer(page, BOOK[2][k], { choice: k === 1 });
    assert.doesNotMatch(await feedback(), /\bPV\b|\bCUT\b|\bALL\b|fail/, `lesson 2, question ${k + 1}`);
    await goOn(page);
  }
  assert.ok((await drawnNow(page)).labels.bounds >= 1, 'node 1’s bound is drawn as a bound');
  // lesson 7: the feedback compares the question's own numbers, in the question's view
  l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=7')), 7);
  assert.equal((await snapshot(page)).maxmin, false, 'lesson 7 shows the side to move’s view, as its text says');
  const q = await nextQuestion(page, 0);
  const [, v, b] = /has returned (\S+); the node’s β is (\S+)/.exec(q.text);
  await answer(page, await gameAnswer(page, q), { choice: true });
  const fb = await feedback();
  assert.ok(fb.includes(`${v} ${fb.includes('fails low') ? '<' : '≥'} β = ${b}`), `the feedback compares ${v} with β = ${b}: ${fb}`);
  assert.doesNotMatch(fb, /α/);
  // CUT_RATIO is one word: the glossary does not take its "CUT" for the node type
  const parts = await page.evaluate(async () => (await import('./www/model/glossary.js')).splitTerms('(CUT_RATIO = 0.5) a CUT node'));
  assert.deepEqual(parts, ['(CUT_RATIO = 0.5) a ', ['CUT', 'cut'], ' node']);
  await page.close();
  assert.deepEqual(problems, []);
});

test('a lesson’s tree gutter names each ply without its node count (the count of the finished search answers questions)', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const labels = (o) => page.evaluate(async (opts) => {
    const { drawGutter } = await import('./www/views/draw/gutter.js');
    const out = [];
    const ctx = { fillRect() {}, fillText: (t) => out.push(t), set fillStyle(v) {}, set font(v) {}, set textAlign(v) {}, set textBaseline(v) {} };
    // each ply's first node is node q (the gutter reads a level's player from it: the store's `turn`)
    const st = { turn: [0, 1, 0, 1], rootTurn: 0, nodeKind: () => 0 };
    const s = { qMin: 0, qMax: 3, SY: (q) => 40 + 60 * q, H: 400, view: { sy: 60 }, plyLists: [1, 3, 5, 11].map((n, q) => ({ n, a: [q] })), lay: {}, st, o: { maxmin: true, pal: {}, ...opts } };
    drawGutter(ctx, s);
    return out.filter((t) => t.startsWith('ply'));
  }, o);
  assert.deepEqual(await labels({}), ['ply 0 · 1', 'ply 1 · 3', 'ply 2 · 5', 'ply 3 · 11']);
  assert.deepEqual(await labels({ problem: true }), ['ply 0', 'ply 1', 'ply 2', 'ply 3']);
  assert.deepEqual(await labels({ hideFuture: true }), ['ply 0', 'ply 1', 'ply 2', 'ply 3']);
  await page.close();
  assert.deepEqual(problems, []);
});

for (const [width, height] of [[1280, 720], [390, 844]]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`screenshots: lessons 2 and 6 at a question, ${width}×${height}, ${colorScheme}`, async () => {
      const problems = [];
      const page = await openPage(env, { width, height, colorScheme, problems });
      for (const id of [2, 6]) {
        await whenLessonOpens(page, () => page.evaluate((k) => (location.hash = `v=2&learn=${k}`), id), id);
        await nextQuestion(page, 0);
        await page.screenshot({ path: path.join(SHOTS, `learn-${id}-${width}x${height}-${colorScheme}.png`) });
      }
      await page.close();
      assert.deepEqual(problems, []);
    });
  }
}

/** Plays the open lesson's questions `from`..`to` (exclusive) with `replies` (or the trace's). */
async function answerAll(page, from, to, replies = []) {
  for (let k = from; k < to; k++) {
    const q = await nextQuestion(page, k);
    const reply = replies[k] ?? (await gameAnswer(page, q));
    const fb = await answer(page, reply, { choice: !!q.choices });
    assert.equal(fb.ok, true, `question ${k + 1} (${q.kind}: ${q.text}): answered ${reply}, the trace says ${fb.shown}`);
    await goOn(page);
  }
}

/** Waits until the lesson's next part has run its search and waits at its start. */
async function whenPartOpens(page, kind) {
  await page.waitForFunction((k) => {
    const s = window.prunescope.snapshot();
    return s.learn.status === 'stepping' && s.explore.input?.kind === k && s.explore.status === 'done';
  }, kind, { timeout: 60_000 });
  await settle(page);
}

/** The tic-tac-toe rows (top first, as the board's data-position) after `moves` from `rows`. */
function tttAfter(rows, moves) {
  const cells = rows.split('/').map((r) => [...r]);
  let x = cells.flat().filter((c) => c === 'x').length === cells.flat().filter((c) => c === 'o').length;
  for (const m of moves) {
    cells[3 - Number(m[1])]['abc'.indexOf(m[0])] = x ? 'x' : 'o';
    x = !x;
  }
  return cells.map((r) => r.join('')).join('/');
}

test('lesson 1’s second part: tic-tac-toe near its end, on a board that follows the cursor, its minimax values predicted', async () => {
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    const problems = [];
    const page = await openPage(env, { width, height, problems });
    const l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=1')), 1);
    assert.equal(l.questions, 7, 'AIMA’s tree (4 questions), then tic-tac-toe (3)');
    assert.equal(await page.locator('#learn-part-2').count(), 0, 'part 2’s text waits until the lesson gets there');
    await answerAll(page, 0, 4, BOOK[1]);
    await whenPartOpens(page, 'tictactoe');
    const s = await snapshot(page);
    assert.deepEqual(s.explore.input, { kind: 'tictactoe', position: '.ox/x.o/.ox' });
    assert.equal(s.explore.config.algo, 'minimax');
    assert.equal(s.explore.cursor.event, 0);
    // the part's text is shown, with the focus, and the board beside the tree shows the root
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'learn-part-2');
    assert.match(await page.locator('#learn-part-2').innerText(), /tic-tac-toe/);
    assert.equal(await page.isVisible('#game-board .game-board'), true);
    assert.equal(await page.getAttribute('#game-board .game-board', 'data-kind'), 'tictactoe');
    assert.equal(await page.getAttribute('#game-board .game-board', 'data-position'), '.ox/x.o/.ox');
    // each step moves the board to the node at the cursor (its moves applied to the root here)
    for (let k = 0; k < 4; k++) {
      await run(page, 'step.forward');
      await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event === e, k + 1);
      await settle(page);
      const c = (await snapshot(page)).explore.cursor;
      const moves = [];
      for (let id = c.node; id !== -1; ) {
        const nd = await node(page, id);
        if (nd.move) moves.unshift(nd.move);
        id = nd.parent;
      }
      assert.equal(await page.getAttribute('#game-board .game-board', 'data-position'), tttAfter('.ox/x.o/.ox', moves), `step ${k + 1}: ${moves.join(' ')}`);
    }
    const q = await nextQuestion(page, 4);
    assert.equal(q.text, 'What value does a1 (ply 1) return (MAX’s view)?');
    await page.screenshot({ path: path.join(SHOTS, `learn-1-tictactoe-${width}x${height}.png`) });
    let fb = await answer(page, BOOK[1][4], { choice: false });
    assert.equal(fb.ok, true);
    assert.match(await page.locator('#quiz-feedback').innerText(), /a1 \(ply 1\) is a MIN node: it takes the smallest of its children’s values \(−998, 997\)/);
    await goOn(page);
    // b2 is a prediction from the board: asked as the search enters it, before O's replies
    const q5 = await nextQuestion(page, 5);
    assert.equal(q5.text, 'What value does b2 (ply 1) return (MAX’s view)?');
    assert.equal((await snapshot(page)).explore.cursor.node, q5.node);
    const b2 = await node(page, q5.node);
    assert.ok((await snapshot(page)).explore.cursor.event < (await node(page, b2.children[0])).enterEvent, 'O’s first reply is not yet entered');
    await page.screenshot({ path: path.join(SHOTS, `learn-1-tictactoe-b2-${width}x${height}.png`) });
    await answerAll(page, 5, 7, BOOK[1]);
    const end = await learnOf(page);
    assert.equal(end.status, 'finished');
    assert.deepEqual([end.right, end.asked], [7, 7]);
    await page.close();
    assert.deepEqual(problems, []);
  }
});

test('lesson 4: the best move changes between iterations, and the next iteration tries the new one first', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=4')), 4);
  assert.equal(l.questions, 3);
  const root = async (k) => node(page, await nodeAt(page, [], k));
  // iteration 1's best root move differs from iteration 2's, the one iteration 3 searches first
  const [r1, r2, r3] = [await root(0), await root(1), await root(2)];
  assert.notEqual(r1.bestMove, r2.bestMove, 'the best move changes from iteration 1 to 2');
  // iteration 1's best is its one best move, not a tie, and not the first in the normal order
  // (a1, b1, …): the student cannot get it right by order alone (cold reader 3)
  const kids1 = await hook(page, ([ids]) => window.prunescope.nodes('explore', ids), [r1.children]);
  const best1 = kids1.find((c) => c.move === r1.bestMove);
  assert.notEqual(kids1[0].move, r1.bestMove);
  assert.equal(kids1.filter((c) => -c.value >= -best1.value).length, 1, `one best move in iteration 1: ${kids1.map((c) => `${c.move} ${-c.value}`)}`);
  const first3 = await node(page, r3.children[0]);
  assert.equal(first3.move, r2.bestMove);
  assert.equal(first3.order, 'tt');
  const answers = [];
  for (let k = 0; k < l.questions; k++) {
    const q = await nextQuestion(page, k);
    const reply = await gameAnswer(page, q);
    answers.push(await page.evaluate((k) => document.querySelector(`#quiz .quiz-choice[data-key="${k}"]`).firstChild.textContent.trim(), reply));
    if (k === 1) {
      assert.match(q.text, /Iteration 2, one ply shallower, scored its moves b1: ≤ −998, c1: −998, a2: −1, a3: ≤ −998, c3: ≤ −998 /);
      for (const [width, height] of [[1280, 720], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await settle(page);
        await page.evaluate(() => document.getElementById('quiz-card').scrollIntoView({ block: 'nearest' }));
        await page.screenshot({ path: path.join(SHOTS, `learn-4-${width}x${height}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    const fb = await answer(page, reply, { choice: true });
    assert.equal(fb.ok, true);
    await goOn(page);
  }
  // iteration 2 tries iteration 1's c1; iteration 3 the new best, a2 (blocking O's row 2); and
  // under a2, O's a3 (its best reply there in iteration 2)
  assert.deepEqual(answers, [r1.bestMove, r2.bestMove, 'a3']);
  assert.deepEqual([r1.bestMove, r2.bestMove], ['c1', 'a2']);
  await page.close();
  assert.deepEqual(problems, []);
});

test('lesson 7’s Connect Four: the null move cuts where zugzwang rules, and the root’s value differs from the search without it', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=7')), 7);
  assert.equal(l.questions, 6, 'the chess position (3), Connect Four without null moves (1), with them (2)');
  // the chess position's null move is verified (David & Netanyahu): the question names both outcomes
  assert.match((await nextQuestion(page, 0)).text, /so that the node is cut off or verified\?$/);
  await answerAll(page, 0, 3);
  // part 2: the position without null moves
  await whenPartOpens(page, 'connect4');
  let s = await snapshot(page);
  assert.deepEqual(s.explore.input, { kind: 'connect4', position: '5764747751666771225661154244112452', unsafe_null_move: false });
  assert.equal(await page.getAttribute('#game-board .game-board', 'data-kind'), 'connect4');
  let q = await nextQuestion(page, 3);
  assert.equal(q.text, 'What value does the root return (Solid’s view)?');
  // the side to move by the lesson's names, not MAX/MIN (cold reader 3): the inspector at the root
  assert.match(await page.locator('#inspector-card').innerText(), /ply 0 · Solid to move/);
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await settle(page);
    // as the quiz does when it asks (www/panels/quiz.js `focus`): the question in view
    await page.evaluate(() => document.getElementById('quiz-card').scrollIntoView({ block: 'nearest' }));
    await page.screenshot({ path: path.join(SHOTS, `learn-7-connect4-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  let fb = await answer(page, '-996', { choice: false });
  assert.equal(fb.ok, true);
  assert.match(await page.locator('#quiz-feedback').innerText(), /Solid loses, in 4 plies at the latest/);
  const without = (await node(page, await nodeAt(page, []))).value;
  assert.equal(without, -996);
  await goOn(page);
  // part 3: the same position with the unsafe null move
  await page.waitForFunction(() => window.prunescope.snapshot().explore.input?.unsafe_null_move === true && window.prunescope.snapshot().learn.status === 'stepping', null, { timeout: 60_000 });
  await settle(page);
  s = await snapshot(page);
  assert.match(s.explore.config.enable ?? JSON.stringify(s.explore.config), /null_move/);
  q = await nextQuestion(page, 4);
  assert.equal(q.kind, 'nullcut');
  // the plain null move cuts at once: the question offers no verification (cold reader 3)
  assert.match(q.text, /so that the node is cut off\?$/);
  // the zugzwang node: Solid to move after 2 and 5, only column 3 left
  const z = await node(page, q.node);
  assert.deepEqual(z.path, [1, 4]);
  assert.equal(await gameAnswer(page, q), 'y');
  fb = await answer(page, 'y', { choice: true });
  assert.equal(fb.ok, true);
  await goOn(page);
  q = await nextQuestion(page, 5);
  assert.equal(q.kind, 'same');
  assert.match(q.text, /returned −996 at the root: Solid loses, in 4 plies at the latest/);
  fb = await answer(page, 'n', { choice: true });
  assert.equal(fb.ok, true);
  const withNull = (await node(page, await nodeAt(page, []))).value;
  assert.notEqual(withNull, without, 'the values differ, as the text says');
  assert.match(await page.locator('#quiz-feedback').innerText(), new RegExp(`This search returns ${withNull === 0 ? '0' : '−?' + Math.abs(withNull)} .*returned −996`));
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await settle(page);
    // as the quiz does when it asks (www/panels/quiz.js `focus`): the question in view
    await page.evaluate(() => document.getElementById('quiz-card').scrollIntoView({ block: 'nearest' }));
    await page.screenshot({ path: path.join(SHOTS, `learn-7-connect4-null-${width}x${height}.png`) });
  }
  await goOn(page);
  assert.equal((await learnOf(page)).status, 'finished');
  await page.close();
  assert.deepEqual(problems, []);
});

test('lesson 8 pauses at an uncertainty cut-off: the student predicts when the expected CUT node stops', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=8')), 8);
  const q = await nextQuestion(page, 0);
  assert.equal(q.kind, 'ucut');
  const n = await node(page, q.node);
  assert.match(q.text, new RegExp(`expected CUT node with ${n.moves} moves.*after trying how many of its moves`));
  // the pause says 1 ply is left, too few for multi-cut's probes (d − 1 − R ≥ 0, R = 3)
  assert.equal(n.depth, 1);
  assert.match(await page.locator('#quiz-card').innerText(), /with 1 ply left below it/);
  // asked before the node has tried its moves: none of them is drawn yet
  assert.equal((await snapshot(page)).explore.cursor.node, q.node);
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await settle(page);
    // as the quiz does when it asks (www/panels/quiz.js `focus`): the question in view
    await page.evaluate(() => document.getElementById('quiz-card').scrollIntoView({ block: 'nearest' }));
    await page.screenshot({ path: path.join(SHOTS, `learn-8-ucut-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  const wrong = await answer(page, String(n.moves / 2), { choice: false });
  assert.equal(wrong.ok, false, 'half is not enough: more than half');
  assert.equal(wrong.shown, String(Math.floor(n.moves / 2) + 1));
  // the answer reveals the cut-off: the node's flag and stop reason in the trace
  const after = await node(page, q.node);
  assert.equal(after.uncertain, true);
  assert.equal(after.reason, 'uncertainty_cutoff');
  assert.match(await page.locator('#quiz-feedback').innerText(), /flagged uncertain/);
  // the narration of the event: only non-captures are skipped (Björnsson et al. §5; issue 27)
  await page.waitForFunction(() => /^Uncertainty cut-off/.test(document.getElementById('narration').textContent));
  assert.match(await page.locator('#narration').innerText(), new RegExp(`^Uncertainty cut-off at .* after ${wrong.shown} moves \\(limit \\d+\\): its remaining non-capture moves are skipped \\(captures are still searched\\) and the value is uncertain\\.`));
  await page.close();
  assert.deepEqual(problems, []);
});

/** A value as the page writes it (minus as −). */
const fmt = (v) => (v < 0 ? `−${-v}` : String(v));

test('lesson 7’s zugzwang: suspected, not proven; the feedback says from the trace how the pass and the moves were searched and what the full-depth search found', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=7')), 7);
  // the lesson's text says suspected, never that the verification proves zugzwang
  const text = await page.locator('#learn-card').innerText();
  assert.match(text, /zugzwang is suspected/);
  assert.doesNotMatch(text, /the pass was better than every move|has zugzwang in it/);
  await answerAll(page, 0, 1);
  const q = await nextQuestion(page, 1);
  assert.equal(q.kind, 'zugzwang');
  const [, v, b] = /Their best score is (\S+); the node’s β is (\S+) /.exec(q.text);
  const fb = await answer(page, 'r', { choice: true });
  assert.equal(fb.ok, true);
  const zEvent = (await snapshot(page)).explore.cursor.event; // the answer reveals the zugzwang event
  const n = await node(page, q.node);
  const kids = await hook(page, ([ids]) => window.prunescope.nodes('explore', ids), [n.children]);
  const pass = kids.find((c) => c.kind === 'null');
  const after = kids.filter((c) => c.kind !== 'null' && c.enterEvent > zEvent);
  const last = after[after.length - 1];
  const words = await page.locator('#quiz-feedback').innerText();
  assert.match(words, new RegExp(`${v} < β = ${b}: no real move reached β in the verification, so zugzwang is suspected, not proven\\.`));
  assert.doesNotMatch(words, /passing was better than every move/);
  // how the two were searched, from the trace: the position after the pass at d − R − 1, the
  // position after each real move of the verification (entered before the event) at d − 2
  // (cold read 5, the teacher: not d − 1, the node's own depth for its moves)
  const before = kids.filter((c) => c.kind !== 'null' && c.enterEvent < zEvent);
  assert.ok(pass.depth < 0, `the pass was evaluated (depth ${pass.depth})`);
  assert.ok(before.length > 0 && before.every((c) => c.depth === n.depth - 2), JSON.stringify(before.map((c) => c.depth)));
  const minus = (x) => String(x).replace('-', '−');
  assert.ok(words.includes(`The position after the pass got d − R − 1 = ${minus(pass.depth)} plies (only evaluated), the position after each real move d − 2 = ${minus(n.depth - 2)}: the two were not searched alike.`), words);
  // what the full-depth search found: here it cuts with its first move (issue 27: 1.Rf1 a5,
  // −245 < −210, then bxa5 −95 ≥ −210)
  assert.equal(n.reason, 'beta_cutoff');
  assert.equal(after.length, 1);
  assert.ok(words.includes(`Here its first move, ${last.move}, scores ${fmt(-last.value)} ≥ β = ${b} at full depth: the node is cut after all, and this search found no zugzwang here.`), words);
  assert.deepEqual([n.path.length, v, b, last.move, -last.value], [2, '−245', '−210', 'bxa5', -95]);
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await settle(page);
    await page.evaluate(() => document.getElementById('quiz-feedback').scrollIntoView({ block: 'nearest' }));
    await page.screenshot({ path: path.join(SHOTS, `learn-7-zugzwang-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await goOn(page);
  // the closing: "Its first move meets a null move of its own"
  const c = await nextQuestion(page, 2);
  assert.equal(c.kind, 'nullcut');
  assert.equal(c.node, last.id);
  await page.close();
  assert.deepEqual(problems, []);
});

test('lesson 8, part 2: without multi-cut the root’s value changes, though neither value is flagged uncertain', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const l = await whenLessonOpens(page, () => page.evaluate(() => (location.hash = 'v=2&learn=8')), 8);
  assert.equal(l.questions, 4, 'the uncertainty cut-off, multi-cut, the flag; part 2: the same value?');
  await answerAll(page, 0, 2);
  const closing = await nextQuestion(page, 2);
  assert.equal(closing.kind, 'uncertain');
  assert.equal((await answer(page, await gameAnswer(page, closing), { choice: true })).ok, true);
  // the first search's root, read before Continue runs part 2's search
  const first = await node(page, await nodeAt(page, []));
  assert.equal(first.uncertain, false);
  await goOn(page);
  await page.waitForFunction(() => {
    const s = window.prunescope.snapshot();
    // its one question comes at its first event: the part opens asking
    return s.learn.part === 1 && s.learn.status !== 'loading' && s.explore.status === 'done';
  }, null, { timeout: 120_000 });
  await settle(page);
  const s = await snapshot(page);
  assert.equal(s.explore.config.multi_cut.mc_c, false, 'part 2 searches without multi-cut');
  assert.equal(s.explore.config.uncertainty.mode, 'safe');
  // said in the lesson's main text (part 2's own text no longer says it: it nudged the prediction)
  assert.match(await page.locator('#learn-card').innerText(), /The flag marks only uncertainty cut-offs/);
  const q = await nextQuestion(page, 3);
  assert.equal(q.kind, 'same');
  const root = await node(page, await nodeAt(page, []));
  assert.ok(q.text.startsWith(`With multi-cut, the search of this position returned ${fmt(first.value)} at the root (White’s view), best move ${first.bestMove}. Without multi-cut, will the root’s value be the same?`), q.text);
  const reply = await gameAnswer(page, q);
  const fb = await answer(page, reply, { choice: true });
  assert.equal(fb.ok, true);
  assert.equal(root.uncertain, false);
  // the CLI's figures (tests/lessons.rs): 50 (Nc3) with multi-cut, 70 (e4) without
  assert.deepEqual([first.value, first.bestMove, root.value, root.bestMove, reply], [50, 'Nc3', 70, 'e4', 'n']);
  const words = await page.locator('#quiz-feedback').innerText();
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await settle(page);
    await page.evaluate(() => document.getElementById('quiz-feedback').scrollIntoView({ block: 'nearest' }));
    await page.screenshot({ path: path.join(SHOTS, `learn-8-same-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  assert.ok(words.includes(`This search returns ${fmt(root.value)} (White’s view, best move ${root.bestMove}), where the search with multi-cut returned ${fmt(first.value)} (White’s view, best move ${first.bestMove}): the pruning changed the answer. Neither root value is flagged uncertain: the flag marks only uncertainty cut-offs.`), words);
  await goOn(page);
  assert.equal((await learnOf(page)).status, 'finished');
  await page.close();
  assert.deepEqual(problems, []);
});

test('the narration of a transposition-table hit: the stored bound in the view shown, a win counted from the root (lesson 4’s search)', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  // lesson 4's search, its cursor at the first hit whose entry holds a win (O's, at a MIN node)
  await page.goto(env.server.url + 'index.html#v=2&game=tictactoe&pos=.x.%2F.oo%2Fx..&depth=4&iterative=1&algo=alphabeta&enable=tt%2Ctt_move&view=maxmin');
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.status === 'done', null, { timeout: 60_000 });
  const hit = await page.evaluate(async () => {
    const n = window.prunescope.snapshot().explore;
    const { EVENTS } = await import('./www/schema.js');
    const code = EVENTS.find((e) => e.name === 'tt_hit').code;
    const order = Array.from({ length: n.events }, (_, k) => k);
    const ev = window.prunescope.events('explore', order);
    for (let k = 0; k < order.length; k++) if (ev.kinds[k] === code) {
      const nd = window.prunescope.node('explore', ev.nodes[k]);
      if (nd.ply === 1 && Math.abs(nd.value) > 800) return { event: k, node: nd };
    }
    return null;
  });
  assert.ok(hit, 'a hit holding a win');
  const g = (await snapshot(page)).explore.generation;
  await page.evaluate((k) => (location.hash = `v=2&game=tictactoe&pos=.x.%2F.oo%2Fx..&depth=4&iterative=1&algo=alphabeta&enable=tt%2Ctt_move&view=maxmin&cursor=${k}`), hit.event);
  await page.waitForFunction(([g0, k]) => {
    const s = window.prunescope.snapshot();
    return s.explore.generation > g0 && s.explore.status === 'done' && s.explore.cursor.event === k;
  }, [g, hit.event], { timeout: 60_000 });
  await settle(page);
  const said = await page.locator('#narration').innerText();
  // the node is b1 (ply 1, O to move); O wins on ply 2 of the search: −998 from X's side, as
  // lesson 1 scores it; the entry, O's lower bound, is an upper bound in MAX's view
  assert.equal(hit.node.value, 998);
  assert.match(said, new RegExp(`^Transposition-table hit at ${hit.node.move} \\(ply 1\\): stored value −998, an upper bound, searched to depth 1 \\(${hit.node.depth} plies are left here\\)`), said);
  assert.match(said, /: not enough to decide the node\.$/);
  // the negamax view: O's own view, a lower bound
  await run(page, 'view.maxmin');
  await page.waitForFunction(() => window.prunescope.snapshot().maxmin === false);
  await settle(page);
  assert.match(await page.locator('#narration').innerText(), /stored value 998, a lower bound, searched to depth 1/);
  await page.close();
  assert.deepEqual(problems, []);
});

test('the glossary and the stop words agree with the lessons: fail high in both views, the uncertain flag’s reach, the TT entry, a chance cut-off without a relation', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const { g, stop } = await page.evaluate(async () => {
    const { GLOSSARY } = await import('./www/model/glossary.js');
    const { STOP_WORDS } = await import('./www/model/narrate.js');
    return { g: GLOSSARY, stop: STOP_WORDS };
  });
  // lesson 3: what the node does, from the side to move; the narration's MAX view: a MIN node
  // fails high when its value falls to α (the true value is at most this)
  assert.match(g['fail-high'], /From that side’s view its value reached β.*In MAX’s view: .*a MIN node’s value fell to α or below \(the true value is at most this\)/);
  assert.match(g['fail-low'], /In MAX’s view: .*a MIN node’s stayed at or above β \(the true value is at least this\)/);
  assert.match(g.actual, /in MAX’s view a MIN node’s value fell to α or below/);
  // lesson 8: the flag marks only uncertainty cut-offs (multi-cut changed lesson 8's root unflagged)
  assert.match(g.uncertain, /The flag marks only uncertainty cut-offs/);
  assert.doesNotMatch(g.uncertain, /transposition-table value/);
  // lesson 4: the entry, and when it decides a node
  assert.match(g.tt, /exact or a lower or upper bound, the depth it was searched to, and its best move/);
  // lesson 9: MAX's view writes a B_i cut at a MIN-player chance node as "≤ −B_i": the stop
  // words name the limit only
  for (const r of ['chance_fail_low', 'chance_fail_high']) assert.doesNotMatch(stop[r], /[≤≥]/);
  // cold read 5, the beginner: the lessons' spellings are linked ("fail high" without a hyphen,
  // "cut-off", "ply"); a lesson's everyday words only in its own text (`seen`), once each; the
  // glossary's ply is one move, and a node's ply counts them from the root, as the lessons say
  const { plain, once, ply } = await page.evaluate(async () => {
    const m = await import('./www/model/glossary.js');
    const keys = (parts) => parts.filter((p) => typeof p !== 'string').map((p) => p[1]);
    const seen = new Set();
    return {
      plain: keys(m.splitTerms('A node fails high, a fail high: a cut-off at ply 2 (the node returns a value).')),
      once: [keys(m.splitTerms('The node returns its value to the root.', seen)), keys(m.splitTerms('Each node returns a value; a node fails high.', seen))],
      ply: m.GLOSSARY.ply,
    };
  });
  assert.deepEqual(plain, ['fail-high', 'fail-high', 'cutoff', 'ply']);
  assert.deepEqual(once, [['node', 'return', 'value', 'root'], ['fail-high']]);
  assert.match(ply, /one move by one side.*the root is at ply 0, its children at ply 1 \(one move played\)/);
  await page.close();
  assert.deepEqual(problems, []);
});
