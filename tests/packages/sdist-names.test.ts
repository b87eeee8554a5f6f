// The names toolplay gives wheels built from source archives, the build requirements it asks the
// Pyodide distribution for, and the archive the index's files point to (src/packages/sdist.ts,
// src/packages/no-wheel.ts). The builds themselves run in tests/packages/sdist.test.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LockIndex, readLockFile } from '../../src/packages/lock.ts';
import { noWheel } from '../../src/packages/no-wheel.ts';
import { buildKey, buildRequirement, builtFrom, builtWheelUrl } from '../../src/packages/sdist.ts';
import { wheelName } from '../../src/packages/installer.ts';

const lockPath = createRequire(import.meta.url).resolve('pyodide/pyodide-lock.json');
const lock = new LockIndex(readLockFile(readFileSync(lockPath, 'utf8'), lockPath));
const SHA = 'a'.repeat(64);
const ARCHIVE = 'https://files.pythonhosted.org/packages/67/35/wikipedia-1.4.0.tar.gz';

describe('a wheel built from a source archive', () => {
  it("is kept under the archive's URL and sha256, and reads as any wheel: its name and version", () => {
    const url = builtWheelUrl(`${ARCHIVE}#sha256=${SHA}`, SHA, 'wikipedia-1.4.0-py3-none-any.whl');
    expect(url).toBe(`${ARCHIVE}/toolplay-built-${SHA}/wikipedia-1.4.0-py3-none-any.whl`);
    expect(wheelName(url)).toEqual({ name: 'wikipedia', version: '1.4.0' });
    expect(builtFrom(url)).toBe(ARCHIVE);
    expect(builtFrom('https://files.pythonhosted.org/packages/x/requests-2.32.0-py3-none-any.whl')).toBeNull();
    expect(buildKey(ARCHIVE, SHA)).not.toBe(buildKey(ARCHIVE, 'b'.repeat(64)));
  });
});

describe('a build requirement', () => {
  it("goes to Pyodide's loader by its bare name when the distribution's version satisfies it (setuptools), else to micropip as written", () => {
    const setuptools = lock.get('setuptools');
    expect(setuptools).toBeDefined();
    expect(buildRequirement('setuptools>=40.8.0', lock)).toBe('setuptools');
    expect(buildRequirement('setuptools', lock)).toBe('setuptools');
    expect(buildRequirement('setuptools<40', lock)).toBe('setuptools<40');
    expect(buildRequirement('setuptools[core]>=61', lock)).toBe('setuptools[core]>=61');
    expect(buildRequirement('wheel', lock)).toBe('wheel'); // not in the distribution: micropip, from the index
    expect(buildRequirement('packaging>=20,<30', lock)).toBe('packaging');
    expect(buildRequirement('setuptools>=40; python_version >= "3"', lock)).toBe(
      'setuptools>=40; python_version >= "3"',
    ); // markers: micropip evaluates them
  });
});

describe("the index's files", () => {
  it('name the archive to build, with its URL and sha256, when the matching release has no wheel', async () => {
    const files = [
      {
        filename: 'wikipedia-0.9.tar.gz',
        url: 'https://files.example/wikipedia-0.9.tar.gz',
        hashes: { sha256: 'b'.repeat(64) },
      },
      { filename: 'wikipedia-1.4.0.tar.gz', url: ARCHIVE, hashes: { sha256: SHA } },
    ];
    const found = await noWheel('wikipedia>=1.4.0', async () => files);
    expect(found?.sdist).toEqual({ name: 'wikipedia', version: '1.4.0', file: files[1] });
    expect(
      (
        await noWheel('primp', async () => [
          { filename: 'primp-0.15.0-cp38-abi3-win_amd64.whl' },
          { filename: 'primp-0.15.0.tar.gz' },
        ])
      )?.sdist,
    ).toBeUndefined();
  });
});
