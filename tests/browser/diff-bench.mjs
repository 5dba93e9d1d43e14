#!/usr/bin/env node
// The page compares two traces with the core's matching (src/trace/diff.rs, through the wasm
// adapter's diff_columns). This measures it against the JavaScript matching the page used
// before, on the same pair of traces, in one run (Node, no browser):
//
//   git show aa5d72a:www/diff.js > /tmp/diff-old.mjs
//   node tests/browser/diff-bench.mjs /tmp/diff-old.mjs [--b 12] [--d 8] [--cap 1000000]
//
// Both traces come from the wasm core itself (minimax and alpha-beta on one random tree,
// stopped by the node cap), as the page's columns.

import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
const B = arg('--b', 12), D = arg('--d', 8), CAP = arg('--cap', 1_000_000);
const old = argv[0] && !argv[0].startsWith('--') ? await import(pathToFileURL(path.resolve(argv[0]))) : null;

const core = await import(pathToFileURL(path.join(ROOT, 'pkg/prunescope.js')));
core.initSync({ module: readFileSync(path.join(ROOT, 'pkg/prunescope_bg.wasm')) });

function columns(algo) {
  const input = { kind: 'random', branching: B, depth: D, seed: 1, ordering: 'random' };
  const s = new core.Session(input, { algo, node_cap: CAP });
  s.run(() => {}, 0);
  const bytes = s.nodes();
  const n = bytes.length / 28;
  const dv = new DataView(bytes.buffer, bytes.byteOffset);
  const t = { n, parent: new Uint32Array(n), code: new Uint16Array(n), value: new Int32Array(n), flags: new Uint8Array(n) };
  for (let i = 0; i < n; i++) {
    t.parent[i] = dv.getUint32(i * 28, true);
    t.code[i] = dv.getUint16(i * 28 + 16, true);
    t.value[i] = dv.getInt32(i * 28 + 12, true);
    t.flags[i] = dv.getUint8(i * 28 + 26);
  }
  s.free();
  return t;
}

const A = columns('minimax'), Bt = columns('alphabeta');
console.log(`two traces of a random tree b=${B} d=${D}: ${A.n.toLocaleString('en-US')} and ${Bt.n.toLocaleString('en-US')} nodes`);
const median = (f, k = 5) => {
  const t = [];
  let r;
  for (let i = 0; i < k; i++) {
    const t0 = performance.now();
    r = f();
    t.push(performance.now() - t0);
  }
  return [t.sort((x, y) => x - y)[k >> 1], r];
};
const [wasmMs, w] = median(() => core.diff_columns(A.parent, A.code, A.value, A.flags, Bt.parent, Bt.code, Bt.value, Bt.flags));
console.log(`  core (wasm diff_columns, columns copied in and out): ${wasmMs.toFixed(1)} ms; both ${w.counts.both}, only A ${w.counts.only_left}`);
if (old) {
  const [jsMs, j] = median(() => old.diffTraces(A, Bt));
  console.log(`  the old JavaScript matching (diffTraces):            ${jsMs.toFixed(1)} ms; both ${j.both}, only A ${j.onlyA}`);
  console.log(`  ratio core / JavaScript: ${(wasmMs / jsMs).toFixed(2)}`);
}
