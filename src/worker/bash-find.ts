/**
 * Which Loki tools are Bash ones. Kept apart from bash-call.ts so the worker only downloads
 * just-bash (most of its bundle) when a `.sh` tool actually runs.
 */
import type { PyodideAPI } from 'pyodide';

type FS = PyodideAPI['FS'];

const isFile = (fs: FS, path: string): boolean => {
  try {
    return fs.isFile(fs.stat(path).mode);
  } catch {
    return false;
  }
};

/** The `.sh` file that declares `tool`, when the tool is a Bash one (a `.py` of the same name wins, as in Loki's build). */
export function findBashTool(fs: FS, paths: string[], tool: string): string | null {
  const stems = [...new Set([tool, tool.replaceAll('_', '-'), tool.replaceAll('-', '_')])];
  for (const p of paths) {
    if (p.endsWith('.sh')) {
      const stem = p.slice(p.lastIndexOf('/') + 1, -3);
      if (stems.includes(stem) && isFile(fs, p)) return p;
      continue;
    }
    if (stems.some((s) => isFile(fs, `${p}/${s}.py`))) return null;
    for (const s of stems) if (isFile(fs, `${p}/${s}.sh`)) return `${p}/${s}.sh`;
  }
  return null;
}
