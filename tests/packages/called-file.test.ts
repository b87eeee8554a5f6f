// A call installs what the called tool's file asks for (and the modules beside it that file imports),
// not what every file of the workspace does; an import whose package is only guessed from its name is
// never installed without the person's say (issue 32 item 8). micropip here is the stand-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWheel } from '../support/wheels.ts';
import { servePackages, type PackageServer } from '../support/package-server.ts';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import { callIn, memoryStores, ofType, pythonWith, sourceOf, tool, workspace } from './support.ts';
import { textfmt } from './fixtures.ts';

const T = { timeout: 120_000 };
const polite = buildWheel({ name: 'polite', version: '3.0.0', files: { 'polite/__init__.py': 'P = "please"\n' } });
const guessme = buildWheel({ name: 'guessme', version: '1.0.0', files: { 'guessme/__init__.py': 'G = "guessed"\n' } });
const app = buildWheel({ name: 'app', version: '6.6.6', files: { 'app/__init__.py': 'A = "anyone"\n' } });

let server: PackageServer;
beforeAll(async () => {
  server = await servePackages({
    packages: [
      { wheel: micropipStandIn(), inLock: true },
      { wheel: textfmt, inLock: true },
      { wheel: polite },
      { wheel: guessme },
      { wheel: app },
    ],
  });
}, 120_000);
afterAll(() => server.close());

const files = {
  'requirements.txt': 'polite>=3\n',
  // The called file, and a module beside it that it imports, which imports a Pyodide package.
  'tools/fmt.py': tool(
    'tool_fmt',
    'return {"output": helpers.twice("a")}',
    'import os, sys\nsys.path.insert(0, os.path.dirname(__file__))\nimport helpers',
  ),
  'tools/helpers.py': 'from textfmt import shout\n\ndef twice(s):\n    return shout(s) * 2\n',
  // Another file of the workspace: its imports are not the call's (the hub's `from app.core import …`).
  'tools/skill_loader.py': tool('tool_skills', 'return {"output": "x"}', 'from app.core import config\nimport dotenv'),
  'tools/guess.py': tool('tool_guess', 'return {"output": guessme.G}', 'import guessme'),
};

describe("a call installs what the called tool's file asks for", () => {
  it(
    "the called file and the module it imports: textfmt and the requirements line installed; another file's import never asked for",
    T,
    async () => {
      const engine = await pythonWith(await sourceOf(server), memoryStores());
      const root = workspace(engine, files);
      const asked = server.requests.length;
      const { result, events } = await callIn(engine, root, 'tool_fmt', {});
      expect(result).toMatchObject({ output: 'A!A!' });
      expect(ofType(events, 'package.failed')).toEqual([]);
      expect(ofType(events, 'package.installed').map((e) => e.name)).toEqual(
        expect.arrayContaining(['textfmt', 'polite']),
      );
      const requests = server.requests.slice(asked);
      // dotenv is a known pair (python-dotenv), not a guess: only the called-file rule keeps it out.
      expect(requests.filter((r) => /\/(app|guessme|python-dotenv)\b/.test(r))).toEqual([]);
    },
  );

  it('a guessed name is not installed: one line says why and how; the index is not asked for it', T, async () => {
    const engine = await pythonWith(await sourceOf(server), memoryStores());
    const root = workspace(engine, files);
    const asked = server.requests.length;
    const { result, events } = await callIn(engine, root, 'tool_guess', {});
    expect(result).toMatchObject({ error: "Tool initialization failed: No module named 'guessme'" });
    expect(ofType(events, 'package.failed').map((e) => [e.requirement, e.message])).toEqual([
      [
        'guessme',
        `not installed: guessme is only guessed from \`import guessme\` (${root}/tools/guess.py:1): no Pyodide package, requirements.txt line or pipmaster call names it, and a guessed name on the index can be anyone's package. Install it from the Packages view, or with --install-guessed in the CLI`,
      ],
    ]);
    expect(server.requests.slice(asked).filter((r) => r.includes('guessme'))).toEqual([]);
  });

  it("with the person's say (installGuessed: the CLI's --install-guessed) it is installed", T, async () => {
    const engine = await pythonWith(await sourceOf(server), memoryStores());
    engine.packages!.installer.sources = { ...engine.packages!.installer.sources, installGuessed: true };
    const root = workspace(engine, files);
    const { result, events } = await callIn(engine, root, 'tool_guess', {});
    expect(result).toMatchObject({ output: 'guessed' });
    expect(ofType(events, 'package.installed').map((e) => e.name)).toContain('guessme');
  });
});
