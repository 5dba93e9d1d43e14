// scripts/check/generated.mjs: a fact that www/schema.js exports (a label, a title, a
// description), written again as a string in another module of www/, is found; the contract's
// single-word names, comments and the page's own words are not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { check, factsOf, repeatsIn } from '../../scripts/check/generated.mjs';
import { plant } from './plant.mjs';

const SCRIPT = new URL('../../scripts/check/generated.mjs', import.meta.url).pathname;

/** A generated module in the shape of www/schema.js. */
const SCHEMA = `export const ENABLE_NAMES = Object.freeze({ "tt": "tt.enabled", "lmr": "lmr.enabled" });
export const ENABLE_LABELS = Object.freeze({ "tt": "Transposition table", "lmr": "Late move reductions" });
export const PARAM_TITLES = Object.freeze({ "lmr.K": "LMR: moves searched at full depth first" });
export const BOUNDS = Object.freeze([Object.freeze({ code: 0, name: "exact", doc: "the exact minimax value" })]);
`;

test('the facts are the multi-word strings of the exports, with where they are', () => {
  const facts = factsOf({ ENABLE_NAMES: { tt: 'tt.enabled' }, ENABLE_LABELS: { tt: 'Transposition table', x: 'off' }, BOUNDS: [{ doc: 'the  exact minimax value' }] });
  assert.deepEqual([...facts], [['Transposition table', 'ENABLE_LABELS.tt'], ['the exact minimax value', 'BOUNDS[0].doc']]);
});

test('a label written again is found; names, comments and other words are not', () => {
  const facts = factsOf({ ENABLE_LABELS: { tt: 'Transposition table' }, PARAM_TITLES: { 'lmr.K': 'LMR: moves searched at full depth first' } });
  const clean = `// the switch reads "Transposition table"
const on = { tt: true, lmr: 'lmr.enabled' };
const words = 'Switch techniques on and off';
`;
  assert.deepEqual(repeatsIn(clean, facts), []);
  const planted = clean + `const LABELS = { tt: 'Transposition table' };\nconst t = \`\${n}: LMR: moves searched at full depth first\`;\n`;
  assert.deepEqual(repeatsIn(planted, facts), [
    { line: 4, text: 'Transposition table', where: 'ENABLE_LABELS.tt' },
    { line: 5, text: ': LMR: moves searched at full depth first', where: 'PARAM_TITLES.lmr.K' },
  ]);
});

test('a short name in the page\'s prose is the books\' word, not a repeat; the name alone is', () => {
  const facts = factsOf({ GAMES: [{ kind: 'connect4', name: 'Connect Four' }], ENABLE_LABELS: { lmr: 'Late move reductions here' } });
  const prose = `const s = 'Searched to the depth limit, as in Connect Four';\n`;
  assert.deepEqual(repeatsIn(prose, facts), []);
  const planted = prose + `const n = 'Connect Four';\nconst t = 'see Late move reductions here';\n`;
  assert.deepEqual(repeatsIn(planted, facts), [
    { line: 2, text: 'Connect Four', where: 'GAMES[0].name' },
    { line: 3, text: 'see Late move reductions here', where: 'ENABLE_LABELS.lmr' },
  ]);
});

test('check(root) reads every module of www/ but schema.js; the command exits 1 on a plant', async () => {
  const repo = plant({
    'www/schema.js': SCHEMA,
    'www/panels/techniques.js': "import { ENABLE_LABELS } from '../schema.js';\nexport const label = (n) => ENABLE_LABELS[n] ?? n;\n",
  });
  try {
    assert.deepEqual(await check(repo.root), []);
    // the hand-written labels of www/panels/techniques.js before issue 32 §4
    repo.add({ 'www/panels/techniques.js': "const LABELS = {\n  tt: 'Transposition table', lmr: 'Late move reductions',\n};\n" });
    assert.deepEqual(await check(repo.root), [
      'www/panels/techniques.js:2: "Transposition table" is ENABLE_LABELS.tt of www/schema.js: import it, do not write it again',
      'www/panels/techniques.js:2: "Late move reductions" is ENABLE_LABELS.lmr of www/schema.js: import it, do not write it again',
    ]);
    const r = spawnSync(process.execPath, [SCRIPT, repo.root], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(r.stdout.trim().split('\n').length, 2);
  } finally {
    repo.remove();
  }
});

test('the repository itself passes', async () => {
  const root = new URL('../..', import.meta.url).pathname;
  assert.deepEqual(await check(root), []);
});
