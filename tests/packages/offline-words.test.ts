// A package source that did not answer is said as such: "this browser is offline" when the browser
// knows it, else who did not answer — never "no package of that name" for a network that is down.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { explainMicropip, noAnswer } from '../../src/packages/installer.ts';

const METADATA =
  "ValueError: Can't fetch metadata for 'requests'. Please make sure you have entered a correct package name";

afterEach(() => vi.unstubAllGlobals());

describe('a source that did not answer', () => {
  it('names the source that did not answer', () => {
    expect(noAnswer('https://pypi.org/simple/requests/', 'Failed to fetch')).toBe(
      'https://pypi.org did not answer (Failed to fetch). Offline, or blocked',
    );
    expect(explainMicropip(METADATA, [{ url: 'https://pypi.org/simple/requests/', reason: 'Failed to fetch' }])).toBe(
      `the package source could not be reached: https://pypi.org did not answer (Failed to fetch). Offline, or blocked; micropip: ${METADATA}`,
    );
  });

  it('says offline when the browser is offline, even when micropip kept the failed request to itself', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(noAnswer('https://cdn.jsdelivr.net/pyodide/x.whl', 'Failed to fetch')).toBe(
      'this browser is offline: https://cdn.jsdelivr.net did not answer (Failed to fetch)',
    );
    const said = explainMicropip(METADATA, []);
    expect(said).toMatch(
      /^the package source could not be reached: this browser is offline: the source did not answer/,
    );
    expect(said).not.toMatch(/no package of that name/);
  });

  it('online, a name no index has is still said as such', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(explainMicropip(METADATA, [])).toMatch(/^no package of that name on the package index/);
  });
});
