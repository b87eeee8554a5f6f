/** The check of lesson lcp-results (lesson.md beside it): what the model receives from tool_read_note. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { asText, at, ending, item, json, resultOf, toolNamed } from '../../checks/expect.ts';
import { listedItem } from '../../checks/lcp.ts';

/** LCP's words for an empty or missing output. */
const PLACEHOLDER = 'Tool executed successfully (no output).';

const check: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_read_note');
  const call = async (
    name: string,
    text: string | null,
    requirement: string,
    judge: (r: Record<string, unknown>) => string | null,
  ): Promise<CheckItem> => {
    if (!tool) return item(requirement, { detail: 'LCP does not list tool_read_note, so it cannot be called.' });
    const run = await port.call({ tool: 'tool_read_note', args: { name }, overlay: { [`notes/${name}.md`]: text } });
    const result = resultOf(run);
    const problem = result ? judge(result) : ending(run);
    return item(
      requirement,
      problem === null ? null : { detail: `Called with ${json({ name })}: ${problem}`, at: at(tool) },
    );
  };
  // Two notes, so a text written into the code does not pass for the note's own.
  const reads = (name: string, text: string) =>
    call(name, `${text}\n`, `With notes/${name}.md, the model receives its text`, (r) => {
      if (r.success !== true) return `it failed. LCP's answer: ${json(r)}`;
      const out = asText(r.output);
      return out.includes(text)
        ? null
        : out === PLACEHOLDER
          ? 'LCP answered its placeholder: the text was not in `output`, and LCP drops every other key.'
          : `the output is ${json(out)}, without the note's text.`;
    });
  return [
    listedItem(lcp, 'tool_read_note'),
    await reads('tea', 'Green tea: 80 degrees, 3 minutes.'),
    await reads('coffee', 'Espresso: 25 seconds.'),
    await call(
      'nothing-here',
      null,
      'For a note that does not exist, a failure of its own that names the note',
      (r) => {
        const error = typeof r.error === 'string' ? r.error : '';
        if (r.success !== false) return `it succeeded: ${json(r)}`;
        if ('traceback' in r)
          return `it crashed: the model reads "${error}", and the host sees a traceback. Check for the file and return {"success": False, "error": …}.`;
        return error.includes('nothing-here') ? null : `the error ${json(error)} does not name the note.`;
      },
    ),
    await call('blank', '', 'For an empty note, an answer that says it is empty', (r) => {
      const said = asText(r.success === true ? r.output : r.error);
      if (said === PLACEHOLDER)
        return `the model reads LCP's placeholder ${json(PLACEHOLDER)}: an empty output counts as none.`;
      return /empty/i.test(said) ? null : `the model reads ${json(said)}, which does not say the note is empty.`;
    }),
  ];
};

const lesson: LessonDefinition = {
  order: 150,
  host: 'lcp',
  openPath: 'tools/notes.py',
  check,
  run: { tool: 'tool_read_note', args: { name: 'tea' } },
};
export default lesson;
