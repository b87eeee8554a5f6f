// A mirror *folder* (the CLI's --pyodide-packages DIR): Pyodide's loader reads the wheels from the
// disk without a request, and each package it installs is still one `package.installed` event
// (issue 32 item 10), read from the installed distribution: the Pyodide distribution, the lock's file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { servePackages, type PackageServer } from '../support/package-server.ts';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { attachPackages } from '../../src/packages/attach.ts';
import type { PackageEvent } from '../../src/packages/installer.ts';
import { memoryStores } from './support.ts';
import { greeter, textfmt } from './fixtures.ts';

let server: PackageServer;
beforeAll(async () => {
  server = await servePackages({
    packages: [
      { wheel: textfmt, inLock: true },
      { wheel: greeter, inLock: true, depends: ['textfmt'] },
    ],
  });
}, 120_000);
afterAll(() => server.close());

it('each package the loader installs from a folder is a package.installed event', { timeout: 120_000 }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'toolplay-mirror-'));
  const lockText = await (await fetch(server.lockUrl)).text();
  writeFileSync(join(folder, 'pyodide-lock.json'), lockText);
  for (const w of [textfmt, greeter]) writeFileSync(join(folder, w.fileName), w.bytes);
  const engine = await loadNodeEngine({ packageSource: { lockFileContents: lockText, packageBaseUrl: `${folder}/` } });
  engine.packages = attachPackages(engine.py, {
    ...memoryStores(),
    origin: null,
    sources: {
      indexUrls: ['https://pypi.org/simple'],
      timeoutMs: 10_000,
      packageBase: `${folder}/`,
      readLocal: async (path) => new Uint8Array(await readFile(path)),
    },
  });
  const events: PackageEvent[] = [];
  const report = await engine.packages.installer.install(['greeter'], { event: (e) => events.push(e) });
  expect(report.failed).toEqual([]);
  const installed = events.filter((e) => e.type === 'package.installed');
  expect(installed.map((e) => [e.name, e.source, e.file, e.url, e.bytes]).sort()).toEqual([
    ['greeter', 'pyodide', greeter.fileName, `${folder}/${greeter.fileName}`, greeter.bytes.byteLength],
    ['textfmt', 'pyodide', textfmt.fileName, `${folder}/${textfmt.fileName}`, textfmt.bytes.byteLength],
  ]);
});
