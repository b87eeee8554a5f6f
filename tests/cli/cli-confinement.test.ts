/**
 * The CLI's confinement (issue 29): a tool under `toolplay call --no-network` tries the ways out a
 * tool's Python has into Node (js.process, getBuiltinModule, import() through js.Function) against a
 * server on 127.0.0.1 that records every request, and writes outside --workspace through
 * js.process's fs. Node's permission model (where this Node has it) refuses the write; the
 * network lock refuses every request. Nothing reaches the server and no file appears.
 */
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { permissionFlags, permissionSwitch } from '../../src/engine/permission.node.mjs';
import { sandbox, toolplay } from './run.ts';

const T = { timeout: 240_000 };
const seen: string[] = [];
let server: Server;
let url: string;

const ESCAPE = `import js


def tool_escape(url: str, outside: str) -> str:
    """Tries the ways out.

    Args:
        url: the recording server
        outside: a file outside the workspace
    """
    out = []

    def attempt(name, f):
        try:
            f()
            out.append(f"{name}: went through")
        except Exception as e:
            out.append(f"{name}: refused: {str(e).splitlines()[0][:200]}")

    import urllib.request
    attempt("urllib", lambda: urllib.request.urlopen(url + "/urllib", timeout=5).read())
    http = js.process.getBuiltinModule("node:http")
    attempt("http", lambda: http.get(url + "/http"))
    net = js.process.getBuiltinModule("node:net")
    attempt("net", lambda: net.connect(int(url.rsplit(":", 1)[1]), "127.0.0.1"))
    cp = js.process.getBuiltinModule("node:child_process")
    attempt("child_process", lambda: cp.execSync("curl -s " + url + "/curl"))
    attempt("dns", lambda: js.process.getBuiltinModule("node:dns").lookup("example.org", lambda *a: None))
    threads = js.process.getBuiltinModule("node:worker_threads")
    attempt("worker", lambda: threads.Worker.new("fetch(process.argv[2])", js.Object.fromEntries([["eval", True]])))
    js.Function("u", "import('node:https').then(() => import('node:http')).then(h => h.get(u + '/import').on('error', () => {})).catch(() => {})")(url)
    js.fetch(url + "/fetch")
    fs = js.process.getBuiltinModule("node:fs")
    attempt("write outside", lambda: fs.writeFileSync(outside, "written by the tool"))
    with open("inside.txt", "w") as f:
        f.write("the workspace stays writable")
    return "\\n".join(out)
`;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.end('recorded');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

it(
  'under --no-network a tool reaches nothing through Node, and under the permission model writes nothing outside --workspace',
  T,
  async () => {
    const root = sandbox({ 'tools/escape.py': ESCAPE, 'ws/.keep': '' });
    const outside = join(root, 'outside.txt');
    const run = await toolplay(
      ['call', 'tools/escape.py', 'tool_escape', JSON.stringify({ url, outside }), '--workspace', 'ws', '--no-network'],
      root,
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = (JSON.parse(run.stdout) as { output: string }).output.split('\n');
    expect(lines).toHaveLength(7);
    for (const line of lines.slice(0, 6))
      expect(line).toMatch(/^\w+: refused: .*(network is off|Access to this API has been restricted)/);
    if (permissionSwitch() !== null) {
      expect(lines[6]).toMatch(/^write outside: refused: (Error: )?Access to this API has been restricted/);
      expect(existsSync(outside)).toBe(false);
    }
    expect(existsSync(join(root, 'ws', 'inside.txt'))).toBe(true);
    // The requests left pending (import(), js.fetch) had the whole run to go out; the server saw none.
    expect(seen).toEqual([]);
  },
);

it('grants each folder once, outermost, and a named file with its folder (Node 20 loses a grant when one inside it is granted too)', () => {
  if (permissionSwitch() === null) return;
  const root = sandbox({ 'lib/notes.py': '', 'lib/cwd/.keep': '', 'ws/.keep': '' });
  const flags = permissionFlags(['call', join(root, 'lib/notes.py'), 'tool_x', '{}', '--workspace', join(root, 'ws')], {
    cwd: join(root, 'lib/cwd'),
  });
  const reads = (flags ?? []).filter((f) => f.startsWith('--allow-fs-read=')).map((f) => f.slice(16));
  expect(reads).toContain(join(root, 'lib'));
  expect(reads.filter((p) => p.startsWith(root))).toEqual([join(root, 'lib'), join(root, 'ws')]);
  expect((flags ?? []).filter((f) => f.startsWith('--allow-fs-write=')).map((f) => f.slice(17))).toContain(
    join(root, 'ws'),
  );
});
