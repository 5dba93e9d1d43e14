// The classroom without friction (issue 29), driven as a class would: a course page on another
// origin that embeds a lesson and an exercise (§1); the keyboard, Tab by Tab, in every mode (§2);
// nothing drawn that gives an answer away (§3); phones (§4); smaller things (§5). Every wait
// waits for a new state (a generation, an event number, `settle` after a state wait).
//
//   node --test tests/browser/classroom.test.mjs
//
// Screenshots go to target/screenshots/classroom/ (SHOTS_DIR adds a copy).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setup, openPage, settle, snapshot, run, runSearch, runCompare, toCompare, SHOTS } from './hook.mjs';
import { collectProblems } from './chromium.mjs';

let env, course;
const SHOT_DIRS = [path.join(SHOTS, 'classroom'), process.env.SHOTS_DIR].filter(Boolean);
const shoot = async (page, name, opts = {}) => {
  for (const dir of SHOT_DIRS) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, name), ...opts });
  }
};

/** The course page: a plain page on a second origin (another host name and port). */
async function startCourse() {
  let body = '';
  const server = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://localhost:${server.address().port}/`,
    set: (html) => (body = html),
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))),
  };
}

before(async () => {
  env = await setup();
  course = await startCourse();
});
after(async () => {
  await course?.close();
  await env?.close();
});

// lesson 2's answers, as the book gives them (AIMA fig. 5.5; tests/browser/learn.test.mjs BOOK[2])
const LESSON2 = ['3 inf', 'y', '<= 2', 's', '7'];

/** In frame `f` (a lesson): plays to question `k`, answers it with `reply`, goes on. */
async function lessonQuestion(f, k, reply) {
  await f.waitForFunction(() => window.prunescope.snapshot().learn.status !== 'loading', null, { timeout: 60_000 });
  const s = await snapshot(f);
  // the student presses ▶ play (the step bar's button) until the question comes
  if (s.learn.status === 'stepping' && !s.playing) await f.locator('#s-play').click();
  await f.waitForFunction((kk) => {
    const l = window.prunescope.snapshot();
    return l.learn.status === 'asking' && l.quiz.question?.index === kk;
  }, k, { timeout: 60_000 });
  await settle(f);
  assert.ok(await f.locator('#quiz-question').isVisible(), `question ${k + 1} is shown`);
  const q = (await snapshot(f)).quiz.question;
  const asked = (await snapshot(f)).learn.asked;
  if (q.choices) await f.locator(`#quiz .quiz-choice[data-key="${reply}"]`).click();
  else {
    await f.locator('#quiz-answer').fill(reply);
    await f.locator('#quiz-answer').press('Enter');
  }
  await f.waitForFunction((a) => window.prunescope.snapshot().learn.asked > a, asked);
  await settle(f);
  const fb = (await snapshot(f)).quiz.feedback;
  assert.ok(await f.locator('#quiz-feedback').isVisible(), 'the answer’s feedback is shown');
  await f.locator('#quiz-next').click();
  await settle(f);
  return fb;
}

