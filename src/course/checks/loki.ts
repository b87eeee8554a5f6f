/** What the Loki lessons' checks share: declarations, a run and what the model receives. */
import type { Inspection, ToolInfo } from '../../protocol/engine.ts';
import type { ScratchCallResult } from '../../scratch/scratch.ts';
import type { CheckItem, LessonPort } from '../types.ts';
import { asText, at, clip, explain, item, json, listed, printed, resultOf, toolNamed } from './expect.ts';

/** Why Loki would not start, or would not declare a tool (missing docstring, renamed stem, argc errors). */
export const startupProblem = (inspection: Inspection) =>
  explain(
    inspection.diagnostics.filter((d) => d.severity === 'error'),
    ['LOKI001', 'LOKI002', 'LOKI003', 'LOKI004', 'LOKI005', 'LOKI006', 'BASH-DECL', 'PY001'],
  );

export function declaredItem(inspection: Inspection, name: string): CheckItem {
  const text = `Loki declares \`${name}\``;
  if (toolNamed(inspection, name)) return item(text, null);
  const why = startupProblem(inspection);
  return item(text, {
    detail: `Loki declares: ${listed(inspection)}. A tool is named after its file in functions/tools/.${why ? ` ${why.detail}` : ''}`,
    at: why?.at ?? null,
  });
}

export interface LokiRun {
  exit: number | null;
  /** What the model receives (Loki's model value), as JSON… */
  model: unknown;
  /** …and as text (a string as it is). */
  value: string;
  /** What the tool wrote on stderr. */
  stderr: string;
  /** Everything the run printed or wrote, for an explanation. */
  said: string;
}

/** What the model receives, and what the run printed. */
export function lokiRun(run: ScratchCallResult): LokiRun {
  const r = resultOf(run);
  if (!r)
    return {
      exit: null,
      model: null,
      value: '',
      stderr: '',
      said:
        'refused' in run
          ? run.refused
          : 'escaped' in run
            ? run.escaped
            : 'timedOut' in run
              ? `it was still running after ${run.timedOut} s, so it was stopped`
              : '',
    };
  const said = [r.stdout, r.stderr, r.llm_output].filter((s) => typeof s === 'string').join('\n');
  const model = r.model_value ?? null;
  return {
    exit: typeof r.exit_code === 'number' ? r.exit_code : null,
    model,
    value: asText(model ?? ''),
    stderr: typeof r.stderr === 'string' ? r.stderr : '',
    said,
  };
}

/** The compact JSON Loki sends the model, for an explanation. */
export const sent = (run: LokiRun): string => clip(JSON.stringify(run.model) ?? 'null');

/** A Python traceback in what a tool wrote: the model would receive all of it. */
export const TRACEBACK = 'Traceback (most recent call last)';

/** Runs a tool that must exit 0, and judges what the model receives: `accept(as text, as JSON)`. */
export async function runItem(
  port: LessonPort,
  tool: ToolInfo | undefined,
  name: string,
  call: { args: Record<string, unknown>; overlay?: Record<string, string | null> },
  text: string,
  accept: (value: string, model: unknown) => string | null,
): Promise<CheckItem> {
  if (!tool) return item(text, { detail: `Loki does not declare ${name}, so it cannot run.` });
  const run = lokiRun(await port.call({ tool: name, ...call }));
  if (run.exit !== 0)
    return item(text, {
      detail: `Run with ${json(call.args)}, it exited with ${run.exit ?? 'no exit code'}. ${printed(run.said)}`.trim(),
      at: at(tool),
    });
  const problem = accept(run.value, run.model);
  return item(text, problem === null ? null : { detail: `${problem} The model receives ${sent(run)}.`, at: at(tool) });
}

/**
 * The two runs of a line-counting Bash tool (`path` names the file): on a file of 3 lines, then on
 * one of 5, so a script that ignores its argument or always answers 3 does not pass. `accept(n)`
 * judges a run on n lines; `texts` are the two items' lines.
 */
export async function lineCountRuns(
  port: LessonPort,
  tool: ToolInfo | undefined,
  name: string,
  texts: [three: string, five: string],
  accept: (lines: number) => (value: string, model: unknown) => string | null,
): Promise<CheckItem[]> {
  const files: Array<[path: string, text: string, lines: number]> = [
    ['notes.md', 'one\ntwo\nthree\n', 3],
    ['todo.txt', 'a\nb\nc\nd\ne\n', 5],
  ];
  const items: CheckItem[] = [];
  for (const [i, [path, text, lines]] of files.entries())
    items.push(
      await runItem(port, tool, name, { args: { path }, overlay: { [path]: text } }, texts[i]!, accept(lines)),
    );
  return items;
}

/**
 * Runs a tool that must fail: exit code not 0, with a message of its own on stderr (no traceback)
 * that contains `names`.
 */
export async function failsItem(
  port: LessonPort,
  tool: ToolInfo | undefined,
  name: string,
  call: { args: Record<string, unknown>; overlay?: Record<string, string | null> },
  text: string,
  names: string,
): Promise<CheckItem> {
  if (!tool) return item(text, { detail: `Loki does not declare ${name}, so it cannot run.` });
  const run = lokiRun(await port.call({ tool: name, ...call }));
  if (run.exit === 0)
    return item(text, { detail: `It exited 0, so Loki sends it as a success: ${sent(run)}.`, at: at(tool) });
  if (run.stderr.includes(TRACEBACK))
    return item(text, {
      detail: `It exited with ${run.exit ?? 'no exit code'}, but with a raw traceback, which Loki sends the model in full: catch the problem and exit with a message of the tool's own (sys.exit("…")). It wrote: ${printed(run.stderr)}`,
      at: at(tool),
    });
  return item(
    text,
    run.stderr.includes(names)
      ? null
      : {
          detail: `It exited with ${run.exit ?? 'no exit code'}, but its message does not name ${names}: ${clip(run.stderr.trim()) || 'it wrote nothing on stderr'}.`,
          at: at(tool),
        },
  );
}

/** A Bash tool lesson: a Python `count_lines.py` that does the same is not the task. */
export function bashItem(tool: ToolInfo | undefined): CheckItem {
  const text = '`count_lines` is a Bash tool (functions/tools/count_lines.sh)';
  if (!tool) return item(text, { detail: 'Loki declares no count_lines yet.' });
  return item(
    text,
    tool.file.endsWith('.sh')
      ? null
      : {
          detail: `Loki takes count_lines from ${tool.file.split('/').slice(-3).join('/')}: write it as a Bash script, declared by its argc comments.`,
          at: at(tool),
        },
  );
}
