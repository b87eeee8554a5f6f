// The Packages view's state (issue 32 item 8): a row whose name is only guessed from an import is not
// among the missing ones Install installs; it has its own install (the person's say).
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { Playground } from '../../src/app/playground.svelte.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import type { PackageRow } from '../../src/protocol/packages.ts';
import { FakePython } from './fake-python.ts';

const row = (name: string, guessed: boolean): PackageRow => ({
  requirement: name,
  key: name,
  name,
  origins: [{ kind: 'import', text: name, file: '/workspace/tools/t.py', line: 1 }],
  source: 'index',
  version: null,
  installed: null,
  prediction: { first: 'index', lockVersion: null, index: 'https://pypi.org/simple' },
  installedFrom: null,
  guessed,
  first: true,
  optional: false,
  cachedBytes: null,
});

it('Install leaves a guessed name out; installing it is its own step', async () => {
  const workspace = await Workspace.open(createIdbStore('ui-packages-guessed'), 'w', {
    channel: 'ui-packages-guessed',
  });
  workspace.replaceAll({ 'tools/t.py': 'import app\nimport dotenv\n' }, { openPath: 'tools/t.py' });
  const python = new FakePython();
  python.view = { rows: [row('python-dotenv', false), row('app', true)], unreadable: [], suspends: true };
  const { packages } = new Playground(workspace, python);
  await packages.refresh();
  expect(packages.missing.map((r) => r.name)).toEqual(['python-dotenv']);
  expect(packages.guessed.map((r) => r.name)).toEqual(['app']);
  await packages.install();
  await packages.install(packages.guessed.map((r) => r.requirement));
  expect(python.installs).toEqual([['python-dotenv'], ['app']]);
});
