// A game kind written by hand in the page (issue 32 §3): the small games are registered once,
// in the core (src/game/registry.rs), and the page reads their list, names, players and
// share-link keys from `GAMES` of the generated www/schema.js. A string literal in www/ whose
// value is a registered game's kind (`'nim'`) is a second list in the making, and a violation.
// Allowed:
// www/schema.js (generated), and the lessons' content (www/learn/lessons.js), which sets each
// lesson in the game it teaches with, as data.
//
// `node scripts/check/game-kinds.mjs [root]`: prints each violation, exits 1 if there is any.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { files, read, lineAt, splitJs, runAsScript } from './source.mjs';

/** Files that may name a game kind: generated, or content that is set in one game. */
export const ALLOWED = new Set(['www/schema.js', 'www/learn/lessons.js']);

/** The registered kinds, read from the generated `GAMES` of `root`/www/schema.js. */
export function gameKinds(root) {
  const path = join(root, 'www/schema.js');
  if (!existsSync(path)) return [];
  const text = read(root, 'www/schema.js');
  const at = text.indexOf('export const GAMES');
  if (at < 0) return [];
  return [...text.slice(at).matchAll(/"kind":"([^"]+)"/g)].map((m) => m[1]);
}

/** The violations in `root`: `path:line: 'kind' …`. */
export function check(root) {
  const kinds = new Set(gameKinds(root));
  const out = [];
  if (!kinds.size) return out;
  for (const path of files(root, 'www', ['.js', '.mjs'])) {
    if (ALLOWED.has(path)) continue;
    const src = read(root, path);
    const { code, comments } = splitJs(src);
    for (const m of src.matchAll(/(['"`])([a-z0-9_]+)\1/g)) {
      // a literal: blanked in the code, and not inside a comment
      if (!kinds.has(m[2]) || code[m.index + 1] !== ' ' || comments[m.index] !== ' ') continue;
      out.push(`${path}:${lineAt(src, m.index)}: the game kind ${m[0]} is written by hand; read the games from GAMES of www/schema.js (src/game/registry.rs)`);
    }
  }
  return out;
}

runAsScript(import.meta, check, 'game kinds');
