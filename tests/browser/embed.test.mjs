// The embed view (issue 19 §3): a course page on another origin shows a prepared search in an
// iframe (embed.html with the share link's fragment) and the student steps it; the full page
// refuses to be framed. The snippet comes from the page's own Embed button. Screenshots of the
// course page go to target/screenshots/ (and SHOTS_DIR, when set).
//
//   node --test tests/browser/embed.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setup, openPage, runSearch, run, settle, snapshot, SHOTS } from './hook.mjs';
import { collectProblems } from './chromium.mjs';

let env, course;
const problems = [];
const SHOT_DIRS = [SHOTS, process.env.SHOTS_DIR].filter(Boolean);

/** The course page: a plain page on a second origin (another port), with `body` in it. */
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

const coursePage = (snippet) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>CS 101, week 7: alpha-beta pruning</title>
<style>body{font:16px/1.5 Georgia,serif;max-width:1000px;margin:0 auto;padding:16px;color:#222;background:#fafaf7}
header{border-bottom:3px solid #7a1f2b;margin-bottom:12px}h1{font-size:24px;margin:4px 0}nav{font:13px sans-serif;color:#555}
.note{background:#fff8e1;border-left:4px solid #e0a800;padding:8px 12px;font-size:14px}</style></head>
<body><header><nav>Course home › Week 7 › Lecture notes</nav><h1>Week 7: alpha-beta pruning</h1></header>
<p>Below is the tree from the textbook (Russell &amp; Norvig, Fig. 5.5). Step through the search with the ▶ button and watch which leaves are never looked at.</p>
${snippet}
<p class="note">Question 1: which two leaves of the middle subtree does alpha-beta prune, and why?</p>
<p><a href="#full">Blocked: the full page in a frame</a></p>
<iframe id="full" title="the full page" src="SERVER/index.html" width="300" height="80"></iframe>
</body></html>`;

before(async () => {
  env = await setup();
  course = await startCourse();
});

after(async () => {
  await course?.close();
  await env?.close();
});

test('the embed view, from the Embed button, steps inside a course page on another origin', async () => {
  // the teacher: a search, stepped to a cut-off, and the Embed button's snippet
  const page = await openPage(env, { problems });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url.replace(/\/$/, '') });
  await runSearch(page);
  await run(page, 'step.first');
  for (let i = 0; i < 6; i++) await run(page, 'step.forward');
  await settle(page);
  const at = (await snapshot(page)).explore.cursor.event;
  await page.click('#embed-link');
  // the notice comes once the clipboard has the snippet (the write is asynchronous): wait for it,
  // a state the page did not have before the click
  await page.waitForFunction(() => /Embed code copied/.test(document.querySelector('#notice')?.innerText ?? ''));
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html#v=2&amp;[^"]+" title="prunescope[^"]*"[^>]*><\/iframe>$/);
  await page.close();

  // the student: the course page on another origin (localhost:P vs 127.0.0.1:Q)
  const student = await env.browser.newPage({ viewport: { width: 1100, height: 1000 } });
  const seen = [];
  collectProblems(student, seen);
  course.set(coursePage(snippet).replace('SERVER/', env.server.url));
  await student.goto(course.url);
  // goto waits for the course page's load event, which comes after its frames have loaded
  const embed = await (await student.$('iframe[src*="/embed.html"]'))?.contentFrame();
  assert.ok(embed?.url().includes('/embed.html'), 'the embed frame loaded');
  // the link's search runs in the frame and its cursor stands where the teacher left it
  await embed.waitForFunction((e) => {
    const s = window.prunescope?.snapshot().explore;
    return s?.status === 'done' && s.cursor.event === e;
  }, at, { timeout: 30_000 });
  await settle(embed);
  // tree, step bar, narration; no setup panel, no mode switch
  for (const sel of ['#tree', '#stepbar', '#narration', '#s-fwd']) assert.ok(await embed.locator(sel).isVisible(), `${sel} is shown`);
  for (const sel of ['#start', '#tree-text', '.left', '#mode-compare', '#quiz-card', '#copy-link', '#embed-link']) assert.equal(await embed.locator(sel).first().isVisible(), false, `${sel} is hidden`);
  const before = await embed.locator('#narration').innerText();
  await embed.locator('#s-fwd').click();
  await embed.waitForFunction((e) => window.prunescope.snapshot().explore.cursor.event === e + 1, at);
  // the state moved; the DOM views render on the next animation frame: wait for frames that
  // begin after the step, not for a text the previous frame may still show
  await settle(embed);
  const after = await embed.locator('#narration').innerText();
  assert.notEqual(after, before, 'the narration follows the step');
  // the way out: the same search in the full page
  const href = await embed.locator('#embed-open').getAttribute('href');
  assert.match(href ?? '', /^http:\/\/127\.0\.0\.1:\d+\/#v=2&/);
  // the full page refuses to be framed (frame-ancestors 'none')
  const full = student.frames().find((f) => f !== student.mainFrame() && f !== embed);
  assert.ok(full);
  assert.equal(await full.evaluate(() => !!window.prunescope).catch(() => false), false, 'the full page did not load in the frame');
  assert.ok(seen.some((p) => /frame-ancestors/.test(p)) || full.url().startsWith('chrome-error:'), seen.join('\n'));
  for (const dir of SHOT_DIRS) {
    mkdirSync(dir, { recursive: true });
    await student.screenshot({ path: path.join(dir, 'embed-course-page.png'), fullPage: true });
  }
  // a phone
  await student.setViewportSize({ width: 390, height: 844 });
  await settle(embed);
  for (const dir of SHOT_DIRS) await student.screenshot({ path: path.join(dir, 'embed-course-page-phone.png'), fullPage: true });
  await student.close();
  assert.deepEqual(problems, []);
});

test('the embed view shows a broken link\'s notice where its reader sees it', async () => {
  const page = await env.browser.newPage({ viewport: { width: 1100, height: 700 } });
  const seen = [];
  collectProblems(page, seen);
  // a link whose tree text does not parse (the fragment of docs/share-links.md)
  await page.goto(`${env.server.url}embed.html#v=2&tree=((3%2012&algo=alphabeta`);
  await page.waitForFunction(() => /cannot be opened/.test(window.prunescope?.snapshot().explore.notice?.text ?? ''), null, { timeout: 20_000 });
  const notice = page.locator('#notice');
  await page.waitForFunction(() => /cannot be opened/.test(document.querySelector('#notice')?.innerText ?? ''));
  assert.ok(await notice.isVisible(), 'the notice is shown in the embed view');
  const box = await notice.boundingBox();
  assert.ok(box && box.width > 100 && box.height > 10 && box.y + box.height <= 700, JSON.stringify(box));
  assert.equal(await page.locator('.left').isVisible(), false, 'the setup panels stay hidden');
  // the embed has no Start button: before any event, the narration and the tree's placeholder
  // say what its reader can do
  await settle(page);
  for (const sel of ['#narration', '#empty']) {
    assert.ok(await page.locator(sel).isVisible(), `${sel} is shown`);
    const words = await page.locator(sel).innerText();
    assert.doesNotMatch(words, /Start/, sel);
    assert.match(words, /steps through the search its link names .*Open in prunescope ↗/, sel);
  }
  for (const dir of SHOT_DIRS) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, 'embed-broken-link.png') });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  assert.ok(await notice.isVisible());
  for (const dir of SHOT_DIRS) await page.screenshot({ path: path.join(dir, 'embed-broken-link-phone.png') });
  await page.close();
  assert.deepEqual(seen, []);
});

