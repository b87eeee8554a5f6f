// Entry: open the workspace from IndexedDB (a first visit gets the first example), start Python in
// its worker in the background, and render at once — the editor works while Pyodide loads.
import { mount } from 'svelte';
import App from './ui/App.svelte';
import { Workspace, createIdbStore } from './workspace/workspace.svelte.ts';
import { PythonClient } from './worker/client.svelte.ts';
import { Playground } from './ui/state/playground.svelte.ts';
import { DEFAULT_EXAMPLE, EXAMPLES } from './examples/index.ts';

const target = document.getElementById('app')!;

async function boot(): Promise<void> {
  const python = new PythonClient();
  const workspace = await Workspace.open(createIdbStore());
  if (workspace.paths.length === 0 && workspace.folders.length === 0 && workspace.settings.openPath === null)
    workspace.replaceAll(DEFAULT_EXAMPLE.files, { openPath: DEFAULT_EXAMPLE.openPath, profile: DEFAULT_EXAMPLE.profile });
  const playground = new Playground(workspace, python);
  target.textContent = '';
  mount(App, { target, props: { playground, examples: EXAMPLES } });
  await playground.start();
}

boot().catch((e: unknown) => {
  target.textContent = `toolplay could not start: ${e instanceof Error ? e.message : String(e)}`;
});
