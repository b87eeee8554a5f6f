// `toolplay call --profile hub` names its tool, as a hand-made definition does: an `async def` tool,
// which the hub's Tool Selector never lists, is found and awaited as the hub's executor does. The
// fixture and the answers are the hub's own (tests/conformance/hub_executor, case async_by_name).
import { describe, expect, it } from 'vitest';
import { readConformanceJson } from '../conformance.ts';
import { sandbox, toolplay } from './run.ts';

const T = { timeout: 240_000 };
const golden = readConformanceJson('hub_executor/golden/async_by_name.json') as {
  steps: { executor?: { result: unknown; logs: string }; model_content?: string }[];
};

describe('an async def hub tool called by name', () => {
  it('is awaited, its arguments unwrapped, and the model gets what a hand-made definition gives', T, async () => {
    const root = sandbox({}, { 'tools/async_echo.py': 'hub_executor/fixtures/async_echo.py' });
    const run = await toolplay(
      ['call', 'tools/async_echo.py', 'tool_echo', '{"arguments": {"a": 1}}', '--profile', 'hub'],
      root,
    );
    expect(run.code, run.stderr).toBe(0);
    const byHand = golden.steps[2];
    expect(JSON.parse(run.stdout)).toEqual({
      result: byHand?.executor?.result,
      logs: byHand?.executor?.logs,
      model_content: byHand?.model_content,
    });
    expect(byHand?.model_content).toBe("{'echo': {'a': 1}}");
    expect(run.stderr).toContain('tool_echo is an async def, which the hub never lists');
  });

  it('is still never listed by the hub, and a name the file does not define is still unknown', T, async () => {
    const root = sandbox({}, { 'tools/async_echo.py': 'hub_executor/fixtures/async_echo.py' });
    const schema = await toolplay(['schema', 'tools/async_echo.py', '--profile', 'hub'], root);
    expect(schema.code, schema.stderr).toBe(0);
    expect(JSON.parse(schema.stdout)).toEqual([]);
    const typo = await toolplay(['call', 'tools/async_echo.py', 'tool_ech', '{}', '--profile', 'hub'], root);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown tool 'tool_ech'");
  });
});
