// Entry: start Python in its worker, load the UI and open the workspaces from IndexedDB (a first
// visit gets the first example; a link in the address bar opens as a new workspace in review mode).
// Python starts at once where the tools need it (a first visit); where the last visit kept its
// tools (src/app/kept-inspection.ts), the UI comes first: on a 2-core machine Python's start took
// the CPU the page needed, and the kept tools and the editor appeared ~0.3 s later for it.
import '@fontsource-variable/inter';
import './ui/design/tokens.css';
import './ui/design/base.css';
import { mount } from 'svelte';
import { PythonClient } from './worker/client.svelte.ts';
import { ENGINE_BUILD } from './engine/files.browser.ts';
import { browserStorage, readPref, writePref } from './app/prefs.ts';

/** Set once an inspection was kept: the next visit may show the tools before Python is up. */
const TOOLS_KEPT = 'tools-kept';
/** The longest the UI-first start holds Python back (its own patience starts after). */
const UI_FIRST_MAX_MS = 1500;

let uiShown: () => void = () => {};
const uiFirst =
  readPref(browserStorage(), TOOLS_KEPT) === true
    ? new Promise<void>((resolve) => {
        uiShown = resolve;
        setTimeout(resolve, UI_FIRST_MAX_MS);
      })
    : null;
const python = new PythonClient(uiFirst ? { startWhen: uiFirst } : {});
const target = document.getElementById('app')!;

/** sessionStorage, where the page may use it (a sandboxed frame may not). */
function tabStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** What the start is waiting for, for the page to name if it never mounts (BOOT_PATIENCE_MS). */
let step = 'checking this browser’s storage';
let mounted = false;
const BOOT_PATIENCE_MS = 15_000;

async function boot(): Promise<void> {
  // Storage blocked, or owned by a newer toolplay: run on memory and say so once (nothing stored is touched).
  const { probeStorage, useMemoryStorage } = await import('./workspace/storage-probe.ts');
  const storageProblem = await probeStorage();
  if (storageProblem) await useMemoryStorage();
  step = 'loading the app’s code';
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
  ]);
  step = 'opening your workspaces from this browser’s storage';
  const session = await Session.start({
    records: createIdbStore(),
    list: createListStore(),
    telemetry: createTelemetryStore(),
    journal: createJournalStore(),
    versions: createIdbVersionStore(),
    kept: new KeptInspections(ENGINE_BUILD, idbKeptStore(), () => writePref(browserStorage(), TOOLS_KEPT, true)),
    python,
    example: DEFAULT_EXAMPLE,
    tabStore: tabStore(),
    storageProblem,
  });
  target.textContent = '';
  mounted = true;
  mount(Root, { target, props: { session, examples: EXAMPLES, python } });
  // Python starts once the last visit's tools are painted, or it is known they cannot be.
  void session.playground.lastVisitShown().then(() => requestAnimationFrame(() => uiShown()));
  await session.openFromAddress(location, history);
}

/** The page in place of the app: why it did not start, and a way to try again. Nothing stored is touched. */
function showStuck(why: string): void {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'padding: 24px; max-width: 60ch;';
  const line = document.createElement('p');
  line.textContent = why;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.onclick = () => location.reload();
  box.append(line, reload);
  target.replaceChildren(box);
}

// Never a page that only says it is loading: past the patience, it says what it still waits for.
const watchdog = setTimeout(() => {
  if (!mounted)
    showStuck(
      `toolplay has not started after ${BOOT_PATIENCE_MS / 1000} s: it is still ${step}. Another toolplay tab upgrading its storage can hold it; close other toolplay tabs and reload. Your workspaces are kept.`,
    );
}, BOOT_PATIENCE_MS);
boot().then(
  () => clearTimeout(watchdog),
  (e: unknown) => {
    clearTimeout(watchdog);
    uiShown();
    if (!mounted) showStuck(`toolplay could not start: ${e instanceof Error ? e.message : String(e)}`);
    else console.error(e);
  },
);
