// The bench page: the app's real Workspace and PythonClient, bundled by Vite exactly as the app
// bundles them, exposed to bench/browser.bench.ts (which drives this page through playwright-core).
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { PythonClient } from '../../src/worker/client.svelte.ts';

const api = { Workspace, createIdbStore, PythonClient };
(globalThis as unknown as { toolplayBench: typeof api }).toolplayBench = api;
document.getElementById('ready')!.textContent = 'ready';
