/**
 * A lesson check's view of the person's files: one scratch copy per check run, through any
 * ScratchHost (Node or the browser worker), whose answers are the worker's (a Loki layout's Bash
 * tools beside the Python ones, src/loki). Engine paths in the answers become workspace paths.
 */
import type { Inspection, Profile } from '../protocol/engine.ts';
import type { FileChange } from '../protocol/worker.ts';
import type { ScratchCallResult, ScratchHost } from '../scratch/scratch.ts';
import { SCRATCH_ROOT } from '../scratch/scratch.ts';
import type { LessonCall, LessonPort } from './types.ts';

const encoder = new TextEncoder();

export type Layout = 'lcp' | 'loki';
const toolsDirOf = (layout: Layout): string => (layout === 'loki' ? 'functions/tools' : 'tools');

export class ScratchWorkspace implements LessonPort {
  readonly #host: ScratchHost;
  readonly #root: string;
  readonly #layout: Layout;

  private constructor(host: ScratchHost, root: string, layout: Layout) {
    this.#host = host;
    this.#root = root;
    this.#layout = layout;
  }

  /** Copies `files` (workspace path → bytes) into a scratch folder. */
  static async open(
    host: ScratchHost,
    files: ReadonlyMap<string, Uint8Array>,
    layout: Layout,
    name = 'lesson',
  ): Promise<ScratchWorkspace> {
    const root = `${SCRATCH_ROOT}/${name}`;
    await host.writeScratch(
      root,
      [...files].map(([path, content]) => ({ path, content })),
    );
    return new ScratchWorkspace(host, root, layout);
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
    const diagnostics = raw.diagnostics.map((d) => ({
      ...d,
      file: this.relative(d.file),
      message: strip(d.message),
      ...(d.fix ? { fix: strip(d.fix) } : {}),
    }));
    const libraries = raw.libraries.map((l) => ({ ...l, file: this.relative(l.file) }));
    // The host's inspect is the worker's, so Loki's Bash tools are already there, in Loki's order.
    return { ...raw, tools, diagnostics, libraries };
  }

  async status(tool: string, args: Record<string, unknown>): Promise<string> {
    return (await this.#host.status({ paths: [this.#toolsPath], tool, args })).line;
  }

  call(request: LessonCall): Promise<ScratchCallResult> {
    const overlay: FileChange[] = Object.entries(request.overlay ?? {}).map(([path, text]) => ({
      path,
      content: text === null ? null : typeof text === 'string' ? encoder.encode(text) : text,
    }));
    const profile = request.profile ?? (this.#layout === 'loki' ? 'loki' : 'lcp');
    const { confirm } = request;
    return this.#host.scratchCall({
      base: this.#root,
      profile,
      toolsDir: toolsDirOf(profile === 'loki' ? 'loki' : 'lcp'),
      tool: request.tool,
      args: request.args,
      overlay,
      ...(request.argsJson !== undefined ? { argsJson: request.argsJson } : {}),
      ...(request.hostConfig ? { hostConfig: request.hostConfig } : {}),
      ...(Array.isArray(confirm) ? { answers: confirm } : confirm ? { confirm } : {}),
      ...(request.probe ? { probe: request.probe } : {}),
      ...(request.collect ? { collect: true } : {}),
      ...(request.timeoutMs !== undefined ? { timeoutMs: request.timeoutMs } : {}),
      ...(request.network ? { network: request.network } : {}),
      ...(request.hubStore ? { hubStore: request.hubStore } : {}),
      ...(request.install ? {} : { install: false as const }),
    });
  }

  initialise(library: string): Promise<ScratchCallResult> {
    return this.#host.scratchCall({
      base: this.#root,
      profile: 'hub',
      toolsDir: toolsDirOf(this.#layout),
      tool: 'init_tool_library',
      args: {},
      init: library,
      install: false,
    });
  }

  close(): Promise<void> {
    return this.#host.writeScratch(this.#root, null);
  }
}
