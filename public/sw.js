/* The app shell's service worker: the first screen starts without a network on a second visit.
 * Hand-written and small on purpose. It never touches the API, the back-office or the socket:
 * prices and money always come from the server. sw-shell.js (written at build) names the shell's
 * files and a version; a new build changes it, so the browser installs the new worker. */
/* global self, caches, fetch, URL, Response, setTimeout */
importScripts('/sw-shell.js');

const SHELL = self.APP_SHELL;
const CACHE = `shell-${SHELL.version}`;
/** Never answered from a cache: calls, pushes, uploads and the back-office page. */
const NETWORK_ONLY = /^\/(?:api|v1|admin|uploads)(?:\/|$)/;
/** A page asked for on a network that hangs falls back to the kept shell after this long. */
const PAGE_TIMEOUT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL.files)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // An older build's cache goes: its hashed files are never asked for again.
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('shell-') && name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

/** The page tells which built files its first screen loaded (its language's catalogue, say): kept too. */
self.addEventListener('message', (event) => {
  const files = event.data && event.data.type === 'KEEP_FILES' ? event.data.files : [];
  const wanted = files.filter((file) => typeof file === 'string' && file.startsWith('/assets/'));
  if (wanted.length) event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(wanted.map((file) => cache.add(file).catch(() => {})))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || NETWORK_ONLY.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedFile(request));
  else if (SHELL.files.includes(url.pathname)) event.respondWith(fresh(request, url.pathname));
});

/** Every client route is the single page: the network's copy when it answers, else the kept one. */
function page(request) {
  const kept = () => caches.match('/', { cacheName: CACHE });
  const network = fetch(request).then((response) => {
    if (response.ok) caches.open(CACHE).then((cache) => cache.put('/', response.clone()));
    return response;
  });
  const late = new Promise((resolve) => setTimeout(resolve, PAGE_TIMEOUT_MS)).then(kept);
  return Promise.race([network, late.then((response) => response || network)])
    .catch(() => kept().then((response) => response || Response.error()));
}

/** A hashed name never changes content: the kept copy, else the network's, kept for next time. */
async function hashedFile(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

/** Unhashed shell files (the manifest): asked for again each time, the kept copy when offline. */
function fresh(request, key) {
  return fetch(request).then((response) => {
    if (response.ok) caches.open(CACHE).then((cache) => cache.put(key, response.clone()));
    return response;
  }).catch(() => caches.match(key, { cacheName: CACHE }).then((response) => response || Response.error()));
}
