/**
 * Reads a lesson's `lesson.md`: `# Title`, the text, `## Task`, `## Hints`. Only paragraphs and
 * `- ` lists (continued by indented lines); inline `code` stays marked with backticks for the view.
 */
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
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line === '') flush();
    else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      (list ??= []).push(line.slice(2).trim());
    } else if (list && /^\s+\S/.test(line)) list[list.length - 1] += ` ${line.trim()}`;
    else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out;
}

/** Throws with the lesson's id when a section is missing: a broken lesson must not ship. */
export function parseLessonText(id: string, markdown: string): LessonText {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const title = lines[0]?.startsWith('# ') ? lines[0].slice(2).trim() : '';
  const taskAt = lines.indexOf('## Task');
  const hintsAt = lines.indexOf('## Hints');
  if (!title || taskAt < 0 || hintsAt < taskAt) throw new Error(`lesson ${id}: lesson.md needs "# Title", "## Task" and then "## Hints"`);
  const hints = blocks(lines.slice(hintsAt + 1)).flatMap((b) => (b.kind === 'list' ? b.items : [b.text]));
  return { title, intro: blocks(lines.slice(1, taskAt)), task: blocks(lines.slice(taskAt + 1, hintsAt)), hints };
}

/** Splits text at backticks: odd pieces are code. */
export function inlineCode(text: string): Array<{ code: boolean; text: string }> {
  return text.split('`').map((piece, i) => ({ code: i % 2 === 1, text: piece })).filter((p) => p.text !== '');
}
