// Offline play: the site's own files, cached whole per deployment (template).
// `scripts/vendor.py` writes the real worker to `./sw.js` (site root, so its scope is the
// whole site) with VERSION = a hash of every cached file and FILES = their paths. A new
// deployment therefore has a new sw.js: the browser installs it and it caches the complete
// new set under a new name, then waits while pages of the old version run (they, and the
// AI workers they start, keep being served the old set). The page offers "Reload now",
// which tells the new worker to take over; it deletes the old set and the page reloads
// whole from the new one. So no page ever mixes files of two versions. Requests for other
// URLs go to the network untouched (the site never asks another origin for anything).
//
// Cache names carry the deployment's own path (its scope), ending in a separator that no
// path contains in that place: "great-city-of-rome|/rome/|<version>". So deployments on one
// origin (/rome/ and /rome-beta/, or / and /rome/) never delete each other's caches: each
// deletes only names with its own scope. The files are cached from what the page already
// fetched when the HTTP cache still holds it (`no-cache` revalidates: the server answers
// 304 and nothing is downloaded twice).
/* global self, caches, fetch */
"use strict";

const VERSION = "__VERSION__";
const FILES = __FILES__;
const scope = new URL(self.registration.scope);
const PREFIX = `great-city-of-rome|${scope.pathname}|`;
const CACHE = PREFIX + VERSION;
// Names before caches were scoped by path: one of them is this deployment's only if it holds
// this deployment's first file (another deployment's holds its own paths).
const UNSCOPED = "great-city-of-rome-";
const cachedPaths = new Set(FILES.map((path) => new URL(path, scope).pathname));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `no-cache`: revalidate with the server, never take an older copy from HTTP cache.
      await cache.addAll(FILES.map((path) => new Request(new URL(path, scope), { cache: "no-cache" })));
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
        if (name.startsWith(UNSCOPED) && (await isOurs(name))) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function isOurs(name) {
  const cache = await caches.open(name);
  return Boolean(await cache.match(new URL(FILES[0], scope).href, { ignoreSearch: true }));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin) return;
  let path = url.pathname;
  if (request.mode === "navigate" && path.endsWith("/")) path += "index.html";
  if (!cachedPaths.has(path)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The address's query (?seats=…) selects a game, not a file: match the path alone.
      const hit = await cache.match(new URL(path, scope).href, { ignoreSearch: true });
      return hit || fetch(request);
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();
  if (event.data === "version" && event.source) event.source.postMessage({ version: VERSION });
});
