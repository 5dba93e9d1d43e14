// What the site is, for the two things that publish it: the server (www/serve.mjs) and the
// static build (scripts/build-site.mjs). Node only; the page never imports it.
//
// Nothing here is hand-listed: the files of the site are found on disk (the pages, every module
// and stylesheet of www/, the wasm build in pkg/, the committed results the Experiments view
// reads, and the files of node_modules/ that the page names), so a module added to www/ is
// served, precached by the service worker and preloaded (when the entry imports it statically)
// without anyone editing a list.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { trees } from './model/presets.js';

/** Files of www/ that belong to the server or the build, not to the page. */
const NODE_ONLY = new Set(['www/serve.mjs', 'www/site.mjs', 'www/sw.js']);

/** Folders whose files are part of the site, with the endings that count. */
const SITE_DIRS = [
  ['www', /\.(js|css|epd|json|svg|png)$/],
  ['pkg', /\.(js|wasm)$/],
  ['icons', /\.(png|svg)$/],
  ['docs/results', /\.json$/],
];

/** The pages at the top: the full page, the embed view (made from it) and the web app manifest. */
export const TOP_FILES = ['index.html', 'manifest.webmanifest'];

/**
 * The first wasm build (scripts/setup.sh): what the page's default search needs, preloaded by
 * the served page. The second build (pkg/prunescope_full*) is precached like every file of pkg/
 * but loaded when first used (docs/architecture.md, "Two wasm builds").
 */
export const FIRST_BUILD = ['pkg/prunescope.js', 'pkg/prunescope_bg.wasm'];

/** The generated files: served by the server, written by the build. */
export const EMBED_PAGE = 'embed.html';
export const SERVICE_WORKER = 'sw.js';

function walk(root, dir, re, out) {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return;
  for (const entry of readdirSync(abs).sort()) {
    if (entry.startsWith('.')) continue;
    const rel = `${dir}/${entry}`;
    const st = statSync(path.join(root, rel));
    if (st.isDirectory()) walk(root, rel, re, out);
    else if (re.test(entry) && !NODE_ONLY.has(rel)) out.push(rel);
  }
}

/**
 * The files of node_modules/ that the page names: every `node_modules/…` path in index.html
 * and in the modules of www/ (a stylesheet link, a lazy `import()`).
 */
