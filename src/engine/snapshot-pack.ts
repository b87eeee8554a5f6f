/**
 * The build's memory snapshot without its empty pages. A Pyodide 314 snapshot is the whole wasm
 * heap, 30 MiB, and about half of its 4 KiB blocks are all zeros (memory Python never touched).
 * The browser pays for every byte of it on every visit — the HTTP cache keeps the gzip body and
 * inflates it again — so the build ships the snapshot packed: the blocks that hold something, and
 * where they go. The worker unpacks it into a zero-filled buffer of the full length, the exact
 * bytes the build made (tests/engine/snapshot-pack.test.ts).
 *
 * Layout, little-endian: magic "TPSNAP01", u32 full length, u32 number of runs, per run u32 offset
 * and u32 length, then the runs' bytes one after the other.
 */

const MAGIC = 'TPSNAP01';
const BLOCK = 4096;

/** Whether `bytes` starts like a packed snapshot. */
export function isPackedSnapshot(bytes: Uint8Array): boolean {
  return bytes.byteLength >= MAGIC.length && String.fromCharCode(...bytes.subarray(0, MAGIC.length)) === MAGIC;
}

function allZero(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** The runs of blocks of `bytes` that are not all zeros: [offset, length] pairs. */
function nonZeroRuns(bytes: Uint8Array): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let start = 0; start < bytes.byteLength; start += BLOCK) {
    const end = Math.min(start + BLOCK, bytes.byteLength);
    if (allZero(bytes, start, end)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  return runs;
}

/** `snapshot` without its all-zero blocks (the build). */
export function packSnapshot(snapshot: Uint8Array): Uint8Array {
  const runs = nonZeroRuns(snapshot);
  const headerBytes = MAGIC.length + 8 + 8 * runs.length;
  const packed = new Uint8Array(headerBytes + runs.reduce((sum, [, length]) => sum + length, 0));
  const view = new DataView(packed.buffer);
  for (let i = 0; i < MAGIC.length; i++) packed[i] = MAGIC.charCodeAt(i);
  view.setUint32(MAGIC.length, snapshot.byteLength, true);
  view.setUint32(MAGIC.length + 4, runs.length, true);
  let at = headerBytes;
  runs.forEach(([offset, length], i) => {
    view.setUint32(MAGIC.length + 8 + 8 * i, offset, true);
    view.setUint32(MAGIC.length + 12 + 8 * i, length, true);
    packed.set(snapshot.subarray(offset, offset + length), at);
    at += length;
  });
  return packed;
}

/** The snapshot `packed` was made from; throws when the bytes are not a whole packed snapshot. */
export function unpackSnapshot(packed: Uint8Array): Uint8Array {
  if (!isPackedSnapshot(packed)) throw new Error('not a packed snapshot (magic)');
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.byteLength < MAGIC.length + 8) throw new Error('not a packed snapshot (too short)');
  const fullLength = view.getUint32(MAGIC.length, true);
  const count = view.getUint32(MAGIC.length + 4, true);
  let at = MAGIC.length + 8 + 8 * count;
  if (at > packed.byteLength) throw new Error('a packed snapshot cut short (its run list)');
  const snapshot = new Uint8Array(fullLength);
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(MAGIC.length + 8 + 8 * i, true);
    const length = view.getUint32(MAGIC.length + 12 + 8 * i, true);
    if (offset + length > fullLength) throw new Error('a packed snapshot whose run lies past its end');
    if (at + length > packed.byteLength) throw new Error('a packed snapshot cut short (its data)');
    snapshot.set(packed.subarray(at, at + length), offset);
    at += length;
  }
  if (at !== packed.byteLength) throw new Error('a packed snapshot with bytes after its data');
  return snapshot;
}
