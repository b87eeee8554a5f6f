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

/**
 * Characters that make a name look like another: every invisible one (format characters, Cf: the
 * zero-width space, joiner and non-joiner, the word joiner, the BOM, the soft hyphen, the
 * bidirectional controls that reorder what follows, `a\u202Eyp.txt` showing as "atxt.pya"; and the
 * other default-ignorable code points: variation selectors, the combining grapheme joiner, Hangul
 * fillers), and the line and paragraph separators.
 */
const LOOK_ALIKE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;

const CHARACTER_NAMES: Record<number, string> = {
  0x00ad: 'soft hyphen',
  0x034f: 'combining grapheme joiner',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x202e: 'right-to-left override',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x2060: 'word joiner',
  0xfeff: 'zero width no-break space, the BOM',
};

/** A code point as a message names it: U+200B (zero width space). */
export function codePointName(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const name = CHARACTER_NAMES[code] ?? (/\p{Variation_Selector}/u.test(char) ? 'a variation selector' : undefined);
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}${name ? ` (${name})` : ''}`;
}

/** Why a name would look like another one (one line), or null. */
export function lookAlikeProblem(path: string): string | null {
  const found = LOOK_ALIKE.exec(path);
  return found
    ? `it contains ${codePointName(found[0])}, an invisible character that makes a file name look like another`
    : null;
}

/** A path a person or the app gives (new file, folder, rename, upload): normalised, and refused when it would look like another. */
export function checkedPath(input: string): string {
  const path = normalizePath(input);
  const problem = lookAlikeProblem(path);
  if (problem) throw new Error(`"${visibleName(path)}" is not allowed: ${problem}`);
  return path;
}

const LOOK_ALIKE_ALL = new RegExp(LOOK_ALIKE.source, 'gu');

/** A name shown with its invisible characters made visible (⟨U+200B⟩), so two look-alike names differ on screen. */
export function visibleName(name: string): string {
  return name.replace(LOOK_ALIKE_ALL, (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
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
