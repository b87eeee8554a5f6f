/**
 * The body lollms_client puts inside a successful `<tool_result>` (ChatMixin's result cleaning):
 * a `prompt_injection` string anywhere in the result wins; otherwise the `output` is unwrapped
 * (one level more through content/text/result/data/page_content/summary), base64 blobs are
 * replaced by a size note, strings cut at 4000 characters, lists at 50 items, and whatever is
 * not a string is sent as JSON indented by 2.
 */
import { pyStr } from './pyrepr.ts';

const MAX_CHARS = 4000;
const BLOB_KEYS = new Set([
  'plot_b64',
  'image_b64',
  'audio_b64',
  'video_b64',
  'file_b64',
  'screenshot_b64',
  'pdf_b64',
  'thumbnail_b64',
  'base64',
  'binary',
  'raw_image',
  'image_data',
  'raw_data',
]);
const BASE64 = /^[A-Za-z0-9+/=\s]{500,}$/;
const INNER_KEYS = ['content', 'text', 'result', 'data', 'page_content', 'summary'];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

const kb = (chars: number): string => `${((chars * 3) / 4 / 1024).toFixed(1)}KB`;
const cut = (s: string): string =>
  s.length > MAX_CHARS ? `${s.slice(0, MAX_CHARS)}\n... [truncated, ${s.length - MAX_CHARS} more chars]` : s;

function isBlob(s: string): boolean {
  const sample = s.replace(/[\n\r ]/g, '');
  return sample.length >= 500 && BASE64.test(sample.slice(0, 1000));
}

function promptInjection(value: unknown, depth = 0): string | null {
  if (depth > 4) return null;
  if (isObject(value)) {
    const p = value.prompt_injection;
    if (typeof p === 'string' && p.trim()) return p.trim();
    for (const v of Object.values(value)) {
      const hit = promptInjection(v, depth + 1);
      if (hit) return hit;
    }
  } else if (Array.isArray(value)) {
    for (const v of value) {
      const hit = promptInjection(v, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}

function walk(value: unknown, depth = 0): Json {
  if (depth > 6) return '[truncated: depth limit]';
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value === 'string') return isBlob(value) ? `[base64 blob stripped: ${kb(value.length)}]` : cut(value);
  if (Array.isArray(value)) {
    const items = value.slice(0, 50).map((v) => walk(v, depth + 1));
    if (value.length > 50) items.push(`... [truncated, ${value.length - 50} more items]`);
    return items;
  }
  if (isObject(value)) {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!BLOB_KEYS.has(k)) out[k] = walk(v, depth + 1);
      else if (typeof v === 'string' && v) out[k] = `[base64 blob stripped: ${kb(v.length)}]`;
      else if (Array.isArray(v) && v.length)
        out[k] =
          `[list of ${v.length} base64 blobs stripped: ${kb(v.reduce<number>((n, x) => n + (typeof x === 'string' ? x.length : 0), 0))}]`;
      else out[k] = null;
    }
    return out;
  }
  return pyStr(value);
}

function noNulls(value: unknown): unknown {
  if (value === null) return '[No output returned by tool]';
  if (Array.isArray(value)) return value.map(noNulls);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, noNulls(v)]));
  return value;
}

function unwrap(result: unknown): unknown {
  if (!isObject(result)) return result;
  if ('output' in result) {
    const out = result.output;
    if (isObject(out)) for (const k of INNER_KEYS) if (k in out) return out[k];
    return out;
  }
  for (const k of ['content', 'result', 'data']) if (k in result) return result[k];
  return result;
}

/** The text of a successful result as the model reads it. */
export function sanitizeToolResult(result: unknown): string {
  const injected = promptInjection(result);
  if (injected) {
    const inner = isObject(result) && 'output' in result ? result.output : result;
    const ok = !(isObject(inner) && inner.success === false) && !(isObject(result) && result.success === false);
    const error = ok ? '' : pyStr((isObject(result) && result.error) || (isObject(inner) && inner.error) || '');
    const head = ok ? '✓ Success' : '⚠ Tool Failed';
    return error ? `${head}\nError: ${error}\n${injected}` : `${head}\n${injected}`;
  }
  const unwrapped = unwrap(result);
  if (unwrapped === null || unwrapped === undefined)
    return 'Tool executed successfully but returned no output content.';
  const clean = walk(noNulls(unwrapped));
  return typeof clean === 'string' ? cut(clean) : cut(JSON.stringify(clean, null, 2));
}
