// Boardside's service worker: keeps the web app for offline play and takes
// a new build when the host serves one. cmd/webbuild fills in the build's
// files; a new build is a new sw.js, so the browser installs it.
"use strict";

const CACHE = "boardside-app-{{.Version}}";
// The page and every file it loads; all but the page and the manifest
// carry a content hash in their names and never change.
const FILES = {{.Precache}};
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
// How long the page waits for the host before it starts from its copy:
// a host that has gone (a laptop closed) can take long to time out.
const NETWORK_WAIT = 3000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("boardside-app-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return; // the table's API, the quick viewer
  if (url.pathname.startsWith(scope.pathname + "j/")) {
    // The quick viewer, which a browser-hosted table's link opens (its
    // offer in the fragment): its own page and files, kept for a Wi-Fi
    // without internet.
    const page = url.pathname === scope.pathname + "j/" || url.pathname === scope.pathname + "j/index.html";
    event.respondWith(page ? networkFirst(new Request(scope.href + "j/"), scope.href + "j/") : networkFirst(req, req));
  } else if (req.mode === "navigate" || url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html") {
    event.respondWith(page(req, scope.href));
  } else if (url.pathname.endsWith(".wasm") && !url.searchParams.has("kept")) {
    // Not answered here: the browser's HTTP cache answers, where Chrome
    // keeps the code it compiled from the wasm beside the bytes, so every
    // start after the first skips compiling. A copy this worker answered
    // would be compiled again on the first start from it. Where the HTTP
    // cache cannot answer and the host does not, the page asks again with
    // ?kept (boot.js) and the kept copy answers.
    return;
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(req));
  } else {
    event.respondWith(networkFirst(req, req));
  }
});

// page is the app's page, whatever its query (?join=...): the host's
// newest, so that a new build is taken, or the kept one when the host does
// not answer in time or answers with an error.
function page(req, key) {
  return networkFirst(new Request(key, { credentials: "same-origin" }), key);
}

async function networkFirst(req, key) {
  const cache = await caches.open(CACHE);
  const net = fetch(req).then((resp) => {
    if (resp.ok) cache.put(key, resp.clone());
    return resp;
  });
  net.catch(() => {}); // answered below
  const late = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT, "late"));
  let resp = null;
  try {
    resp = await Promise.race([net, late]);
  } catch {
    // no network: the kept copy
  }
  if (resp && resp !== "late" && resp.ok) return resp;
  const kept = await cache.match(key);
  if (kept) return kept;
  return resp && resp !== "late" ? resp : net; // nothing kept: as without a service worker
}

async function cacheFirst(req) {
  const cache = await caches.open(CACHE);
  const key = req.url.split("?")[0]; // ?kept asks for the same file
  const kept = await cache.match(key);
  if (kept) return kept;
  const resp = await fetch(req);
  if (resp.ok) cache.put(key, resp.clone());
  return resp;
}
