// A throwaway repository for the checks' tests: files written into a temporary folder, so that
// a test plants exactly the violation it means and nothing else.

import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A temporary repository holding `files` ({ path: text }); `.add(files)`, `.remove()`. */
export function plant(files = {}) {
  const root = mkdtempSync(join(tmpdir(), 'prunescope-check-'));
  const add = (more) => {
    for (const [path, text] of Object.entries(more)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };
  add(files);
  return { root, add, remove: () => rmSync(root, { recursive: true, force: true }) };
}