test('§1 a course page on another origin embeds lesson 2 and an exercise; a student does both to the end there', async () => {
  const seen = [];
  for (const [width, height, name] of [[1100, 1500, 'laptop'], [390, 844, 'phone']]) {
    const student = await env.browser.newPage({ viewport: { width, height }, hasTouch: width < 600, isMobile: width < 600 });
    collectProblems(student, seen);
    const lesson = `${env.server.url}embed.html#v=2&learn=2`;
    const exercise = `${env.server.url}embed.html#v=2&mode=exercise&seed=11&b=2-3&d=3`;
    const frame = (src, title) => `<iframe src="${src.replace(/&/g, '&amp;')}" title="${title}" width="900" height="600" style="border:1px solid #ccc;max-width:100%"></iframe>`;
    course.set(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Week 7</title></head>
<body style="font:16px Georgia,serif;max-width:960px;margin:0 auto;padding:8px"><h1>Week 7: alpha-beta</h1><p>Do the lesson, then the exercise.</p>
${frame(lesson, 'prunescope: lesson 2')}<p>Now an exercise:</p>${frame(exercise, 'prunescope: an exercise')}</body></html>`);
    await student.goto(course.url);
    const frames = () => student.frames().filter((f) => f.url().includes('/embed.html'));
    await student.waitForFunction(() => document.querySelectorAll('iframe').length === 2);
    const [lf, xf] = [frames().find((f) => f.url().includes('learn=2')), frames().find((f) => f.url().includes('mode=exercise'))];
    assert.ok(lf && xf, 'both frames loaded');
    // the lesson: its text and its quiz are shown in the frame, beside or below the tree
    await lf.waitForFunction(() => {
      const s = window.prunescope?.snapshot();
      return s?.learn.lesson === 2 && s.learn.status === 'stepping';
    }, null, { timeout: 60_000 });
    await settle(lf);
    for (const sel of ['#learn-title', '#tree', '#s-play', '#quiz-card']) assert.ok(await lf.locator(sel).isVisible(), `${name}: ${sel} is shown in the embedded lesson`);
    assert.equal(await lf.locator('.left .inputs').isVisible(), false, 'the setup stays hidden');
    if (width > 600) {
      // the lesson's text beside the tree, inside the 900 × 600 frame
      const [card, tree] = [await lf.locator('#learn-card').boundingBox(), await lf.locator('#tree').boundingBox()];
      assert.ok(card.x + card.width <= tree.x && tree.width >= 400, `${JSON.stringify(card)} ${JSON.stringify(tree)}`);
    }
    for (const [k, reply] of LESSON2.entries()) {
      const fb = await lessonQuestion(lf, k, reply);
      assert.equal(fb.ok, true, `${name}: question ${k + 1} answered ${reply}: ${fb.shown}`);
      if (k === 0) await shoot(student, `embed-lesson-2-${name}.png`, { fullPage: true });
    }
    await lf.waitForFunction(() => window.prunescope.snapshot().learn.status === 'finished');
    await settle(lf);
    assert.match(await lf.locator('#learn-status').innerText(), /Lesson complete: 5 of 5 right/);
    assert.ok(await lf.locator('#learn-next').isVisible(), 'the way on is shown');
    assert.equal(await lf.locator('#learn-card button', { hasText: 'Leave Learn' }).count(), 0, 'no way out of the course inside an embed');
    // the exercise: its tree, answered by clicks and typing, checked, a hint, the score
    await xf.waitForFunction(() => window.prunescope?.snapshot().exercise.generation > 0, null, { timeout: 30_000 });
    await settle(xf);
    const e = (await snapshot(xf)).exercise;
    assert.ok(await xf.locator('#ex-tree .ex-n').first().isVisible(), 'the exercise tree is shown');
    const key = e.key;
    const firstValue = key.nodes.findIndex((n) => n.visited && n.leaf === null);
    for (const [i, n] of key.nodes.entries()) if (n.pruned) await xf.locator(`.ex-n[data-node="${i}"] > .ex-cut`).click();
    for (const [i, n] of key.nodes.entries()) if (n.visited && n.leaf === null && i !== firstValue) await xf.locator(`input.ex-val[data-node="${i}"]`).fill(n.answer);
    const check = async () => {
      const g = (await snapshot(xf)).exercise.gradeGeneration;
      await xf.locator('#ex-check').click();
      await xf.waitForFunction((g0) => window.prunescope.snapshot().exercise.gradeGeneration > g0, g);
      await settle(xf);
      return (await snapshot(xf)).exercise;
    };
    let s = await check();
    assert.equal(s.grade.right, s.grade.total - 1);
    const g = s.gradeGeneration;
    await xf.locator('#ex-hint').click();
    await xf.waitForFunction((g0) => window.prunescope.snapshot().exercise.gradeGeneration > g0 || !!window.prunescope.snapshot().exercise.hint, g);
    await settle(xf);
    assert.match(await xf.locator('#ex-hint-text').innerText(), /^Hint: /);
    await xf.locator(`input.ex-val[data-node="${firstValue}"]`).fill(key.nodes[firstValue].answer);
    s = await check();
    assert.equal(s.grade.right, s.grade.total);
    assert.match(await xf.locator('#ex-score').innerText(), /all right/);
    assert.ok(await xf.locator('#ex-score').isVisible());
    // the status pill says the engine is ready (it said "starting engine…" for good: §5)
    assert.equal(await xf.locator('#engine-state').innerText(), 'engine ready');
    await shoot(student, `embed-exercise-${name}.png`, { fullPage: true });
    await student.close();
  }
  assert.deepEqual(seen, []);
});

/**
 * Every visible control of the page now, each marked with `data-tabk` (its number): buttons,
 * links, summaries, fields, and anything else Tab stops at (the tree's canvas).
 */
const markControls = (page) =>
  page.evaluate(() => {
    const sel = 'button, a[href], summary, input, select, textarea, [tabindex]:not([tabindex="-1"])';
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      el.removeAttribute('data-tabk');
      if (el.disabled || el.closest('[inert]') || el.type === 'hidden') continue;
      if (!el.checkVisibility({ checkVisibilityCSS: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      // a radio group is one stop
      if (el.type === 'radio' && !el.checked) continue;
      el.dataset.tabk = String(out.length);
      out.push({ k: out.length, tag: el.tagName, type: el.type ?? '', id: el.id, text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30), role: el.getAttribute('role') });
    }
    return out;
  });

/** Presses Tab from the top of the page until it has gone round; answers the data-tabk seen. */
async function tabRound(page, n) {
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
  });
  const seen = new Set();
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    const k = await page.evaluate(() => document.activeElement?.dataset?.tabk ?? null);
    if (k !== null) seen.add(Number(k));
  }
  return seen;
}

/** Blocks what a click would do (a capturing listener records and stops it) and what typing would change. */
const installBlocker = (page) =>
  page.evaluate(() => {
    if (window.__blocker) return;
    window.__blocker = { clicks: [], keys: [] };
    window.addEventListener('click', (e) => {
      window.__blocker.clicks.push(e.target.closest?.('[data-tabk]')?.dataset.tabk ?? null);
      e.preventDefault();
      e.stopImmediatePropagation();
    }, true);
    window.addEventListener('beforeinput', (e) => e.preventDefault(), true);
    window.addEventListener('change', (e) => e.stopImmediatePropagation(), true);
    window.addEventListener('input', (e) => e.stopImmediatePropagation(), true);
  });

/** What a shortcut would change: the cursor, play, the drawn nodes, the mode, the view toggles. */
const pageState = (page) =>
  page.evaluate(() => {
    const s = window.prunescope.snapshot();
    const side = s.mode === 'compare' ? s.compare[s.compare.drive ?? 'A'] : s.explore;
    return JSON.stringify({ mode: s.mode, playing: s.playing, cursor: side?.cursor?.event ?? null, drawn: window.prunescope.drawn(s.mode === 'compare' ? 'A' : 'explore').nodes, maxmin: document.getElementById('maxmin').checked, finals: document.getElementById('finals').checked });
  });

/**
 * Tab reaches every visible control; Enter and Space on each do what a click does (buttons,
 * links, summaries: a click; a checkbox: Space clicks it), or what the control's role says (a
 * field keeps the keys), and never a page shortcut.
 */
async function keyboardRound(page, name) {
  const controls = await markControls(page);
  assert.ok(controls.length > 3, `${name}: controls found`);
  const seen = await tabRound(page, controls.length + 30);
  const missed = controls.filter((c) => !seen.has(c.k));
  assert.deepEqual(missed, [], `${name}: Tab does not reach ${JSON.stringify(missed)}`);
  await installBlocker(page);
  const problems = [];
  for (const c of controls) {
    if (c.tag === 'CANVAS' || c.role === 'tree' || !['BUTTON', 'A', 'SUMMARY', 'INPUT', 'SELECT', 'TEXTAREA'].includes(c.tag)) continue; // the tree: the shortcuts' place
    for (const key of ['Enter', ' ']) {
      const before = await pageState(page);
      const ok = await page.evaluate((k) => {
        const el = document.querySelector(`[data-tabk="${k}"]`);
        if (!el || el.disabled) return false;
        el.focus();
        window.__blocker.clicks = [];
        return document.activeElement === el;
      }, c.k);
      if (!ok) continue; // gone or disabled by an earlier key (a field's Enter moves on)
      await page.keyboard.press(key);
      const clicks = await page.evaluate(() => window.__blocker.clicks);
      if (c.tag === 'SELECT') await page.keyboard.press('Escape');
      const after = await pageState(page);
      const clicked = clicks.includes(String(c.k));
      const want = c.tag === 'BUTTON' || c.tag === 'SUMMARY' || (c.tag === 'A' && key === 'Enter') || (c.type === 'checkbox' && key === ' ');
      const what = `${name}: ${key === ' ' ? 'Space' : key} on ${c.tag}${c.id ? '#' + c.id : ''} "${c.text}"`;
      if (want && !clicked) problems.push(`${what} did not press it`);
      if (!want && clicked) problems.push(`${what} clicked it`);
      if (after !== before) problems.push(`${what} ran a shortcut: ${before} → ${after}`);
    }
  }
  assert.deepEqual(problems, []);
  return controls.length;
}

test('§2 in every mode, Tab reaches every visible control, and Enter and Space on each do what a click does', async () => {
  const problems = [];
  const counts = {};
  // a page per mode (the blocker stops every click of the page it is in)
  const fresh = () => openPage(env, { width: 1280, height: 720, problems });
  let page = await fresh();
  await runSearch(page);
  counts.explore = await keyboardRound(page, 'explore');
  await page.close();
  page = await fresh();
  await toCompare(page);
  await runCompare(page);
  counts.compare = await keyboardRound(page, 'compare');
  await page.close();
  page = await fresh();
  const g = (await snapshot(page)).exercise.generation;
  await page.click('#mode-exercise');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, g);
  await settle(page);
  counts.exercise = await keyboardRound(page, 'exercise');
  await page.close();
  page = await fresh();
  const lg = (await snapshot(page)).learn.generation;
  await page.evaluate(() => (location.hash = 'v=2&learn=2'));
  await page.waitForFunction((g0) => window.prunescope.snapshot().learn.generation > g0 && window.prunescope.snapshot().learn.status === 'stepping', lg, { timeout: 60_000 });
  await settle(page);
  counts.lesson = await keyboardRound(page, 'lesson');
  await page.close();
  page = await fresh();
  await page.click('#mode-experiments');
  await page.waitForFunction(() => (window.prunescope.snapshot().experiments?.list?.length ?? 0) > 0, null, { timeout: 60_000 });
  await settle(page);
  counts.experiments = await keyboardRound(page, 'experiments');
  await page.close();
  console.log('controls per mode:', JSON.stringify(counts));
  assert.deepEqual(problems, []);
});

test('§2 Enter on a focused Start searches; the focus goes to the tree, where space plays; the step bar and Compare too', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await page.focus('#start');
  const g = (await snapshot(page)).explore.generation;
  await page.keyboard.press('Enter');
  await page.waitForFunction((g0) => window.prunescope.snapshot().explore.generation > g0 && window.prunescope.snapshot().explore.status === 'done', g);
  await settle(page);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tree', 'the focus is on the tree after Start');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => window.prunescope.snapshot().playing === true);
  await page.keyboard.press(' ');
  await page.waitForFunction(() => window.prunescope.snapshot().playing === false);
  // a step-bar button pressed with Space steps once, and hands the focus to the tree
  await run(page, 'step.first');
  await page.focus('#s-fwd');
  await page.keyboard.press(' ');
  await page.waitForFunction(() => window.prunescope.snapshot().explore.cursor.event === 1);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tree');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.prunescope.snapshot().explore.cursor.event === 2);
  // the "Search techniques" fold opens with Enter
  await page.focus('#techniques > summary');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.getElementById('techniques').open), true);
  // Compare, by the keyboard
  await toCompare(page);
  await page.focus('#cmp-run');
  const cg = (await snapshot(page)).compare.generation;
  await page.keyboard.press('Enter');
  await page.waitForFunction((g0) => window.prunescope.snapshot().compare.generation > g0, cg);
  await settle(page);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'cmp-tree-A');
  await page.close();
  assert.deepEqual(problems, []);
});

/**
 * In the page: steps explore's search from its first event to its last cut-off and, at every
 * cursor, records the tree's drawing (a recording 2D context and Path2D, through the hook's
 * `drawWith`) and reads from the record what is drawn for each node — its shapes (kind, size,
 * fill, stroke, dash, alpha), the edge into it, and its texts (font, colour, alignment, offset
 * from the node, and whether a number or a word). A node that will be pruned, before its
 * cut-off, must be drawn as one of the nodes not reached yet of its row (leaf or inner node):
 * as one at the same cursor, or at another cursor of the same search. The count under the tree
 * and the ply gutter's counts must not tell either. Answers { frames, checked, bad: [...] }.
 */
function drawCheck() {
  const P = window.prunescope;
  class RecPath {
    constructor() {
      this.subs = [];
      this.cur = null;
    }
    moveTo(x, y) {
      this.cur = { pts: [[x, y]] };
      this.subs.push(this.cur);
    }
    lineTo(x, y) {
      if (!this.cur) this.moveTo(x, y);
      else this.cur.pts.push([x, y]);
    }
    closePath() {
      if (this.cur) this.cur.closed = true;
    }
    arc(x, y, r) {
      this.subs.push({ arc: [x, y, r] });
      this.cur = null;
    }
    ellipse(x, y, r) {
      this.arc(x, y, r);
    }
    rect(x, y, w, h) {
      this.subs.push({ rect: [x, y, w, h] });
      this.cur = null;
    }
    roundRect(x, y, w, h) {
      this.rect(x, y, w, h);
    }
    quadraticCurveTo(cx, cy, x, y) {
      this.lineTo(x, y);
    }
    bezierCurveTo(a, b, c, d, x, y) {
      this.lineTo(x, y);
    }
  }
  class RecCtx {
    constructor() {
      this.ops = [];
      this.st = { fillStyle: '#000', strokeStyle: '#000', font: '10px sans-serif', lineWidth: 1, globalAlpha: 1, textAlign: 'start', textBaseline: 'alphabetic', dash: '' };
      this.stack = [];
      this.path = new RecPath();
      for (const k of ['fillStyle', 'strokeStyle', 'font', 'lineWidth', 'globalAlpha', 'textAlign', 'textBaseline']) {
        Object.defineProperty(this, k, { get: () => this.st[k], set: (v) => (this.st[k] = v) });
      }
    }
    save() {
      this.stack.push({ ...this.st });
    }
    restore() {
      if (this.stack.length) this.st = this.stack.pop();
    }
    setTransform() {}
    resetTransform() {}
    scale() {}
    translate() {}
    clip() {}
    setLineDash(a) {
      this.st.dash = a.join(',');
    }
    getLineDash() {
      return this.st.dash ? this.st.dash.split(',').map(Number) : [];
    }
    beginPath() {
      this.path = new RecPath();
    }
    moveTo(x, y) {
      this.path.moveTo(x, y);
    }
    lineTo(x, y) {
      this.path.lineTo(x, y);
    }
    arc(x, y, r) {
      this.path.arc(x, y, r);
    }
    rect(x, y, w, h) {
      this.path.rect(x, y, w, h);
    }
    roundRect(x, y, w, h) {
      this.path.rect(x, y, w, h);
    }
    closePath() {
      this.path.closePath();
    }
    quadraticCurveTo(a, b, x, y) {
      this.path.lineTo(x, y);
    }
    fill(p) {
      this.ops.push({ op: 'fill', subs: (p ?? this.path).subs, s: { ...this.st } });
    }
    stroke(p) {
      this.ops.push({ op: 'stroke', subs: (p ?? this.path).subs, s: { ...this.st } });
    }
    fillRect(x, y, w, h) {
      this.ops.push({ op: 'fillRect', subs: [{ rect: [x, y, w, h] }], s: { ...this.st } });
    }
    strokeRect() {}
    clearRect() {}
    drawImage() {}
    fillText(t, x, y) {
      this.ops.push({ op: 'text', t: String(t), x, y, s: { ...this.st } });
    }
    measureText(t) {
      const px = Number(/(\d+(?:\.\d+)?)px/.exec(this.st.font)?.[1] ?? 10);
      return { width: String(t).length * px * 0.6, actualBoundingBoxAscent: px * 0.8, actualBoundingBoxDescent: px * 0.2 };
    }
  }
  const frameInfo = () => document.getElementById('frame-info').textContent;
  const fill = (s) => `${s.fillStyle}@${s.globalAlpha}`;
  const line = (s) => `${s.strokeStyle}/${s.lineWidth}/${s.dash}@${s.globalAlpha}`;
  const out = { frames: 0, checked: 0, bad: [] };
  const refs = new Map(); // group → signatures of nodes not reached yet, over every cursor
  const pending = []; // [group, signature, what] of pruned nodes not matched in their own frame
  const here = new Map(); // this frame's group → signatures of its nodes not reached yet
  const textStyles = new Set(); // the styles of the texts of nodes not reached yet
  const textAt = new Map(); // group|style → offsets of that text on nodes not reached yet
  const pendingText = [];
  P.run('step.first');
  let lastCut = -1;
  for (let guard = 0; guard < 5000; guard++) {
    const rec = new RecCtx();
    const RealPath = window.Path2D;
    window.Path2D = RecPath;
    try {
      P.drawWith('explore', rec);
    } finally {
      window.Path2D = RealPath;
    }
    const pl = P.placed('explore');
    const cursor = P.snapshot().explore.cursor.event;
    if (lastCut < 0) lastCut = Math.max(-1, ...pl.ghostInfo.filter(Boolean).map((g) => g.cutEvent));
    if (cursor >= lastCut) break;
    out.frames++;
    // the nodes: trace nodes not entered yet (F) and pruned nodes before their cut-off (P)
    const nodes = [];
    pl.nodes.forEach(([x, y], id) => {
      const inf = pl.nodeInfo[id];
      nodes.push({ x, y, what: `node ${id}`, future: inf.enterEvent > cursor, pruned: false, group: `${inf.ply}|${inf.leaf}`, sig: [], texts: [] });
    });
    pl.ghosts.forEach(([x, y], k) => {
      const inf = pl.ghostInfo[k];
      if (inf && cursor < inf.cutEvent) nodes.push({ x, y, what: `pruned node ${k}`, future: true, pruned: true, group: `${inf.ply}|${inf.leaf}`, sig: [], texts: [] });
    });
    // nodes by their x (whole pixels), for the shapes' centres (within a third of a pixel)
    const byX = new Map();
    for (const n of nodes) (byX.get(Math.round(n.x)) ?? byX.set(Math.round(n.x), []).get(Math.round(n.x))).push(n);
    const near = (x, y) => {
      for (const bx of [Math.round(x) - 1, Math.round(x), Math.round(x) + 1]) for (const n of byX.get(bx) ?? []) if (Math.abs(n.x - x) < 0.34 && Math.abs(n.y - y) < 0.34) return n;
      return null;
    };
    for (const o of rec.ops) {
      if (o.op === 'text') {
        if (o.s.textBaseline !== 'top' && o.s.textBaseline !== 'bottom') continue;
        const below = o.s.textBaseline === 'top'; // a text under its node
        let best = null;
        for (const n of nodes) {
          if (Math.abs(n.x - o.x) > 0.6) continue;
          const dy = o.y - n.y;
          if (below ? dy <= 0 : dy >= 0) continue;
          if (!best || Math.abs(dy) < Math.abs(o.y - best.y)) best = n;
        }
        if (!best) continue;
        const dy = o.y - best.y;
        const kind = /^[−-]?\d+(\/\d+)?$/.test(o.t) ? 'number' : /^p /.test(o.t) ? 'p' : 'word';
        // a staggered leaf value's two lines are one rule (by the slot's parity)
        best.texts.push({ style: `text ${o.s.textBaseline} ${o.s.textAlign} ${o.s.font} ${fill(o.s)} ${kind}`, at: below ? `below ${(dy % 13).toFixed(1)}` : `above ${dy.toFixed(1)}` });
        continue;
      }
      for (const sub of o.subs) {
        let n = null, what = '';
        if (sub.arc) {
          n = near(sub.arc[0], sub.arc[1]);
          what = `circle ${sub.arc[2].toFixed(2)}`;
        } else if (sub.rect && Math.abs(sub.rect[2] - sub.rect[3]) < 0.01 && sub.rect[2] < 30) {
          n = near(sub.rect[0] + sub.rect[2] / 2, sub.rect[1] + sub.rect[3] / 2);
          what = `square ${sub.rect[2].toFixed(2)}`;
        } else if (sub.pts?.length === 3 && sub.closed) {
          const [a, b] = sub.pts;
          const h = Math.abs(b[0] - a[0]);
          n = near(a[0], b[1] > a[1] ? a[1] + h : a[1] - h);
          what = `triangle ${b[1] > a[1] ? 'up' : 'down'} ${h.toFixed(2)}`;
        } else if (sub.pts?.length === 2 && !sub.closed && o.op === 'stroke') {
          // an edge belongs to its lower end, the child (drawn either way round)
          const [a, b] = sub.pts;
          n = a[1] > b[1] ? near(a[0], a[1]) : near(b[0], b[1]);
          what = 'edge';
        }
        if (n) n.sig.push(`${o.op} ${what} ${o.op === 'fill' ? fill(o.s) : line(o.s)}`);
      }
    }
    // what is drawn for a node: its shapes and edge (exactly as a node not reached yet of its
    // row), and its texts (each in a style some node not reached yet has, at the offset its row
    // gives that kind of text, where such a node of the row has one: which labels a node has
    // room for depends on its neighbours, by one rule for both)
    const sigOf = (n) => n.sig.sort().join(' ; ');
    const add = (m, k, v) => (m.has(k) ? m : m.set(k, new Set())).get(k).add(v);
    for (const n of nodes) {
      if (!n.future || n.pruned) continue;
      add(here, n.group, sigOf(n));
      add(refs, n.group, sigOf(n));
      for (const t of n.texts) {
        textStyles.add(t.style);
        add(textAt, `${n.group}|${t.style}`, t.at);
      }
    }
    for (const n of nodes) {
      if (!n.pruned) continue;
      out.checked++;
      const s = sigOf(n);
      if (!/fill (circle|triangle|square)/.test(s)) out.bad.push(`event ${cursor}: ${n.what} is not drawn: ${s}`);
      else if (!here.get(n.group)?.has(s)) pending.push([n.group, s, `event ${cursor}: ${n.what} (row ${n.group}) is drawn ${s}; the nodes not reached yet of its row: ${[...(here.get(n.group) ?? [])].join(' | ') || 'none at this event'}`]);
      for (const t of n.texts) pendingText.push([n.group, t, `event ${cursor}: ${n.what} (row ${n.group}) has the text ${t.style} ${t.at}`]);
    }
    here.clear();
    // the counts: the tree's nodes and how many the search has reached, never the searched ones
    const entered = pl.nodeInfo.filter((i) => i.enterEvent <= cursor).length;
    const total = pl.nodes.length + pl.ghosts.length;
    const info = frameInfo();
    if (info && info !== `${total} nodes in the tree · ${entered} reached`) out.bad.push(`event ${cursor}: the count reads "${info}"`);
    const firstCut = Math.min(...pl.ghostInfo.filter(Boolean).map((g) => g.cutEvent));
    if (cursor < firstCut) {
      const perPly = new Map();
      for (const i of [...pl.nodeInfo, ...pl.ghostInfo.filter(Boolean)]) perPly.set(i.ply, (perPly.get(i.ply) ?? 0) + 1);
      for (const o of rec.ops) {
        const m = o.op === 'text' && /^ply (\d+) · (\d+)$/.exec(o.t);
        if (m && Number(m[2]) !== perPly.get(Number(m[1]))) out.bad.push(`event ${cursor}: the gutter reads "${o.t}", the tree has ${perPly.get(Number(m[1]))}`);
      }
    }
    if (out.bad.length > 8) break;
    P.run('step.forward');
  }
  for (const [g, s, what] of pending) if (!refs.get(g)?.has(s)) out.bad.push(what);
  for (const [g, t, what] of pendingText) {
    if (!textStyles.has(t.style)) out.bad.push(`${what}: no node not reached yet has a text so`);
    else if (textAt.has(`${g}|${t.style}`) && !textAt.get(`${g}|${t.style}`).has(t.at)) out.bad.push(`${what}: its row's nodes not reached yet have it ${[...textAt.get(`${g}|${t.style}`)]}`);
  }
  return out;
}

/** Opens explore on tree `text` by a share link (the search runs; the cursor at event 0). */
async function openTree(page, text, algo = 'alphabeta', extra = '') {
  const g = (await snapshot(page)).explore.generation;
  const frag = new URLSearchParams({ v: '2', mode: 'explore', tree: text, depth: '1', cap: '2000000', algo, view: 'maxmin' }).toString() + extra;
  await page.evaluate((f) => (location.hash = f), frag);
  await page.waitForFunction((g0) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g0 && s.status === 'done';
  }, g, { timeout: 30_000 });
  await settle(page);
}

/** A seeded random explicit tree (mulberry32): depth 2–4, 1–4 children, leaves −9…20. */
function seededTree(seed) {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const depth = 2 + Math.floor(rnd() * 3);
  const maxB = depth === 4 ? 3 : 4;
  const node = (d) => {
    if (d === 0) return String(Math.floor(rnd() * 30) - 9);
    const b = 1 + Math.floor(rnd() * maxB);
    return `(${Array.from({ length: b }, () => node(d - 1)).join(' ')})`;
  };
  let t = node(depth);
  if (!t.startsWith('(')) t = `(${t})`;
  return t;
}

test('§3 before its cut-off, a node that will be pruned is drawn as a node not reached yet: the lessons’ trees, at 1280 and 390 px', async () => {
  const { LESSONS } = await import('../../www/learn/lessons.js');
  const trees = [];
  for (const l of LESSONS) for (const part of [l, ...(l.parts ?? [])]) if (part.setup?.tree && part.setup.algo !== 'minimax') trees.push([l.id, part.setup.tree, part.setup.algo]);
  assert.ok(trees.length >= 4, `the lessons' explicit trees that prune: ${trees.length}`);
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    const problems = [];
    const page = await openPage(env, { width, height, problems });
    for (const [id, text, algo] of trees) {
      await openTree(page, text, algo);
      assert.equal((await snapshot(page)).explore.cursor.event, 0, 'a finished search of an explicit tree opens at its first event');
      const r = await page.evaluate(drawCheck);
      assert.ok(r.frames > 0 && r.checked > 0, `lesson ${id} (${text}): ${JSON.stringify(r)}`);
      assert.deepEqual(r.bad, [], `lesson ${id}, ${algo}, ${text} at ${width} px`);
    }
    await page.close();
    assert.deepEqual(problems, []);
  }
});

