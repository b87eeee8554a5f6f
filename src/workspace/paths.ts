/** Workspace paths: relative, '/'-separated, no '.', '..' or empty segments. Pure helpers, no state. */

/** Normalises a path typed by a person or sent by a tool; throws one clear message for a path that cannot be a workspace file. */
export function normalizePath(input: string): string {
  const parts = input
    .replaceAll('\\', '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.length === 0) throw new Error(`"${input}" is not a file path inside the workspace`);
  if (parts.includes('..')) throw new Error(`"${input}" leaves the workspace ("..")`);
  return parts.join('/');
}

/** Every folder above a path: 'a/b/c.py' → ['a', 'a/b']. */
export function parentsOf(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** True when `path` is `folder` itself or lies inside it. */
export function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`);
}

/** Moves `path` from under `from` to under `to` (for folder renames). */
export function rebase(path: string, from: string, to: string): string {
  return path === from ? to : `${to}${path.slice(from.length)}`;
}

export function sameBytes(a: Uint8Array | null | undefined, b: Uint8Array | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
