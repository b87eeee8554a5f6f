// The protocol's word lists are declared once in TypeScript (src/protocol/vocabulary.ts); the
// Python engine keeps its own copy for its checks, and this pins the two together.
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PROFILES } from '../../src/protocol/vocabulary.ts';

describe('one vocabulary', () => {
  it("the engine's ping lists exactly the profiles TypeScript knows, in the same order", async () => {
    const engine = await getEngine();
    expect(engine.call('ping', {}).profiles).toEqual([...PROFILES]);
  });
});
