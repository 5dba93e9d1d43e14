// SCORM 1.2 packages (issue 30 §1; docs/lms.md): the package the command writes, unpacked and
// served by a plain static server, framed by a page that plays the LMS with scorm-again's SCORM
// 1.2 API as window.API (the LMS side of the standard, an npm package). Checks that a student's
// exercise reaches the LMS with its score and status, that a student who reloads half-way
// resumes from cmi.suspend_data, that a corrupt suspend_data starts afresh with a notice, that
// the package's page opened on its own says nothing will be recorded, and that every file the
// activity loads is a `file` of the manifest.
//
//   node --test tests/browser/scorm.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { launchChromium, collectProblems } from './chromium.mjs';
import { ROOT, SHOTS } from './hook.mjs';
import { buildScorm } from '../../scripts/scorm.mjs';

const OUT = path.join(ROOT, 'target/scorm-test');
const LINK = 'http://example.org/#v=2&mode=exercise&seed=11&b=2&d=3&values=0..9&order=random&root=max';
const MASTERY = 80;
const SET_EXERCISE = 'v=2&mode=exercise&seed=4&b=2&d=2&values=0..9&order=random&root=max';
let browser, server, files, manifestText;
const problems = [];
const requested = new Set();
const notFound = [];

/** The LMS: scorm-again's Scorm12API as window.API, every LMSSetValue and call logged (name,
 * arguments, answer), and `launch(cmi)`: a new attempt's API loaded with `cmi`, then the SCO. */
const LMS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS stand-in</title>
<script src="/lms/scorm12.js"></script></head><body><h1>Course: alpha-beta (the LMS)</h1>
<iframe id="sco" title="activity" width="1200" height="760"></iframe>
<script>
window.calls = [];
window.values = {};
window.launch = function (cmi, sco = '/pkg/scorm.html') {
  const api = new Scorm12API({ autocommit: false, logLevel: 5 });
  if (cmi) api.loadFromJSON(cmi, 'cmi');
  for (const name of ['LMSInitialize', 'LMSSetValue', 'LMSCommit', 'LMSFinish']) {
    const f = api[name].bind(api);
    api[name] = (...args) => {
      const r = f(...args);
      window.calls.push({ name, args, r: String(r), error: String(api.LMSGetLastError()) });
      if (name === 'LMSSetValue' && String(r) === 'true') window.values[args[0]] = args[1];
      return r;
    };
  }
  window.API = api;
  const frame = document.getElementById('sco');
  frame.src = 'about:blank';
  const id = (window.launchId = (window.launchId ?? 0) + 1);
  frame.onload = () => {
    frame.onload = () => (window.loadedId = id);
    frame.src = sco;
  };
};
</script></body></html>`;

function staticServer(pkgDir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json', '.epd': 'text/plain' };
  const s = createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (p === '/lms.html') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(LMS_PAGE);
    if (p === '/lms/scorm12.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(readFileSync(path.join(ROOT, 'node_modules/scorm-again/dist/scorm12.js')));
    if (p === '/favicon.ico') return res.writeHead(204).end();
    const top = ['pkg', 'set', 'les'].find((t) => p.startsWith(`/${t}/`)) ?? null;
    if (!top) return res.writeHead(404).end();
    const rel = p.slice(top.length + 2);
    const dir = path.join(pkgDir, '..', top);
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      notFound.push(rel);
      return res.writeHead(404).end();
    }
    if (top === 'pkg') requested.add(rel);
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((r) => s.listen(0, '127.0.0.1', () => r({ url: `http://127.0.0.1:${s.address().port}/`, close: () => new Promise((z) => (s.closeAllConnections(), s.close(z))) })));
}

before(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(path.join(OUT, 'pkg'), { recursive: true });
  const zip = path.join(OUT, 'activity.zip');
  await buildScorm({ links: [LINK], mastery: MASTERY, title: 'Alpha-beta: prune a tree', out: zip });
  const entries = unzipSync(readFileSync(zip));
  files = Object.keys(entries);
  for (const [name, bytes] of Object.entries(entries)) {
    mkdirSync(path.dirname(path.join(OUT, 'pkg', name)), { recursive: true });
    writeFileSync(path.join(OUT, 'pkg', name), bytes);
  }
  manifestText = new TextDecoder().decode(entries['imsmanifest.xml']);
  // a set: an exercise and lesson 2, no mastery score
  await buildScorm({ links: [SET_EXERCISE, 'https://host/#v=2&learn=2'], title: 'A set', out: path.join(OUT, 'set.zip') });
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(path.join(OUT, 'set.zip'))))) {
    mkdirSync(path.dirname(path.join(OUT, 'set', name)), { recursive: true });
    writeFileSync(path.join(OUT, 'set', name), bytes);
  }
  // lesson 2 alone
  await buildScorm({ links: ['v=2&learn=2'], title: 'Lesson 2', out: path.join(OUT, 'les.zip') });
  for (const [name, bytes] of Object.entries(unzipSync(readFileSync(path.join(OUT, 'les.zip'))))) {
    mkdirSync(path.dirname(path.join(OUT, 'les', name)), { recursive: true });
    writeFileSync(path.join(OUT, 'les', name), bytes);
  }
  server = await staticServer(path.join(OUT, 'pkg'));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** The SCO's frame, once its exercise is open and its activity connected (generation > g). */
