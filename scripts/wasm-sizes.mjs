// What the wasm's size is made of (issue 19 §1): reads a wasm file with its name section (the
// cargo output, before wasm-bindgen strips the names), and prints the bytes of each section and
// of the function bodies grouped by Rust path (crate::module, from the mangled names), largest
// first. No dependencies.
//
// `--match REGEX` (repeatable) adds, for the functions whose name matches, their bytes and their
// cost in the brotli file: the code section's bodies at brotli quality 11, less the same
// without those functions. Brotli sends a second copy of a function (a generic one instantiated
// again) for little, so raw bytes overstate what a copy costs on the wire; this says what
// leaving those functions out of the build would save (docs/benchmarks.md, "First load"). The
// names come from the name section: run wasm-bindgen without --remove-name-section on the cargo
// output (target/wasm-builds/) to measure what the page gets.
//
//   node scripts/wasm-sizes.mjs [target/wasm32-unknown-unknown/release/prunescope.wasm] [--depth 2] [--top 25] [--match REGEX …]

import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';

const args = process.argv.slice(2);
const matches = [];
for (let i = args.indexOf('--match'); i >= 0; i = args.indexOf('--match')) matches.push(new RegExp(args.splice(i, 2)[1]));
const opt = (name, d) => {
  const i = args.indexOf(name);
  return i < 0 ? d : Number(args.splice(i, 2)[1]);
};
const depth = opt('--depth', 2);
const top = opt('--top', 25);
const file = args[0] ?? 'target/wasm32-unknown-unknown/release/prunescope.wasm';
const buf = readFileSync(file);

let pos = 8;
const leb = () => {
  let r = 0;
  let shift = 0;
  for (;;) {
    const b = buf[pos++];
    r += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(b & 0x80)) return r;
  }
};
const SECTIONS = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count'];
const sections = [];
let code = null;
let names = null;
let imports = 0;
while (pos < buf.length) {
  const id = buf[pos++];
  const size = leb();
  const start = pos;
  let name = SECTIONS[id] ?? `#${id}`;
  if (id === 0) {
    const n = leb();
    name = `custom "${buf.subarray(pos, pos + n).toString()}"`;
    if (name === 'custom "name"') names = { start: pos + n, end: start + size };
  }
  if (id === 10) code = { start, end: start + size };
  if (id === 2) {
    const n = leb();
    for (let i = 0; i < n; i++) {
      // the length first, then the skip: `pos += leb()` would add to pos as it was before the
      // length was read, and every function after the first import got the wrong name
      for (const _ of ['module', 'field']) {
        const len = leb();
        pos += len;
      }
      const kind = buf[pos++];
      if (kind === 0) (leb(), imports++);
      else if (kind === 1) (pos++, buf[pos++] & 1 ? (leb(), leb()) : leb());
      else if (kind === 2) buf[pos++] & 1 ? (leb(), leb()) : leb();
      else if (kind === 3) pos += 2;
    }
  }
  sections.push([name, size]);
  pos = start + size;
}

const fnNames = new Map();
if (names) {
  pos = names.start;
  while (pos < names.end) {
    const sub = buf[pos++];
    const size = leb();
    const end = pos + size;
    if (sub === 1) {
      const n = leb();
      for (let i = 0; i < n; i++) {
        const idx = leb();
        const len = leb();
        fnNames.set(idx, buf.subarray(pos, pos + len).toString());
        pos += len;
      }
    }
    pos = end;
  }
}

/** A mangled Rust name's path, cut to `depth` parts (legacy `_ZN…E` mangling; others as they are). */
function group(name) {
  if (!name) return '(unnamed)';
  const m = /^_ZN(.*)E$/.exec(name);
  if (!m) return name.replace(/\[.*$/, '').split('::').slice(0, depth).join('::');
  const parts = [];
  let s = m[1];
  while (s.length) {
    const n = /^(\d+)/.exec(s);
    if (!n) break;
    const len = Number(n[1]);
    parts.push(s.slice(n[1].length, n[1].length + len));
    s = s.slice(n[1].length + len);
  }
  const clean = parts.filter((p) => !/^h[0-9a-f]{16}$/.test(p)).map((p) => p.replace(/\$LT\$/g, '<').replace(/\$GT\$/g, '>').replace(/\$u20\$/g, ' ').replace(/\$C\$/g, ',').replace(/\.\./g, '::'));
  let path = clean.join('::');
  const impl = /^_<(?:impl )?([^ >]+)/.exec(path);
  if (impl) path = impl[1];
  return path.split('::').slice(0, depth).join('::');
}

const groups = new Map();
/** Every function body: { name, body }. */
const bodies = [];
if (code) {
  pos = code.start;
  const n = leb();
  for (let i = 0; i < n; i++) {
    const size = leb();
    const name = fnNames.get(imports + i);
    const g = group(name);
    groups.set(g, (groups.get(g) ?? 0) + size);
    bodies.push({ name: name ?? '', body: buf.subarray(pos, pos + size) });
    pos += size;
  }
}

const kib = (b) => (b / 1024).toFixed(1).padStart(8);
console.log(`${file}: ${kib(buf.length)} KiB\n\nsections:`);
for (const [name, size] of sections.sort((a, b) => b[1] - a[1])) console.log(`${kib(size)} KiB  ${name}`);
console.log(`\nfunction bodies by path (depth ${depth}), top ${top}:`);
const sorted = [...groups].sort((a, b) => b[1] - a[1]);
for (const [g, size] of sorted.slice(0, top)) console.log(`${kib(size)} KiB  ${g}`);
const rest = sorted.slice(top).reduce((s, [, v]) => s + v, 0);
console.log(`${kib(rest)} KiB  (${sorted.length - top} more)`);

if (matches.length) {
  const brotli = (list) =>
    brotliCompressSync(Buffer.concat(list.map((f) => f.body)), {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_LGWIN]: 24 },
    }).length;
  const all = brotli(bodies);
  const raw = bodies.reduce((s, f) => s + f.body.length, 0);
  console.log(`\nfunction bodies: ${raw} B, ${all} B at brotli 11; by --match (bytes, functions, brotli cost):`);
  for (const re of matches) {
    const hit = bodies.filter((f) => re.test(f.name));
    const cost = all - brotli(bodies.filter((f) => !re.test(f.name)));
    console.log(`${String(hit.reduce((s, f) => s + f.body.length, 0)).padStart(9)} B ${String(hit.length).padStart(4)} fns ${String(cost).padStart(7)} B  ${re.source}`);
  }
}
