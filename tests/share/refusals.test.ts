// Each refusal of the share format through the app's decoder: one clear line, nothing returned.
import { describe, expect, it } from 'vitest';
import { decodeShared } from '../../src/share/codec.ts';
import { ShareError } from '../../src/share/errors.ts';
import { REFUSALS } from './refusals.ts';

describe('the app refuses', () => {
  for (const refusal of REFUSALS) {
    it(refusal.name, () => {
      const input = refusal.input();
      let caught: unknown = null;
      try {
        decodeShared(input);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(ShareError);
      expect((caught as ShareError).message).toBe(refusal.message);
    });
  }
});
