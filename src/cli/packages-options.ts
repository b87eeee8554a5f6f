/**
 * Where the CLI's Python gets packages and whether its tools reach the network: `--pyodide-packages
 * DIR_OR_URL` (a folder or URL holding pyodide-lock.json and the wheels, instead of the official
 * distribution), `--index-url URL` (what micropip reads, instead of PyPI) and `--no-network`; for
 * the commands that run tools, `--cors-proxy PREFIX` (each request a tool makes goes to PREFIX followed
 * by its whole URL, as the browser's CORS-proxy setting sends it: src/net/policy.ts `viaProxy`). One
 * Python serves a whole process (`toolplay batch`): the first command's package source is the one
 * it starts with; the index, the network and the proxy apply per command.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NetworkPolicy } from '../protocol/packages.ts';
import { UsageFailure } from './usage.ts';

export interface PackageOptions {
  /** A folder (absolute) or an http(s) URL with pyodide-lock.json and the wheels; null: the official distribution. */
  source: string | null;
  indexUrl: string | null;
  network: boolean;
  /** The prefix a tool's requests are sent through (`--cors-proxy`), or null: straight out. */
  corsProxy: string | null;
  /** `--install-guessed`: an import whose distribution is only guessed from its name is installed too. */
  installGuessed: boolean;
}

/** The options every command that runs tools takes. */
export const PACKAGE_FLAGS = {
  'pyodide-packages': { type: 'string' },
  'index-url': { type: 'string' },
  'no-network': { type: 'boolean' },
  'install-guessed': { type: 'boolean' },
} as const;

/** The package options and `--cors-proxy`: for the commands that run tools (call, chat, test; batch passes them on). */
export const TOOL_NETWORK_FLAGS = {
  ...PACKAGE_FLAGS,
  'cors-proxy': { type: 'string' },
} as const;

const isUrl = (v: string): boolean => /^https?:\/\//.test(v);

export function packageOptions(command: string, values: Record<string, string | boolean | undefined>): PackageOptions {
  const source = values['pyodide-packages'];
  const index = values['index-url'];
  let folder: string | null = null;
  if (typeof source === 'string' && !isUrl(source)) {
    folder = resolve(source);
    if (!existsSync(folder) || !statSync(folder).isDirectory())
      throw new UsageFailure(`${command}: --pyodide-packages ${source} is neither a folder nor an http(s) URL`);
    if (!existsSync(join(folder, 'pyodide-lock.json')))
      throw new UsageFailure(
        `${command}: --pyodide-packages ${source} has no pyodide-lock.json (a mirror holds the lock file and its wheels)`,
      );
  }
  if (typeof index === 'string' && !isUrl(index))
    throw new UsageFailure(
      `${command}: --index-url takes an http(s) URL of a simple index, e.g. https://pypi.org/simple (got ${index})`,
    );
  const proxy = values['cors-proxy'];
  if (typeof proxy === 'string' && !isUrl(proxy))
    throw new UsageFailure(
      `${command}: --cors-proxy takes the http(s) URL prefix a request's URL is appended to, e.g. http://127.0.0.1:8787/ (got ${proxy})`,
    );
  return {
    source: folder ?? (typeof source === 'string' ? source : null),
    indexUrl: typeof index === 'string' ? index : null,
    network: values['no-network'] !== true,
    corsProxy: typeof proxy === 'string' ? proxy : null,
    installGuessed: values['install-guessed'] === true,
  };
}

/** The tools' network: off with --no-network, else straight out or through --cors-proxy's prefix. */
export const policyOf = (o: PackageOptions): NetworkPolicy => ({ enabled: o.network, corsProxy: o.corsProxy });
