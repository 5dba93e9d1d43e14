// One declared state (www/state.js names every field of the page's state, issue 32 §4). A
// variable that outlives a call, held by a module or by a factory's closure, is state outside
// it unless it is the module's own business: a memo of what a view last drew, a chart or timer
// handle, a once-only load under way, a worker's own instance. This finds every such variable
// that says neither.
//
// What it reads: the page's modules (www/**/*.js; the Node tools www/*.mjs are not the page).
// What counts as holding state, "closure-level": a `let` at a module's top level, and a `let`
// at the top level of a factory's body. A factory is a function declared at a module's top level
// (`function f(…) {…}` or `const f = (…) => {…}`) that is named `create…` (all its lets count),
// or that returns, at its own level, a function or an object literal with a method or an arrow
// function (the lets that what it returns names: they stay alive between calls). A `let` inside
// a nested block, a method or a handler is a working variable of one call, and a `const` is a binding, not state (what it
// points to is followed by view-writes.mjs where it is the state).
//
// The mark: a comment `UI-local: why` (or `worker-local: why` in a worker) on the `let`'s line or
// in the comment lines directly above it; a mark above a run of `let` lines covers the run. What
// belongs to the page's state moves into www/state.js instead.
//
// `node scripts/check/state-lets.mjs [root]`: prints each violation, exits 1 if there is any.

import { files, read, lineAt, splitJs, closing, runAsScript } from './source.mjs';

/** The mark, with a reason after it. */
const MARK = /\b(?:UI|worker)-local:\s*\S/;

/** The properties of an object literal's text `lit` that are functions (methods, arrows). */
function functionProperties(lit) {
  const props = [];
  let depth = 0, start = 0;
  for (let i = 0; i <= lit.length; i++) {
    const c = lit[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if ((c === ',' && depth === 0) || i === lit.length) {
      props.push(lit.slice(start, i));
      start = i + 1;
    }
  }
  return props.filter((p) => /^\s*(?:async\s+)?\*?\s*[\w$]+\s*\([^()]*\)\s*\{/.test(p) || /^\s*[\w$]+\s*:\s*(?:async\s*)?(?:function\b|(?:\([^()]*\)|[\w$]+)\s*=>)/.test(p));
}

/** What the body `code.slice(open + 1, close)` returns, at its own level, that keeps variables
 * alive: the text of each function or object literal holding one. */
function returnedClosures(code, open, close) {
  const out = [];
  let depth = 0;
  for (let i = open + 1; i < close; i++) {
    const c = code[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0 && code.startsWith('return', i) && !/[\w$]/.test(code[i - 1]) && !/[\w$]/.test(code[i + 6])) {
      const rest = code.slice(i + 6).trimStart();
      const at = i + 6 + (code.slice(i + 6).length - rest.length);
      if (/^(?:async\s+)?function\b/.test(rest) || /^(?:async\s*)?(?:\([^()]*\)|[\w$]+)\s*=>/.test(rest)) {
        // through the function's body: its braces, or an arrow's expression up to the `;`
        const brace = /^[^;{]*?(?:\)\s*|=>\s*)\{/.exec(rest);
        const end = brace ? closing(code, at + brace[0].length - 1) : code.indexOf(';', at);
        out.push(code.slice(at, end < 0 ? close : Math.min(end + 1, close)));
      }
      else if (rest[0] === '{') {
        const end = closing(code, at);
        const lit = code.slice(at + 1, end < 0 ? close : end);
        out.push(...functionProperties(lit));
      }
    }
  }
  return out;
}

/** The names a declaration list `a = 1, b, c = f(x, y)` declares (destructuring: its names). */
function declared(list) {
  const parts = [];
  let depth = 0, cur = '';
  for (const c of list) {
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts.flatMap((p) => {
    const head = p.split('=')[0].trim();
    return /^[[{]/.test(head) ? head.match(/[\w$]+/g) ?? [] : /^[\w$]+$/.test(head) ? [head] : [];
  });
}

/** The closure-level `let`s of JavaScript source `src`: [{ line, names, where }]. */
export function closureLets(src) {
  const { code } = splitJs(src);
  const depth = new Int32Array(code.length + 1);
  const factories = []; // [open, close, name]
  let d = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '{') {
      if (d === 0) {
        const before = code.slice(Math.max(0, i - 400), i);
        const params = String.raw`\((?:[^(){};]|\([^()]*\)|\{[^{}]*\})*\)`;
        const fn =
          new RegExp(String.raw`\bfunction\s*\*?\s*([\w$]*)\s*${params}\s*$`).exec(before) ??
          new RegExp(String.raw`\b(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s*)?(?:${params}|[\w$]+)\s*=>\s*$`).exec(before);
        const close = closing(code, i);
        if (fn && close > 0) factories.push([i, close, fn[1], /^create[A-Z]/.test(fn[1]), returnedClosures(code, i, close)]);
      }
      d++;
    } else if (c === '}') d--;
    depth[i] = d;
  }
  const out = [];
  for (const m of code.matchAll(/(?<![\w$.])let\s+([^;\n]*)/g)) {
    const names = declared(m[1]);
    let where = null;
    if (depth[m.index] === 0) where = 'module';
    else if (depth[m.index] === 1) {
      const f = factories.find(([a, z]) => a < m.index && m.index < z);
      // a create… factory keeps all its lets; another function, those its returned closures name
      if (f && (f[3] || names.some((n) => f[4].some((t) => new RegExp(`(?<![\\w$.])${n.replace(/\$/g, '\\$')}(?![\\w$])`).test(t))))) where = f[2];
    }
    if (where === null) continue;
    out.push({ line: lineAt(src, m.index), names, where: where === 'module' ? 'the module' : `the factory ${where}()` });
  }
  return out;
}

/** Whether the `let` on 1-based `line` of `src` carries the mark (see the head of this file). */
export function marked(src, line) {
  const lines = src.split('\n');
  if (MARK.test(lines[line - 1] ?? '')) return true;
  for (let k = line - 2; k >= 0; k--) {
    const l = lines[k].trim();
    if (l.startsWith('//') || l.startsWith('*') || l.startsWith('/*')) {
      if (MARK.test(l)) return true;
      continue;
    }
    if (/^let\s/.test(l)) {
      if (MARK.test(l)) return true;
      continue; // a run of lets shares the mark above it
    }
    return false;
  }
  return false;
}

export function check(root) {
  const out = [];
  for (const path of files(root, 'www', ['.js'])) {
    const src = read(root, path);
    for (const l of closureLets(src)) {
      if (marked(src, l.line)) continue;
      out.push(`${path}:${l.line}: \`let ${l.names.join(', ')}\` holds state in ${l.where}: name it in www/state.js, or mark it \`// UI-local: why\``);
    }
  }
  return out;
}

runAsScript(import.meta, check, 'check-state-lets');
