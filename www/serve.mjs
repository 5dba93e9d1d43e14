#!/usr/bin/env node
// A small static file server for the prunescope lab (Node built-ins only; esbuild, a devDependency, bundles the page when it is installed).
//
//   node www/serve.mjs [--port N] [--host H] [--root DIR]     (PORT / HOST env vars also work)
//
// Serves the repository root (index.html, www/, pkg/, node_modules/, ...) with correct MIME
// types (`.wasm` as application/wasm so WebAssembly.instantiateStreaming works), answers GET and
// HEAD only, never leaves the root (no directory traversal), hides dot-files and target/,
// answers 404 for anything else, and sends a Content-Security-Policy that forbids inline script
// (`CSP` below). `startServer()` is exported for the browser tests.
//
// Fast first loads (issue 19): each text file and the wasm are sent brotli- or gzip-compressed
// when the browser accepts it (compressed once per file version and kept; a `.br`/`.gz` file
// beside it, as scripts/build-site.mjs and the wasm build (scripts/precompress.mjs) write, is
// used as is; started from the command line, it compresses the page's first load as it starts,
// so that its first visitor gets the same bytes as the next), with an ETag of their content so
// that a repeat visit costs a 304. The pages get `<link rel="modulepreload">` for their whole
// static module graph (www/site.mjs). Generated here, from the files on disk: /sw.js (the
// service worker with its precache list) and /embed.html (the embed view, made from index.html).

import { createServer } from 'node:http';
import { createReadStream, readFileSync } from 'node:fs';
import { stat, realpath, readFile, rename, writeFile } from 'node:fs/promises';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { servedPage, serviceWorkerSource, contentHash, bundle, entryModule, COMPRESSIBLE, EMBED_PAGE, SERVICE_WORKER } from './site.mjs';

export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.epd': 'text/plain; charset=utf-8',
  '.pgn': 'application/x-chess-pgn',
  '.ts': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const DEFAULT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The Content-Security-Policy of every response: scripts only from this server (no inline
 * script, no eval; WebAssembly allowed), no plugins, no framing. A trace file with markup in it
 * therefore cannot run script even if some text reached the DOM as markup (it never does:
 * www/dom.js builds text nodes).
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The embed view's policy: the same, except that any page may show it in a frame (a course
 * page on Moodle, Canvas or a lecture's notes). Only /embed.html gets it; the full page, and
 * every other file, keep `frame-ancestors 'none'`.
 */
export const EMBED_CSP = CSP.replace("frame-ancestors 'none'", 'frame-ancestors *');

/** The policy of a path. */
export const cspFor = (urlPath) => (urlPath === `/${EMBED_PAGE}` ? EMBED_CSP : CSP);

/** Top-level folders never served (build output that is not part of the site). */
const HIDDEN_TOP = new Set(['target']);

function send(res, status, body, headers = {}) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * Maps a URL path to a file under `root`, or null when it must not be served. Works on the
 * decoded, normalized path and checks the result is still inside the root.
 */
export function resolvePath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || s.startsWith('.'))) return null;
  if (segments.length > 0 && HIDDEN_TOP.has(segments[0])) return null;
  const file = path.resolve(root, ...segments);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}

/**
 * The generated files: their bytes, from the files on disk (the pages, the service worker and
 * the bundle's files), or null for any other path.
 */
async function generated(root, rel) {
  const index = readFileSync(path.join(root, 'index.html'), 'utf8');
  const b = await bundle(root, entryModule(index) ?? 'www/main.js');
  const page = (name) => Buffer.from(servedPage(root, index, { embed: name === EMBED_PAGE, bundled: b }));
  if (rel === EMBED_PAGE) return page(EMBED_PAGE);
  if (rel === 'index.html') return page('index.html');
  if (rel === SERVICE_WORKER) return Buffer.from(serviceWorkerSource(root, page, b));
  return b?.files.get(rel) ?? null;
}