test('the server: framing only for the embed path; compressed and revalidated responses', async () => {
  const get = (p, headers = {}) => fetch(env.server.url + p, { headers });
  const csp = async (p) => (await get(p)).headers.get('content-security-policy');
  assert.match(await csp('embed.html'), /frame-ancestors \*/);
  for (const p of ['', 'index.html', 'www/main.js', 'sw.js']) assert.match(await csp(p), /frame-ancestors 'none'/, p || '/');
  const wasm = await get('pkg/prunescope_bg.wasm', { 'accept-encoding': 'br, gzip' });
  assert.equal(wasm.headers.get('content-encoding'), 'br');
  const gz = await get('www/main.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');
  const etag = gz.headers.get('etag');
  assert.ok(etag);
  assert.equal((await get('www/main.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status, 304);
  const html = await (await get('index.html')).text();
  // every path is relative to the page, so the site also works under a sub-path of its host
  assert.match(html, /<script type="module" src="bundle\/main-\w+\.js"><\/script>/);
  assert.match(html, /<link rel="preload" href="pkg\/prunescope_bg\.wasm" as="fetch"/);
  assert.doesNotMatch(html, /(href|src)="\/[^/]/);
  // the second wasm build (chess, trace files) is not part of the first load
  assert.doesNotMatch(html, /prunescope_full/);
  // the default tree's text is in the page (its largest paint does not wait for a script)
  assert.match(html, /<textarea id="tree-text"[^>]*>\(\(3 12 8\) \(2 4 6\) \(14 5 2\)\)<\/textarea>/);
  const main = html.match(/bundle\/main-\w+\.js/)[0];
  assert.match((await get(main)).headers.get('cache-control'), /immutable/);
  assert.equal((await get('bundle/main-NOSUCHHASH.js')).status, 404);
  assert.match(await (await get('embed.html')).text(), /<html[^>]* class="embed"/);
});
