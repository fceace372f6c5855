// Tabletop's service worker: after the first visit the whole game (the page, the
// module, its script, the fonts, the sounds, the icons) comes from this cache, so
// it starts offline and a second visit downloads nothing. The cache is named after
// the build (the module's hash, written in by scripts/build-web.sh with the list of
// the build's files): a new build is a new worker, which fills its own cache,
// takes over, and deletes the old one, so an update is picked up on the next visit.
// The game server's /ws and /healthz, and other origins, are left to the network.

const BUILD = "__BUILD__";
const FILES = __FILES__;
const CACHE = `tabletop-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(keep().then(() => self.skipWaiting()));
});

/** Every file of the build into this build's cache. The module's address names its
 *  build, so the copy the page has just downloaded (the browser's HTTP cache) is
 *  the right one and is taken as it is; the other files are asked for again (a
 *  quick "not modified" when they have not changed). */
async function keep() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    FILES.map(async (file) => {
      const versioned = file.includes("?build=");
      const response = await fetch(file, { cache: versioned ? "force-cache" : "no-cache" });
      if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      await cache.put(file, response);
    }),
  );
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("tabletop-") && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (/\/(ws|healthz)$/.test(url.pathname)) return;
  event.respondWith(answer(request));
});

/** The cached copy (the page for any address of it: ?room=, ?game=), else the
 *  network; offline, a file the build does not have is "not found" (Bevy asks for
 *  `.meta` files beside its assets and does without them). */
async function answer(request) {
  const cache = await caches.open(CACHE);
  const cached =
    request.mode === "navigate"
      ? await cache.match("index.html")
      : await cache.match(request, { ignoreSearch: true });
  if (cached) return cached;
  try {
    return await fetch(request);
  } catch {
    return new Response(null, { status: 404, statusText: "offline" });
  }
}