/**
 * Compressed bodies, by file and encoding, with the content hash they were made from: each
 * version of a file is compressed once at brotli's best quality (off the main thread; `encode`
 * says what is sent meanwhile), then served from here. The wasm build's compressed copies are also written beside it in pkg/
 * (build output; `precompressed` reads them), so that the next server does not compress the
 * largest file again; scripts/build-site.mjs writes such copies of every file.
 */
const compressed = new Map();
/** The background compressions, one after another (the thread pool stays free for requests). */
let background = Promise.resolve();
/** Numbers the partial copies this process writes (two servers of one process may write one file). */
let parts = 0;
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

function encode(root, rel, bytes, hash, encoding) {
  const key = `${root}\0${rel}\0${encoding}`;
  const hit = compressed.get(key);
  if (hit?.hash === hash) return hit.body;
  const run = (quality) =>
    encoding === 'br'
      ? brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : gzip(bytes, { level: 9 });
  // a file past 32 KiB is first sent at a quality that takes a fraction of the time (brotli's
  // best costs about a second per MiB), while the best one is made in the background, kept and
  // (for pkg/) written beside the file
  const large = encoding === 'br' && bytes.length > 32 << 10;
  const body = run(large ? 5 : 11);
  body.catch(() => compressed.delete(key));
  compressed.set(key, { hash, body });
  const best = large ? (background = background.catch(() => {}).then(() => run(11))) : body;
  best
    .then(async (out) => {
      if (compressed.get(key)?.hash === hash) compressed.set(key, { hash, body: Promise.resolve(out) });
      if (rel.startsWith('pkg/')) {
        // written under a name of its own, then renamed over the copy: another server (a
        // parallel test file, a second `serve`) reading it meanwhile (`precompressed`) gets the
        // old copy or the new one, never a half-written one that would be sent as the wasm
        const dest = path.join(root, `${rel}.${encoding === 'br' ? 'br' : 'gz'}`);
        const part = `${dest}.${process.pid}-${++parts}.part`;
        await writeFile(part, out);
        await rename(part, dest);
      }
    })
    .catch(() => {});
  return body;
}

/**
 * Makes the best brotli copies of the first load's files that are not on disk (the page, the
 * bundle's modules, the stylesheet) before anyone asks, so that the first visitor is not sent
 * `encode`'s quick copies while the best ones are made. The wasm's copies are written by the
 * build (scripts/precompress.mjs). For the README's server (the command line below); the
 * tests' servers do not need it.
 */
async function warm(root) {
  const index = readFileSync(path.join(root, 'index.html'), 'utf8');
  const b = await bundle(root, entryModule(index) ?? 'www/main.js');
  const files = [['index.html', await generated(root, 'index.html')], ['www/style.css', await readFile(path.join(root, 'www/style.css'))]];
  for (const rel of b?.files.keys() ?? []) files.push([rel, b.files.get(rel)]);
  await Promise.all(files.map(([rel, bytes]) => encode(root, rel, bytes, contentHash(bytes), 'br')));
  await background;
}

