import { describe, expect, it } from 'vitest';
import { Welcome } from '../../src/app/state/welcome.svelte.ts';
import { filesOfUpload } from '../../src/ui/lib/upload.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('the welcome', () => {
  it('shows on a first visit, and once dismissed stays dismissed in this browser', () => {
    const storage = memoryStorage();
    const first = new Welcome(storage);
    expect(first.shown).toBe(true);
    first.dismiss();
    expect(first.shown).toBe(false);
    expect(new Welcome(storage).shown).toBe(false);
    expect(new Welcome(null).shown).toBe(true);
  });
});

describe('uploaded files as a workspace', () => {
  const file = (name: string, text: string) => ({
    name,
    arrayBuffer: async () => new TextEncoder().encode(text).buffer,
  });
  it('puts Python files in tools/, keeps other files at the top, and opens the first Python file', async () => {
    const { files, openPath } = await filesOfUpload([
      file('notes.md', '# n'),
      file('weather.py', 'x = 1'),
      file('alpha.py', 'y = 2'),
    ]);
    expect(Object.keys(files).sort()).toEqual(['notes.md', 'tools/alpha.py', 'tools/weather.py']);
    expect(new TextDecoder().decode(files['tools/weather.py'])).toBe('x = 1');
    expect(openPath).toBe('tools/alpha.py');
    expect((await filesOfUpload([file('data.json', '{}')])).openPath).toBe('data.json');
  });
});
