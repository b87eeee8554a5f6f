// Two tabs on one workspace, per file (issue 11, finding 1): what one tab stores the other takes at
// once; a file both changed is a conflict shown with both versions, never overwritten silently; a
// click (a settings change) is not an edit and refuses nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';

let n = 0;
const text = (b: Uint8Array | null | undefined) => (b ? new TextDecoder().decode(b) : b);
const until = (check: () => boolean) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error('condition not reached');
    },
    { timeout: 2000, interval: 5 },
  );

async function twoTabs() {
  const db = `two-tabs-${++n}`;
  const channel = `two-tabs-ch-${n}`;
  const a = await Workspace.open(createIdbStore(db), 'w', { autosaveMs: 5, channel });
  a.write('tools/notes.py', 'v0\n');
  a.write('other.txt', 'o\n');
  await a.flush();
  const b = await Workspace.open(createIdbStore(db), 'w', { autosaveMs: 5, channel });
  return { a, b, store: createIdbStore(db) };
}

describe('two tabs, one file', () => {
  it('finding 1: B saves an edit, A takes it at once, A edits on top and saves; both edits are stored', async () => {
    const { a, b, store } = await twoTabs();
    b.write('tools/notes.py', 'v0\nfrom B\n');
    await b.flush();
    expect(b.saveState).toBe('saved');
    await until(() => a.readText('tools/notes.py') === 'v0\nfrom B\n');
    expect(a.notice).toMatch(/Updated from another tab: tools\/notes\.py/);
    a.write('tools/notes.py', 'v0\nfrom B\nfrom A\n');
    await a.flush();
    expect(a.saveState).toBe('saved');
    expect(a.conflicts).toEqual([]);
    expect(text((await store.load('w')).files.get('tools/notes.py'))).toBe('v0\nfrom B\nfrom A\n');
    await until(() => b.readText('tools/notes.py') === 'v0\nfrom B\nfrom A\n');
    expect(b.saveState).toBe('saved');
    a.dispose();
    b.dispose();
  });

  it('clicking a file in B (only settings change) refuses nothing in A', async () => {
    const { a, b, store } = await twoTabs();
    b.update({ openPath: 'other.txt' });
    await b.flush();
    a.write('tools/notes.py', 'edited in A\n');
    await a.flush();
    expect(a.saveState).toBe('saved');
    expect(a.saveError).toBeNull();
    expect(text((await store.load('w')).files.get('tools/notes.py'))).toBe('edited in A\n');
    a.dispose();
    b.dispose();
  });

  it('different files edited at once in two tabs are both stored', async () => {
    const { a, b, store } = await twoTabs();
    a.write('tools/notes.py', 'A\n');
    b.write('other.txt', 'B\n');
    await Promise.all([a.flush(), b.flush()]);
    const files = (await store.load('w')).files;
    expect([text(files.get('tools/notes.py')), text(files.get('other.txt'))]).toEqual(['A\n', 'B\n']);
    expect([a.conflicts, b.conflicts]).toEqual([[], []]);
    a.dispose();
    b.dispose();
  });

  it('both tabs change one file: the later save is not written, shows both versions, the other tab is told; the choice keeps the loser in history', async () => {
    const { a, b, store } = await twoTabs();
    // Both edit before either hears of the other (B's save lands first).
    b.write('tools/notes.py', 'B version\n');
    a.write('tools/notes.py', 'A version\n');
    await b.flush();
    await until(() => a.conflicts.length === 1);
    await a.flush();
    expect(a.conflicts).toEqual([
      {
        path: 'tools/notes.py',
        mine: new TextEncoder().encode('A version\n'),
        theirs: new TextEncoder().encode('B version\n'),
      },
    ]);
    expect(a.saveState).toBe('error');
    expect(a.saveError).toMatch(/tools\/notes\.py was also changed in another tab/);
    expect(a.readText('tools/notes.py')).toBe('A version\n');
    // Nothing overwritten: B's saved edit is what is stored, B is told right away.
    expect(text((await store.load('w')).files.get('tools/notes.py'))).toBe('B version\n');
    await until(() => b.notice !== null);
    expect(b.notice).toMatch(/Another tab also changed tools\/notes\.py/);

    a.resolve('tools/notes.py', 'A version\nB version\n');
    await a.flush();
    expect(a.saveState).toBe('saved');
    expect(a.conflicts).toEqual([]);
    expect(text((await store.load('w')).files.get('tools/notes.py'))).toBe('A version\nB version\n');
    const history = await a.history('tools/notes.py');
    expect(history.map((v) => [text(v.bytes), v.reason])).toContainEqual(['B version\n', 'other tab']);
    await until(() => b.readText('tools/notes.py') === 'A version\nB version\n');
    a.dispose();
    b.dispose();
  });

  it("the other tab's news read while this tab's own save of the file is starting: this tab's version is kept and shown as the conflict", async () => {
    const db = `two-tabs-${++n}`;
    const channel = `race-${n}`;
    const seed = await Workspace.open(createIdbStore(db), 'w', { autosaveMs: 5, channel: `seed-${n}` });
    seed.write('tools/notes.py', 'v0\n');
    await seed.flush();
    seed.dispose();
    // A's store holds the read of B's news back until A's own save of the file has begun: the
    // order that lost A's version in Chromium (its autosave fired while the news was being read).
    const real = createIdbStore(db);
    let saveBegan!: () => void;
    let readBegan!: () => void;
    const began = new Promise<void>((ok) => {
      saveBegan = ok;
    });
    const reading = new Promise<void>((ok) => {
      readBegan = ok;
    });
    const slowRead: typeof real = {
      ...real,
      read: async (...args) => {
        readBegan();
        const out = await real.read(...args);
        await began;
        return out;
      },
      save: (...args) => {
        saveBegan();
        return real.save(...args);
      },
    };
    const a = await Workspace.open(slowRead, 'w', { autosaveMs: 60_000, channel });
    const b = await Workspace.open(createIdbStore(db), 'w', { autosaveMs: 60_000, channel });
    a.write('tools/notes.py', 'v0\nonly A\n');
    b.write('tools/notes.py', 'v0\nonly B\n');
    await b.flush();
    // A hears of B's save; its news waits in the read while A's own save starts.
    await reading;
    await a.flush();
    await until(() => a.conflicts.length === 1);
    expect(a.readText('tools/notes.py')).toBe('v0\nonly A\n');
    expect(a.conflicts.map((c) => [c.path, text(c.mine), text(c.theirs)])).toEqual([
      ['tools/notes.py', 'v0\nonly A\n', 'v0\nonly B\n'],
    ]);
    expect(text((await real.load('w')).files.get('tools/notes.py'))).toBe('v0\nonly B\n');
    a.dispose();
    b.dispose();
  });

  it('a conflict found by the save itself (no broadcast heard) is reported the same way', async () => {
    const db = `two-tabs-${++n}`;
    // Different channels: the tabs cannot hear each other, only the store can tell.
    const a = await Workspace.open(createIdbStore(db), 'w', { autosaveMs: 5, channel: `deaf-a-${n}` });
    a.write('f.txt', 'base');
    await a.flush();
    const b = await Workspace.open(createIdbStore(db), 'w', { autosaveMs: 5, channel: `deaf-b-${n}` });
    b.write('f.txt', 'B');
    await b.flush();
    a.write('f.txt', 'A');
    a.write('g.txt', 'only A');
    await a.flush();
    expect(a.conflicts.map((c) => [c.path, text(c.theirs)])).toEqual([['f.txt', 'B']]);
    const stored = (await createIdbStore(db).load('w')).files;
    expect([text(stored.get('f.txt')), text(stored.get('g.txt'))]).toEqual(['B', 'only A']);
    a.resolve('f.txt', new TextEncoder().encode('B'));
    await a.flush();
    expect(a.saveState).toBe('saved');
    expect(a.readText('f.txt')).toBe('B');
    a.dispose();
    b.dispose();
  });
});

