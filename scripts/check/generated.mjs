// One contract (issue 32 §4): the codes, names, labels and descriptions the core defines reach
// the page generated, in www/schema.js (written by src/schema_js.rs). A fact written a second
// time in www/ drifts from the core's; the technique panel's switch labels and parameter
// titles did. This finds, in every JavaScript module of www/ other than schema.js itself, a
// string literal that is one of the facts schema.js exports, and says which export to import.
//
// What counts as a fact: every string that an export of www/schema.js holds (followed into its
// objects and arrays: a label, a title, a code's description, an algorithm's description), when
// it has at least two words and ten characters. Single words (`off`, `tt`, `alphabeta`) are the
// contract's names, which the page writes as keys and in its own prose; the check leaves them
// to the reviewer. A string matches when it equals the fact after spaces are folded, or, for a
// fact of four words or more (a label, a description), holds it whole. A shorter fact inside
// a longer string is a name in the page's prose ("Connect Four" in a lesson's sentence), which
// the page may write as the books do. Comments are not read; the page's own prose that repeats
// a label or a description whole is a repeat (import it).
//
// `node scripts/check/generated.mjs [root]`: prints each violation, exits 1 if there is any.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { files, read, lineAt, splitJs, runAsScript } from './source.mjs';

/** The generated module, and the folder whose modules must import from it. */
export const SCHEMA = 'www/schema.js';
export const DIR = 'www';

const fold = (s) => s.replace(/\s+/g, ' ').trim();

/** A fact worth checking: two words or more, ten characters or more. */
const isFact = (s) => s.length >= 10 && /\S\s+\S/.test(s);

/** A fact found inside a longer string too: four words or more. */
const isSentence = (f) => f.split(' ').length >= 4;

/**
 * The facts of a schema module's namespace `ns`: Map folded string → the export (and key) that
 * holds it, e.g. `ENABLE_LABELS.tt`.
 */
export function factsOf(ns) {
  const facts = new Map();
  const walk = (v, where, depth) => {
    if (depth > 4 || v == null) return;
    if (typeof v === 'string') {
      const f = fold(v);
      if (isFact(f) && !facts.has(f)) facts.set(f, where);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`, depth + 1));
    else if (typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${where}.${k}`, depth + 1);
  };
  for (const [name, v] of Object.entries(ns)) walk(v, name, 0);
  return facts;
}

/** The string literals of JavaScript source `src` (not in comments): [{ at, text }]. A template
 * literal counts by each of its pieces outside `${…}`. */
export function literals(src) {
  const { comments } = splitJs(src);
  const out = [];
  const re = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
  for (let m; (m = re.exec(src)); ) {
    // a quote inside a comment (`don't`) starts no literal: look again just after it
    if (comments[m.index] !== ' ') {
      re.lastIndex = m.index + 1;
      continue;
    }
    const pieces = m[3] !== undefined ? m[3].split(/\$\{[^}]*\}/) : [m[1] ?? m[2]];
    for (const raw of pieces) out.push({ at: m.index, text: raw.replace(/\\(.)/g, '$1') });
  }
  return out;
}

/** Each literal of `src` that repeats one of `facts`: [{ line, text, where }]. */
export function repeatsIn(src, facts) {
  const out = [];
  for (const { at, text } of literals(src)) {
    const t = fold(text);
    if (t.length < 10) continue;
    const where = facts.get(t) ?? [...facts].find(([f]) => isSentence(f) && t.includes(f))?.[1];
    if (where) out.push({ line: lineAt(src, at), text: t.length > 60 ? t.slice(0, 57) + '…' : t, where });
  }
  return out;
}

export async function check(root) {
  const schema = join(root, SCHEMA);
  if (!existsSync(schema)) return [];
  const facts = factsOf(await import(pathToFileURL(schema).href));
  const out = [];
  for (const path of files(root, DIR, ['.js', '.mjs'])) {
    if (path === SCHEMA) continue;
    for (const r of repeatsIn(read(root, path), facts)) {
      out.push(`${path}:${r.line}: "${r.text}" is ${r.where} of ${SCHEMA}: import it, do not write it again`);
    }
  }
  return out;
}

runAsScript(import.meta, check, 'check-generated');