test('§3 the same over 200 seeded trees (alpha-beta, PVS, the strict rule)', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  let checked = 0, frames = 0, trees = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const text = seededTree(seed);
    const algo = seed % 5 === 0 ? 'pvs' : 'alphabeta';
    await openTree(page, text, algo, seed % 7 === 0 && algo === 'alphabeta' ? '&cutoff=strict' : '');
    const r = await page.evaluate(drawCheck);
    assert.deepEqual(r.bad, [], `seed ${seed}: ${algo} ${text}`);
    checked += r.checked;
    frames += r.frames;
    if (r.checked) trees++;
  }
  console.log(`seeded trees: ${trees} of 200 prune; ${frames} frames, ${checked} pruned nodes checked`);
  assert.ok(trees >= 100 && checked >= 1000, `${trees} trees, ${checked} nodes`);
  await page.close();
  assert.deepEqual(problems, []);
});

test('§3 collapsing a node (X) keeps the whole tree’s outline; its mark counts the input tree’s nodes', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await runSearch(page);
  assert.equal((await snapshot(page)).explore.cursor.event, 0, 'Start opens an explicit tree at its first event');
  const ghosts = (await page.evaluate(() => window.prunescope.placed('explore').ghosts.length));
  assert.equal(ghosts, 2, 'node 1’s two pruned leaves are drawn (as not reached yet)');
  // the student collapses node 2 (the third MIN node) with X, the tree having the focus
  const id = await page.evaluate(() => window.prunescope.nodeAt('explore', [2]));
  await page.evaluate((i) => window.prunescope.select('explore', i), id);
  await page.locator('#tree').focus();
  const before = await page.evaluate(() => window.prunescope.placed('explore').nodes.length);
  await page.keyboard.press('x');
  await page.waitForFunction(() => document.getElementById('collapse').textContent.includes('Expand'));
  await settle(page);
  const pl = await page.evaluate(() => window.prunescope.placed('explore'));
  assert.equal(pl.nodes.length, before);
  assert.equal(pl.ghosts.length, 2, 'node 1 keeps the outline of its pruned leaves: three children, as the others');
  const r = await page.evaluate(drawCheck);
  assert.deepEqual(r.bad, []);
  // the collapsed node's mark: the input tree's 3 leaves under it (the trace has 3 too here);
  // collapsing node 1 counts its 3 leaves, not the 1 searched
  await page.click('#expand-all');
  await run(page, 'step.first');
  const one = await page.evaluate(() => window.prunescope.nodeAt('explore', [1]));
  await page.evaluate((i) => window.prunescope.select('explore', i), one);
  await page.locator('#tree').focus();
  await page.keyboard.press('x');
  await page.waitForFunction(() => document.getElementById('collapse').textContent.includes('Expand'));
  await settle(page);
  const texts = await page.evaluate(() => {
    const out = [];
    const ctx = new Proxy({}, { get: (t, k) => (k === 'measureText' ? (s) => ({ width: String(s).length * 7 }) : k === 'getLineDash' ? () => [] : k in t ? t[k] : (...a) => (k === 'fillText' ? out.push(String(a[0])) : undefined)), set: (t, k, v) => ((t[k] = v), true) });
    const R = window.Path2D;
    window.Path2D = class { moveTo() {} lineTo() {} arc() {} rect() {} closePath() {} roundRect() {} quadraticCurveTo() {} };
    try {
      window.prunescope.drawWith('explore', ctx);
    } finally {
      window.Path2D = R;
    }
    return out;
  });
  assert.ok(texts.includes('▸ 3'), `the collapsed node 1 counts 3: ${texts.filter((t) => t.startsWith('▸'))}`);
  await page.close();
  assert.deepEqual(problems, []);
});

