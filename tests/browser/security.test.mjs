// Untrusted input stays data. Trace files are shared between people, so a file with markup in
// every string field, and markup where numbers belong, is opened in both views; no script may
// run (no dialog, no side effect), no element may be made from it, and the Content-Security-
// Policy may never have to step in. The page's sources have no HTML sinks at all.
//
//   node --test tests/browser/security.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setup, openPage, settle, snapshot, hook, whenTraceEnds, toCompare, text, shot, GOLDEN, ROOT } from './hook.mjs';

let env, page, tmp;
const problems = [];
const dialogs = [];

/** Markup that would run script if any of it reached the DOM as markup. */
const XSS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<script>window.__xss=(window.__xss||0)+1</script>',
  '"><svg onload="window.__xss=(window.__xss||0)+1">',
];
const P = XSS.join(' ');

before(async () => {
  env = await setup();
  tmp = mkdtempSync(path.join(tmpdir(), 'prunescope-xss-'));
  page = await openPage(env, { problems });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    d.dismiss();
  });
  await hook(page, () => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
});

after(async () => {
  await env?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Every string in a JSON value replaced by `f(string, path)`; numbers by `g` where given. */
function mapLeaves(v, f, g, p = '') {
  if (typeof v === 'string') return f(v, p);
  if (typeof v === 'number') return g ? g(v, p) : v;
  if (Array.isArray(v)) return v.map((x, i) => mapLeaves(x, f, g, `${p}[${i}]`));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapLeaves(x, f, g, p ? `${p}.${k}` : k)]));
  return v;
}

/** Variants of a trace: markup in every string field at once, in each field alone, where numbers go. */
function variants(trace) {
  const out = [];
  out.push(['every string', mapLeaves(trace, (s) => s + P)]);
  const paths = [];
  mapLeaves(trace, (s, p) => paths.push(p) && s, (n, p) => paths.push(p) && n);
  // each top-level field kind once (the first node's, the first event's, …)
  const seen = new Set();
  for (const p of paths) {
    const kind = p.replace(/\[\d+\]/g, '[]');
    if (seen.has(kind)) continue;
    seen.add(kind);
    out.push([`markup in ${p}`, mapLeaves(trace, (s, q) => (q === p ? P : s), (n, q) => (q === p ? P : n))]);
  }
  // free text the reader accepts (the core checks the best line and moves against the game, so
  // a tree's comment is the one place): the page must show it as text
  if (trace.input.kind === 'tree') {
    out.push(['accepted strings with markup', { ...trace, input: { ...trace.input, text: `${trace.input.text} # ${P}` } }]);
  }
  return out;
}

async function noScriptRan(where) {
  await settle(page);
  const r = await hook(page, () => ({
    xss: window.__xss ?? 0,
    made: document.querySelectorAll('img[src="x"], svg[onload], [onerror], body script:not([src])').length,
    violations: window.__violations,
  }));
  assert.equal(r.xss, 0, `${where}: a script ran`);
  assert.equal(r.made, 0, `${where}: an element was made from the file`);
  assert.deepEqual(r.violations, [], `${where}: the CSP had to block something`);
  assert.deepEqual(dialogs, [], `${where}: a dialog opened`);
}

async function openEverywhere(name, trace) {
  const file = path.join(tmp, `${name.replace(/\W+/g, '_')}.json`);
  writeFileSync(file, JSON.stringify(trace));
  // explore
  await page.click('#mode-explore');
  // wait for this open to end (opened or refused), never for a notice an earlier one left
  const g = (await snapshot(page)).explore.openEnded;
  await page.setInputFiles('#open-file', file);
  await page.waitForFunction((g) => window.prunescope.snapshot().explore.openEnded > g, g);
  await noScriptRan(`${name} (explore)`);
  const ex = (await snapshot(page)).explore;
  // compare, as A
  await toCompare(page);
  const ga = (await snapshot(page)).compare.A.openEnded;
  await page.setInputFiles('#cmp-file-A', file);
  await page.waitForFunction((g) => window.prunescope.snapshot().compare.A.openEnded > g, ga);
  await noScriptRan(`${name} (compare)`);
  return ex;
}

test('the page has no HTML sinks: no innerHTML, outerHTML, insertAdjacentHTML or document.write', () => {
  const files = [];
  const walk = (d) => {
    for (const f of readdirSync(d)) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(m?js|html)$/.test(f)) files.push(p);
    }
  };
  walk(path.join(ROOT, 'www'));
  files.push(path.join(ROOT, 'index.html'));
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    assert.doesNotMatch(src, /\.(innerHTML|outerHTML)\b|insertAdjacentHTML|document\.write/, path.relative(ROOT, f));
  }
  assert.doesNotMatch(readFileSync(path.join(ROOT, 'index.html'), 'utf8'), /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script in index.html');
});

test('tree traces with markup in every field: refused or shown as text, in both views', async () => {
  const trace = JSON.parse(readFileSync(GOLDEN('russell-norvig-alphabeta.json'), 'utf8'));
  let shownAsText = 0;
  for (const [name, t] of variants(trace)) {
    const s = await openEverywhere(name, t);
    if (name === 'accepted strings with markup') {
      assert.equal(s.status, 'done', 'the reader accepts a comment in the tree text');
      await page.click('#mode-explore');
      await settle(page);
      assert.ok((await page.inputValue('#tree-text')).includes('<script>'), 'the tree text comes back as text');
      shownAsText++;
    }
  }
  assert.equal(shownAsText, 1);
  await shot(page, 'security-tree.png');
});

test('a chess trace with markup in every field: refused or shown as text, in both views', async () => {
  // a small chess trace of the page's own making
  await page.click('#mode-explore');
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '2');
  await whenTraceEnds(page, 'explore', () => page.click('#start'));
  await page.selectOption('#save-format', 'json');
  const dl = page.waitForEvent('download');
  await page.click('#save-trace');
  const f = path.join(tmp, 'chess.json');
  await (await dl).saveAs(f);
  const trace = JSON.parse(readFileSync(f, 'utf8'));
  for (const [name, t] of variants(trace)) {
    await openEverywhere(`chess ${name}`, t);
    if (name === 'markup in summary.best_line[0]') {
      // refused, and the refusal quotes the markup as text
      assert.match((await snapshot(page)).compare.notice?.text ?? '', /Cannot open.*best_line\[0\].*<img src=x/s);
    }
  }
  await shot(page, 'security-chess.png');
  await page.click('#mode-explore');
  await page.click('#tab-chess');
  await page.fill('#chess-depth', '4');
  await page.click('#tab-tree');
});

test('a file name with markup is shown as text', async () => {
  const name = `${XSS[0]}.json`.replace(/[/"]/g, '_');
  const file = path.join(tmp, name);
  writeFileSync(file, readFileSync(GOLDEN('russell-norvig-minimax.json')));
  await page.click('#mode-explore');
  await whenTraceEnds(page, 'explore', () => page.setInputFiles('#open-file', file));
  assert.ok((await text(page, '#notice')).includes('<img src=x'));
  await noScriptRan('file name');
});

test('no console errors, no script, no dialog', () => {
  assert.deepEqual(dialogs, []);
  assert.deepEqual(problems, []);
});
