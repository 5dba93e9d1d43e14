// scripts/check/view-writes.mjs: every way a view or a panel can write the state is found, and
// reading it, writing the DOM or a view's own variables is not a violation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { check, writesIn, viewParams } from '../../scripts/check/view-writes.mjs';
import { plant } from './plant.mjs';

const SCRIPT = new URL('../../scripts/check/view-writes.mjs', import.meta.url).pathname;

/** A view module whose render() does `body`. */
const view = (body, before = '') => `import { $ } from '../dom.js';
${before}
export function createThing(app) {
  const { state } = app;
  const ex = state.explore;
  const q = state.quiz;
  const trace = () => state.explore.trace;
  let cache = null;
  return {
    render() {
${body}
    },
  };
}
`;

test('reading the state, writing the DOM and a view\'s own variables pass', () => {
  const src = view(`      const t = trace();
      cache = { key: t.uid, n: ex.selected, on: q.on === true };
      $('x').textContent = String(state.finals);
      const el = $('y');
      el.hidden = !q.on;
      if (state.quiz.predict?.marks.has('1.1')) cache.k = 1;
      const copy = [...q.predict.marks];
      copy.push(1);`);
  assert.deepEqual(writesIn(src), []);
});

const PLANTED = [
  ['an assignment to a state field', 'state.finals = true;', 'state.finals ='],
  ['an assignment through app.state', 'app.state.maxmin = false;', 'app.state.maxmin ='],
  ['an assignment through an alias', 'q.on = true;', 'q.on ='],
  ['a compound assignment', 'q.right += 2;', 'q.right +='],
  ['a logical assignment', 'ex.selected ??= 3;', 'ex.selected ??='],
  ['an increment', 'q.asked++;', 'q.asked++'],
  ['a prefix decrement', '--q.asked;', 'q.asked'],
  ['a write through a function that returns the state', 'trace().notice = null;', 'trace().notice ='],
  ['a write through an alias of an alias', 'const p = q.predict;\n      p.result = 1;', 'p.result ='],
  ['a destructured alias', 'const { compare } = app.state;\n      compare.view = "ghost";', 'compare.view ='],
  ['a write by index', 'ex.transform["x0"] = 1;', 'ex.transform["x0"] ='],
  ['a mutating call on a Set in the state', 'q.predict.marks.add("1.2");', 'q.predict.marks.add("1.2")'],
  ['a cursor moved from a view', 'trace().cursor.set(0);', 'trace().cursor.set(0)'],
  ['delete', 'delete state.quiz.question;', 'state.quiz.question'],
  ['Object.assign', 'Object.assign(state.play, { on: true });', 'Object.assign(state'],
  ['a write in an event handler', "$('b').onclick = () => { ex.iteration = 2; };", 'ex.iteration ='],
];

for (const [what, line, shown] of PLANTED) {
  test(`finds ${what}`, () => {
    const found = writesIn(view(`      ${line}`));
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.ok(found[0].text.includes(shown), found[0].text);
  });
}

test('a comment or a string that looks like a write is not one', () => {
  assert.deepEqual(writesIn(view(`      // state.finals = true;\n      const s = 'q.on = true';`)), []);
});

test('check(root) reads www/views/, www/panels/ and www/export.js, and only those', () => {
  const repo = plant({
    'www/views/a.js': view('      const n = ex.selected;'),
    'www/panels/b.js': view('      const n = q.on;'),
    'www/modes/c.js': view('      q.on = true;'), // modes may write
    'www/actions.js': view('      state.tab = "tree";'),
  });
  try {
    assert.deepEqual(check(repo.root), []);
    repo.add({ 'www/views/draw/d.js': view('      ex.selected = 1;'), 'www/panels/b.js': view('      q.on = false;'), 'www/export.js': view('      trace().notice = 1;') });
    const found = check(repo.root);
    assert.equal(found.length, 3, found.join('\n'));
    assert.match(found.join('\n'), /www\/views\/draw\/d\.js:\d+: writes the state \(ex\.selected =\)/);
    assert.match(found.join('\n'), /www\/panels\/b\.js:\d+: writes the state \(q\.on =\)/);
    assert.match(found.join('\n'), /www\/export\.js:\d+: writes the state/);
    // as a script: each violation printed, exit 1
    const r = spawnSync(process.execPath, [SCRIPT, repo.root], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(r.stdout.trim().split('\n').length, 3);
  } finally {
    repo.remove();
  }
});

test('a view that writes the state it was handed as a constructor parameter is found (fixture)', () => {
  // tests/checks/fixtures/canvas-writes-transform.js: the tree canvas before issue 32 §4
  const src = readFileSync(new URL('./fixtures/canvas-writes-transform.js', import.meta.url), 'utf8');
  const found = writesIn(src);
  assert.deepEqual(found.map((w) => w.text), ['t.sx =', 'this.t.x0 +=']);
  // the same class reporting the change instead passes
  const fixed = src.replace('t.sx = 300 / width;', 'this.on.transformed({ ...t, sx: 300 / width });').replace('this.t.x0 += dx / this.t.sx;', 'this.on.panned(dx);');
  assert.deepEqual(writesIn(fixed), []);
});

test("a factory's parameters are followed, destructured ones too; app, elements and reads are not", () => {
  const src = (body) => `export function createPane(app, { zoom, rows: r }, opts = {}, canvasEl) {
  const z = zoom.now;
  return { render() { ${body} } };
}
`;
  assert.deepEqual(viewParams('export function createPane(app, { zoom, rows: r }, opts = {}, canvasEl) {}'), ['zoom', 'r', 'opts']);
  assert.deepEqual(writesIn(src('const k = z.x + r.length + opts.n; canvasEl.width = 3; app.modes.x.clear();')), []);
  assert.deepEqual(writesIn(src('z.x = 1;')).map((w) => w.text), ['z.x =']);
  assert.deepEqual(writesIn(src('r.push(2);')).map((w) => w.text), ['r.push(2)']);
  assert.deepEqual(writesIn(src('opts.n++;')).map((w) => w.text), ['opts.n++']);
});

test('a view or a panel that imports a mode is found', () => {
  const repo = plant({ 'www/views/bar.js': view('      const n = ex.selected;', "import { fmt } from '../model/format.js';") });
  try {
    assert.deepEqual(check(repo.root), []);
    repo.add({ 'www/views/bar.js': view('      const n = ex.selected;', "import { other } from '../modes/compare.js';") });
    assert.deepEqual(check(repo.root), ['www/views/bar.js:2: imports a mode (../modes/compare.js): take what it needs through app, or move it below the views']);
  } finally {
    repo.remove();
  }
});

test('the repository itself passes', () => {
  const root = new URL('../..', import.meta.url).pathname;
  assert.deepEqual(check(root), []);
});
