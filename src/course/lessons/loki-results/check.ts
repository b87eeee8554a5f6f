/** The check of lesson loki-results (lesson.md beside it): what save_note hands the model, on success and on failure. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, item, toolNamed } from '../../checks/expect.ts';
import { declaredItem, failsItem, runItem } from '../../checks/loki.ts';
import { isRecord } from '../../../protocol/records.ts';

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'save_note');
  // Two notes, so a path written into the code does not pass for the note's own.
  const saves = (name: string) =>
    runItem(
      port,
      tool,
      'save_note',
      { args: { name, text: 'buy tea' }, overlay: { [`notes/${name}.md`]: null } },
      `Run with {"name": "${name}", "text": "buy tea"}, the model receives a JSON object whose "saved" is "notes/${name}.md"`,
      (_value, model) => {
        if (!isRecord(model)) return 'That is not a JSON object.';
        if ('output' in model && Object.keys(model).length === 1)
          return 'Loki could not read the file as JSON, so it wrapped the text as {"output": …}.';
        return model.saved === `notes/${name}.md`
          ? null
          : `Its "saved" is ${JSON.stringify(model.saved) ?? 'missing'}.`;
      },
    );
  const text =
    'When notes/ideas.md exists, the call fails with a message of its own that names it, and leaves the note as it was';
  const refuses = async (): Promise<CheckItem> => {
    const failed = await failsItem(port, tool, 'save_note', { args: { name: 'ideas', text: 'new' } }, text, 'ideas');
    if (!failed.ok || !tool) return failed;
    const run = await port.call({ tool: 'save_note', args: { name: 'ideas', text: 'new' }, collect: true });
    const changed = run.created.map((f) => f.path);
    return item(
      text,
      changed.includes('notes/ideas.md')
        ? { detail: 'It failed, but only after writing over notes/ideas.md.', at: at(tool) }
        : null,
    );
  };
  return [declaredItem(loki, 'save_note'), await saves('todo'), await saves('shopping'), await refuses()];
};

const lesson: LessonDefinition = {
  order: 410,
  host: 'loki',
  openPath: 'functions/tools/save_note.py',
  check,
  run: { tool: 'save_note', args: { name: 'tea', text: 'Green tea, two minutes.' } },
};
export default lesson;
