// sha256Hex gives the same hex with Web Crypto and without it (the sandboxed worker's opaque origin has no crypto.subtle).
import { afterEach, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { sha256Hex } from '../../src/net/digest.ts';

afterEach(() => vi.unstubAllGlobals());

const bytes = new Uint8Array(200_000).map((_, i) => (i * 31) % 251);
const expected = createHash('sha256').update(bytes).digest('hex');

it('hashes with Web Crypto where the realm has it', async () => {
  expect(await sha256Hex(bytes)).toBe(expected);
  expect(await sha256Hex(new Uint8Array())).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});

it('hashes the same without crypto.subtle, as in an opaque-origin worker that is not a secure context', async () => {
  vi.stubGlobal('crypto', {});
  expect(globalThis.crypto.subtle).toBeUndefined();
  expect(await sha256Hex(bytes)).toBe(expected);
});
