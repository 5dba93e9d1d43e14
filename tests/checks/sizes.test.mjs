// scripts/check/sizes.mjs: a www module over MAX_MODULE_LINES lines and a function over
// MAX_FUNCTION_LINES lines of its own (JavaScript in www/, Rust in src/) are violations; a
// function whose length comes from the functions inside it is not, and neither are braces,
// comments or strings that only look like functions.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { check, MAX_MODULE_LINES, MAX_FUNCTION_LINES } from '../../scripts/check/sizes.mjs';
import { plant } from './plant.mjs';

const SCRIPT = new URL('../../scripts/check/sizes.mjs', import.meta.url).pathname;

const lines = (n, text) => Array.from({ length: n }, (_, k) => text.replace('K', k)).join('\n');
/** A JavaScript function of `n` lines in all (header and closing brace included). */
const jsFn = (name, n) => `function ${name}(a) {\n${lines(n - 2, '  a += K;')}\n}\n`;
const rustFn = (name, n) => `fn ${name}(a: &mut i64) {\n${lines(n - 2, '    *a += K;')}\n}\n`;
const OK = MAX_FUNCTION_LINES;
const LONG = MAX_FUNCTION_LINES + 1;

function run(files) {
  const repo = plant(files);
  try {
    const found = check(repo.root);
    const r = spawnSync(process.execPath, [SCRIPT, repo.root], { encoding: 'utf8' });
    assert.equal(r.status, found.length ? 1 : 0);
    if (found.length) assert.equal(r.stdout.trim(), found.join('\n'));
    return found;
  } finally {
    repo.remove();
  }
}

test('functions and modules at the limits pass', () => {
  assert.deepEqual(run({
    'www/a.js': jsFn('atLimit', OK) + lines(MAX_MODULE_LINES - OK - 1, '// K'),
    'src/a.rs': rustFn('at_limit', OK),
  }), []);
});

test('finds a www module over the limit', () => {
  assert.deepEqual(run({ 'www/model/big.js': lines(MAX_MODULE_LINES + 1, 'export const x' + 'K = 1;') }), [`www/model/big.js: ${MAX_MODULE_LINES + 1} lines (a www module has at most ${MAX_MODULE_LINES})`]);
});

test('finds a long Rust fn (and a method in an impl, a generic fn with a where clause)', () => {
  const found = run({
    'src/experiments/report.rs': `//! fn in_a_comment() {\nuse std::fmt;\n${rustFn('report', LONG)}`,
    'src/search/x.rs': `impl<T> S<T> where T: Copy {\n    pub fn method<'a, U: Into<u8>>(&'a self, u: [u8; 3]) -> Result<(), String>\n    where U: Copy {\n${lines(LONG, '        let c = \'{\'; let s = "}}";')}\n    }\n}\n`,
    'src/ok.rs': 'trait T { fn decl(&self) -> u8; }\n' + rustFn('short', 10),
  });
  assert.deepEqual(found, [
    `src/experiments/report.rs:3: fn report is ${LONG} lines (at most ${MAX_FUNCTION_LINES})`,
    `src/search/x.rs:2: fn method is ${LONG + 3} lines (at most ${MAX_FUNCTION_LINES})`,
  ]);
});

test('finds long JavaScript functions of every form', () => {
  const body = lines(LONG, '    x += `${K}}`;');
  const found = run({
    'www/views/a.js': `export ${jsFn('declared', LONG)}`,
    'www/views/b.js': `export const arrow = (x) => {\n${body}\n};\n`,
    'www/views/c.js': `export const o = {\n  method(x) {\n${body}\n  },\n};\n`,
    'www/views/d.js': `class C {\n  async load(x) {\n${body}\n  }\n}\n`,
    'www/views/e.js': `el.addEventListener('click', function (x) {\n${body}\n});\n`,
  });
  assert.equal(found.length, 5, found.join('\n'));
  for (const [file, name] of [['a', 'declared'], ['b', 'arrow'], ['c', 'method'], ['d', 'load'], ['e', '(function)']]) {
    assert.ok(found.some((f) => f.startsWith(`www/views/${file}.js:`) && f.includes(`function ${name} is`)), `${file}: ${found.join('\n')}`);
  }
});

test('a function is measured without the functions inside it', () => {
  // a factory of short closures is not long; a long closure inside a short function is
  const factory = `export function createThing() {\n${[1, 2, 3].map((k) => `  function f${k}() {\n${lines(60, '    let a = K;')}\n  }`).join('\n')}\n  return { f1, f2, f3 };\n}\n`;
  assert.deepEqual(run({ 'www/views/factory.js': factory }), []);
  const inner = `export function short() {\n  return [1].map((x) => {\n${lines(LONG, '    x += K;')}\n  });\n}\n`;
  const found = run({ 'www/views/inner.js': inner });
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /^www\/views\/inner\.js:2: function \(arrow\) is/);
});

test('braces in strings, templates, regular expressions and comments are not code', () => {
  const tricky = `export function tricky(s) {\n  const a = '{'; const b = "}}"; const r = /[{]+/g; // }\n  /* { */ const t = \`\${s}{\${'}'}\`;\n  return [a, b, r, t];\n}\n${jsFn('after', OK)}`;
  assert.deepEqual(run({ 'www/t.js': tricky }), []);
});
