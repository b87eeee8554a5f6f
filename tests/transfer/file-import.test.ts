// An import as the Files pane makes it: written together, reported in one paragraph, undone
// through the call journal, and a refused zip writes nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { FileImport } from '../../src/app/transfer/file-import.svelte.ts';
import { incomingOfBytes } from '../../src/app/transfer/incoming.ts';
import { CallJournal } from '../../src/workspace/journal.svelte.ts';
import { memoryJournalStore } from '../../src/workspace/journal-store.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';

let n = 0;

const text = (ws: Workspace) => Object.fromEntries([...ws.files].map(([p, b]) => [p, new TextDecoder().decode(b)]));

async function setUp() {
  const ws = await Workspace.open(createIdbStore(`import-test-${++n}`), 'w');
  ws.write('tools/old.py', 'old\n');
  const journal = new CallJournal(ws, memoryJournalStore());
  return { ws, imports: new FileImport(ws, journal) };
}

describe('FileImport', () => {
  it('adds a folder under the target, says so, and Undo takes it back', async () => {
    const { ws, imports } = await setUp();
    const report = await imports.bring(
      [incomingOfBytes('weather/api.py', strToU8('api\n')), incomingOfBytes('weather/data/c.json', strToU8('{}'))],
      'tools',
      'the folder upload',
    );
    expect(report.text).toBe('Added 2 files to tools/weather/.');
    expect(text(ws)).toEqual({
      'tools/old.py': 'old\n',
      'tools/weather/api.py': 'api\n',
      'tools/weather/data/c.json': '{}',
    });
    imports.undo();
    expect(imports.report?.text).toBe('Undid the folder upload: 2 files put back as before it.');
    expect(text(ws)).toEqual({ 'tools/old.py': 'old\n' });
  });

  it('unpacks a zip; Undo puts back the file it replaced', async () => {
    const { ws, imports } = await setUp();
    const zip = zipSync({ 'old.py': strToU8('new\n'), 'pkg/__init__.py': strToU8('') });
    const report = await imports.bring([incomingOfBytes('lib.zip', zip)], 'tools');
    expect(report.text).toBe(
      'Unpacked lib.zip: 2 files to tools/. tools/old.py was replaced (History keeps the earlier version).',
    );
    expect(text(ws)['tools/old.py']).toBe('new\n');
    imports.undo();
    expect(text(ws)).toEqual({ 'tools/old.py': 'old\n' });
  });

  it('refuses a zip with ../evil in one line and writes nothing', async () => {
    const { ws, imports } = await setUp();
    const zip = zipSync({ 'fine.py': strToU8('1'), '../evil': strToU8('2') });
    const report = await imports.bring([incomingOfBytes('evil.zip', zip)], 'tools');
    expect(report).toEqual({
      text: 'evil.zip was not added: file path "../evil" is not allowed: it has a ".." segment. Nothing was written.',
      undoId: null,
      refused: true,
    });
    expect(text(ws)).toEqual({ 'tools/old.py': 'old\n' });
  });
});
