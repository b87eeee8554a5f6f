// Why micropip found no wheel, told from the index's files (src/packages/no-wheel.ts). The file
// lists have the shapes PyPI gives: wikipedia 1.4.0 (lollms_hub's wikipedia_search.py asks for it)
// and sgmllib3k publish only a source archive; primp (which duckduckgo-search needs) publishes
// wheels compiled for desktop platforms.
import { describe, expect, it } from 'vitest';
import { requirementsWithoutWheel, whyNoWheel, type IndexFile } from '../../src/packages/no-wheel.ts';

const index =
  (files: Record<string, string[]>) =>
  async (name: string): Promise<IndexFile[] | null> =>
    files[name]?.map((filename) => ({ filename })) ?? null;

const PYPI = index({
  wikipedia: ['wikipedia-0.9.tar.gz', 'wikipedia-1.4.0.tar.gz'],
  sgmllib3k: ['sgmllib3k-1.0.0.tar.gz'],
  primp: [
    'primp-0.15.0-cp38-abi3-manylinux_2_17_x86_64.whl',
    'primp-0.15.0-cp38-abi3-win_amd64.whl',
    'primp-0.15.0.tar.gz',
  ],
  polite: ['polite-3.0.0-py3-none-any.whl', 'polite-2.0.0-py3-none-any.whl'],
  mixed: ['mixed-1.0.0-py3-none-any.whl', 'mixed-2.0.0.tar.gz'],
  numpyish: ['numpyish-2.0.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl'],
});

describe('whyNoWheel', () => {
  it('names a release published only as a source archive (wikipedia, sgmllib3k)', async () => {
    expect(await whyNoWheel('wikipedia>=1.4.0', PYPI)).toBe(
      'wikipedia 1.4.0 is published only as a source archive (wikipedia-1.4.0.tar.gz), not as a wheel, and micropip installs wheels only',
    );
    expect(await whyNoWheel('sgmllib3k', PYPI)).toBe(
      'sgmllib3k 1.0.0 is published only as a source archive (sgmllib3k-1.0.0.tar.gz), not as a wheel, and micropip installs wheels only',
    );
  });

  it('names wheels compiled for other platforms (primp), with one of them', async () => {
    expect(await whyNoWheel('primp>=0.10', PYPI)).toBe(
      'primp 0.15.0 has wheels only for other platforms (primp-0.15.0-cp38-abi3-manylinux_2_17_x86_64.whl): it needs a compiled extension that Pyodide has not built, so it cannot run in a browser',
    );
  });

  it('says when no release matches the version asked for, listing what there is', async () => {
    expect(await whyNoWheel('polite>=4', PYPI)).toBe('no release of polite matches >=4 (the index has 3.0.0, 2.0.0)');
    expect(await whyNoWheel('polite (>=4, <5)', PYPI)).toBe(
      'no release of polite matches >=4,<5 (the index has 3.0.0, 2.0.0)',
    );
  });

  it('the matching releases decide: an older release with a wheel does not help a newer request', async () => {
    expect(await whyNoWheel('mixed>=2', PYPI)).toBe(
      'mixed 2.0.0 is published only as a source archive (mixed-2.0.0.tar.gz), not as a wheel, and micropip installs wheels only',
    );
  });

  it("gives no reason of its own when a wheel would do (pure or built for Pyodide) or the index cannot be read: micropip's words stand", async () => {
    expect(await whyNoWheel('mixed', PYPI)).toBeNull();
    expect(await whyNoWheel('numpyish', PYPI)).toBeNull();
    expect(await whyNoWheel('unknown', PYPI)).toBeNull();
    expect(await whyNoWheel('not a requirement!', PYPI)).toBeNull();
  });
});

describe('requirementsWithoutWheel', () => {
  it('reads the requirements micropip names, one or several (keep_going)', () => {
    expect(
      requirementsWithoutWheel("Can't find a pure Python 3 wheel for 'wikipedia>=1.4.0'.\nSee: https://pyodide.org/…"),
    ).toEqual(['wikipedia>=1.4.0']);
    expect(
      requirementsWithoutWheel("ValueError: Can't find a pure Python 3 wheel for: 'primp>=0.10', 'sgmllib3k'\nSee: …"),
    ).toEqual(['primp>=0.10', 'sgmllib3k']);
    expect(requirementsWithoutWheel("Can't fetch metadata for 'x'")).toEqual([]);
  });
});
