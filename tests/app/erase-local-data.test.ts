// "Erase all local data" promised every file and setting, and left each workspace's kept inspection
// (its tools' names and descriptions), the schema diff's versions, lesson solutions, folder handles,
// the package caches and the Agent panel's API keys (`toolplay.apiKey:…`) behind.
import 'fake-indexeddb/auto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createStore, get, keys, set } from 'idb-keyval';
import { expect, it } from 'vitest';
import { ERASED_STORES, eraseLocalData } from '../../src/app/erase-local-data.ts';

const SRC = resolve(import.meta.dirname, '../../src');
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|svelte)$/.test(name) ? [path] : [];
  });

/** Every idb-keyval database the source opens: createStore('<db>', …) or createStore(name, …) with name's default. */
function databasesOpened(): Set<string> {
  const found = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/createStore\(\s*'([^']+)'/g)) found.add(m[1]!);
    if (/createStore\(\s*name\b/.test(text)) for (const m of text.matchAll(/\(\s*name = '([^']+)'/g)) found.add(m[1]!);
  }
  return found;
}

it('every database the source opens is erased (the workspace records by their own store)', () => {
  const opened = databasesOpened();
  expect(opened.size).toBeGreaterThan(5);
  const erased = new Set(['toolplay', ...ERASED_STORES.map(([db]) => db)]);
  expect([...opened].filter((db) => !erased.has(db))).toEqual([]);
});

it("erases each store and toolplay's localStorage entries, API keys included, and nothing else", async () => {
  for (const [db, store] of ERASED_STORES) await set('k', 'v', createStore(db, store));
  const data = new Map<string, string>([
    ['toolplay:theme', '"dark"'],
    ['toolplay.apiKey:https://api.example', 'sk-secret'],
    ['other-app', 'kept'],
  ]);
  const storage = {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  expect(await eraseLocalData(storage)).toEqual([]);
  for (const [db, store] of ERASED_STORES) {
    expect(await keys(createStore(db, store)), db).toEqual([]);
    expect(await get('k', createStore(db, store))).toBeUndefined();
  }
  expect([...data.keys()]).toEqual(['other-app']);
});
