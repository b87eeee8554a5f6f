import { describe, expect, it } from 'vitest';
import { ImportRefusal, commonFolder, planImport, reportOf } from '../../src/app/transfer/import-plan.ts';
import { MAX_FILES, MAX_PAYLOAD_BYTES } from '../../src/share/limits.ts';

const tree = (files: string[], folders: string[] = []) => ({ has: (p: string) => files.includes(p), folders });
const sized = (...paths: string[]) => paths.map((path) => ({ path, size: 10 }));

describe('planImport', () => {
  it('puts every file under the target folder, keeping the structure', () => {
    const plan = planImport('tools', sized('weather/api.py', 'weather/data/cities.json'), tree([]));
    expect(plan.accepted.map((a) => a.path)).toEqual(['tools/weather/api.py', 'tools/weather/data/cities.json']);
    expect(reportOf(plan)).toBe('Added 2 files to tools/weather/.');
  });

  it('names the files it replaces and the folders it leaves out', () => {
    const plan = planImport(
      '',
      sized('lib/a.py', 'lib/.git/HEAD', 'lib/.git/config', 'lib/__pycache__/a.pyc'),
      tree(['lib/a.py']),
    );
    expect(plan.accepted.map((a) => a.path)).toEqual(['lib/a.py']);
    expect(reportOf(plan)).toBe(
      'Added 1 file to lib/. lib/a.py was replaced (History keeps the earlier version). Left out lib/.git/ (2 files), lib/__pycache__/ (1 file).',
    );
  });

  it('adds the others and says which it refused (an upload), or refuses all (strict, a zip)', () => {
    const incoming = sized('ok.py', 'bad\u200b.py', 'notes.txt/inner.py', 'docs');
    const plan = planImport('', incoming, tree(['notes.txt'], ['docs']));
    expect(plan.accepted.map((a) => a.path)).toEqual(['ok.py']);
    expect(plan.refused).toEqual([
      '"bad\\u200b.py" is not allowed: it contains U+200B (zero width space), an invisible character that makes a file name look like another',
      '"notes.txt" is a file in the workspace, not a folder',
      '"docs" is a folder in the workspace',
    ]);
    expect(() => planImport('', sized('../evil.py'), tree([]), true)).toThrow(
      new ImportRefusal('"../evil.py" is not allowed: it has a ".." segment'),
    );
    expect(() => planImport('', sized('/etc/passwd'), tree([]), true)).toThrow('it is absolute');
  });

  it('refuses over the share links’ caps, whole', () => {
    const many = Array.from({ length: MAX_FILES + 1 }, (_, i) => ({ path: `f${i}.txt`, size: 1 }));
    expect(() => planImport('', many, tree([]))).toThrow('it holds 2,001 files, over the 2,000 an import takes');
    expect(() => planImport('', [{ path: 'big.bin', size: MAX_PAYLOAD_BYTES + 1 }], tree([]))).toThrow(
      'over the 20 MB an import takes',
    );
  });
});

it('says when there was nothing to add', () => {
  expect(reportOf(planImport('', sized('.git/HEAD'), tree([])))).toBe(
    'Nothing was added: there were no files to add. Left out .git/ (1 file).',
  );
});

describe('commonFolder', () => {
  it('is the deepest folder holding every path', () => {
    expect(commonFolder(['a/b/c.py', 'a/b/d/e.py'])).toBe('a/b');
    expect(commonFolder(['a/x.py', 'b/y.py'])).toBe('');
    expect(commonFolder([])).toBe('');
  });
});
