/**
 * The sandboxed frame the Python worker lives in: an `srcdoc` document (it inherits the page's
 * COOP/COEP, so it can be cross-origin isolated wherever the page is) loaded with
 * `sandbox="allow-scripts"` and no `allow-same-origin`, so its origin is opaque and holds no storage
 * of the app. Its Content Security Policy allows no network at all: scripts only from blob: URLs it
 * makes itself (the worker's code, which the page hands over as a Blob) and its one inline script
 * (by nonce); WebAssembly compiled from bytes; eval (see frameCsp). A worker made from a blob: URL inherits that policy.
 *
 * The inline script is `frameMain` below, written into the document as source text, so it must stay
 * self-contained (no imports, nothing from this module's scope). Its job is small: start the worker
 * (a classic worker, as Chromium refuses module workers in an opaque-origin frame, that imports the
 * worker's module), hand it its ports and the shared memory, and do for the page what the page
 * cannot do across origins: write Pyodide's interrupt buffer, a confirmation's answer and a
 * synchronous request's answer into memory shared with the worker, and wake it.
 */

/**
 * The frame's policy. `connect-src 'none'`: no fetch, XHR, WebSocket, EventSource, beacon.
 * `'unsafe-eval'`: the engine's fast paths (its dict watcher and the file-system stamps that make the
 * integrity check and a rescan cheap) are JavaScript Pyodide's `run_js` evaluates; without it each
 * falls back to walking and comparing everything, and a call costs several times as much. It gives
 * code in the frame nothing new: it can run any JavaScript already (a blob: script), and what bounds
 * it is the opaque origin and this policy's network, not eval.
 */
export function frameCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' blob: 'unsafe-eval' 'wasm-unsafe-eval'`,
    'worker-src blob:',
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** The document of a new frame (`nonce`: fresh per frame). */
export function frameDocument(nonce: string): string {
  const csp = frameCsp(nonce).replace(/"/g, '&quot;');
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${csp}"><script nonce="${nonce}">(${frameMain.toString()})()</script>`;
}

/** Runs inside the frame (as text): see the module's docstring. Layouts match shared-bridge.ts and sync-wait.ts. */
function frameMain(): void {
  const report = (message: unknown, transfer: Transferable[] = []): void => parent.postMessage(message, '*', transfer);
  const isolated = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
  let control: MessagePort | null = null;
  window.addEventListener('message', function boot(e: MessageEvent) {
    const data = e.data as { kind?: unknown; code?: unknown } | null;
    if (e.source !== parent || control || !data || data.kind !== 'boot' || !(data.code instanceof Blob)) return;
    const [link, services, frameControl, assets] = e.ports;
    if (!link || !services || !frameControl || !assets) return;
    window.removeEventListener('message', boot);
    control = frameControl;
    start(data.code, link, services, frameControl, assets);
  });
  report({ kind: 'frameReady', isolated });

  function start(code: Blob, link: MessagePort, services: MessagePort, port: MessagePort, assets: MessagePort): void {
    const shared = isolated
      ? {
          control: new SharedArrayBuffer(8),
          data: new SharedArrayBuffer(64 * 1024),
          interrupt: new SharedArrayBuffer(1),
          sync: new SharedArrayBuffer(12),
          syncData: new SharedArrayBuffer(1024 * 1024),
        }
      : null;
    const moduleUrl = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    const bootstrap =
      'self.onmessage = (e) => { self.onmessage = null; self.toolplaySandbox = e.data; ' +
      'import(e.data.moduleUrl).catch((error) => setTimeout(() => { throw error; })); };';
    const worker = new Worker(URL.createObjectURL(new Blob([bootstrap], { type: 'text/javascript' })));
    worker.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      port.postMessage({ kind: 'workerError', message: e.message || 'the Python worker failed to start' });
    };
    // A synchronous request: the worker asks through here, so the frame knows which answer it waits for.
    let awaiting = -1;
    let pending: Uint8Array | null = null;
    let syncData = shared?.syncData ?? null;
    const writeSync = (): void => {
      if (!shared || !pending || !syncData) return;
      const state = new Int32Array(shared.sync);
      Atomics.store(state, 1, awaiting);
      Atomics.store(state, 2, pending.byteLength);
      if (pending.byteLength > syncData.byteLength) {
        Atomics.store(state, 0, 2); // too big: the worker sends a larger buffer ('grow')
      } else {
        new Uint8Array(syncData).set(pending);
        pending = null;
        Atomics.store(state, 0, 1);
      }
      Atomics.notify(state, 0);
    };
    worker.onmessage = (e: MessageEvent) => {
      const data = e.data as { kind?: unknown; id?: unknown; ask?: unknown; buffer?: unknown } | null;
      if (!data) return;
      if (data.kind === 'syncAsk' && typeof data.id === 'number') {
        awaiting = data.id;
        pending = null;
        port.postMessage({ kind: 'syncAsk', id: data.id, ask: data.ask });
      } else if (data.kind === 'grow' && data.buffer instanceof SharedArrayBuffer) {
        syncData = data.buffer;
        writeSync();
      }
    };
    port.onmessage = (e: MessageEvent) => {
      const command = e.data as { kind?: unknown; id?: unknown; bytes?: unknown } | null;
      if (!command || !shared) return;
      const confirmState = new Int32Array(shared.control);
      switch (command.kind) {
        case 'interrupt':
          new Uint8Array(shared.interrupt)[0] = 2; // SIGINT: KeyboardInterrupt in Python
          Atomics.notify(confirmState, 0);
          Atomics.notify(new Int32Array(shared.sync), 0);
          return;
        case 'clearInterrupt':
          new Uint8Array(shared.interrupt)[0] = 0;
          return;
        case 'wake':
          Atomics.notify(confirmState, 0);
          return;
        case 'confirm':
          if (!(command.bytes instanceof ArrayBuffer)) return;
          new Uint8Array(shared.data).set(new Uint8Array(command.bytes));
          Atomics.store(confirmState, 1, command.bytes.byteLength);
          Atomics.store(confirmState, 0, 1);
          Atomics.notify(confirmState, 0);
          return;
        case 'syncReply':
          if (command.id !== awaiting || !(command.bytes instanceof ArrayBuffer)) return; // an answer nobody waits for
          pending = new Uint8Array(command.bytes);
          writeSync();
          return;
      }
    };
    worker.postMessage({ moduleUrl, shared, link, services, assets }, [link, services, assets]);
    port.postMessage({ kind: 'booted', isolated: shared !== null });
  }
}
