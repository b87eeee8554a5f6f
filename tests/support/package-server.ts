/**
 * A package source on 127.0.0.1 for the tests: wheels under /files/, a Pyodide lock file that is the
 * real one plus the test's wheels (/pyodide/pyodide-lock.json; `packageBaseUrl` is /files/), a
 * PEP 691 (JSON) and PEP 503 (HTML) simple index under /simple/, and HTTP endpoints for the network
 * tests under /api/ (with or without CORS headers). What a test breaks on purpose it says here:
 * a wheel served with other bytes than the lock's sha256, a path that never answers.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { BuiltWheel } from './wheels.ts';

const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));

export interface ServedPackage {
  wheel: BuiltWheel;
  /** In the lock file (Pyodide's loader); not in the index unless `inIndex` says so. */
  inLock?: boolean;
  /**
   * Listed by the index as well (default: only a package not in the lock is). micropip asks a custom
   * index before the lock, so a lock package the index also has comes from the index.
   */
  inIndex?: boolean;
  /** Listed in the lock with these dependencies (names). */
  depends?: string[];
  /** Modules the lock says the package provides. */
  imports?: string[];
  /** Served with other bytes than these (the lock and index still name the built wheel's sha256). */
  corrupt?: boolean;
}

export interface ServedSdist {
  name: string;
  version: string;
  bytes?: Uint8Array;
  /** The sha256 the index lists (a wrong one, to test the check); the bytes' own by default. */
  sha256?: string;
}

export interface PackageServer {
  url: string;
  /** The lock file URL (Pyodide's `lockFileURL`). */
  lockUrl: string;
  /** The mirror: a folder holding the lock file and the wheels (Pyodide's `packageBaseUrl`). */
  mirror: string;
  /** The simple index (micropip's `index_urls`). */
  indexUrl: string;
  /** Every request the server answered, as `METHOD path`. */
  requests: string[];
  close(): Promise<void>;
}

export interface ServerOptions {
  packages: ServedPackage[];
  /** Paths that take this long (ms) before they answer (a source that times out). */
  slow?: Record<string, number>;
  /** Extra routes (the network tests' endpoints). */
  routes?: Record<string, (req: IncomingMessage, res: ServerResponse, body: Buffer) => void>;
  /**
   * Releases published only as a source archive: listed in the index as `<name>-<version>.tar.gz`;
   * with `bytes`, served under /files/ and listed with `sha256` (theirs unless another is given).
   */
  sdists?: ServedSdist[];
  /**
   * How the index answers: `json` (PEP 691 when asked for it, else HTML: the default), `html` (PEP 503
   * only, whatever is asked), `relative-json` (PEP 691 with file URLs relative to the page, as the PEP
   * allows). An HTML page's links are relative to the page.
   */
  index?: 'json' | 'html' | 'relative-json';
}

