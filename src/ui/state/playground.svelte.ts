/**
 * The playground: ties the workspace (truth, persisted) to the Python worker (a mirror that
 * inspects, lints and runs) and to the panels' state. Components read getters and call methods.
 */
import type { ExportFormat, Profile } from '../../protocol/engine.ts';
import type { Diagnostic } from '../../protocol/diagnostics.ts';
import type { FileChange, PythonPort, WorkspacePort } from '../ports.ts';
import { ArgsForm } from './args.svelte.ts';
import { CallRun } from './run.svelte.ts';
import { ConfirmQueue } from './confirm.svelte.ts';
import { TelemetryLog } from './telemetry.svelte.ts';
import { ToolsView, type ToolEntry } from './tools.svelte.ts';
import { HostSettings } from './host.svelte.ts';
import { layoutOf, toEnginePath, type Layout } from '../lib/layout.ts';
import { withBashTools } from '../lib/bashtools.ts';
import { lokiView, type LokiView } from '../lib/loki.ts';
import { FrameBatch } from '../lib/batch.ts';
import type { TelemetryEvent } from '../../protocol/events.ts';

export interface PlaygroundOptions {
  /** Quiet time after the last edit before the engine re-reads the tools. */
  debounceMs?: number;
  /** Why tools may not run now (review mode of a shared workspace), or null; call() refuses while it says why. */
  gate?: () => string | null;
}


export class Playground {
  readonly workspace: WorkspacePort;
  readonly python: PythonPort;
  readonly tools = new ToolsView();
  readonly telemetry = new TelemetryLog();
  readonly confirm = new ConfirmQueue();
  readonly run = new CallRun();
  readonly host: HostSettings;
  #selected = $state<string | null>(null);
  #markers = $state.raw<Diagnostic[]>([]);
  #loki = $state.raw<LokiView | null>(null);
  #lokiError = $state<string | null>(null);
  #forms = new Map<string, ArgsForm>();
  #debounceMs: number;
  #gate: () => string | null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #generation = 0;
  #unsubscribe: (() => void) | null = null;

  constructor(workspace: WorkspacePort, python: PythonPort, options: PlaygroundOptions = {}) {
    this.workspace = workspace;
    this.python = python;
    this.host = new HostSettings(workspace);
    this.#debounceMs = options.debounceMs ?? 150;
    this.#gate = options.gate ?? (() => null);
    python.onConfirm = this.confirm.ask;
  }

  /** Mirrors every file into the worker, then keeps the mirror current and the tools fresh. */
  async start(): Promise<void> {
    this.#unsubscribe = this.workspace.subscribe((changes, origin) => void this.#mirror(origin === 'call' ? [] : changes));
    const all: FileChange[] = [...this.workspace.files].map(([path, content]) => ({ path, content }));
    await this.#mirror(all, 0);
  }

