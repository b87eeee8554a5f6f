/**
 * Host configuration per library (lollms `host_tool_configs`, keyed by file stem): the autonomy
 * level that `init_tools_library(config)` reads, plus any other JSON the library expects.
 */
import type { HostConfig } from '../../protocol/engine.ts';
import type { WorkspaceSettings } from '../../workspace/store.ts';

/** Where the settings live (the workspace, persisted by its owner). */
interface SettingsStore {
  readonly settings: WorkspaceSettings;
  update(patch: Partial<WorkspaceSettings>): void;
}

export const AUTONOMY_LEVELS = ['strict', 'safe', 'full_access'] as const;
export type AutonomyLevel = (typeof AUTONOMY_LEVELS)[number];

export class HostSettings {
  #workspace: SettingsStore;
  #drafts = $state<Record<string, string>>({});
  #errors = $state<Record<string, string>>({});

  constructor(workspace: SettingsStore) {
    this.#workspace = workspace;
  }

  /** A plain copy: it crosses postMessage to the worker, which cannot clone reactive proxies. */
  get config(): HostConfig {
    return $state.snapshot(this.#workspace.settings.hostConfig);
  }

  /** What the library's `init_tools_library` reads; lollms treats anything else as "safe". */
  levelOf(stem: string): AutonomyLevel {
    const v = this.config[stem]?.autonomy_level;
    return AUTONOMY_LEVELS.find((l) => l === v) ?? 'safe';
  }

  setLevel(stem: string, level: AutonomyLevel): void {
    this.#save(stem, { ...(this.config[stem] ?? {}), autonomy_level: level });
    delete this.#drafts[stem];
  }

  /** The JSON text shown in the editor: a draft being typed, or the saved value. */
  textOf(stem: string): string {
    return this.#drafts[stem] ?? JSON.stringify(this.config[stem] ?? {}, null, 2);
  }

  errorOf(stem: string): string | null {
    return this.#errors[stem] ?? null;
  }

  /** Saved when it is a JSON object; otherwise kept as a draft with the reason shown. */
  setText(stem: string, text: string): void {
    this.#drafts[stem] = text;
    try {
      const v: unknown = JSON.parse(text);
      if (typeof v !== 'object' || v === null || Array.isArray(v))
        throw new Error('the configuration must be a JSON object');
      this.#save(stem, v as Record<string, unknown>);
      delete this.#errors[stem];
    } catch (e) {
      this.#errors[stem] = e instanceof SyntaxError ? `not valid JSON: ${e.message}` : (e as Error).message;
    }
  }

  #save(stem: string, value: Record<string, unknown>): void {
    this.#workspace.update({ hostConfig: { ...this.config, [stem]: value } });
  }
}
