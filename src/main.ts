// Entry: start Python in its worker first, then load the UI (Monaco is most of the bundle) and open
// the workspace from IndexedDB (a first visit gets the first example). Pyodide loads on the worker's
// thread while the main thread parses the UI, so the editor works at once and tools appear sooner.
import { mount } from 'svelte';
import { PythonClient } from './worker/client.svelte.ts';

const python = new PythonClient();
const target = document.getElementById('app')!;

async function boot(): Promise<void> {
  const [{ default: App }, { Workspace, createIdbStore }, { Playground }, { DEFAULT_EXAMPLE, EXAMPLES }] = await Promise.all([
    import('./ui/App.svelte'),
    import('./workspace/workspace.svelte.ts'),
    import('./app/playground.svelte.ts'),
    import('./examples/index.ts'),
  ]);
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