test('§4 a phone: a lesson opens at its text; the folded cards are one line; no empty Position box after a game', async () => {
  const problems = [];
  const page = await openPage(env, { width: 390, height: 844, touch: true, problems });
  // the folded cards (phones open with them folded)
  for (const id of ['inspector-card', 'keys-card']) {
    assert.equal(await page.evaluate((i) => document.getElementById(i).open, id), false);
    const h = (await page.locator(`#${id}`).boundingBox()).height;
    assert.ok(h <= 48, `#${id} folded is ${h} px tall`);
  }
  // lesson 1, played to its tic-tac-toe part, then lesson 2 from its link: the lesson's text in view
  const open = async (id) => {
    const g = (await snapshot(page)).learn.generation;
    await page.evaluate((k) => (location.hash = `v=2&learn=${k}`), id);
    await page.waitForFunction(([g0, k]) => {
      const l = window.prunescope.snapshot().learn;
      return l.generation > g0 && l.lesson === k && l.status === 'stepping';
    }, [g, id], { timeout: 60_000 });
    await settle(page);
  };
  await open(1);
  const g0 = (await snapshot(page)).explore.generation;
  // the game: a tic-tac-toe search from the Games tab (its board is the Position card)
  await page.evaluate(() => (location.hash = 'v=2&mode=explore&game=tictactoe&pos=x.o%2F.x.%2Fo..&depth=5&cap=2000000&algo=alphabeta&view=maxmin'));
  await page.waitForFunction((g) => window.prunescope.snapshot().explore.generation > g && window.prunescope.snapshot().explore.status === 'done', g0, { timeout: 60_000 });
  await page.waitForFunction(() => !document.getElementById('board-card').hidden);
  await open(2);
  const title = await page.locator('#learn-title').boundingBox();
  assert.ok(title.y >= 0 && title.y < 844, `the lesson's title is in view (y ${title.y})`);
  assert.equal(await page.locator('#board-card').isVisible(), false, 'no Position card on a tree');
  await page.close();
  assert.deepEqual(problems, []);
});

