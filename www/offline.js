// Offline use and updates, on the page's side: registers the service worker (www/sw.js, served
// at /sw.js) once the engine is ready, so that its download of the whole version never competes
// with the first search's; and says so when a new version has replaced the cached one.
//
// The worker takes over as soon as the new version is cached (no "close every tab", no reload
// loop): this page keeps the code it started with, and the next load runs the new version. The
// notice says both. Nothing here runs on import.

const NOTICE_ID = 'update-notice';

/** The notice at the top of the page, built once (a status region: screen readers hear it). */
function showNotice(text, { reload = false } = {}) {
  let box = document.getElementById(NOTICE_ID);
  if (!box) {
    box = document.createElement('div');
    box.id = NOTICE_ID;
    box.className = 'update-notice';
    box.setAttribute('role', 'status');
    document.body.prepend(box);
  }
  box.replaceChildren();
  const p = document.createElement('span');
  p.textContent = text;
  box.append(p);
  if (reload) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Reload now';
    b.addEventListener('click', () => location.reload());
    box.append(b);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '✕';
  close.setAttribute('aria-label', 'Close this notice');
  close.addEventListener('click', () => box.remove());
  box.append(close);
  box.hidden = false;
}

/**
 * Registers sw.js (scope: the site's folder). Answers the registration, or null where service workers
 * are not available (an insecure origin, a browser setting): the page then simply stays online-only.
 * `updated` is called with the new version's name when one replaces the running one.
 */
export async function registerOffline({ url = 'sw.js', updated = null } = {}) {
  const sw = navigator.serviceWorker;
  if (!sw) return null;
  const hadController = !!sw.controller;
  sw.addEventListener('message', (e) => {
    if (e.data?.type !== 'prunescope-version' || e.data.asked) return;
    // a new worker activated; on a page that an older worker served, that is an update
    if (!hadController) return;
    const text = `prunescope was updated in the background (version ${e.data.version}). This page still runs the version it opened with; the next load runs the new one.`;
    showNotice(text, { reload: true });
    document.documentElement.dataset.updated = e.data.version;
    updated?.(e.data.version);
  });
  try {
    // sw.js sits at the site's top, beside the pages; its scope is that folder, which may be a
    // sub-path of the host (https://host/course/prunescope/)
    return await sw.register(new URL(url, document.baseURI), { scope: new URL('./', document.baseURI).pathname, updateViaCache: 'none' });
  } catch (e) {
    console.info('offline use unavailable:', e.message);
    return null;
  }
}
