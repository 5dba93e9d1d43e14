// scripts/check/state-lets.mjs: a variable that outlives a call (a module's `let`, a factory's
// closure `let`) is found unless it is marked UI-local with a reason; the working variables of
// one call are not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { check, closureLets, marked } from '../../scripts/check/state-lets.mjs';
import { plant } from './plant.mjs';

const SCRIPT = new URL('../../scripts/check/state-lets.mjs', import.meta.url).pathname;

const MODULE = `import { $ } from './dom.js';

let uid = 0;

export function createPanel(app) {
  let shown = null;
  let timer = 0, count = 1;
  const parts = [];
  function fill() {
    let i = 0; // a working variable of one call
    for (let k = 0; k < 3; k++) i += k;
    return i;
  }
  return {
    render() {
      let text = String(app.state.n);
      if (text !== shown) shown = text;
    },
  };
}

/** A loader: what it returns keeps \`loading\` alive; \`tries\` is one call's. */
function loader(app) {
  let loading = null;
  let tries = 0;
  tries++;
  return () => (loading ??= import('./x.js'));
}

function layout(n) {
  let slot = 0;
  for (let k = 0; k < n; k++) slot++;
  return { width: slot, hidden: () => false };
}
`;

test('the closure-level lets are found, and the working variables of one call are not', () => {
  const found = closureLets(MODULE).map((l) => `${l.line} ${l.names.join(',')} ${l.where}`);
  assert.deepEqual(found, [
    '3 uid the module',
    '6 shown the factory createPanel()',
    '7 timer,count the factory createPanel()',
    '24 loading the factory loader()',
  ]);
});

test('a mark with a reason, on the line or above a run of lets, passes; a bare mark does not', () => {
  const src = `let a = 0; // UI-local: a counter of ids
// UI-local: memos of what was drawn
let b = null;
let c = '';
const d = 1;
let e = 0; // UI-local:
/** Something. */
let f = 0;
`;
  assert.deepEqual([1, 3, 4, 6, 8].map((line) => marked(src, line)), [true, true, true, false, false]);
});

test('check(root) reads www/**/*.js but not the Node tools (*.mjs); the command exits 1 on a plant', () => {
  const clean = MODULE.replace('let uid = 0;', 'let uid = 0; // UI-local: numbers the panels')
    .replace('  let shown = null;', '  // UI-local: what render() last drew, and a debounce timer\n  let shown = null;')
    .replace('  let loading = null;', '  let loading = null; // UI-local: a load under way, once');
  const repo = plant({ 'www/panels/thing.js': clean, 'www/serve.mjs': 'let parts = 0;\nexport const f = () => parts++;\n' });
  try {
    assert.deepEqual(check(repo.root), []);
    // the page's state kept in a closure, unmarked (the shape of issue 32 §4's 52 variables)
    repo.add({ 'www/views/pane.js': 'export function createPane(app) {\n  let zoom = 1;\n  return { zoomIn() { zoom *= 2; } };\n}\n' });
    assert.deepEqual(check(repo.root), [
      'www/views/pane.js:2: `let zoom` holds state in the factory createPane(): name it in www/state.js, or mark it `// UI-local: why`',
    ]);
    const r = spawnSync(process.execPath, [SCRIPT, repo.root], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stdout, /www\/views\/pane\.js:2/);
  } finally {
    repo.remove();
  }
});

test('the repository itself passes', () => {
  const root = new URL('../..', import.meta.url).pathname;
  assert.deepEqual(check(root), []);
});
