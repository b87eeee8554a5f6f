/** Python's str() of JSON values: what lollms_hub's tool message carries (expected values printed by CPython). */
import { describe, expect, it } from 'vitest';
import { pyRepr, pyStr, reprFloat } from '../../src/agent/pyrepr.ts';

describe('pyRepr', () => {
  it('prints dicts, lists and constants the way Python does', () => {
    expect(pyRepr({ output: 'got x', status_code: 200, success: true, error: null, rows: [1, 2.5, false] })).toBe(
      "{'output': 'got x', 'status_code': 200, 'success': True, 'error': None, 'rows': [1, 2.5, False]}",
    );
    expect(pyRepr({})).toBe('{}');
    expect(pyStr('plain text')).toBe('plain text');
  });

  it('quotes and escapes strings like repr', () => {
    expect(pyRepr("it's")).toBe('"it\'s"');
    expect(pyRepr('say "hi" it\'s')).toBe("'say \"hi\" it\\'s'");
    expect(pyRepr('a\\b\n\t\r\u0001\u007f')).toBe("'a\\\\b\\n\\t\\r\\x01\\x7f'");
    expect(pyRepr('é 📖 \u00a0\u200b\u2028')).toBe("'é 📖 \\xa0\\u200b\\u2028'");
  });

  it('prints floats with the shortest digits, fixed from 1e-4 to 1e16', () => {
    expect(
      [0.5, 123.456, 1e-4, 1.5e-5, 1.5e16, -0, 1e22, 2 ** 0.5].map((n) =>
        Number.isInteger(n) && !Object.is(n, -0) ? pyRepr(n) : reprFloat(n),
      ),
    ).toEqual([
      '0.5',
      '123.456',
      '0.0001',
      '1.5e-05',
      '15000000000000000',
      '-0.0',
      '10000000000000000000000',
      '1.4142135623730951',
    ]);
    expect([1.5e16, 1e22, 12.0].map(reprFloat)).toEqual(['1.5e+16', '1e+22', '12.0']);
  });
});
