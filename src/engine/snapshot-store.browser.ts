/**
 * The packed snapshot kept in the Cache API, as bytes. The HTTP cache keeps it too, but as the
 * gzip body it arrived in, inflated again on every visit (~15 MB); this copy is read as it is.
 * One build's snapshot at a time: keeping a new one drops the others. Everything here may fail
 * (no Cache API outside a secure context, a full quota, storage blocked): the snapshot then comes
 * from the network as before, and nothing is lost.
 */
const CACHE_NAME = 'toolplay-engine-snapshot';

async function open(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open(CACHE_NAME);
  } catch {
    return null;
  }
}

/** This build's packed snapshot from the cache, or null when it is not there (or cannot be read). */
export async function keptSnapshot(url: string): Promise<Uint8Array | null> {
  const cache = await open();
  try {
    const hit = await cache?.match(url);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** Keeps `packed` as this build's snapshot and drops any other build's; never throws. */
export async function keepSnapshot(url: string, packed: Uint8Array): Promise<void> {
  const cache = await open();
  if (!cache) return;
  try {
    const here = new URL(url, self.location.href).href;
    for (const request of await cache.keys()) if (request.url !== here) await cache.delete(request);
    await cache.put(here, new Response(packed as Uint8Array<ArrayBuffer>));
  } catch {
    // a full quota or blocked storage: the next visit downloads it again
  }
}

/** Forgets a kept snapshot that turned out not to be one (so the next visit downloads it). */
export async function dropSnapshot(url: string): Promise<void> {
  const cache = await open();
  try {
    await cache?.delete(url);
  } catch {
    // nothing kept, or nothing to do about it
  }
}
