/**
 * A packed snapshot's two copies in the browser: the one kept in Cache Storage
 * (snapshot-store.browser.ts) and the network's. Read by the asset worker (src/worker/sandbox/) for
 * the confined Python worker, and by the page's own start in tests (snapshot.browser.ts).
 */
import { SnapshotUnavailable, type PackedSnapshots } from './snapshot-download.ts';
import { dropSnapshot, keepSnapshot, keptSnapshot } from './snapshot-store.browser.ts';

/** The copies of the snapshot at `url`. */
export function browserSnapshots(url: string): PackedSnapshots {
  return {
    kept: () => keptSnapshot(url),
    drop: () => dropSnapshot(url),
    network: () => fromNetwork(url),
    keep: (packed) => void keepSnapshot(url, packed),
  };
}

export async function fromNetwork(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new SnapshotUnavailable(`the snapshot did not load (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!response.ok)
    throw new SnapshotUnavailable(`the snapshot did not load (${response.status} ${response.statusText})`);
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (e) {
    throw new SnapshotUnavailable(`the snapshot did not load (${e instanceof Error ? e.message : String(e)})`);
  }
}
