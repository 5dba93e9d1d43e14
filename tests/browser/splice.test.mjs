// SPLICE from the embed view (issue 30 §2; docs/lms.md, "SPLICE"): a course page on another
// origin frames an embedded exercise, answers its SPLICE.getState, receives its
// SPLICE.reportScoreAndState (score 0–1 and state) and, on the student's next visit, sends the
// state back, which the embed restores. Messages the embed did not ask for, or of the wrong
// shape, are ignored; a state it cannot read starts afresh with a notice.
//
//   node --test tests/browser/splice.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import path from 'node:path';
import { setup, SHOTS } from './hook.mjs';
import { collectProblems } from './chromium.mjs';

const EX = 'v=2&mode=exercise&seed=5&b=2&d=3&values=0..9&order=random&root=max';
let env, course;
const problems = [];

/** The course page (another origin): it frames the embed and keeps what SPLICE sends. `state`
 * is what it answers getState with; `forge` first sends messages the embed must ignore. */
const coursePage = (src, state, forge) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CS 101: alpha-beta</title></head>
<body><h1>Week 7: prune this tree</h1>
<iframe id="ex" src="${src}" title="prunescope exercise" width="1100" height="760"></iframe>
<script>
window.reports = [];
window.asked = [];
const frame = document.getElementById('ex');
addEventListener('message', (e) => {
  if (e.source !== frame.contentWindow) return;
  const d = e.data;
  if (d.subject === 'SPLICE.reportScoreAndState') window.reports.push(d);
  if (d.subject === 'SPLICE.getState') {
    window.asked.push(d);
    const target = e.origin;
    if (${forge ? 'true' : 'false'}) {
      // not an answer to what the embed asked (another message_id), the wrong shape, another subject
      frame.contentWindow.postMessage({ subject: 'SPLICE.getState.response', message_id: 'forged', state: ${JSON.stringify(state)} }, target);
      frame.contentWindow.postMessage('SPLICE.getState.response', target);
      frame.contentWindow.postMessage({ subject: 'SPLICE.getState.response', message_id: d.message_id, state: { not: 'text' } }, target);
    } else {
      frame.contentWindow.postMessage({ subject: 'SPLICE.getState.response', message_id: d.message_id, state: ${JSON.stringify(state)} }, target);
    }
  }
});
</script></body></html>`;

before(async () => {
  env = await setup();
  let body = '';
  const server = createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  course = { url: `http://localhost:${server.address().port}/`, set: (h) => (body = h), close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))) };
});

after(async () => {
  await course?.close();
  await env?.close();
});

async function open(page, html) {
  course.set(html);
  await page.goto(course.url);
  const f = await (await page.waitForSelector('#ex')).contentFrame();
  await f.waitForFunction(() => {
    const s = window.prunescope?.snapshot();
    return s && s.mode === 'exercise' && s.exercise.key && s.activity.via === 'splice' && s.activity.status;
  }, null, { timeout: 30_000 });
  return f;
}
const snap = (f) => f.evaluate(() => window.prunescope.snapshot());

