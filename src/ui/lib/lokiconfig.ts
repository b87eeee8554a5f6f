/**
 * Editing `visible_tools` in Loki's config.yaml from the Loki view's checkboxes. What Loki makes of
 * the list is the engine's job (lokiStartup, Loki's own reading); this only rewrites the list, in
 * the two YAML spellings people use (block list and `[a, b]`), leaving the rest of the file
 * (comments included) untouched.
 */
const KEY = /^visible_tools\s*:\s*(.*)$/;

function unquote(s: string): string {
  const t = s.trim();
  return (t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'")) ? t.slice(1, -1) : t;
}

const stripComment = (s: string): string => s.replace(/\s+#.*$/, '').replace(/^#.*$/, '');

interface Block {
  start: number;
  end: number;
  items: string[];
}

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
      if (/^\s*#/.test(line) || line.trim() === '') {
        end = j + 1;
        continue;
      }
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

/**
 * config.yaml with `file` added to (or removed from) `visible_tools`. The edit works on the text at
 * hand, not on the engine's last reading of it, so two quick clicks never undo each other.
 */
export function toggleVisibleTool(yaml: string, file: string, on: boolean): string {
  const current = findBlock(yaml.split('\n'))?.items ?? [];
  if (on === current.includes(file)) return yaml;
  return writeVisibleTools(yaml, on ? [...current, file] : current.filter((f) => f !== file));
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
