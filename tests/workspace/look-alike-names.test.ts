// Names that look like another (issue 30): a zero-width space, a joiner, a BOM, a soft hyphen, a
// variation selector or a bidi control in a new file, folder, rename or upload is refused in one
// line naming the character; a file that already has one (a tool made it) keeps working and shows
// its invisible characters, so two such names never look the same.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { lookAlikeProblem, visibleName } from '../../src/workspace/paths.ts';
import { filesOfUpload } from '../../src/ui/lib/upload.ts';

let n = 0;
const open = () => Workspace.open(createIdbStore(`look-alike-${++n}`), 'w', { autosaveMs: 5 });

describe('look-alike names', () => {
  it('names each invisible character by its code point', () => {
    const cases: Array<[string, string]> = [
      ['a\u200b.py', 'U+200B (zero width space)'],
      ['a\u200c.py', 'U+200C (zero width non-joiner)'],
      ['a\u200d.py', 'U+200D (zero width joiner)'],
      ['a\u2060.py', 'U+2060 (word joiner)'],
      ['\ufeffa.py', 'U+FEFF (zero width no-break space, the BOM)'],
      ['co\u00adde.py', 'U+00AD (soft hyphen)'],
      ['a\ufe0f.py', 'U+FE0F (a variation selector)'],
      ['a\u{e0100}.py', 'U+E0100 (a variation selector)'],
      ['a\u202eyp.txt', 'U+202E (right-to-left override)'],
      ['a\u2066.py', 'U+2066'],
      ['a\u{e0041}.py', 'U+E0041'], // a tag character (Cf)
      ['a\u3164.py', 'U+3164'], // a Hangul filler: default-ignorable, shows as nothing
    ];
    for (const [name, code] of cases)
      expect(lookAlikeProblem(name)).toBe(
        `it contains ${code}, an invisible character that makes a file name look like another`,
      );
    for (const name of ['tools/météo.py', 'données/日本語.txt', 'a b-c_d.py', 'emoji📖.md'])
      expect(lookAlikeProblem(name)).toBeNull();
  });

  it('refuses a new file, a folder and a rename target, and changes nothing', async () => {
    const ws = await open();
    ws.write('tools/a.py', 'A');
    const line =
      '"tools/a⟨U+200B⟩.py" is not allowed: it contains U+200B (zero width space), an invisible character that makes a file name look like another';
    expect(() => ws.write('tools/a\u200b.py', 'B')).toThrow(line);
    expect(() => ws.mkdir('da\u200dta')).toThrow(/^"da⟨U\+200D⟩ta" is not allowed: it contains U\+200D/);
    expect(() => ws.rename('tools/a.py', 'tools/a\u200b.py')).toThrow(line);
    expect(ws.paths).toEqual(['tools/a.py']);
    expect(ws.folders).toEqual(['tools']);
    expect(ws.readText('tools/a.py')).toBe('A');
    ws.dispose();
  });

  it('keeps a file a tool made with such a name editable, and shows its invisible characters', async () => {
    const ws = await open();
    ws.write('tools/a.py', 'A');
    ws.applyChanges([{ path: 'tools/a\u200b.py', content: new TextEncoder().encode('from a tool') }]);
    ws.write('tools/a\u200b.py', 'edited'); // it exists: an edit is not a new name
    expect(ws.readText('tools/a\u200b.py')).toBe('edited');
    expect(ws.paths.map(visibleName)).toEqual(['tools/a.py', 'tools/a⟨U+200B⟩.py']);
    ws.dispose();
  });

  it('an upload leaves out only the look-alike file, with its line', async () => {
    const file = (name: string) => ({ name, arrayBuffer: async () => new TextEncoder().encode(name).buffer });
    const { files, refused } = await filesOfUpload([file('weather.py'), file('weather\u200b.py'), file('notes.md')]);
    expect(Object.keys(files).sort()).toEqual(['notes.md', 'tools/weather.py']);
    expect(refused).toEqual([
      '"tools/weather⟨U+200B⟩.py" is not allowed: it contains U+200B (zero width space), an invisible character that makes a file name look like another',
    ]);
  });
});
