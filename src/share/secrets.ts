/**
 * What a share could leak: every host configuration value (lollms libraries read API keys from
 * there), every `.env` file, and every configuration file (Loki's config.yaml holds its clients'
 * `api_key`s) with a key that looks like a secret's, each one a choice the person makes before
 * copying. Those that look like secrets start left out.
 */
import type { HostConfig } from '../protocol/engine.ts';

export interface SecretItem {
  id: string;
  kind: 'host' | 'file';
  /** `notes.api_key`, or the file's path. */
  label: string;
  /** The value, shortened (a secret is recognisable, not readable in full over a shoulder). */
  preview: string;
  /** Its key looks like a secret's: left out unless the person ticks it. */
  suspicious: boolean;
}

const SECRET_KEY = /key|token|secret|passw|auth|credential|bearer|cookie|session|private/i;
const hostId = (stem: string, key: string) => `host:${stem}\u0000${key}`;
const fileId = (path: string) => `file:${path}`;

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 12 ? `${text.slice(0, 4)}…${text.slice(-2)} (${text.length} characters)` : text;
}

/** `.env` and its variants (`.env.local`, `.env.production`…): files of keys by convention. */
const isEnvFile = (path: string) => /(^|\/)\.env(\.[^/]+)?$/.test(path);
/** Configuration files whose keys are read here: listed only when one of them looks like a secret's. */
const isConfigFile = (path: string) => /\.(ya?ml|toml|ini|cfg|conf|json)$/i.test(path);

/** `NAME=value` lines (`export` allowed). */
const envKeys = (text: string) =>
  text
    .split('\n')
    .map((l) => /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=/.exec(l)?.[1])
    .filter((k): k is string => !!k);
/** Keys given a value in YAML (`key: value`, `- key: value`), TOML/INI (`key = value`) or JSON (`"key": value`). */
const configKeys = (text: string) =>
  text
    .split('\n')
    .map((l) => /^\s*(?:-\s+)?["']?([A-Za-z_][\w.-]*)["']?\s*[:=]\s*(?!\s*(?:#.*)?$)(?![{[]\s*$)/.exec(l)?.[1])
    .filter((k): k is string => !!k);

export function secretsOf(
  host: HostConfig,
  files: ReadonlyMap<string, Uint8Array>,
  readText: (path: string) => string | null,
): SecretItem[] {
  const items: SecretItem[] = [];
  for (const [stem, config] of Object.entries(host))
    for (const [key, value] of Object.entries(config))
      items.push({
        id: hostId(stem, key),
        kind: 'host',
        label: `${stem}.${key}`,
        preview: preview(value),
        suspicious: SECRET_KEY.test(key),
      });
  for (const path of [...files.keys()].sort()) {
    if (isEnvFile(path)) {
      const keys = envKeys(readText(path) ?? '');
      items.push({
        id: fileId(path),
        kind: 'file',
        label: path,
        preview: keys.length ? keys.join(', ') : 'no variables',
        suspicious: keys.some((k) => SECRET_KEY.test(k)),
      });
    } else if (isConfigFile(path)) {
      const secret = [...new Set(configKeys(readText(path) ?? '').filter((k) => SECRET_KEY.test(k)))];
      if (secret.length)
        items.push({ id: fileId(path), kind: 'file', label: path, preview: secret.join(', '), suspicious: true });
    }
  }
  return items;
}

/** The host configuration and files without the dropped items. */
export function withoutSecrets(
  host: HostConfig,
  files: ReadonlyMap<string, Uint8Array>,
  dropped: ReadonlySet<string>,
): { host: HostConfig; files: Map<string, Uint8Array> } {
  const kept: HostConfig = {};
  for (const [stem, config] of Object.entries(host))
    kept[stem] = Object.fromEntries(Object.entries(config).filter(([key]) => !dropped.has(hostId(stem, key))));
  return { host: kept, files: new Map([...files].filter(([path]) => !dropped.has(fileId(path)))) };
}