test('an embedded exercise reports its score and state to a course page on another origin, and gets its state back', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  collectProblems(page, problems);
  const src = `${env.server.url}embed.html#${EX}`;
  let f = await open(page, coursePage(src, null, false));
  assert.equal((await page.evaluate(() => window.asked)).length, 1, 'the embed asked for its state');
  const key = (await snap(f)).exercise.key;
  const inner = key.nodes.map((n, i) => [n, i]).filter(([n]) => n.visited && n.leaf === null);
  for (const [i, n] of key.nodes.entries()) if (n.pruned) await f.click(`.ex-n[data-node="${i}"] > .ex-cut`);
  // one field left empty: Check shows the grade but is not yet the score (the work in progress
  // goes to the page with the score so far, 0)
  for (const [n, i] of inner.slice(1)) await f.fill(`input.ex-val[data-node="${i}"]`, n.answer);
  await f.click('#ex-check');
  await f.waitForFunction(() => window.prunescope.snapshot().exercise.grade);
  await page.waitForFunction(() => window.reports.length > 0);
  for (const r of await page.evaluate(() => window.reports)) {
    assert.equal(r.score, 0, 'an incomplete check is not a score');
    assert.deepEqual(JSON.parse(r.state).scores, [null]);
  }
  const sent = (await page.evaluate(() => window.reports)).length;
  const [n0, i0] = inner[0];
  await f.fill(`input.ex-val[data-node="${i0}"]`, n0.answer);
  await f.click('#ex-check');
  await page.waitForFunction((n) => window.reports.length > n && window.reports.at(-1).score > 0, sent);
  const grade = (await snap(f)).exercise.grade;
  const r = (await page.evaluate(() => window.reports)).at(-1);
  assert.equal(r.score, grade.right / grade.total);
  assert.equal(typeof r.state, 'string');
  assert.ok(r.state.includes(JSON.stringify(n0.answer)) && !r.state.includes('expected'), 'the state holds the inputs, not the key');
  await page.screenshot({ path: path.join(SHOTS, 'splice-course-page.png') });

  // the next visit: the course page sends the state back, the embed restores it
  f = await open(page, coursePage(src, r.state, false));
  await f.waitForFunction((i) => document.querySelector(`input.ex-val[data-node="${i}"]`)?.value !== '', i0);
  assert.equal(await f.inputValue(`input.ex-val[data-node="${i0}"]`), n0.answer);
  assert.match((await snap(f)).activity.status, /Your score: \d+\/\d+, sent to the course page/);

  // messages the embed did not ask for, or of the wrong shape: ignored
  f = await open(page, coursePage(src, r.state, true));
  await f.evaluate(() => new Promise((z) => setTimeout(z, 300)));
  assert.equal(await f.inputValue(`input.ex-val[data-node="${i0}"]`), '', 'a forged state is not restored');
  assert.equal((await snap(f)).activity.notice, null);

  // a state it cannot read: afresh, with a notice
  f = await open(page, coursePage(src, '{"v":1,"links":', false));
  await f.waitForFunction(() => window.prunescope.snapshot().activity.notice);
  assert.match((await snap(f)).activity.notice, /could not be read .*starts afresh/);
  await page.close();
});

/** Answers lesson questions `from`, `from + 1`, … with `replies` (playing to each question), and
 * presses Continue after each but the lesson's last (`last`). */
async function answerLesson(f, replies, from, last) {
  for (const [j, reply] of replies.entries()) {
    const k = from + j;
    await f.waitForFunction(() => window.prunescope.snapshot().learn.status !== 'loading', null, { timeout: 60_000 });
    const s = await snap(f);
    if (!s.playing && s.learn.status === 'stepping') await f.evaluate(() => window.prunescope.run('play.toggle'));
    await f.waitForFunction((kk) => { const s = window.prunescope.snapshot(); return s.learn.status === 'asking' && s.learn.pause === kk && s.quiz.question?.index === kk; }, k, { timeout: 60_000 });
    const q = (await snap(f)).quiz.question;
    const asked = (await snap(f)).learn.asked;
    if (q.choices) await f.click(`#quiz .quiz-choice[data-key="${reply}"]`, { timeout: 5000 });
    else {
      await f.fill('#quiz-answer', reply, { timeout: 5000 });
      await f.press('#quiz-answer', 'Enter');
    }
    await f.waitForFunction((a) => window.prunescope.snapshot().learn.asked > a, asked);
    if (k < last) await f.click('#quiz-next');
  }
}

/** The embedded lesson in the course page, once it is stepping or asking. */
async function openLesson(page, html) {
  course.set(html);
  await page.goto(course.url);
  const f = await (await page.waitForSelector('#ex')).contentFrame();
  await f.waitForFunction(() => {
    const s = window.prunescope?.snapshot();
    return s && s.activity.via === 'splice' && s.activity.status && s.learn.open && (s.learn.status === 'stepping' || s.learn.status === 'asking');
  }, null, { timeout: 60_000 });
  return f;
}

