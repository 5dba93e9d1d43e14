// Every `www/…` and `src/…` path that a comment or a document names exists (issue 17 §4): a
// pointer to a file that was renamed, moved or never written sends a reader nowhere.
//
// Read: the comments of the JavaScript and Rust sources (www/, src/, tests/, scripts/), and the
// whole text of the documents (*.md), the shell scripts and index.html. A path is a run of
// name characters after `www/` or `src/` (a leading `/`, as in a URL path, is allowed); a
// trailing dot or comma ends the sentence, not the path. `*` is a wildcard within one name
// (`src/trace_file*` names whatever matches); a folder may end with `/`. A path in a git
// revision (`aa5d72a:www/diff.js`) names history and is not checked, and a file that a worked
// example's patch (docs/examples/*.patch) creates is named as the patch names it.
//
// `node scripts/check/paths.mjs [root]`: prints each violation, exits 1 if there is any.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { files, read, lineAt, splitJs, splitRust, runAsScript } from './source.mjs';

/** Where paths are looked for: [folder, file endings, which text]. */
const SOURCES = [
  ['www', ['.js', '.mjs'], 'js'],
  ['src', ['.rs'], 'rust'],
  ['tests', ['.rs'], 'rust'],
  ['tests', ['.js', '.mjs'], 'js'],
  ['scripts', ['.js', '.mjs'], 'js'],
  ['scripts', ['.sh'], 'all'],
  ['docs', ['.md'], 'all'],
];
const TOP_FILES = ['README.md', 'index.html'];

/** A `www/…` or `src/…` path, not part of a longer path or name. */
const PATH = /(?<![\w.\-~$]|[\w.\-~]\/)(?:www|src)\/[\w.\-/*]*[\w*/]/g;

/** Whether `path` (relative to `root`, perhaps with `*` in its names) names something. */
export function exists(root, path) {
  const parts = path.replace(/\/+$/, '').split('/');
  let found = [root];
  for (const part of parts) {
    const next = [];
    for (const dir of found) {
      if (!part.includes('*')) {
        if (existsSync(join(dir, part))) next.push(join(dir, part));
        continue;
      }
      const re = new RegExp(`^${part.replace(/[.+?^${}()|[\]\\-]/g, '\\$&').replace(/\*/g, '.*')}$`);
      let names = [];
      try {
        names = readdirSync(dir);
      } catch {
        // not a folder
      }
      for (const n of names) if (re.test(n)) next.push(join(dir, n));
    }
    found = next;
    if (!found.length) return false;
  }
  return true;
}

/** A path in a git revision (`git show aa5d72a:www/diff.js`): history, not the tree. */
const REVISION = /\b[0-9a-f]{7,40}:$/;

/** The paths named in `text` (not those of a git revision): [{ path, line }]. */
export function pathsIn(text) {
  const out = [];
  for (const m of text.matchAll(PATH)) {
    if (REVISION.test(text.slice(Math.max(0, m.index - 41), m.index))) continue;
    out.push({ path: m[0], line: lineAt(text, m.index) });
  }
  return out;
}

/**
 * The files the worked examples create: a patch under docs/examples/ (docs/architecture.md,
 * "Adding a game") adds files that are not in the tree, and the documents name them as the
 * patch does. A patch's new file is `--- /dev/null` then `+++ b/<path>`.
 */
export function exampleFiles(root) {
  const out = new Set();
  for (const path of files(root, 'docs/examples', ['.patch'])) {
    for (const m of read(root, path).matchAll(/^--- \/dev\/null\n\+\+\+ b\/(\S+)$/gm)) out.add(m[1]);
  }
  return out;
}

export function check(root) {
  const out = [];
  const examples = exampleFiles(root);
  const look = (path, kind) => {
    const text = read(root, path);
    const shown = kind === 'js' ? splitJs(text).comments : kind === 'rust' ? splitRust(text).comments : text;
    for (const { path: p, line } of pathsIn(shown)) {
      if (!exists(root, p) && !examples.has(p)) out.push(`${path}:${line}: names ${p}, which does not exist`);
    }
  };
  for (const [dir, exts, kind] of SOURCES) for (const path of files(root, dir, exts)) look(path, kind);
  for (const path of TOP_FILES) if (existsSync(join(root, path))) look(path, 'all');
  return out;
}

runAsScript(import.meta, check, 'check-paths');
