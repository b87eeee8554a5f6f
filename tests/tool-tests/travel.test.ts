// Tool tests travel with the workspace: they are workspace files, so a share link, a .toolplay.json
// and the zip carry them; a shared workspace in review runs none of them until "Trust and run",
// then they run (with the real engine) and pass as they did for the sender.
import 'fake-indexeddb/auto';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeFile, encodeLink } from '../../src/share/codec.ts';
import type { SharedWorkspace } from '../../src/share/payload.ts';
import { REVIEW_REASON } from '../../src/app/session-core.svelte.ts';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import type { ScratchHost } from '../../src/scratch/scratch.ts';
import { ToolTestsState } from '../../src/app/state/tool-tests.svelte.ts';
import { openTab } from '../workspace/session-support.ts';
import { BASE } from '../share/refusals.ts';

const enc = new TextEncoder();
const TEST_FILE = `{
  "toolplayTests": 1,
  "tests": [{ "name": "halves", "tool": "tool_half", "args": { "n": 3 }, "expect": { "result": { "paths": [{ "path": "$.output", "equals": 1.5 }] } } }]
}
`;
const SHARED: SharedWorkspace = {
  name: 'With tests',
  folders: [],
  profile: 'lcp',
  open: 'tools/half.py',
  call: null,
  host: {},
  telemetry: [],
  files: new Map([
    [
      'tools/half.py',
      enc.encode(
        'def tool_half(n: int) -> float:\n    """Half of it.\n\n    Args:\n        n: a number\n    """\n    return n / 2\n',
      ),
    ],
    ['tests/half.toolplay-test.json', enc.encode(TEST_FILE)],
  ]),
};

let engine: NodeScratchHost;
beforeAll(async () => {
  engine = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

/** The real engine, counting the scratch calls that reach it. */
function counted(): { host: ScratchHost; calls: () => number } {
  let calls = 0;
  const host: ScratchHost = {
    writeScratch: (root, files) => engine.writeScratch(root, files),
    inspect: (p) => engine.inspect(p),
    schema: (p) => engine.schema(p),
    status: (p) => engine.status(p),
    scratchCall: (p) => {
      calls++;
      return engine.scratchCall(p);
    },
  };
  return { host, calls: () => calls };
}

let n = 0;
describe('tool tests travel with the workspace', () => {
  it.each([
    ['a share link', () => encodeLink(SHARED, BASE).link],
    ['a .toolplay.json', () => enc.encode(encodeFile(SHARED))],
  ])(
    '%s carries the test file; review mode runs none of them; after Trust and run they pass',
    async (_how, shared) => {
      const { session } = await openTab(`travel-${++n}`);
      expect(await session.openShared(shared())).toBe(true);
      expect(session.workspace.readText('tests/half.toolplay-test.json')).toBe(TEST_FILE);

      const { host, calls } = counted();
      const tests = new ToolTestsState({
        host,
        workspace: {
          get id() {
            return session.currentId;
          },
          get files() {
            return session.workspace.files;
          },
          get blocked() {
            return session.playground.callBlocked;
          },
        },
      });
      expect(tests.cases.map((c) => c.test.name)).toEqual(['halves']);
      await tests.runAll();
      expect(tests.error).toBe(`Nothing ran. Run is off: ${REVIEW_REASON}`);
      expect(calls()).toBe(0);

      await session.trust();
      await tests.runAll();
      expect(tests.error).toBeNull();
      expect(tests.summary).toBe('1 passed, 0 failed');
      expect(calls()).toBe(1);

      // And the zip holds it, byte for byte.
      const zip = unzipSync(session.workspace.exportZip());
      expect(new TextDecoder().decode(zip['tests/half.toolplay-test.json'])).toBe(TEST_FILE);
      session.dispose();
    },
    120_000,
  );
});
