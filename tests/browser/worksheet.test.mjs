// Print worksheet (issue 31 §1) in headless Chromium: Exercise → Print worksheet prints the
// worksheet (the tree with its leaf values, blank fields, the exercise's link) and the answer
// key on a page of its own; Chromium's PDF of it is written to target/screenshots/ with a PNG per
// page (pdftoppm) to look at. And the exercise's link as `prunescope exercise worksheet` prints it is the
// page's own (www/model/exercise.js encodeExercise).
//
//   node --test tests/browser/worksheet.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setup, openPage, settle, snapshot, ROOT, SHOTS } from './hook.mjs';
import { encodeExercise, EXERCISE_DEFAULTS } from '../../www/model/exercise.js';

let env, page;
const problems = [];

before(async () => {
  env = await setup();
  page = await openPage(env, { width: 1280, height: 720, problems });
});

after(() => env?.close());

const BIN = path.join(ROOT, 'target/debug/prunescope');

test('the CLI worksheet\'s links are the page\'s exercise links', () => {
  const cases = [
    { seed: 42 },
    { seed: 7, branching_min: 2, branching_max: 2, cutoff: 'strict', windows: true, root: 'min', value_min: -9 },
    { seed: 9, chance: true, algo: 'expectimax', branching_min: 2, branching_max: 2 },
  ];
  for (const c of cases) {
    const e = { ...EXERCISE_DEFAULTS, ...c };
    const p = new URLSearchParams();
    p.set('v', '2');
    p.set('mode', 'exercise');
    encodeExercise(p, e);
    const args = ['exercise', 'worksheet', '--seed', String(e.seed), '--b', e.branching_min === e.branching_max ? String(e.branching_min) : `${e.branching_min}-${e.branching_max}`,
      `--values=${e.value_min}..${e.value_max}`, '--root', e.root, '--cutoff', e.cutoff, '--base', 'https://t.example/ps/'];
    if (e.windows) args.push('--windows');
    if (e.chance) args.push('--chance', '--algo', e.algo);
    const tex = execFileSync(BIN, args, { encoding: 'utf8' });
    assert.ok(tex.includes(`\\url{https://t.example/ps/#${p.toString()}}`), `${JSON.stringify(c)}: #${p}`);
  }
});

test('Print worksheet: the worksheet and its key, each on its own page, as Chromium prints them', async () => {
  await page.click('#mode-exercise');
  await page.waitForFunction(() => window.prunescope.snapshot().mode === 'exercise' && document.querySelector('#ex-tree .ex-n'));
  await page.fill('#ex-vmin', '0');
  await page.check('#ex-windows');
  await page.click('#ex-new');
  await page.waitForFunction(() => document.querySelector('#ex-tree .ex-win'));
  // the print dialog is the browser's: count the call, print to PDF ourselves
  await page.evaluate(() => {
    window.__printed = 0;
    window.print = () => window.__printed++;
  });
  await page.click('#ex-print');
  await settle(page);
  assert.equal(await page.evaluate(() => window.__printed), 1);
  const pages = page.locator('#print-sheet .print-page');
  assert.equal(await pages.count(), 2);
  const sheet = await pages.nth(0).innerText();
  const key = await pages.nth(1).innerText();
  const link = await page.evaluate(() => document.querySelector('#print-sheet .print-url').textContent);
  assert.match(link, /#v=2&mode=exercise&seed=\d+&b=2-3&d=3&values=0\.\.9&order=random&root=max&windows=1$/);
  assert.match(sheet, /Name:/);
  // the worksheet's tree gives nothing away: leaf values and blanks only
  const sheetTree = await pages.nth(0).locator('.print-tree').innerText();
  assert.doesNotMatch(sheetTree, /✂|pruned|≤|≥/);
  assert.match(sheetTree, /\( ____ , ____ \)/);
  assert.match(key, /Answer key/);
  assert.match(key, /✂ pruned|prunes 0 branches/);
  // on screen the print section is never shown
  assert.equal(await page.locator('#print-sheet').isVisible(), false);
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', landscape: true, printBackground: true, preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
  const file = path.join(SHOTS, 'worksheet.pdf');
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  assert.match(info, /Pages:\s+2\n/, info);
  execFileSync('pdftoppm', ['-r', '60', '-png', file, path.join(SHOTS, 'worksheet')]);
  assert.deepEqual(problems, []);
});
