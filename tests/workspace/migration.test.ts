// The first start of this version on a browser that ran the first release: its single workspace
// becomes the first of the list, with every file, folder and setting; nothing is moved or copied.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createListStore } from '../../src/workspace/list-store.ts';
import { createIdbStore } from '../../src/workspace/store.ts';
import { writeV1Store } from './store-v1.ts';
import { openTab, text } from './session-support.ts';

let n = 0;
const enc = new TextEncoder();

describe('migrating the store of the first release', () => {
  it('lists the old workspace first, and it opens with every file, empty folder and setting', async () => {
    const db = `migrate-${++n}`;
    const files = {
      'tools/notes.py': enc.encode('def tool_note() -> dict:\n    """N."""\n    return {}\n'),
      'data/blob.bin': Uint8Array.of(0, 255, 7, 128),
      'données/日本語.md': enc.encode('ünïcödé\n'),
      'empty.txt': new Uint8Array(0),
      'notes/today.md': enc.encode('buy milk\n'),
    };
    await writeV1Store(db, {
      files,
      folders: ['out/deep', 'scratch'],
      revision: 7,
      settings: {
        profile: 'hub',
        hostConfig: { notes: { autonomy_level: 'strict' } },
        args: { tool_note: '{"n": 2.0}' },
        openPath: 'notes/today.md',
        timeoutMs: 12_000,
      },
    });

    const { session } = await openTab(db);
    expect(session.catalog.entries.map((e) => [e.id, e.name, e.review])).toEqual([['default', 'My workspace', null]]);
    expect(session.currentId).toBe('default');
    const ws = session.workspace;
    expect(ws.paths).toEqual(Object.keys(files).sort());
    for (const [path, bytes] of Object.entries(files)) expect([...ws.files.get(path)!], path).toEqual([...bytes]);
    expect(ws.folders).toEqual(['data', 'données', 'notes', 'out', 'out/deep', 'scratch', 'tools']);
    expect(ws.settings).toMatchObject({
      profile: 'hub',
      hostConfig: { notes: { autonomy_level: 'strict' } },
      args: { tool_note: '{"n": 2.0}' },
      openPath: 'notes/today.md',
      timeoutMs: 12_000,
    });
    // Not mistaken for a first visit: the example did not replace anything.
    expect(ws.files.has('tools/example.py')).toBe(false);
    // The old records are where they were, and edits keep saving on top of the old revision.
    expect(ws.revision).toBe(7);
    ws.write('notes/today.md', 'buy oat milk\n');
    await ws.flush();
    expect(ws.saveState).toBe('saved');
    expect(text((await createIdbStore(db).load('default')).files.get('notes/today.md'))).toBe('buy oat milk\n');
    session.dispose();

    // The second start finds the list and changes nothing.
    const again = await openTab(db);
    expect(again.session.catalog.entries.map((e) => e.id)).toEqual(['default']);
    expect(again.session.workspace.paths).toEqual(Object.keys(files).sort());
    again.session.dispose();
  });

  it('a browser that never ran toolplay gets one workspace holding the example', async () => {
    const db = `migrate-${++n}`;
    const { session } = await openTab(db);
    expect(session.catalog.entries.map((e) => e.name)).toEqual(['My workspace']);
    expect(session.workspace.paths).toEqual(['tools/example.py']);
    expect(session.workspace.settings.openPath).toBe('tools/example.py');
    await session.workspace.flush();
    expect((await createListStore(db).read())?.entries.map((e) => e.id)).toEqual(['default']);
    session.dispose();
  });
});
