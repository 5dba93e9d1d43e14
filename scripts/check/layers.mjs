// Layers in one direction: fails on an import of a higher layer and on any import cycle between
// the files of src/ (issue 17 §3). Imports are read from `use` declarations and from inline
// paths (`crate::search::config::MAX_DEPTH` in an expression) alike, after comments and string
// literals are removed; `super::` and `self::` are resolved against the module they appear in,
// inline `mod name { … }` blocks included.
//
// Usage: `node scripts/check/layers.mjs [ROOT]` prints each violation and exits 1 if there is
// any. `check(root)` returns the violations as strings. No dependencies beyond Node itself.
//
// The layer order is written here, bottom first, and explained in docs/architecture.md: a
// top-level module of the library may import only the modules listed before it (and itself).
// The command-line front end (src/cli/, its own crate) sits above them all.
//
// One technique, one file (issue 32 §4): a type defined in a technique's file
// (a file of src/search/techniques/: `struct`, `enum`, `trait`, `type`) is named only by the
// search engine, the files of src/search/ other than the tracer. The tracer (src/search/tracer.rs),
// the trace layer and every layer above speak in their own terms, and the technique converts
// (the table's `TtEntry` becomes the tracer's `TtHit`); a technique's parameters reach them
// through `search::config`, which re-exports them.

import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The library's top-level modules, bottom layer first. */
export const LAYERS = [
  'schema',
  'game',
  'search',
  'trace',
  'run',
  'teach',
  'trace_file',
  'figure',
  'experiments',
  'schema_js',
  'wasm',
];

/** Crate roots under src/: the library, and the CLI binary (a crate of its own). */
const CRATES = [
  { name: 'lib', root: 'lib.rs', dir: '' },
  { name: 'cli', root: join('cli', 'main.rs'), dir: 'cli' },
];

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (entry.endsWith('.rs')) out.push(path);
  }
  return out;
}

/**
 * The source with comments and the contents of string and character literals blanked out
 * (newlines kept, so offsets still give line numbers).
 */