async function sco(page, mode = 'exercise') {
  // the frame's new document: the launch's own load (not the SCO the last launch loaded)
  await page.waitForFunction(() => window.loadedId === window.launchId);
  const f = await (await page.$('#sco')).contentFrame();
  await f.waitForFunction((mode) => {
    const s = window.prunescope?.snapshot();
    return s && s.activity.via === 'scorm' && s.activity.status && (mode === 'exercise' ? s.mode === 'exercise' && s.exercise.key : mode === 'lesson-any' ? s.learn.open && s.learn.questions : s.learn.open && s.learn.status === 'stepping');
  }, mode, { timeout: 30_000 });
  return { f };
}

const snap = (f) => f.evaluate(() => window.prunescope.snapshot());
/** The questions of the key: every inner node searched, the branches pruned. */
const innerNodes = (key) => key.nodes.map((n, i) => [n, i]).filter(([n]) => n.visited && n.leaf === null);

test('a student\'s exercise reaches the LMS: score, status against the mastery score, session time, commit, finish', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  collectProblems(page, problems);
  await page.goto(server.url + 'lms.html');
  await page.evaluate((m) => window.launch({ core: { student_id: 's1', student_name: 'Student, A', entry: 'ab-initio' }, student_data: { mastery_score: String(m) } }), MASTERY);
  const { f } = await sco(page);
  const s0 = await snap(f);
  assert.equal(s0.activity.notice, null, 'an LMS was found: no notice');
  assert.equal(await f.locator('#ex-solution').isDisabled(), true, 'Show solution waits for the score');
  const key = s0.exercise.key;
  const inner = innerNodes(key);
  assert.ok(inner.length >= 2, 'the exercise asks at least two values');
  // every field filled; one value wrong
  for (const [i, n] of key.nodes.entries()) if (n.pruned) await f.click(`.ex-n[data-node="${i}"] > .ex-cut`);
  for (const [n, i] of inner) await f.fill(`input.ex-val[data-node="${i}"]`, n.answer);
  const [wn, wi] = inner[inner.length - 1];
  await f.fill(`input.ex-val[data-node="${wi}"]`, String(Number.parseInt(wn.answer.replace(/[^-\d]/g, ''), 10) + 1));
  const g0 = s0.activity.generation;
  await f.click('#ex-check');
  await f.waitForFunction((g) => window.prunescope.snapshot().activity.generation > g && window.prunescope.snapshot().exercise.grade, g0);
  const grade = (await snap(f)).exercise.grade;
  assert.ok(grade.right < grade.total, 'one answer is wrong');
  const raw = Math.round((100 * grade.right) / grade.total);
  const v = await page.evaluate(() => window.values);
  assert.equal(v['cmi.core.score.raw'], String(raw));
  assert.equal(v['cmi.core.score.min'], '0');
  assert.equal(v['cmi.core.score.max'], '100');
  assert.equal(v['cmi.core.lesson_status'], raw >= MASTERY ? 'passed' : 'failed');
  assert.ok((await page.evaluate(() => window.calls)).some((c) => c.name === 'LMSCommit' && c.r === 'true'), 'committed');
  assert.equal(await f.locator('#ex-solution').isDisabled(), false, 'Show solution after the score');
  // a second check with everything right does not change the score
  await f.fill(`input.ex-val[data-node="${wi}"]`, wn.answer);
  const g1 = (await snap(f)).activity.generation;
  await f.click('#ex-check');
  await f.waitForFunction((g) => window.prunescope.snapshot().activity.generation > g, g1);
  assert.equal((await page.evaluate(() => window.values))['cmi.core.score.raw'], String(raw), 'the first complete submission is the score');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'scorm-lms.png') });
  // another exercise (New exercise), answered all right, is not the activity's: no score change
  const eg = (await snap(f)).exercise.generation;
  await f.click('#ex-new');
  await f.waitForFunction((g) => window.prunescope.snapshot().exercise.generation > g, eg);
  const other = (await snap(f)).exercise.key;
  for (const [i, n] of other.nodes.entries()) if (n.pruned) await f.click(`.ex-n[data-node="${i}"] > .ex-cut`);
  for (const [n, i] of innerNodes(other)) await f.fill(`input.ex-val[data-node="${i}"]`, n.answer);
  const gg = (await snap(f)).exercise.gradeGeneration;
  await f.click('#ex-check');
  await f.waitForFunction((g) => window.prunescope.snapshot().exercise.gradeGeneration > g, gg);
  const og = (await snap(f)).exercise.grade;
  assert.equal(og.right, og.total);
  assert.equal((await page.evaluate(() => window.values))['cmi.core.score.raw'], String(raw), 'another exercise is not the activity\'s score');
  // leaving: session time in HHHH:MM:SS.SS, exit suspend, LMSFinish
  await page.evaluate(() => (document.getElementById('sco').src = 'about:blank'));
  await page.waitForFunction(() => window.calls.some((c) => c.name === 'LMSFinish'));
  const calls = await page.evaluate(() => window.calls);
  const bad = calls.filter((c) => c.r !== 'true');
  assert.deepEqual(bad, [], 'scorm-again accepted every call');
  assert.match((await page.evaluate(() => window.values))['cmi.core.session_time'], /^\d{4}:\d{2}:\d{2}\.\d{2}$/);
  assert.equal(calls.filter((c) => c.name === 'LMSInitialize').length, 1);
  // every file the activity loaded is a file of the manifest
  const listed = new Set([...manifestText.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1].replace(/&amp;/g, '&')));
  const missing = [...requested].filter((r) => !listed.has(r));
  assert.deepEqual(missing, [], 'every file loaded is in imsmanifest.xml');
  await page.close();
});

