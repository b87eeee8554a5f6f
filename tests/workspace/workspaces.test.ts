// Several workspaces: create, duplicate, rename, delete with undo, switch. Each keeps its own files,
// folders, settings and telemetry; switching replaces what Python sees.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import { createListStore } from '../../src/workspace/list-store.ts';
import { createIdbStore } from '../../src/workspace/store.ts';
import { createTelemetryStore } from '../../src/workspace/telemetry-store.ts';
import { EXAMPLE, openTab } from './session-support.ts';

let n = 0;
const db = () => `workspaces-${++n}`;
const stdout = (callId: string, text: string): TelemetryEvent => ({ type: 'call.stdout', callId, text, t: 1 });
const names = (s: { catalog: { entries: readonly { name: string }[] } }) => s.catalog.entries.map((e) => e.name);

describe('the workspace list', () => {
  it('create and switch: each workspace keeps its own files, folders, settings and telemetry', async () => {
    const { session, python } = await openTab(db());
    const first = session.currentId;
    session.workspace.write('mine.txt', 'first');
    session.workspace.mkdir('empty');
    session.workspace.update({ profile: 'hub', hostConfig: { mine: { key: 'v' } } });
    session.playground.telemetry.add(stdout('c1', 'from the first'));

    expect(await session.create('Second')).toBe(true);
    expect(names(session)).toEqual(['My workspace', 'Second']);
    expect(session.workspace.paths).toEqual([]);
    expect(session.workspace.settings.profile).toBe('lcp');
    expect(session.playground.telemetry.events).toEqual([]);
    // Python's mirror was emptied before the new workspace was mirrored.
    expect(python.synced.at(-1)).toEqual([]);
    session.workspace.write('second.txt', 'second');

    expect(await session.switchTo(first)).toBe(true);
    expect(session.workspace.paths).toEqual(['mine.txt', 'tools/example.py']);
    expect(session.workspace.folders).toContain('empty');
    expect(session.workspace.settings).toMatchObject({ profile: 'hub', hostConfig: { mine: { key: 'v' } } });
    expect(session.playground.telemetry.events.map((e) => e.callId)).toEqual(['c1']);
    session.dispose();
  });

  it('duplicate copies files, settings and telemetry under a new name; rename keeps a name given', async () => {
    const name = db();
    const { session } = await openTab(name);
    session.workspace.write('a.txt', 'A');
    session.workspace.update({ timeoutMs: 5000 });
    session.playground.telemetry.add(stdout('c1', 'hello'));
    await session.duplicate();
    expect(names(session)).toEqual(['My workspace', 'My workspace (copy)']);
    expect(session.workspace.readText('a.txt')).toBe('A');
    expect(session.workspace.settings.timeoutMs).toBe(5000);
    expect(session.playground.telemetry.events.map((e) => e.type)).toEqual(['call.stdout']);
    session.workspace.write('a.txt', 'changed in the copy');
    await session.workspace.flush();
    expect(new TextDecoder().decode((await createIdbStore(name).load('default')).files.get('a.txt'))).toBe('A');

    expect(await session.rename(session.currentId, '  Experiments\u0007 ')).toBe(true);
    expect(names(session)).toEqual(['My workspace', 'Experiments']);
    expect(await session.rename(session.currentId, '   ')).toBe(false);
    expect(session.notice?.message).toBe('A workspace needs a name.');
    session.dispose();
  });

  it('delete moves off the open workspace, and Undo brings it back whole', async () => {
    const name = db();
    const { session } = await openTab(name);
    await session.create('B');
    session.workspace.write('b.txt', 'B file');
    session.playground.telemetry.add(stdout('cb', 'B out'));
    const b = session.currentId;
    await session.remove(b);
    expect(names(session)).toEqual(['My workspace']);
    expect(session.currentId).toBe('default');
    expect(session.undoable).toBe('B');
    expect((await createIdbStore(name).load(b)).files.size).toBe(0);

    await session.undoRemove();
    expect(names(session)).toEqual(['My workspace', 'B']);
    expect(session.currentId).toBe(b);
    expect(session.workspace.readText('b.txt')).toBe('B file');
    expect(session.playground.telemetry.events.map((e) => e.callId)).toEqual(['cb']);
    expect(session.undoable).toBeNull();
    session.dispose();
  });

  it('deleting the only workspace leaves a new empty one', async () => {
    const { session } = await openTab(db());
    await session.remove(session.currentId);
    expect(names(session)).toEqual(['Workspace 2']);
    expect(session.workspace.paths).toEqual([]);
    session.dispose();
  });

  it('telemetry survives a reload, its recorded calls still marked as recorded', async () => {
    const name = db();
    const { session } = await openTab(name);
    session.playground.telemetry.restore([stdout('theirs', 'sender')], ['theirs']);
    session.playground.telemetry.add(stdout('mine', 'here'));
    await session.saveTelemetry();
    session.dispose();
    expect((await createTelemetryStore(name).load('default')).recorded).toEqual(['theirs']);
    const again = await openTab(name);
    expect(again.session.playground.telemetry.calls.map((c) => [c.callId, c.recorded])).toEqual([
      ['theirs', true],
      ['mine', false],
    ]);
    again.session.dispose();
  });

  it('will not switch away while a tool runs, nor with edits it could not save', async () => {
    const name = db();
    const { session, python } = await openTab(name);
    let finish: () => void = () => {};
    python.inspection = (p) => ({
      profile: p.profile,
      libraries: [],
      diagnostics: [],
      tools: [
        {
          name: 'tool_ex',
          file: '/workspace/tools/example.py',
          line: 1,
          description: '',
          title: null,
          spec: {},
          inputSchema: { type: 'object', properties: {} },
        },
      ],
    });
    python.run = () =>
      new Promise(
        (ok) => (finish = () => ok({ callId: 'c1', status: 'finished', result: null, changes: [], durationMs: 1 })),
      );
    await session.playground.refresh();
    const running = session.playground.call();
    expect(await session.create('Elsewhere')).toBe(false);
    expect(session.notice?.message).toBe('A tool is running here: stop it, or let it finish, before switching.');
    expect(names(session)).toEqual(['My workspace']);
    finish();
    await running;

    // The browser refuses writes, as when the origin's quota is used up: the edit must not be left behind.
    const realPut = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      session.workspace.write('unsaved.txt', 'precious');
      expect(await session.create('Elsewhere')).toBe(false);
      expect(session.notice?.message).toMatch(/^The last edits here are not saved: Browser storage is full/);
      expect(session.workspace.readText('unsaved.txt')).toBe('precious');
    } finally {
      IDBObjectStore.prototype.put = realPut;
    }
    expect(await session.create('Elsewhere')).toBe(true);
    expect(new TextDecoder().decode((await createIdbStore(name).load('default')).files.get('unsaved.txt'))).toBe(
      'precious',
    );
    session.dispose();
  });

  it("records of no listed workspace (a closing tab's last write after a delete elsewhere) are cleared at start", async () => {
    const name = db();
    const { session } = await openTab(name);
    await session.workspace.flush();
    session.dispose();
    const meta = {
      settings: { profile: 'lcp' as const, hostConfig: {}, args: {}, openPath: null, timeoutMs: 30_000 },
      folders: [],
    };
    await createIdbStore(name).save('ghost', {
      files: [{ path: 'x.txt', base: null, next: new Uint8Array(1) }],
      meta,
      knownRevision: 2,
      unloading: true,
    });
    expect(await createIdbStore(name).list()).toContain('ghost');
    await createListStore(name).open({ id: 'unused', name: 'unused', created: 0, review: null });
    expect(await createIdbStore(name).list()).toEqual(['default']);
  });
});

