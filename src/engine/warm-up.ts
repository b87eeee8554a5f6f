import type { PyodideAPI } from 'pyodide';
import { PROFILES } from '../protocol/vocabulary.ts';
import { engineFs } from './fs.ts';

/**
 * A tools folder that makes the engine take its usual paths (every profile's inspect: LCP/LTP
 * schemas with docstrings, Literal and non-literal defaults, hub metadata, a Loki run(), lint):
 * what the first inspect imports from the standard library is then imported here too.
 */
export const WARM_UP: Record<string, string> = {
  'library.py': `"""A library."""
from typing import List, Literal, Optional
TOOL_LIBRARY_NAME = "Sample"
TOOL_TITLES = {"tool_sample": "Sample"}
LIMIT = 3


def tool_sample(query: str, limit: int = LIMIT, mode: Literal["a", "b"] = "a", tags: Optional[List[str]] = None) -> dict:
    """Does a sample.

    Args:
        query (str): What to do.
        limit (int): How many.
    """
    return {"success": True, "output": query}
`,
  'run_tool.py': `def run(name: str, count: int = 1):
    """Says hello.

    Args:
        name: Who.
        count: How often.
    """
    return name * count
`,
};

/**
 * Runs each profile's first `inspect` and first `rescan` (the page lists tools through the
 * latter, src/worker/rescan.ts) on WARM_UP once (the memory snapshot's warm-up), then removes the
 * folder: a restored Python then neither imports nor compiles anything on its first listing.
 */
export function warmUp(py: PyodideAPI, dir = '/warm-up'): void {
  const fs = engineFs(py);
  fs.mkdirTree(dir);
  for (const [name, text] of Object.entries(WARM_UP)) fs.writeFile(`${dir}/${name}`, text);
  const api = py.pyimport('toolplay.api') as { dispatch(method: string, params: string): string; destroy(): void };
  try {
    for (const profile of PROFILES) {
      api.dispatch('inspect', JSON.stringify({ paths: [dir], profile }));
      api.dispatch('rescan', JSON.stringify({ paths: [dir], profile, base: null }));
    }
  } finally {
    api.destroy();
  }
  for (const name of Object.keys(WARM_UP)) fs.unlink(`${dir}/${name}`);
  fs.rmdir(dir);
}
