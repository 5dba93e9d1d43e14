// Export → TikZ (issue 31 §2) in headless Chromium: the page's TikZ text is the core's, the same
// as `prunescope tikz` writes for the trace's input and configuration, at the cursor and in the
// view shown; its cut rules are the ones the canvas draws; before a cut-off nothing is drawn
// pruned; trees that are not explicit are refused with a notice.
//
//   node --test tests/browser/tikz.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { setup, openPage, settle, snapshot, hook, runSearch, ROOT } from './hook.mjs';

let env, page;
const problems = [];

before(async () => {
  env = await setup();
  page = await openPage(env, { problems });
});

after(() => env?.close());

const BIN = path.join(ROOT, 'target/debug/prunescope');
const cli = (args) => execFileSync(BIN, ['tikz', ...args], { encoding: 'utf8' });

async function download(sel) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(sel)]);
  const chunks = [];
  for await (const c of await dl.createReadStream()) chunks.push(c);
  return { name: dl.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

/** The CLI's arguments for the explore trace's search. */
async function searchArgs() {
  const s = (await snapshot(page)).explore;
  const c = s.config;
  return { text: s.input.text, args: ['--algo', c.chance ?? c.algo, '--cutoff', c.cutoff ?? 'standard', '--show', 'values,types,pruned'] };
}

/** Moves the cursor to event `e` (0-based) by Home and → presses, as a student would. */
async function toEvent(e) {
  await page.locator('#tree').focus();
  await page.keyboard.press('Home');
  for (let k = 0; k < e; k++) await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal((await snapshot(page)).explore.cursor.event, e);
}

test('TikZ export of the finished search is the CLI\'s text, with the canvas\'s cut rules', async () => {
  await page.selectOption('#tree-preset', 'rn');
  await runSearch(page);
  // the export draws the tree at the cursor, and an explicit tree opens at its first event
  await hook(page, () => window.prunescope.run('step.last'));
  await page.waitForFunction(() => { const e = window.prunescope.snapshot().explore; return e.cursor.event === e.events - 1; });
  await settle(page);
  const f = await download('#export-tikz');
  assert.match(f.name, /\.tex$/);
  const { text: tree, args } = await searchArgs();
  assert.equal(f.text, cli([...args, tree]));
  assert.match(f.text, /\\documentclass\[border=6pt\]\{standalone\}/);
  // the rules the canvas writes beside its cut marks are the figure's
  await hook(page, () => window.prunescope.frame());
  const drawn = await hook(page, () => window.prunescope.drawn());
  assert.deepEqual(drawn.pruned.map((p) => p.rule), ['2 ≤ α = 3']);
  assert.match(f.text, /node\[ps cut rule\]\{\$2 \\le \\alpha = 3\$\}/);
});

test('TikZ export at the cursor draws what the page shows there, and the negamax view', async () => {
  const { text: tree, args } = await searchArgs();
  // before the second MIN node's cut-off its last leaves are drawn as not reached yet
  await toEvent(12);
  let f = await download('#export-tikz');
  assert.equal(f.text, cli([...args, '--at', '12', tree]));
  assert.doesNotMatch(f.text, /ps pruned leaf,|ps cut rule\]/);
  const outline = (await hook(page, () => window.prunescope.drawn())).pruned;
  assert.deepEqual(outline, [], 'the canvas draws nothing pruned at event 12 either');
  // MAX/MIN off: the negamax view
  await page.click('#maxmin');
  await settle(page);
  assert.equal((await snapshot(page)).maxmin, false);
  await page.keyboard.press('End');
  await settle(page);
  f = await download('#export-tikz');
  const at = (await snapshot(page)).explore.cursor.event;
  // End puts the cursor on the last event: the figure says which (`--at`), drawn as finished
  const want = cli([...args, '--view', 'negamax', ...(at >= 0 ? ['--at', String(at)] : []), tree]);
  assert.equal(f.text, want);
  assert.match(f.text, /ps node/);
  await page.click('#maxmin');
  await settle(page);
});

test('TikZ export refuses a tree that is not explicit, with a notice', async () => {
  await page.click('#tab-random');
  await runSearch(page);
  await page.click('#export-tikz');
  await settle(page);
  const notice = (await snapshot(page)).explore.notice;
  assert.match(notice?.text ?? '', /TikZ export is for explicit trees/, `notice: ${JSON.stringify(notice)}`);
  assert.deepEqual(problems, []);
});