// An embedded lesson (issue 29 §1 made its questions answerable in embed.html)
test('an embedded lesson: a student half-way reloads and resumes at the question, earlier answers shown; the score once every question is answered', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  collectProblems(page, problems);
  const src = `${env.server.url}embed.html#v=2&learn=2`;
  let f = await openLesson(page, coursePage(src, null, false));
  // the book's answers (tests/browser/learn.test.mjs), the second one wrong
  const BOOK2 = ['3 inf', 'y', '<= 2', 's', '7'];
  await answerLesson(f, ['3 inf', 'n'], 0, 4);
  // the work in progress reaches the page: the replies, not the key, with the score so far (0)
  await page.waitForFunction(() => window.reports.some((r) => JSON.parse(r.state).lesson?.replies.length === 2));
  const half = (await page.evaluate(() => window.reports)).at(-1);
  assert.equal(half.score, 0);
  assert.deepEqual(JSON.parse(half.state).lesson.replies, ['3 inf', 'n']);
  assert.ok(!half.state.includes('expected') && !half.state.includes('grade'), 'no answer key in the state');

  // the next visit: the page sends the state back; the lesson resumes before question 3, with
  // questions 1 and 2 answered as they were
  f = await openLesson(page, coursePage(src, half.state, false));
  await f.waitForFunction(() => { const s = window.prunescope.snapshot(); return s.learn.pause === 2 && s.learn.asked === 2; }, null, { timeout: 60_000 });
  let L = (await snap(f)).learn;
  assert.equal(L.right, 1);
  // at question 3, or stepping to it (here its pause is the event that question 2 revealed)
  assert.ok(L.status === 'asking' || L.status === 'stepping', L.status);
  if (L.status === 'asking') assert.equal((await snap(f)).quiz.question.index, 2);
  await f.waitForSelector('#quiz-answers li[data-index="1"]');
  const shown = await f.locator('#quiz-answers li').allInnerTexts();
  assert.equal(shown.length, 2);
  assert.match(shown[0], /3 inf.*right/);
  assert.match(shown[1], /No.*not quite/i);
  assert.match(await f.locator('#learn-status').innerText(), /Question 3 of 5/);
  assert.equal((await snap(f)).activity.notice, null);
  await page.screenshot({ path: path.join(SHOTS, 'splice-lesson-resumed.png') });
  // on to the end: playing stops at question 3
  await answerLesson(f, BOOK2.slice(2), 2, 4);
  await page.waitForFunction(() => window.reports.some((r) => JSON.parse(r.state).scores[0] !== null));
  L = (await snap(f)).learn;
  const r = (await page.evaluate(() => window.reports)).at(-1);
  assert.equal(L.asked, 5);
  assert.equal(L.right, 4);
  assert.equal(r.score, L.right / L.asked);
  await page.close();
});

test('a lesson of two parts resumes in its second part: the replies of the first graded again, the second part\'s search run', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  collectProblems(page, problems);
  // lesson 1 (tests/browser/learn.test.mjs BOOK[1]): three questions on AIMA's tree, then
  // tic-tac-toe; the fifth reply wrong
  const link = 'v=2&learn=1';
  const state = JSON.stringify({ v: 2, links: [link], scores: [null], current: 0, inputs: null, lesson: { replies: ['3', '2', '2', '3', '5'], cursor: null } });
  const f = await openLesson(page, coursePage(`${env.server.url}embed.html#${link}`, state, false));
  await f.waitForFunction(() => { const s = window.prunescope.snapshot(); return s.learn.pause === 5 && s.learn.asked === 5 && (s.learn.status === 'stepping' || s.learn.status === 'asking'); }, null, { timeout: 60_000 });
  const L = (await snap(f)).learn;
  assert.equal(L.part, 1, 'the second part');
  assert.equal(L.right, 4);
  assert.equal(await f.locator('#quiz-answers li').count(), 5);
  assert.match(await f.locator('#quiz-answers li[data-index="4"]').innerText(), /not quite/);
  assert.equal((await snap(f)).activity.notice, null);
  await page.close();
});

test('no console errors', () => {
  assert.deepEqual(problems, []);
});