test('§4 Compare at 1280 × 720: the ▶ Compare button is in view in its column', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await toCompare(page);
  const b = await page.locator('#cmp-run').boundingBox();
  assert.ok(b.y >= 0 && b.y + b.height <= 720, JSON.stringify(b));
  assert.equal(await page.evaluate(() => {
    const r = document.getElementById('cmp-run').getBoundingClientRect();
    return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.id;
  }), 'cmp-run', 'nothing covers it');
  await page.close();
  assert.deepEqual(problems, []);
});

test('§4 the exercise tree on a phone: edges to every child, targets of 44 px, the window written (α, β) with room for -inf', async () => {
  const problems = [];
  const page = await openPage(env, { width: 390, height: 844, touch: true, problems });
  const g = (await snapshot(page)).exercise.generation;
  await page.click('#mode-exercise');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, g);
  await page.check('#ex-windows');
  const g1 = (await snapshot(page)).exercise.generation;
  await page.click('#ex-new');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, g1);
  await settle(page);
  const r = await page.evaluate(() => {
    const kids = [...document.querySelectorAll('#ex-tree .ex-kids > .ex-n')];
    const edge = (el) => {
      const a = getComputedStyle(el, '::after');
      return a.content !== 'none' && parseFloat(a.borderLeftWidth) >= 1 && parseFloat(a.height) >= 6;
    };
    const targets = [...document.querySelectorAll('#ex-tree .ex-cut, #ex-tree .ex-val, #ex-tree .ex-win')].map((el) => el.getBoundingClientRect().height);
    const win = document.querySelector('#ex-tree .ex-window');
    return { kids: kids.length, edges: kids.filter(edge).length, min: Math.min(...targets), window: win.textContent, winStyle: getComputedStyle(win).fontSize };
  });
  assert.ok(r.kids > 2);
  assert.equal(r.edges, r.kids, 'every child has its edge');
  assert.ok(r.min >= 44, `the smallest target is ${r.min} px`);
  assert.equal(r.window, '(, )');
  assert.notEqual(r.winStyle, '0px', 'the brackets are shown');
  // "-inf" fits its field
  const f = page.locator('#ex-tree input.ex-win').first();
  await f.fill('-inf');
  assert.ok(await f.evaluate((el) => el.scrollWidth <= el.clientWidth), '-inf is not cut');
  await shoot(page, 'exercise-phone.png', { fullPage: true });
  await page.close();
  assert.deepEqual(problems, []);
});

test('§4 the tree keeps its place while the narration and the step bar change (explore at 1280 × 720, the embed at 900 × 600)', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await runSearch(page);
  await run(page, 'step.first');
  const boxes = new Set();
  for (let e = 0; e < 31; e++) {
    await page.waitForFunction((k) => window.prunescope.snapshot().explore.cursor.event === k, e);
    await settle(page);
    const b = await page.locator('#tree').boundingBox();
    boxes.add(`${b.y},${b.height}`);
    await page.click('#s-fwd');
  }
  assert.equal(boxes.size, 1, `explore: the tree's box changed: ${[...boxes]}`);
  await page.close();
  const embed = await env.browser.newPage({ viewport: { width: 900, height: 600 } });
  collectProblems(embed, problems);
  await embed.goto(`${env.server.url}embed.html#v=2&mode=explore&tree=${encodeURIComponent('((3 12 8) (2 4 6) (14 5 2))')}&depth=1&cap=2000000&algo=alphabeta&view=maxmin&cursor=0`);
  await embed.waitForFunction(() => window.prunescope?.snapshot().explore.status === 'done', null, { timeout: 30_000 });
  const eboxes = new Set();
  for (let e = 0; e < 31; e++) {
    await embed.waitForFunction((k) => window.prunescope.snapshot().explore.cursor.event === k, e);
    await settle(embed);
    const b = await embed.locator('#tree').boundingBox();
    eboxes.add(`${b.y},${b.height}`);
    await embed.click('#s-fwd');
  }
  assert.equal(eboxes.size, 1, `embed: the tree's box changed: ${[...eboxes]}`);
  await embed.close();
  assert.deepEqual(problems, []);
});

/**
 * In the page: at every event of explore's search, what the α/β pill covers of the tree's
 * drawing — the node labels (move above, value below) and the node shapes other than the
 * cursor's — from a recording of the frame. Answers the events where it covers one.
 */
function pillCheck() {
  const P = window.prunescope;
  const bad = [];
  P.run('step.first');
  for (let guard = 0; guard < 400; guard++) {
    const texts = [], shapes = [];
    let pill = null;
    const st = { font: '12px x', textAlign: 'start', textBaseline: 'alphabetic' };
    const path = () => {
      const subs = [];
      return { subs, moveTo: (x, y) => subs.push([x, y]), lineTo: (x, y) => subs.push([x, y]), arc: (x, y, r) => subs.push([x, y, r]), rect() {}, closePath() {}, roundRect: (x, y, w, h) => subs.push({ round: [x, y, w, h] }), quadraticCurveTo() {} };
    };
    let cur = path();
    const ctx = new Proxy({}, {
      get(t, k) {
        if (k in st) return st[k];
        if (k === 'measureText') return (s) => ({ width: String(s).length * 0.6 * Number(/(\d+)px/.exec(st.font)[1]) });
        if (k === 'getLineDash') return () => [];
        if (k === 'beginPath') return () => (cur = path());
        if (['moveTo', 'lineTo', 'arc', 'roundRect'].includes(k)) return (...a) => cur[k](...a);
        if (k === 'fill') return (p) => {
          for (const sb of (p ?? cur).subs) {
            if (sb.round) pill = sb.round;
            else if (sb.length === 3) shapes.push(sb);
          }
        };
        if (k === 'fillText') return (s, x, y) => {
          if (/^α /.test(s) || /^ply /.test(s) || /^(MAX|MIN)/.test(s)) return;
          const px = Number(/(\d+)px/.exec(st.font)[1]);
          const w = String(s).length * 0.6 * px;
          const x0 = st.textAlign === 'center' ? x - w / 2 : st.textAlign === 'left' ? x : x - w;
          const y0 = st.textBaseline === 'top' ? y : st.textBaseline === 'bottom' ? y - px : y - px / 2;
          if (st.textAlign === 'center') texts.push([x0, y0, x0 + w, y0 + px, String(s)]);
        };
        return () => {};
      },
      set(t, k, v) {
        st[k] = v;
        return true;
      },
    });
    const R = window.Path2D;
    window.Path2D = function () {
      return path();
    };
    try {
      P.drawWith('explore', ctx);
    } finally {
      window.Path2D = R;
    }
    const s = P.snapshot().explore;
    if (pill) {
      const [x, y, w, h] = pill;
      const hit = (a, b, c, d) => Math.min(c, x + w) - Math.max(a, x) > 1 && Math.min(d, y + h) - Math.max(b, y) > 1;
      for (const t of texts) if (hit(...t)) bad.push(`event ${s.cursor.event}: the pill covers "${t[4]}"`);
      for (const [sx, sy, r] of shapes) if (r > 2 && hit(sx - r, sy - r, sx + r, sy + r)) bad.push(`event ${s.cursor.event}: the pill ${pill.map((v) => v | 0)} covers a node at ${sx | 0},${sy | 0} (r ${r})`);
    }
    if (s.cursor.event >= s.events - 1) break;
    P.run('step.forward');
  }
  return bad;
}

test('§4 the α/β pill covers no other node and no label: Russell–Norvig in Explore (1280 px) and on a phone', async () => {
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    const problems = [];
    const page = await openPage(env, { width, height, problems });
    await openTree(page, '((3 12 8) (2 4 6) (14 5 2))');
    const bad = await page.evaluate(pillCheck);
    assert.deepEqual(bad, [], `${width} px`);
    await page.close();
    assert.deepEqual(problems, []);
  }
});

