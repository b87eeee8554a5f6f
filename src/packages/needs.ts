/**
 * What the engine found the files ask for (python/toolplay/packages/needs.py), as requirements an
 * installer takes: a requirements line or a pipmaster argument as written, an import through the
 * Pyodide lock's `imports` (`yaml` → pyyaml) or, for a package only an index has, the distribution
 * a module is known to come from (`dotenv` → python-dotenv), else its own name.
 */
import type { PackageNeed } from '../protocol/packages.ts';
import type { LockIndex } from './lock.ts';

export type { PackageNeed };
import { canonicalName } from './requirement.ts';

/** Modules whose distribution has another name, among packages the Pyodide lock does not have. */
export const KNOWN_DISTRIBUTIONS: Readonly<Record<string, string>> = {
  dotenv: 'python-dotenv',
  docx: 'python-docx',
  pptx: 'python-pptx',
  magic: 'python-magic',
  jwt: 'PyJWT',
  serial: 'pyserial',
  Crypto: 'pycryptodome',
  fitz: 'PyMuPDF',
  git: 'GitPython',
  OpenSSL: 'pyOpenSSL',
  usb: 'pyusb',
  telegram: 'python-telegram-bot',
  slugify: 'python-slugify',
  jose: 'python-jose',
  multipart: 'python-multipart',
};

/** The distribution that provides an import, and whether that was only guessed from its name. */
export function distributionOf(module: string, lock: LockIndex): { name: string; guessed: boolean } {
  const fromLock = lock.providing(module);
  if (fromLock) return { name: fromLock.name, guessed: false };
  const known = KNOWN_DISTRIBUTIONS[module];
  return known ? { name: known, guessed: false } : { name: module, guessed: true };
}

/**
 * The imports among `needs` whose distribution is only guessed: not in the lock, not a known pair,
 * and no requirements line or pipmaster call among `needs` names it. A call does not install these
 * without the person's say (the Packages view's button, the CLI's `--install-guessed`).
 */
export function guessedOnly(needs: readonly PackageNeed[], lock: LockIndex): PackageNeed[] {
  const named = new Set(
    needs
      .filter((n) => n.kind !== 'import' && n.text)
      .map((n) => canonicalName(/^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(n.text)?.[1] ?? n.text)),
  );
  return needs.filter((n) => {
    if (n.kind !== 'import' || !n.text || n.named) return false;
    const d = distributionOf(n.text, lock);
    return d.guessed && !named.has(canonicalName(d.name));
  });
}

/** Why a guessed import was not installed, in one line (a `package.failed` of the call). */
export function guessedMessage(need: PackageNeed, workspaceRoot = ''): string {
  const file =
    workspaceRoot && need.file.startsWith(`${workspaceRoot}/`) ? need.file.slice(workspaceRoot.length + 1) : need.file;
  return `not installed: ${need.text} is only guessed from \`import ${need.text}\` (${file}${need.line ? `:${need.line}` : ''}): no Pyodide package, requirements.txt line or pipmaster call names it, and a guessed name on the index can be anyone's package. Install it from the Packages view, or with --install-guessed in the CLI`;
}

/** The requirements to install for `needs`, each once (by name), in order. */
export function requirementsOf(needs: readonly PackageNeed[], lock: LockIndex): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const need of needs) {
    if (!need.text) continue;
    const text = need.kind === 'import' ? distributionOf(need.text, lock).name : need.text;
    const key = need.kind === 'import' ? canonicalName(text) : text;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(text);
    }
  }
  return out;
}
