// The worked examples of docs/architecture.md stay true: each patch under docs/examples/ (the
// dry run of "Adding a game") still applies to the tree as it is, so the files it lists are
// still the files a new game touches. When it no longer applies, do the dry run again and
// write the patch and the document anew.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { files } from '../../scripts/check/source.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

for (const patch of files(ROOT, 'docs/examples', ['.patch'])) {
  test(`${patch} applies to the tree`, () => {
    const r = spawnSync('git', ['apply', '--check', patch], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });
}

test('the adding-a-game example is there', () => {
  assert.ok(files(ROOT, 'docs/examples', ['.patch']).includes('docs/examples/subtraction-game.patch'));
});
