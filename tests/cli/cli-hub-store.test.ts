// The hub's `lollms` store under `toolplay call --profile hub` (issue 24): a value a tool sets with
// lollms.set is read back by a later call in a new process, because the CLI keeps the store in the
// workspace (.toolplay/hub-store.json); persistent=False lasts one call; delete removes it. The tools
// are the fixture recorded against lollms_hub (tests/conformance/hub_executor/fixtures/store_a.py).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';
import { readConformanceJson } from '../conformance.ts';

const T = { timeout: 240_000 };

async function hub(root: string, tool: string, args: Record<string, unknown>): Promise<unknown> {
  const run = await toolplay(
    ['call', 'tools/store_a.py', tool, JSON.stringify(args), '--profile', 'hub', '--workspace', '.'],
    root,
  );
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { result: unknown }).result;
}

describe('the hub store across processes', () => {
  it(
    'a value set in one toolplay process is read by the next; persistent=False is not kept; delete removes it',
    T,
    async () => {
      const root = sandbox({}, { 'tools/store_a.py': 'hub_executor/fixtures/store_a.py' });
      expect(await hub(root, 'tool_get', { key: 'city' })).toBe('<default>');
      expect(await hub(root, 'tool_set', { key: 'city', value: 'Paris' })).toBe('stored city');
      expect(await hub(root, 'tool_set', { key: 'mood', value: 'calm', persistent: false })).toBe('stored mood');
      const file = join(root, '.toolplay', 'hub-store.json');
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain('Paris');
      expect(readFileSync(file, 'utf8')).not.toContain('calm');
      expect(await hub(root, 'tool_get', { key: 'city' })).toBe('Paris');
      expect(await hub(root, 'tool_get', { key: 'mood' })).toBe('<default>');
      await hub(root, 'tool_delete', { key: 'city' });
      expect(await hub(root, 'tool_get', { key: 'city' })).toBe('<default>');
    },
  );
});

describe('numbers in the hub store', () => {
  it(
    'come back in the next process as the hub gives them (golden store_numbers: SQLite affinity on its own, exact inside)',
    T,
    async () => {
      const root = sandbox({}, { 'tools/store_numbers.py': 'hub_executor/fixtures/store_numbers.py' });
      const run = async (tool: string): Promise<unknown> => {
        const r = await toolplay(
          ['call', 'tools/store_numbers.py', tool, '{}', '--profile', 'hub', '--workspace', '.'],
          root,
        );
        expect(r.code, r.stderr).toBe(0);
        return JSON.parse(r.stdout) as unknown;
      };
      const golden = readConformanceJson('hub_executor/golden/store_numbers.json') as {
        steps: { executor: { result: unknown }; model_content: string }[];
      };
      expect(await run('tool_keep')).toMatchObject({ result: 'kept' });
      // The file keeps Python's text: a nested 1.0 and -0.0, a 20-digit integer, NaN.
      const kept = readFileSync(join(root, '.toolplay', 'hub-store.json'), 'utf8');
      expect(kept).toContain('12345678901234567891');
      expect(kept).toMatch(/\[\s*1\.0,/);
      expect(kept).toContain('"x": -0.0');
      expect(kept).toContain('"nan": NaN');
      expect(await run('tool_read')).toEqual({
        result: golden.steps[1]?.executor.result,
        logs: '',
        model_content: golden.steps[1]?.model_content,
      });
    },
  );
});
