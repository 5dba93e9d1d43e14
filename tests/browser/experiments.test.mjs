// The Experiments view: the list from the core, the committed uncertainty result with the
// paper's numbers beside ours, a malformed or missing result file (a notice, nothing run), a
// small run in two Web Workers that grows position by position and whose rows, tables and
// figure equal the CLI's for the same positions, Stop keeping the rows, the depth limit, and
// screenshots at 390×844 and 1280×720 in both themes (target/screenshots/experiments-*.png).
//
//   node --test tests/browser/experiments.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setup, openPage, settle, snapshot, shot, ROOT } from './hook.mjs';

let env;
const problems = [];

before(async () => {
  env = await setup();
});

after(() => env?.close());

/**
 * Deep equality with numbers equal to 1e-9 relative: the page reads the committed files with
 * serde_json, whose float parsing may differ from the text in the last bit.
 */
function assertClose(actual, expected, where = '') {
  if (typeof expected === 'number' && typeof actual === 'number') {
    assert.ok(actual === expected || Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(expected)), `${where}: ${actual} ≠ ${expected}`);
  } else if (expected && typeof expected === 'object') {
    assert.equal(typeof actual, 'object', where);
    assert.deepEqual(Object.keys(actual ?? {}).sort(), Object.keys(expected).sort(), where);
    for (const k of Object.keys(expected)) assertClose(actual[k], expected[k], `${where}.${k}`);
  } else assert.equal(actual, expected, where);
}

const exp = async (page) => (await snapshot(page)).experiments;

/** Opens Experiments mode and waits for the first experiment's committed result to be read. */
async function toExperiments(page) {
  await page.click('#mode-experiments');
  await page.waitForFunction(() => {
    const x = window.prunescope.snapshot().experiments;
    return x.list && x.committed && x.committed.status !== 'loading';
  }, null, { timeout: 20_000 });
  await settle(page);
}

/** Chooses experiment `name` and waits for its committed result (a new committed generation). */
async function choose(page, name) {
  const g = (await exp(page)).committed.generation;
  await page.click(`.exp-item[data-name="${name}"]`);
  await page.waitForFunction(
    ([n, g0]) => {
      const x = window.prunescope.snapshot().experiments;
      return x.chosen === n && x.committed.generation > g0 && x.committed.status !== 'loading';
    },
    [name, g],
    { timeout: 20_000 },
  );
  await settle(page);
  return exp(page);
}

/** Waits until the run has a generation past `g` and `cond` holds (`{done: n}`: at least n
 * positions done; `{status}`); returns the run. (The page's CSP forbids eval.) */
async function waitRun(page, g, cond, timeout = 60_000) {
  await page.waitForFunction(
    ([g0, c]) => {
      const r = window.prunescope.snapshot().experiments.run;
      return r.generation > g0 && (c.done === undefined || r.positionsDone >= c.done) && (c.status === undefined || r.status === c.status);
    },
    [g, cond],
    { timeout, polling: 50 },
  );
  return (await exp(page)).run;
}

/** The CLI's results for the same run: `prunescope experiment NAME --suite www/data/bk.epd …`. */
function cli(name, depth, limit) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'prunescope-exp-')), `${name}.json`);
  const args = ['run', '-q', '--', 'experiment', name, '--suite', 'www/data/bk.epd', '--depth', String(depth), '--limit', String(limit), '--json', out];
  const r = spawnSync('cargo', args, { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, `cargo ${args.join(' ')}: ${r.stderr}`);
  return JSON.parse(readFileSync(out, 'utf8'));
}

