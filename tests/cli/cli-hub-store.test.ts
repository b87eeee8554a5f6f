// The hub's `lollms` store under `toolplay call --profile hub` (issue 24): a value a tool sets with
// lollms.set is read back by a later call in a new process, because the CLI keeps the store in the
// workspace (.toolplay/hub-store.json); persistent=False lasts one call; delete removes it. The tools
// are the fixture recorded against lollms_hub (tests/conformance/hub_executor/fixtures/store_a.py).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';

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
