// scripts/check/paths.mjs: a `www/…` or `src/…` path named in a comment or a document that
// does not exist is a violation; one that exists (a file, a folder, a wildcard that matches),
// a path in code, and a path in a git revision are not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { check, pathsIn } from '../../scripts/check/paths.mjs';
import { plant } from './plant.mjs';

const SCRIPT = new URL('../../scripts/check/paths.mjs', import.meta.url).pathname;

const BASE = {
  'www/views/progress.js': '// Start and Stop: drawn here (see www/model/trace.js).\nexport const x = 1;\n',
  'www/model/trace.js': "// The trace. Its worker: '/www/engine/worker.js' is loaded by URL.\nconst w = '/www/gone.js'; // code, not a comment\n",
  'src/trace/file/mod.rs': '//! Trace files (src/trace/file/, src/trace/file*, src/trace/file/*.rs).\nfn f() { let s = "src/not/checked.rs"; }\n',
  'src/lab.rs': '/// Runs searches; the page calls it through src/wasm/ (www/engine/worker.js).\npub fn run() {}\n',
  'www/engine/worker.js': '',
  'src/wasm/mod.rs': '',
  'docs/architecture.md': 'The layers: `src/lab.rs` prepares inputs; `www/views/progress.js` draws. See src/trace/file/mod.rs.\n',
  'tests/browser/bench.mjs': '// git show aa5d72a:www/diff.js > /tmp/old.mjs (the old page rule)\n',
  'scripts/test.sh': '# runs www/ and src/ checks\n',
};

test('paths are read with their line, and end before a sentence\'s punctuation', () => {
  assert.deepEqual(pathsIn('a\nsee www/model/store.js. And src/trace/, then (src/lab.rs),'), [
    { path: 'www/model/store.js', line: 2 },
    { path: 'src/trace/', line: 2 },
    { path: 'src/lab.rs', line: 2 },
  ]);
  assert.deepEqual(pathsIn('https://x.org/src/a.rs and foo/www/b.js and www/… and $src/x'), []);
});

test('a repository whose named paths all exist passes', () => {
  const repo = plant(BASE);
  try {
    assert.deepEqual(check(repo.root), []);
  } finally {
    repo.remove();
  }
});

const PLANTED = [
  ['a renamed file named in a Rust comment', 'src/experiments/a.rs', '// Inputs come from src/lab.rs.\n', 'src/lab.rs', 'rename'],
  ['a missing view named in a JavaScript comment', 'www/panels/search.js', '// drawn by www/views/status.js.\nexport {};\n', 'www/views/status.js'],
  ['a missing module in a block comment', 'www/x.js', '/**\n * like www/diff.js\n */\n', 'www/diff.js'],
  ['a missing file in a document', 'docs/compare.md', 'The rule is in `src/trace/match.rs`.\n', 'src/trace/match.rs'],
  ['a wildcard that matches nothing', 'src/trace/mod.rs', '//! See src/trace/tape*.\n', 'src/trace/tape*'],
  ['a missing folder', 'README.md', 'Open www/components/ for the widgets.\n', 'www/components/'],
  ['a moved file named in a test', 'tests/trace.rs', '// golden files from src/trace/file.rs\n', 'src/trace/file.rs'],
  ['a missing file named in a shell script', 'scripts/serve.sh', '# serves www/index.html\n', 'www/index.html'],
];

for (const [what, path, text, named, rename] of PLANTED) {
  test(`finds ${what}`, () => {
    const repo = plant(BASE);
    try {
      repo.add({ [path]: text });
      if (rename) {
        // the named file is renamed, and the document that named it is updated
        renameSync(join(repo.root, 'src/lab.rs'), join(repo.root, 'src/prepare.rs'));
        repo.add({ 'docs/architecture.md': 'See `src/prepare.rs`.\n' });
      }
      const found = check(repo.root);
      assert.equal(found.length, 1, found.join('\n'));
      assert.match(found[0], new RegExp(`^${path.replace(/[.*]/g, '\\$&')}:\\d+: names ${named.replace(/[.*]/g, '\\$&')}, which does not exist$`));
      const r = spawnSync(process.execPath, [SCRIPT, repo.root], { encoding: 'utf8' });
      assert.equal(r.status, 1);
      assert.equal(r.stdout.trim(), found[0]);
    } finally {
      repo.remove();
    }
  });
}

test('the repository itself passes', () => {
  const root = new URL('../..', import.meta.url).pathname;
  assert.deepEqual(check(root), []);
});

test('a file a worked example\'s patch creates may be named; a file it only changes, or none, may not', () => {
  const patch = 'diff --git a/src/game/kayles.rs b/src/game/kayles.rs\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/src/game/kayles.rs\n@@ -0,0 +1 @@\n+//! Kayles\ndiff --git a/src/gone.rs b/src/gone.rs\n--- a/src/gone.rs\n+++ b/src/gone.rs\n@@ -1 +1 @@\n-a\n+b\n';
  const repo = plant({ 'docs/examples/kayles.patch': patch, 'docs/architecture.md': 'The example adds `src/game/kayles.rs`; `src/gone.rs` and `src/game/nope.rs` are named too.\n' });
  try {
    assert.deepEqual(check(repo.root), [
      'docs/architecture.md:1: names src/gone.rs, which does not exist',
      'docs/architecture.md:1: names src/game/nope.rs, which does not exist',
    ]);
  } finally {
    repo.remove();
  }
});
