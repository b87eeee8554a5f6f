import { describe, expect, it } from 'vitest';
import { isPackedSnapshot, packSnapshot, unpackSnapshot } from '../../src/engine/snapshot-pack.ts';

/** A heap-like buffer: some 4 KiB blocks written, the rest zeros, and a length that is not a whole number of blocks. */
function sample(): Uint8Array {
  const bytes = new Uint8Array(10 * 4096 + 100);
  bytes.set([1, 2, 3], 0); // block 0
  bytes[4096 + 4095] = 9; // block 1, its last byte: joins block 0's run
  bytes.fill(5, 5 * 4096, 6 * 4096 + 10); // blocks 5 and 6
  bytes[10 * 4096 + 99] = 7; // the short last block
  return bytes;
}

// A real snapshot goes through both in the browser tests (snapshot.e2e.ts: the app starts from the build's).
describe('the packed snapshot (the build ships the heap without its all-zero blocks)', () => {
  it('unpacks to exactly the bytes it was packed from, and is smaller', () => {
    const bytes = sample();
    const packed = packSnapshot(bytes);
    expect(isPackedSnapshot(packed)).toBe(true);
    expect(isPackedSnapshot(bytes)).toBe(false);
    // runs: blocks 0–1, 5–6, the last (short) one; 16 bytes of header and 8 per run
    expect(packed.byteLength).toBe(16 + 3 * 8 + 2 * 4096 + 2 * 4096 + 100);
    expect(unpackSnapshot(packed)).toEqual(bytes);
  });

  it('packs a buffer with no zero block, and one with nothing but zeros', () => {
    const full = new Uint8Array(3 * 4096).fill(1);
    expect(unpackSnapshot(packSnapshot(full))).toEqual(full);
    const empty = new Uint8Array(3 * 4096);
    expect(packSnapshot(empty).byteLength).toBe(16);
    expect(unpackSnapshot(packSnapshot(empty))).toEqual(empty);
  });

  it('refuses bytes that are not a whole packed snapshot, saying what is wrong', () => {
    const packed = packSnapshot(sample());
    expect(() => unpackSnapshot(new Uint8Array(4096).fill(7))).toThrow('not a packed snapshot (magic)');
    expect(() => unpackSnapshot(packed.subarray(0, 20))).toThrow('cut short (its run list)');
    expect(() => unpackSnapshot(packed.subarray(0, packed.byteLength - 1))).toThrow('cut short (its data)');
    const longer = new Uint8Array(packed.byteLength + 1);
    longer.set(packed);
    expect(() => unpackSnapshot(longer)).toThrow('bytes after its data');
    const past = packed.slice();
    new DataView(past.buffer).setUint32(8, 4096, true); // full length now shorter than the runs
    expect(() => unpackSnapshot(past)).toThrow('past its end');
  });
});
