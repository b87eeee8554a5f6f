// A tool's HTTP requests, synchronous as tools write them (urllib.request), through the page's fetch:
// each request in the telemetry (secrets redacted), the Network switch, the CORS proxy, errors as
// urllib raises them. Endpoints are served on 127.0.0.1; nothing else is reached.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { send, servePackages, type PackageServer } from '../support/package-server.ts';
import { callIn, ofType, pythonWith, sourceOf, workspace } from './support.ts';

const T = { timeout: 60_000 };

let server: PackageServer;
let engine: Engine;

const echo = (req: IncomingMessage, res: ServerResponse, body: Buffer): void =>
  send(
    res,
    200,
    'application/json',
    JSON.stringify({ method: req.method, url: req.url, body: body.toString(), token: req.headers['x-token'] ?? null }),
  );

beforeAll(async () => {
  server = await servePackages({
    packages: [],
    routes: {
      '/api/echo': echo,
      '/api/missing': (_req, res) => send(res, 404, 'text/plain', 'no such thing'),
      '/api/slow': (_req, res) => void setTimeout(() => send(res, 200, 'text/plain', 'late'), 2000),
      // A CORS proxy as the workspace setting names one: the target's URL follows the prefix.
      '/proxy/': (req, res) => send(res, 200, 'text/plain', `proxied ${req.url ?? ''}`),
    },
  });
  engine = await pythonWith(await sourceOf(server));
}, 120_000);
afterAll(() => server.close());

const TOOL = (body: string): string => `import json, urllib.request, urllib.error


def tool_net(url: str) -> dict:
    """Net.

    Args:
        url: where
    """
${body
  .split('\n')
  .map((l) => `    ${l}`)
  .join('\n')}
`;

describe("a tool's HTTP requests", () => {
  it(
    'urllib.request GET: the answer reaches the tool; the telemetry has method, URL with its key redacted, status, bytes',
    T,
    async () => {
      const root = workspace(engine, {
        'tools/net.py': TOOL(
          'with urllib.request.urlopen(url) as r:\n    return {"output": json.loads(r.read()), "status": r.status}',
        ),
      });
      const url = `${server.url}/api/echo?q=1&api_key=secret123`;
      const { result, events } = await callIn(engine, root, 'tool_net', { url });
      expect(result).toMatchObject({
        output: { method: 'GET', url: '/api/echo?q=1&api_key=secret123' },
        success: true,
      });
      const [request] = ofType(events, 'net.request');
      expect(request).toMatchObject({
        method: 'GET',
        url: `${server.url}/api/echo?q=1&api_key=%E2%80%A6redacted`,
        status: 200,
      });
      expect(request?.bytes).toBeGreaterThan(20);
      expect(JSON.stringify(ofType(events, 'net.request'))).not.toContain('secret123');
    },
  );

  it('a POST with data and headers arrives; a 404 raises HTTPError, its body readable', T, async () => {
    const root = workspace(engine, {
      'tools/net.py':
        TOOL(`req = urllib.request.Request(url + "/api/echo", data=b"a=1", headers={"X-Token": "t-9"}, method="POST")
with urllib.request.urlopen(req) as r:
    sent = json.loads(r.read())
try:
    urllib.request.urlopen(url + "/api/missing")
    missing = None
except urllib.error.HTTPError as e:
    missing = [e.code, e.read().decode()]
return {"output": {"sent": sent, "missing": missing}}`),
    });
    const { result, events } = await callIn(engine, root, 'tool_net', { url: server.url });
    expect(result).toMatchObject({
      output: { sent: { method: 'POST', body: 'a=1', token: 't-9' }, missing: [404, 'no such thing'] },
    });
    expect(ofType(events, 'net.request').map((e) => [e.method, e.status])).toEqual([
      ['POST', 200],
      ['GET', 404],
    ]);
  });

  it(
    'with the Network switch off, a request fails at once with a clear error, and the telemetry says so',
    T,
    async () => {
      const root = workspace(engine, {
        'tools/net.py': TOOL(
          'try:\n    urllib.request.urlopen(url)\nexcept urllib.error.URLError as e:\n    return {"output": str(e.reason)}',
        ),
      });
      const { result, events } = await callIn(
        engine,
        root,
        'tool_net',
        { url: `${server.url}/api/echo` },
        { network: { enabled: false, corsProxy: null } },
      );
      expect(result).toMatchObject({
        output: `toolplay: the network is off for this workspace, so GET ${server.url}/api/echo was not sent (turn Network on in the Packages view, or drop --no-network)`,
      });
      expect(ofType(events, 'net.request')).toMatchObject([{ method: 'GET', status: 0, error: 'network off' }]);
    },
  );

  it(
    'through a CORS proxy: the request goes to the prefix followed by its URL, and the telemetry shows the URL the tool asked for',
    T,
    async () => {
      const root = workspace(engine, {
        'tools/net.py': TOOL('with urllib.request.urlopen(url) as r:\n    return {"output": r.read().decode()}'),
      });
      const before = server.requests.length;
      const { result, events } = await callIn(
        engine,
        root,
        'tool_net',
        { url: 'https://api.example.org/v1/items?key=abc' },
        { network: { enabled: true, corsProxy: `${server.url}/proxy/` } },
      );
      expect(result).toMatchObject({ output: 'proxied /proxy/https://api.example.org/v1/items?key=abc' });
      expect(server.requests.slice(before)).toEqual(['GET /proxy/https://api.example.org/v1/items']);
      expect(ofType(events, 'net.request')).toMatchObject([
        { method: 'GET', url: 'https://api.example.org/v1/items?key=%E2%80%A6redacted', proxied: true },
      ]);
    },
  );

  it('a timeout raises URLError saying so', T, async () => {
    const root = workspace(engine, {
      'tools/net.py': TOOL(
        'try:\n    urllib.request.urlopen(url, timeout=0.3)\nexcept urllib.error.URLError as e:\n    return {"output": str(e.reason)}',
      ),
    });
    const { result } = await callIn(engine, root, 'tool_net', { url: `${server.url}/api/slow` });
    expect((result as { output: string }).output).toMatch(
      /timed out after 0\.3 s: GET http:\/\/127\.0\.0\.1:\d+\/api\/slow/,
    );
  });
});
