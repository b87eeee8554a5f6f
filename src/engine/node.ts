import { loadPyodide, type PyodideAPI } from 'pyodide';
import { installEngine } from './install.ts';
import { readEngineSources } from './sources.node.ts';
import { Engine } from './engine.ts';

/** Loads Pyodide from the npm package (no network) and installs the engine. */
export async function loadNodeEngine(options: { stdout?: (s: string) => void; stderr?: (s: string) => void } = {}): Promise<Engine> {
  const py: PyodideAPI = await loadPyodide({
    stdout: options.stdout ?? (() => {}),
    stderr: options.stderr ?? (() => {}),
  });
  installEngine(py, readEngineSources());
  return new Engine(py);
}