test('a student who reloads half-way resumes; a corrupt suspend_data starts afresh with a notice', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  collectProblems(page, problems);
  await page.goto(server.url + 'lms.html');
  await page.evaluate(() => window.launch({ core: { student_id: 's2', entry: 'ab-initio' } }));
  let { f } = await sco(page);
  const key = (await snap(f)).exercise.key;
  const inner = innerNodes(key);
  const [n0, i0] = inner[0];
  await f.fill(`input.ex-val[data-node="${i0}"]`, n0.answer);
  // the state reaches the LMS (kept at most once a second): wait for a suspend_data with it
  await page.waitForFunction((a) => (window.values['cmi.suspend_data'] ?? '').includes(JSON.stringify(a)), n0.answer, { timeout: 10_000 });
  const saved = await page.evaluate(() => window.values['cmi.suspend_data']);
  assert.ok(saved.length <= 4096);
  assert.ok(!saved.includes('"key"') && !saved.includes('expected'), 'the state holds no answer key');
  assert.equal((await page.evaluate(() => window.values))['cmi.core.lesson_status'], 'incomplete');
  // reload: the LMS launches a new session with the state it kept
  await page.evaluate((sd) => window.launch({ core: { student_id: 's2', entry: 'resume' }, suspend_data: sd }), saved);
  ({ f } = await sco(page));
  await f.waitForFunction((i) => document.querySelector(`input.ex-val[data-node="${i}"]`)?.value !== '', i0);
  assert.equal(await f.inputValue(`input.ex-val[data-node="${i0}"]`), n0.answer, 'the student\'s input is back');
  assert.equal((await snap(f)).activity.notice, null);
  // a corrupt state: afresh, with the notice
  for (const corrupt of [saved.slice(0, saved.length - 3), JSON.stringify({ v: 99 }), 'x'.repeat(4097)]) {
    await page.evaluate((sd) => window.launch({ core: { student_id: 's2', entry: 'resume' }, suspend_data: sd }), corrupt.slice(0, 4096));
    ({ f } = await sco(page));
    const s = await snap(f);
    assert.match(s.activity.notice ?? '', /could not be read .*starts afresh/, corrupt.slice(0, 40));
    assert.equal(await f.inputValue(`input.ex-val[data-node="${i0}"]`), '');
    assert.match(await f.locator('#activity-notice').innerText(), /starts afresh/);
  }
  await page.screenshot({ path: path.join(SHOTS, 'scorm-corrupt-state.png') });
  await page.close();
});

