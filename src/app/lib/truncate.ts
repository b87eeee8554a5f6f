/** Large outputs: show the start, keep the whole value downloadable. */
export const SHOW_CHARS = 20_000;

export interface Shown {
  text: string;
  truncated: boolean;
  totalChars: number;
}

export function clip(text: string, max = SHOW_CHARS): Shown {
  return text.length <= max
    ? { text, truncated: false, totalChars: text.length }
    : { text: text.slice(0, max), truncated: true, totalChars: text.length };
}

export function pretty(value: unknown): string {
  if (value === undefined) return 'undefined';
  // What JSON cannot show (a bigint, a cycle) still shows as something.
  try {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    return String(value);
  }
}

/** Starts a browser download of `data` as `name`. */
export function download(name: string, data: string | Uint8Array, type = 'text/plain'): void {
  const blob = new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A byte count as a person reads it: `512 B`, `3.4 kB`, `12.0 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