export function stripSource(src) {
  let out = '';
  let i = 0;
  const n = src.length;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      let j = src.indexOf('\n', i);
      if (j < 0) j = n;
      out += blank(src.slice(i, j));
      i = j;
    } else if (c === '/' && d === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (src[j] === '/' && src[j + 1] === '*') { depth++; j += 2; }
        else if (src[j] === '*' && src[j + 1] === '/') { depth--; j += 2; }
        else j++;
      }
      out += blank(src.slice(i, j));
      i = j;
    } else if ((c === 'r' || (c === 'b' && d === 'r')) && /^b?r#*"/.test(src.slice(i, i + 12)) &&
               !/[A-Za-z0-9_]/.test(src[i - 1] ?? '')) {
      const m = /^b?r(#*)"/.exec(src.slice(i));
      const close = '"' + m[1];
      const j = src.indexOf(close, i + m[0].length);
      const end = j < 0 ? n : j + close.length;
      out += blank(src.slice(i, end));
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      out += blank(src.slice(i, j + 1));
      i = j + 1;
    } else if (c === "'") {
      // A character literal ('a', '\n', '\u{1F600}', '"'); otherwise a lifetime or label.
      const m = /^'(\\u\{[0-9A-Fa-f]+\}|\\x[0-9A-Fa-f]{2}|\\.|[^\\'\n])'/.exec(src.slice(i, i + 16));
      if (m) {
        out += blank(m[0]);
        i += m[0].length;
      } else {
        out += c;
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Expands a use tree (`a::{b, c::{d, e}}`) into its paths, each an array of segments. */
function expandUseTree(text) {
  let pos = 0;
  const ws = () => { while (pos < text.length && /\s/.test(text[pos])) pos++; };
  function tree(prefix) {
    ws();
    const paths = [];
    const segs = [...prefix];
    for (;;) {
      ws();
      if (text[pos] === '{') {
        pos++;
        for (;;) {
          ws();
          if (text[pos] === '}') { pos++; break; }
          paths.push(...tree(segs));
          ws();
          if (text[pos] === ',') pos++;
        }
        return paths;
      }
      if (text[pos] === '*') { pos++; paths.push(segs); return paths; }
      const m = /^(\$?[A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(pos));
      if (!m) { paths.push(segs); return paths; }
      segs.push(m[1]);
      pos += m[1].length;
      ws();
      if (text.startsWith('::', pos)) { pos += 2; continue; }
      // `as alias` or the end of this branch.
      const alias = /^as\s+[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(pos));
      if (alias) pos += alias[0].length;
      paths.push(segs);
      return paths;
    }
  }
  return tree([]);
}

/** Reads every crate under `src`: files, their module paths and the modules that exist. */
function loadCrates(src) {
  const files = existsSync(src) ? walk(src) : [];
  const crates = [];
  for (const c of CRATES) {
    const rootFile = join(src, c.root);
    if (!existsSync(rootFile)) continue;
    const base = join(src, c.dir);
    const members = files.filter((f) => {
      if (c.name === 'lib') return !f.startsWith(join(src, 'cli') + sep);
      return f.startsWith(base + sep);
    });
    const modules = new Map(); // 'a::b' -> file
    for (const f of members) {
      const rel = relative(base, f).split(sep);
      let mod;
      if (f === rootFile) mod = [];
      else {
        const last = rel[rel.length - 1];
        mod = rel.slice(0, -1);
        if (last !== 'mod.rs') mod.push(last.slice(0, -3));
      }
      modules.set(mod.join('::'), f);
    }
    crates.push({ ...c, rootFile, files: members, modules });
  }
  return crates;
}

/** The file of the deepest module that `segments` (absolute, from the crate root) names. */
function resolve(crate, segments) {
  let best = crate.modules.get('');
  for (let k = 1; k <= segments.length; k++) {
    const f = crate.modules.get(segments.slice(0, k).join('::'));
    if (f === undefined) break;
    best = f;
  }
  return best;
}

/** Module path of a file within its crate. */
function modulePathOf(crate, file) {
  for (const [mod, f] of crate.modules) if (f === file) return mod === '' ? [] : mod.split('::');
  return [];
}

/** Inline module nesting at each offset: returns a function offset -> extra segments. */
function inlineModules(text) {
  const events = []; // [offset, stack snapshot]
  const stack = [];
  const re = /\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*\{|[{}]/g;
  let m;
  while ((m = re.exec(text))) {
    if (m[1]) stack.push(m[1]);
    else if (m[0] === '{') stack.push(null);
    else stack.pop();
    events.push([re.lastIndex, stack.filter((s) => s !== null)]);
  }
  return (offset) => {
    let cur = [];
    for (const [at, snap] of events) {
      if (at > offset) break;
      cur = snap;
    }
    return cur;
  };
}

/**
 * Every import of `file`: `{ line, path, target }`, where `path` is the absolute module path
 * (segments) and `target` the file it resolves to, or `extern` for `prunescope::…` in the CLI.
 */
function importsOf(crate, file, crates) {
  const text = stripSource(readFileSync(file, 'utf8'));
  const here = modulePathOf(crate, file);
  const inline = inlineModules(text);
  const lineOf = (offset) => text.slice(0, offset).split('\n').length;
  const found = [];
  const childNames = new Set(
    [...crate.modules.keys()]
      .map((k) => (k === '' ? [] : k.split('::')))
      .filter((k) => k.length === here.length + 1 && here.every((s, i) => k[i] === s))
      .map((k) => k[here.length]),
  );

  function absolute(segs, offset) {
    const mod = [...here, ...inline(offset)];
    if (segs[0] === 'crate' || segs[0] === '$crate') return { crate, path: segs.slice(1) };
    if (segs[0] === 'prunescope' && crate.name !== 'lib') {
      const lib = crates.find((c) => c.name === 'lib');
      return lib ? { crate: lib, path: segs.slice(1) } : null;
    }
    if (segs[0] === 'self' || segs[0] === 'super') {
      let cur = [...mod];
      let k = 0;
      while (segs[k] === 'self' || segs[k] === 'super') {
        if (segs[k] === 'super') cur = cur.slice(0, -1);
        k++;
      }
      return { crate, path: [...cur, ...segs.slice(k)] };
    }
    // A relative path starting with a child module of this file's module.
    if (inline(offset).length === 0 && childNames.has(segs[0])) {
      return { crate, path: [...here, ...segs] };
    }
    return null;
  }

  function add(segs, offset) {
    const abs = absolute(segs, offset);
    if (!abs || abs.path.length === 0) return;
    const target = resolve(abs.crate, abs.path);
    if (target === file || target === undefined) return;
    found.push({ line: lineOf(offset), path: abs.path, target, crate: abs.crate.name });
  }

  // `use` declarations (with their trees), then inline paths outside them.
  const useSpans = [];
  const useRe = /\buse\s+([^;]*);/g;
  let m;
  while ((m = useRe.exec(text))) {
    useSpans.push([m.index, useRe.lastIndex]);
    for (const segs of expandUseTree(m[1])) add(segs, m.index);
  }
  const pathRe = /(\$?crate|\bsuper|\bself|\bprunescope)(\s*::\s*[A-Za-z_][A-Za-z0-9_]*)+/g;
  while ((m = pathRe.exec(text))) {
    const at = m.index;
    if (useSpans.some(([a, b]) => at >= a && at < b)) continue;
    if (at > 0 && /[A-Za-z0-9_:]/.test(text[at - 1]) && m[1] !== '$crate') continue;
    add(m[0].split('::').map((s) => s.trim()), at);
  }
  return found;
}

/** Strongly connected components (Tarjan) of `graph`: Map node -> Set of nodes. */
function components(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const out = [];
  function connect(v) {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      out.push(comp);
    }
  }
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) connect(v);
  return out;
}

/** One cycle through `start` inside the component `comp` (breadth-first, shortest). */
function cycleThrough(graph, comp, start) {
  const inComp = new Set(comp);
  const prev = new Map();
  const queue = [start];
  const seen = new Set([start]);
  while (queue.length) {
    const v = queue.shift();
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const path = [v];
        let u = v;
        while (u !== start) { u = prev.get(u); path.unshift(u); }
        return [...path, start];
      }
      if (!seen.has(w)) { seen.add(w); prev.set(w, v); queue.push(w); }
    }
  }
  return [start, start];
}

