/**
 * The agent panel's state: the model settings and the conversation (saved with the workspace,
 * never the API key), a run of the loop with its live messages, Stop, and what the model receives.
 * The API key lives in this browser's localStorage only, one per endpoint origin, so a key is only
 * ever sent to the server it was typed for.
 */
import { runAgent } from '../../agent/loop.ts';
import { toolsBlock } from '../../agent/lcp-text.ts';
import { EndpointModel } from '../../agent/openai-client.ts';
import type { ModelPort } from '../../agent/ports.ts';
import { parseScript, type ScriptProblem } from '../../agent/script.ts';
import { ScriptedModel } from '../../agent/scripted-model.ts';
import { agentSettings, type AgentSettings } from '../../agent/settings.ts';
import { framingEvents, newRunId } from '../../agent/telemetry.ts';
import { AGENT_PROFILES, type AgentMessage, type AgentProfile, type LoopEnd } from '../../agent/types.ts';
import { agentSpecs, browserToolRunner } from './agent-runner.ts';
import { messageOf, type Playground } from '../playground.svelte.ts';
import { EvalDraft } from './eval-draft.svelte.ts';

/** Where the key is kept: localStorage, keyed by the endpoint's origin. */
export const keyStorageName = (baseUrl: string): string | null => {
  try {
    return `toolplay.apiKey:${new URL(baseUrl).origin}`;
  } catch {
    return null;
  }
};

