import { loadNodeEngine } from '../../src/engine/node.ts';
import type { Engine } from '../../src/engine/engine.ts';

let engine: Promise<Engine> | undefined;

/** One Pyodide + engine shared by every file of the "python" project (isolate: false). */
export const getEngine = (): Promise<Engine> => (engine ??= loadNodeEngine());
