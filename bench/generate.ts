/**
 * A realistic LCP tools folder for the benchmark and the rescan test: `count` files, each a small
 * library (imports, constants, a helper, an init hook, 3–5 annotated tools with Google-style
 * docstrings), about 80–120 lines like the tool files people actually write.
 */
import type { PyodideAPI } from 'pyodide';
import { engineFs } from '../src/engine/fs.ts';

const TYPES = [
  'str',
  'int',
  'float',
  'bool',
  'List[str]',
  'Dict[str, Any]',
  'Optional[int]',
  'Literal["fast", "slow"]',
];
const DEFAULTS: Record<string, string> = {
  str: '"auto"',
  int: '10',
  float: '0.5',
  bool: 'False',
  'List[str]': 'None',
  'Dict[str, Any]': 'None',
  'Optional[int]': 'None',
  'Literal["fast", "slow"]': '"fast"',
};

function tool(file: number, n: number): string {
  const params = Array.from({ length: 2 + ((file + n) % 4) }, (_, i) => {
    const type = TYPES[(file * 7 + n * 3 + i) % TYPES.length] ?? 'str';
    const name = `p${i}_${['query', 'limit', 'path', 'mode', 'flag', 'ratio'][(i + n) % 6] ?? 'x'}`;
    return { name, type, def: i > 0 ? DEFAULTS[type] : undefined };
  });
  const sig = params.map((p) => `${p.name}: ${p.type}${p.def ? ` = ${p.def}` : ''}`).join(', ');
  const args = params
    .map(
      (p) =>
        `        ${p.name} (${p.type.split('[')[0]?.toLowerCase()}${p.def ? ', optional' : ''}): What ${p.name} means for this call.`,
    )
    .join('\n');
  return `
def tool_lib${file}_action${n}(${sig}) -> dict:
    """Perform action ${n} of library ${file} on the workspace.

    Reads the inputs, applies the library's rules and returns a summary the model can
    quote back to the user.

    Args:
${args}

    Returns:
        A dict with success, output and the number of items touched.
    """
    values = {${params.map((p) => `"${p.name}": ${p.name}`).join(', ')}}
    touched = _count(values)
    if touched > MAX_ITEMS:
        return {"success": False, "error": f"too many items: {touched}"}
    return {"success": True, "output": f"action ${n} done", "touched": touched}
`;
}

/** Source text of one generated library. */
export function librarySource(file: number, edit = 0): string {
  const tools = Array.from({ length: 3 + (file % 3) }, (_, n) => tool(file, n)).join('\n');
  return `"""Library ${file}: generated tools for the toolplay benchmark (edit ${edit})."""
import os
import json
from typing import Any, Dict, List, Literal, Optional

MAX_ITEMS = ${100 + file}
AUTONOMY_LEVEL = "safe"


def init_tools_library(config=None):
    global AUTONOMY_LEVEL
    AUTONOMY_LEVEL = (config or {}).get("autonomy_level", "safe")


def _count(values: dict) -> int:
    return sum(len(v) if isinstance(v, (list, dict, str)) else 1 for v in values.values())
${tools}`;
}

/** Writes `count` libraries into `dir` of the Pyodide FS; returns the file paths. */
export function writeLibraries(py: PyodideAPI, dir: string, count: number): string[] {
  engineFs(py).mkdirTree(dir);
  return Array.from({ length: count }, (_, i) => {
    const path = `${dir}/lib${String(i).padStart(3, '0')}.py`;
    engineFs(py).writeFile(path, librarySource(i));
    return path;
  });
}
