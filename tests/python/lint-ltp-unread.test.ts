// What lollms_hub's ToolsManager never reads, and the lint that says so: LTP metadata written with an
// annotation (`TOOL_LIBRARY_NAME: str = …`) or through a tuple (LTP009), and `async def tool_*`
// (LTP008). The fixture and what the real ToolsManager read from it are in
// tests/conformance/hub_metadata (its oracle ran app/core/tools_manager.py at eb5a1067).
import { describe, expect, it } from 'vitest';
import { readConformance, readConformanceJson } from '../conformance.ts';
import { getEngine } from './engine.ts';
import { lintCase } from './lint_harness.ts';

const FILE = 'ltp_metadata_forms.py';
const golden = (readConformanceJson('hub_metadata/golden.json') as { files: Record<string, unknown> }).files[FILE];

describe('LTP metadata and tools the hub never reads', () => {
  it("toolplay's hub reads the file as the real ToolsManager did: defaults, no title, no async tool", async () => {
    const engine = await getEngine();
    const root = '/tmp/ltp-unread';
    engine.fs.mkdirTree(root);
    engine.fs.writeFile(`${root}/${FILE}`, readConformance(`hub_metadata/${FILE}`));
    const [library] = engine.call('schema', { paths: [root], profile: 'hub', format: 'native', libraries: true }) as {
      metadata: unknown;
      tool_definitions: Record<string, unknown>[];
    }[];
    expect(library?.metadata).toEqual((golden as { metadata: unknown }).metadata);
    // The golden is ToolsManager's own list; toolplay's items also name their library.
    const withoutLibrary = library?.tool_definitions.map(({ library: _l, ...d }) => d);
    expect(withoutLibrary).toEqual((golden as { tool_definitions: unknown }).tool_definitions);
  });

  it('LTP009 on each unread global, LTP008 on the async tool', async () => {
    const rows = await lintCase({ name: 'ltp-unread', files: { [FILE]: readConformance(`hub_metadata/${FILE}`) }, expected: [] });
    const ltp = rows.filter((r) => r[1] === 'LTP008' || r[1] === 'LTP009');
    expect(ltp).toEqual([
      ["ltp_metadata_forms.py", "LTP009", "warning", [4, 1, 4, 18], "`TOOL_LIBRARY_NAME: …` is an annotated assignment; the hub reads only a plain `TOOL_LIBRARY_NAME = <literal>` (an assignment to one name), so it never sees this value and the library shows 'Unnamed Tool Library'.", 'write it on its own line without an annotation: `TOOL_LIBRARY_NAME = ...`', ['hub']],
      ["ltp_metadata_forms.py", "LTP009", "warning", [5, 1, 5, 18], "`TOOL_LIBRARY_DESC` is assigned through a tuple; the hub reads only a plain `TOOL_LIBRARY_DESC = <literal>` (an assignment to one name), so it never sees this value and the library shows 'No description provided.'.", 'write it on its own line without an annotation: `TOOL_LIBRARY_DESC = ...`', ['hub']],
      ["ltp_metadata_forms.py", "LTP009", "warning", [5, 20, 5, 37], "`TOOL_LIBRARY_ICON` is assigned through a tuple; the hub reads only a plain `TOOL_LIBRARY_ICON = <literal>` (an assignment to one name), so it never sees this value and the library shows '🔧'.", 'write it on its own line without an annotation: `TOOL_LIBRARY_ICON = ...`', ['hub']],
      ["ltp_metadata_forms.py", "LTP009", "warning", [6, 1, 6, 12], '`TOOL_TITLES: …` is an annotated assignment; the hub reads only a plain `TOOL_TITLES = <literal>` (an assignment to one name), so it never sees this value and no titles are shown.', 'write it on its own line without an annotation: `TOOL_TITLES = ...`', ['hub']],
      ["ltp_metadata_forms.py", "LTP008", "warning", [18, 11, 18, 23], 'The hub lists only plain `def tool_*` (its parser takes `ast.FunctionDef`), so the model never sees `tool_awaited`; only a hand-made definition naming it reaches the executor, which then awaits it.', 'write `def tool_awaited(args: dict):` and run async code inside it with `asyncio.run(...)` (the hub runs a plain tool in a thread without an event loop)', ['hub']],
    ]);
  });

  it('a file whose only LTP global is annotated is still read as written for the hub', async () => {
    const rows = await lintCase({
      name: 'ltp-unread-only',
      files: { 'only.py': 'TOOL_LIBRARY_NAME: str = "X"\n\n\nasync def tool_x(args):\n    """X."""\n    return args\n' },
      expected: [],
    });
    expect(rows.map((r) => r[1]).filter((c) => c.startsWith('LTP'))).toEqual(['LTP009', 'LTP008']);
  });
});
