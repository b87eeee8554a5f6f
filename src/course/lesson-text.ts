/**
 * Reads a lesson's `lesson.md`: `# Title`, the text, `## Task`, `## Hints`. Paragraphs, `- ` lists
 * (continued by indented lines) and fenced blocks (fences.ts: example files, snippets, shown
 * outputs); inline `code` stays marked with backticks for the view.
 */
import { captionOf, readFence } from './fences.ts';
import type { TextBlock } from './types.ts';

export interface LessonText {
  title: string;
  intro: TextBlock[];
  task: TextBlock[];
  hints: string[];
}

function blocks(lines: string[]): TextBlock[] {
  const out: TextBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = (): void => {
    if (paragraph.length) out.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) out.push({ kind: 'list', items: list });
    paragraph = [];
    list = null;
  };
  let fence: { info: string; lines: string[] } | null = null;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (fence) {
      if (line === '```') {
        const read = readFence(fence.info);
        out.push({ kind: 'code', text: fence.lines.join('\n'), caption: captionOf(read), fence: read });
        fence = null;
      } else fence.lines.push(raw);
    } else if (line.startsWith('```')) {
      flush();
      fence = { info: line.slice(3), lines: [] };
    } else if (line === '') flush();
    else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      (list ??= []).push(line.slice(2).trim());
    } else if (list && /^\s+\S/.test(line)) list[list.length - 1] += ` ${line.trim()}`;
    else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  if (fence) throw new Error(`a fenced block (${fence.info.trim() || 'no info'}) is not closed`);
  flush();
  return out;
}

/** Throws with the lesson's id when a section is missing: a broken lesson must not ship. */
export function parseLessonText(id: string, markdown: string): LessonText {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const title = lines[0]?.startsWith('# ') ? lines[0].slice(2).trim() : '';
  const taskAt = lines.indexOf('## Task');
  const hintsAt = lines.indexOf('## Hints');
  if (!title || taskAt < 0 || hintsAt < taskAt)
    throw new Error(`lesson ${id}: lesson.md needs "# Title", "## Task" and then "## Hints"`);
  try {
    const hintBlocks = blocks(lines.slice(hintsAt + 1));
    if (hintBlocks.some((b) => b.kind === 'code'))
      throw new Error('a hint is one line of text: no fenced blocks under "## Hints"');
    const hints = hintBlocks.flatMap((b) => (b.kind === 'list' ? b.items : b.kind === 'paragraph' ? [b.text] : []));
    return { title, intro: blocks(lines.slice(1, taskAt)), task: blocks(lines.slice(taskAt + 1, hintsAt)), hints };
  } catch (e) {
    throw new Error(`lesson ${id}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}

/** Splits text at backticks: odd pieces are code. */
export function inlineCode(text: string): Array<{ code: boolean; text: string }> {
  return text
    .split('`')
    .map((piece, i) => ({ code: i % 2 === 1, text: piece }))
    .filter((p) => p.text !== '');
}
