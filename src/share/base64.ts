/**
 * Base64 both ways, strict on the way in: standard base64 with padding for file contents in the
 * payload, base64url without padding for the link's data (RFC 4648 §4 and §5). atob/btoa exist in
 * browsers and Node alike, so this stays free of DOM and Node APIs.
 */

const CHUNK = 3 * 8192; // a multiple of 3, so chunks encode without inner padding

export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const slice = bytes.subarray(i, i + CHUNK);
    let binary = '';
    for (let j = 0; j < slice.length; j++) binary += String.fromCharCode(slice[j]!);
    parts.push(btoa(binary));
  }
  return parts.join('');
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');
}

const STANDARD = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard base64 with padding; null when it is not exactly that. */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !STANDARD.test(text)) return null;
  return binaryToBytes(atob(text));
}

/** The first character that cannot be part of base64url data, or null. */
export function firstNonBase64Url(text: string): { char: string; index: number } | null {
  const m = /[^A-Za-z0-9_-]/u.exec(text);
  return m ? { char: m[0], index: m.index } : null;
}

/** base64url without padding, already checked with firstNonBase64Url; null when its length cannot be whole data (cut off). */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const standard = text.replaceAll('-', '+').replaceAll('_', '/');
  return binaryToBytes(atob(standard + '='.repeat((4 - (standard.length % 4)) % 4)));
}

function binaryToBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
