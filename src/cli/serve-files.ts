/**
 * What `toolplay serve` answers (src/cli/serve.ts): the built playground's files, each with the
 * headers the app needs from its server (README, Deploy): cross-origin isolation on every answer
 * (SharedArrayBuffer: confirmations and Stop), a type the browser accepts (application/wasm for
 * Pyodide's streaming compile, text/javascript for modules), a `.gz` copy beside a file served
 * in its place to a browser that accepts gzip (the engine's snapshot, as `npm start` does), and
 * content- or version-addressed folders (assets/, pyodide-<version>/) marked immutable.
 *
 * A request names a file under the root or gets nothing: no `..`, no hidden files, no symbolic
 * link out of it (each refused with 403), no listing of a folder.
 */
import { createReadStream, existsSync, realpathSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

export const CROSS_ORIGIN_ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

const TEXT = '; charset=utf-8';
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': `text/html${TEXT}`,
  '.js': `text/javascript${TEXT}`,
  '.mjs': `text/javascript${TEXT}`,
  '.css': `text/css${TEXT}`,
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.txt': `text/plain${TEXT}`,
  '.md': `text/markdown${TEXT}`,
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
};
const contentType = (file: string): string => CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** The file a request's path names under `root` (an absolute, real path), or the status that refuses it. */
export function fileFor(root: string, url: string): { file: string } | { status: 400 | 403 | 404; reason: string } {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return { status: 400, reason: 'the path is not valid percent-encoding' };
  }
  if (!path.startsWith('/') || path.includes('\0')) return { status: 400, reason: 'not a path' };
  const segments = path.split(/[/\\]/).filter(Boolean);
  if (segments.some((s) => s === '..' || s.startsWith('.')))
    return { status: 403, reason: 'a path outside the playground or to a hidden file is refused' };
  let file = resolve(root, ...segments);
  if (file !== root && !file.startsWith(root + sep)) return { status: 403, reason: 'outside the playground' };
  let stats: Stats;
  try {
    stats = statSync(file);
    if (stats.isDirectory()) stats = statSync((file = join(file, 'index.html')));
    // A symbolic link in the folder is followed only when it stays inside it.
    const real = realpathSync(file);
    if (!real.startsWith(root + sep)) return { status: 403, reason: 'outside the playground' };
  } catch {
    return { status: 404, reason: 'no such file' };
  }
  return stats.isFile() ? { file } : { status: 404, reason: 'no such file' };
}

/** Content- or version-addressed (Vite's hashed assets, one Pyodide release's files): never revalidated. */
const IMMUTABLE = /^\/(assets|pyodide-[^/]+)\//;

/** Answers one request from the files under `root` (an absolute, real path). */
export function answer(root: string, req: IncomingMessage, res: ServerResponse): void {
  const refuse = (status: number, text: string, extra: Record<string, string> = {}): void => {
    res
      .writeHead(status, { 'Content-Type': `text/plain${TEXT}`, ...CROSS_ORIGIN_ISOLATION, ...extra })
      .end(req.method === 'HEAD' ? undefined : `toolplay serve: ${text}\n`);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return refuse(405, `${req.method ?? '?'} is not served (GET and HEAD are)`, { Allow: 'GET, HEAD' });
  const url = req.url ?? '/';
  const found = fileFor(root, url);
  if ('status' in found) return refuse(found.status, found.reason);
  const gzipped = `${found.file}.gz`;
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && existsSync(gzipped);
  const sent = gzip ? gzipped : found.file;
  const stats = statSync(sent);
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${gzip ? '-gz' : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': contentType(found.file),
    'Cache-Control': IMMUTABLE.test(url) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    ...CROSS_ORIGIN_ISOLATION,
    ...(existsSync(gzipped) ? { Vary: 'Accept-Encoding' } : {}),
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  };
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, headers).end();
  res.writeHead(200, { ...headers, 'Content-Length': String(stats.size) });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(sent)
    .on('error', () => res.destroy())
    .pipe(res);
}
