// `toolplay link`: the app's codec from a terminal. Every refusal of the app is refused here with the
// same line and exit 2, writing nothing; encode → decode brings every file back byte for byte.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeShared } from '../../src/share/codec.ts';
import type { SharedWorkspace } from '../../src/share/payload.ts';
import { REFUSALS } from '../share/refusals.ts';
import { sandbox, toolplay } from './run.ts';
import { send, servePackages } from '../support/package-server.ts';
import { encodeLink } from '../../src/share/codec.ts';

const TOOL = 'def tool_echo(x: float = 1.0) -> dict:\n    """Echo."""\n    return {"success": True, "output": x}\n';

describe('toolplay link decode refuses what the app refuses, with the same line', () => {
  for (const refusal of REFUSALS) {
    it(refusal.name, async () => {
      const root = sandbox({ '.keep': '' });
      const input = refusal.input();
      // JSON and long links go through a file (argv has a length limit); short links as the argument.
      let arg = input;
      if (/^\uFEFF?\s*[{[]/.test(input) || input.length > 100_000)
        writeFileSync((arg = join(root, 'input.txt')), input);
      const run = await toolplay(['link', 'decode', arg, '--out', 'out'], root);
      expect(run.stderr).toBe(`toolplay: ${refusal.message}\n`);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(existsSync(join(root, 'out'))).toBe(false);
    });
  }
});

describe('toolplay link encode and decode', () => {
  it('round trip through a link: text, binary, unicode names, empty files and folders; prints the call to repeat', async () => {
    const root = sandbox({ 'ws/tools/echo.py': TOOL, 'ws/données/ü 🙂.txt': 'ünï\n', 'ws/empty.md': '' });
    mkdirSync(join(root, 'ws/notes/inner'), { recursive: true });
    mkdirSync(join(root, 'ws/.git'));
    writeFileSync(join(root, 'ws/.git/HEAD'), 'ref');
    writeFileSync(join(root, 'ws/blob.bin'), Uint8Array.of(0, 255, 128, 10));
    const encoded = await toolplay(
      [
        'link',
        'encode',
        'ws',
        '--profile',
        'hub',
        '--tool',
        'tool_echo',
        '--args',
        '{"x": 2.0}',
        '--name',
        'Echo',
        '--base',
        'https://example.org/play/',
      ],
      root,
    );
    expect(encoded.stderr).toBe('');
    expect(encoded.code).toBe(0);
    const link = encoded.stdout.trim();
    expect(link.startsWith('https://example.org/play/#share=1.')).toBe(true);
    // The app's decoder reads what the CLI wrote.
    const ws = decodeShared(link);
    expect([...ws.files.keys()].sort()).toEqual(['blob.bin', 'données/ü 🙂.txt', 'empty.md', 'tools/echo.py']);
    expect(ws.folders).toEqual(['notes/inner']);
    expect(ws.call).toEqual({ tool: 'tool_echo', argsText: '{"x": 2.0}' });

    const decoded = await toolplay(['link', 'decode', link, '--out', 'back'], root);
    expect(decoded.code).toBe(0);
    expect(decoded.stdout).toBe(
      [
        'wrote 4 files and 1 empty folder to back',
        'name: "Echo"',
        'profile: hub',
        `call: toolplay call back/tools tool_echo '{"x": 2.0}' --profile lcp --workspace back --no-network`,
        'sources: the link asks for these; none is used (--accept-sources uses them):',
        '  Network for tools: on',
        '',
      ].join('\n'),
    );
    expect([...readFileSync(join(root, 'back/blob.bin'))]).toEqual([0, 255, 128, 10]);
    expect(readFileSync(join(root, 'back/données/ü 🙂.txt'), 'utf8')).toBe('ünï\n');
    expect(readFileSync(join(root, 'back/empty.md')).length).toBe(0);
    expect(readdirSync(join(root, 'back/notes/inner'))).toEqual([]);
    expect(existsSync(join(root, 'back/.git'))).toBe(false);

    // The printed command runs the shared call.
    const call = await toolplay(
      ['call', 'back/tools', 'tool_echo', '{"x": 2.0}', '--profile', 'lcp', '--workspace', 'back'],
      root,
    );
    expect(call.code).toBe(0);
    expect(JSON.parse(call.stdout)).toMatchObject({ success: true });
  });

  it('--file writes the .toolplay.json, and decode reads it', async () => {
    const root = sandbox({ 'ws/tools/echo.py': TOOL });
    const encoded = await toolplay(['link', 'encode', 'ws', '--file', 'echo.toolplay.json'], root);
    expect(encoded).toMatchObject({ code: 0, stdout: 'wrote echo.toolplay.json (1 file)\n' });
    const payload = JSON.parse(readFileSync(join(root, 'echo.toolplay.json'), 'utf8')) as unknown;
    // Named after the folder when --name is not given: the workspace it opens as keeps that name.
    expect(payload).toMatchObject({ toolplay: 1, name: 'ws', files: [{ path: 'tools/echo.py', text: TOOL }] });
    const decoded = await toolplay(['link', 'decode', 'echo.toolplay.json', '--out', 'back'], root);
    expect(decoded.code).toBe(0);
    expect(readFileSync(join(root, 'back/tools/echo.py'), 'utf8')).toBe(TOOL);
  });

  it('the kept format-1 link decodes', async () => {
    const root = sandbox({ '.keep': '' });
    const fixture = readFileSync(new URL('../share/fixtures/format-1.link', import.meta.url), 'utf8');
    writeFileSync(join(root, 'old.link'), fixture);
    const decoded = await toolplay(['link', 'decode', 'old.link', '--out', 'old'], root);
    expect(decoded.code).toBe(0);
    expect(decoded.stdout).toContain('wrote 4 files and 2 empty folders to old');
    expect([...readFileSync(join(root, 'old/data/pixel.bin'))]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
  });

  it("encode refuses a folder the app could not open, with the app's words", async () => {
    const root = sandbox({ 'ws/tools/a\\b.py': TOOL });
    const run = await toolplay(['link', 'encode', 'ws'], root);
    expect(run).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'toolplay: file path "tools/a\\\\b.py" is not allowed: it contains a backslash (paths use "/")\n',
    });
  });

  it('decode refuses a folder that is not empty, and --args without --tool', async () => {
    const root = sandbox({ 'taken/x.txt': 'mine', 'ws/a.py': '' });
    const link = (await toolplay(['link', 'encode', 'ws'], root)).stdout.trim();
    expect(await toolplay(['link', 'decode', link, '--out', 'taken'], root)).toMatchObject({
      code: 2,
      stderr: 'toolplay: link decode: --out must be a new or empty folder: taken\n',
    });
    expect(readFileSync(join(root, 'taken/x.txt'), 'utf8')).toBe('mine');
    expect(await toolplay(['link', 'encode', 'ws', '--args', '{}'], root)).toMatchObject({
      code: 2,
      stderr: 'toolplay: link encode: --args needs --tool (the tool they are for)\n',
    });
  });
});

const FETCH = `import urllib.request


def tool_get(url: str) -> dict:
    """Get."""
    try:
        with urllib.request.urlopen(url) as r:
            return {"success": True, "output": r.read().decode()}
    except Exception as e:
        return {"success": False, "output": str(e)}
`;

const linkWith = (files: Record<string, string>, rest: Partial<SharedWorkspace>): string =>
  encodeLink(
    {
      name: null,
      files: new Map(Object.entries(files).map(([p, t]) => [p, new TextEncoder().encode(t)])),
      folders: [],
      profile: null,
      open: null,
      call: null,
      host: {},
      telemetry: [],
      ...rest,
    },
    'https://sender.example/',
  ).link;

describe("toolplay link decode and a link's sources", () => {
  it("lists them with their hosts and uses none: the printed call runs offline and the sender's server hears nothing; --accept-sources uses them", async () => {
    const server = await servePackages({
      packages: [],
      routes: { '/api/hello': (_req, res) => send(res, 200, 'text/plain', 'hello from the sender') },
    });
    try {
      const root = sandbox({ '.keep': '' });
      const args = JSON.stringify({ url: `${server.url}/api/hello` });
      const link = linkWith(
        { 'tools/get.py': FETCH },
        {
          call: { tool: 'tool_get', argsText: args },
          packages: {
            mirror: server.mirror,
            indexUrl: server.indexUrl,
            network: true,
            corsProxy: `${server.url}/proxy/`,
            python: '3.13',
          },
        },
      );
      const plain = await toolplay(['link', 'decode', link, '--out', 'plain'], root);
      expect(plain.code).toBe(0);
      const host = new URL(server.url).host;
      expect(plain.stdout.split('\n').slice(2)).toEqual([
        `call: toolplay call plain/tools tool_get '${args}' --profile lcp --workspace plain --no-network`,
        'sources: the link asks for these; none is used (--accept-sources uses them):',
        `  Pyodide packages mirror: "${server.mirror}" (${host})`,
        `  Package index: "${server.indexUrl}" (${host})`,
        `  CORS proxy: "${server.url}/proxy/" (${host})`,
        '  Network for tools: on',
        '  Python version: 3.13',
        '',
      ]);
      expect(server.requests).toEqual([]);
      // The printed command, run as printed: the tool's request is refused before it leaves.
      const offline = await toolplay(
        ['call', 'plain/tools', 'tool_get', args, '--workspace', 'plain', '--no-network'],
        root,
      );
      expect(JSON.parse(offline.stdout)).toMatchObject({ success: false });
      expect(server.requests).toEqual([]);

      const accepted = await toolplay(['link', 'decode', link, '--out', 'accepted', '--accept-sources'], root);
      expect(accepted.code).toBe(0);
      expect(accepted.stdout.split('\n').find((l) => l.startsWith('call: '))).toBe(
        `call: toolplay call accepted/tools tool_get '${args}' --profile lcp --workspace accepted --pyodide-packages ${server.mirror} --index-url ${server.indexUrl} --cors-proxy ${server.url}/proxy/`,
      );
      expect(accepted.stdout).toContain(`  CORS proxy: "${server.url}/proxy/" (${host})\n`);
      expect(server.requests).toEqual([]);
      const online = await toolplay(
        [
          'call',
          'accepted/tools',
          'tool_get',
          args,
          '--workspace',
          'accepted',
          '--pyodide-packages',
          server.mirror,
          '--index-url',
          server.indexUrl,
        ],
        root,
      );
      expect(JSON.parse(online.stdout)).toMatchObject({ success: true, output: 'hello from the sender' });
      expect(server.requests).toContain('GET /pyodide/pyodide-lock.json');
      expect(server.requests).toContain('GET /api/hello');
    } finally {
      await server.close();
    }
  });

  it('a link that turns the network off says so in its options, with or without --accept-sources', async () => {
    const root = sandbox({ '.keep': '' });
    const link = linkWith(
      { 'tools/echo.py': TOOL },
      { packages: { mirror: null, indexUrl: null, network: false, corsProxy: null } },
    );
    for (const extra of [[], ['--accept-sources']]) {
      const out = `o${extra.length}`;
      const run = await toolplay(['link', 'decode', link, '--out', out, ...extra], root);
      expect(run.stdout).toBe(
        `wrote 1 file to ${out}\nprofile: lcp\noptions for the commands that run its tools: --no-network\n`,
      );
    }
  });
});
