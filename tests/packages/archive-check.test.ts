// Archive bombs refused before Python unpacks anything (src/packages/archive-check.ts): what a zip
// declares, what its members really inflate to (counted, not trusted), and what a .tar.gz unpacks to.
import { describe, expect, it } from 'vitest';
import {
  allowedBytes,
  archiveProblem,
  SDIST_LIMITS,
  WHEEL_LIMITS,
  type CheckStats,
} from '../../src/packages/archive-check.ts';
import { buildWheel } from '../support/wheels.ts';
import { bombWheel, tarGzBomb, tarGzLinks, zerosBytes, zerosDeflated } from '../support/bombs.ts';

const GiB = 1024 ** 3;
/** 56 × 64 MiB = 3.5 GiB of zeros, ~3.7 MB deflated. */
const BLOCKS = 56;

describe('a wheel is refused before it is unpacked', () => {
  it('a real wheel passes', () => {
    const wheel = buildWheel({ name: 'fine', version: '1.0.0', files: { 'fine/__init__.py': 'X = 1\n'.repeat(1000) } });
    expect(archiveProblem(wheel.fileName, wheel.bytes, WHEEL_LIMITS)).toBeNull();
  });

  it('a 3.7 MB wheel that declares 3.5 GiB: refused from its central directory, nothing inflated', () => {
    const deflated = zerosDeflated(BLOCKS);
    const bytes = bombWheel('bomb', '1.0.0', [{ name: 'bomb/zeros.bin', deflated, declared: zerosBytes(BLOCKS) }]);
    expect(bytes.length).toBeLessThan(4_000_000);
    expect(zerosBytes(BLOCKS)).toBe(3.5 * GiB);
    const stats: CheckStats = { produced: 0 };
    expect(archiveProblem('bomb-1.0.0-py3-none-any.whl', bytes, WHEEL_LIMITS, stats)).toBe(
      'it declares 3.5 GiB, over the 512 MiB toolplay unpacks',
    );
    expect(stats.produced).toBe(0);
  });

  it('a member that declares 1000 bytes and inflates to 3.5 GiB: stopped by counting what it really gives', () => {
    const bytes = bombWheel('liar', '1.0.0', [
      { name: 'liar/zeros.bin', deflated: zerosDeflated(BLOCKS), declared: 1000 },
    ]);
    const stats: CheckStats = { produced: 0 };
    expect(archiveProblem('liar-1.0.0-py3-none-any.whl', bytes, WHEEL_LIMITS, stats)).toBe(
      'its member "liar/zeros.bin" inflates to more than the 1000 bytes it declares',
    );
    // One slice of input past the declared size at most: deflate gives ≤ ~4 MiB per 4 KiB pushed.
    expect(stats.produced).toBeLessThan(1000 + 5 * 1024 * 1024);
  });

  it('below the cap but far past the ratio: 40 MiB of zeros from ~40 KB', () => {
    const bytes = bombWheel('dense', '1.0.0', [
      { name: 'dense/zeros.bin', deflated: zerosDeflated(1), declared: zerosBytes(1) },
    ]);
    expect(archiveProblem('dense-1.0.0-py3-none-any.whl', bytes, WHEEL_LIMITS)).toMatch(
      /^it declares 64 MiB from \d+ bytes, over 100 times its own size$/,
    );
  });

  it('members that climb out of the folder are refused by name', () => {
    for (const name of ['x-1.0.data/data/../../workspace/tools/evil.py', '/workspace/tools/evil.py', 'C:/evil.py']) {
      const bytes = bombWheel('x', '1.0', [{ name, data: Buffer.from('EVIL = 1\n') }]);
      expect(archiveProblem('x-1.0-py3-none-any.whl', bytes, WHEEL_LIMITS)).toBe(
        `its member ${JSON.stringify(name)} would be written outside its folder`,
      );
    }
  });

  it('not a zip at all: damaged, in one line', () => {
    expect(archiveProblem('x-1.0-py3-none-any.whl', new Uint8Array([1, 2, 3]), WHEEL_LIMITS)).toBe(
      'it is not a zip archive (no end of central directory)',
    );
  });
});

describe('a source archive is refused before it is unpacked', () => {
  it('a 2 MB .tar.gz holding 2 GiB of zeros: stopped at its tar header, which says so', () => {
    const bytes = tarGzBomb('zerosrc-1.0.0', 32);
    expect(bytes.length).toBeLessThan(2.2 * 1024 * 1024);
    const stats: CheckStats = { produced: 0 };
    expect(archiveProblem('zerosrc-1.0.0.tar.gz', bytes, SDIST_LIMITS, stats)).toMatch(
      /^it unpacks to 2\.0 GiB, over the 512 MiB toolplay unpacks$/,
    );
    // The tar header says 2 GiB before the zeros come: refused there, almost nothing inflated.
    expect(stats.produced).toBeLessThan(8 * 1024 * 1024);
  });

  it('a small file hard-linked 200 times: each link is a copy, counted', () => {
    const bytes = tarGzLinks('links-1.0', 1024 * 1024, 200);
    expect(archiveProblem('links-1.0.tar.gz', bytes, SDIST_LIMITS)).toMatch(
      /^it unpacks to \d+ MiB from \d+ bytes, over 100 times its own size$/,
    );
  });

  it('a tar member whose header lies is still counted: the gunzipped stream itself is capped', () => {
    // The zeros' header says 0 bytes: the tar reader takes the zeros as empty blocks, the stream count stops them.
    const bytes = tarGzBomb('quiet-1.0', 8, 0);
    const stats: CheckStats = { produced: 0 };
    expect(archiveProblem('quiet-1.0.tar.gz', bytes, SDIST_LIMITS, stats)).toMatch(
      /^it unpacks to more than \d+ MiB from \d+ bytes, over 100 times its own size$/,
    );
    expect(stats.produced).toBeLessThan(allowedBytes(bytes.length, SDIST_LIMITS) + 5 * 1024 * 1024);
  });

  it('a .tar.bz2 is not unpacked (only .tar.gz and .zip are checked)', () => {
    expect(archiveProblem('old-1.0.tar.bz2', new Uint8Array([0x42, 0x5a, 0x68]), SDIST_LIMITS)).toBe(
      'toolplay unpacks only wheels, .zip and .tar.gz source archives (PEP 625), and this is neither',
    );
  });
});
