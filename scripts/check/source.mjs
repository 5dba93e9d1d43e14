// What the checks of scripts/check/ share: walking the repository's files and blanking the
// comments and literals of JavaScript and Rust source, so that a check reads code (or only
// comments) without a parser. No dependencies: Node's standard library only.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Folders no check reads: build output, installed packages, version control. */
const SKIP = new Set(['node_modules', 'target', 'pkg', '.git']);

/**
 * Every file under `root/dir` whose name ends with one of `exts`, as paths relative to `root`
 * with `/` separators, sorted. A missing folder gives an empty list.
 */
export function files(root, dir, exts) {
  const out = [];
  const walk = (abs) => {
    let names;
    try {
      names = readdirSync(abs);
    } catch {
      return;
    }
    for (const name of names) {
      if (SKIP.has(name)) continue;
      const p = join(abs, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else if (exts.some((e) => name.endsWith(e))) out.push(relative(root, p).split(sep).join('/'));
    }
  };
  walk(join(root, dir));
  return out.sort();
}

export const read = (root, path) => readFileSync(join(root, path), 'utf8');

/** The 1-based line of offset `i` in `text`. */
export function lineAt(text, i) {
  let line = 1;
  for (let k = text.indexOf('\n'); k !== -1 && k < i; k = text.indexOf('\n', k + 1)) line++;
  return line;
}

/** Where a `/` starts a regular expression rather than a division (the previous code char). */
const REGEX_AFTER = new Set([...'(,=:[!&|?{};+-*%<>~^']);
const REGEX_AFTER_WORDS = /\b(return|typeof|case|do|else|in|of|void|yield|await|delete|throw|new)$/;

/**
 * Splits JavaScript source into `code` (comments, strings and regular expressions blanked with
 * spaces; newlines kept, so offsets and lines stay) and `comments` (only the comments' text,
 * everything else blanked). Template literals keep their `${…}` code.
 */
export function splitJs(src) {
  const code = src.split('');
  const comments = src.replace(/[^\n]/g, ' ').split('');
  const blank = (a, b) => {
    for (let k = a; k < b; k++) if (code[k] !== '\n') code[k] = ' ';
  };
  const keep = (a, b) => {
    for (let k = a; k < b; k++) comments[k] = src[k];
  };
  let i = 0;
  /** Braces opened inside `${…}` of each template literal we are in. */
  const templates = [];
  let prev = ''; // the last code character that is not white space
  let prevText = 0; // where the code before `prev` ends (for keywords before a regex)
  const n = src.length;
  const scanTemplate = () => {
    // at a template literal's body (after ` or after the } that closes ${…})
    const start = i;
    while (i < n) {
      const c = src[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        blank(start, i - 1);
        return;
      } else if (c === '$' && src[i + 1] === '{') {
        blank(start, i + 2);
        i += 2;
        templates.push(0);
        return;
      } else i++;
    }
    blank(start, n);
  };
  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      const e = src.indexOf('\n', i);
      const end = e === -1 ? n : e;
      keep(i, end);
      blank(i, end);
      i = end;
    } else if (c === '/' && d === '*') {
      const e = src.indexOf('*/', i + 2);
      const end = e === -1 ? n : e + 2;
      keep(i, end);
      blank(i, end);
      i = end;
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < n && src[k] !== c && src[k] !== '\n') k += src[k] === '\\' ? 2 : 1;
      blank(i + 1, k);
      i = k + 1;
      prev = c;
    } else if (c === '`') {
      i++;
      scanTemplate();
      prev = '`';
    } else if (c === '/' && (prev === '' || REGEX_AFTER.has(prev) || REGEX_AFTER_WORDS.test(src.slice(Math.max(0, prevText - 12), prevText)))) {
      let k = i + 1;
      let cls = false;
      while (k < n && src[k] !== '\n') {
        if (src[k] === '\\') k += 2;
        else if (src[k] === '[') (cls = true), k++;
        else if (src[k] === ']') (cls = false), k++;
        else if (src[k] === '/' && !cls) break;
        else k++;
      }
      blank(i + 1, k);
      i = k + 1;
      while (i < n && /[a-z]/.test(src[i])) i++;
      prev = '/';
    } else if (c === '{' && templates.length) {
      templates[templates.length - 1]++;
      prev = c;
      i++;
    } else if (c === '}' && templates.length && templates[templates.length - 1] === 0) {
      templates.pop();
      code[i] = ' ';
      i++;
      scanTemplate();
      prev = '`';
    } else {
      if (c === '}' && templates.length) templates[templates.length - 1]--;
      if (!/\s/.test(c)) {
        prev = c;
        prevText = i + 1;
      }
      i++;
    }
  }
  return { code: code.join(''), comments: comments.join('') };
}

