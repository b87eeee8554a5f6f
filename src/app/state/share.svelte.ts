/**
 * The Share dialog's state: what will travel (the person ticks configuration values and `.env`
 * files in or out, and opts into telemetry), and the link and file that makes, rebuilt as they choose.
 */
import type { Playground } from '../playground.svelte.ts';
import { buildShare, type ShareResult } from '../../share/build.ts';
import { secretValuesOf, secretsOf, withoutSecrets, type SecretItem } from '../../share/secrets.ts';
import { CHAT_LINK_CHARS, FILE_SUFFIX } from '../../share/limits.ts';
import { lastCalls } from '../../workspace/telemetry-store.ts';

export class ShareDraft {
  readonly #playground: Playground;
  readonly #name: string;
  readonly #base: string;
  /** Configuration values and `.env` files, as they were when the dialog opened. */
  readonly items: readonly SecretItem[];
  #telemetry = $state(false);
  #agent = $state(true);
  #dropped = $state.raw<ReadonlySet<string>>(new Set());
  #result = $derived.by(() => this.#build());

  /** `base`: the app's address (the link's part before `#`). */
  constructor(playground: Playground, name: string, base: string) {
    this.#playground = playground;
    this.#name = name;
    this.#base = base;
    const ws = playground.workspace;
    this.items = secretsOf(ws.settings.hostConfig, ws.files, (p) => ws.readText(p));
    this.#dropped = new Set(this.items.filter((i) => i.suspicious).map((i) => i.id));
  }

  /** The Agent panel's conversation and script travel unless the person unticks them (an API key never does). */
  get includeAgent(): boolean {
    return this.#agent;
  }
  set includeAgent(on: boolean) {
    this.#agent = on;
  }
  /** Messages of the agent conversation the option would carry. */
  get agentMessages(): number {
    return this.#playground.workspace.settings.agent?.conversation.length ?? 0;
  }
  get hasAgent(): boolean {
    return this.#playground.workspace.settings.agent !== undefined;
  }
  get includeTelemetry(): boolean {
    return this.#telemetry;
  }
  set includeTelemetry(on: boolean) {
    this.#telemetry = on;
  }
  /** How many of this workspace's own calls the telemetry option would carry. */
  get callCount(): number {
    return this.#ownCalls().length;
  }
  included(id: string): boolean {
    return !this.#dropped.has(id);
  }
  include(id: string, on: boolean): void {
    const next = new Set(this.#dropped);
    if (on) next.delete(id);
    else next.add(id);
    this.#dropped = next;
  }

  get result(): ShareResult {
    return this.#result;
  }
  /** The link is longer than chat tools reliably accept. */
  get tooLongForChat(): boolean {
    return 'url' in this.#result.link && this.#result.link.url.length > CHAT_LINK_CHARS;
  }
  get fileName(): string {
    const slug = this.#name
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60);
    return `${slug || 'workspace'}${FILE_SUFFIX}`;
  }

  #ownCalls(): string[] {
    const log = this.#playground.telemetry;
    const recorded = new Set(log.recordedCalls);
    return [...new Set(log.events.map((e) => e.callId))].filter((id) => !recorded.has(id));
  }

  #build(): ShareResult {
    const pg = this.#playground;
    const ws = pg.workspace;
    const { host, files } = withoutSecrets(ws.settings.hostConfig, ws.files, this.#dropped);
    const tool = pg.selectedTool?.name ?? ws.settings.tool ?? null;
    const argsText = pg.selectedTool
      ? pg.formFor(pg.selectedTool).text
      : tool
        ? (ws.settings.args[tool] ?? '{}')
        : '{}';
    const own = new Set(this.#ownCalls());
    return buildShare(
      {
        name: this.#name || null,
        files,
        folders: ws.folders.filter((f) => ![...files.keys()].some((p) => p.startsWith(`${f}/`))),
        profile: pg.profile,
        open: pg.openPath,
        call: tool ? { tool, argsText } : null,
        host,
        telemetry: this.#telemetry ? lastCalls(pg.telemetry.events.filter((e) => own.has(e.callId))) : [],
        ...(this.#agent && ws.settings.agent ? { agent: $state.snapshot(ws.settings.agent) } : {}),
        // Where the packages come from travels with the files that ask for them (requirements.txt is a file).
        ...(ws.settings.packages ? { packages: $state.snapshot(ws.settings.packages) } : {}),
        // What was printed may repeat a value left out (or one under a secret's name): replaced in what travels.
        secrets: secretValuesOf(ws.settings.hostConfig, ws.files, (p) => ws.readText(p), this.#dropped),
      },
      this.#base,
    );
  }
}
