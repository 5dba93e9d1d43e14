// The first load (issue 19 §1): the controls are painted before the wasm arrives. The wasm's
// response is held back (route interception) while the test looks at the page; then it is let
// through and the engine starts.
//
//   node --test tests/browser/load.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { setup, settle, SHOTS } from './hook.mjs';

let env;
before(async () => (env = await setup()));
after(() => env?.close());

/**
 * Holds back the responses to `pattern` in `context` until `release()`. `asked(what)` waits for
 * the first request (10 s at most, then fails naming `what`); `count()` says how many came.
 */
async function holdBack(context, pattern) {
  let release, first;
  const held = new Promise((r) => (release = r));
  const firstAsked = new Promise((r) => (first = r));
  let n = 0;
  await context.route(pattern, async (route) => {
    n++;
    first();
    await held;
    await route.continue();
  });
  const asked = async (what) => {
    let timer;
    const late = new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`${what} was not asked for within 10 s`)), 10_000)));
    await Promise.race([firstAsked, late]).finally(() => clearTimeout(timer));
  };
  return { release, asked, count: () => n };
}

test('the controls are painted while the wasm response is held back', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const wasm = await holdBack(context, '**/pkg/prunescope_bg.wasm');
  const page = await context.newPage();
  await page.goto(env.server.url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => document.fonts.status === 'loaded' && document.readyState !== 'loading');
  // wait until the page has asked for the wasm (it is then held, not yet arrived)
  await wasm.asked('the wasm');
  for (const sel of ['#start', '#tree-text', '#algo', '#tab-tree', '#stepbar', '#s-fwd', '#mode-compare', '#tree']) {
    assert.ok(await page.locator(sel).isVisible(), `${sel} is painted`);
  }
  // the default input's text (the page's largest text) is there too: it does not wait for the engine
  await page.waitForFunction(() => document.getElementById('tree-text').value !== '', null, { timeout: 10_000 });
  assert.match(await page.inputValue('#tree-text'), /^\(.*\)$/);
  assert.equal(await page.locator('#engine-state').innerText(), 'loading engine…');
  assert.equal(await page.evaluate(() => window.prunescope?.snapshot().explore.ready ?? false), false, 'the engine is not ready yet');
  // the controls are laid out (not a blank page): the Start button has a size and a place
  const box = await page.locator('#start').boundingBox();
  assert.ok(box && box.width > 20 && box.height > 10, JSON.stringify(box));
  await page.screenshot({ path: path.join(SHOTS, 'load-before-wasm.png') });
  wasm.release();
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
  await settle(page);
  assert.equal(await page.locator('#engine-state').innerText(), 'engine ready');
  await context.close();
});

test('chessground is not part of the first load (a tree is the default input); the Chess tab loads it', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(env.server.url);
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
  const chessground = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.includes('/chessground/')));
  assert.deepEqual(await chessground(), []);
  await page.click('#tab-chess');
  await page.waitForSelector('#board cg-board', { timeout: 30_000 });
  assert.ok((await chessground()).some((p) => p.endsWith('chessground.min.js')));
  await context.close();
});

test('the second wasm build is not part of the first load; a chess search asked for before it arrives waits with a notice, and the page stays live', async () => {
  // no service worker: it would fetch the second build in the background (docs/architecture.md)
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const second = await holdBack(context, '**/pkg/prunescope_full_bg.wasm');
  const page = await context.newPage();
  await page.goto(env.server.url);
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
  const wasm = () => page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.wasm')));
  assert.deepEqual(await wasm(), ['/pkg/prunescope_bg.wasm'], 'only the first build before the default search can start');
  assert.equal(second.count(), 0);
  // the Chess tab asks for the second build and says so
  await page.click('#tab-chess');
  await page.waitForFunction(() => /Loading chess/.test(document.getElementById('chess-load').textContent));
  await page.fill('#chess-depth', '2');
  const gen = (await page.evaluate(() => window.prunescope.snapshot().explore.generation));
  await page.click('#start');
  await page.waitForFunction(() => /Loading chess/.test(document.getElementById('notice').textContent));
  assert.ok(await page.locator('#notice').isVisible(), 'the notice is shown');
  // the request follows the second build's script, loaded asynchronously: wait for it, do not
  // count the requests the moment the notice shows
  await second.asked('the second build');
  // the page is live meanwhile: frames are drawn and a field takes what is typed
  const t0 = Date.now();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.ok(Date.now() - t0 < 5000);
  await page.fill('#chess-depth', '3');
  assert.equal(await page.inputValue('#chess-depth'), '3');
  assert.equal(await page.evaluate(() => window.prunescope.snapshot().explore.generation), gen, 'no search has started yet');
  second.release();
  // then the search runs: the start position at depth 3 (the field as it was when it ran)
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'done';
  }, gen, { timeout: 60_000 });
  const s = await page.evaluate(() => window.prunescope.snapshot().explore);
  assert.ok(s.nodes > 20, `${s.nodes} nodes`);
  await settle(page);
  assert.ok(!(await page.locator('#notice').isVisible()) || !/Loading chess/.test(await page.locator('#notice').innerText()), 'the notice is gone');
  assert.equal(await page.locator('#chess-load').innerText(), '');
  await context.close();
});

