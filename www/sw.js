// The service worker: keeps one version of the site in the Cache Storage so that the page opens
// and searches without a network, and replaces it with the next version in the background.
//
// It is served at sw.js at the site's top (its scope: that folder, the host's root or a sub-path
// such as /course/prunescope/) with `self.PRECACHE = { version, files }` in
// front of it, written by www/site.mjs from the files that exist (www/serve.mjs at each request,
// scripts/build-site.mjs into the static folder). A changed file changes that list, so the
// browser sees a new worker; it installs beside the old one, fetching every file of the new
// version (`cache: 'no-cache'`, so never a stale HTTP-cached copy), then takes over at once
// (`skipWaiting`: no "close every tab" and no reload loop), deletes the old version's cache, and
// tells the open pages, which say so (www/offline.js).
//
// Requests: a file of the version is answered from the cache (a page with or without its
// fragment or query); anything else goes to the network. Nothing here is ever written from a
// response the list does not name.

const { version, files } = self.PRECACHE;
/** The site's folder: the precache list names files by their path from it (`www/main.js`). */
const BASE = new URL('./', self.location).pathname;
const CACHE = `prunescope-${version}`;
const PREFIX = 'prunescope-';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // one request per file, two at a time and at low priority, so that the page's own
      // requests (a mode or a library opened meanwhile) go first; a file that fails fails the
      // install, and the old version stays
      const queue = Object.keys(files);
      const one = async () => {
        for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
          const res = await fetch(p, { cache: 'no-cache', priority: 'low' });
          if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
          await cache.put(p, res);
        }
      };
      await Promise.all([one(), one()]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      for (const c of await self.clients.matchAll({ type: 'window' })) c.postMessage({ type: 'prunescope-version', version });
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'prunescope-version?') event.source?.postMessage({ type: 'prunescope-version', version, asked: true });
});

/** The cache key of a request of this site: its path from the site's folder, the folder itself being the full page. */
function keyOf(url) {
  if (!url.pathname.startsWith(BASE)) return null;
  const p = url.pathname.slice(BASE.length) || 'index.html';
  return Object.hasOwn(files, p) ? p : null;
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const key = keyOf(url);
  if (!key) return; // not part of the version: the network answers
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(key);
      return hit ?? fetch(req);
    })(),
  );
});
