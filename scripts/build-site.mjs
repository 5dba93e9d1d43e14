// Writes the site as a static folder, for any static host (GitHub Pages, Netlify, Cloudflare
// Pages, a university's Apache web space): the same files and pages www/serve.mjs serves,
// with the generated embed view and service worker, a brotli (`.br`) and a gzip (`.gz`) copy of
// every compressible file, and the response headers in the forms hosts read:
//   - `_headers` (Netlify, Cloudflare Pages): the CSP of each page — `frame-ancestors 'none'`
//     for the full page, any frame ancestor for embed.html — and no-cache revalidation;
//   - `.htaccess` (Apache): the same headers, the wasm and manifest MIME types, and the
//     precompressed files sent to browsers that accept them.
// A host that reads neither (GitHub Pages) still gets the policy's other rules from a `<meta>`
// tag in each page; what it loses is said in docs/offline-embed.md.
//
//   node scripts/build-site.mjs [--out DIR] [--base PATH]
//     DIR: default site/; PATH: the URL path the folder is served under (default /, also
//     $PRUNESCOPE_SITE_BASE), for _headers. scripts/build-site.sh builds the wasm first, then runs this.
// The files come from www/site.mjs (found on disk, never hand-listed).

import { mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { siteFiles, servedPage, serviceWorkerSource, bundle, entryModule, COMPRESSIBLE, EMBED_PAGE, SERVICE_WORKER } from '../www/site.mjs';
import { CSP, EMBED_CSP } from '../www/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The `<meta>` form of a policy: everything but `frame-ancestors`, which a meta tag cannot set. */
const metaPolicy = (csp) => csp.split('; ').filter((d) => !d.startsWith('frame-ancestors')).join('; ');

/** A page as written: as served, with the policy's meta tag for hosts that send no headers. */
function page(name, bundled) {
  const html = servedPage(ROOT, readFileSync(path.join(ROOT, 'index.html'), 'utf8'), { embed: name === EMBED_PAGE, bundled });
  const meta = `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(name === EMBED_PAGE ? EMBED_CSP : CSP)}">`;
  return Buffer.from(html.replace(/(<meta charset="utf-8">)/, `$1\n  ${meta}`));
}

/**
 * `base`, the URL path the folder is served under (`/` at the host's root,
 * `/course/prunescope/` in a course's web space), checked: it is written into `_headers`.
 */
export function checkBase(base) {
  if (typeof base !== 'string' || !/^\/([A-Za-z0-9._~%!$&'()+,;=@-]+\/)*$/.test(base)) {
    throw new Error(`--base: ${JSON.stringify(base)} is not a URL path that starts and ends with "/" (e.g. / or /course/prunescope/)`);
  }
  return base;
}

/**
 * The `_headers` file (Netlify, Cloudflare Pages). Its rules match URL paths from the host's
 * root (neither host reads a path relative to the file, nor a `_headers` file below the publish
 * folder), so every path starts with `base`, where the folder is served.
 */
export function headersFile(base = '/') {
  checkBase(base);
  const common = ['X-Content-Type-Options: nosniff', 'Referrer-Policy: no-referrer', 'Cache-Control: no-cache'];
  const block = (p, lines) => [`${base}${p}`, ...lines.map((l) => `  ${l}`)].join('\n');
  return [
    `# written by scripts/build-site.mjs for the folder served at ${base}: the response headers of www/serve.mjs, for hosts that read _headers`,
    block('*', common),
    // the policy only on the documents and the workers' scripts, where it acts; one policy a path
    ...['', 'index.html', 'sw.js', 'www/*'].map((p) => block(p, [`Content-Security-Policy: ${CSP}`])),
    block(EMBED_PAGE, [`Content-Security-Policy: ${EMBED_CSP}`]),
    // the bundle's names carry their content's hash
    block('bundle/*', ['! Cache-Control', 'Cache-Control: public, max-age=31536000, immutable']),
    '',
  ].join('\n');
}

export function htaccessFile() {
  return [
    '# written by scripts/build-site.mjs: the response headers of www/serve.mjs, for Apache (mod_headers, mod_rewrite, mod_mime)',
    'AddType application/wasm .wasm',
    'AddType application/manifest+json .webmanifest',
    'AddType text/javascript .js .mjs',
    '<IfModule mod_headers.c>',
    '  Header set X-Content-Type-Options "nosniff"',
    '  Header set Referrer-Policy "no-referrer"',
    '  Header set Cache-Control "no-cache"',
    `  Header set Content-Security-Policy "${CSP}"`,
    `  <Files "${EMBED_PAGE}">`,
    `    Header set Content-Security-Policy "${EMBED_CSP}"`,
    '  </Files>',
    '</IfModule>',
    // wherever the folder is served (the host's root or a sub-path): its bundle/ files
    '<If "%{REQUEST_URI} =~ m#/bundle/[^/]+$#">',
    '  Header set Cache-Control "public, max-age=31536000, immutable"',
    '</If>',
    '<IfModule mod_rewrite.c>',
    '  RewriteEngine On',
    '  RewriteCond %{HTTP:Accept-Encoding} br',
    '  RewriteCond %{REQUEST_FILENAME}.br -f',
    '  RewriteRule ^(.*)$ $1.br [L]',
    '  RewriteCond %{HTTP:Accept-Encoding} gzip',
    '  RewriteCond %{REQUEST_FILENAME}.gz -f',
    '  RewriteRule ^(.*)$ $1.gz [L]',
    '</IfModule>',
    '<FilesMatch "\\.(js|mjs|css|html|json|wasm|svg|epd|webmanifest)\\.br$">',
    '  RemoveType .br',
    '  AddEncoding br .br',
    '</FilesMatch>',
    '<FilesMatch "\\.(js|mjs|css|html|json|wasm|svg|epd|webmanifest)\\.gz$">',
    '  RemoveType .gz',
    '  AddEncoding gzip .gz',
    '</FilesMatch>',
    '<IfModule mod_headers.c>',
    '  <FilesMatch "\\.(br|gz)$">',
    '    Header append Vary Accept-Encoding',
    '  </FilesMatch>',
    '</IfModule>',
    '',
  ].join('\n');
}

/**
 * Writes the site into `out` (emptied first); answers the list of files written. `base`: the URL
 * path the folder will be served under, for `_headers` (docs/offline-embed.md).
 */
export async function buildSite(out, { compress = true, base = '/' } = {}) {
  checkBase(base);
  if (!existsSync(path.join(ROOT, 'pkg/prunescope.js'))) throw new Error('pkg/ is missing: build the wasm first (bash scripts/build-site.sh does)');
  rmSync(out, { recursive: true, force: true });
  const b = await bundle(ROOT, entryModule(readFileSync(path.join(ROOT, 'index.html'), 'utf8')) ?? 'www/main.js');
  const written = [];
  const write = (rel, bytes) => {
    const file = path.join(out, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    written.push(rel);
    if (compress && COMPRESSIBLE.test(rel) && bytes.length > 256) {
      const q = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } };
      writeFileSync(`${file}.br`, brotliCompressSync(bytes, q));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  };
  for (const rel of siteFiles(ROOT)) {
    if (rel === 'index.html') write(rel, page(rel, b));
    else {
      mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
      copyFileSync(path.join(ROOT, rel), path.join(out, rel));
      written.push(rel);
      const bytes = readFileSync(path.join(ROOT, rel));
      if (compress && COMPRESSIBLE.test(rel) && bytes.length > 256) write(rel, bytes);
    }
  }
  for (const [rel, bytes] of b?.files ?? []) write(rel, bytes);
  write(EMBED_PAGE, page(EMBED_PAGE, b));
  write(SERVICE_WORKER, Buffer.from(serviceWorkerSource(ROOT, (name) => page(name, b), b)));
  write('_headers', Buffer.from(headersFile(base)));
  write('.htaccess', Buffer.from(htaccessFile()));
  return [...new Set(written)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  if (args.includes('--scorm')) {
    // a SCORM 1.2 package instead of the folder (scripts/scorm.mjs; docs/lms.md), in a process
    // of its own: scripts/scorm.mjs imports this module, which is still evaluating here
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/scorm.mjs'), ...args], { stdio: 'inherit' });
    process.exit(r.status ?? 1);
  }
  let out = path.join(ROOT, 'site');
  let base = process.env.PRUNESCOPE_SITE_BASE || '/';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out') out = path.resolve(args[++i]);
    else if (args[i] === '--base') base = args[++i];
    else if (args[i] === '--help' || args[i] === '-h') {
      console.log('usage: node scripts/build-site.mjs [--out DIR] [--base PATH]   (default: site/, /; PATH: the URL path the folder is served under, also $PRUNESCOPE_SITE_BASE)');
      console.log('       node scripts/build-site.mjs --scorm LINK… [--mastery N] [--title T] --out FILE.zip   (a SCORM 1.2 package of one activity: docs/lms.md)');
      process.exit(0);
    } else {
      console.error(`build-site: unknown argument ${args[i]}`);
      process.exit(2);
    }
  }
  try {
    const files = await buildSite(out, { base });
    console.log(`build-site: ${files.length} files (and their .br/.gz copies) in ${out}`);
  } catch (e) {
    console.error(`build-site: ${e.message}`);
    process.exit(1);
  }
}