test('§5 at 1280×720 every leaf Russell–Norvig searches shows its window in Explore, and no two labels overlap at any step', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await openTree(page, '((3 12 8) (2 4 6) (14 5 2))');
  // what a frame writes: the windows "(α, β)" and where (a recording context), and the labels'
  // overlaps (their boxes, windows included)
  const frameAt = () => page.evaluate(() => {
    const texts = [];
    const st = {};
    // text measured as the canvas measures it, in the font set
    const real = document.createElement('canvas').getContext('2d');
    const measure = (s) => ((real.font = st.font ?? real.font), real.measureText(String(s)));
    const ctx = new Proxy({}, { get: (t, k) => (k in st ? st[k] : k === 'measureText' ? measure : k === 'getLineDash' ? () => [] : k === 'fillText' ? (s, x, y) => texts.push([String(s), x, y]) : () => {}), set: (t, k, v) => ((st[k] = v), true) });
    window.prunescope.drawWith('explore', ctx);
    window.prunescope.frame();
    const p = window.prunescope.placed('explore');
    const leafY = Math.max(...p.nodes.map(([, y]) => y));
    const s = window.prunescope.snapshot().explore;
    return { event: s.cursor.event, events: s.events, windows: texts.filter(([t, , y]) => /^\(.*, .*\)$/.test(t) && y > leafY).length, overlaps: window.prunescope.drawn('explore').labels?.overlaps ?? -1 };
  });
  const bad = [];
  let f = await frameAt();
  for (;;) {
    if (f.overlaps !== 0) bad.push(`event ${f.event}: ${f.overlaps} overlapping labels`);
    if (f.event >= f.events - 1) break;
    const e = f.event;
    await page.evaluate(() => window.prunescope.run('step.forward'));
    await page.waitForFunction((x) => window.prunescope.snapshot().explore.cursor.event > x, e);
    await settle(page);
    f = await frameAt();
  }
  assert.deepEqual(bad, []);
  // at the end, the 7 leaves searched have their windows (the 2 pruned were never searched)
  assert.equal(f.windows, 7, 'every searched leaf shows its window');
  await shoot(page, 'rn-windows-1280x720.png');
  await page.close();
  assert.deepEqual(problems, []);
});

test('§3 lesson 3: at a "which type?" question, the narration above it does not answer it', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const g = (await snapshot(page)).learn.generation;
  await page.evaluate(() => (location.hash = 'v=2&learn=3'));
  await page.waitForFunction((g0) => window.prunescope.snapshot().learn.generation > g0 && window.prunescope.snapshot().learn.status === 'stepping', g, { timeout: 60_000 });
  const ask = async (k) => {
    const s = await snapshot(page);
    if (s.learn.status === 'stepping' && !s.playing) await page.click('#s-play');
    await page.waitForFunction((kk) => window.prunescope.snapshot().learn.status === 'asking' && window.prunescope.snapshot().quiz.question?.index === kk, k, { timeout: 60_000 });
    await settle(page);
    return (await snapshot(page)).quiz.question;
  };
  const reply = async (key) => {
    const a = (await snapshot(page)).learn.asked;
    await page.click(`#quiz .quiz-choice[data-key="${key}"]`);
    await page.waitForFunction((x) => window.prunescope.snapshot().learn.asked > x, a);
    await page.click('#quiz-next');
  };
  await ask(0);
  await reply('n');
  let typed = 0;
  for (const k of [1, 2]) {
    const q = await ask(k);
    if (q.kind !== 'type') continue;
    typed++;
    const line = await page.locator('#narration').innerText();
    assert.doesNotMatch(line, /cut-off|CUT|ALL|PV|all \d+ moves|fails? (high|low)/i, `question ${k + 1} (${q.text}): the narration reads "${line}"`);
    assert.match(line, /Quiz card/);
    await reply(['n', '3', '2'][k]); // the book's answers (tests/browser/learn.test.mjs BOOK[3])
  }
  assert.equal(typed, 2, 'lesson 3 asks two type questions');
  await page.close();
  assert.deepEqual(problems, []);
});

test('§3 before Start, an explicit tree is drawn whole with its leaf values (the problem a teacher projects first)', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  assert.equal((await snapshot(page)).explore.nodes, 0, 'no search yet');
  const drawn = async () =>
    page.evaluate(() => {
      const texts = [];
      let shapes = 0;
      const st = {};
      const ctx = new Proxy({}, { get: (t, k) => (k in st ? st[k] : k === 'measureText' ? (s) => ({ width: String(s).length * 7 }) : k === 'getLineDash' ? () => [] : k === 'fill' ? (p) => (shapes += p?.n ?? 0) : k === 'fillText' ? (s) => texts.push(String(s)) : () => {}), set: (t, k, v) => ((st[k] = v), true) });
      const R = window.Path2D;
      window.Path2D = class {
        constructor() {
          this.n = 0;
        }
        moveTo() {}
        lineTo() {}
        arc() {}
        rect() {}
        closePath() {
          this.n++;
        }
      };
      try {
        window.prunescope.drawWith('explore', ctx);
      } finally {
        window.Path2D = R;
      }
      return { texts, shapes, info: document.getElementById('frame-info').textContent, empty: document.getElementById('empty').className };
    });
  let d = await drawn();
  assert.deepEqual(d.texts.filter((t) => /^\d+$/.test(t)), ['3', '12', '8', '2', '4', '6', '14', '5', '2'], 'every leaf value, left to right');
  assert.equal(d.shapes, 13, 'the 13 nodes, as triangles');
  assert.equal(d.info, '13 nodes in the tree · none reached: press Start');
  assert.match(d.empty, /under/, 'the "press Start" words sit under the tree');
  // a new text is drawn as it is typed
  await page.fill('#tree-text', '((1 2) (3 4))');
  await page.waitForFunction(() => document.getElementById('frame-info').textContent.startsWith('7 nodes'));
  d = await drawn();
  assert.deepEqual(d.texts.filter((t) => /^\d+$/.test(t)), ['1', '2', '3', '4']);
  await shoot(page, 'problem-before-start-1280x720.png');
  await page.close();
  assert.deepEqual(problems, []);
});

test('§5 choosing a chess position (or pasting a FEN) shows it on the Position board before Start; its coordinates are readable', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await page.click('#tab-chess');
  await page.waitForFunction(() => document.querySelectorAll('#board cg-board piece:not(.ghost)').length === 32, null, { timeout: 60_000 });
  // the board's coordinates are readable: 12 px at least, bold, opaque colours
  const coords = await page.$$eval('#board coords coord', (cs) => cs.map((c) => { const s = getComputedStyle(c); return { size: parseFloat(s.fontSize), weight: Number(s.fontWeight), color: s.color, opacity: Number(getComputedStyle(c.parentElement).opacity) }; }));
  assert.equal(coords.length, 16);
  for (const c of coords) assert.ok(c.size >= 12 && c.weight >= 600 && c.opacity === 1 && !/rgba/.test(c.color), JSON.stringify(c));
  const options = await page.$$eval('#fen-preset option', (os) => os.map((o) => o.value).filter((v) => v.includes('/')));
  const fen = options.find((v) => !v.startsWith('rnbqkbnr/pppppppp'));
  assert.ok(fen, 'a preset other than the start position');
  await page.selectOption('#fen-preset', fen);
  // the new state: the board's FEN line names the chosen position (its piece count may equal the start's)
  await page.waitForFunction((f) => document.getElementById('board-fen').textContent === f, fen);
  await settle(page);
  const pieces = fen.split(' ')[0].replace(/[\d/]/g, '').length;
  assert.equal(await page.evaluate(() => document.querySelectorAll('#board cg-board piece:not(.ghost)').length), pieces);
  // a pasted FEN: a king each and one white pawn
  const pasted = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';
  await page.fill('#fen', pasted);
  await page.waitForFunction(() => document.querySelectorAll('#board cg-board piece:not(.ghost)').length === 3);
  assert.equal(await page.locator('#board-fen').innerText(), pasted);
  await page.close();
  assert.deepEqual(problems, []);
});

for (const [width, height] of [[1280, 720], [390, 844]]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`screenshots: lessons 2 and 3 at their first question, an exercise, an embedded lesson and Compare, ${width}×${height}, ${colorScheme}`, async () => {
      const problems = [];
      const page = await openPage(env, { width, height, colorScheme, problems, touch: width < 600 });
      const tag = `${width}x${height}-${colorScheme}`;
      for (const id of [2, 3]) {
        const g = (await snapshot(page)).learn.generation;
        await page.evaluate((k) => (location.hash = `v=2&learn=${k}`), id);
        await page.waitForFunction((g0) => window.prunescope.snapshot().learn.generation > g0 && window.prunescope.snapshot().learn.status === 'stepping', g, { timeout: 60_000 });
        await settle(page);
        await shoot(page, `lesson-${id}-open-${tag}.png`);
        await page.click('#s-play');
        await page.waitForFunction(() => window.prunescope.snapshot().learn.status === 'asking', null, { timeout: 60_000 });
        await settle(page);
        await shoot(page, `lesson-${id}-question-${tag}.png`);
      }
      await toCompare(page);
      await runCompare(page);
      await shoot(page, `compare-${tag}.png`);
      const eg = (await snapshot(page)).exercise.generation;
      await page.click('#mode-exercise');
      await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, eg);
      await settle(page);
      await shoot(page, `exercise-${tag}.png`, { fullPage: width < 600 });
      await page.close();
      const embed = await env.browser.newPage({ viewport: width < 600 ? { width, height } : { width: 900, height: 600 }, colorScheme });
      collectProblems(embed, problems);
      await embed.goto(`${env.server.url}embed.html#v=2&learn=2`);
      await embed.waitForFunction(() => window.prunescope?.snapshot().learn.status === 'stepping', null, { timeout: 60_000 });
      await embed.click('#s-play');
      await embed.waitForFunction(() => window.prunescope.snapshot().learn.status === 'asking', null, { timeout: 60_000 });
      await settle(embed);
      await shoot(embed, `embed-lesson-2-${tag}.png`, { fullPage: width < 600 });
      await embed.close();
      assert.deepEqual(problems, []);
    });
  }
}

