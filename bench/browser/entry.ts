// The bench page: the app's real Workspace, PythonClient and Playground with its Tools panel, bundled
// by Vite exactly as the app bundles them, exposed to bench/browser.bench.ts (which drives this page
// through playwright-core).
import '../../src/ui/design/tokens.css';
import '../../src/ui/design/base.css';
import { mount } from 'svelte';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { PythonClient } from '../../src/worker/client.svelte.ts';
import { Playground } from '../../src/app/playground.svelte.ts';
import ToolsPanel from '../../src/ui/ToolsPanel.svelte';

/** The app's Tools panel for `playground`, in `target`. */
const showTools = (playground: Playground, target: HTMLElement): void =>
  void mount(ToolsPanel, { target, props: { playground, ongoto: () => {} } });

const api = { Workspace, createIdbStore, PythonClient, Playground, showTools };
(globalThis as unknown as { toolplayBench: typeof api }).toolplayBench = api;
document.getElementById('ready')!.textContent = 'ready';
