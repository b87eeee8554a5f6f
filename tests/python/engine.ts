import { loadNodeEngine } from '../../src/engine/node.ts';
import type { Engine } from '../../src/engine/engine.ts';
import { DEFAULT_PYTHON, pythonVersionOf } from '../../src/protocol/pythons.ts';

let engine: Promise<Engine> | undefined;

/**
 * Which Python the "python" project runs on: 3.14, or the version TOOLPLAY_TEST_PYTHON names
 * (`TOOLPLAY_TEST_PYTHON=3.13 npx vitest run tests/python`, docs/pythons.md): the same suite on
 * another Pyodide.
 */
export const TEST_PYTHON = pythonVersionOf(process.env.TOOLPLAY_TEST_PYTHON) ?? DEFAULT_PYTHON;

/** One Pyodide + engine shared by every file of the "python" project (isolate: false). */
export const getEngine = (): Promise<Engine> => (engine ??= loadNodeEngine({ python: TEST_PYTHON }));
