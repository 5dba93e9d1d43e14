// Views and panels only read the state (issue 17 §4): a change of the state goes through the
// actions (www/actions.js), the modes (www/modes/) or the commands (www/controls/), so that
// what a click does is written in one place. This finds, in www/views/, www/panels/ and
// www/export.js, every
// write through the state: an assignment (`=`, `+=`, `??=`, …), `++`/`--`, `delete`, or a
// mutating call (`.push(`, `.add(`, `.set(`, …; `Object.assign(`) on an expression that starts
// at the state.
//
// What starts at the state: `state` and `app.state`, and, in the same file, every name bound to
// such an expression (`const q = state.quiz`, `const { explore } = app.state`, a function that
// returns one, `const trace = () => state.explore.trace`, and `trace()`), followed to a fixed
// point. Names are followed per file, not per scope: the check reads source, it does not run it.
//
// What arrives as a parameter counts too (issue 32 §4: the tree canvas wrote the transform it
// was given): the parameters of a view's constructor (`constructor(canvas, transform, on)` of a
// class) and of a view's factory (an exported `function createThing(app, opts)`), destructured
// ones included, every field a constructor keeps of one (`this.t = transform`), and the names
// bound to them as above. A view reports a change instead (a callback or an event) and the mode
// stores it. The elements a view draws into are its own: a parameter named `canvas`, `ctx`,
// `el`, `element`, `root`, `host`, `container` or `…El` is not followed; nor is `app`, the
// composition root's handle, whose state is followed as `app.state` and whose modes, actions
// and commands are how a view reports.
//
// Views and panels import no mode (www/modes/): what they need of one arrives through `app`,
// and what both need lives below them (www/state.js, www/model/).
//
// `node scripts/check/view-writes.mjs [root]`: prints each violation, exits 1 if there is any.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { files, read, lineAt, splitJs, closing, runAsScript } from './source.mjs';

/** Where the state is only read: the views, the panels, and the export's file builders. */
export const DIRS = ['www/views', 'www/panels'];
export const FILES = ['www/export.js'];

const MUTATORS = ['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'add', 'delete', 'clear', 'set'];
const ASSIGN = /^\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])/;
const ID = '[A-Za-z_$][\\w$]*';

/**
 * The end of the member chain that starts at `i` in `code` (`.a`, `?.b`, `[k]`, `(args)`), and
 * how many of its links are property accesses.
 */
function chain(code, i) {
  let members = 0;
  for (;;) {
    const m = /^\s*(\?\.)?\s*/.exec(code.slice(i, i + 40));
    let k = i + m[0].length;
    if (code[k] === '.' || m[1]) {
      const name = new RegExp(`^\\.?\\s*(${ID})`).exec(code.slice(k, k + 80));
      if (code[k] === '.' || /^[A-Za-z_$]/.test(code[k])) {
        if (!name) return { end: i, members };
        i = k + name[0].length;
        members++;
        continue;
      }
    }
    if (code[k] === '[' || code[k] === '(') {
      const c = closing(code, k);
      if (c < 0) return { end: i, members };
      if (code[k] === '[') members++;
      i = c + 1;
      continue;
    }
    return { end: i, members, last: code.slice(i) };
  }
}

/** Parameters not followed: the view's own elements, and `app` (followed as `app.state`). */
const NOT_FOLLOWED = /^(?:app|canvas|ctx|el|element|root|host|container|[A-Za-z_$][\w$]*El)$/;

/** The names a parameter list `(a, { b, c: d }, e = 1, ...f)` binds. */
function paramNames(list) {
  const out = [];
  let depth = 0, cur = '';
  const flush = () => {
    const part = cur.trim();
    cur = '';
    if (!part) return;
    const d = /^\{([^]*)\}/.exec(part);
    if (d) {
      for (const p of d[1].split(',')) {
        const n = /(?:[\w$]+\s*:\s*)?([A-Za-z_$][\w$]*)\s*(?:=[^]*)?$/.exec(p.trim());
        if (n) out.push(n[1]);
      }
      return;
    }
    const n = /^(?:\.\.\.)?([A-Za-z_$][\w$]*)/.exec(part);
    if (n) out.push(n[1]);
  };
  for (const c of list) {
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    if (c === ',' && depth === 0) flush();
    else cur += c;
  }
  flush();
  return out;
}

/**
 * The parameters of the views' constructors and factories in `code` (see the head of this file),
 * as regular-expression sources: each name, and each `this.field` a constructor keeps of one.
 */
