import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZES, PaneLayout, parseSizes } from '../../src/ui/layout/panes.svelte.ts';
import { OpenTabs } from '../../src/ui/layout/tabs.svelte.ts';
import 'fake-indexeddb/auto';
import { readPref, writePref, type PrefStorage } from '../../src/app/prefs.ts';
import { eraseLocalData } from '../../src/app/erase-local-data.ts';

/** localStorage as a Map; `full` makes every write throw as a full quota does. */
function memoryStorage(full = false): PrefStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new DOMException('quota', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
  };
}

describe('pane sizes', () => {
  it('are remembered per workspace and come back in a new page', () => {
    const storage = memoryStorage();
    const a = new PaneLayout(storage, null);
    a.use('ws1');
    a.set({ files: 300, editor: 0.4, telemetryHidden: true });
    a.use('ws2');
    expect(a.sizes).toEqual(DEFAULT_SIZES);
    a.set({ right: 700 });
    const b = new PaneLayout(storage, null);
    b.use('ws1');
    expect(b.sizes).toEqual({ ...DEFAULT_SIZES, files: 300, editor: 0.4, telemetryHidden: true });
    b.use('ws2');
    expect(b.sizes.right).toBe(700);
  });
  it('treat what storage holds as untrusted: each bad field falls back to its default', () => {
    expect(parseSizes('{"files": 300}')).toEqual(DEFAULT_SIZES);
    expect(
      parseSizes({ files: 'wide', right: -5, editor: 3, tools: 0.3, filesHidden: 'yes', telemetryHidden: true }),
    ).toEqual({ ...DEFAULT_SIZES, tools: 0.3, telemetryHidden: true });
    expect(parseSizes(null)).toEqual(DEFAULT_SIZES);
  });
  it('still work for the page when storage is full or blocked', () => {
    const layout = new PaneLayout(memoryStorage(true), null);
    layout.use('ws');
    layout.set({ files: 222 });
    expect(layout.sizes.files).toBe(222);
    const blocked = new PaneLayout(null, null);
    blocked.use('ws');
    blocked.set({ tools: 0.5 });
    expect(blocked.sizes.tools).toBe(0.5);
  });
  it('follow the narrow-screen media query', () => {
    const listeners: Array<(e: { matches: boolean }) => void> = [];
    const media = {
      matches: false,
      addEventListener: (_: string, l: (e: { matches: boolean }) => void) => void listeners.push(l),
    };
    const layout = new PaneLayout(null, media as unknown as MediaQueryList);
    expect(layout.narrow).toBe(false);
    for (const l of listeners) l({ matches: true });
    expect(layout.narrow).toBe(true);
  });
});

describe('editor tabs', () => {
  it('list opened files in order, drop files that are gone, and always include the open file', () => {
    const storage = memoryStorage();
    const tabs = new OpenTabs(storage);
    tabs.use('ws');
    tabs.add('tools/a.py');
    tabs.add('tools/b.py');
    tabs.add('tools/a.py');
    const exists = (p: string) => p !== 'tools/b.py';
    expect(tabs.visible(exists, 'README.md')).toEqual(['tools/a.py', 'README.md']);
    const again = new OpenTabs(storage);
    again.use('ws');
    expect(again.visible(() => true, null)).toEqual(['tools/a.py', 'tools/b.py']);
  });
  it('closing the open tab shows its neighbour, or nothing when it was the last', () => {
    const tabs = new OpenTabs(null);
    tabs.use('ws');
    for (const p of ['a', 'b', 'c']) tabs.add(p);
    expect(tabs.close('b', ['a', 'b', 'c'])).toBe('c');
    expect(tabs.close('c', ['a', 'c'])).toBe('a');
    expect(tabs.close('a', ['a'])).toBeNull();
  });
});

describe('preferences', () => {
  it('read back what was written, ignore what does not parse, and are erased with the local data', async () => {
    const storage = memoryStorage();
    writePref(storage, 'layout:x', { files: 1 });
    storage.setItem('toolplay:broken', '{not json');
    storage.setItem('other-app', 'kept');
    storage.setItem('toolplay.apiKey:https://api.example', 'sk-secret');
    expect(readPref(storage, 'layout:x')).toEqual({ files: 1 });
    expect(readPref(storage, 'broken')).toBeUndefined();
    expect(await eraseLocalData(storage)).toEqual([]);
    expect([...storage.data.keys()]).toEqual(['other-app']);
  });
});
