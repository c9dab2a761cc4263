/* Picante service worker: the whole site works offline after the first visit.
 *
 * This file is a template: `python -m tools.build` copies it to dist/service-worker.js and
 * replaces the object between the build markers below with the real cache name (a hash of the
 * content of dist/) and the precache list (every file of dist/). Any change to any file therefore
 * changes this script's bytes, which is how the browser notices a new deploy.
 *
 * - install: precache every file (awaited; one failure fails the install, so a half-cached
 *   version never activates). Files whose content hash is unchanged since the previous version
 *   are copied from the old cache instead of downloaded again (the 12 MB Python runtime rarely
 *   changes). Others are revalidated against the HTTP cache (on a first visit the page has just
 *   downloaded them) and checked against the build's hash, so a stale copy never enters this
 *   version's cache. Python's start-up snapshot is not in the list: the page fetches it after its
 *   first start-up and keeps it inflated in a cache of its own (web/start.mjs); without it,
 *   offline or not, Python starts the normal way.
 * - fetch: same-origin GETs are served from THIS version's cache only (never another version's:
 *   no mixing), falling back to the network; navigations get the cached app page (other paths in
 *   scope are redirected to it), so an offline launch (any URL in scope, any #/route) boots.
 *   Where the browser has static routes (Chrome 123+), the launch and this version's files are
 *   served from the cache by the browser itself, without starting this worker: a warm launch
 *   was ready ~55-70 ms sooner (docs/benchmarks.md); the fetch handler does the rest.
 * - update: a new version installs in the background and then waits. The page shows "A new
 *   version is ready — reload"; when the user agrees it posts {type: "SKIP_WAITING"} and the page
 *   reloads on `controllerchange`. Otherwise the new version takes over on the next launch, when no
 *   page of the old one is open.
 * - activate: claim open pages, then delete every other picante cache (first install only has
 *   none to replace). Navigations wait until the activation has finished, so it is only the
 *   claim: the old caches are deleted after it, off a launch's path (a slow disk deleting 22 MB
 *   must not hold one), and only then, so that no page is left controlled by a worker whose
 *   cache is gone.
 * - a worker whose cache has gone (an older version, still answering a request that reached it
 *   before the new one claimed its page) never makes an empty cache of that name: it answers
 *   from the network, and an offline navigation from the newest version's app page, so a launch
 *   during the switch never fails nor waits on a cache that is no more.
 */
"use strict";

const BUILD = /*@picante-build*/ { "cache": "picante-dev", "files": [], "hashes": {}, "decoded": {} } /*@end-picante-build*/;

const CACHE = BUILD.cache;
const PREFIX = "picante-";
// A synthetic entry in each cache: the content hashes of that version, so the next version can
// reuse identical files.
const MANIFEST_KEY = "__picante_manifest__.json";
const APP_PAGE = "index.html";

const scopeUrl = (path) => new URL(path, self.registration.scope).href;

async function reusableFromOldCaches() {
  // Map url -> cached Response for files whose hash matches in some older picante cache.
  const reuse = new Map();
  for (const name of await caches.keys()) {
    if (name === CACHE || !name.startsWith(PREFIX)) continue;
    const cache = await caches.open(name);
    const res = await cache.match(scopeUrl(MANIFEST_KEY));
    if (!res) continue;
    let old;
    try {
      old = await res.json();
    } catch (e) {
      continue;
    }
    for (const [path, hash] of Object.entries(BUILD.hashes)) {
      const url = scopeUrl(path);
      if (reuse.has(url) || old[path] !== hash) continue;
      const hit = await cache.match(url);
      if (hit) reuse.set(url, hit);
    }
  }
  return reuse;
}

