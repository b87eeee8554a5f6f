/**
 * A lesson check's view of the person's files: one scratch copy per check run, through any
 * ScratchHost (Node or the browser worker). Engine paths in the answers become workspace paths,
 * and a Loki layout's Bash tools join the Python ones (the engine reads Python only).
 */
import { bashDeclarations } from '../bash/declarations.ts';
import type { Diagnostic } from '../protocol/diagnostics.ts';
import type { Inspection, Profile, ToolInfo } from '../protocol/engine.ts';
import type { FileChange } from '../protocol/worker.ts';
import type { ScratchCallResult, ScratchHost } from './scratch.ts';
import { SCRATCH_ROOT } from './scratch.ts';
import type { LessonCall, LessonPort } from './types.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export type Layout = 'lcp' | 'loki';
const toolsDirOf = (layout: Layout): string => (layout === 'loki' ? 'functions/tools' : 'tools');

export class ScratchWorkspace implements LessonPort {
  readonly #host: ScratchHost;
  readonly #root: string;
  readonly #layout: Layout;
  readonly #files: ReadonlyMap<string, Uint8Array>;

  private constructor(host: ScratchHost, root: string, layout: Layout, files: ReadonlyMap<string, Uint8Array>) {
    this.#host = host;
    this.#root = root;
    this.#layout = layout;
    this.#files = files;
  }

  /** Copies `files` (workspace path → bytes) into a scratch folder. */
  static async open(host: ScratchHost, files: ReadonlyMap<string, Uint8Array>, layout: Layout, name = 'lesson'): Promise<ScratchWorkspace> {
    const root = `${SCRATCH_ROOT}/${name}`;
    await host.writeScratch(root, [...files].map(([path, content]) => ({ path, content })));
    return new ScratchWorkspace(host, root, layout, files);
  }

  get #toolsPath(): string {
    return `${this.#root}/${toolsDirOf(this.#layout)}`;
  }

  /** A workspace path for an engine path inside the copy (others unchanged). */
  relative(path: string): string {
    return path.startsWith(`${this.#root}/`) ? path.slice(this.#root.length + 1) : path;
  }

  async inspect(profile: Profile): Promise<Inspection> {
    const raw = await this.#host.inspect({ paths: [this.#toolsPath], profile });
    const tools = raw.tools.map((t) => ({ ...t, file: this.relative(t.file) }));
    // Messages name other files by their engine path too ("also defined in /scratch/…").
    const strip = (text: string): string => text.replaceAll(`${this.#root}/`, '');
    const diagnostics = raw.diagnostics.map((d) => ({ ...d, file: this.relative(d.file), message: strip(d.message), ...(d.fix ? { fix: strip(d.fix) } : {}) }));
    const libraries = raw.libraries.map((l) => ({ ...l, file: this.relative(l.file) }));
    const inspection: Inspection = { ...raw, tools, diagnostics, libraries };
    return profile === 'loki' || profile === 'llm-functions' ? this.#withBash(inspection, profile) : inspection;
  }

  async status(tool: string, args: Record<string, unknown>): Promise<string> {
    return (await this.#host.status({ paths: [this.#toolsPath], tool, args })).line;
  }

  call(request: LessonCall): Promise<ScratchCallResult> {
    const overlay: FileChange[] = Object.entries(request.overlay ?? {}).map(([path, text]) => ({ path, content: text === null ? null : encoder.encode(text) }));
    return this.#host.scratchCall({
      base: this.#root, profile: this.#layout === 'loki' ? 'loki' : 'lcp', toolsDir: toolsDirOf(this.#layout),
      tool: request.tool, args: request.args, overlay,
      ...(request.hostConfig ? { hostConfig: request.hostConfig } : {}),
      ...(request.confirm ? { confirm: request.confirm } : {}),
      ...(request.probe ? { probe: request.probe } : {}),
    });
  }

  close(): Promise<void> {
    return this.#host.writeScratch(this.#root, null);
  }

  /** The `.sh` files directly in the tools folder, declared by Loki's or llm-functions' rules. */
  #withBash(inspection: Inspection, flavour: 'loki' | 'llm-functions'): Inspection {
    const dir = `${toolsDirOf(this.#layout)}/`;
    const tools: ToolInfo[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const [path, bytes] of this.#files) {
      if (!path.startsWith(dir) || !path.endsWith('.sh') || path.slice(dir.length).includes('/')) continue;
      const text = decoder.decode(bytes);
      const out = bashDeclarations(text, path, flavour);
      if (!Array.isArray(out)) {
        diagnostics.push({ code: 'BASH-DECL', severity: 'error', file: path, line: 1, column: 1, endLine: 1, endColumn: 1, message: out.error, profiles: [flavour] });
        continue;
      }
      const line = text.split('\n').findIndex((l) => /^#\s*@(describe|cmd)\b/.test(l)) + 1;
      for (const d of out) tools.push({ name: d.name, file: path, line: Math.max(1, line), description: d.description, title: null, spec: d, inputSchema: d.parameters });
    }
    return { ...inspection, tools: [...inspection.tools, ...tools], diagnostics: [...inspection.diagnostics, ...diagnostics] };
  }
}
