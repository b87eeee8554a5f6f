/**
 * A SQLite file is shown for what it holds: Python's sqlite3 reads its tables, columns, row counts
 * and first rows on a scratch copy (the real engine, Pyodide under Node), and a file that only
 * looks like one says why it cannot be read.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { findExample } from '../../src/examples/index.ts';
import { exampleFiles } from '../../src/examples/setup.ts';
import { isSqlite, readDatabase } from '../../src/preview/sqlite.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

describe('a SQLite file of the workspace', () => {
  it("shows each table's columns, row count and first rows", async () => {
    const shop = (await exampleFiles(findExample('lcp-database-ops')!, host))['shop.db'];
    expect(shop).toBeInstanceOf(Uint8Array);
    const bytes = shop as Uint8Array;
    expect(isSqlite(bytes)).toBe(true);
    expect(await readDatabase(host, bytes)).toEqual([
      {
        name: 'customers',
        columns: ['id', 'name', 'city'],
        count: 3,
        rows: [
          [1, 'Ada Lovelace', 'London'],
          [2, 'Grace Hopper', 'New York'],
          [3, 'Alan Turing', 'Manchester'],
        ],
      },
      {
        name: 'orders',
        columns: ['id', 'customer_id', 'item', 'amount'],
        count: 4,
        rows: [
          [1, 1, 'Analytical engine manual', 12.5],
          [2, 2, 'Compiler handbook', 30],
          [3, 2, 'Nanosecond wire', 1.25],
          [4, 3, 'Enigma notes', 18.75],
        ],
      },
    ]);
  });

  it('is told apart from other files by its header, and a broken one says why it cannot be read', async () => {
    expect(isSqlite(new TextEncoder().encode('hello'))).toBe(false);
    const broken = new Uint8Array(4096);
    broken.set(new TextEncoder().encode('SQLite format 3\u0000'));
    await expect(readDatabase(host, broken)).rejects.toThrow(/database|malformed|not a database/i);
  });
});
