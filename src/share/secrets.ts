/**
 * What a share could leak: every host configuration value (lollms libraries read API keys from
 * there), every `.env` file, and every configuration file (Loki's config.yaml holds its clients'
 * `api_key`s) with a key that looks like a secret's, each one a choice the person makes before
 * copying. Those that look like secrets start left out.
 */
import type { HostConfig } from '../protocol/engine.ts';
import { isSecretName, isSecretPair } from '../net/redact.ts';

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

const hostId = (stem: string, key: string) => `host:${stem}\u0000${key}`;
const fileId = (path: string) => `file:${path}`;

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

function preview(value: unknown): string {
  const text = textOf(value);
  return text.length > 12 ? `${text.slice(0, 4)}…${text.slice(-2)} (${text.length} characters)` : text;
}

/** `.env` and its variants (`.env.local`, `.env.production`…): files of keys by convention. */
const isEnvFile = (path: string) => /(^|\/)\.env(\.[^/]+)?$/.test(path);
/** Configuration files whose keys are read here: listed only when one of them looks like a secret's. */
const isConfigFile = (path: string) => /\.(ya?ml|toml|ini|cfg|conf|json)$/i.test(path);

/** `NAME=value` lines (`export` allowed): each name with its value (quotes and a trailing comment taken off). */
const envEntries = (text: string): [string, string][] =>
  text.split('\n').flatMap((l) => {
    const m = /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*=(.*)$/.exec(l);
    return m ? [[m[1]!, unquoted(m[2]!)] as [string, string]] : [];
  });
const envKeys = (text: string) => envEntries(text).map(([k]) => k);
/** A value as written after `=` or `:`: trimmed, a ` # comment` and one pair of quotes taken off. */
const unquoted = (raw: string): string => {
  const v = raw.trim();
  const quoted = /^(["'])(.*?)\1/.exec(v);
  return quoted ? quoted[2]! : v.replace(/\s+#.*$/, '');
};
/** Keys given a value in YAML (`key: value`, `- key: value`), TOML/INI (`key = value`) or JSON (`"key": value`). */
const configEntries = (text: string): [string, string][] =>
  text.split('\n').flatMap((l) => {
    const m = /^\s*(?:-\s+)?["']?([A-Za-z_][\w.-]*)["']?\s*[:=]\s*(?!\s*(?:#.*)?$)(?![{[]\s*$)(.*)$/.exec(l);
    return m ? [[m[1]!, unquoted(m[2]!.replace(/,\s*$/, ''))] as [string, string]] : [];
  });

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
        suspicious: isSecretPair(key, textOf(value)),
      });
  for (const path of [...files.keys()].sort()) {
    if (isEnvFile(path)) {
      const keys = envKeys(readText(path) ?? '');
      items.push({
        id: fileId(path),
        kind: 'file',
        label: path,
        preview: keys.length ? keys.join(', ') : 'no variables',
        suspicious: keys.some(isSecretName),
      });
    } else if (isConfigFile(path)) {
      // By name and value, as the host configuration is judged: `"status_code": 200` (every LCP result
      // recorded in an eval or a tool test file) is a status, not a secret; `"code": "a1b2c3d4e5"` is one.
      const secret = [
        ...new Set(
          configEntries(readText(path) ?? '')
            .filter(([k, v]) => isSecretPair(k, v))
            .map(([k]) => k),
        ),
      ];
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

/**
 * The values a link must not repeat in what it carries of the call's output (src/share/scrub.ts):
 * every value the person leaves out (`dropped`), and every value under a secret-like name in the host
 * configuration, in `.env` files and in the configuration files listed, whether left out or not.
 */
export function secretValuesOf(
  host: HostConfig,
  files: ReadonlyMap<string, Uint8Array>,
  readText: (path: string) => string | null,
  dropped: ReadonlySet<string>,
): string[] {
  const values: string[] = [];
  const leaves = (value: unknown): string[] =>
    typeof value === 'string' || typeof value === 'number'
      ? [String(value)]
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(leaves)
        : [];
  for (const [stem, config] of Object.entries(host))
    for (const [key, value] of Object.entries(config))
      if (dropped.has(hostId(stem, key)) || isSecretPair(key, textOf(value))) values.push(...leaves(value));
  for (const path of files.keys()) {
    const entries = isEnvFile(path)
      ? envEntries(readText(path) ?? '')
      : isConfigFile(path)
        ? configEntries(readText(path) ?? '')
        : [];
    const all = isEnvFile(path) && dropped.has(fileId(path));
    for (const [key, value] of entries) if (value && (all || isSecretName(key))) values.push(value);
  }
  return [...new Set(values)];
}
