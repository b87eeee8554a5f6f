/// <reference lib="webworker" />
import { loadPyodide } from 'pyodide';
import { installEngine } from '../engine/install.ts';
import { engineSources } from '../engine/sources.browser.ts';
import { Engine } from '../engine/engine.ts';

declare const self: DedicatedWorkerGlobalScope;

// An explicit indexURL: the bundled pyodide.mjs would otherwise look for its files in /assets/.
const indexURL = new URL(`../pyodide-${__PYODIDE_VERSION__}/`, new URL(import.meta.env.BASE_URL, self.location.href)).href;

try {
  const py = await loadPyodide({ indexURL });
  installEngine(py, engineSources);
  self.postMessage({ python: new Engine(py).call('ping', {}).python });
} catch (e) {
  self.postMessage({ error: String(e) });
}
