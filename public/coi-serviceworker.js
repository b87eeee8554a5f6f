/*
 * Cross-origin isolation for static hosts that cannot send headers (GitHub Pages, plain CDNs).
 * SharedArrayBuffer — and with it blocking confirmations and the Stop button's interrupt — needs
 * COOP: same-origin + COEP: require-corp on the page and its workers. This service worker re-serves
 * every same-origin response with those headers added; src/worker/isolation.ts registers it only
 * when the page is not isolated already and reloads once so the page comes back through it.
 * The same idea as the well-known coi-serviceworker, written small for this app (all assets are ours).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Chromium throws on this combination (devtools); and cross-origin requests are not ours to rewrite.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request).then((response) => {
      if (response.status === 0) return response; // opaque: headers cannot be changed
      const headers = new Headers(response.headers);
      headers.set('Cross-Origin-Opener-Policy', 'same-origin');
      headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
      headers.set('Cross-Origin-Resource-Policy', 'same-origin');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }),
  );
});