test('§4 Play the search on a phone: the search’s tree comes into view at its first event, and the student steps it', async () => {
  const problems = [];
  const page = await openPage(env, { width: 390, height: 844, touch: true, problems });
  const g = (await snapshot(page)).exercise.generation;
  await page.click('#mode-exercise');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, g);
  await settle(page);
  const tg = (await snapshot(page)).explore.generation;
  // Show solution fills the exercise's tree (issue 28 §2); Play the search, beside it, plays it
  await page.click('#ex-solution');
  await page.locator('#ex-play').click();
  await page.waitForFunction((g0) => window.prunescope.snapshot().explore.generation > g0 && window.prunescope.snapshot().explore.status === 'done', tg, { timeout: 30_000 });
  await page.waitForFunction(() => document.activeElement?.id === 'tree');
  for (let k = 0; k < 20; k++) await settle(page); // a third of a second: nothing plays on its own
  const s = await snapshot(page);
  assert.equal(s.mode, 'explore');
  assert.equal(s.playing, false);
  assert.equal(s.explore.cursor.event, 0, 'the solution waits at its first event');
  const b = await page.locator('#tree').boundingBox();
  assert.ok(b.y >= -1 && b.y < 844 / 2, `the tree is in view (top at ${b.y})`);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.prunescope.snapshot().explore.cursor.event === 1);
  await page.close();
  assert.deepEqual(problems, []);
});

test('§4 lesson 3 at 390 px: no two labels overlap — the lesson opens zoomed on its question’s node and says how to see the rest', async () => {
  for (const [width, height] of [[1280, 720], [390, 844]]) {
    const problems = [];
    const page = await openPage(env, { width, height, touch: width < 600, problems });
    const g = (await snapshot(page)).learn.generation;
    await page.evaluate(() => (location.hash = 'v=2&learn=3'));
    await page.waitForFunction((g0) => window.prunescope.snapshot().learn.generation > g0 && window.prunescope.snapshot().learn.status === 'stepping', g, { timeout: 60_000 });
    for (let k = 0; k < 6; k++) await settle(page);
    const d = await page.evaluate(() => window.prunescope.drawn('explore'));
    assert.equal(d.labels.overlaps, 0, `${width} px: ${d.labels.overlaps} pairs of labels overlap`);
    // the leaves in view have their values written (the problem)
    const pl = await page.evaluate(() => window.prunescope.placed('explore'));
    const inView = [...pl.nodes.filter((_, i) => pl.nodeInfo[i].leaf), ...pl.ghosts.filter((_, k) => pl.ghostInfo[k]?.leaf)].filter(([x, y]) => x > pl.gutter && x < pl.W && y > 0 && y < pl.H).length;
    const written = d.leafValues.length + d.outline.reduce((n, o) => n + o.values.length, 0);
    assert.ok(inView > 0 && written >= inView, `${width} px: ${written} leaf values written for ${inView} leaves in view`);
    const note = page.locator('#learn-zoomed');
    if (width < 600) {
      assert.ok(await note.count(), 'the phone opens zoomed');
      assert.match(await note.innerText(), /zoomed on node .*Fit/);
    }
    await shoot(page, `lesson-3-opening-${width}x${height}.png`);
    await page.close();
    assert.deepEqual(problems, []);
  }
});

test('§5 the course index on a phone: a title on two lines starts on its number’s line (item 4)', async () => {
  const problems = [];
  const page = await openPage(env, { width: 390, height: 844, touch: true, problems });
  await page.click('#mode-learn');
  await page.waitForSelector('#learn-list li');
  await settle(page);
  const items = await page.evaluate(() => [...document.querySelectorAll('#learn-list li')].map((li) => {
    const a = li.querySelector('a');
    const first = a.getClientRects()[0];
    return { title: a.textContent, lines: a.getClientRects().length, firstTop: first.top - li.getBoundingClientRect().top, firstHeight: first.height, targetHeight: a.getBoundingClientRect().height };
  }));
  const wrapped = items.filter((i) => i.lines > 1);
  assert.ok(wrapped.length >= 1, 'a title wraps at 390 px (item 4)');
  for (const i of items) {
    assert.ok(i.firstHeight < 34, `${i.title}: its first line box is ${i.firstHeight} px tall (one line)`);
    assert.ok(Math.abs(i.firstTop - items[0].firstTop) < 1, `${i.title}: starts on its number's line`);
    assert.ok(i.firstHeight >= 24, `${i.title}: a 24 px target`);
  }
  await page.close();
  assert.deepEqual(problems, []);
});

// Tried once more, as a teacher on a 1280 × 720 laptop and a student on a 390 × 844 phone
// (after the fixes above): what that found, each with its test.

test('tried again: on a phone the exercise’s buttons fit the screen, and Check brings the grade into view', async () => {
  const problems = [];
  const page = await openPage(env, { width: 390, height: 844, touch: true, problems });
  const g = (await snapshot(page)).exercise.generation;
  await page.tap('#mode-exercise');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0 && window.prunescope.snapshot().exercise.key, g);
  await settle(page);
  const outside = await page.evaluate(() => [...document.querySelectorAll('#exr .run-bar button')].filter((b) => b.offsetParent).map((b) => [b.textContent, b.getBoundingClientRect()]).filter(([, r]) => r.left < 0 || r.right > innerWidth).map(([t, r]) => `${t} at ${r.left | 0}–${r.right | 0}`));
  assert.deepEqual(outside, [], 'every button inside the 390 px screen');
  assert.ok((await page.evaluate(() => [...document.querySelectorAll('#exr .run-bar button')].filter((b) => b.offsetParent).length)) >= 7, 'the exercise’s buttons are shown');
  const key = (await snapshot(page)).exercise.key;
  for (const [i, n] of key.nodes.entries()) if (n.pruned) await page.tap(`.ex-n[data-node="${i}"] > .ex-cut`);
  for (const [i, n] of key.nodes.entries()) {
    if (!n.visited || n.leaf !== null) continue;
    await page.tap(`input.ex-val[data-node="${i}"]`);
    await page.keyboard.type(n.answer);
  }
  const gg = (await snapshot(page)).exercise.gradeGeneration;
  await page.locator('#ex-check').scrollIntoViewIfNeeded();
  await page.tap('#ex-check');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.gradeGeneration > g0, gg);
  await page.waitForFunction(() => {
    const r = document.getElementById('ex-score').getBoundingClientRect();
    return document.getElementById('ex-score').textContent && r.top >= 0 && r.bottom <= innerHeight;
  }, null, { timeout: 5000 }).catch(() => {});
  await settle(page);
  const r = await page.evaluate(() => { const b = document.getElementById('ex-score').getBoundingClientRect(); return { top: b.top, bottom: b.bottom, text: document.getElementById('ex-score').textContent }; });
  assert.ok(r.text, 'the grade is written');
  assert.ok(r.top >= 0 && r.bottom <= 844, `the grade in view after Check: ${JSON.stringify(r)}`);
  await shoot(page, 'tried-again-phone-exercise-checked.png');
  await page.close();
  assert.deepEqual(problems, []);
});

test('tried again: on a phone, after an answer in a lesson, Continue has the focus and is in view; the answers so far follow it', async () => {
  const problems = [];
  const page = await openPage(env, { width: 390, height: 844, touch: true, problems });
  const g = (await snapshot(page)).learn.generation;
  await page.evaluate(() => (location.hash = 'v=2&learn=2'));
  await page.waitForFunction((g0) => window.prunescope.snapshot().learn.generation > g0 && window.prunescope.snapshot().learn.status === 'stepping', g, { timeout: 60_000 });
  await page.locator('#s-play').scrollIntoViewIfNeeded();
  await page.tap('#s-play');
  await page.waitForFunction(() => window.prunescope.snapshot().learn.status === 'asking', null, { timeout: 60_000 });
  await settle(page);
  await page.tap('#quiz-answer');
  await page.keyboard.type('3 inf');
  await page.tap('#quiz .quiz-choice');
  await page.waitForFunction(() => window.prunescope.snapshot().learn.asked === 1);
  await page.waitForFunction(() => document.activeElement?.id === 'quiz-next', null, { timeout: 5000 }).catch(() => {});
  await settle(page);
  const r = await page.evaluate(() => { const b = document.getElementById('quiz-next').getBoundingClientRect(); return { top: b.top, bottom: b.bottom, focused: document.activeElement?.id }; });
  assert.equal(r.focused, 'quiz-next', 'Continue has the focus');
  assert.ok(r.top >= 0 && r.bottom <= 844, `Continue in view: ${JSON.stringify(r)}`);
  const order = await page.evaluate(() => [...document.querySelectorAll('#quiz .quiz-row, #quiz #quiz-answers')].map((e) => e.id || e.className));
  assert.deepEqual(order, ['quiz-row', 'quiz-answers'], 'the list of answers comes after the way on');
  await shoot(page, 'tried-again-phone-lesson-answered.png');
  await page.close();
  assert.deepEqual(problems, []);
});