test('the package\'s page on its own (no LMS) works and says nothing will be recorded', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  collectProblems(page, problems);
  await page.goto(server.url + 'pkg/scorm.html');
  await page.waitForFunction(() => window.prunescope?.snapshot().activity.notice && window.prunescope.snapshot().exercise.key, null, { timeout: 30_000 });
  assert.match(await page.locator('#activity-notice').innerText(), /No LMS was found.*nothing will be recorded/);
  await page.screenshot({ path: path.join(SHOTS, 'scorm-no-lms-phone.png') });
  await page.close();
});

test('the manifest follows SCORM 1.2 content packaging', () => {
  const m = manifestText;
  assert.match(m, /^<\?xml version="1\.0" encoding="UTF-8"\?>/);
  assert.match(m, /<manifest identifier="[^"]+" version="2"[\s\S]*xmlns="http:\/\/www\.imsproject\.org\/xsd\/imscp_rootv1p1p2"/);
  assert.match(m, /xmlns:adlcp="http:\/\/www\.adlnet\.org\/xsd\/adlcp_rootv1p2"/);
  assert.match(m, /<metadata>\s*<schema>ADL SCORM<\/schema>\s*<schemaversion>1\.2<\/schemaversion>\s*<\/metadata>/);
  assert.match(m, /<organizations default="([^"]+)">\s*<organization identifier="\1">\s*<title>Alpha-beta: prune a tree<\/title>/);
  assert.match(m, /<item identifier="[^"]+" identifierref="sco" isvisible="true">\s*<title>[^<]+<\/title>\s*<adlcp:masteryscore>80<\/adlcp:masteryscore>/);
  assert.match(m, /<resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="scorm\.html">/);
  const listed = [...m.matchAll(/<file href="([^"]+)"\/>/g)].map((x) => x[1]);
  assert.deepEqual([...listed].sort(), files.filter((f) => f !== 'imsmanifest.xml').sort(), 'a file entry for every file of the zip, and only those');
  assert.ok(listed.includes('scorm.html') && listed.includes('pkg/prunescope_bg.wasm'));
  assert.ok(!files.includes('_headers') && !files.includes('.htaccess'));
});

test('a set: an exercise then a lesson, scored as the sum right over the sum asked; completed without a mastery score', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  collectProblems(page, problems);
  await page.goto(server.url + 'lms.html');
  await page.evaluate(() => window.launch({ core: { student_id: 's3', entry: 'ab-initio' } }, '/set/scorm.html'));
  const { f } = await sco(page);
  assert.match((await snap(f)).activity.status, /^Part 1 of 2\./);
  const key = (await snap(f)).exercise.key;
  for (const [i, n] of key.nodes.entries()) if (n.pruned) await f.click(`.ex-n[data-node="${i}"] > .ex-cut`);
  for (const [n, i] of innerNodes(key)) await f.fill(`input.ex-val[data-node="${i}"]`, n.answer);
  const g0 = (await snap(f)).activity.generation;
  await f.click('#ex-check');
  await f.waitForFunction((g) => window.prunescope.snapshot().activity.generation > g, g0);
  const ex = (await snap(f)).exercise.grade;
  assert.equal(ex.right, ex.total);
  let v = await page.evaluate(() => window.values);
  assert.equal(v['cmi.core.score.raw'], '100');
  assert.equal(v['cmi.core.lesson_status'], 'incomplete', 'the set is not finished');
  // Next: lesson 2, answered with the book's answers (tests/browser/learn.test.mjs)
  const lg = (await snap(f)).learn.generation;
  await f.click('#activity-next');
  await f.waitForFunction((g) => { const l = window.prunescope.snapshot().learn; return l.generation > g && l.lesson === 2 && l.status === 'stepping'; }, lg, { timeout: 60_000 });
  const BOOK2 = ['3 inf', 'y', '<= 2', 's', '7'];
  await answerLesson(f, BOOK2, 0, BOOK2.length - 1);
  await page.waitForFunction(() => window.values['cmi.core.lesson_status'] === 'completed');
  const L = (await snap(f)).learn;
  v = await page.evaluate(() => window.values);
  assert.equal(v['cmi.core.score.raw'], String(Math.round((100 * (ex.right + L.right)) / (ex.total + L.asked))));
  assert.equal(L.asked, 5);
  assert.match((await snap(f)).activity.status, /Part 2 of 2\. Your score: \d+\/\d+, sent to the LMS\./);
  await page.close();
});