/** The types each technique file defines: Map 'tt' -> Set of type names. */
function techniqueTypes(lib) {
  const out = new Map();
  for (const [mod, file] of lib.modules) {
    const segs = mod.split('::');
    if (segs.length !== 3 || segs[0] !== 'search' || segs[1] !== 'techniques') continue;
    const text = stripSource(readFileSync(file, 'utf8'));
    const names = new Set();
    for (const m of text.matchAll(/\b(?:struct|enum|trait|type)\s+([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(m[1]);
    out.set(segs[2], names);
  }
  return out;
}

/** Whether `file` (module path `here` in `crate`) may name a technique's types. */
function engineFile(crate, here) {
  return crate.name === 'lib' && here[0] === 'search' && here[1] !== 'tracer';
}

/** Every violation under `root` (the repository), as human-readable strings. */
export function check(root) {
  const src = join(root, 'src');
  const crates = loadCrates(src);
  const violations = [];
  const rel = (f) => relative(root, f).split(sep).join('/');
  const lib = crates.find((c) => c.name === 'lib');
  if (!lib) return [`${rel(join(src, 'lib.rs'))}: missing`];

  // Every top-level module of the library has a place in the order.
  for (const mod of lib.modules.keys()) {
    if (mod === '' || mod.includes('::')) continue;
    if (!LAYERS.includes(mod)) {
      violations.push(
        `${rel(lib.modules.get(mod))}: top-level module \`${mod}\` has no place in the layer ` +
          'order (LAYERS in scripts/check/layers.mjs, docs/architecture.md)',
      );
    }
  }

  // Edges between sibling modules: Map 'parent' -> Map child -> Map child -> first import.
  const siblings = new Map();
  const techniques = techniqueTypes(lib);
  for (const crate of crates) {
    for (const file of crate.files) {
      const here = modulePathOf(crate, file);
      const from = crate.name === 'lib' ? here[0] : undefined;
      for (const imp of importsOf(crate, file, crates)) {
        const [a0, a1, tech, type] = imp.path;
        if (imp.crate === 'lib' && a0 === 'search' && a1 === 'techniques' && techniques.get(tech)?.has(type) &&
            !engineFile(crate, here)) {
          violations.push(
            `${rel(file)}:${imp.line}: technique type outside the engine: \`${imp.path.slice(0, 4).join('::')}\` ` +
              'is the technique\'s own; speak in this module\'s terms and let the technique convert ' +
              '(parameters come through search::config)',
          );
        }
        if (imp.crate !== crate.name) continue; // the CLI using the library: always downward
        const to = crate.name === 'lib' ? imp.path[0] : undefined;
        if (from !== undefined && to !== undefined && from !== to) {
          const a = LAYERS.indexOf(from);
          const b = LAYERS.indexOf(to);
          if (a >= 0 && b > a) {
            violations.push(
              `${rel(file)}:${imp.line}: upward import: \`${from}\` uses ` +
                `\`crate::${imp.path.join('::')}\` of the higher layer \`${to}\``,
            );
          }
        }
        const there = modulePathOf(crate, imp.target);
        let k = 0;
        while (k < here.length && k < there.length && here[k] === there[k]) k++;
        if (k === here.length || k === there.length) continue; // parent and descendant
        const parent = `${crate.name}:${here.slice(0, k).join('::')}`;
        const group = siblings.get(parent) ?? new Map();
        siblings.set(parent, group);
        const edges = group.get(here[k]) ?? new Map();
        group.set(here[k], edges);
        if (!edges.has(there[k])) edges.set(there[k], `${rel(file)}:${imp.line}`);
      }
    }
  }

  for (const [parent, group] of [...siblings].sort()) {
    const graph = new Map([...group].map(([a, edges]) => [a, new Set(edges.keys())]));
    for (const comp of components(graph)) {
      if (comp.length < 2) continue;
      const [crateName, mod] = parent.split(':');
      const prefix = (crateName === 'cli' ? 'cli' : 'crate') + (mod ? `::${mod}` : '');
      const name = (m) => `${prefix}::${m}`;
      const start = [...comp].sort()[0];
      const cycle = cycleThrough(graph, comp, start);
      const steps = [];
      for (let i = 0; i + 1 < cycle.length; i++) {
        steps.push(`${name(cycle[i])} -> ${name(cycle[i + 1])} (${group.get(cycle[i]).get(cycle[i + 1])})`);
      }
      violations.push(
        `import cycle among ${comp.length} sibling modules (${[...comp].sort().map(name).join(', ')}): ` +
          steps.join(', '),
      );
    }
  }
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.argv[2] ?? join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
  const violations = check(root);
  for (const v of violations) console.log(v);
  if (violations.length) {
    console.log(`layers: ${violations.length} violation(s)`);
    process.exit(1);
  }
  console.log('layers: imports run down, no cycle');
}
