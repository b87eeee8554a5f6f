import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * sha256 of bytes as lowercase hex. Web Crypto where the realm has it (Node, a page's secure
 * context); the sandboxed Python worker's opaque origin is not a secure context and has no
 * `crypto.subtle`, so there @noble/hashes computes it.
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return bytesToHex(await sha256Bytes(bytes));
}

/** sha256 of bytes, the 32 bytes themselves (Web Crypto where the realm has it, as sha256Hex). */
export async function sha256Bytes(bytes: Uint8Array): Promise<Uint8Array> {
  if (!globalThis.crypto?.subtle) return sha256(bytes);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

/** The hex digest in a Subresource Integrity value (`sha256-<base64>`, what Pyodide gives fetch), or null for other algorithms. */
export function integrityHex(integrity: string | undefined): string | null {
  const match = /^sha256-([A-Za-z0-9+/=]+)$/.exec(integrity?.trim() ?? '');
  if (!match?.[1]) return null;
  const raw = atob(match[1]);
  return [...raw].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
}