function namedModules(root, sources) {
  const found = new Set();
  for (const rel of sources) {
    const text = readFileSync(path.join(root, rel), 'utf8');
    for (const m of text.matchAll(/(?<=['"`/])node_modules\/[\w@.\-/]+\.(?:js|css|mjs)/g)) {
      const file = m[0];
      if (existsSync(path.join(root, file))) found.add(file);
    }
  }
  return [...found].sort();
}

/** Every file of the site under `root` (paths relative to it, `/`-separated), sorted. */
export function siteFiles(root) {
  const out = TOP_FILES.filter((f) => existsSync(path.join(root, f)));
  for (const [dir, re] of SITE_DIRS) walk(root, dir, re, out);
  const sources = out.filter((f) => f.endsWith('.html') || (f.startsWith('www/') && f.endsWith('.js')));
  return [...out, ...namedModules(root, sources)];
}

/** The first 16 hex digits of the SHA-256 of `bytes`: a file's version. */
export const contentHash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The modules `entry` (a path like `www/main.js`) imports statically, transitively, entry first. */
export function staticImports(root, entry) {
  const seen = new Set();
  const visit = (rel) => {
    if (seen.has(rel)) return;
    const file = path.join(root, rel);
    if (!existsSync(file)) return;
    seen.add(rel);
    const text = readFileSync(file, 'utf8');
    // `import … from '…'` and `export … from '…'` at the start of a line (never `import(`)
    for (const m of text.matchAll(/^\s*(?:import|export)\s[^;(]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm)) {
      const spec = m[1] ?? m[2];
      let target;
      if (spec.startsWith('/')) target = spec.slice(1);
      else if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      else continue;
      visit(target);
    }
  };
  visit(entry);
  return [...seen];
}

/** The entry module of a page: its `<script type="module" src="…">`. */
export function entryModule(html) {
  const m = /<script\s+type="module"\s+src="\/?([^"]+)"/.exec(html);
  return m ? m[1] : null;
}

/**
 * The page's modules as one bundle (esbuild, a devDependency): the entry and every module it
 * imports statically in one file, each lazily imported module in a chunk of its own (loaded
 * when first used), named by content hash (`/bundle/main-<hash>.js`), so that they can be
 * cached as immutable. The wasm build (`/pkg/…`) and the libraries (`/node_modules/…`) stay
 * separate files, as do the workers (started by URL). Kept per version of the sources.
 * Answers { entry, preload, files: Map(path → Buffer) }, or null without esbuild (then the
 * page is served as its modules, with modulepreload links).
 */
let bundled = null;
export async function bundle(root, entry) {
  const sources = [];
  walk(root, 'www', /\.js$/, sources);
  const signature = `${root}|${entry}|${sources.map((f) => `${f}:${statSync(path.join(root, f)).mtimeMs}`).join(',')}`;
  if (bundled?.signature === signature) return bundled.result;
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  const out = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    target: 'es2022',
    outdir: path.join(root, 'bundle'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    external: ['/pkg/*', '/node_modules/*', '/www/*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
  });
  const files = new Map();
  for (const f of out.outputFiles) files.set(`bundle/${path.basename(f.path)}`, Buffer.from(f.contents));
  const outputs = out.metafile.outputs;
  // every lazily imported module is an entry point of its own in the metafile: the page's is
  // the one made from `entry`
  const main = Object.keys(outputs).find((k) => outputs[k].entryPoint === entry);
  const preload = outputs[main].imports.filter((i) => i.kind === 'import-statement' && i.path.startsWith('bundle/')).map((i) => i.path);
  const result = { entry: `bundle/${path.basename(main)}`, preload, files };
  bundled = { signature, result };
  return result;
}

/**
 * A page as served: its entry module replaced by the bundle (or, without one,
 * `<link rel="modulepreload">` for every module the entry imports statically, so that the
 * browser fetches the whole graph at once instead of one level per round trip); the wasm build
 * preloaded (the first search needs it, and the page asks for it only once its script runs);
 * the default tree's text in the Tree tab; and, for the embed view, the `embed` class on
 * `<html>` (www/style.css and www/main.js read it).
 */
export function servedPage(root, html, { embed = false, bundled: b = null } = {}) {
  const entry = entryModule(html);
  let out = html;
  if (entry) {
    // only the first wasm build: the second loads when first used (docs/architecture.md)
    const pkg = FIRST_BUILD.filter((f) => existsSync(path.join(root, f)));
    const modules = b ? b.preload : staticImports(root, entry).slice(1);
    const links = [
      ...modules.map((m) => `<link rel="modulepreload" href="${m}">`),
      ...pkg.filter((f) => f.endsWith('.js')).map((m) => `<link rel="modulepreload" href="${m}">`),
      ...pkg.filter((f) => f.endsWith('.wasm')).map((m) => `<link rel="preload" href="${m}" as="fetch" type="application/wasm" crossorigin>`),
    ];
    // every path relative to the page, which sits at the site's top: the site may be a
    // sub-path of its host
    out = out.replace(/(<script\s+type="module"\s+src=")[^"]+(")/, (_, a, z) => `${links.join('\n  ')}\n  ${a}${b ? b.entry : entry}${z}`);
  }
  // the default input's text in the page itself: the page's largest text is painted with the
  // controls, not once the page's script has run (www/panels/inputs.js `paintDefaultTree` puts
  // the same preset there when the page is served as it is)
  const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  out = out.replace(/(<textarea id="tree-text"[^>]*>)(<\/textarea>)/, (_, a, z) => `${a}${esc(trees()[0].text)}${z}`);
  if (embed) {
    out = out.replace(/<html([^>]*)>/, '<html$1 class="embed" data-embed="1">');
    out = out.replace(/<title>([^<]*)<\/title>/, '<title>prunescope (embedded): $1</title>');
  }
  return out;
}

/**
 * The service worker as served at /sw.js: www/sw.js with the precache list in front of it,
 * each file with its content hash. Any change to a file changes this text, which is how the
 * browser learns that a new version exists (it compares the worker's bytes).
 */
export function serviceWorkerSource(root, readPage, bundled = null) {
  const entries = {};
  for (const f of siteFiles(root)) {
    const bytes = f.endsWith('.html') ? readPage(f) : readFileSync(path.join(root, f));
    entries[f] = contentHash(bytes);
  }
  for (const [f, bytes] of bundled?.files ?? []) entries[f] = contentHash(bytes);
  entries[EMBED_PAGE] = contentHash(readPage(EMBED_PAGE));
  const version = contentHash(JSON.stringify(entries));
  const head = `// generated by www/site.mjs: the files of this version and their hashes\nself.PRECACHE = ${JSON.stringify({ version, files: entries }, null, 1)};\n`;
  return head + readFileSync(path.join(root, 'www/sw.js'), 'utf8');
}

/** Whether a response of this type is worth compressing. */
export const COMPRESSIBLE = /\.(html|js|mjs|css|json|wasm|svg|epd|webmanifest|md|txt|map)$/;
