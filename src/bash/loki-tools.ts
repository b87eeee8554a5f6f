/**
 * The declarations a Loki workspace sends to the model: Python tools from the engine, Bash
 * tools from `bashDeclarations`, in Loki's order — `visible_tools` order when config.yaml
 * lists them, else every `.py`/`.sh` of `functions/tools` in code-point order (loki.md §1).
 */
import type { IFileSystem } from 'just-bash';
import type { EngineMethods } from '../protocol/engine.ts';
import { bashDeclarations } from './declarations.ts';
import type { BashDeclaration, BashDeclarationError, BashFlavour } from './declarations.ts';

/** The engine as both the CLI (sync) and the browser worker (async) expose it. */
export interface SchemaEngine {
  call(method: 'schema', params: EngineMethods['schema']['params']): unknown;
}

/** What to merge. */
export interface LokiToolsRequest {
  engine: SchemaEngine;
  /** Reads the workspace (the same paths the engine sees). */
  fs: Pick<IFileSystem, 'readFile' | 'readdir' | 'stat'>;
  /** `<functions_dir>`; tools live in `<functions_dir>/tools`. */
  functionsDir: string;
  /** config.yaml's `visible_tools` (file names with extension); omit to take the whole folder. */
  visibleTools?: string[];
  flavour: BashFlavour;
}

/** One tool file and what its builder made of it. */
export interface LokiToolFile {
  entry: string;
  path: string;
  language: 'python' | 'bash' | null;
  declarations: unknown[];
  error: string | null;
  /** Silent problems Loki would not report (the call would fail or do nothing). */
  notes: string[];
}

/** The merged result; `startupError` is the first error (Loki then refuses to start). */
export interface LokiToolsResult {
  files: LokiToolFile[];
  declarations: unknown[];
  startupError: string | null;
}

const byCodePoint = (a: string, b: string): number => {
  const x = [...a].map((c) => c.codePointAt(0) ?? 0);
  const y = [...b].map((c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
};

async function isFile(fs: LokiToolsRequest['fs'], path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isFile;
  } catch {
    return false;
  }
}

async function buildOne(req: LokiToolsRequest, toolsDir: string, entry: string): Promise<LokiToolFile> {
  const path = `${toolsDir}/${entry}`;
  const file: LokiToolFile = { entry, path, language: null, declarations: [], error: null, notes: [] };
  const base = entry.split('/').pop() ?? entry;
  const dot = base.lastIndexOf('.');
  if (!(await isFile(req.fs, path))) file.error = `Tool definition file not found: ${path}`;
  else if (dot <= 0 || dot === base.length - 1) file.error = `Unable to extract language from tool file: ${dot === 0 ? base : base.slice(0, dot > 0 ? dot : undefined)}`;
  else if (base.slice(dot + 1).toLowerCase() === 'sh') {
    file.language = 'bash';
    const source = await req.fs.readFile(path);
    const out = bashDeclarations(source, path, req.flavour);
    if (Array.isArray(out)) file.declarations = out;
    else file.error = out.error;
    file.notes = bashNotes(source, base.slice(0, dot), out);
  } else if (base.slice(dot + 1).toLowerCase() === 'py') {
    file.language = 'python';
    let out: unknown;
    try {
      out = await req.engine.call('schema', { paths: [path], profile: req.flavour, format: 'native' });
    } catch (err) {
      // The engine reports bad input as an error; keep it on this file, the others still build.
      file.error = err instanceof Error ? err.message : String(err);
      return file;
    }
    const items = Array.isArray(out) ? (out as unknown[]) : [];
    const failed = items.find((d): d is { error: string } => typeof d === 'object' && d !== null && typeof (d as { error?: unknown }).error === 'string');
    if (failed) file.error = failed.error;
    else file.declarations = items;
  } else file.error = 'Unsupported tool file extension: Unsupported';
  return file;
}

/** What goes wrong at call time although Loki starts fine (loki.md §1 consequence, §7). */
function bashNotes(source: string, stem: string, out: BashDeclaration[] | BashDeclarationError): string[] {
  const notes: string[] = [];
  if (!Array.isArray(out)) return notes;
  const subcommands = out.length > 0 && out.some((d) => d.name !== stem.replaceAll('-', '_'));
  if (!subcommands && stem.replaceAll('-', '_') !== stem) {
    const name = stem.replaceAll('-', '_');
    notes.push(`Loki declares this tool '${name}' and runs bin/${name}, but writes the wrapper as bin/${stem}: the call fails with "Unable to run ${name}". Rename the file to ${name}.sh.`);
  }
  if (subcommands) {
    const names = out.map((d) => d.name).join(', ');
    notes.push(`Loki declares one tool per @cmd (${names}) but writes only bin/${stem}: a call to any of them fails with "Unable to run <name>". Tools in functions/tools should have a main() and no @cmd.`);
  }
  if (!subcommands && !/^(function[ \t]+main\b|main[ \t]*\([ \t]*\))/m.test(source)) {
    notes.push('No main() function: argc parses the options and then runs nothing, so the model always gets null.');
  }
  return notes;
}

/** Builds every selected tool file and merges the declarations in Loki's order. */
export async function lokiToolsDeclarations(req: LokiToolsRequest): Promise<LokiToolsResult> {
  const toolsDir = `${req.functionsDir.replace(/\/$/, '')}/tools`;
  let entries = req.visibleTools;
  if (!entries) {
    let names: string[] = [];
    try {
      names = await req.fs.readdir(toolsDir);
    } catch {
      names = [];
    }
    const tools: string[] = [];
    for (const n of names) if (/\.(py|sh)$/.test(n) && (await isFile(req.fs, `${toolsDir}/${n}`))) tools.push(n);
    entries = tools.sort(byCodePoint);
  }
  const files: LokiToolFile[] = [];
  for (const entry of entries) files.push(await buildOne(req, toolsDir, entry));
  return {
    files,
    declarations: files.flatMap((f) => (f.error ? [] : f.declarations)),
    startupError: files.find((f) => f.error)?.error ?? null,
  };
}
