/** What the Loki lessons' checks share: declarations, a run and what the model receives. */
import type { Inspection, ToolInfo } from '../../protocol/engine.ts';
import type { ScratchCallResult } from '../scratch.ts';
import type { CheckItem, LessonPort } from '../types.ts';
import { asText, at, clip, explain, item, json, listed, resultOf, toolNamed } from './expect.ts';

/** Why Loki would not start, or would not declare a tool (missing docstring, renamed stem, argc errors). */
export const startupProblem = (inspection: Inspection) =>
  explain(inspection.diagnostics.filter((d) => d.severity === 'error'), ['LOKI001', 'LOKI002', 'LOKI003', 'LOKI004', 'LOKI005', 'LOKI006', 'BASH-DECL', 'PY001']);

export function declaredItem(inspection: Inspection, name: string): CheckItem {
  const text = `Loki declares \`${name}\``;
  if (toolNamed(inspection, name)) return item(text, null);
  const why = startupProblem(inspection);
  return item(text, { detail: `Loki declares: ${listed(inspection)}. A tool is named after its file in functions/tools/.${why ? ` ${why.detail}` : ''}`, at: why?.at ?? null });
}

/** What the model receives, and everything the run printed, as text. */
export function lokiRun(run: ScratchCallResult): { exit: number | null; value: string; said: string } {
  const r = resultOf(run);
  if (!r) return { exit: null, value: '', said: 'refused' in run ? run.refused : 'escaped' in run ? run.escaped : 'timedOut' in run ? `it was still running after ${run.timedOut} s, so it was stopped` : '' };
  const said = [r.stdout, r.stderr, r.llm_output].filter((s) => typeof s === 'string').join('\n');
  return { exit: typeof r.exit_code === 'number' ? r.exit_code : null, value: asText(r.model_value ?? ''), said };
}

export async function runItem(port: LessonPort, tool: ToolInfo | undefined, name: string, call: { args: Record<string, unknown>; overlay?: Record<string, string | null> }, text: string, accept: (value: string) => string | null): Promise<CheckItem> {
  if (!tool) return item(text, { detail: `Loki does not declare ${name}, so it cannot run.` });
  const run = lokiRun(await port.call({ tool: name, ...call }));
  if (run.exit !== 0) return item(text, { detail: `Run with ${json(call.args)}, it exited with ${run.exit ?? 'no exit code'}. ${clip(run.said.trim())}`.trim(), at: at(tool) });
  const problem = accept(run.value);
  return item(text, problem === null ? null : { detail: `${problem} The model receives ${json(run.value)}.`, at: at(tool) });
}

/** A Bash tool lesson: a Python `count_lines.py` that does the same is not the task. */
export function bashItem(tool: ToolInfo | undefined): CheckItem {
  const text = '`count_lines` is a Bash tool (functions/tools/count_lines.sh)';
  if (!tool) return item(text, { detail: 'Loki declares no count_lines yet.' });
  return item(text, tool.file.endsWith('.sh') ? null : { detail: `Loki takes count_lines from ${tool.file.split('/').slice(-3).join('/')}: write it as a Bash script, declared by its argc comments.`, at: at(tool) });
}
