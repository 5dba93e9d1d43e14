// Opening a trace file through a staged store (issue 19 §6): the worker checks what makes the
// file safe to stream, streams it into a staged store while it checks the rest (moves, values,
// summary, semantic rules), and the staged store becomes the trace only once the whole file has
// passed. A file refused by either step is refused with the checker's own message (the CLI's,
// for the same file) and leaves the trace on screen as it was, column for column; a good file
// gives the store a search of the same trace gives, column for column.
//
//   node --test tests/browser/open.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { gzipSync, gunzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setup, openPage, runSearch, hook, snapshot, ROOT } from './hook.mjs';
import { RECORD_FIELDS, EVENTS_CODE as EV, STOP_REASONS_CODE as SR, NO_PARENT } from '../../www/schema.js';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
let env, page, tmp, cli;
const problems = [];

before(async () => {
  env = await setup();
  page = await openPage(env, { problems });
  tmp = mkdtempSync(path.join(tmpdir(), 'prunescope-open-'));
  cli = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'debug/prunescope');
  if (!existsSync(cli)) cli = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target'), 'release/prunescope');
});

after(async () => {
  await env?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/**
 * A decompressed binary trace, its parts located: the node columns of its first chunk (the
 * test's traces have fewer nodes than a chunk) and the event tape.
 */
function parse(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  assert.equal(bytes.subarray(0, 7).toString(), 'PSTRACE');
  const headerEnd = 16 + dv.getUint32(12, true);
  const count = (k) => Number(dv.getBigUint64(headerEnd + 8 * k, true));
  const n = count(0), nev = count(1);
  assert.ok(n < 1 << 16, 'one chunk of nodes');
  const nodes = headerEnd + 40;
  const column = {};
  let at = nodes;
  for (const [name, { type }] of Object.entries(RECORD_FIELDS)) {
    column[name] = at;
    at += n * { u32: 4, i32: 4, u16: 2, u8: 1, i8: 1 }[type];
  }
  return { dv, n, nev, column, events: at };
}

/** What the CLI's reader says of `file` (it refuses it: exit status 1). */
function cliRefusal(file) {
  try {
    execFileSync(cli, ['convert', file, path.join(tmp, 'out.json')], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    return e.stderr.toString().trim();
  }
  assert.fail(`the CLI accepted ${file}`);
}

/** Opens `file` in explore and waits for this open to end. */
async function open(file) {
  const g = (await snapshot(page)).explore.openEnded;
  await page.setInputFiles('#open-file', file);
  await page.waitForFunction((g) => window.prunescope.snapshot().explore.openEnded > g, g, { timeout: 120_000 });
  return (await snapshot(page)).explore;
}

test('a file streams into a staged store: refused with the checker\'s message, the trace on screen kept; accepted, the same store as the search', { timeout: 300_000 }, async () => {
  assert.ok(existsSync(cli), `the CLI is built (${cli})`);
  await page.click('#tab-chess');
  await page.fill('#fen', KIWIPETE);
  await page.fill('#chess-depth', '3');
  await page.selectOption('#algo', 'pvs');
  await hook(page, () => (document.getElementById('techniques').open = true));
  for (const n of ['tt', 'tt_move', 'mvv_lva', 'quiescence']) await page.check(`#tech-switches input[data-enable="${n}"]`);
  const searched = await runSearch(page, 120_000);
  assert.equal(searched.status, 'done');
  assert.ok(searched.nodes > 1000, `${searched.nodes} nodes`);
  const columns = await hook(page, () => window.prunescope.columns());

  await page.selectOption('#save-format', 'binary');
  const download = page.waitForEvent('download');
  await page.click('#save-trace');
  const good = path.join(tmp, 'good.pstrace');
  await (await download).saveAs(good);
  const plain = gunzipSync(readFileSync(good));
  const { dv, n, nev, column, events } = parse(plain);

  // Refused after streaming: a node's move is not a legal move (only the replay of the moves,
  // which runs while the batches stream, can tell). Refused before: an unknown event code.
  let leaf = n - 1;
  while (dv.getUint32(column.parent + 4 * leaf, true) === NO_PARENT || plain[column.reason + leaf] === SR.ABORTED) leaf--;
  assert.ok(leaf > 0, 'a node below a root');
  const illegal = Buffer.from(plain);
  new DataView(illegal.buffer, illegal.byteOffset).setUint16(column.move_code + 2 * leaf, 0, true); // a1 → a1
  const unknownEvent = Buffer.from(plain);
  let e = nev - 1;
  while (unknownEvent[events + e] !== EV.EXIT) e--;
  assert.ok(e > 0, 'an exit event');
  unknownEvent[events + e] = 200;
  assert.ok(dv.byteLength === plain.length);

  let gen = searched.generation;
  for (const [name, bytes, says] of [
    ['illegal-move.pstrace', illegal, `node ${leaf}`],
    ['unknown-event.pstrace', unknownEvent, `event ${e}`],
  ]) {
    const file = path.join(tmp, name);
    writeFileSync(file, gzipSync(bytes));
    const message = cliRefusal(file);
    assert.ok(message.includes(says), `the CLI names it: ${message}`);
    const s = await open(file);
    assert.equal(s.status, 'done', `${name}: the trace on screen keeps its status`);
    assert.equal(s.generation, gen, `${name}: the trace was not replaced`);
    const notice = s.notice?.text ?? '';
    assert.ok(notice.startsWith(`Cannot open ${name}: `) && notice.endsWith('The trace on screen is kept.'), notice);
    const said = notice.slice(`Cannot open ${name}: `.length, -' The trace on screen is kept.'.length).replace(/\.$/, '');
    assert.ok(message.includes(said), `${name}: the page says what the CLI says:\n  page: ${said}\n  CLI:  ${message}`);
    assert.deepEqual(await hook(page, () => window.prunescope.columns()), columns, `${name}: every column of the trace on screen is as it was`);
  }

  // The good file, through the staged store, becomes the trace: the same columns as the search.
  const opened = await open(good);
  assert.equal(opened.status, 'done');
  assert.equal(opened.file, 'good.pstrace');
  assert.ok(opened.generation > gen, 'a new trace');
  gen = opened.generation;
  assert.deepEqual(await hook(page, () => window.prunescope.columns()), columns, 'the opened store equals the searched one, column for column');
  // and a second opening of the same file over it gives the same again
  const again = await open(good);
  assert.ok(again.generation > gen);
  assert.deepEqual(await hook(page, () => window.prunescope.columns()), columns);
  assert.deepEqual(problems, []);
});

test('Stop while a file streams into the staged store drops it and keeps the trace on screen', { timeout: 300_000 }, async () => {
  // a file large enough that its check takes a while: 2,000,000 chess nodes from the CLI
  const big = path.join(tmp, 'big.pstrace');
  execFileSync(cli, ['chess', '--fen', KIWIPETE, '-d', '14', '--algo', 'pvs', '--enable', 'tt,tt_move,mvv_lva,quiescence', '--node-cap', '2000000', '--trace', big], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 20 });
  const before = await snapshot(page);
  const columns = await hook(page, () => window.prunescope.columns());
  await page.setInputFiles('#open-file', big);
  await page.waitForFunction(() => window.prunescope.snapshot().explore.status === 'opening', null, { timeout: 120_000, polling: 10 });
  await page.click('#stop');
  const s = await snapshot(page);
  assert.equal(s.explore.status, before.explore.status, 'the status of the trace on screen is back');
  assert.equal(s.explore.generation, before.explore.generation, 'the trace was not replaced');
  assert.equal(s.explore.notice?.text, 'Opening was stopped; the trace on screen is kept.');
  assert.deepEqual(await hook(page, () => window.prunescope.columns()), columns, 'every column as it was');
  // the restarted worker opens the next file
  await page.waitForFunction(() => window.prunescope.snapshot().explore.ready, null, { timeout: 60_000 });
  const g = (await snapshot(page)).explore.openEnded;
  await page.setInputFiles('#open-file', big);
  await page.waitForFunction((g) => window.prunescope.snapshot().explore.openEnded > g, g, { timeout: 240_000 });
  const opened = (await snapshot(page)).explore;
  assert.equal(opened.status, 'done');
  assert.equal(opened.nodes, 2_000_000);
  assert.deepEqual(problems, []);
});

test('a binary file whose body the browser inflates opens as the core reads it: plain, in two gzip members; refused as the CLI refuses it when cut, corrupt or followed by bytes', { timeout: 300_000 }, async () => {
  // 150,000 chess nodes: three chunks of records, many of the browser's inflated pieces
  const good = path.join(tmp, 'body.pstrace');
  execFileSync(cli, ['chess', '--fen', KIWIPETE, '-d', '6', '--algo', 'pvs', '--enable', 'tt,tt_move,mvv_lva', '--node-cap', '150000', '--trace', good], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 20 });
  const gz = readFileSync(good);
  const plain = gunzipSync(gz);
  const opened = await open(good);
  assert.equal(opened.status, 'done');
  assert.equal(opened.nodes, 150_000);
  const columns = await hook(page, () => window.prunescope.columns());

  // accepted by the core's reader: the same trace, whatever decodes the body
  const half = plain.length >> 1;
  for (const [name, bytes] of [
    ['plain.pstrace', plain],
    ['members.pstrace', Buffer.concat([gzipSync(plain.subarray(0, half)), gzipSync(plain.subarray(half))])],
  ]) {
    const file = path.join(tmp, name);
    writeFileSync(file, bytes);
    const s = await open(file);
    assert.equal(s.status, 'done', `${name}: ${s.notice?.text}`);
    assert.equal(s.file, name);
    assert.deepEqual(await hook(page, () => window.prunescope.columns()), columns, `${name}: the same columns`);
  }

  // refused: the page says what the CLI says, and the trace on screen stays
  const { events } = parseCounts(plain);
  const badCrc = Buffer.from(gz);
  badCrc[badCrc.length - 6] ^= 0xff; // the gzip trailer's CRC-32
  for (const [name, bytes] of [
    ['trailing.pstrace', gzipSync(Buffer.concat([plain, Buffer.from([0, 0])]))],
    ['cut-gzip.pstrace', gz.subarray(0, gz.length >> 1)],
    ['bad-crc.pstrace', badCrc],
    ['cut-events.pstrace', gzipSync(plain.subarray(0, events + 5))],
  ]) {
    const file = path.join(tmp, name);
    writeFileSync(file, bytes);
    const message = cliRefusal(file);
    const before = (await snapshot(page)).explore.generation;
    const s = await open(file);
    assert.equal(s.generation, before, `${name}: the trace was not replaced`);
    const notice = s.notice?.text ?? '';
    assert.ok(notice.startsWith(`Cannot open ${name}: `) && notice.endsWith('The trace on screen is kept.'), notice);
    const said = notice.slice(`Cannot open ${name}: `.length, -' The trace on screen is kept.'.length).replace(/\.$/, '');
    assert.ok(message.includes(said), `${name}: the page says what the CLI says:\n  page: ${said}\n  CLI:  ${message}`);
  }
  assert.deepEqual(await hook(page, () => window.prunescope.columns()), columns, 'every column of the trace on screen is as it was');
  assert.deepEqual(problems, []);
});

/** Where the event tape of a decompressed binary trace starts (after every chunk of records). */
function parseCounts(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerEnd = 16 + dv.getUint32(12, true);
  const n = Number(dv.getBigUint64(headerEnd, true));
  return { events: headerEnd + 40 + 28 * n };
}
