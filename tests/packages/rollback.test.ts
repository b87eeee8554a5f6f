// A rollback after a failed install takes the whole .dist-info folder (issue 32 item 10): micropip
// writes INSTALLER and PYODIDE_* beside the METADATA without listing them in RECORD, so removing
// only RECORD's files left a folder that read as a nameless distribution.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildWheel } from '../support/wheels.ts';
import { servePackages, type PackageServer } from '../support/package-server.ts';
import { memoryStores, pythonWith, sourceOf } from './support.ts';

const half = buildWheel({ name: 'half-done', version: '1.0.0', files: { 'half_done/__init__.py': 'H = 1\n' } });

let server: PackageServer;
beforeAll(async () => {
  server = await servePackages({ packages: [] });
}, 120_000);
afterAll(() => server.close());

it(
  "a distribution installed with micropip's own files is rolled back whole: no folder, no nameless distribution",
  { timeout: 120_000 },
  async () => {
    const engine = await pythonWith(await sourceOf(server), memoryStores());
    engine.fs.writeFile(`/tmp/${half.fileName}`, half.bytes);
    const answer = (await engine.py.runPythonAsync(`
import json, os, site
from importlib import metadata
import pyodide_js
from pyodide.ffi import to_js
from toolplay.packages import dists

before = dists.snapshot()
with open("/tmp/${half.fileName}", "rb") as f:
    data = f.read()
# As micropip installs a wheel (its wheelinfo.py): these four files are not in the wheel's RECORD.
await pyodide_js._api.install(to_js(data), "${half.fileName}", site.getsitepackages()[0], {
    "INSTALLER": "micropip", "PYODIDE_SOURCE": "pypi", "PYODIDE_URL": "http://x/${half.fileName}", "PYODIDE_SHA256": "0" * 64})
installed = metadata.distribution("half-done").read_text("INSTALLER")
removed = dists.rollback(before)
json.dumps({
    "installed": installed,
    "removed": removed,
    "left": [e for e in os.listdir(site.getsitepackages()[0]) if e.startswith("half_done")],
    "nameless": [str(d._path) for d in metadata.distributions() if not d.metadata["Name"]],
})
`)) as string;
    expect(JSON.parse(answer)).toEqual({ installed: 'micropip', removed: 'half-done', left: [], nameless: [] });
  },
);