/**
 * The same for Rust: comments (line, block, nested block), strings (plain, byte and raw) and
 * character literals; lifetimes are code.
 */
export function splitRust(src) {
  const code = src.split('');
  const comments = src.replace(/[^\n]/g, ' ').split('');
  const blank = (a, b) => {
    for (let k = a; k < b; k++) if (code[k] !== '\n') code[k] = ' ';
  };
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      const e = src.indexOf('\n', i);
      const end = e === -1 ? n : e;
      for (let k = i; k < end; k++) comments[k] = src[k];
      blank(i, end);
      i = end;
    } else if (c === '/' && d === '*') {
      let depth = 1;
      let k = i + 2;
      while (k < n && depth) {
        if (src[k] === '/' && src[k + 1] === '*') (depth++, (k += 2));
        else if (src[k] === '*' && src[k + 1] === '/') (depth--, (k += 2));
        else k++;
      }
      for (let m = i; m < k; m++) comments[m] = src[m];
      blank(i, k);
      i = k;
    } else if ((c === 'r' || (c === 'b' && d === 'r')) && /^b?r#*"/.test(src.slice(i, i + 40)) && !/[A-Za-z0-9_]/.test(src[i - 1] ?? '')) {
      const m = /^b?r(#*)"/.exec(src.slice(i, i + 40));
      const close = `"${m[1]}`;
      const start = i + m[0].length;
      const e = src.indexOf(close, start);
      const end = e === -1 ? n : e;
      blank(start, end);
      i = end + close.length;
    } else if (c === '"') {
      let k = i + 1;
      while (k < n && src[k] !== '"') k += src[k] === '\\' ? 2 : 1;
      blank(i + 1, k);
      i = k + 1;
    } else if (c === "'") {
      // a character literal ('x', '\n', '\u{1F600}', 'é') or a lifetime ('a)
      const m = /^'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'\n]{1,2})'/u.exec(src.slice(i, i + 16));
      if (m) {
        blank(i + 1, i + m[0].length - 1);
        i += m[0].length;
      } else i++;
    } else i++;
  }
  return { code: code.join(''), comments: comments.join('') };
}

/** The offset of the bracket that closes the one at `open` in blanked `code`, or -1. */
export function closing(code, open) {
  const o = code[open];
  const c = { '{': '}', '(': ')', '[': ']' }[o];
  let depth = 0;
  for (let k = open; k < code.length; k++) {
    if (code[k] === o) depth++;
    else if (code[k] === c && --depth === 0) return k;
  }
  return -1;
}

/**
 * Runs a check as a script: `node scripts/check/NAME.mjs [root]` prints each violation and
 * exits 1 if there is any. `meta` is the check module's `import.meta`.
 */
export function runAsScript(meta, check, what) {
  if (!process.argv[1] || meta.url !== pathToFileURL(process.argv[1]).href) return;
  const root = process.argv[2] ?? process.cwd();
  // a check may be async (generated.mjs imports www/schema.js)
  Promise.resolve(check(root)).then((found) => {
    for (const v of found) console.log(v);
    if (found.length) {
      console.error(`${what}: ${found.length} violation${found.length === 1 ? '' : 's'}`);
      process.exit(1);
    }
    console.log(`${what}: ok`);
  });
}
