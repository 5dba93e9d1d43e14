#!/usr/bin/env node
// A tiny zero-dependency static file server for the prunescope lab.
//
//   node www/serve.mjs [--port N] [--host H] [--root DIR]     (PORT / HOST env vars also work)
//
// Serves the repository root (index.html, www/, pkg/, node_modules/, ...) with correct MIME
// types (`.wasm` as application/wasm so WebAssembly.instantiateStreaming works), answers GET and
// HEAD only, never leaves the root (no directory traversal), hides dot-files and target/,
// answers 404 for anything else, and sends a Content-Security-Policy that forbids inline script
// (`CSP` below). `startServer()` is exported for the browser tests.

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

async function handle(root, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return send(res, 405, 'method not allowed\n', { Allow: 'GET, HEAD' });
  }
  const urlPath = new URL(req.url, 'http://localhost').pathname;
  let file = resolvePath(root, urlPath);
  if (!file) return send(res, 404, 'not found\n');
  let info;
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
  const type = MIME_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': info.size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': CSP,
    'Referrer-Policy': 'no-referrer',
  });
  if (req.method === 'HEAD') return res.end();
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
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
