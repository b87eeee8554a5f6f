/**
 * `visible_tools` in Loki's config.yaml: the list of tool files Loki builds at start-up.
 * A small reader/writer for the two YAML spellings people use (block list and `[a, b]`),
 * leaving the rest of the file (comments included) untouched.
 */
const KEY = /^visible_tools\s*:\s*(.*)$/;

function unquote(s: string): string {
  const t = s.trim();
  return (t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'")) ? t.slice(1, -1) : t;
}

const stripComment = (s: string): string => s.replace(/\s+#.*$/, '').replace(/^#.*$/, '');

interface Block { start: number; end: number; items: string[] }

/** Where the list sits in the file (line range, end exclusive) and what it holds. */
function findBlock(lines: string[]): Block | null {
  for (let i = 0; i < lines.length; i++) {
    const m = KEY.exec(lines[i] ?? '');
    if (!m) continue;
    const rest = stripComment(m[1] ?? '').trim();
    if (rest.startsWith('[')) {
      const inner = rest.replace(/^\[/, '').replace(/\]$/, '');
      return { start: i, end: i + 1, items: inner.split(',').map(unquote).filter(Boolean) };
    }
    const items: string[] = [];
    let end = i + 1;
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (/^\s*#/.test(line) || line.trim() === '') { end = j + 1; continue; }
      const item = /^\s*-\s*(.+)$/.exec(line);
      if (!item) break;
      items.push(unquote(stripComment(item[1] ?? '')));
      end = j + 1;
    }
    // Trailing blank/comment lines belong to what follows, not to the list.
    while (end > i + 1 && !/^\s*-/.test(lines[end - 1] ?? '')) end--;
    return { start: i, end, items };
  }
  return null;
}

/** The listed files, or null when config.yaml has no `visible_tools` (Loki then builds none). */
export function readVisibleTools(yaml: string): string[] | null {
  return findBlock(yaml.split('\n'))?.items ?? null;
}

/** config.yaml with `visible_tools` set to `items` (appended when the key is missing). */
export function writeVisibleTools(yaml: string, items: readonly string[]): string {
  const lines = yaml.split('\n');
  const block = findBlock(lines);
  const rendered = ['visible_tools:', ...items.map((t) => `  - ${t}`)];
  if (!block) return `${yaml.replace(/\n*$/, '\n')}${rendered.join('\n')}\n`;
  lines.splice(block.start, block.end - block.start, ...rendered);
  return lines.join('\n');
}
