/**
 * The app controller: ties the workspace (truth, persisted) to the Python worker (a mirror that
 * inspects, lints and runs) and to the panels' state. Components read getters and call methods.
 */
import type { ExportFormat, Profile } from '../protocol/engine.ts';
import type { Diagnostic } from '../protocol/diagnostics.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { LokiView } from '../protocol/loki.ts';
import type { CallOutcome, CallParams, FileChange, PythonPort, WorkspacePort } from './ports.ts';
import type { WorkspaceInspection } from '../protocol/worker.ts';
import { HeldInspection } from './held-inspection.ts';
import type { InspectionInputs, KeptInspections } from './kept-inspection.ts';
import { OneAtATime } from './one-at-a-time.ts';
import { firstCallSettings, type FirstCall } from './open-workspace.ts';
import { ArgsForm } from './state/args.svelte.ts';
import { CallRun } from './state/run.svelte.ts';
import { ConfirmQueue } from './state/confirm.svelte.ts';
import { AlwaysAnswers, sessionKey } from './state/always.svelte.ts';
import { TelemetryLog } from './state/telemetry.svelte.ts';
import { ToolsView, type ToolEntry } from './state/tools.svelte.ts';
import { HostSettings } from './state/host.svelte.ts';
import { Problems } from './state/problems.svelte.ts';
import { fromEnginePath, toolsFolderOf, toEnginePath, type ToolsFolder } from '../workspace/engine-paths.ts';
import { PackagesState } from './packages.svelte.ts';
import { FrameBatch } from './lib/batch.ts';
import { CallJournal } from '../workspace/journal.svelte.ts';
import { FileImport } from './transfer/file-import.svelte.ts';
import { HubStore } from './hub-store.svelte.ts';
import { CALL_PROFILES, isOneOf, type CallProfile } from '../protocol/vocabulary.ts';
import { hostOf } from '../protocol/hosts.ts';
import { memoryJournalStore } from '../workspace/journal-store.ts';
import { WorkerRestartedError } from '../worker/worker-link.ts';
import { anyBelow } from '../workspace/sorted-paths.ts';

export interface PlaygroundOptions {
  /** Why tools may not run now (review mode of a shared workspace), or null; call() refuses while it says why. */
  gate?: () => string | null;
  /** The calls that changed files, for Undo (the session passes one kept in IndexedDB). */
  journal?: CallJournal;
  /** The last inspection of each workspace, shown on a returning visit until Python answers (kept-inspection.ts). */
  kept?: KeptInspections;
}

/** After the first, how long the tools stay as shown before they are kept for the next visit (edits in a row keep once). */
const KEEP_AFTER_MS = 1000;

