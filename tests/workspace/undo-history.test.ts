// Undo and history (issue 11): the journal of calls that changed files, built from the changes the
// worker reported; undoing puts files back and loses nothing that came after; each file's replaced
// versions are kept (a bounded ring) and restorable; the journal survives a reload.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  addEntry,
  entryBytes,
  entryOf,
  fingerprint,
  readJournal,
  toolSourceImpact,
  undoPlan,
  JOURNAL_BUDGET,
  JOURNAL_ENTRY_MAX_BYTES,
  JOURNAL_KEEP,
  JOURNAL_LIMIT,
  type JournalEntry,
} from '../../src/workspace/call-journal.ts';
import { pushVersion, HISTORY_LIMIT, type FileVersion } from '../../src/workspace/history-ring.ts';
import { conflictOf } from '../../src/workspace/conflicts.ts';
import { CallJournal } from '../../src/workspace/journal.svelte.ts';
import { createJournalStore, type JournalStore } from '../../src/workspace/journal-store.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import type { FileChange } from '../../src/protocol/worker.ts';

const enc = (t: string) => new TextEncoder().encode(t);
const text = (b: Uint8Array | null | undefined) => (b ? new TextDecoder().decode(b) : b);
let n = 0;

describe('conflict detection (pure)', () => {
  it('is a conflict only when the store holds neither the base nor the same new content', () => {
    const w = { path: 'a', base: enc('v0'), next: enc('mine') };
    expect(conflictOf(w, enc('v0'))).toBeNull();
    expect(conflictOf(w, enc('mine'))).toBeNull();
    expect(conflictOf(w, enc('theirs'))).toEqual({ path: 'a', stored: enc('theirs') });
    expect(conflictOf(w, null)).toEqual({ path: 'a', stored: null });
    expect(conflictOf({ path: 'new', base: null, next: enc('x') }, null)).toBeNull();
  });
});

describe('history ring (pure)', () => {
  it('keeps replaced versions newest first, bounded, thins typing, always keeps other reasons, skips huge ones', () => {
    let ring: FileVersion[] = [];
    ring = pushVersion(ring, enc('v1'), 'edit', 0);
    ring = pushVersion(ring, enc('v2'), 'edit', 1_000); // typing: within the gap of the last edit version
    expect(ring.map((v) => text(v.bytes))).toEqual(['v1']);
    ring = pushVersion(ring, enc('v3'), 'call', 2_000);
    ring = pushVersion(ring, enc('v3'), 'undo', 3_000); // same content as the newest: once
    ring = pushVersion(ring, enc('v4'), 'edit', 120_000);
    expect(ring.map((v) => [text(v.bytes), v.reason])).toEqual([
      ['v4', 'edit'],
      ['v3', 'call'],
      ['v1', 'edit'],
    ]);
    for (let i = 0; i < 50; i++) ring = pushVersion(ring, enc(`c${i}`), 'call', 200_000 + i);
    expect(ring).toHaveLength(HISTORY_LIMIT);
    expect(text(ring[0]!.bytes)).toBe('c49');
    expect(pushVersion(ring, new Uint8Array(10), 'call', 0, { maxBytes: 5 })).toEqual(ring);
  });
});

