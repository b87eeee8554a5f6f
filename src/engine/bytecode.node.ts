import { loadPyodide } from 'pyodide';
import { engineFs } from './fs.ts';
import { ENGINE_ROOT, STDLIB_DIR, type EngineFiles, type EngineSources } from './install.ts';
import { WARM_UP } from './warm-up.ts';

/**
 * Compiles the engine for the browser build with the same Pyodide that runs it (so the bytecode's
 * magic number matches). Importing ~70 engine modules from source costs the first `inspect` ~0.4 s
 * of compiling; Pyodide's standard library ships as sources too, so the top-level stdlib modules the
 * engine imports after Pyodide's own start-up (ast's unparser, decimal, hashlib…) are added under
 * `stdlib/` with their sources and bytecode. The .pyc files are "unchecked hash" ones: Python uses
 * them without looking at the sources' mtimes (the build ships both, made from the same text); the
 * sources stay for tracebacks. Paths are relative to the engine root, like the sources'.
 */
export async function compileEngine(sources: EngineSources): Promise<EngineFiles> {
  const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
  const write = (path: string, text: string): void => {
    engineFs(py).mkdirTree(path.slice(0, path.lastIndexOf('/')));
    engineFs(py).writeFile(path, text);
  };
  for (const [rel, text] of Object.entries(sources)) write(`${ENGINE_ROOT}/${rel}`, text);
  for (const [name, text] of Object.entries(WARM_UP)) write(`/warm-up/${name}`, text);
  const compiled = py.runPython(`
import compileall, importlib, importlib.util, json, os, py_compile, sys
_startup_modules = set(sys.modules)  # Pyodide's own start-up and this script's tools
root = ${JSON.stringify(ENGINE_ROOT)}
sys.path.insert(0, root)
ok = compileall.compile_dir(root, quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
import pkgutil, toolplay
from toolplay import api
for module in pkgutil.walk_packages(toolplay.__path__, "toolplay."):
    importlib.import_module(module.name)
for profile in ("lcp", "hub", "loki", "llm-functions", "standard"):
    api.dispatch("inspect", json.dumps({"paths": ["/warm-up"], "profile": profile}))
    api.dispatch("schema", json.dumps({"paths": ["/warm-up"], "profile": profile, "format": "openai-strict"}))
zip_root = next(p for p in sys.path if p.endswith(".zip")) + "/"
# Top-level modules only: a package moved out of the zip would no longer find its other modules.
extra = sorted(name for name in set(sys.modules) - _startup_modules
               if "." not in name and not hasattr(sys.modules[name], "__path__")
               and (getattr(sys.modules[name], "__file__", None) or "").startswith(zip_root))
stdlib_dir = os.path.join(root, ${JSON.stringify(STDLIB_DIR)})
os.makedirs(stdlib_dir, exist_ok=True)
for name in extra:
    with open(os.path.join(stdlib_dir, name + ".py"), "w", encoding="utf-8") as f:
        f.write(importlib.util.find_spec(name).loader.get_source(name))
ok = compileall.compile_dir(stdlib_dir, quiet=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH) and ok
files = [os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs]
json.dumps({"ok": bool(ok), "files": sorted(files)})
`) as string;
  const { ok, files } = JSON.parse(compiled) as { ok: boolean; files: string[] };
  if (!ok) throw new Error('the engine does not compile (a syntax error in python/toolplay?)');
  const out: EngineFiles = { sources: {}, bytecode: {} };
  for (const rel of files) {
    if (rel.endsWith('.pyc')) out.bytecode[rel] = engineFs(py).readFile(`${ENGINE_ROOT}/${rel}`);
    else if (rel.endsWith('.py'))
      out.sources[rel] = engineFs(py).readFile(`${ENGINE_ROOT}/${rel}`, { encoding: 'utf8' });
  }
  return out;
}
