// scripts/check/game-kinds.mjs: a game kind written by hand in www/ is a violation; the
// generated schema, the lessons' content, comments and other strings are not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { check, gameKinds } from '../../scripts/check/game-kinds.mjs';
import { plant } from './plant.mjs';

const SCRIPT = new URL('../../scripts/check/game-kinds.mjs', import.meta.url).pathname;

const SCHEMA = 'export const GAMES = Object.freeze([\n  Object.freeze({"kind":"nim","name":"Nim"}),\n  Object.freeze({"kind":"kayles","name":"Kayles"}),\n]);\n';

function run(files) {
  const repo = plant({ 'www/schema.js': SCHEMA, ...files });
  try {
    const found = check(repo.root);
    const r = spawnSync(process.execPath, [SCRIPT, repo.root], { encoding: 'utf8' });
    assert.equal(r.status, found.length ? 1 : 0);
    return found;
  } finally {
    repo.remove();
  }
}

test('the kinds come from the generated GAMES', () => {
  const repo = plant({ 'www/schema.js': SCHEMA });
  try {
    assert.deepEqual(gameKinds(repo.root), ['nim', 'kayles']);
  } finally {
    repo.remove();
  }
});

test('a game kind in a string literal of www/ is flagged, with its line', () => {
  const found = run({ 'www/panels/x.js': "const a = 1;\nif (kind === 'kayles') a();\nconst L = [\"nim\", `kayles`];\n" });
  assert.equal(found.length, 3);
  assert.match(found[0], /^www\/panels\/x\.js:2: the game kind 'kayles'/);
  assert.match(found[1], /^www\/panels\/x\.js:3: the game kind "nim"/);
});

test('comments, other strings, identifiers, the schema and the lessons pass', () => {
  assert.deepEqual(run({
    'www/a.js': "// the 'nim' board\nconst nim = 'nimble';\nconst t = 'kayles!';\n/* \"kayles\" */\n",
    'www/learn/lessons.js': "export const L = [{ setup: { game: 'nim' } }];\n",
  }), []);
});