export function viewParams(code) {
  const names = new Set();
  const heads = [/\bconstructor\s*\(/g, /\bexport\s+(?:async\s+)?function\s*\*?\s*create[A-Z][\w$]*\s*\(/g];
  for (const re of heads) {
    for (const m of code.matchAll(re)) {
      const open = m.index + m[0].length - 1;
      const close = closing(code, open);
      if (close < 0) continue;
      for (const n of paramNames(code.slice(open + 1, close))) if (!NOT_FOLLOWED.test(n)) names.add(n);
    }
  }
  const out = new Set(names);
  for (const n of names) {
    for (const m of code.matchAll(new RegExp(`\\bthis\\s*\\.\\s*(${ID})\\s*=\\s*${n}\\b(?!\\s*[.(\\[])`, 'g'))) out.add(`this\\.${m[1]}`);
  }
  return [...out];
}

/** The names of `code` bound to the state: plain aliases and functions that return one;
 * `seed`: more roots (regular-expression sources, as viewParams gives). */
export function stateNames(code, seed = []) {
  const names = new Set(['state', ...seed]);
  const calls = new Set();
  const root = () => `(?:\\bapp\\s*\\.\\s*state\\b|(?<![\\w$.])(?:${[...names].join('|')})(?![\\w$])(?!\\s*\\()|(?<![\\w$.])(?:${[...calls].join('|') || '(?!)'})\\s*\\(\\s*\\))`;
  for (let grew = true; grew; ) {
    grew = false;
    const r = root();
    const plain = new RegExp(`\\b(?:const|let|var)\\s+(${ID})\\s*=\\s*(?:${r})`, 'g');
    const fn = new RegExp(`\\b(?:const|let|var)\\s+(${ID})\\s*=\\s*\\(\\s*\\)\\s*=>\\s*(?:${r})`, 'g');
    const destructure = new RegExp(`\\b(?:const|let|var)\\s*\\{([^}]*)\\}\\s*=\\s*(?:${r})`, 'g');
    const add = (set, n) => {
      if (!set.has(n)) {
        set.add(n);
        grew = true;
      }
    };
    for (const m of code.matchAll(plain)) add(names, m[1]);
    for (const m of code.matchAll(fn)) add(calls, m[1]);
    for (const m of code.matchAll(destructure)) {
      for (const part of m[1].split(',')) {
        const n = /(?:[\w$]+\s*:\s*)?([A-Za-z_$][\w$]*)\s*(?:=.*)?$/.exec(part.trim());
        if (n) add(names, n[1]);
      }
    }
  }
  return { names, calls, root: root() };
}

/** The writes through the state in JavaScript source `src`: [{ line, text }]. */
export function writesIn(src) {
  const { code } = splitJs(src);
  const { root } = stateNames(code, viewParams(code));
  const out = [];
  const seen = new Set();
  const report = (i, end) => {
    const line = lineAt(src, i);
    if (seen.has(line)) return;
    seen.add(line);
    out.push({ line, text: src.slice(i, end).replace(/\s+/g, ' ').trim() });
  };
  for (const m of code.matchAll(new RegExp(root, 'g'))) {
    const before = code.slice(Math.max(0, m.index - 12), m.index);
    if (/\b(?:const|let|var)\s+$/.test(before)) continue; // declaring an alias
    const { end, members } = chain(code, m.index + m[0].length);
    if (!members) continue; // the name itself, not what it holds
    const after = code.slice(end, end + 6);
    const prefix = /(?:\+\+|--|\bdelete)\s*$/.test(before);
    if (ASSIGN.test(after) || /^\s*(\+\+|--)/.test(after) || prefix) {
      report(m.index, end + (ASSIGN.exec(after)?.[0].length ?? 2));
      continue;
    }
    // a mutating call: the chain's last link is `.name(` with name a mutator
    const tail = /\.\s*([A-Za-z_$][\w$]*)\s*\([^]*$/.exec(code.slice(m.index, end));
    if (tail && MUTATORS.includes(tail[1])) report(m.index, end);
  }
  for (const m of code.matchAll(new RegExp(`\\bObject\\s*\\.\\s*assign\\s*\\(\\s*(?:${root})`, 'g'))) report(m.index, m.index + m[0].length);
  return out;
}

export function check(root) {
  const out = [];
  const paths = [...DIRS.flatMap((dir) => files(root, dir, ['.js', '.mjs'])), ...FILES.filter((f) => existsSync(join(root, f)))];
  for (const path of paths) {
    const src = read(root, path);
    for (const w of writesIn(src)) out.push(`${path}:${w.line}: writes the state (${w.text}): go through an action or a mode`);
    for (const m of src.matchAll(/^\s*import\b[^;]*?from\s*['"]([^'"]*\/modes\/[^'"]*)['"]/gm)) {
      out.push(`${path}:${lineAt(src, m.index + m[0].indexOf(m[1]))}: imports a mode (${m[1]}): take what it needs through app, or move it below the views`);
    }
  }
  return out;
}

runAsScript(import.meta, check, 'check-view-writes');