test('the view lists the core\'s experiments and shows the committed uncertainty result beside the paper\'s', async () => {
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await toExperiments(page);
  const x = await exp(page);
  const names = x.list.map((e) => e.name);
  assert.deepEqual(names.slice(0, 3), ['uncertainty', 'best-move-index', 'uncertainty-all']);
  assert.ok(names.includes('presearch') && names.includes('schaeffer') && names.length >= 12, names.join(' '));
  assert.match(x.list.find((e) => e.name === 'presearch').whyNot, /4000000 nodes/);
  assert.match(x.list.find((e) => e.name === 'null-move').whyNot, /depth 9, 10/);
  assert.equal(x.list.find((e) => e.name === 'uncertainty').small, '5');
  assert.equal(x.list.find((e) => e.name === 'schaeffer').small, '2-5');
  assert.equal((await page.locator('.exp-item').count()), names.length);
  // every committed file belongs to an experiment the page lists
  const files = readdirSync(path.join(ROOT, 'docs/results')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  const listed = x.list.flatMap((e) => e.results);
  assert.deepEqual(files.filter((f) => !listed.includes(f)), [], 'files under docs/results/ no experiment lists');

  // the committed file, checked by the core, shown as it is
  assert.equal(x.chosen, 'uncertainty');
  assert.equal(x.committed.status, 'ok');
  const committed = JSON.parse(readFileSync(path.join(ROOT, 'docs/results/uncertainty.json'), 'utf8'));
  assertClose(x.committed.result.report, committed.report, 'report');
  assert.equal(x.committed.result.consistent, true, 'this build computes the same tables from the committed rows');
  const t = committed.report.tables[0];
  const header = await page.locator('#exp-committed table.exp-table').first().locator('thead th').allInnerTexts();
  assert.deepEqual(header, t.header);
  assert.ok(header.includes('paper 10%') && header.includes('Turk-like 10%'), header.join('|'));
  const bk01 = await page.locator('#exp-committed table.exp-table').first().locator('tbody tr').first().locator('th, td').allInnerTexts();
  assert.deepEqual(bk01, t.rows[0], 'BK.01: ours and the paper\'s (89, 91, 87) side by side');
  assert.deepEqual(bk01.slice(-3), ['89', '91', '87']);
  // command and wall time
  const meta = await page.locator('#exp-committed-meta').innerText();
  assert.ok(meta.includes(committed.runs[0].command), meta);
  assert.ok(meta.includes(`wall time ${committed.runs[0].wall_seconds.toFixed(1)} s`), meta);
  // the figure drawn in the page: every series of the file, ours and the paper's apart (the
  // chart library loads lazily, beside the result: wait for the figure itself)
  await page.waitForFunction(() => window.prunescope.experimentsDrawn().committed !== null, null, { timeout: 20_000 });
  const drawn = await page.evaluate(() => window.prunescope.experimentsDrawn().committed);
  const fig = committed.report.figure;
  assertClose(drawn.series, fig.series.map((s) => s.points), 'series');
  assert.deepEqual(drawn.paper, fig.series.map((s) => s.paper));
  assert.ok(drawn.paper.includes(true) && drawn.paper.includes(false));
  assert.equal(await page.locator('#exp-chart-committed canvas').count(), 1);
  // beside the committed SVG, as an image
  await page.waitForFunction(() => document.querySelector('#exp-svg img')?.complete, null, { timeout: 10_000 });
  assert.equal(await page.locator('#exp-svg img').getAttribute('src'), 'docs/figures/uncertainty.svg');
  assert.ok((await page.locator('#exp-svg img').evaluate((i) => i.naturalWidth)) > 100, 'the SVG loaded');
  assert.equal(await page.locator('#exp-svg svg').count(), 0, 'never inlined');

  // an experiment that cannot run small says so and offers no Run; one file per suite
  const pre = await choose(page, 'presearch');
  assert.ok(await page.locator('#exp-why-not').isVisible());
  assert.match(await page.locator('#exp-why-not').innerText(), /cannot run in the page/);
  assert.ok(await page.locator('#exp-form').isHidden());
  assert.equal(pre.committed.stem, 'presearch-endgames');
  assert.equal(pre.committed.status, files.includes('presearch-endgames') ? 'ok' : 'missing');
  const g = pre.committed.generation;
  await page.click('.exp-files button[data-stem="presearch-ecm"]');
  await page.waitForFunction((g0) => {
    const c = window.prunescope.snapshot().experiments.committed;
    return c.generation > g0 && c.status !== 'loading';
  }, g);
  const ecm = (await exp(page)).committed;
  assert.equal(ecm.stem, 'presearch-ecm');
  if (files.includes('presearch-ecm')) {
    assert.equal(ecm.status, 'ok');
    await settle(page);
    assert.equal(await page.locator('#exp-svg img').getAttribute('src'), 'docs/figures/presearch-ecm.svg');
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('a malformed or missing result file gives a notice, shows nothing of it and runs nothing', async () => {
  const page = await openPage(env, { width: 1280, height: 720, problems });
  const bad = [
    ['not JSON', '{"format": "prunescope-experiment", "version": 1, <b>', /not JSON/],
    ['wrong format', '{"format": "something-else", "version": 1, "columns": [], "rows": []}', /prunescope-experiment/],
    ['a row that lies', (() => {
      const d = JSON.parse(readFileSync(path.join(ROOT, 'docs/results/uncertainty.json'), 'utf8'));
      d.rows[2][5] = '<img src=x onerror=alert(1)>';
      return JSON.stringify(d);
    })(), /rows\[2\]: turk_10 is not an integer/],
    ['a table cell too many', (() => {
      const d = JSON.parse(readFileSync(path.join(ROOT, 'docs/results/uncertainty.json'), 'utf8'));
      d.report.tables[0].rows[0].push('<script>x</script>');
      return JSON.stringify(d);
    })(), /report\.tables\[0\]\.rows\[0\] has 11 cells/],
    ['an unknown field', (() => {
      const d = JSON.parse(readFileSync(path.join(ROOT, 'docs/results/uncertainty.json'), 'utf8'));
      d.extra = 1;
      return JSON.stringify(d);
    })(), /unknown field `extra`/],
  ];
  let body = '';
  await page.route('**/docs/results/uncertainty.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
  await page.route('**/docs/results/best-move-index.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
  let first = true;
  for (const [what, text, message] of bad) {
    body = text;
    if (first) {
      await toExperiments(page);
      first = false;
    } else {
      await choose(page, 'best-move-index');
      await choose(page, 'uncertainty');
    }
    const x = await exp(page);
    assert.equal(x.committed.status, 'malformed', what);
    assert.match(x.committed.message, message, what);
    const notice = page.locator('#exp-committed-notice');
    assert.ok(await notice.isVisible(), what);
    assert.equal(await notice.innerText(), x.committed.message, `${what}: the message is shown as text`);
    assert.equal(await page.locator('#exp-committed table').count(), 0, `${what}: no table of a bad file`);
    assert.ok(await page.locator('#exp-committed-figs').isHidden(), what);
    assert.equal(x.run.generation, 0, `${what}: nothing ran`);
    assert.equal(x.run.status, 'idle', what);
  }
  const missing = await choose(page, 'best-move-index');
  assert.equal(missing.committed.status, 'missing');
  assert.match(await page.locator('#exp-committed-notice').innerText(), /best-move-index\.json does not exist yet/);
  assert.equal(await page.locator('img, script').evaluateAll((els) => els.filter((e) => e.getAttribute('src') === 'x').length), 0);
  assert.deepEqual(problems.filter((p) => !/404|Not Found/i.test(p)), []);
  problems.length = 0;
  await page.close();
});

test('null-move-gap: both committed files open, and a file of its first layout (four baselines) still opens as it was written', async () => {
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await toExperiments(page);
  let x = await choose(page, 'null-move-gap');
  assert.deepEqual(x.list.find((e) => e.name === 'null-move-gap').results, ['null-move-gap-d9', 'null-move-gap']);
  const stem = async (name) => {
    const g = (await exp(page)).committed.generation;
    await page.click(`.exp-files button[data-stem="${name}"]`);
    await page.waitForFunction(
      ([n, g0]) => {
        const c = window.prunescope.snapshot().experiments.committed;
        return c.stem === n && c.generation > g0 && c.status !== 'loading';
      },
      [name, g],
      { timeout: 20_000 },
    );
    await settle(page);
    return (await exp(page)).committed;
  };
  for (const name of ['null-move-gap-d9', 'null-move-gap']) {
    const c = name === 'null-move-gap-d9' ? x.committed : await stem(name);
    assert.equal(c.status, 'ok', `${name}: ${c.message}`);
    assert.equal(c.result.consistent, true, name);
    const rows = c.result.report.tables[0].rows.map((r) => r[0]);
    assert.ok(rows.includes('as Table 1, null move at PV nodes too') && rows.includes('as Table 1, PVS remedies 2-4 off'), rows.join('|'));
  }
  // the first file of this experiment, served in place of today's
  const first = readFileSync(path.join(ROOT, 'tests/fixtures/null-move-gap-first-layout.json'), 'utf8');
  await page.route('**/docs/results/null-move-gap.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: first }));
  await stem('null-move-gap-d9');
  const c = await stem('null-move-gap');
  assert.equal(c.status, 'ok', c.message);
  assert.equal(c.result.consistent, true, 'this build computes the first file\'s tables from its rows');
  assertClose(c.result.report, JSON.parse(first).report, 'report');
  const rows = await page.locator('#exp-committed table.exp-table').first().locator('tbody tr').count();
  assert.equal(rows, 4 + 3, 'four baselines and the paper\'s three rows');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a small run grows position by position in two workers, equals the CLI, and Stop keeps the rows', async () => {
  const page = await openPage(env, { width: 1280, height: 720, problems });
  await toExperiments(page);
  // depth 6 is refused by the core before any worker starts
  await page.fill('#exp-depth', '6');
  await page.fill('#exp-count', '3');
  await page.click('#exp-run');
  await page.waitForFunction(() => window.prunescope.snapshot().experiments.notice !== null);
  let x = await exp(page);
  assert.match(x.notice.text, /depth 6 is too deep for a run in the page: it accepts 1..=5/);
  assert.equal(x.run.generation, 0);
  await settle(page);
  assert.ok(await page.locator('#exp-notice').isVisible());

  // uncertainty at depth 3 on the first 3 BK positions: three arrivals, each a new report
  await page.fill('#exp-depth', '3');
  await page.click('#exp-run');
  const run = await waitRun(page, 0, { status: 'done' });
  assert.equal(run.positionsDone, 3);
  assert.equal(run.rows.length, 3);
  assert.deepEqual(run.arrivals.map((a) => [a.positionsDone, a.rows]), [[1, 1], [2, 2], [3, 3]], 'one report per position received');
  assert.deepEqual(run.arrivals.map((a) => a.index).sort(), [0, 1, 2]);
  assert.ok(run.nodes > 1000, `${run.nodes} nodes`);
  assert.equal(await page.locator('#exp-done').innerText(), '3');

  // the page's rows, tables and figure are the CLI's
  const want = cli('uncertainty', 3, 3);
  const byIndex = (a, b) => a[0] - b[0];
  assert.deepEqual([...run.rows].sort(byIndex), want.rows);
  assert.deepEqual(run.report, want.report);
  const drawn = await page.evaluate(() => window.prunescope.experimentsDrawn().run);
  assert.deepEqual(drawn.series, want.report.figure.series.map((s) => s.points));
  assert.deepEqual(drawn.paper, want.report.figure.series.map((s) => s.paper));
  await page.locator('#exp-progress').scrollIntoViewIfNeeded();
  await shot(page, 'experiments-run-1280x720-light.png');

  // Stop: a longer run, stopped after its second position; the rows so far stay. The run must
  // still be running when Stop is pressed: the page's whole run of 24 positions at depth 5 took
  // 5.3 s on a quiet machine (at depth 4, 2.0 s, which a test that looked at the tables between
  // positions sometimes outlasted), so Stop is pressed in the page in the same task that sees
  // the run still going, and the tables are looked at while it runs only once, before that.
  await page.fill('#exp-depth', '5');
  await page.fill('#exp-count', '24');
  await page.click('#exp-run');
  const g = run.generation;
  // under heavy load (the suite run beside busy processes) a background renderer's workers got
  // a minute for a position
  await waitRun(page, g, { done: 1 }, 240_000);
  await settle(page);
  // the tables on screen are those of the rows so far: one table row per position
  const got = await page.evaluate(() => {
    const x = window.prunescope.snapshot().experiments;
    const ids = [...document.querySelectorAll('#exp-run-out div.exp-table-wrap:first-of-type tbody th')].map((e) => e.textContent);
    return { shown: x.shown, bk: ids.filter((s) => s.startsWith('BK.')).length };
  });
  assert.equal(got.bk, got.shown.positions, 'the table shows exactly the positions of its version');
  assert.ok(got.shown.positions >= 1 && got.shown.positions < 24, String(got.shown.positions));
  // a click on the enabled Stop button, in the task that sees the run at its second position or
  // later and still running (no worker's message can come in between)
  await page.waitForFunction(() => {
    const r = window.prunescope.snapshot().experiments.run;
    const stop = document.getElementById('exp-stop');
    if (r.status !== 'running' || r.positionsDone < 2 || stop.disabled) return false;
    stop.click();
    return true;
  }, null, { timeout: 240_000, polling: 50 });
  const stopped = await waitRun(page, g, { status: 'stopped' });
  assert.ok(stopped.positionsDone >= 1 && stopped.positionsDone < 24);
  assert.equal(stopped.rows.length, stopped.positionsDone);
  await page.waitForTimeout(1500);
  const later = (await exp(page)).run;
  assert.equal(later.version, stopped.version, 'nothing arrives after Stop');
  assert.equal(later.rows.length, stopped.rows.length);
  await settle(page);
  assert.match(await page.locator('#exp-status').innerText(), /stopped/);
  assert.ok((await page.locator('#exp-run-out table.exp-table').count()) >= 1, 'the tables of the rows so far stay');
  assert.equal(await page.locator('#exp-stop').isDisabled(), true);
  assert.equal(await page.locator('#exp-run').isDisabled(), false);
  assert.deepEqual(problems, []);
  await page.close();
});

for (const colorScheme of ['light', 'dark']) {
  for (const [width, height] of [[390, 844], [1280, 720]]) {
    test(`screenshots ${width}×${height} ${colorScheme}`, async () => {
      const phone = width < 700;
      const page = await openPage(env, { width, height, colorScheme, touch: phone, problems });
      await toExperiments(page);
      await page.waitForFunction(() => window.prunescope.experimentsDrawn()?.committed, null, { timeout: 10_000 });
      await settle(page);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1), true, 'no sideways scrolling');
      await shot(page, `experiments-${width}x${height}-${colorScheme}.png`);
      await page.locator('#exp-form').scrollIntoViewIfNeeded();
      await shot(page, `experiments-${width}x${height}-${colorScheme}-run.png`);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }
}
