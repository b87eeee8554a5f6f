/**
 * Monaco, loaded the 0.57 way (toolchain.md §5, P9): the core API, the editor features
 * (hover, find, folding…) and Python highlighting only — never the plain 'monaco-editor'
 * entry, which would pull in 9+ MB of TypeScript/CSS/HTML/JSON workers.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/register.all';
import 'monaco-editor/languages/definitions/python/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import type { Diagnostic } from '../protocol/diagnostics.ts';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };

/** Which Monaco language a workspace file gets. */
export function languageOf(path: string): string {
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.sh')) return 'shell';
  if (path.endsWith('.json')) return 'json';
  if (path.endsWith('.md')) return 'markdown';
  if (path.endsWith('.yaml') || path.endsWith('.yml')) return 'yaml';
  return 'plaintext';
}

export function uriOf(path: string): monaco.Uri {
  return monaco.Uri.from({ scheme: 'workspace', path: `/${path}` });
}

const SEVERITY: Record<Diagnostic['severity'], monaco.MarkerSeverity> = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
};

/** A diagnostic as a marker: the hover shows the message and, below it, the fix. */
export function toMarker(d: Diagnostic): monaco.editor.IMarkerData {
  return {
    severity: SEVERITY[d.severity],
    message: d.fix ? `${d.message}\nFix: ${d.fix}` : d.message,
    code: d.code,
    source: d.profiles.length ? `toolplay (${d.profiles.join(', ')})` : 'toolplay',
    ...rangeOf(d),
  };
}

/** Where a diagnostic points (1-based, as its marker underlines it): at least one character. */
export interface Place {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}
export function rangeOf(d: Place): monaco.IRange {
  const endLine = Math.max(d.endLine || d.line, d.line);
  const endColumn = endLine === d.line ? Math.max(d.endColumn, d.column + 1) : Math.max(d.endColumn, 1);
  return {
    startLineNumber: Math.max(1, d.line),
    startColumn: Math.max(1, d.column),
    endLineNumber: Math.max(1, endLine),
    endColumn: Math.max(1, endColumn),
  };
}

/** A `def tool_*` (LCP/LTP) or `def run` (Loki) line: where hovering shows the schema. */
export const TOOL_DEF = /^\s*(?:async\s+)?def\s+(tool_\w*|run)\s*\(/;