/** The encoding to send: brotli, then gzip, when the request accepts it. */
function pickEncoding(req) {
  const accept = String(req.headers['accept-encoding'] ?? '');
  const has = (name) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`).test(accept);
  if (has('br')) return 'br';
  if (has('gzip')) return 'gzip';
  return null;
}

async function handle(root, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
  }
  const urlPath = new URL(req.url, 'http://localhost').pathname;
  let file = resolvePath(root, urlPath);
  if (!file) return send(res, 404, 'not found\n');
  let info;
  let bytes = null;
  const rel = path.relative(root, file).split(path.sep).join('/');
  const immutable = rel.startsWith('bundle/');
  if (rel === EMBED_PAGE || rel === SERVICE_WORKER || immutable) {
    bytes = await generated(root, rel);
    if (!bytes) return send(res, 404, 'not found\n');
  } else {
    try {
      info = await stat(file);
      if (info.isDirectory()) {
        if (!urlPath.endsWith('/')) {
          return send(res, 301, 'moved\n', { Location: urlPath + '/' });
        }
        file = path.join(file, 'index.html');
        info = await stat(file);
      }
      // Symlinks must not lead out of the root either.
      const real = await realpath(file);
      if (real !== root && !real.startsWith(root + path.sep)) return send(res, 404, 'not found\n');
    } catch {
      return send(res, 404, 'not found\n');
    }
    if (!info.isFile()) return send(res, 404, 'not found\n');
    if (file === path.join(root, 'index.html')) bytes = await generated(root, 'index.html');
  }
  const type = MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers = {
    'Content-Type': type,
    // the bundle's names carry their content's hash: a name never changes its content
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': cspFor(urlPath === '/' ? '/index.html' : urlPath),
    'Referrer-Policy': 'no-referrer',
  };
  if (rel === SERVICE_WORKER) headers['Service-Worker-Allowed'] = '/';
  const encoding = COMPRESSIBLE.test(file) ? pickEncoding(req) : null;
  if (!bytes && !encoding) {
    // a file sent as it is: streamed, with an ETag of its size and time
    headers.ETag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    if (req.headers['if-none-match'] === headers.ETag) return res.writeHead(304, headers).end();
    headers['Content-Length'] = info.size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    return;
  }
  bytes ??= await readFile(file);
  const hash = contentHash(bytes);
  headers.ETag = `W/"${hash}${encoding ? `-${encoding}` : ''}"`;
  if (COMPRESSIBLE.test(file)) headers.Vary = 'Accept-Encoding';
  if (req.headers['if-none-match'] === headers.ETag) return res.writeHead(304, headers).end();
  let body = bytes;
  if (encoding) {
    body = (await precompressed(file, info, encoding)) ?? (await encode(root, rel, bytes, hash, encoding));
    headers['Content-Encoding'] = encoding;
  }
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A `.br` / `.gz` file written beside `file` by the build, when it is newer than the file. */
async function precompressed(file, info, encoding) {
  if (!info) return null;
  const p = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  try {
    const st = await stat(p);
    if (st.isFile() && st.mtimeMs >= info.mtimeMs) return await readFile(p);
  } catch {
    /* none */
  }
  return null;
}

/**
 * Starts serving `root` on `host:port` (port 0 = any free port). Resolves to
 * `{ server, port, url, close() }` once listening.
 */
export async function startServer({ root = DEFAULT_ROOT, port = 8080, host = '127.0.0.1' } = {}) {
  const realRoot = await realpath(path.resolve(root));
  const server = createServer((req, res) => {
    handle(realRoot, req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'internal error\n');
      else res.destroy();
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actual = server.address().port;
  return {
    server,
    port: actual,
    url: `http://${host}:${actual}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function parseArgs(argv) {
  const opts = {
    port: Number(process.env.PORT ?? 8080),
    host: process.env.HOST ?? '127.0.0.1',
    root: DEFAULT_ROOT,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--port') opts.port = Number(value());
    else if (flag === '--host') opts.host = value();
    else if (flag === '--root') opts.root = path.resolve(value());
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node www/serve.mjs [--port N] [--host H] [--root DIR]');
      process.exit(0);
    } else {
      console.error(`serve.mjs: unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) {
    console.error(`serve.mjs: bad port ${opts.port}`);
    process.exit(2);
  }
  return opts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const opts = parseArgs(process.argv.slice(2));
  try {
    const { url } = await startServer(opts);
    console.log(`prunescope: serving ${opts.root} at ${url} (Ctrl-C to stop)`);
    warm(await realpath(opts.root)).then(
      () => console.log('prunescope: the first load\'s files are compressed'),
      (e) => console.error(`serve.mjs: compressing the first load's files: ${e.message}`),
    );
  } catch (e) {
    if (e.code === 'EADDRINUSE') {
      console.error(`serve.mjs: port ${opts.port} is in use; set PORT=<another port>`);
    } else {
      console.error(`serve.mjs: ${e.message}`);
    }
    process.exit(1);
  }
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
}