describe('call journal (pure)', () => {
  const changes: FileChange[] = [
    { path: 'tools/a.py', content: null },
    { path: 'tools/b.py', content: enc('rewritten') },
    { path: 'out.txt', content: enc('new file') },
  ];
  const before = new Map([
    ['tools/a.py', enc('A')],
    ['tools/b.py', enc('B')],
  ]);
  const entry = entryOf('c1', 'tool_x', changes, (p) => before.get(p) ?? null, 5);

  it('plans the undo: created files removed, modified and deleted files put back', () => {
    const now = new Map([
      ['tools/b.py', enc('rewritten')],
      ['out.txt', enc('new file')],
    ]);
    expect(undoPlan(entry, (p) => now.get(p) ?? null)).toEqual({
      changes: [
        { path: 'tools/a.py', content: enc('A') },
        { path: 'tools/b.py', content: enc('B') },
        { path: 'out.txt', content: null },
      ],
      changedSince: [],
    });
    now.set('out.txt', enc('edited after the call'));
    expect(undoPlan(entry, (p) => now.get(p) ?? null).changedSince).toEqual(['out.txt']);
  });

  it('says when a call deleted or rewrote tool sources', () => {
    expect(toolSourceImpact(entry, 'tools')).toBe(
      'This call deleted 1 tool source (tools/a.py) and rewrote 1 tool source (tools/b.py).',
    );
    expect(
      toolSourceImpact(
        entryOf('c2', 't', [{ path: 'out.txt', content: enc('x') }], () => null, 0),
        'tools',
      ),
    ).toBeNull();
  });

  it('keeps at least the last 20 calls, newest first, and reads back only what is an entry', () => {
    let journal = [entry];
    for (let i = 0; i < 40; i++)
      journal = addEntry(
        journal,
        entryOf(`k${i}`, 't', [{ path: 'f', content: enc(`${i}`) }], () => enc('x'), i),
      );
    expect(journal.length).toBe(JOURNAL_LIMIT);
    expect(JOURNAL_LIMIT).toBeGreaterThanOrEqual(20);
    expect(journal[0]!.callId).toBe('k39');
    expect(readJournal([journal[0], { callId: 1 }, null])).toEqual([journal[0]]);
    expect(fingerprint(enc('a'))).not.toBe(fingerprint(enc('b')));
  });

  // The byte budget never pushes the journal below the newest 20 calls: a call whose earlier files
  // hold more than budget/20 keeps no content and says it cannot be undone (instead of evicting others).
  const call = (i: number, bytes: number, path = 'data.bin') =>
    entryOf(`b${i}`, 'tool_big', [{ path, content: enc(`${i}`) }], () => new Uint8Array(bytes), i);
  const record = (sizes: number[]) => sizes.reduce<JournalEntry[]>((j, bytes, i) => addEntry(j, call(i, bytes)), []);
  const kept = (j: JournalEntry[]) => j.reduce((n, e) => n + entryBytes(e), 0);

  it('keeps the newest 20 calls whatever their size, and never more than the byte budget', () => {
    expect(JOURNAL_ENTRY_MAX_BYTES * JOURNAL_KEEP).toBeLessThanOrEqual(JOURNAL_BUDGET);
    for (const size of [JOURNAL_ENTRY_MAX_BYTES, JOURNAL_ENTRY_MAX_BYTES + 1, 10_000_000, 40_000_000]) {
      const journal = record(Array.from({ length: 35 }, () => size));
      expect(journal.length, `calls of ${size} bytes`).toBeGreaterThanOrEqual(JOURNAL_KEEP);
      expect(journal.slice(0, JOURNAL_KEEP).map((e) => e.callId)).toEqual(
        Array.from({ length: JOURNAL_KEEP }, (_, i) => `b${34 - i}`),
      );
      expect(kept(journal)).toBeLessThanOrEqual(JOURNAL_BUDGET);
    }
    // One huge call among small ones takes no room from the others (it used to push all older calls out).
    const mixed = record([
      ...Array.from({ length: 10 }, () => 1_000_000),
      40_000_000,
      ...Array.from({ length: 19 }, () => 1_000_000),
    ]);
    expect(mixed.length).toBe(JOURNAL_LIMIT);
    expect(mixed.filter((e) => e.tooLarge !== undefined).map((e) => [e.callId, e.tooLarge])).toEqual([
      ['b10', 40_000_000],
    ]);
    // Past the newest 20, older calls stay while they fit.
    const over = record(Array.from({ length: 30 }, () => 2_400_000));
    expect(over.length).toBe(20);
    expect(kept(over)).toBe(48_000_000);
  });

  it('a call too large to keep still says what it did to tool sources, and that it cannot be undone', () => {
    const big = entryOf(
      'huge',
      'tool_wipe',
      [
        { path: 'tools/a.py', content: null },
        { path: 'out.txt', content: enc('x') },
      ],
      (p) => (p === 'tools/a.py' ? new Uint8Array(3_000_000) : null),
      0,
    );
    expect(big.tooLarge).toBe(3_000_000);
    expect(entryBytes(big)).toBe(0);
    expect(toolSourceImpact(big, 'tools')).toBe('This call deleted 1 tool source (tools/a.py).');
    expect(readJournal([big])).toEqual([big]);
    expect(readJournal([{ ...big, tooLarge: undefined }])).toEqual([]); // a dropped file belongs to a tooLarge entry only
  });
});