async function sha256Prefix(res) {
  const digest = await crypto.subtle.digest("SHA-256", await res.clone().arrayBuffer());
  return Array.from(new Uint8Array(digest).slice(0, 8), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

// A file of this version, checked against the build's hash. First from the HTTP cache if the
// server says it is still current (cache: "no-cache" revalidates: on a first visit the page has
// just downloaded these very files, so nothing is sent twice); if that copy is not this
// version's (a host that answered 304 for a changed file), straight from the network.
// A .gz file of ours that the host sent with Content-Encoding: gzip arrives decoded: its hash is
// then the decoded content's (BUILD.decoded).
async function fetchChecked(path) {
  const url = scopeUrl(path);
  const want = [BUILD.hashes[path], (BUILD.decoded || {})[path]].filter(Boolean);
  for (const mode of ["no-cache", "reload"]) {
    const res = await fetch(new Request(url, { cache: mode }));
    if (!res.ok) throw new Error(`precache ${path}: HTTP ${res.status}`);
    if (!want.length || want.includes(await sha256Prefix(res))) return res;
  }
  throw new Error(`precache ${path}: the server's copy is not this version's`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const reuse = await reusableFromOldCaches();
  await Promise.all(
    BUILD.files.map(async (path) => {
      const url = scopeUrl(path);
      const old = reuse.get(url);
      if (old) return cache.put(url, old);
      return cache.put(url, await fetchChecked(path));
    }),
  );
  // The app page under the scope's own URL too: a launch is then served by a static route.
  const page = await cache.match(scopeUrl(APP_PAGE));
  if (page) await cache.put(self.registration.scope, page);
  await cache.put(
    scopeUrl(MANIFEST_KEY),
    new Response(JSON.stringify(BUILD.hashes), { headers: { "Content-Type": "application/json" } }),
  );
}

// Static routes (Chrome 123+; elsewhere the fetch handler below does the same): a launch at the
// scope's root and this version's files come straight from its cache, without starting this
// worker or running its JavaScript for each of them. Other navigations (redirected to the root)
// and requests with a query (a retry's ?again) go to the fetch handler; a file this cache does
// not hold goes to the network, as the handler would send it.
function staticRoutes(event) {
  if (typeof event.addRoutes !== "function") return;
  const scope = new URL(self.registration.scope);
  const rules = [
    {
      condition: {
        requestMode: "navigate",
        urlPattern: { pathname: scope.pathname, search: "" },
      },
      source: { cacheName: CACHE },
    },
    { condition: { requestMode: "navigate" }, source: "fetch-event" },
    {
      condition: {
        urlPattern: { pathname: `${scope.pathname}*`, search: "" },
        requestMethod: "GET",
      },
      source: { cacheName: CACHE },
    },
  ];
  event.addRoutes(rules).catch((err) => console.warn("no static routes:", err));
}

self.addEventListener("install", (event) => {
  staticRoutes(event);
  event.waitUntil(precache());
});

async function deleteOldCaches() {
  const old = (await caches.keys()).filter((n) => n !== CACHE && n.startsWith(PREFIX));
  await Promise.all(old.map((name) => caches.delete(name)));
}

self.addEventListener("activate", (event) => {
  const claimed = self.clients.claim();
  event.waitUntil(claimed);
  claimed.then(deleteOldCaches, deleteOldCaches);
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "SKIP_WAITING") self.skipWaiting();
  else if (data.type === "GET_VERSION" && event.ports[0]) event.ports[0].postMessage(CACHE);
});

// This version's cache, opened once per worker start; null when it is not there (a newer
// version deleted it): caches.open would make an empty one of that name. A Cache Storage that
// fails to answer (a busy or full disk) is asked again by the next request, and this one goes to
// the network: a request must never fail only because the cache did.
let ownCache = null;
function openOwnCache() {
  if (!ownCache) {
    ownCache = caches.has(CACHE).then((has) => (has ? caches.open(CACHE) : null));
    ownCache.catch(() => {
      ownCache = null;
    });
  }
  return ownCache.catch(() => null);
}

// The newest installed version's app page (another worker's cache): for an offline navigation
// that reached a worker whose own cache has gone.
async function newestAppPage() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  for (const name of names.reverse()) {
    const page = await (await caches.open(name)).match(scopeUrl(APP_PAGE));
    if (page) return page;
  }
  return undefined;
}

async function respond(request) {
  const cache = await openOwnCache();
  if (!cache) {
    if (request.mode !== "navigate") return fetch(request);
    return fetch(request).catch(async (err) => (await newestAppPage()) || Promise.reject(err));
  }
  if (request.mode === "navigate") {
    // The app is one page with #/routes. A file of this version is served as it is; the scope's
    // root gets the app page; any other path in scope is sent to the root (where the page's
    // relative URLs work), keeping its #/route.
    const file = await cache.match(request, { ignoreSearch: true }).catch(() => undefined);
    if (file) return file;
    if (new URL(request.url).pathname === new URL(self.registration.scope).pathname) {
      const page = await cache.match(scopeUrl(APP_PAGE));
      if (page) return page;
    } else {
      return Response.redirect(self.registration.scope, 302);
    }
    return fetch(request);
  }
  // A cache deleted while this worker had it open (a newer version took over) may refuse to be
  // read: the network, then.
  const hit = await cache.match(request, { ignoreSearch: true }).catch(() => undefined);
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.href === scopeUrl("service-worker.js")) return;
  event.respondWith(respond(request));
});
