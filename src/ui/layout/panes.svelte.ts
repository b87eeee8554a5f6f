/**
 * The workbench's pane sizes and which panes are hidden, remembered per workspace in this browser;
 * and, below NARROW_BELOW pixels, which single pane the switcher shows.
 */
import { readPref, writePref, type PrefStorage } from '../../app/prefs.ts';
import { NARROW_BELOW } from './split.ts';

export interface PaneSizes {
  /** File tree width, px (0: automatic, see split.ts). */
  files: number;
  /** The side pane's width while it shows a lesson, the examples or the diff, px (0: automatic). */
  reading: number;
  /** Tools/call column width, px (0: automatic). */
  right: number;
  /** The editor's share of the centre column's height (the telemetry has the rest). */
  editor: number;
  /** The tools pane's share of the right column's height (call and result have the rest). */
  tools: number;
  filesHidden: boolean;
  telemetryHidden: boolean;
}

export const DEFAULT_SIZES: PaneSizes = {
  files: 0,
  reading: 0,
  right: 0,
  editor: 0.62,
  tools: 0.42,
  filesHidden: false,
  telemetryHidden: false,
};
export const SHARE = { min: 0.15, max: 0.85 };

export type NarrowView = 'files' | 'editor' | 'telemetry' | 'tools' | 'call';

/** Stored sizes as far as they make sense; every field that does not falls back to its default. */
export function parseSizes(raw: unknown): PaneSizes {
  const r = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const num = (k: 'files' | 'reading' | 'right' | 'editor' | 'tools', lo: number, hi: number) => {
    const v = r[k];
    return typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi ? v : DEFAULT_SIZES[k];
  };
  const bool = (k: 'filesHidden' | 'telemetryHidden') => (typeof r[k] === 'boolean' ? r[k] : DEFAULT_SIZES[k]);
  return {
    files: num('files', 0, 4000),
    reading: num('reading', 0, 4000),
    right: num('right', 0, 8000),
    editor: num('editor', SHARE.min, SHARE.max),
    tools: num('tools', SHARE.min, SHARE.max),
    filesHidden: bool('filesHidden'),
    telemetryHidden: bool('telemetryHidden'),
  };
}

export class PaneLayout {
  #sizes = $state<PaneSizes>({ ...DEFAULT_SIZES });
  #workspace = '';
  #view = $state<NarrowView>('editor');
  #narrow = $state(false);
  #storage: PrefStorage | null;

  constructor(storage: PrefStorage | null, media: Pick<MediaQueryList, 'matches' | 'addEventListener'> | null) {
    this.#storage = storage;
    this.#narrow = media?.matches ?? false;
    media?.addEventListener('change', (e) => (this.#narrow = e.matches));
  }

  /** Switches to the sizes remembered for workspace `id`. */
  use(id: string): void {
    if (id === this.#workspace) return;
    this.#workspace = id;
    this.#sizes = parseSizes(readPref(this.#storage, `layout:${id}`));
  }

  get sizes(): Readonly<PaneSizes> {
    return this.#sizes;
  }
  /** Changes some sizes and remembers them for this workspace. */
  set(patch: Partial<PaneSizes>): void {
    this.#sizes = { ...this.#sizes, ...patch };
    writePref(this.#storage, `layout:${this.#workspace}`, this.#sizes);
  }

  get narrow(): boolean {
    return this.#narrow;
  }
  get view(): NarrowView {
    return this.#view;
  }
  set view(v: NarrowView) {
    this.#view = v;
  }
}

export function narrowQuery(): MediaQueryList {
  return window.matchMedia(`(max-width: ${NARROW_BELOW - 0.02}px)`);
}