test('Export → TikZ is not in the first build: the first export loads the second build, saying so, then saves the figure', async () => {
  // no service worker: it would fetch the second build in the background
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', acceptDownloads: true });
  const second = await holdBack(context, '**/pkg/prunescope_full_bg.wasm');
  const page = await context.newPage();
  await page.goto(env.server.url);
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
  // the default search (the explicit tree), finished
  const gen = await page.evaluate(() => window.prunescope.snapshot().explore.generation);
  await page.click('#start');
  await page.waitForFunction((g) => {
    const s = window.prunescope.snapshot().explore;
    return s.generation > g && s.status === 'done';
  }, gen, { timeout: 60_000 });
  assert.equal(second.count(), 0, 'the search did not need the second build');
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.click('#export-tikz');
  await page.waitForFunction(() => /Loading the TikZ writer/.test(document.getElementById('notice').textContent));
  await second.asked('the second build');
  second.release();
  const dl = await download;
  assert.match(dl.suggestedFilename(), /\.tex$/);
  const chunks = [];
  for await (const c of await dl.createReadStream()) chunks.push(c);
  assert.match(Buffer.concat(chunks).toString('utf8'), /\\begin\{forest\}/);
  await settle(page);
  assert.ok(!(await page.locator('#notice').isVisible()) || !/Loading the TikZ writer/.test(await page.locator('#notice').innerText()), 'the notice is gone');
  await context.close();
});

test('the exercise generator is not in the first build: Exercise mode loads the second build, saying so, then opens an exercise', async () => {
  // no service worker: it would fetch the second build in the background
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const second = await holdBack(context, '**/pkg/prunescope_full_bg.wasm');
  const page = await context.newPage();
  await page.goto(env.server.url);
  await page.waitForFunction(() => window.prunescope?.snapshot().explore.ready === true, null, { timeout: 30_000 });
  // the first build answers no exercise (issue 33: the first search does not need the generator)
  assert.deepEqual(
    await page.evaluate(async () => {
      const one = await import(new URL('pkg/prunescope.js', document.baseURI).href);
      return ['exercise_new', 'exercise_grade', 'exercise_defaults', 'grade_answer', 'question_expects', 'grade_prune'].filter((f) => f in one);
    }),
    ['grade_answer', 'question_expects', 'grade_prune'],
    'the first build has the question grader, not the exercise generator',
  );
  const g = await page.evaluate(() => window.prunescope.snapshot().exercise.generation);
  await page.click('#mode-exercise');
  await page.waitForFunction(() => /Loading exercises/.test(document.getElementById('notice').textContent));
  assert.ok(await page.locator('#notice').isVisible(), 'the notice is shown');
  await second.asked('the second build');
  assert.equal(await page.evaluate(() => window.prunescope.snapshot().exercise.generation), g, 'no exercise before the generator is there');
  second.release();
  await page.waitForFunction((g0) => window.prunescope.snapshot().exercise.generation > g0, g, { timeout: 60_000 });
  await settle(page);
  assert.equal(await page.evaluate(() => window.prunescope.snapshot().mode), 'exercise');
  assert.ok(await page.locator('#ex-tree .ex-n').count() > 1, "the exercise's tree is drawn");
  assert.ok(!(await page.locator('#notice').isVisible()) || !/Loading exercises/.test(await page.locator('#notice').innerText()), 'the notice is gone');
  await page.screenshot({ path: path.join(SHOTS, 'load-exercise-after-second.png') });
  await context.close();
});
