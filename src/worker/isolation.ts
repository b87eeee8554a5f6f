/**
 * Makes the page cross-origin isolated on hosts that send no COOP/COEP headers: registers
 * public/coi-serviceworker.js and reloads once so the page is served through it. Where that is
 * impossible (service workers disabled or blocked, not a secure context, a hard reload that
 * bypasses the service worker), it reports 'unavailable' and the app degrades honestly:
 * confirmations answered by a policy, Stop by restarting the worker (see PythonClient).
 */
export type IsolationStatus = 'isolated' | 'reloading' | 'unavailable';

/** Guards against a reload loop when the service worker cannot help. */
const RELOADED = 'toolplay-coi-reloaded';
let pending: Promise<IsolationStatus> | null = null;

export function ensureIsolation(): Promise<IsolationStatus> {
  return (pending ??= attempt());
}

async function attempt(): Promise<IsolationStatus> {
  if (globalThis.crossOriginIsolated) {
    sessionStorage.removeItem(RELOADED);
    return 'isolated';
  }
  if (typeof window === 'undefined' || !window.isSecureContext || !('serviceWorker' in navigator)) return 'unavailable';
  try {
    const url = new URL('coi-serviceworker.js', document.baseURI);
    const registration = await navigator.serviceWorker.register(url, {
      scope: new URL('./', document.baseURI).pathname,
    });
    // Controlled and still not isolated: the service worker cannot help here; reloading again would loop.
    if (navigator.serviceWorker.controller || sessionStorage.getItem(RELOADED)) return 'unavailable';
    await activated(registration);
    sessionStorage.setItem(RELOADED, '1');
    window.location.reload();
    return 'reloading';
  } catch {
    return 'unavailable';
  }
}

function activated(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker || worker.state === 'activated') return Promise.resolve();
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
    });
  });
}
