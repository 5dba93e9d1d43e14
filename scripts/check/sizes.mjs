// Sizes that keep a file readable (issue 17 §4): no JavaScript module under www/ longer than
// MAX_MODULE_LINES lines, and no function longer than MAX_FUNCTION_LINES lines in src/ (Rust)
// or www/ (JavaScript).
//
// A function's length is its own lines, from its header to its closing brace, less the lines of
// the functions defined inside it, which are measured on their own: a factory that returns
// twenty small closures is not one long function, and a long callback inside a short function
// is still caught. Rust closures are part of the `fn` they are written in; JavaScript arrow
// functions with a block body, function declarations and expressions and methods are functions.
//
// `node scripts/check/sizes.mjs [root]`: prints each violation, exits 1 if there is any.

import { files, read, lineAt, splitJs, splitRust, closing, runAsScript } from './source.mjs';

export const MAX_MODULE_LINES = 600;
export const MAX_FUNCTION_LINES = 150;

const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'function']);

/** The functions of blanked JavaScript `code`: [{ name, start, open, close }] (offsets). */
export function jsFunctions(code) {
  const found = [];
  for (let i = code.indexOf('{'); i !== -1; i = code.indexOf('{', i + 1)) {
    let k = i - 1;
    while (k >= 0 && /\s/.test(code[k])) k--;
    let name = null;
    let start = i;
    if (code[k] === '>' && code[k - 1] === '=') {
      // an arrow function: `(…) => {` or `x => {`, perhaps assigned to a name
      let p = k - 2;
      while (p >= 0 && /\s/.test(code[p])) p--;
      if (code[p] === ')') p = openingParen(code, p);
      else while (p > 0 && /[\w$]/.test(code[p - 1])) p--;
      if (p < 0) continue;
      start = p;
      const before = /([\w$]+)\s*(?::|=)\s*(?:async\s*)?$/.exec(code.slice(Math.max(0, p - 80), p));
      name = before ? before[1] : '(arrow)';
    } else if (code[k] === ')') {
      const p = openingParen(code, k);
      if (p < 0) continue;
      const head = code.slice(Math.max(0, p - 120), p);
      const fn = /function\s*\*?\s*([\w$]*)\s*$/.exec(head);
      const method = /(?:^|[^\w$.])(?:(?:async|get|set|static)\s+)*\*?\s*([\w$]+)\s*$/.exec(head);
      if (fn) {
        name = fn[1] || /([\w$]+)\s*(?::|=)\s*(?:async\s*)?function\s*\*?\s*$/.exec(head)?.[1] || '(function)';
        start = p - (head.length - head.lastIndexOf('function'));
      } else if (method && !NOT_METHODS.has(method[1])) {
        name = method[1];
        start = p - method[1].length;
      } else continue;
    } else continue;
    const close = closing(code, i);
    if (close < 0) continue;
    found.push({ name, start, open: i, close });
  }
  return found;
}

/** The offset of the `(` that the `)` at `close` closes, or -1. */
function openingParen(code, close) {
  let depth = 0;
  for (let k = close; k >= 0; k--) {
    if (code[k] === ')') depth++;
    else if (code[k] === '(' && --depth === 0) return k;
  }
  return -1;
}

/** The `fn` items of blanked Rust `code` that have a body: [{ name, start, open, close }]. */
export function rustFunctions(code) {
  const found = [];
  const re = /\bfn\s+([A-Za-z_][A-Za-z0-9_]*)/g;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    let depth = 0;
    let k = m.index + m[0].length;
    for (; k < code.length; k++) {
      const c = code[k];
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (depth === 0 && (c === '{' || c === ';')) break;
    }
    if (code[k] !== '{') continue;
    const close = closing(code, k);
    if (close < 0) continue;
    found.push({ name: m[1], start: m.index, open: k, close });
  }
  return found;
}

/**
 * Each function's own length in lines: header to closing brace, less the lines of the functions
 * directly inside it. `fns` from jsFunctions / rustFunctions; returns [{ name, line, lines }].
 */
export function ownLengths(text, fns) {
  const spans = fns.map((f) => ({ ...f, first: lineAt(text, f.start), last: lineAt(text, f.close) }));
  spans.sort((a, b) => a.start - b.start);
  return spans.map((f) => {
    let lines = f.last - f.first + 1;
    // direct children: inside f and not inside another function inside f
    let end = -1;
    for (const g of spans) {
      if (g === f || g.open <= f.open || g.close >= f.close || g.start < end) continue;
      lines -= g.last - g.first + 1;
      end = g.close;
    }
    return { name: f.name, line: f.first, lines };
  });
}

export function check(root) {
  const out = [];
  for (const path of files(root, 'www', ['.js', '.mjs'])) {
    const text = read(root, path);
    const n = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (n > MAX_MODULE_LINES) out.push(`${path}: ${n} lines (a www module has at most ${MAX_MODULE_LINES})`);
    for (const f of ownLengths(text, jsFunctions(splitJs(text).code))) {
      if (f.lines > MAX_FUNCTION_LINES) out.push(`${path}:${f.line}: function ${f.name} is ${f.lines} lines (at most ${MAX_FUNCTION_LINES})`);
    }
  }
  for (const path of files(root, 'src', ['.rs'])) {
    const text = read(root, path);
    for (const f of ownLengths(text, rustFunctions(splitRust(text).code))) {
      if (f.lines > MAX_FUNCTION_LINES) out.push(`${path}:${f.line}: fn ${f.name} is ${f.lines} lines (at most ${MAX_FUNCTION_LINES})`);
    }
  }
  return out;
}

runAsScript(import.meta, check, 'check-sizes');
