// Large traces in the page (issue 13): a 2,000,000-node search (today's default node cap) saved
// in the compact format through the page's Save button and opened again through its file
// input gives back the same tree, node for node; the worker streams a search and keeps none of
// it, so saving hands the page's trace back first.
//
//   node --test tests/browser/scale.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setup, openPage, runSearch, whenTraceEnds, hook, snapshot } from './hook.mjs';
import { EVENTS_CODE as EV } from '../../www/schema.js';

const CAP = 2_000_000;
let env, page, tmp;
const problems = [];

before(async () => {
  env = await setup();
  page = await openPage(env, { problems });
  tmp = mkdtempSync(path.join(tmpdir(), 'prunescope-scale-test-'));
});

after(async () => {
  await env?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('a 2,000,000-node search saved as .pstrace and opened again is the same tree, node for node', { timeout: 600_000 }, async () => {
  // The start position, PVS with iterative deepening, a transposition table, move ordering
  // and quiescence: every iteration is a root search, with re-searches and TT events.
  await page.click('#tab-chess');
  await page.fill('#fen', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await page.fill('#chess-depth', '14');
  await page.check('#iterative');
  await page.selectOption('#algo', 'pvs');
  await page.fill('#node-cap', String(CAP));
  await hook(page, () => (document.getElementById('techniques').open = true));
  for (const n of ['tt', 'tt_move', 'mvv_lva', 'killers', 'history', 'quiescence']) await page.check(`#tech-switches input[data-enable="${n}"]`);
  const s = await runSearch(page, 300_000);
  assert.equal(s.status, 'done');
  assert.equal(s.nodes, CAP, 'the node cap stopped the search');
  assert.equal(s.aborted, true);
  const original = await hook(page, () => window.prunescope.digest());
  assert.equal(original.nodes, CAP);
  assert.ok(original.events > 2 * CAP, `${original.events} events`);
  assert.ok(original.research.length > 0 && original.roots.split(',').length > 10, 're-searches and iterations');
  const sample = [0, 1, 17, 123_456, CAP - 1];
  const nodes = await hook(page, (ids) => ids.map((id) => window.prunescope.node('explore', id)), sample);

  await page.selectOption('#save-format', 'binary');
  const download = page.waitForEvent('download', { timeout: 300_000 });
  await page.click('#save-trace');
  const file = path.join(tmp, 'big.pstrace');
  await (await download).saveAs(file);
  const bytes = statSync(file).size;
  assert.ok(bytes > 1000 && bytes < 40 * CAP, `${bytes} bytes for ${CAP} nodes`);

  const opened = await whenTraceEnds(page, 'explore', () => page.setInputFiles('#open-file', file), 300_000);
  assert.equal(opened.status, 'done');
  assert.equal(opened.file, 'big.pstrace');
  assert.equal(opened.nodes, CAP);
  const again = await hook(page, () => window.prunescope.digest());
  assert.deepEqual(again, original, 'records, tape, aux words, re-search pairs and roots are equal');
  assert.deepEqual(await hook(page, (ids) => ids.map((id) => window.prunescope.node('explore', id)), sample), nodes);
  assert.match((await snapshot(page)).explore.notice?.text ?? '', /stopped by the node cap/);
  assert.deepEqual(problems, []);
});

test('the node of every event, the end of every subtree and the enter of every node, derived from the tape, are what a replay of the tape gives', { timeout: 300_000 }, async () => {
  // The page stores no node per event and no subtree end per node (issue 13): it derives both
  // from the entry count and the exit index. Here the test replays the tape with a stack of its own, over a search with
  // iterations, re-searches, TT hits, cut-offs and quiescence, and compares every event, in
  // order, backwards and in a shuffled order (the derivation keeps a cursor for sequential
  // scans).
  await page.click('#tab-chess');
  await page.fill('#fen', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
  await page.fill('#chess-depth', '4');
  await page.check('#iterative');
  await page.selectOption('#algo', 'pvs');
  await page.fill('#node-cap', '60000');
  await hook(page, () => (document.getElementById('techniques').open = true));
  for (const n of ['tt', 'tt_move', 'mvv_lva', 'killers', 'quiescence']) await page.check(`#tech-switches input[data-enable="${n}"]`);
  const s = await runSearch(page, 120_000);
  assert.ok(s.nodes > 20_000 && s.roots > 1, `${s.nodes} nodes, ${s.roots} root searches`);
  const all = Array.from({ length: s.events }, (_, e) => e);
  const { kinds, nodes } = await hook(page, (order) => window.prunescope.events('explore', order), all);
  const want = [];
  const stack = [];
  const subEnd = new Array(s.nodes).fill(-1);
  const enterAt = new Array(s.nodes).fill(-1);
  let entered = 0;
  for (const [e, k] of kinds.entries()) {
    if (k === EV.ENTER) {
      enterAt[entered] = e;
      stack.push(entered);
      want.push(entered++);
    } else if (k === EV.EXIT) {
      const node = stack.pop() ?? -1;
      if (node >= 0) subEnd[node] = entered;
      want.push(node);
    } else want.push(stack.length ? stack[stack.length - 1] : -1);
  }
  assert.equal(entered, s.nodes);
  assert.equal(stack.length, 0, 'every node exited');
  assert.deepEqual(nodes, want, 'in order');
  // and the end of every subtree (every node entered before its exit)
  const ids = Array.from({ length: s.nodes }, (_, id) => id);
  assert.deepEqual(await hook(page, (ids) => window.prunescope.ends('explore', ids), ids), subEnd, 'subtree ends');
  // and the enter event of every node (stored for every 16th node, the rest counted on the
  // tape: issue 19 §6), in order and shuffled; a node not entered has none
  assert.deepEqual(await hook(page, (ids) => window.prunescope.enters('explore', ids), ids), enterAt, 'enter events');
  let seed2 = 777;
  const mixed = [...ids].sort(() => ((seed2 = (seed2 * 1103515245 + 12345) & 0x7fffffff) & 1 ? 1 : -1));
  assert.deepEqual(await hook(page, (ids) => window.prunescope.enters('explore', ids), mixed), mixed.map((id) => enterAt[id]), 'enter events, shuffled');
  assert.deepEqual(await hook(page, (n) => window.prunescope.enters('explore', [n, n + 1]), s.nodes), [0xffffffff, 0xffffffff], 'no enter past the last node');
  const back = [...all].reverse();
  assert.deepEqual((await hook(page, (order) => window.prunescope.events('explore', order), back)).nodes, back.map((e) => want[e]), 'backwards');
  let seed = 12345;
  const shuffled = [...all].sort(() => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 1 ? 1 : -1));
  assert.deepEqual((await hook(page, (order) => window.prunescope.events('explore', order), shuffled)).nodes, shuffled.map((e) => want[e]), 'shuffled');
  assert.deepEqual(problems, []);
});
