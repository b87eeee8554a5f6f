// The side databases (course progress, kept versions) never write over a newer toolplay's record:
// each record carries its layout; a later one is still read as far as this build understands it,
// and a save rejects with StoreFromNewerVersion, leaving the stored record as it was.
import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createIdbProgressStore, PROGRESS_VERSION } from '../../src/course/progress.ts';
import { createIdbVersionStore, VERSIONS_RECORD_VERSION } from '../../src/diff/versions.ts';
import { StoreFromNewerVersion } from '../../src/workspace/storage-errors.ts';

const unique = (name: string): string => `${name}-${Math.random()}`;

describe('course progress', () => {
  it('is written with its layout and read back', async () => {
    const name = unique('course');
    const progress = createIdbProgressStore(name);
    const record = {
      lessons: { 'lcp-first-tool': { status: 'finished' as const, finishedAt: 1 } },
      current: 'lcp-optional',
    };
    await progress.save(record);
    expect(await get('progress', createStore(name, 'course'))).toEqual({ ...record, layout: PROGRESS_VERSION });
    expect(await progress.load()).toEqual(record);
  });

  it("a newer toolplay's record is read, and a save leaves it untouched", async () => {
    const name = unique('course');
    const newer = {
      layout: PROGRESS_VERSION + 1,
      lessons: { 'lcp-first-tool': { status: 'finished', finishedAt: 5 } },
      current: 'ltp-titles',
      badges: ['x'],
    };
    await set('progress', newer, createStore(name, 'course'));
    const progress = createIdbProgressStore(name);
    expect(await progress.load()).toEqual({
      lessons: { 'lcp-first-tool': { status: 'finished', finishedAt: 5 } },
      current: 'ltp-titles',
    });
    await expect(progress.save({ lessons: {}, current: null })).rejects.toBeInstanceOf(StoreFromNewerVersion);
    expect(await get('progress', createStore(name, 'course'))).toEqual(newer);
  });
});

describe('kept versions of the schema diff', () => {
  const version = { savedAt: 7, files: new Map([['tools/a.py', new TextEncoder().encode('x = 1\n')]]) };

  it('are written with their layout and read back, per slot', async () => {
    const name = unique('versions');
    const versions = createIdbVersionStore(name);
    await versions.save('ws-1', version);
    await versions.save('ws-1', { ...version, savedAt: 8 }, 'link');
    expect(await get('ws-1', createStore(name, 'versions'))).toMatchObject({
      layout: VERSIONS_RECORD_VERSION,
      savedAt: 7,
    });
    expect(await versions.load('ws-1')).toEqual(version);
    expect((await versions.load('ws-1', 'link'))?.savedAt).toBe(8);
  });

  it("a newer toolplay's record is read, and a save leaves it untouched", async () => {
    const name = unique('versions');
    const newer = {
      layout: VERSIONS_RECORD_VERSION + 1,
      savedAt: 3,
      files: [['tools/a.py', new TextEncoder().encode('y = 2\n')]],
      note: 'later',
    };
    await set('ws-1', newer, createStore(name, 'versions'));
    const versions = createIdbVersionStore(name);
    expect((await versions.load('ws-1'))?.savedAt).toBe(3);
    await expect(versions.save('ws-1', version)).rejects.toBeInstanceOf(StoreFromNewerVersion);
    expect(await get('ws-1', createStore(name, 'versions'))).toEqual(newer);
  });
});
