// Entry: start Python in its worker first, then load the UI (Monaco is most of the bundle) and open
// the workspaces from IndexedDB (a first visit gets the first example; a link in the address bar
// opens as a new workspace in review mode). Pyodide loads on the worker's thread while the main
// thread parses the UI, so the editor works at once and tools appear sooner.
import '@fontsource-variable/inter';
import './ui/design/tokens.css';
import './ui/design/base.css';
import { mount } from 'svelte';
import { PythonClient } from './worker/client.svelte.ts';

const python = new PythonClient();
const target = document.getElementById('app')!;

/** sessionStorage, where the page may use it (a sandboxed frame may not). */
function tabStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

async function boot(): Promise<void> {
  // Storage blocked, or owned by a newer toolplay: run on memory and say so once (nothing stored is touched).
  const { probeStorage, useMemoryStorage } = await import('./workspace/storage-probe.ts');
  const storageProblem = await probeStorage();
  if (storageProblem) await useMemoryStorage();
  const [
    { default: Root },
    { createIdbStore },
    { createListStore },
    { createTelemetryStore },
    { createJournalStore },
    { createIdbVersionStore },
    { Session },
    { DEFAULT_EXAMPLE, EXAMPLES },
    { KeptInspections, idbKeptStore },
    { ENGINE_BUILD },
  ] = await Promise.all([
    import('./ui/Root.svelte'),
    import('./workspace/store.ts'),
    import('./workspace/list-store.ts'),
    import('./workspace/telemetry-store.ts'),
    import('./workspace/journal-store.ts'),
    import('./diff/versions.ts'),
    import('./app/session.svelte.ts'),
    import('./examples/index.ts'),
    import('./app/kept-inspection.ts'),
    import('./engine/files.browser.ts'),
  ]);
  const session = await Session.start({
    records: createIdbStore(),
    list: createListStore(),
    telemetry: createTelemetryStore(),
    journal: createJournalStore(),
    versions: createIdbVersionStore(),
    kept: new KeptInspections(ENGINE_BUILD, idbKeptStore()),
    python,
    example: DEFAULT_EXAMPLE,
    tabStore: tabStore(),
    storageProblem,
  });
  target.textContent = '';
  mount(Root, { target, props: { session, examples: EXAMPLES, python } });
  await session.openFromAddress(location, history);
}

boot().catch((e: unknown) => {
  target.textContent = `toolplay could not start: ${e instanceof Error ? e.message : String(e)}`;
});
