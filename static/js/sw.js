// The site's service worker (served at /sw.js so its scope is the whole site; registered by
// static/js/site.js). Network first: online, every page is the server's as before. Without a
// connection, the public pages of an event, the arbiter's round page and check-in list are served
// as last seen,
// marked with the time they were fetched (the page shows it: static/js/site.js). Results typed
// and check-ins tapped offline are not sent from here but kept by the page's outbox
// (static/js/outbox.js); the API is never cached.
const CACHE = "cotuong-pages-v1";
const STATIC = "cotuong-static-v1";
// The pages kept for reading offline: the event list, an event's public pages, the arbiter's
// round page and check-in list.
const KEPT = [/^\/$/, /^\/events\//, /^\/manage\/[^/]+\/rounds\/\d+\/$/,
              /^\/manage\/[^/]+\/check-in\/$/];

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE && name !== STATIC) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function kept(url) {
  return url.origin === self.location.origin && KEPT.some((re) => re.test(url.pathname));
}

async function remember(request, response) {
  // A copy stamped with the time it was fetched: the offline page says how old it is.
  if (!response.ok || response.type !== "basic" || response.redirected) return;
  const type = response.headers.get("Content-Type") || "";
  if (!type.startsWith("text/html")) return;
  const body = await response.clone().text();
  // An htmx request may be answered with a piece of a page: only whole pages are kept.
  if (!body.includes("<body")) return;
  const headers = new Headers(response.headers);
  headers.set("X-Fetched-At", new Date().toISOString());
  const cache = await caches.open(CACHE);
  await cache.put(request.url, new Response(body, { status: response.status, headers }));
}

async function fromCache(request) {
  const cached = await (await caches.open(CACHE)).match(request.url);
  if (!cached) return null;
  const html = await cached.text();
  const since = cached.headers.get("X-Fetched-At") || "";
  // Tell the page it is the copy of that time (read by static/js/site.js).
  const marked = html.replace("<body", `<body data-offline-since="${since}"`);
  const headers = new Headers(cached.headers);
  headers.delete("Content-Length");  // the marked page is longer
  headers.delete("Content-Encoding");
  return new Response(marked, { status: 200, headers });
}

async function page(request) {
  try {
    const response = await fetch(request);
    await remember(request, response.clone());
    return response;
  } catch (error) {
    const cached = await fromCache(request);
    if (cached) return cached;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(STATIC);
  const cached = await cache.match(request);
  const fresh = fetch(request).then((response) => {
    if (response.ok) cache.put(request, response.clone());
    return response;
  });
  if (cached) { fresh.catch(() => {}); return cached; }
  return fresh;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/static/")) { event.respondWith(asset(request)); return; }
  if (kept(url)) event.respondWith(page(request));
});

// The page that registered the worker was loaded before it: it asks for itself and its
// scripts and styles to be kept, so it opens offline after the first visit.
self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type !== "keep") return;
  event.waitUntil((async () => {
    const url = new URL(data.page, self.location.origin);
    if (kept(url)) {
      try { await remember(new Request(url.href), await fetch(url.href, { credentials: "same-origin" })); } catch (e) { /* offline */ }
    }
    const cache = await caches.open(STATIC);
    for (const asset of data.assets || []) {
      const a = new URL(asset, self.location.origin);
      if (a.origin === self.location.origin && a.pathname.startsWith("/static/")) {
        try { if (!(await cache.match(a.href))) await cache.add(a.href); } catch (e) { /* offline */ }
      }
    }
  })());
});

// A message of an event pushed to this browser (services/notifications.py; the browser has
// decrypted it): {title, body, url}. Shown as a notification; tapping it opens its page, or
// brings forward a tab already showing it.
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data.text() }; }
  event.waitUntil(self.registration.showNotification(data.title || self.location.host, {
    body: data.body || "", data: { url: data.url || "/" }, tag: data.url || "",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data || {}).url || "/", self.location.origin).href;
  event.waitUntil((async () => {
    for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
      if (client.url === url && "focus" in client) return client.focus();
    }
    return self.clients.openWindow(url);
  })());
});
