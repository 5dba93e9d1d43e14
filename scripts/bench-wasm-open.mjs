// Opening a trace file in the second wasm build, build against build, in Node
// (docs/benchmarks.md, issue 32 §6): the core's part of the page's open, without the page.
// Each DIR holds a `pkg/` of the second build (prunescope_full.js, prunescope_full_bg.wasm).
// The file is taken as the search worker takes it: `Session.open_begin` reads its head through
// a JS source, Node's zlib inflates it (as the browser's DecompressionStream does), the body is
// pushed in 1 MiB pieces (`Opening.push`), then `Session.open_pushed` (the validation's first
// step) and `Session.check` (its second). The builds run alternately, round after round, so
// that a change of the machine's load falls on each alike. Prints each round's three steps and
// each build's medians in ms. Not a test: nothing is asserted.
//
//   node scripts/bench-wasm-open.mjs --file F.pstrace [--rounds 3] DIR [DIR …]

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const opt = (name, d) => {
  const i = args.indexOf(name);
  return i < 0 ? d : args.splice(i, 2)[1];
};
const file = opt('--file', '');
const rounds = Number(opt('--rounds', 3));
if (!file || !args.length || !(rounds > 0)) {
  console.error('usage: node scripts/bench-wasm-open.mjs --file F.pstrace [--rounds 3] DIR [DIR …]');
  process.exit(2);
}

const gz = readFileSync(file);
const plain = gz[0] === 0x1f && gz[1] === 0x8b ? gunzipSync(gz) : gz;
const builds = [];
for (const dir of args) {
  const pkg = path.resolve(dir, 'pkg');
  const m = await import(pathToFileURL(path.join(pkg, 'prunescope_full.js')).href);
  m.initSync({ module: readFileSync(path.join(pkg, 'prunescope_full_bg.wasm')) });
  builds.push({ dir, m, steps: [] });
}

/** One open: milliseconds of the head and body, the first step and the second. */
function open(m) {
  let at = 0;
  const read = (max) => {
    const piece = gz.subarray(at, Math.min(gz.length, at + max));
    at += piece.length;
    return new Uint8Array(piece);
  };
  const t0 = performance.now();
  const opening = m.Session.open_begin(read);
  for (let i = Number(opening.body_at()); i < plain.length; i += 1 << 20) {
    opening.push(plain.subarray(i, Math.min(plain.length, i + (1 << 20))));
  }
  const t1 = performance.now();
  const session = m.Session.open_pushed(opening);
  const t2 = performance.now();
  session.check();
  const t3 = performance.now();
  session.free();
  return [t1 - t0, t2 - t1, t3 - t2];
}

const ms = (x) => x.toFixed(0);
for (let r = 1; r <= rounds; r++) {
  for (const b of builds) {
    const s = open(b.m);
    b.steps.push(s);
    console.log(`round ${r} ${b.dir}: body ${ms(s[0])}, first step ${ms(s[1])}, check ${ms(s[2])} ms`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const b of builds) {
  const col = (k) => ms(median(b.steps.map((s) => s[k])));
  const total = ms(median(b.steps.map((s) => s[0] + s[1] + s[2])));
  console.log(`${b.dir}: medians body ${col(0)}, first step ${col(1)}, check ${col(2)}, total ${total} ms`);
}
