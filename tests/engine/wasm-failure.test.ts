// src/engine/wasm-failure.ts: a runtime that cannot be loaded fails the start instead of hanging.
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';
import { describe, expect, it, vi } from 'vitest';
import { failOnSwallowedWasmError, WASM_FAILED } from '../../src/engine/wasm-failure.ts';

const pyodideDir = dirname(createRequire(import.meta.url).resolve('pyodide/package.json'));

describe('a runtime that cannot be loaded', () => {
  it('is still swallowed by this Pyodide: a warning, the error, and a promise that never settles (when this fails, drop wasm-failure.ts)', () => {
    const loader = readFileSync(join(pyodideDir, 'pyodide.mjs'), 'utf8');
    expect(loader).toContain(`catch(l){console.warn("${WASM_FAILED}"),console.warn(l)}`);
  });

  it(
    "fails the start with the error's own words: real Pyodide, a pyodide.asm.wasm that is not WebAssembly",
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'toolplay-wasm-'));
      try {
        for (const f of readdirSync(pyodideDir))
          if (f !== 'pyodide.asm.wasm' && !f.endsWith('.map')) copyFileSync(join(pyodideDir, f), join(dir, f));
        writeFileSync(join(dir, 'pyodide.asm.wasm'), 'not webassembly');
        const quiet = vi.spyOn(console, 'warn').mockImplementation(() => {}); // Pyodide warns on the global console
        const start = failOnSwallowedWasmError(() =>
          loadPyodide({ indexURL: `${dir}/`, stdout: () => {}, stderr: () => {} }),
        );
        await expect(start).rejects.toThrow(
          /^Python's runtime \(pyodide\.asm\.wasm\) could not be loaded: .*expected magic word/,
        );
        expect(quiet).toHaveBeenCalledWith(WASM_FAILED);
        quiet.mockRestore();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('leaves a start that works alone, and puts the console back', async () => {
    const sink = { warn: (..._args: unknown[]) => {} };
    const before = sink.warn;
    await expect(failOnSwallowedWasmError(async () => 42, sink)).resolves.toBe(42);
    expect(sink.warn).toBe(before);
  });
});