test('tried again: Compare of an explicit tree opens at the driving search’s first event; End shows the end', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await toCompare(page);
  const s = await runCompare(page);
  assert.equal(s.compare.drive, 'A');
  assert.equal(s.compare.A.cursor.event, 0, 'no value shows before it is stepped to');
  // the captions count what has been reached: neither side's total (which tells how many the
  // other prunes) nor the value (the answer) shows before the end
  const captions = () => page.evaluate(() => ['cmp-cap-A', 'cmp-cap-B', 'cmp-n-A', 'cmp-n-B'].map((id) => document.getElementById(id).textContent));
  await settle(page);
  const before = await captions();
  for (const c of before) {
    assert.doesNotMatch(c, /value|\d+ nodes/, `at the first event: ${c}`);
    assert.match(c, /reached/, c);
  }
  await run(page, 'step.last');
  await page.waitForFunction(() => { const a = window.prunescope.snapshot().compare.A; return a.cursor.event === a.events - 1; });
  await settle(page);
  const after = await captions();
  const ends = await page.evaluate(() => { const c = window.prunescope.snapshot().compare; return [c.A.nodes, c.B.nodes]; });
  assert.match(after[0], new RegExp(`${ends[0]} nodes · value 3`), after[0]);
  assert.match(after[1], new RegExp(`${ends[1]} nodes · value 3`), after[1]);
  await page.close();
  assert.deepEqual(problems, []);
});

test('tried again: before the end of an explicit tree’s search, the step bar counts neither its events nor its cut-offs (explore and compare)', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  // the event total of alpha-beta on Russell–Norvig (27) tells how many nodes it visits, and
  // the cut-off button's count (2) how many cut-offs the class is asked to find
  const bar = () => page.evaluate(() => ({ pos: document.getElementById('evpos').textContent, cut: document.getElementById('n-cut').title, off: document.getElementById('n-cut').disabled }));
  await openTree(page, '((3 12 8) (2 4 6) (14 5 2))');
  assert.equal((await snapshot(page)).explore.cursor.event, 0);
  let b = await bar();
  assert.match(b.pos, /^event 1 · /, b.pos);
  assert.doesNotMatch(b.cut, /· \d/, b.cut);
  assert.match(await page.locator('#sum-hidden').innerText(), /^Step 1: the result/);
  await run(page, 'step.last');
  await page.waitForFunction(() => { const e = window.prunescope.snapshot().explore; return e.cursor.event === e.events - 1; });
  await settle(page);
  b = await bar();
  const n = (await snapshot(page)).explore.events;
  assert.match(b.pos, new RegExp(`^event ${n} / ${n} · `), b.pos);
  assert.match(b.cut, /· 2$/, b.cut);
  // compare, driven by alpha-beta (B): its total is held back too
  await toCompare(page);
  await runCompare(page);
  await page.selectOption('#cmp-drive', 'B');
  await page.waitForFunction(() => window.prunescope.snapshot().compare.drive === 'B');
  await run(page, 'step.first');
  await page.waitForFunction(() => window.prunescope.snapshot().compare.B.cursor.event === 0);
  await settle(page);
  b = await bar();
  assert.match(b.pos, /^B · event 1 · /, b.pos);
  assert.doesNotMatch(b.cut, /· \d/, b.cut);
  await page.close();
  assert.deepEqual(problems, []);
});

test('tried again: the node inspector writes a leaf’s value as the tree does: exact, whatever its window', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await openTree(page, '((3 12 8) (2 4 6) (14 5 2))');
  // leaf 1.0 (value 2) fails low against (3, +∞): the tree writes "2", not "≤ 2"
  const id = await page.evaluate(() => window.prunescope.nodeAt('explore', [1, 0]));
  // selected, the cursor at its entry; one step on, at its exit
  await page.evaluate((i) => window.prunescope.select('explore', i), id);
  await page.waitForFunction((i) => window.prunescope.snapshot().explore.cursor.node === i, id);
  const e0 = (await snapshot(page)).explore.cursor.event;
  await run(page, 'step.forward');
  await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, e0);
  assert.equal((await snapshot(page)).explore.cursor.kind, 'exit');
  await settle(page);
  const text = await page.locator('#inspector').innerText();
  assert.match(text, /what it means\s+exact — a leaf: its value 2 is given by the tree/);
  assert.doesNotMatch(text, /upper bound|at most 2/);
  await page.close();
  assert.deepEqual(problems, []);
});

test('tried again: in MAX/MIN view the step bar names a MIN node’s event as its narration does (β lowered, not α raised)', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await openTree(page, '((3 12 8) (2 4 6) (14 5 2))');
  assert.equal((await snapshot(page)).maxmin, true);
  // step to the first α-raised event (negamax) at a MIN node: node 0's first reply returned
  const min0 = await page.evaluate(() => window.prunescope.nodeAt('explore', [0]));
  for (;;) {
    const c = (await snapshot(page)).explore.cursor;
    if (c.kind === 'α raised' && c.node === min0) break;
    await run(page, 'step.forward');
    await page.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event > e, c.event);
  }
  await settle(page);
  assert.match(await page.locator('#narration').innerText(), /β at node 0 \(MIN\) lowered/);
  assert.match(await page.locator('#evpos').innerText(), /· β lowered$/);
  await page.close();
  assert.deepEqual(problems, []);
});

test('tried again: the exercise’s Copy link says what it did', async () => {
  const problems = [];
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const g = (await snapshot(page)).exercise.generation;
  await page.click('#mode-exercise');
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0 && window.prunescope.snapshot().exercise.key, g);
  await page.click('#ex-link');
  await page.waitForFunction(() => !document.getElementById('ex-notice').hidden, null, { timeout: 5000 }).catch(() => {});
  assert.equal(await page.locator('#ex-notice').isVisible(), true, 'a notice after Copy link');
  assert.match(await page.locator('#ex-notice').innerText(), /^(Link copied: it opens this exercise|The link is in the address bar)/);
  assert.match(page.url(), /#v=2&mode=exercise&seed=\d+/);
  await page.close();
  assert.deepEqual(problems, []);
});

test('tried again: Compare on a phone: the second tree leaves the step bar uncovered, both trees write their leaves, the narration on the first screen', async () => {
  const problems = [];
  const page = await openPage(env, { width: 390, height: 844, touch: true, problems });
  await page.tap('#mode-compare');
  await page.waitForFunction(() => { const c = window.prunescope.snapshot().compare; return c.A.ready && c.B.ready; }, null, { timeout: 20_000 });
  const g = (await snapshot(page)).compare.generation;
  await page.locator('#cmp-run').scrollIntoViewIfNeeded();
  await page.tap('#cmp-run');
  await page.waitForFunction((g0) => window.prunescope.snapshot().compare.generation > g0, g, { timeout: 60_000 });
  // the compare column at the top of the screen, as Compare leaves it on a phone
  await page.evaluate(() => document.querySelector('.center').scrollIntoView({ block: 'start' }));
  await settle(page);
  await settle(page);
  const box = (id) => page.evaluate((i) => { const r = document.getElementById(i).getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; }, id);
  const [a, b, bar, first, said] = await Promise.all(['cmp-tree-A', 'cmp-tree-B', 'stepbar', 's-first', 'narration'].map(box));
  assert.ok(a.bottom <= b.top, `tree A above tree B: ${JSON.stringify([a, b])}`);
  assert.ok(b.bottom <= bar.top + 0.5, `tree B ends above the step bar: ${JSON.stringify([b, bar])}`);
  const hit = await page.evaluate(() => { const r = document.getElementById('s-first').getBoundingClientRect(); return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.id; });
  assert.equal(hit, 's-first', `⇤ can be tapped: ${JSON.stringify(first)}`);
  assert.ok(said.bottom <= 844, `the narration on the first screen: ${JSON.stringify(said)}`);
  // the leaves searched and the pruned ones drawn as not reached yet, each with its value
  const written = (k) => page.evaluate((s) => { const d = window.prunescope.drawn(s); return d.leafValues.length + d.outline.reduce((n, o) => n + (Array.isArray(o.values) ? o.values.length : o.values), 0); }, k);
  for (const k of ['A', 'B']) assert.equal(await written(k), 9, `tree ${k} writes its 9 leaf values`);
  await shoot(page, 'tried-again-phone-compare.png');
  await page.close();
  assert.deepEqual(problems, []);
});
