import { loadPyodide } from 'pyodide';
import { ENGINE_ROOT, type EngineBytecode, type EngineSources } from './install.ts';

/**
 * Compiles the engine to bytecode with the same Pyodide that runs it (so the magic number matches),
 * for the browser build: importing ~50 modules from source costs the first `inspect` ~0.4 s of
 * compiling, from bytecode ~0.05 s. The .pyc files are "unchecked hash" ones: Python uses them
 * without looking at the source's mtime (the build ships both, made from the same text); the
 * sources stay for tracebacks. Paths are relative to python/, like the sources'.
 */
export async function compileEngineBytecode(sources: EngineSources): Promise<EngineBytecode> {
  const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  for (const [rel, text] of Object.entries(sources)) {
    const path = `${ENGINE_ROOT}/${rel}`;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    py.FS.writeFile(path, text);
  }
  const compiled = py.runPython(`
import compileall, json, os, py_compile
root = ${JSON.stringify(ENGINE_ROOT)}
ok = compileall.compile_dir(root, quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
files = [os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs if f.endswith(".pyc")]
json.dumps({"ok": bool(ok), "files": sorted(files)})
`) as string;
  const { ok, files } = JSON.parse(compiled) as { ok: boolean; files: string[] };
  if (!ok) throw new Error('the engine does not compile (a syntax error in python/toolplay?)');
  return Object.fromEntries(files.map((rel) => [rel, py.FS.readFile(`${ENGINE_ROOT}/${rel}`) as Uint8Array]));
}
