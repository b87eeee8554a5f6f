/**
 * The browser-local preferences toolplay keeps beside the workspaces (theme, pane sizes, open
 * tabs): small JSON values in localStorage under `toolplay:`. Reads never throw and never trust
 * what they find; writes give up quietly when storage is blocked or full (a preference is not work).
 */
export type PrefStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export const PREFIX = 'toolplay:';

export function browserStorage(): PrefStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readPref(storage: PrefStorage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(PREFIX + key);
    return raw == null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

export function writePref(storage: PrefStorage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Blocked or full: the preference lasts for this page only.
  }
}
