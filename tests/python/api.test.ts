import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { EngineError } from '../../src/engine/engine.ts';

describe('engine dispatch', () => {
  it('runs on Pyodide 3.14 from the npm package', async () => {
    const engine = await getEngine();
    const reply = engine.call('ping', {});
    expect(reply.python).toMatch(/^3\.14\./);
  });

  it('reports an unknown method as a usage error, not a traceback', async () => {
    const engine = await getEngine();
    expect(() => engine.call('nope' as never, {} as never)).toThrow(EngineError);
    try {
      engine.call('nope' as never, {} as never);
    } catch (e) {
      expect((e as EngineError).kind).toBe('usage');
      expect((e as EngineError).message).toBe("unknown engine method 'nope'");
    }
  });
});