describe("two tabs, one workspace's settings", () => {
  const CONFIG = { notes: { autonomy_level: 'full_access' } };

  it("B saves host configuration and arguments; A opening a file stores only that, and A takes B's settings (not its open file)", async () => {
    const { a, b, store } = await twoTabs();
    a.update({ openPath: 'tools/notes.py' });
    await a.flush();
    b.update({ hostConfig: CONFIG, args: { tool_x: '{"q": 2.0}' }, openPath: 'other.txt' });
    await b.flush();
    await until(() => JSON.stringify(a.settings.hostConfig) === JSON.stringify(CONFIG));
    expect(a.settings.args).toEqual({ tool_x: '{"q": 2.0}' });
    expect(a.settings.openPath).toBe('tools/notes.py');
    // A click in A: a settings save of its own, which must not put back A's older configuration.
    a.update({ openPath: 'other.txt' });
    await a.flush();
    const { meta } = await store.load('w');
    expect(meta?.settings).toMatchObject({ hostConfig: CONFIG, args: { tool_x: '{"q": 2.0}' }, openPath: 'other.txt' });
    a.dispose();
    b.dispose();
  });

  it('two tabs changing different settings at once both keep their change', async () => {
    const { a, b, store } = await twoTabs();
    a.update({ timeoutMs: 5000 });
    b.update({ hostConfig: CONFIG });
    await Promise.all([a.flush(), b.flush()]);
    expect((await store.load('w')).meta?.settings).toMatchObject({ timeoutMs: 5000, hostConfig: CONFIG });
    a.dispose();
    b.dispose();
  });
});