  dispose(): void {
    this.#unsubscribe?.();
    clearTimeout(this.#timer);
  }

  get layout(): Layout { return layoutOf(this.workspace.paths, this.workspace.folders); }
  get profile(): Profile { return this.workspace.settings.profile; }
  set profile(p: Profile) {
    if (p === this.profile) return;
    this.workspace.update({ profile: p });
    void this.refresh();
  }
  get openPath(): string | null {
    const p = this.workspace.settings.openPath;
    return p !== null && this.workspace.files.has(p) ? p : null;
  }
  set openPath(p: string | null) { this.workspace.update({ openPath: p }); }
  /** Diagnostics for the editor's markers and the problems list (this profile's and general ones). */
  get markers(): readonly Diagnostic[] { return this.#markers; }
  /** What Loki's start-up makes of `visible_tools` (a Loki layout only; null until the engine answered). */
  get loki(): LokiView | null { return this.#loki; }
  /** Why the engine could not give Loki's verdicts (e.g. config.yaml's visible_tools is not a list). */
  get lokiError(): string | null { return this.#lokiError; }
  get selectedTool(): ToolEntry | null {
    const tools = this.tools.tools;
    const wanted = this.#selected ?? this.workspace.settings.tool ?? null;
    return (wanted ? tools.find((t) => t.name === wanted) : undefined) ?? tools[0] ?? null;
  }
  set selectedTool(t: ToolEntry | null) {
    this.#selected = t?.name ?? null;
    if (this.workspace.settings.tool !== this.#selected) this.workspace.update({ tool: this.#selected });
  }
  /** Why Run is refused now (a shared workspace not trusted yet), or null. */
  get callBlocked(): string | null { return this.#gate(); }
  get timeoutMs(): number { return this.workspace.settings.timeoutMs; }
  set timeoutMs(ms: number) { this.workspace.update({ timeoutMs: Math.max(100, Math.round(ms)) }); }

  /** The arguments form of a tool; its JSON is remembered per tool in the workspace settings. */
  formFor(tool: ToolEntry): ArgsForm {
    const key = `${tool.name}\u0000${JSON.stringify(tool.inputSchema)}`;
    let form = this.#forms.get(key);
    if (!form) {
      form = new ArgsForm(tool.inputSchema, this.workspace.settings.args[tool.name], (text) =>
        this.workspace.update({ args: { ...this.workspace.settings.args, [tool.name]: text } }));
      this.#forms.set(key, form);
    }
    return form;
  }

  #mirror(changes: FileChange[], delay = this.#debounceMs): Promise<void> {
    const synced = (this.#queue = this.#queue.then(() => (changes.length ? this.python.sync(changes) : undefined)).catch((e: unknown) => this.tools.fail(`Could not copy files to Python: ${String(e)}`)));
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.refresh(), delay);
    return synced.then(() => undefined);
  }

  /** Re-reads tools and diagnostics for the current profile; a newer refresh wins over a slower older one. */
  async refresh(): Promise<void> {
    clearTimeout(this.#timer);
    const generation = ++this.#generation;
    const layout = this.layout;
    const profile = this.profile;
    await this.#queue;
    try {
      // Asked alongside, applied on its own: the tools panel never waits for the Loki view.
      const loki = layout.kind === 'loki' ? this.#lokiStartup(layout.toolsDir) : Promise.resolve(null);
      void loki.then((answer) => {
        if (generation !== this.#generation) return;
        this.#loki = answer && 'view' in answer ? answer.view : null;
        this.#lokiError = answer && 'error' in answer ? answer.error : null;
      });
      // inspect carries the lint diagnostics of the same paths: no second lint round trip per edit.
      const inspection = await this.python.inspect({ paths: layout.enginePaths, profile, hostConfig: this.host.config });
      if (generation !== this.#generation) return;
      const merged = layout.kind === 'loki' ? withBashTools(inspection, this.#bashFiles(layout.toolsDir)) : inspection;
      this.tools.apply(merged);
      const seen = new Set<string>();
      this.#markers = merged.diagnostics.filter((d) => {
        const key = `${d.file}:${d.line}:${d.column}:${d.code}`;
        if (seen.has(key) || (d.profiles.length > 0 && !d.profiles.includes(profile))) return false;
        seen.add(key);
        return true;
      });
    } catch (e) {
      if (generation === this.#generation) this.tools.fail(messageOf(e));
    }
  }

  /** Loki's start-up verdicts for the workspace's `functions/` and config.yaml, `.sh` entries merged in. */
  async #lokiStartup(toolsDir: string): Promise<{ view: LokiView } | { error: string }> {
    const functionsDir = toolsDir.replace(/\/tools$/, '');
    try {
      const startup = await this.python.lokiStartup({ functionsDir: toEnginePath(functionsDir), configText: this.workspace.readText('config.yaml') ?? '' });
      return { view: lokiView(startup, (entry) => this.workspace.readText(`${toolsDir}/${entry}`)) };
    } catch (e) {
      return { error: messageOf(e) };
    }
  }

  /** Top-level `.sh` files of the tools folder with their text. */
  #bashFiles(dir: string): Array<[string, string]> {
    const out: Array<[string, string]> = [];
    for (const p of this.workspace.paths) {
      if (!p.startsWith(`${dir}/`) || !p.endsWith('.sh') || p.slice(dir.length + 1).includes('/')) continue;
      const text = this.workspace.readText(p);
      if (text !== null) out.push([p, text]);
    }
    return out;
  }

  /** Runs the selected tool as its host would; changed files are committed to the workspace together. */
  async call(): Promise<void> {
    const tool = this.selectedTool;
    if (!tool || this.run.status === 'running' || this.callBlocked !== null) return;
    const form = this.formFor(tool);
    const layout = this.layout;
    const before = new Map(this.workspace.files);
    this.run.start(tool.name);
    this.python.timeoutMs = this.timeoutMs;
    let callId = '';
    const events = new FrameBatch<TelemetryEvent>((batch) => {
      this.telemetry.addAll(batch);
      for (const e of batch) this.run.onEvent(e);
    });
    try {
      const outcome = await this.python.call(
        {
          profile: layout.kind === 'loki' ? 'loki' : 'lcp',
          paths: layout.enginePaths,
          tool: tool.name,
          args: $state.snapshot(form.value),
          hostConfig: this.host.config,
          ...(layout.kind === 'loki' && this.workspace.files.has('functions/.env') ? { envFile: toEnginePath('functions/.env') } : {}),
        },
        (e) => {
          callId = e.callId;
          events.push(e);
        },
      );
      events.flush();
      if (callId) this.confirm.dropCall(callId);
      this.run.finish(outcome, (p) => before.get(p) ?? null);
      if (outcome.status === 'finished' && outcome.changes.length > 0) this.workspace.applyChanges(outcome.changes);
    } catch (e) {
      events.flush();
      this.run.finish({ status: 'failed', reason: 'error', message: messageOf(e), durationMs: 0 }, () => null);
    }
  }

  stop(): void {
    this.python.stop();
  }

  /** The specs of every tool in `format`, as the engine exports them for this profile. */
  async exportSpecs(format: ExportFormat): Promise<string> {
    const specs = await this.python.schema({ paths: this.layout.enginePaths, profile: this.profile, format, hostConfig: this.host.config });
    return JSON.stringify(specs, null, 2);
  }

  /** Replaces the workspace with an example (after the person agreed), opening its main file. */
  loadExample(files: Record<string, string | Uint8Array>, openPath: string, profile: Profile): void {
    this.#forms.clear();
    this.#selected = null;
    this.workspace.replaceAll(files, { openPath, profile, args: {}, hostConfig: {}, tool: null });
  }

  newFile(path: string, content = ''): void {
    this.workspace.write(path, content);
    this.openPath = path;
  }
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : typeof e === 'string' ? e : JSON.stringify(e);
}
