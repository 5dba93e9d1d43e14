// A trace file that contradicts itself is refused by the page too (issue 22 §1): the worker
// reads files through the same Rust checker as the CLI, so each kind of the mutants
// gives a notice naming the node and the rule, and the page keeps the trace it showed.
//
//   node --test tests/browser/checker.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openPage, snapshot, GOLDEN } from './hook.mjs';

let env, page;
const problems = [];

before(async () => {
  env = await setup();
  page = await openPage(env, { problems });
});

after(async () => {
  await env?.close();
});

/** Opens `trace` in explore as a file and waits for this open to end (opened or refused). */
async function open(trace, name) {
  const g = (await snapshot(page)).explore.openEnded;
  await page.evaluate(([t, n]) => window.prunescope.openText('explore', t, n), [JSON.stringify(trace), name]);
  await page.waitForFunction((g) => window.prunescope.snapshot().explore.openEnded > g, g);
  return (await snapshot(page)).explore;
}

const eventAt = (t, kind, node, nth = 0) => t.events.map((e, i) => [e, i]).filter(([e]) => e.kind === kind && e.node === node)[nth][1];

/** The kinds that a tree trace can show ("((3 12 8) (2 4 6) (14 5 2))", alpha-beta). */
const MUTANTS = [
  ['root value -1', (t) => (t.nodes[0].value = -1), /node 0, "value": is -1, but the best value its children returned is 3 \(rule: a node's value is the best its children returned\)/],
  ['node 1 value -42', (t) => (t.nodes[1].value = -42), /node 1, "value": is -42, but the best value its children returned is -3/],
  ['a cut-off below β', (t) => (t.events[eventAt(t, 'cutoff', 5)].data = [-4, -3]), /the value -4 does not reach β = -3.*\(rule: cut-off events\)/],
  ['alpha_raised lowers α', (t) => (t.events[eventAt(t, 'alpha_raised', 7, 1)].data = [-14, -20]), /\[-14, -20\] does not raise α in node 7.*\(rule: alpha_raised events\)/],
  ['kind lmr_research, LMR off', (t) => (t.nodes[3].kind = 'lmr_research'), /node 3, "kind": is lmr_research, which needs late move reductions.*\(rule: kinds and orders\)/],
  ['order tt, TT off', (t) => (t.nodes[3].order = 'tt'), /node 3, "order": is tt, which needs ordering.tt_move.*\(rule: kinds and orders\)/],
];

test('each self-contradicting file is refused with a notice naming the node and the rule', async () => {
  const good = JSON.parse(readFileSync(GOLDEN('russell-norvig-alphabeta.json'), 'utf8'));
  const shown = await open(good, 'good.json');
  assert.equal(shown.status, 'done', JSON.stringify(shown.notice));
  assert.equal(shown.nodes, 11);
  for (const [what, mutate, message] of MUTANTS) {
    const t = structuredClone(good);
    mutate(t);
    const s = await open(t, `${what}.json`);
    assert.match(s.notice?.text ?? '', /Cannot open/, `${what}: ${JSON.stringify(s.notice)}`);
    assert.match(s.notice.text, message, what);
    // the page keeps the trace it showed
    assert.equal(s.nodes, 11, what);
    assert.equal(s.status, 'done', what);
  }
  assert.deepEqual(problems, []);
});
