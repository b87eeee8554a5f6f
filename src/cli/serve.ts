/**
 * `toolplay serve`: the playground this package ships, built (dist/), on 127.0.0.1:4173 by default,
 * with the headers it needs from its server (src/cli/serve-files.ts), until Ctrl+C. The folder is
 * the package's own, wherever it is installed, not the working directory's. Python never starts.
 *
 * node:http rather than a static-server package: Vite's (sirv) is bundled inside Vite, which only
 * building the app needs, and what the app asks of its server is the few headers above.
 */
import { existsSync, realpathSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Outcome } from './commands.ts';
import { parse, positionals } from './options.ts';
import { UsageFailure } from './usage.ts';
import { answer } from './serve-files.ts';

export const DEFAULT_PORT = 4173;
export const DEFAULT_HOST = '127.0.0.1';
/** The package's built playground: `npm run build` (and `npm pack`, through prepack) writes it. */
export const DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

const line = (text: string): string => `toolplay serve: ${text}\n`;

/** The address to open for a server listening on `host` (a wildcard one answers on localhost too). */
export function urlOf(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}

/** Listens on host:port with the files under `root`; resolves once listening (port 0: a free one). */
export async function startServer(root: string, port: number, host: string): Promise<{ server: Server; url: string }> {
  if (!existsSync(join(root, 'index.html')))
    throw new UsageFailure(
      `serve: the playground is not built (no ${join(root, 'index.html')}): run "npm run build" in ${join(root, '..')} first`,
    );
  const real = realpathSync(root);
  const server = createServer((req, res) => {
    try {
      answer(real, req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500).end(line('internal error'));
      else res.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE')
        reject(
          new UsageFailure(
            `serve: port ${port} is already in use on ${host} (pick another with --port N; 0 picks a free one)`,
          ),
        );
      else reject(new UsageFailure(`serve: cannot listen on ${host}:${port} (${e.code ?? e.message})`));
    });
    server.listen(port, host, resolve);
  });
  return { server, url: urlOf(host, (server.address() as { port: number }).port) };
}

export async function serve(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('serve', args, { port: { type: 'string' }, host: { type: 'string' } });
  if (values.help) return 'help';
  positionals('serve', pos, []);
  const text = values.port === undefined ? String(DEFAULT_PORT) : String(values.port);
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535))
    throw new UsageFailure(`serve: --port must be a number from 0 to 65535 (0 picks a free one), not '${text}'`);
  const host = values.host === undefined ? DEFAULT_HOST : String(values.host);
  if (host === '') throw new UsageFailure('serve: --host needs an address or a name, e.g. 127.0.0.1');

  const { server, url } = await startServer(DIST_DIR, port, host);
  process.stdout.write(line(`the playground on ${url} (Ctrl+C stops it)`));
  if (!['127.0.0.1', 'localhost', '::1'].includes(host))
    process.stderr.write(
      line(
        'a browser on another machine reaches it over plain http, which is no secure context: the page is not cross-origin isolated there (confirmations then follow a policy you pick; Stop restarts Python)',
      ),
    );

  let stop = (_signal: NodeJS.Signals): void => {};
  const stopped = new Promise<NodeJS.Signals>((resolve) => (stop = resolve));
  process.on('SIGINT', stop).on('SIGTERM', stop);
  const signal = await stopped;
  process.off('SIGINT', stop).off('SIGTERM', stop);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  process.stderr.write(line(`stopped (${signal})`));
  return { stdout: '', code: 0 };
}
