// The page's trace comparison (www/diff.js) and trace files (www/tracefile.js) in Node, no
// browser: the JavaScript matching must give exactly what `prunescope diff` (src/diff.rs) gives,
// on CLI-written traces, and the aligned layout must put matched nodes at the same x.
//
//   node --test tests/browser/diff.test.mjs
//
// The cross-checks with the CLI need target/debug/prunescope or target/release/prunescope
// (`cargo build`); without one they are skipped.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { TraceStore } from '../../www/store.js';
import { diffTraces, alignedLayout } from '../../www/diff.js';
import { readTrace, statsOf, uciToCode, buildConfig, describeConfig, configWords } from '../../www/tracefile.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = ['target/debug/prunescope', 'target/release/prunescope'].map((p) => path.join(ROOT, p)).find(existsSync);
const TMP = mkdtempSync(path.join(tmpdir(), 'prunescope-js-diff-'));
const RN = '((3 12 8) (2 4 6) (14 5 2))';
after(() => rmSync(TMP, { recursive: true, force: true }));

function load(text) {
  const { doc, batch } = readTrace(text);
  const st = new TraceStore();
  st.reset(doc.nodes.length);
  st.appendBatch(batch);
  return { doc, st };
}

function cli(args) {
  return execFileSync(BIN, args, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Writes `prunescope ARGS --json` to a file; returns its path. */
function traceFile(name, args) {
  const p = path.join(TMP, name);
  writeFileSync(p, cli([...args, '--json']));
  return p;
}

/** Compares the JS diff of two trace files with `prunescope diff --json`. */
function crossCheck(a, b) {
  const A = load(readFileSync(a, 'utf8')), B = load(readFileSync(b, 'utf8'));
  const d = diffTraces(A.st, B.st);
  const r = JSON.parse(cli(['diff', a, b, '--json']));
  assert.equal(d.onlyA, r.only_left);
  assert.equal(d.onlyB, r.only_right);
  assert.equal(d.both, r.both);
  assert.equal(d.changed, r.changed);
  assert.equal(d.changedValue, r.changed_value);
  assert.equal(d.changedBound, r.changed_bound);
  assert.equal(d.changedType, r.changed_type);
  assert.deepEqual(
    r.per_ply.map((p) => [p.left, p.right, p.only_left, p.only_right, p.both]),
    d.perPly.a.map((_, q) => [d.perPly.a[q], d.perPly.b[q], d.perPly.onlyA[q], d.perPly.onlyB[q], d.perPly.both[q]]),
  );
  assert.equal(describeConfig(A.doc.config), r.left.config);
  assert.equal(describeConfig(B.doc.config), r.right.config);
  checkLayout(d, A.st, B.st);
  return { d, A, B };
}

/** Matched nodes share x; every ply list is sorted by x; parents sit over their children. */
function checkLayout(d, A, B) {
  const lay = alignedLayout(d);
  for (let a = 0; a < d.nA; a++) {
    const b = d.aToB[a];
    if (b >= 0) assert.equal(lay.xA[a], lay.xB[b], `node ${a} and its match ${b}`);
  }
  for (const [lists, x, st] of [[lay.plyListsA, lay.xA, A], [lay.plyListsB, lay.xB, B]]) {
    let total = 0;
    lists.forEach((l, q) => {
      total += l.n;
      for (let k = 0; k < l.n; k++) {
        assert.equal(st.ply[l.a[k]], q);
        if (k) assert.ok(x[l.a[k - 1]] < x[l.a[k]], `ply ${q} sorted by x`);
      }
    });
    assert.equal(total, st.n);
  }
  return lay;
}

test('Russell–Norvig golden traces: minimax vs alpha-beta', () => {
  const A = load(readFileSync(path.join(ROOT, 'tests/golden/russell-norvig-minimax.json'), 'utf8'));
  const B = load(readFileSync(path.join(ROOT, 'tests/golden/russell-norvig-alphabeta.json'), 'utf8'));
  assert.equal(A.st.n, 13);
  assert.equal(B.st.n, 11);
  const d = diffTraces(A.st, B.st);
  assert.deepEqual([d.onlyA, d.onlyB, d.both], [2, 0, 11]);
  // the two leaves alpha-beta pruned: 1.1 and 1.2
  const pathOf = (st, id) => {
    const out = [];
    while (st.parent[id] !== 0xffffffff) {
      out.unshift(st.code[id]);
      id = st.parent[id];
    }
    return out;
  };
  const only = [];
  for (let a = 0; a < d.nA; a++) if (d.aToB[a] < 0) only.push(pathOf(A.st, a));
  assert.deepEqual(only, [[1, 1], [1, 2]]);
  assert.equal(d.sizeA[0], 13);
  assert.equal(d.sizeB[0], 11);
  const lay = checkLayout(d, A.st, B.st);
  assert.equal(lay.width, 9, 'nine leaf slots');
  // the stats the page computes for an opened trace are the CLI's
  const s = statsOf(A.st);
  assert.deepEqual(s.actual, [13, 0, 0]);
  assert.equal(s.leaves, 9);
  assert.equal(statsOf(B.st).cutoffs, 2);
});

test('the JS matching equals `prunescope diff` on CLI traces', { skip: !BIN && 'no prunescope binary (cargo build)' }, () => {
  const rn = (algo) => traceFile(`rn-${algo}.json`, ['tree', '--algo', algo, RN]);
  crossCheck(rn('minimax'), rn('alphabeta'));
  crossCheck(rn('alphabeta'), rn('pvs'));
  const rnd = (algo, extra = []) => traceFile(`rnd-${algo}${extra.join('')}.json`, ['random', '-b', '5', '-d', '5', '--seed', '3', '--random-branching', '--algo', algo, ...extra]);
  const { d } = crossCheck(rnd('minimax'), rnd('alphabeta'));
  assert.equal(d.onlyB, 0);
  assert.equal(d.onlyA, d.nA - d.nB);
  crossCheck(rnd('pvs'), rnd('alphabeta'));
  // stopped by the node cap: partial traces compare the same way
  crossCheck(rnd('minimax', ['--node-cap', '700']), rnd('pvs', ['--node-cap', '300']));
  const fen = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
  const ch = (name, extra) => traceFile(`chess-${name}.json`, ['chess', '--fen', fen, '-d', '3', ...extra]);
  const a = ch('base', ['--enable', 'tt,tt_move,mvv_lva']);
  const b = ch('null', ['--enable', 'tt,tt_move,mvv_lva,null_move,quiescence', '--set', 'null_move.R=3']);
  const c = ch('asp', ['--enable', 'tt,aspiration,lmr', '--set', 'aspiration.width=10']);
  crossCheck(a, b);
  crossCheck(b, c);
  crossCheck(c, c);
});

test('trace files: moves, configurations and corrupt files', () => {
  assert.equal(uciToCode('e2e4'), 12 | (28 << 6));
  assert.equal(uciToCode('e7e8q'), 52 | (60 << 6) | (5 << 12));
  assert.equal(uciToCode('0000'), 0xffff);
  assert.equal(uciToCode('e9e4'), -1);
  const cfg = buildConfig('pvs', 'tt, null_move, uc_safe verified_null', 'null_move.R=3, lmr.K=4', { depth: 3 });
  assert.equal(cfg.tt.enabled, true);
  assert.equal(cfg.null_move.enabled, true);
  assert.equal(cfg.null_move.verified, true);
  assert.equal(cfg.null_move.R, 3);
  assert.equal(cfg.uncertainty.mode, 'safe');
  assert.equal(cfg.depth, 3);
  assert.equal(describeConfig(cfg), 'pvs + tt, null_move, verified_null, uc_safe (null_move.R=3, lmr.K=4)');
  const w = configWords(cfg);
  assert.deepEqual(buildConfig('pvs', w.enable, w.set, { depth: 3 }), cfg);
  assert.throws(() => buildConfig('pvs', 'tt, nullmove', ''), /unknown technique 'nullmove'/);
  assert.throws(() => buildConfig('pvs', '', 'null_move.R'), /NAME=VALUE/);

  const good = readFileSync(path.join(ROOT, 'tests/golden/russell-norvig-pvs.json'), 'utf8');
  const bad = [
    [good.slice(0, 200), /not a JSON trace file/],
    ['{"format":"x","version":2}', /not a prunescope trace/],
    [good.replace('"version":2', '"version":1'), /version 1 is not supported/],
    [good.replace('{"id":1,"parent":0', '{"id":4,"parent":0'), /ids must be 0, 1, 2/],
    [good.replace('"path":[0]', '"path":[]'), /has no "path"/],
    [good.replace('"bound":"exact"', '"bound":"exactly"'), /unknown bound/],
    [good.replace('{"kind":"exit","node":1}', '{"kind":"exit","node":0}'), /leaves node 0/],
  ];
  for (const [text, msg] of bad) assert.throws(() => readTrace(text), msg);
  assert.equal(readTrace(good).batch.nodesTotal, 11);
});
