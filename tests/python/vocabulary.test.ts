// The protocol's word lists are declared once in TypeScript (src/protocol/vocabulary.ts); the
// Python engine keeps its own copies for its checks, and this pins them together.
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../src/engine/engine.ts';
import { CALL_PROFILES, CONFIRM_DECISIONS, EXPORT_FORMATS, PROFILES } from '../../src/protocol/vocabulary.ts';
import { HOST_TABLE } from '../../src/protocol/hosts.ts';
import { getEngine } from './engine.ts';

/** The engine's usage message for a value it does not know: it lists its own allowed values. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    if (e instanceof EngineError && e.kind === 'usage') return e.message;
    throw e;
  }
  throw new Error('no usage error');
}

describe('one vocabulary', () => {
  it("the engine's ping lists exactly the profiles TypeScript knows, in the same order", async () => {
    const engine = await getEngine();
    expect(engine.call('ping', {}).profiles).toEqual([...PROFILES]);
  });

  it('the engine accepts exactly the export formats, call profiles and confirm answers TypeScript knows', async () => {
    const engine = await getEngine();
    expect(refusal(() => engine.call('schema', { paths: ['/tmp'], profile: 'lcp', format: 'nope' as 'native' }))).toBe(
      `unknown format 'nope' (choose from ${EXPORT_FORMATS.join(', ')})`,
    );
    const call = { paths: ['/tmp'], tool: 'x', args: {}, workspace: '/tmp' };
    expect(refusal(() => engine.call('call', { ...call, profile: 'nope' as 'lcp' }))).toBe(`unknown profile 'nope' (choose from ${CALL_PROFILES.join(', ')})`);
    expect(refusal(() => engine.call('call', { ...call, profile: 'lcp', confirm: 'nope' as 'allow' }))).toBe(
      `confirm must be one of ${CONFIRM_DECISIONS.join(', ')} (got 'nope')`,
    );
  });

  it("the engine's host registry and TypeScript's host table describe the same hosts: profile, package, calls, opening line", async () => {
    const engine = await getEngine();
    const proxy = engine.py.runPython(`
from toolplay.hosts import registry
from toolplay.hosts.host_protocol import CallingHost, Host, StatusHost
[[e.profile, e.module.removeprefix("toolplay.").removesuffix(".host").replace(".", "/"), e.calls, e.status,
  # What each module answers, by its shape: every host reads; a calling one calls, a status one opens.
  isinstance(registry.host(e.profile), Host) and (not e.calls or isinstance(registry.host(e.profile), CallingHost))
  and (not e.status or isinstance(registry.host(e.profile), StatusHost))] for e in registry.entries()]
`) as { toJs(): unknown; destroy(): void };
    const registry = proxy.toJs();
    proxy.destroy();
    expect(registry).toEqual(HOST_TABLE.map((h) => [h.profile, h.python, h.calls, h.statusLine, true]));
  });
});