describe('undo with a real workspace and store', () => {
  it('undoes a call that deleted every file (rmtree-style), keeps the journal across a reload, and keeps the edit made after the call in history', async () => {
    const db = `undo-${++n}`;
    const store = createIdbStore(db);
    const ws = await Workspace.open(store, 'w', { autosaveMs: 5, channel: `undo-ch-${n}` });
    ws.replaceAll({ 'tools/a.py': 'A', 'tools/b.py': 'B', 'notes.md': 'N' });
    await ws.flush();
    const journal = new CallJournal(ws, createJournalStore(db));
    const before = new Map(ws.files);
    const wipe: FileChange[] = [...ws.paths].map((path) => ({ path, content: null }));
    ws.applyChanges(wipe);
    journal.record('call-1', 'tool_cleanup', wipe, (p) => before.get(p) ?? null);
    expect(journal.impact('call-1', 'tools')).toBe('This call deleted 2 tool sources (tools/a.py, tools/b.py).');
    await Promise.all([ws.flush(), journal.settled()]);
    expect((await store.load('w')).files.size).toBe(0);

    // A reload: the journal is read back from IndexedDB.
    const ws2 = await Workspace.open(store, 'w', { autosaveMs: 5, channel: `undo-ch-${n}` });
    const journal2 = new CallJournal(ws2, createJournalStore(db));
    await journal2.load();
    expect(journal2.canUndo('call-1')).toBe(true);
    ws2.write('notes.md', 'written after the call');
    await ws2.flush();
    expect(journal2.undo('call-1')).toBe(
      "Undid tool_cleanup's changes: 3 files put back as before the call. notes.md changed after the call; that version is in the file's history.",
    );
    expect(ws2.paths).toEqual(['notes.md', 'tools/a.py', 'tools/b.py']);
    expect(journal2.canUndo('call-1')).toBe(false);
    await ws2.flush();
    expect(text((await store.load('w')).files.get('tools/a.py'))).toBe('A');
    const history = await ws2.history('notes.md');
    expect(history.map((v) => [text(v.bytes), v.reason])).toContainEqual(['written after the call', 'undo']);
    // Restoring that version from the history puts the edit back (and keeps the undone one in turn).
    ws2.restoreVersion('notes.md', history[0]!.bytes);
    await ws2.flush();
    expect(ws2.readText('notes.md')).toBe('written after the call');
    expect((await ws2.history('notes.md')).map((v) => text(v.bytes))).toContain('N');
    ws.dispose();
    ws2.dispose();
  });

  it('a call whose earlier files are too large: kept in the journal, no Undo, and the sentence says why', async () => {
    const ws = await Workspace.open(createIdbStore(`undo-${++n}`), 'w', { autosaveMs: 5, channel: `undo-ch-${n}` });
    const journal = new CallJournal(ws, createJournalStore(`undo-${n}`));
    journal.record(
      'big',
      'tool_shrink',
      [{ path: 'db.sqlite', content: enc('small') }],
      () => new Uint8Array(6_000_000),
    );
    journal.record('small', 'tool_note', [{ path: 'n.md', content: enc('x') }], () => null);
    expect(journal.canUndo('big')).toBe(false);
    expect(journal.canUndo('small')).toBe(true);
    const why =
      "This call cannot be undone: the files it changed held 6 MB before it, more than the 2.5 MB the undo history keeps per call. Each file's History may still have its earlier version.";
    expect(journal.tooLarge('big')).toBe(why);
    expect(journal.tooLarge('small')).toBeNull();
    expect(journal.undo('big')).toBe(why);
    await journal.settled();
    const reloaded = new CallJournal(ws, createJournalStore(`undo-${n}`));
    await reloaded.load();
    expect(reloaded.tooLarge('big')).toBe(why);
    ws.dispose();
  });

  it('a journal store that throws: undo still works in this tab and the failure is said once', async () => {
    const ws = await Workspace.open(createIdbStore(`undo-${++n}`), 'w', { autosaveMs: 5, channel: `undo-ch-${n}` });
    ws.write('f.txt', 'before');
    const failing: JournalStore = {
      load: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
      save: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    };
    const journal = new CallJournal(ws, failing);
    await journal.load();
    expect(journal.error).toMatch(/^Undo history could not be read/);
    ws.applyChanges([{ path: 'f.txt', content: enc('after') }]);
    journal.record('c', 'tool_t', [{ path: 'f.txt', content: enc('after') }], () => enc('before'));
    await journal.settled();
    expect(journal.error).toBe(
      'Browser storage is full, so the undo history is not saved. Undo still works in this tab until it is closed or reloaded.',
    );
    journal.undo('c');
    expect(ws.readText('f.txt')).toBe('before');
    ws.dispose();
  });

  it('a full quota that refuses only the journal: the failure is said (not swallowed), the workspace still saves, and it clears once a save lands', async () => {
    const db = `undo-${++n}`;
    const store = createIdbStore(db);
    const ws = await Workspace.open(store, 'w', { autosaveMs: 5, channel: `undo-ch-${n}` });
    ws.write('f.txt', 'before');
    await ws.flush();
    const journal = new CallJournal(ws, createJournalStore(db));
    const realPut = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (Array.isArray(key) && key[1] === 4)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return realPut.call(this, value, key);
    };
    try {
      const change: FileChange[] = [{ path: 'f.txt', content: enc('after the call') }];
      ws.applyChanges(change);
      journal.record('c', 'tool_t', change, () => enc('before'));
      await Promise.all([ws.flush(), journal.settled()]);
      expect(journal.error).toBe(
        'Browser storage is full, so the undo history is not saved. Undo still works in this tab until it is closed or reloaded.',
      );
      expect(ws.saveState).toBe('saved');
      expect(text((await store.load('w')).files.get('f.txt'))).toBe('after the call');
      expect(await createJournalStore(db).load('w')).toEqual([]);
    } finally {
      IDBObjectStore.prototype.put = realPut;
    }
    journal.record('d', 'tool_t', [{ path: 'g.txt', content: enc('g') }], () => null);
    await journal.settled();
    expect(journal.error).toBeNull();
    expect((await createJournalStore(db).load('w')).map((e) => e.callId)).toEqual(['d', 'c']);
    ws.dispose();
  });
});