export class Playground {
  readonly workspace: WorkspacePort;
  readonly python: PythonPort;
  readonly tools = new ToolsView();
  readonly telemetry = new TelemetryLog();
  readonly confirm = new ConfirmQueue();
  /** "Always" answers that hold in Python's LCP sessions (shown, and reset, in the Call panel). */
  readonly always = new AlwaysAnswers(() => this.python.restarts ?? 0);
  readonly run = new CallRun();
  readonly host: HostSettings;
  /** The `lollms` store hub tools read and write (kept with the workspace). */
  readonly hubStore: HubStore;
  /** What the files ask for, installing it, and the workspace's package and network settings. */
  readonly packages: PackagesState;
  readonly journal: CallJournal;
  /** Uploads, drops and zips brought into the workspace, each reported and undone through the journal. */
  readonly imports: FileImport;
  /** The diagnostics for the current profile's host, or every host's with the switch on. */
  readonly problems = new Problems(() => this.profile);
  #selected = $state<string | null>(null);
  #refusedRuns = $state(0);
  #loki = $state.raw<LokiView | null>(null);
  #lokiError = $state<string | null>(null);
  #forms = new Map<string, ArgsForm>();
  #gate: () => string | null;
  /** The inspection shown, by generation: each rescan's reply patches it. */
  readonly #held = new HeldInspection();
  /** One rescan at a time; edits made while one runs are covered by the next. */
  readonly #rescans = new OneAtATime(() => this.#rescan());
  #shown: WorkspaceInspection | null = null;
  readonly #kept: KeptInspections | null;
  /** The tools shown are the kept inspection of the last visit, not yet Python's own answer. */
  #fromLastVisit = $state(false);
  /** Bumped by every refresh (an edit, the profile, the host settings): an answer is current when it did not move. */
  #asked = 0;
  #keepTimer: ReturnType<typeof setTimeout> | undefined;
  #keptOnce = false;
  #lastVisit: Promise<boolean> = Promise.resolve(false);
  /** The tools folder, the same object while the workspace keeps it (every edit changes the file list). */
  #toolsFolder = $derived.by(() => {
    const next = toolsFolderOf(this.workspace.paths, this.workspace.folders);
    const last = this.#lastToolsFolder;
    return (this.#lastToolsFolder = last && last.kind === next.kind && last.toolsDir === next.toolsDir ? last : next);
  });
  #lastToolsFolder: ToolsFolder | null = null;
  /** Tools running now through runTool (Run's and the agent's). */
  #calling = $state(0);
  #disposed = false;
  #unsubscribe: (() => void) | null = null;

  constructor(workspace: WorkspacePort, python: PythonPort, options: PlaygroundOptions = {}) {
    this.workspace = workspace;
    this.python = python;
    this.host = new HostSettings(workspace);
    this.hubStore = new HubStore(workspace);
    this.packages = new PackagesState({
      python,
      workspace,
      record: (events) => this.telemetry.addAll(events),
      gate: () => (this.#disposed ? 'this workspace is no longer open in this tab.' : this.callBlocked),
      paths: () => ({ paths: this.toolsFolder.enginePaths, workspace: toEnginePath('') }),
      problems: (diagnostics) => this.problems.setPackages(diagnostics),
      fromEngine: (path) => fromEnginePath(path),
    });
    this.#gate = options.gate ?? (() => null);
    this.journal = options.journal ?? new CallJournal(workspace, memoryJournalStore());
    this.imports = new FileImport(workspace, this.journal);
    this.#kept = options.kept ?? null;
    python.onConfirm = this.confirm.ask;
  }

  /** Mirrors every file into the worker, then keeps the mirror current and the tools fresh. */
  async start(): Promise<void> {
    this.packages.start();
    this.#unsubscribe = this.workspace.subscribe(
      (changes, origin) => void this.#mirror(origin === 'call' ? [] : changes),
    );
    const all: FileChange[] = [...this.workspace.files].map(([path, content]) => ({ path, content }));
    this.#lastVisit = this.#showKept();
    await this.#mirror(all);
    await this.#lastVisit;
  }

  /** Settles once the last visit's tools are shown (true) or it is known they cannot be (false). */
  lastVisitShown(): Promise<boolean> {
    return this.#lastVisit;
  }

  /** The last visit's tools, when every input is as it was then, until Python's answer comes. */
  async #showKept(): Promise<boolean> {
    const asked = this.#asked;
    const inspection = await this.#kept?.read(this.workspace.id, () => this.#inputs());
    // `asked + 1`: start()'s own refresh and nothing since (an edit meanwhile makes other inputs).
    if (!inspection || this.#shown || this.#disposed || this.#asked !== asked + 1) return false;
    this.#show(inspection, true);
    return true;
  }

  /** Whether the tools shown are the last visit's kept inspection (Python has not answered yet). */
  get toolsFromLastVisit(): boolean {
    return this.#fromLastVisit;
  }

  /** What a rescan asked now would be made from (the files are read when the key is made). */
  #inputs(): InspectionInputs {
    const folder = this.toolsFolder;
    return {
      python: this.packages.python.python,
      profile: this.profile,
      hostConfig: this.host.config,
      paths: folder.enginePaths,
      loki: folder.kind === 'loki' ? folder.toolsDir : undefined,
      files: this.workspace.files,
    };
  }

  /**
   * Keeps what is shown for the next visit once the edits pause, with the inputs its rescan was asked
   * with: if no refresh came since, the files are still the ones it read.
   */
  #keepLater(asked: number, inputs: InspectionInputs): void {
    const kept = this.#kept;
    if (!kept || this.#disposed) return;
    clearTimeout(this.#keepTimer);
    const keep = (): void => {
      const shown = this.#shown;
      if (shown && !this.#disposed && this.#asked === asked)
        void kept.keep(this.workspace.id, inputs, $state.snapshot<WorkspaceInspection>(shown));
    };
    // The visit's first answer at once (a visit may be short); later ones once the edits pause.
    if (this.#keptOnce) this.#keepTimer = setTimeout(keep, KEEP_AFTER_MS);
    else keep();
    this.#keptOnce = true;
  }

  dispose(): void {
    clearTimeout(this.#keepTimer);
    this.#disposed = true;
    this.#unsubscribe?.();
  }

  get toolsFolder(): ToolsFolder {
    return this.#toolsFolder;
  }
  get profile(): Profile {
    return this.workspace.settings.profile;
  }
  set profile(p: Profile) {
    if (p === this.profile) return;
    this.workspace.update({ profile: p });
    void this.refresh();
  }
  /**
   * Which host runs a call: Loki for a Loki tools folder; in a tools folder the profile's own host when it
   * calls (src/protocol/hosts.ts) and is not Loki's (lollms_hub's executor under `hub`), the LCP
   * binding otherwise (the lcp, standard and Loki profiles).
   */
  get callProfile(): CallProfile {
    if (this.toolsFolder.kind === 'loki') return 'loki';
    const own = hostOf(this.profile);
    return !own.loki && isOneOf(CALL_PROFILES, own.profile) ? own.profile : 'lcp';
  }
  get openPath(): string | null {
    const p = this.workspace.settings.openPath;
    return p !== null && this.workspace.has(p) ? p : null;
  }
  set openPath(p: string | null) {
    this.workspace.update({ openPath: p });
  }
  /** Diagnostics for the editor's markers and the problems list (this profile's and general ones; every host's with the switch on). */
  get markers(): readonly Diagnostic[] {
    return this.problems.shown;
  }
  /** What Loki's start-up makes of `visible_tools` (a Loki tools folder only; null until the engine answered). */
  get loki(): LokiView | null {
    return this.#loki;
  }
  /** Why the engine could not give Loki's verdicts (e.g. config.yaml's visible_tools is not a list). */
  get lokiError(): string | null {
    return this.#lokiError;
  }
  get selectedTool(): ToolEntry | null {
    const tools = this.tools.tools;
    const wanted = this.#selected ?? this.workspace.settings.tool ?? null;
    return (wanted ? tools.find((t) => t.name === wanted) : undefined) ?? tools[0] ?? null;
  }
  /**
   * The selected tool's name (`selectedTool`'s), read without the list of tools: each tool card asks
   * it, and a rescan that keeps the selected tool listed must not make every card ask again.
   */
  get selectedName(): string | null {
    const wanted = this.#selected ?? this.workspace.settings.tool ?? null;
    return wanted && this.tools.has(wanted) ? wanted : this.tools.firstName;
  }
  set selectedTool(t: ToolEntry | null) {
    this.#selected = t?.name ?? null;
    if (this.workspace.settings.tool !== this.#selected) this.workspace.update({ tool: this.#selected });
  }
  /** Why Run is refused now (a shared workspace not trusted yet), or null. */
  get callBlocked(): string | null {
    return this.#gate();
  }
  /** The LCP session a call from here runs in now (its "Always" answer holds there), or null for other hosts. */
  get lcpSession(): string | null {
    return this.callProfile === 'lcp' ? sessionKey(this.toolsFolder.enginePaths, this.host.config) : null;
  }
  /**
   * Why the Run button is off now, in the words the Call panel shows: the gate (`callBlocked`), or
   * arguments that are not a JSON object. Ctrl/⌘+Enter is refused for the same reasons.
   */
  get runOff(): string | null {
    const blocked = this.callBlocked;
    if (blocked !== null) return blocked;
    const tool = this.selectedTool;
    const error = tool ? this.formFor(tool).parseError : null;
    return error === null ? null : `Arguments (JSON)${error.startsWith('not ') ? ' is' : ':'} ${error}`;
  }
  /** True while a tool runs, whoever started it (Run or the agent loop): the workspace may not be left then. */
  get calling(): boolean {
    return this.#calling > 0;
  }
  get timeoutMs(): number {
    return this.workspace.settings.timeoutMs;
  }
  set timeoutMs(ms: number) {
    this.workspace.update({ timeoutMs: Math.max(100, Math.round(ms)) });
  }

  /** The arguments form of a tool; its JSON is remembered per tool in the workspace settings. */
  formFor(tool: ToolEntry): ArgsForm {
    const key = `${tool.name}\u0000${JSON.stringify(tool.inputSchema)}`;
    let form = this.#forms.get(key);
    if (!form) {
      form = new ArgsForm(tool.inputSchema, this.workspace.settings.args[tool.name], (text) =>
        this.workspace.update({ args: { ...this.workspace.settings.args, [tool.name]: text } }),
      );
      this.#forms.set(key, form);
    }
    return form;
  }

  /** Sends the changes and asks for a rescan, both at once: the worker takes requests in order, so the rescan sees them. */
  #mirror(changes: FileChange[]): Promise<void> {
    const synced = changes.length
      ? this.python.sync(changes).catch((e: unknown) => {
          // Python restarted meanwhile (a new package mirror, Stop): the client hands the new one every file it was sent.
          if (!(e instanceof WorkerRestartedError)) this.tools.fail(`Could not copy files to Python: ${String(e)}`);
        })
      : Promise.resolve();
    void this.refresh();
    return synced;
  }

  /**
   * Re-reads tools and diagnostics for the current profile, at once: a rescan costs little more than
   * the edited file's own reading, so no quiet time is waited for. While one runs, the next waits
   * and then covers every edit made meanwhile (one more at most, however many edits came).
   */
  refresh(): Promise<void> {
    this.#asked++;
    return this.#disposed ? Promise.resolve() : this.#rescans.run();
  }

  async #rescan(): Promise<void> {
    const asked = this.#asked;
    const inputs = this.#inputs();
    const hasTools = (): boolean => anyBelow(this.workspace.paths, this.toolsFolder.toolsDir);
    if (!hasTools()) {
      // No file left in the tools folder (a tool deleted them, or the person did): no tools, said
      // without asking the engine (its "no such folder" would leave the old tools listed with Run
      // enabled), but only once Python is ready and has every file sent so far (an empty sync is
      // answered then): a workspace still being filled while Python loads has not said so yet.
      await this.python.sync([]).catch(() => {});
      if (this.#disposed) return;
      if (!hasTools()) {
        this.#held.forget();
        this.#show({ profile: this.profile, libraries: [], tools: [], diagnostics: [] });
        return;
      }
    }
    const folder = this.toolsFolder;
    const profile = this.profile;
    try {
      // One answer for the whole panel: tools, diagnostics (inspect carries the lint), and in a Loki
      // tools folder the Bash tools and Loki's start-up verdicts; a patch of what is shown when it can be.
      const loki =
        folder.kind === 'loki'
          ? {
              functionsDir: toEnginePath(folder.toolsDir.replace(/\/tools$/, '')),
              configText: this.workspace.readText('config.yaml'),
            }
          : undefined;
      const request = { paths: folder.enginePaths, profile, hostConfig: this.host.config, ...(loki ? { loki } : {}) };
      const inspection =
        this.#held.take(await this.python.rescan({ ...request, base: this.#held.generation })) ??
        this.#held.take(await this.python.rescan({ ...request, base: null }));
      if (inspection && !this.#disposed) {
        this.#show(inspection);
        if (this.#asked === asked) this.#keepLater(asked, inputs);
      }
    } catch (e) {
      this.#held.forget();
      // Cut off by a restart: read again from the new Python, which starts with every file.
      if (e instanceof WorkerRestartedError && !this.#disposed) void this.refresh();
      else this.tools.fail(messageOf(e));
    }
  }

  #show(inspection: WorkspaceInspection, fromLastVisit = false): void {
    this.#fromLastVisit = fromLastVisit;
    if (inspection === this.#shown) return; // a rescan that found nothing changed
    this.#shown = inspection;
    this.tools.apply(inspection);
    this.#loki = inspection.loki ?? null;
    this.#lokiError = inspection.lokiError ?? null;
    this.problems.set(inspection.diagnostics);
  }

  /**
   * How many times a run was asked for and refused (`runOff`: review mode, arguments that are not
   * JSON): Run is disabled then, so this counts Ctrl/⌘+Enter, and each one is told why (CallPanel).
   */
  get refusedRuns(): number {
    return this.#refusedRuns;
  }

  /** Runs the selected tool as its host would; changed files are committed to the workspace together. */
  async call(): Promise<void> {
    const tool = this.selectedTool;
    if (this.runOff !== null) {
      this.#refusedRuns++;
      return;
    }
    if (!tool || this.run.status === 'running') return;
    const before = new Map(this.workspace.files);
    const argsJson = this.formFor(tool).text;
    this.run.start(tool.name, { argsJson, profile: this.callProfile, hostConfig: this.host.config });
    const outcome = await this.runTool(tool.name, argsJson, (batch) => {
      for (const e of batch) this.run.onEvent(e);
    });
    this.run.finish(outcome, (p) => before.get(p) ?? null);
  }

  /**
   * The one way the page runs a tool (Run and the agent loop): under the tools folder's host, with the
   * arguments' text as written (Python parses it, so 2.0 stays 2.0: contract 2), the time limit, the
   * telemetry in the log (and to `onEvents`, once per frame), and the files it changed committed.
   */
  async runTool(
    tool: string,
    argsJson: string,
    onEvents?: (batch: TelemetryEvent[]) => void,
    extra: Pick<CallParams, 'init' | 'library'> = {},
  ): Promise<CallOutcome> {
    // The gate holds for every caller (Run, the agent loop): untrusted code never reaches Python.
    const blocked = this.#disposed ? 'this workspace is no longer open in this tab.' : this.callBlocked;
    if (blocked !== null)
      return { callId: '', status: 'failed', reason: 'error', message: `Run is off: ${blocked}`, durationMs: 0 };
    const folder = this.toolsFolder;
    const before = new Map(this.workspace.files);
    this.python.timeoutMs = this.timeoutMs;
    // `onEvents` sees a batch before the log does: the agent marks which model call it is first.
    const events = new FrameBatch<TelemetryEvent>((batch) => {
      onEvents?.(batch);
      this.telemetry.addAll(batch);
    });
    this.#calling++;
    try {
      const profile = this.callProfile;
      const session = this.lcpSession;
      const outcome = await this.python.call(
        {
          profile,
          paths: folder.enginePaths,
          tool,
          argsJson,
          hostConfig: this.host.config,
          ...(session !== null && this.always.takeForget(session) ? { fresh: true } : {}),
          ...(profile === 'hub' ? { hubStore: this.hubStore.snapshot, ...extra } : {}),
          network: { enabled: this.packages.settings.network, corsProxy: this.packages.settings.corsProxy },
          ...(folder.kind === 'loki' && this.workspace.files.has('functions/.env')
            ? { envFile: toEnginePath('functions/.env') }
            : {}),
        },
        (e) => {
          if (session !== null && e.type === 'confirm.answered' && e.decision === 'always')
            this.always.answered(session);
          events.push(e);
        },
      );
      events.flush();
      this.confirm.dropCall(outcome.callId);
      this.#afterInstalls(outcome.callId);
      if (outcome.status === 'finished' && outcome.hubStore) this.hubStore.replace(outcome.hubStore);
      if (outcome.status === 'finished' && outcome.changes.length > 0) {
        this.workspace.applyChanges(outcome.changes);
        this.journal.record(outcome.callId, tool, outcome.changes, (p) => before.get(p) ?? null);
      }
      return outcome;
    } catch (e) {
      events.flush();
      return { callId: '', status: 'failed', reason: 'error', message: messageOf(e), durationMs: 0 };
    } finally {
      this.#calling--;
    }
  }

  /** A call that installed packages: the Packages view and its diagnostics learn what worked and what failed. */
  #afterInstalls(callId: string): void {
    const events = this.telemetry.events.filter((e) => e.callId === callId && e.type.startsWith('package.'));
    if (!events.length) return;
    this.packages.noteEvents(events);
    void this.packages.refresh();
  }

  /**
   * The hub's Initialise button for one library file (workspace path): its `init_tool_library()`, run
   * as lollms_hub's `api_init_tool` runs it (pipmaster installs included), shown like a Run.
   */
  async initialise(file: string): Promise<void> {
    if (this.run.status === 'running' || this.callBlocked !== null || this.callProfile !== 'hub') return;
    const before = new Map(this.workspace.files);
    this.run.start('init_tool_library');
    const outcome = await this.runTool(
      'init_tool_library',
      '{}',
      (batch) => {
        for (const e of batch) this.run.onEvent(e);
      },
      { init: true, library: toEnginePath(file) },
    );
    this.run.finish(outcome, (p) => before.get(p) ?? null);
  }

  /** Stops the running call; its open confirmation popups go away at once (Python is not waiting for them any more). */
  stop(): void {
    this.python.stop();
    const asking = this.confirm.current;
    if (asking) this.confirm.dropCall(asking.callId);
  }

  /** The specs of every tool in `format`, as the engine exports them for this profile. */
  async exportSpecs(format: ExportFormat): Promise<string> {
    const specs = await this.python.schema({
      paths: this.toolsFolder.enginePaths,
      profile: this.profile,
      format,
      hostConfig: this.host.config,
    });
    return JSON.stringify(specs, null, 2);
  }

  /** Replaces the workspace with an example (after the person agreed), opening its main file. */
  loadExample(files: Record<string, string | Uint8Array>, openPath: string, profile: Profile, run?: FirstCall): void {
    this.#forms.clear();
    this.#selected = null;
    this.workspace.replaceAll(files, { openPath, profile, hostConfig: {}, ...firstCallSettings(run) });
  }

  newFile(path: string, content = ''): void {
    this.workspace.write(path, content);
    this.openPath = path;
  }
}

export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : typeof e === 'string' ? e : JSON.stringify(e);
}
