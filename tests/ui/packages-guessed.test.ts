// The Packages view's state (issue 32 item 8): a row whose name is only guessed from an import is not
// among the missing ones Install installs; it has its own install (the person's say).
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { Playground } from '../../src/app/playground.svelte.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import type { PackageRow } from '../../src/protocol/packages.ts';
import { FakePython } from './fake-python.ts';
import { WorkerRestartedError } from '../../src/worker/worker-link.ts';

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

// Issue 32 item 10: a mirror change starts a new Python; the view's question cut off by that restart
// was shown as "Stopped: you restarted Python." with no rows until the view was reopened.
it('a view question cut off by a restart is asked again of the new Python, and a mirror change reads the view again', async () => {
  const workspace = await Workspace.open(createIdbStore('ui-packages-restart'), 'w', {
    channel: 'ui-packages-restart',
  });
  workspace.replaceAll({ 'tools/t.py': 'import dotenv\n' }, { openPath: 'tools/t.py' });
  const python = new FakePython();
  python.view = { rows: [row('python-dotenv', false)], unreadable: [], suspends: true };
  let asked = 0;
  let cutOff = 1;
  python.packages = async () => {
    asked++;
    if (cutOff-- > 0) throw new WorkerRestartedError('stopped', 'Stopped: you restarted Python.');
    return python.view;
  };
  const { packages } = new Playground(workspace, python);
  await packages.refresh();
  expect(packages.error).toBeNull();
  expect(packages.missing.map((r) => r.name)).toEqual(['python-dotenv']);
  expect(asked).toBe(2);
  // A crash is not retried: it is what the view says.
  python.packages = async () => {
    asked++;
    throw new WorkerRestartedError('crashed', 'Python crashed');
  };
  await packages.refresh();
  expect(packages.error).toBe('Python crashed');
  // Another mirror: the view on show is read again, from the new Python.
  python.view = { rows: [{ ...row('python-dotenv', false), installed: '1.0.1' }], unreadable: [], suspends: true };
  python.packages = async () => python.view;
  packages.settings = { mirror: 'http://127.0.0.1:9/mirror/' };
  await expect.poll(() => packages.error).toBeNull();
  expect(packages.missing).toEqual([]);
});
