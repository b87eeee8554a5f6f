import { getEngine } from './engine.ts';
import type { Diagnostic } from '../../src/protocol/diagnostics.ts';

/** One expected diagnostic: [file relative to the case root, code, severity, [line, col, endLine, endCol], message, fix, profiles]. */
export type Expected = [string, string, string, [number, number, number, number], string, string | null, string[]];

/** A lint case: files written into a fresh folder of the Pyodide FS, linted as one folder. */
export interface LintCase {
  name: string;
  files: Record<string, string>;
  expected: Expected[];
}

let counter = 0;

/** Writes the case into a unique folder (tests share one Pyodide), lints it, returns comparable rows. */
export async function lintCase(c: LintCase): Promise<Expected[]> {
  const engine = await getEngine();
  const root = `/tmp/lint-${c.name}-${++counter}`;
  for (const [rel, text] of Object.entries(c.files)) {
    const path = `${root}/${rel}`;
    engine.fs.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    engine.fs.writeFile(path, text);
  }
  return toRows(engine.call('lint', { paths: [root] }), root);
}

/** Diagnostics as rows, with the case root shown as `<root>` so messages naming other files compare. */
export function toRows(diagnostics: Diagnostic[], root: string): Expected[] {
  return diagnostics.map((d) => [
    d.file.startsWith(`${root}/`) ? d.file.slice(root.length + 1) : d.file,
    d.code,
    d.severity,
    [d.line, d.column, d.endLine, d.endColumn],
    d.message.split(`${root}/`).join('<root>/'),
    d.fix ?? null,
    d.profiles,
  ]);
}
