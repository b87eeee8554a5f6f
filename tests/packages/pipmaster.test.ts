// pipmaster as tool libraries call it, answered by toolplay's installer: lollms_hub's own shape
// (ensure_packages in init_tool_library, the import inside the tool) runs unchanged, and the calls
// real libraries make answer as pipmaster does. Packages come from the tests' own local sources;
// what goes through micropip uses its stand-in (tests/support/micropip-stand-in.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import type { HubCallResult, HubInitResult } from '../../src/protocol/runner.ts';
import { buildWheel } from '../support/wheels.ts';
import { servePackages, type PackageServer } from '../support/package-server.ts';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import { callIn, ofType, pythonWith, sourceOf, workspace } from './support.ts';

const T = { timeout: 120_000 };

const wikilite = buildWheel({
  name: 'wikilite',
  version: '1.4.2',
  files: { 'wikilite/__init__.py': 'def summary(q):\n    return f"{q} is a topic."\n' },
});
const colorpop = buildWheel({ name: 'colorpop', version: '0.3.0', files: { 'colorpop/__init__.py': 'RED = "red"\n' } });
const textfmt = buildWheel({ name: 'textfmt', version: '1.0.0', files: { 'textfmt/__init__.py': 'X = 1\n' } });
const lazypkg = buildWheel({ name: 'lazypkg', version: '0.1.0', files: { 'lazypkg/__init__.py': 'X = 1\n' } });

// lollms_hub's bundled libraries have this shape (wikipedia_search.py): pipmaster in init_tool_library, the import in the tool.
const HUB_LIBRARY = `TOOL_LIBRARY_NAME = "Wiki lite"
import pipmaster as pm


def init_tool_library():
    pm.ensure_packages({"wikilite": ">=1.4.0"})


def tool_search(args: dict, lollms=None):
    """Search.

    Parameters:
    - query (str): what to look up
    """
    import wikilite
    return wikilite.summary(args.get("query", ""))
`;

let server: PackageServer;
let engine: Engine;

beforeAll(async () => {
  server = await servePackages({
    packages: [
      { wheel: wikilite },
      { wheel: colorpop },
      { wheel: lazypkg },
      { wheel: textfmt, inLock: true },
      { wheel: micropipStandIn(), inLock: true },
    ],
  });
  engine = await pythonWith(await sourceOf(server));
}, 120_000);
afterAll(() => server.close());