describe('a first visit', () => {
  it('opens the first example with its first call selected, its arguments in the form', async () => {
    const run = { tool: 'tool_ex', args: { query: 'Quantum Computing' } };
    const { session } = await openTab(db(), undefined, { example: { ...EXAMPLE, run } });
    expect(session.workspace.settings).toMatchObject({
      tool: 'tool_ex',
      args: { tool_ex: JSON.stringify(run.args, null, 2) },
    });
    session.dispose();
  });
});

describe('opening a lesson or an example', () => {
  it('remembers what made a workspace, so opening it again can offer that one (after a reload too)', async () => {
    const name = db();
    const { session } = await openTab(name);
    const request = {
      title: 'Example: Quirks',
      files: { 'tools/q.py': 'x = 1\n' },
      openPath: 'tools/q.py',
      profile: 'lcp' as const,
      origin: 'example:lcp-quirks',
    };
    expect(session.earlier.find('example:lcp-quirks')).toBeNull();
    expect(await session.openAsNew(request)).toBe(true);
    const first = session.currentId;
    expect(session.earlier.find('example:lcp-quirks')).toEqual({ id: first, name: 'Example: Quirks' });
    expect(await session.switchTo('default')).toBe(true);
    expect(await session.earlier.goTo(first)).toBe(true);
    expect(session.currentId).toBe(first);
    // A fresh copy: the newest is the one offered next time; the first is still listed.
    expect(await session.openAsNew(request)).toBe(true);
    const second = session.currentId;
    expect(session.earlier.find('example:lcp-quirks')).toEqual({ id: second, name: 'Example: Quirks (2)' });
    session.dispose();
    const again = (await openTab(name)).session;
    expect(again.earlier.find('example:lcp-quirks')?.id).toBe(second);
    await again.remove(second);
    expect(again.earlier.find('example:lcp-quirks')?.id).toBe(first);
    expect(again.earlier.find('lesson:lcp-arrays')).toBeNull();
    again.dispose();
  });

  it('makes a new workspace named after it, with its files and settings; the one open before is untouched', async () => {
    const { session } = await openTab(db());
    const first = session.currentId;
    session.workspace.write('mine.txt', 'kept');
    const shopDb = new Uint8Array([0x53, 0x51, 0x4c, 0x00, 0xff]);
    const request = {
      title: 'Example: Database ops',
      files: { 'tools/db.py': 'x = 1\n', 'shop.db': shopDb },
      openPath: 'tools/db.py',
      profile: 'hub' as const,
      tool: 'tool_q',
      args: { tool_q: '{"sql": 1.0}' },
    };
    expect(await session.openAsNew(request)).toBe(true);
    expect(session.currentId).not.toBe(first);
    expect(names(session)).toEqual(['My workspace', 'Example: Database ops']);
    expect(session.workspace.paths).toEqual(['shop.db', 'tools/db.py']);
    expect(session.workspace.files.get('shop.db')).toEqual(shopDb);
    expect(session.workspace.settings).toMatchObject({
      profile: 'hub',
      openPath: 'tools/db.py',
      tool: 'tool_q',
      args: { tool_q: '{"sql": 1.0}' },
    });
    // Opening it again keeps the first copy (and whatever the person did in it) and names the next one apart.
    expect(await session.openAsNew(request)).toBe(true);
    expect(names(session)).toEqual(['My workspace', 'Example: Database ops', 'Example: Database ops (2)']);
    expect(await session.switchTo(first)).toBe(true);
    expect(session.workspace.readText('mine.txt')).toBe('kept');
    session.dispose();
  });
});
