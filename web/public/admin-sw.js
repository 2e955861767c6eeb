/*
 * The staff area's service worker (scope /admin only: visitors' pages never load it). It keeps the
 * admin's page and its scripts and styles, so that with the network gone (a power cut, data run
 * out) a therapist's phone still opens Today; the day's visits themselves are kept by the page.
 * Navigations try the network first; hashed assets, which never change, come from the cache.
 */
const CACHE = 'studio-admin-v1';

/** The page and what it loads (from its HTML: the shell preloads the admin's scripts and styles). */
async function keepAdminPage() {
  const cache = await caches.open(CACHE);
  const response = await fetch('/admin', { credentials: 'same-origin' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put('/admin', response);
  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.addAll([...new Set(assets)]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    keepAdminPage()
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

// The page names the files it has loaded (lazy chunks the HTML does not list): keep them too.
self.addEventListener('message', (event) => {
  const urls = event.data && event.data.type === 'keep' ? event.data.urls : [];
  const assets = urls.filter((url) => new URL(url, self.location.origin).pathname.startsWith('/assets/'));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(assets))
      .catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The page from the network (kept for next time), else the last one kept: any admin path opens it. */
async function adminPage(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put('/admin', response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match('/admin');
    if (kept) return kept;
    throw error;
  }
}

/** A built asset: its name carries its hash, so a kept copy is always right. */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/admin')) {
    event.respondWith(adminPage(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  }
});
