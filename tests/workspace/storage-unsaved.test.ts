// A storage failure keeps the file (issue 30): a 250 MB file in a private window made the save
// fail with "Cannot read properties of null (reading 'name')" and lost every edit of that save.
// Faked through the store port: storage refuses any write holding the big file (a quota error, or
// an abort with no error at all); the other files are saved, the big one stays in the tab, and one
// line names it.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Workspace, createIdbStore, type WorkspaceStore } from '../../src/workspace/workspace.svelte.ts';

let n = 0;
const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b) : undefined);
const BIG = 'data/big.bin';

/** The real store, refusing every write that holds BIG, as a browser whose storage it does not fit. */
function refusingBig(reason: unknown): WorkspaceStore {
  const store = createIdbStore(`unsaved-${++n}`);
  return {
    ...store,
    save: (id, write) =>
      write.files.some((f) => f.path === BIG && f.next)
        ? // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- IndexedDB can abort with a null error: the store must cope
          Promise.reject(reason)
        : store.save(id, write),
  };
}

describe('a file too big for storage', () => {
  for (const [name, reason] of [
    ['a quota error', new DOMException('The quota has been exceeded.', 'QuotaExceededError')],
    ['an abort with no error (transaction.error null)', null],
  ] as const)
    it(`with ${name}: the other files are saved, the big one is kept in the tab, one line names it`, async () => {
      const store = refusingBig(reason);
      const ws = await Workspace.open(store, 'w', { autosaveMs: 5, channel: `unsaved-${n}` });
      ws.write('tools/a.py', 'A');
      ws.write(BIG, new Uint8Array(3_000_000).fill(1));
      ws.write('notes.md', 'kept');
      await ws.flush();

      expect(ws.saveState).toBe('error');
      expect(ws.saveError).toBe(
        "data/big.bin (3 MB) is too big for this browser's storage (it is full; a private window keeps little), so it is not saved; the other files are. It is kept in this tab: download it or the workspace as a zip before you reload.",
      );
      expect(ws.files.get(BIG)?.length).toBe(3_000_000);
      const stored = (await store.load('w')).files;
      expect([...stored.keys()].sort()).toEqual(['notes.md', 'tools/a.py']);
      expect(text(stored.get('notes.md'))).toBe('kept');

      // Deleting the big file clears it: the next save has nothing storage refuses.
      ws.remove(BIG);
      ws.write('tools/a.py', 'A2');
      await ws.flush();
      expect(ws.saveState).toBe('saved');
      expect(ws.saveError).toBeNull();
      expect(text((await store.load('w')).files.get('tools/a.py'))).toBe('A2');
      ws.dispose();
    });

  it('alone in its save, it is named too (no null dereference)', async () => {
    const store = refusingBig(null);
    const ws = await Workspace.open(store, 'w', { autosaveMs: 5, channel: `unsaved-${n}` });
    ws.write(BIG, new Uint8Array(2_000_000));
    await ws.flush();
    expect(ws.saveError).toMatch(/^data\/big\.bin \(2 MB\) is too big for this browser's storage/);
    expect(ws.files.get(BIG)?.length).toBe(2_000_000);
    ws.dispose();
  });
});
