/**
 * Links and `.toolplay.json` files, both ways. A link is `<app URL>#share=1.<data>`, where <data> is
 * base64url (no padding) of the deflate-raw compressed UTF-8 payload JSON; the file is that JSON,
 * uncompressed. Pure TypeScript: the app and `toolplay link` decode with this one module, so both
 * refuse the same inputs with the same words.
 */
import { ShareError } from './errors.ts';
import { firstNonBase64Url, fromBase64Url, toBase64Url } from './base64.ts';
import { deflateRaw, inflateRawCapped } from './inflate.ts';
import { FORMAT_VERSION, FRAGMENT_KEY, MAX_DEPTH, MAX_LINK_BYTES, MAX_PAYLOAD_BYTES, megabytes } from './limits.ts';
import { readPayload, unknownVersion, writePayload, type SharedWorkspace } from './payload.ts';

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const MARK = `${FRAGMENT_KEY}=`;

/** A ready link and what it weighs. */
export interface EncodedLink {
  link: string;
  /** Compressed bytes it carries (the 2 MB limit counts these). */
  dataBytes: number;
}

/** `base` (the app's URL; any fragment is dropped) with the workspace in its fragment. */
export function encodeLink(ws: SharedWorkspace, base: string): EncodedLink {
  const json = encoder.encode(writePayload(ws));
  if (json.length > MAX_PAYLOAD_BYTES) throw payloadTooLarge(json.length);
  const data = deflateRaw(json);
  if (data.length > MAX_LINK_BYTES) throw linkTooLarge(data.length);
  return { link: `${base.split('#')[0]}#${MARK}${FORMAT_VERSION}.${toBase64Url(data)}`, dataBytes: data.length };
}

/** The `.toolplay.json` text (indented: people read it before trusting it). */
export function encodeFile(ws: SharedWorkspace): string {
  const text = writePayload(ws, 2);
  const size = encoder.encode(text).length;
  if (size > MAX_PAYLOAD_BYTES) throw payloadTooLarge(size);
  return `${text}\n`;
}

/** True when `text` looks like a link (has the share mark), as opposed to JSON or other text. */
export function hasShareMark(text: string): boolean {
  return text.includes(`#${MARK}`) || text.trimStart().startsWith(MARK);
}

/** A whole link, a bare `#share=…` fragment, or a `.toolplay.json` file (as text or as its bytes). */
export function decodeShared(input: string | Uint8Array): SharedWorkspace {
  // JSON (an object, or anything else JSON that then gets "not a JSON object") is a file, even after
  // the byte-order mark an editor such as Notepad puts first; anything else is read as a link.
  if (typeof input === 'string')
    return /^\uFEFF?\s*[{[]/.test(input) ? decodeFile(encoder.encode(input)) : decodeLink(input);
  const start = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
  const first = input.findIndex((b, i) => i >= start && b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d);
  return input[first] === 0x7b || input[first] === 0x5b
    ? decodeFile(input)
    : decodeLink(new TextDecoder().decode(input));
}

export function decodeLink(text: string): SharedWorkspace {
  const trimmed = text.trim();
  const at = trimmed.indexOf(`#${MARK}`);
  if (at < 0 && !trimmed.startsWith(MARK))
    throw new ShareError('not-a-link', `this is not a toolplay link: it has no "#${MARK}" part`);
  const rest = trimmed.slice(at < 0 ? MARK.length : at + MARK.length + 1);
  const dot = rest.indexOf('.');
  const version = dot < 0 ? '' : rest.slice(0, dot);
  if (!/^\d+$/.test(version))
    throw new ShareError('damaged', `the link is damaged: "#${MARK}" is not followed by a format version and a dot`);
  if (version !== String(FORMAT_VERSION)) throw unknownVersion(version);
  // Chat tools wrap long links: line breaks and spaces inside the data are not part of it.
  const data = rest.slice(dot + 1).replace(/\s+/g, '');
  const carried = Math.floor((data.length * 3) / 4);
  if (carried > MAX_LINK_BYTES) throw linkTooLarge(carried);
  const stray = firstNonBase64Url(data);
  if (stray)
    throw new ShareError(
      'damaged',
      `the link is damaged: it contains ${JSON.stringify(stray.char)} (character ${stray.index + 1} of its data), which no toolplay link has`,
    );
  const bytes = fromBase64Url(data);
  if (!bytes) throw new ShareError('cut-off', 'the link is cut off: it ends in the middle of the data');
  const json = inflateRawCapped(bytes, MAX_PAYLOAD_BYTES);
  return readPayload(parseJson(json, 'link'));
}

/** A `.toolplay.json` file's bytes. */
export function decodeFile(bytes: Uint8Array): SharedWorkspace {
  checkFileSize(bytes.length);
  return readPayload(parseJson(bytes, 'file'));
}

/** Refuses a `.toolplay.json` over the limit (callers that can stat a file check before reading it). */
export function checkFileSize(bytes: number): void {
  if (bytes > MAX_PAYLOAD_BYTES)
    throw new ShareError(
      'unpacks-too-large',
      `the file is too large: ${megabytes(bytes)}, over the ${megabytes(MAX_PAYLOAD_BYTES)} limit`,
    );
}

function parseJson(bytes: Uint8Array, from: 'link' | 'file'): unknown {
  const what = from === 'link' ? 'the link is damaged: its data' : 'the file';
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new ShareError('damaged', `${what} is not UTF-8 text`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    // The engine's own words are left out: they differ between Node and browser versions (and quote the input).
    throw new ShareError('damaged', `${what} is not valid JSON`);
  }
  // Checked before anything copies or re-serialises it: a few hundred bytes of brackets must not
  // overflow the stack of whoever reads the payload next.
  if (depthOver(value, MAX_DEPTH))
    throw new ShareError(
      'too-deep',
      `${from === 'link' ? 'the link' : 'the file'} nests values more than ${MAX_DEPTH} levels deep, which no toolplay workspace does`,
    );
  return value;
}

/** True when `value` nests arrays or objects more than `max` levels deep (walked without recursion). */
function depthOver(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [v, depth] = item;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

function linkTooLarge(bytes: number): ShareError {
  return new ShareError(
    'too-large',
    `the link is too large: it carries ${megabytes(bytes)} of compressed data, over the ${megabytes(MAX_LINK_BYTES)} limit`,
  );
}

function payloadTooLarge(bytes: number): ShareError {
  return new ShareError(
    'unpacks-too-large',
    `the shared workspace is too large: ${megabytes(bytes)}, over the ${megabytes(MAX_PAYLOAD_BYTES)} limit`,
  );
}
