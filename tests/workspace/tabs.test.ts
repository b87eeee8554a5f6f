// Two tabs on one browser's workspaces: what one tab does to the list, the other sees; a workspace
// deleted in one tab is never written back into existence by the other.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createIdbStore } from '../../src/workspace/store.ts';
import { createListStore } from '../../src/workspace/list-store.ts';
import { openTab } from './session-support.ts';

let n = 0;
const names = (s: { catalog: { entries: readonly { name: string }[] } }) => s.catalog.entries.map((e) => e.name);

describe('two tabs', () => {
  it('a workspace created, renamed or switched to in one tab shows in the other', async () => {
    const db = `tabs-${++n}`;
    const { session: a } = await openTab(db);
    await a.workspace.flush();
    const { session: b } = await openTab(db);
    await a.create('Experiments');
    await expect.poll(() => names(b)).toEqual(['My workspace', 'Experiments']);
    // B sees which workspace A has open.
    await expect.poll(() => b.catalog.openElsewhere(a.currentId)).toBe(true);
    expect(b.catalog.openElsewhere('default')).toBe(false);
    await a.rename(a.currentId, 'Renamed');
    await expect.poll(() => names(b)).toEqual(['My workspace', 'Renamed']);
    await a.switchTo('default');
    await expect.poll(() => b.catalog.openElsewhere('default')).toBe(true);
    // A tab that opens now starts where the last switch went.
    const { session: c } = await openTab(db);
    expect(c.currentId).toBe('default');
    for (const s of [a, b, c]) s.dispose();
  });

  it("a workspace deleted in another tab is not recreated by this tab's edits; keeping it makes a new one", async () => {
    const db = `tabs-${++n}`;
    const { session: a } = await openTab(db);
    await a.create('Doomed');
    const doomed = a.currentId;
    a.workspace.write('work.txt', 'saved before');
    await a.workspace.flush();
    const { session: b } = await openTab(db);
    await b.switchTo(doomed);
    expect(b.workspace.readText('work.txt')).toBe('saved before');

    await a.switchTo('default');
    await a.remove(doomed);
    await expect.poll(() => b.deletedElsewhere).toBe(true);
    b.workspace.write('work.txt', 'typed after the delete');
    await b.workspace.flush();
    expect(b.workspace.saveState).toBe('error');
    expect(b.workspace.saveError).toMatch(/^This workspace was deleted in another tab/);
    expect(await createIdbStore(db).list()).not.toContain(doomed);
    expect((await createListStore(db).read())?.entries.map((e) => e.id)).not.toContain(doomed);

    expect(await b.keepAsNew()).toBe(true);
    expect(b.current?.name).toBe('Doomed (kept)');
    expect(b.workspace.readText('work.txt')).toBe('typed after the delete');
    await expect.poll(() => names(a)).toEqual(['My workspace', 'Doomed (kept)']);
    a.dispose();
    b.dispose();
  });

  it("Undo in one tab lists the workspace again, and the other tab's unsaved edits then land", async () => {
    const db = `tabs-${++n}`;
    const { session: a } = await openTab(db);
    await a.create('Back');
    const back = a.currentId;
    await a.workspace.flush();
    const { session: b } = await openTab(db);
    await b.switchTo(back);
    await a.switchTo('default');
    await a.remove(back);
    await expect.poll(() => b.deletedElsewhere).toBe(true);
    b.workspace.write('late.txt', 'written while deleted');
    await a.undoRemove();
    await expect.poll(() => b.deletedElsewhere).toBe(false);
    await b.workspace.flush();
    expect(b.workspace.saveState).toBe('saved');
    expect(new TextDecoder().decode((await createIdbStore(db).load(back)).files.get('late.txt'))).toBe(
      'written while deleted',
    );
    a.dispose();
    b.dispose();
  });

  it('"Erase all local data" in one tab: that tab keeps one empty workspace, the other is told its workspace is gone', async () => {
    const db = `tabs-${++n}`;
    const { session: a } = await openTab(db);
    await a.create('Other');
    await a.workspace.flush();
    const { session: b } = await openTab(db);
    await b.switchTo('default');
    await a.workspace.erase();
    expect(names(a)).toEqual(['Other']);
    expect(a.workspace.paths).toEqual([]);
    await expect.poll(() => b.deletedElsewhere).toBe(true);
    a.dispose();
    b.dispose();
  });
});
