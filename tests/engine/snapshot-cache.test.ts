// The CLI's fast start (src/engine/snapshot-cache.node.ts): the first start makes the engine's
// snapshot and keeps it, later ones restore it, a damaged one falls back to the plain start and is
// thrown away, TOOLPLAY_SNAPSHOT=off skips it; every path gives the same engine replies.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startNodeEngine } from '../../src/engine/node.ts';
import { snapshotName } from '../../src/engine/snapshot-cache.node.ts';
import { readEngineSources } from '../../src/engine/sources.node.ts';
import type { Engine } from '../../src/engine/engine.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolplay-snapshot-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = { sources: readEngineSources(), bytecode: {} };
const cached = join(dir, snapshotName(files));

const TOOL =
  'def tool_greet(name: str, times: int = 2) -> dict:\n    """Greets.\n\n    Args:\n        name: Who.\n    """\n    return {"output": name * times}\n';

/** What a CLI command would answer: a schema and a call on the same small library. */
function replies(engine: Engine): unknown {
  engine.fs.mkdirTree('/lib/tools');
  engine.fs.writeFile('/lib/tools/greet.py', TOOL);
  return {
    schema: engine.call('schema', { paths: ['/lib/tools'], profile: 'lcp', format: 'native' }),
    executable: engine.py.runPython('import sys; sys.executable'),
  };
}

describe("the CLI's snapshot cache", () => {
  let plain: unknown;

  it('TOOLPLAY_SNAPSHOT=off starts plain and keeps nothing', { timeout: 120_000 }, async () => {
    const { engine, start } = await startNodeEngine({ cacheDir: dir, env: { TOOLPLAY_SNAPSHOT: 'off' } });
    expect(start).toMatchObject({ path: 'plain', reason: 'TOOLPLAY_SNAPSHOT=off' });
    plain = replies(engine);
    expect(readdirSync(dir)).toEqual([]);
  });

  it(
    'the first start makes the snapshot and keeps it under a name of what it was made from; a later one restores it',
    { timeout: 120_000 },
    async () => {
      const first = await startNodeEngine({ cacheDir: dir, env: {} });
      expect(first.start.path).toBe('snapshot');
      expect(readdirSync(dir)).toEqual([snapshotName(files)]);
      expect(replies(first.engine)).toEqual(plain);
      const again = await startNodeEngine({ cacheDir: dir, env: {} });
      expect(again.start.path).toBe('snapshot');
      expect(replies(again.engine)).toEqual(plain);
    },
  );

  it('an edited engine gets a snapshot of its own', () => {
    const edited = {
      sources: { ...files.sources, 'toolplay/__init__.py': `${files.sources['toolplay/__init__.py'] ?? ''}# edited\n` },
      bytecode: {},
    };
    expect(snapshotName(edited)).not.toBe(snapshotName(files));
  });

  it('another warm-up (or any code that makes the snapshot) gets a snapshot of its own', () => {
    expect(snapshotName(files, 'the maker, edited')).not.toBe(snapshotName(files));
    expect(snapshotName(files)).toBe(snapshotName(files));
  });

  it(
    'a damaged snapshot falls back to the plain start with the same replies, and is thrown away',
    { timeout: 120_000 },
    async () => {
      writeFileSync(cached, 'not a snapshot');
      const { engine, start } = await startNodeEngine({ cacheDir: dir, env: {} });
      expect(start.path).toBe('plain');
      expect(start.reason).toMatch(/^the snapshot did not restore/);
      expect(replies(engine)).toEqual(plain);
      expect(existsSync(cached)).toBe(false);
    },
  );
});