/** Answers lesson questions `from`, `from + 1`, … with `replies` (playing to each), pressing
 * Continue after each but the lesson's last (`last`). */
async function answerLesson(f, replies, from, last) {
  for (const [j, reply] of replies.entries()) {
    const k = from + j;
    await f.waitForFunction(() => window.prunescope.snapshot().learn.status !== 'loading', null, { timeout: 60_000 });
    const s = await snap(f);
    if (!s.playing && s.learn.status === 'stepping') await f.evaluate(() => window.prunescope.run('play.toggle'));
    await f.waitForFunction((kk) => { const s = window.prunescope.snapshot(); return s.learn.status === 'asking' && s.learn.pause === kk && s.quiz.question?.index === kk; }, k, { timeout: 60_000 });
    const q = (await snap(f)).quiz.question;
    const asked = (await snap(f)).learn.asked;
    if (q.choices) await f.click(`#quiz .quiz-choice[data-key="${reply}"]`);
    else {
      await f.fill('#quiz-answer', reply);
      await f.press('#quiz-answer', 'Enter');
    }
    await f.waitForFunction((a) => window.prunescope.snapshot().learn.asked > a, asked);
    if (k < last) await f.click('#quiz-next');
  }
}

test('a student half-way through a lesson reloads and resumes at that question, the earlier answers shown', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  collectProblems(page, problems);
  await page.goto(server.url + 'lms.html');
  await page.evaluate(() => window.launch({ core: { student_id: 's4', entry: 'ab-initio' } }, '/les/scorm.html'));
  let { f } = await sco(page, 'lesson');
  // lesson 2 (the book's answers: tests/browser/learn.test.mjs), the second answer wrong; then
  // Continue: the student leaves at question 3
  await answerLesson(f, ['3 inf', 'n'], 0, 4);
  await f.evaluate(() => window.prunescope.run('play.toggle'));
  await f.waitForFunction(() => { const s = window.prunescope.snapshot(); return s.learn.status === 'asking' && s.learn.pause === 2; }, null, { timeout: 60_000 });
  const gate = (await snap(f)).learn.gate;
  const launched = await page.evaluate(() => window.launchId);
  await page.evaluate(() => (document.getElementById('sco').src = 'about:blank'));
  await page.waitForFunction(() => window.calls.some((c) => c.name === 'LMSFinish'));
  const saved = await page.evaluate(() => window.values['cmi.suspend_data']);
  assert.ok(saved.length <= 4096);
  const st = JSON.parse(saved);
  assert.equal(st.v, 2);
  assert.deepEqual(st.lesson, { replies: ['3 inf', 'n'], cursor: gate });
  assert.ok(!saved.includes('expected') && !saved.includes('grade'), 'the state holds no answer key');
  assert.equal((await page.evaluate(() => window.values))['cmi.core.lesson_status'], 'incomplete');
  // the next launch, with the state the LMS kept: question 3 is asked again, the first two answered
  await page.evaluate((sd) => window.launch({ core: { student_id: 's4', entry: 'resume' }, suspend_data: sd }, '/les/scorm.html'), saved);
  assert.ok((await page.evaluate(() => window.launchId)) > launched);
  ({ f } = await sco(page, 'lesson-any'));
  await f.waitForFunction(() => { const s = window.prunescope.snapshot(); return s.learn.status === 'asking' && s.learn.pause === 2 && s.quiz.question?.index === 2; }, null, { timeout: 60_000 });
  const s = await snap(f);
  assert.equal(s.explore.cursor.event, gate);
  assert.equal(s.learn.asked, 2);
  assert.equal(s.learn.right, 1);
  assert.equal(s.activity.notice, null);
  const shown = await f.locator('#quiz-answers li').allInnerTexts();
  assert.equal(shown.length, 2);
  assert.match(shown[0], /3 inf.*right/);
  assert.match(shown[1], /No.*not quite/i);
  assert.match(await f.locator('#learn-status').innerText(), /Question 3 of 5/);
  await page.screenshot({ path: path.join(SHOTS, 'scorm-lesson-resumed.png') });
  // the rest: the score is the first answer to each of the five questions
  await answerLesson(f, ['<= 2', 's', '7'], 2, 4);
  await page.waitForFunction(() => window.values['cmi.core.lesson_status'] === 'completed');
  assert.equal((await page.evaluate(() => window.values))['cmi.core.score.raw'], '80');
  await page.close();
});

test('no console errors', () => {
  assert.deepEqual(notFound, [], 'every file the page asks for is in the package');
  assert.deepEqual(problems, []);
});