export async function servePackages(options: ServerOptions): Promise<PackageServer> {
  const requests: string[] = [];
  const byFile = new Map(options.packages.map((p) => [p.wheel.fileName, p]));
  const archiveName = (d: ServedSdist): string => `${d.name}-${d.version}.tar.gz`;
  const archives = new Map((options.sdists ?? []).filter((d) => d.bytes).map((d) => [archiveName(d), d]));
  let base = '';
  const lock = (): string => {
    const real = JSON.parse(readFileSync(join(pyodideDir, 'pyodide-lock.json'), 'utf8')) as {
      info: unknown;
      packages: Record<string, unknown>;
    };
    for (const p of options.packages.filter((q) => q.inLock)) {
      real.packages[p.wheel.name] = {
        name: p.wheel.name,
        version: p.wheel.version,
        file_name: p.wheel.fileName,
        install_dir: 'site',
        sha256: p.wheel.sha256,
        package_type: 'package',
        imports: p.imports ?? [p.wheel.name.replace(/-/g, '_')],
        depends: p.depends ?? [],
        unvendored_tests: false,
      };
    }
    return JSON.stringify(real);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      requests.push(`${req.method} ${path}`);
      const answer = (): void => route(req, res, path, Buffer.concat(chunks));
      const delay = options.slow?.[path];
      if (delay !== undefined) setTimeout(answer, delay);
      else answer();
    });
  });
  const route = (req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): void => {
    // Every answer may be read by a page of another origin: the tests' page is served elsewhere.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    // A route ending in "/" answers every path below it (a proxy's prefix).
    const extra =
      options.routes?.[path] ??
      Object.entries(options.routes ?? {}).find(([p]) => p.endsWith('/') && path.startsWith(p))?.[1];
    if (extra) return extra(req, res, body);
    if (path === '/pyodide/pyodide-lock.json') return send(res, 200, 'application/json', lock());
    // The wheels under /files/ and, beside the lock, under /pyodide/ (a mirror: one folder with both).
    const wheelPath = /^\/(files|pyodide)\/(.+)$/.exec(path);
    if (wheelPath) {
      const name = decodeURIComponent(wheelPath[2] ?? '');
      const archive = archives.get(name);
      if (archive?.bytes) {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': archive.bytes.byteLength });
        return void res.end(Buffer.from(archive.bytes));
      }
      const metadata = name.endsWith('.metadata');
      const p = byFile.get(metadata ? name.slice(0, -'.metadata'.length) : name);
      if (!p) return send(res, 404, 'text/plain', 'no such file');
      if (metadata) return send(res, 200, 'text/plain', p.wheel.metadata);
      const bytes = p.corrupt
        ? Buffer.concat([Buffer.from(p.wheel.bytes), Buffer.from('corrupted')])
        : Buffer.from(p.wheel.bytes);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.byteLength });
      return void res.end(bytes);
    }
    const simple = /^\/simple\/([^/]+)\/?$/.exec(path);
    if (simple) {
      const wanted = (simple[1] ?? '').toLowerCase().replace(/[-_.]+/g, '-');
      const files = options.packages.filter(
        (p) => (p.inIndex ?? !p.inLock) && p.wheel.name.toLowerCase().replace(/[-_.]+/g, '-') === wanted,
      );
      const sdists = (options.sdists ?? []).filter((d) => d.name.toLowerCase().replace(/[-_.]+/g, '-') === wanted);
      if (!files.length && !sdists.length) return send(res, 404, 'text/plain', 'not found');
      const style = options.index ?? 'json';
      // From /simple/<name>/ to /files/: relative, as PEP 503 and PEP 691 allow.
      const fileUrl = (file: string): string =>
        style === 'json' ? `${base}/files/${file}` : `../../files/${encodeURIComponent(file)}`;
      if (style !== 'html' && (req.headers.accept ?? '').includes('application/vnd.pypi.simple.v1+json')) {
        return send(
          res,
          200,
          'application/vnd.pypi.simple.v1+json',
          JSON.stringify({
            meta: { 'api-version': '1.0' },
            name: wanted,
            files: [
              ...files.map((p) => ({
                filename: p.wheel.fileName,
                url: fileUrl(p.wheel.fileName),
                hashes: { sha256: p.wheel.sha256 },
                'core-metadata': true,
              })),
              ...sdists.map((d) => ({
                filename: archiveName(d),
                url: fileUrl(archiveName(d)),
                hashes: d.bytes ? { sha256: d.sha256 ?? createHash('sha256').update(d.bytes).digest('hex') } : {},
              })),
            ],
          }),
        );
      }
      const links = [
        ...files.map(
          (p) => `<a href="../../files/${p.wheel.fileName}#sha256=${p.wheel.sha256}">${p.wheel.fileName}</a>`,
        ),
        ...sdists.map((d) => {
          const sha = d.bytes ? (d.sha256 ?? createHash('sha256').update(d.bytes).digest('hex')) : null;
          return `<a href="../../files/${archiveName(d)}${sha ? `#sha256=${sha}` : ''}">${archiveName(d)}</a>`;
        }),
      ].join('\n');
      return send(res, 200, 'text/html', `<!DOCTYPE html><html><body>\n${links}\n</body></html>`);
    }
    send(res, 404, 'text/plain', 'not found');
  };
  // Idle connections stay open longer than Node's 5 s default: a client reusing one just as the
  // server closes it sees ECONNRESET (undici's keep-alive race), a failure no test is about.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    lockUrl: `${base}/pyodide/pyodide-lock.json`,
    mirror: `${base}/pyodide/`,
    indexUrl: `${base}/simple`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}
