import { unpackSnapshot } from './snapshot-pack.ts';

/** The snapshot's bytes could not be had (a failed request): the plain start gives this as its reason (start.ts). */
export class SnapshotUnavailable extends Error {
  override name = 'SnapshotUnavailable';
}

/**
 * Where a packed snapshot's bytes come from: the copy kept in Cache Storage and the network
 * (snapshot-copies.browser.ts, in the asset worker), which the confined worker reaches by message.
 */
export interface PackedSnapshots {
  kept(): Promise<Uint8Array | null>;
  drop(): Promise<void>;
  network(): Promise<Uint8Array>;
  keep(packed: Uint8Array): void;
}

/** The snapshot unpacked: the kept copy, else (or when it is damaged) the network's, which is then kept. */
export async function downloadSnapshot(store: PackedSnapshots): Promise<Uint8Array> {
  const kept = await store.kept();
  if (kept) {
    try {
      return unpackSnapshot(kept);
    } catch {
      await store.drop(); // a damaged copy: the network's is the one to use
    }
  }
  const packed = await store.network();
  const snapshot = unpackSnapshot(packed); // bytes that are no packed snapshot: it "did not restore" (start.ts)
  store.keep(packed);
  return snapshot;
}