describe('pipmaster', () => {
  it(
    'a hub library unchanged: its tool fails before Initialise (the hub installs only then); Initialise installs through pipmaster (stand-in); the tool then runs',
    T,
    async () => {
      expect(engine.suspends).toBe(true);
      const root = workspace(engine, { 'tools/wiki.py': HUB_LIBRARY });
      const before = await callIn(engine, root, 'tool_search', { query: 'Python' }, { profile: 'hub' });
      expect((before.result as HubCallResult).model_content).toBe(
        "{'error': \"No module named 'wikilite'\", 'type': 'runtime_exception'}",
      );
      expect(ofType(before.events, 'package.installing')).toEqual([]);
      const init = await callIn(
        engine,
        root,
        'init_tool_library',
        {},
        { profile: 'hub', init: true, library: `${root}/tools/wiki.py` },
      );
      expect(init.result).toMatchObject({
        status: 200,
        body: { success: true, message: 'Dependencies initialized successfully.' },
      } satisfies Partial<HubInitResult>);
      expect((init.result as HubInitResult).console).toBe(
        "🔍 Package 'wikilite' not found. Scheduled for installation.\n",
      );
      expect(ofType(init.events, 'package.installed').map((e) => [e.name, e.version, e.source])).toContainEqual([
        'wikilite',
        '1.4.2',
        'index',
      ]);
      const after = await callIn(engine, root, 'tool_search', { query: 'Python' }, { profile: 'hub' });
      expect((after.result as HubCallResult).model_content).toBe('Python is a topic.');
      // Initialise again: satisfied, so nothing is installed and nothing is said.
      const again = await callIn(
        engine,
        root,
        'init_tool_library',
        {},
        { profile: 'hub', init: true, library: `${root}/tools/wiki.py` },
      );
      expect((again.result as HubInitResult).console).toBeUndefined();
      expect(ofType(again.events, 'package.installing')).toEqual([]);
    },
  );

  it(
    'answers the calls real libraries make as pipmaster does: versions, specifiers, lists, strings, failures (stand-in)',
    T,
    async () => {
      const root = workspace(engine, {
        'tools/pm.py': `import pipmaster as pm


def tool_probe() -> dict:
    """Probe."""
    out = {}
    out["before"] = [pm.is_installed("colorpop"), pm.get_installed_version("colorpop")]
    out["install"] = pm.install("colorpop")
    out["after"] = [pm.is_installed("colorpop"), pm.get_installed_version("colorpop"), pm.is_installed("colorpop", ">=0.3"), pm.is_installed("colorpop", ">=9")]
    out["compatible"] = [pm.is_version_compatible("colorpop", "==0.3.0"), pm.is_version_compatible("nothere", ">=1")]
    out["manager_is_shared"] = pm.get_pip_manager() is pm.get_pip_manager()
    out["ensure_list"] = pm.ensure_packages(["colorpop>=0.1", "textfmt"])
    out["ensure_string"] = pm.ensure_packages("colorpop")
    out["ensure_none"] = pm.ensure_packages(None)
    out["if_missing"] = pm.get_pip_manager().install_if_missing("colorpop", version_specifier=">=0.1")
    out["missing_pkg"] = pm.install_if_missing("definitely-not-on-the-index")
    out["dry_run"] = pm.install("anything", dry_run=True)
    out["info_first_line"] = (pm.get_package_info("colorpop") or "").splitlines()[:2]
    return {"output": out}
`,
      });
      const { result, events } = await callIn(engine, root, 'tool_probe', {});
      expect((result as { output: unknown }).output).toEqual({
        before: [false, null],
        install: true,
        after: [true, '0.3.0', true, false],
        compatible: [true, false],
        manager_is_shared: true,
        ensure_list: true,
        ensure_string: true,
        ensure_none: true,
        if_missing: true,
        missing_pkg: false,
        dry_run: true,
        info_first_line: ['Name: colorpop', 'Version: 0.3.0'],
      });
      const stdout = ofType(events, 'call.stdout')
        .map((e) => e.text)
        .join('');
      expect(stdout).toContain('ℹ️ Dry run: Would execute: pip install --upgrade anything');
      const stderr = ofType(events, 'call.stderr')
        .map((e) => e.text)
        .join('');
      expect(stderr).toMatch(
        /❌ Failed to handle package: definitely-not-on-the-index \(no package of that name on the package index/,
      );
      expect(ofType(events, 'package.failed').map((e) => e.requirement)).toEqual(['definitely-not-on-the-index']);
    },
  );

  it(
    "where Python cannot pause for an install (no stack switching), the call installs pipmaster's packages first, and pipmaster says why it cannot install mid-call",
    T,
    async () => {
      const root = workspace(engine, {
        'tools/lazy.py': `import pipmaster as pm\npm.ensure_packages({"lazypkg": ">=0.1"})\n\n\ndef tool_lazy() -> dict:\n    """Lazy."""\n    import pipmaster\n    return {"output": str(pipmaster.install("colorpop==0.3.0"))}\n`,
      });
      // engine.call (no callPromising) is what a runtime without JSPI gives: the needs come back before the tool runs.
      const params = {
        profile: 'lcp' as const,
        paths: [`${root}/tools`],
        tool: 'tool_lazy',
        args: {},
        workspace: root,
        installs: true,
      };
      expect(engine.call('call', params)).toMatchObject({
        needs: [{ kind: 'pipmaster', text: 'lazypkg>=0.1', where: '<module>' }],
      });
      const stderr: string[] = [];
      const ran = engine.call(
        'call',
        { ...params, installed: true },
        {
          emit: (json) => {
            const e = JSON.parse(json) as { type: string; text?: string };
            if (e.type === 'call.stderr') stderr.push(e.text ?? '');
          },
          confirm: () => '{"decision": "reject"}',
          install: () => Promise.resolve('{"installed": [], "failed": []}'),
        },
      );
      expect(ran).toMatchObject({ result: { output: 'False' } });
      expect(stderr.join('')).toContain(
        '❌ Failed to handle package: colorpop==0.3.0 (this Python cannot pause for an install (the browser or Node has no WebAssembly stack switching), so toolplay installs what the files ask for before each call instead)',
      );
    },
  );
});