export class AgentState {
  readonly #p: Playground;
  readonly #storage: Storage | null;
  #live = $state.raw<AgentMessage[] | null>(null);
  #controller: AbortController | null = null;
  #running = $state(false);
  #end = $state.raw<LoopEnd | null>(null);
  #keyVersion = $state(0);
  #viewing = $state.raw<{ title: string; messages: readonly AgentMessage[] } | null>(null);
  #preview = $state.raw<{ tools: string; text: string | null } | null>(null);
  #previewError = $state<string | null>(null);
  readonly #problems = $derived.by((): ScriptProblem[] => {
    const parsed = parseScript(this.settings.script);
    return parsed.ok ? [] : parsed.problems;
  });

  constructor(playground: Playground, storage: Storage | null = globalThis.localStorage ?? null) {
    this.#p = playground;
    this.#storage = storage;
  }

  readonly #settings = $derived.by(() => agentSettings(this.#p.workspace.settings.agent));
  get settings(): AgentSettings {
    return this.#settings;
  }
  #update(patch: Partial<AgentSettings>): void {
    // Saved conversations come back as deep $state proxies: snapshot them before the workspace clones.
    this.#p.workspace.update({ agent: $state.snapshot({ ...this.settings, ...patch }) });
  }

  /** The workspace profile when the loop supports it (lcp, hub, loki), else null. */
  get profile(): AgentProfile | null {
    const p = this.#p.profile;
    return (AGENT_PROFILES as readonly string[]).includes(p) ? (p as AgentProfile) : null;
  }
  get modelKind(): AgentSettings['model'] {
    return this.settings.model;
  }
  set modelKind(v: AgentSettings['model']) {
    this.#update({ model: v });
  }
  get script(): string {
    return this.settings.script;
  }
  set script(v: string) {
    this.#update({ script: v });
  }
  get scriptProblems(): readonly ScriptProblem[] {
    return this.#problems;
  }
  get baseUrl(): string {
    return this.settings.baseUrl;
  }
  set baseUrl(v: string) {
    this.#update({ baseUrl: v });
  }
  get modelName(): string {
    return this.settings.modelName;
  }
  set modelName(v: string) {
    this.#update({ modelName: v });
  }
  get maxTurns(): number {
    return this.settings.maxTurns;
  }
  set maxTurns(v: number) {
    if (Number.isInteger(v) && v >= 1) this.#update({ maxTurns: Math.min(v, 100) });
  }
  /** The message in the composer: kept with the workspace, so an example's or a lesson's suggestion is there when it opens. */
  get draft(): string {
    return this.settings.draft;
  }
  set draft(v: string) {
    this.#update({ draft: v });
  }
  get protocol(): AgentSettings['protocol'] {
    return this.profile === 'lcp' ? this.settings.protocol : 'openai';
  }
  set protocol(v: AgentSettings['protocol']) {
    this.#update({ protocol: v });
  }

  get apiKey(): string {
    void this.#keyVersion;
    const name = keyStorageName(this.baseUrl);
    return (name && this.#storage?.getItem(name)) || '';
  }
  set apiKey(v: string) {
    const name = keyStorageName(this.baseUrl);
    if (!name || !this.#storage) return;
    if (v) this.#storage.setItem(name, v);
    else this.#storage.removeItem(name);
    this.#keyVersion++;
  }
  forgetKey(): void {
    this.apiKey = '';
  }

  get messages(): readonly AgentMessage[] {
    return this.#viewing?.messages ?? this.#live ?? this.settings.conversation;
  }
  get running(): boolean {
    return this.#running;
  }
  get end(): LoopEnd | null {
    return this.#end;
  }
  /** Why Send cannot work now, or null. */
  get blocked(): string | null {
    if (this.#p.callBlocked !== null) return this.#p.callBlocked;
    if (!this.profile)
      return `The agent loop runs with the lcp, hub or loki profile (this workspace shows ${this.#p.profile}).`;
    if (this.viewing) return 'This is a saved run, shown read-only: go back to your conversation to send.';
    if (this.modelKind === 'scripted' && this.#problems.length > 0)
      return 'Fix the script first (its problems are listed above).';
    return this.modelProblem;
  }

  /** Why the model settings cannot make a model now (a script with problems, an endpoint without URL or name), or null. */
  get modelProblem(): string | null {
    if (this.modelKind === 'scripted' && this.#problems.length > 0)
      return 'Fix the script first (its problems are listed in the Agent panel).';
    if (this.modelKind === 'endpoint' && (!keyStorageName(this.baseUrl) || !this.modelName.trim()))
      return 'Give the endpoint a base URL and a model name.';
    return null;
  }

  /** The model in a few words, as the panel's folded settings say it. */
  get modelLine(): string {
    return this.modelKind === 'scripted'
      ? 'Scripted (no network)'
      : `${this.modelName || 'a model'} at ${this.baseUrl || 'no URL yet'}`;
  }

  /** A conversation shown instead of this workspace's own, read-only (a run of an eval), or null. */
  get viewing(): { title: string; messages: readonly AgentMessage[] } | null {
    return this.#viewing;
  }
  /** Shows a conversation read-only (the Evals tab's run); the workspace's own comes back with closeViewing(). */
  view(title: string, messages: readonly AgentMessage[]): void {
    this.#viewing = { title, messages };
  }
  closeViewing(): void {
    this.#viewing = null;
  }

  /** "Save as eval": the case the conversation shown makes, to edit and add to an eval file; null without a user message. */
  evalDraft(): EvalDraft | null {
    return EvalDraft.of(this.messages, this.profile ?? 'lcp', this.#p.workspace);
  }

  /** A model as the settings say (the Evals tab runs with it too); the key is read from this browser only. */
  modelPort(): ModelPort {
    return this.#model();
  }

  #model(): ModelPort {
    if (this.modelKind === 'scripted') return new ScriptedModel(this.script);
    const key = this.apiKey;
    return new EndpointModel({ baseUrl: this.baseUrl, model: this.modelName.trim(), ...(key ? { apiKey: key } : {}) });
  }

  /** Sends a message: the loop runs until a final answer, the turn limit, an error or Stop. */
  async send(text: string): Promise<void> {
    const profile = this.profile;
    if (this.#running || !profile || this.blocked || !text.trim()) return;
    this.#running = true;
    this.#end = null;
    const controller = (this.#controller = new AbortController());
    const history = this.settings.conversation;
    let messages: AgentMessage[] = [...history];
    let round = 0;
    const framing = framingEvents(newRunId(), (e) => this.#p.telemetry.add(e));
    try {
      const model = this.#model();
      const specs = await agentSpecs(this.#p, profile);
      this.#end = await runAgent(history, text.trim(), {
        profile,
        protocol: this.protocol,
        model,
        specs,
        maxTurns: this.maxTurns,
        signal: controller.signal,
        tools: browserToolRunner(this.#p, () => round),
        onChange: (m) => (this.#live = messages = m),
        onFraming: (piece, r) => {
          round = r;
          framing(piece, r);
        },
      });
    } catch (e) {
      // A failure outside the loop's own handling (e.g. the tools could not be listed): one message, kept.
      messages = [...messages, { role: 'notice', level: 'error', text: messageOf(e) }];
      this.#end = { kind: 'error', source: 'tool', message: messageOf(e) };
    } finally {
      this.#update({ conversation: messages });
      this.#live = null;
      this.#running = false;
      this.#controller = null;
    }
  }

  stop(): void {
    this.#controller?.abort();
  }

  clear(): void {
    if (this.#viewing) return this.closeViewing();
    if (!this.#running) this.#update({ conversation: [] });
    this.#end = null;
  }

  get preview(): { tools: string; text: string | null } | null {
    return this.#preview;
  }
  get previewError(): string | null {
    return this.#previewError;
  }

  /** Loads what the model receives as tools (and, for LCP, lollms_client's text block). */
  async loadPreview(): Promise<void> {
    const profile = this.profile;
    if (!profile) return;
    try {
      const specs = await agentSpecs(this.#p, profile);
      this.#preview = { tools: JSON.stringify(specs, null, 2), text: profile === 'lcp' ? toolsBlock(specs) : null };
      this.#previewError = null;
    } catch (e) {
      this.#previewError = messageOf(e);
    }
  }
}
