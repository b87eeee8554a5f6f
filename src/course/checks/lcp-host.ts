/** Checks of the LCP lessons about the host: folders, configuration, confirmations, dynamic prompts. */
import type { ToolInfo } from '../../protocol/engine.ts';
import { stemOf } from '../../ui/lib/layout.ts';
import type { CheckItem, LessonCheck } from '../types.ts';
import { asText, at, ending, explain, item, json, resultOf, toolNamed } from './expect.ts';
import { listedItem } from './lcp-basics.ts';
import { sampleArgs } from './params.ts';

export const lcpFolders: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const fromWeather = (name: string): CheckItem => {
    const tool = toolNamed(lcp, name);
    const text = `LCP lists \`${name}\` from a file inside tools/weather/`;
    if (!tool) return listedItem(lcp, name);
    if (tool.file.startsWith('tools/weather/')) return item(text, null);
    return item(text, { detail: `The ${name} LCP lists comes from ${tool.file}: when two files define the same name, the first one scanned wins.`, at: at(tool) });
  };
  const duplicate = explain(lcp.diagnostics, ['LCP013', 'LCP014', 'LCP015']);
  return [
    fromWeather('tool_forecast'),
    fromWeather('tool_convert_temp'),
    item('No tool name is defined twice', duplicate),
  ];
};

/** The host configuration key of a tool's library: its file stem. */
const stemOfTool = (tool: ToolInfo): string => stemOf(tool.file);

export const lcpHostConfig: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_welcome');
  // Two greetings, so an answer written into the code cannot pass for one read from the configuration.
  const greetings = ['Guten Tag', 'Bonjour'];
  const answer = async (greeting: string | null) => {
    const args = tool ? sampleArgs(tool) : {};
    const run = await port.call({ tool: 'tool_welcome', args, ...(greeting !== null && tool ? { hostConfig: { [stemOfTool(tool)]: { greeting } } } : {}) });
    const result = resultOf(run);
    return { args, run, text: result?.success === true ? asText(result.output) : null };
  };
  const configured = async (greeting: string, other: string): Promise<CheckItem> => {
    const text = `With the host configuration {"greeting": "${greeting}"}, tool_welcome answers with it`;
    if (!tool) return item(text, { detail: 'LCP does not list tool_welcome, so it cannot be called.' });
    const { args, run, text: out } = await answer(greeting);
    if (out !== null && out.includes(greeting) && !out.includes(other)) return item(text, null);
    const init = explain(lcp.diagnostics, ['LCP021', 'LCP022']);
    const said = out !== null && out.includes(other) ? `the answer says "${other}", not "${greeting}": it must come from the configuration, not from the code.` : `the answer does not contain "${greeting}". ${ending(run)}`;
    return item(text, {
      detail: `Called with ${json(args)} and {"${stemOfTool(tool)}": {"greeting": "${greeting}"}} as host configuration, ${said} ${init ? init.detail : 'LCP hands the configuration to init_tools_library only when that function takes a positional parameter.'}`,
      at: init?.at ?? at(tool),
    });
  };
  const unconfigured = async (): Promise<CheckItem> => {
    const text = 'Without host configuration, tool_welcome says Hello';
    if (!tool) return item(text, { detail: 'LCP does not list tool_welcome, so it cannot be called.' });
    const { args, run, text: out } = await answer(null);
    if (out !== null && out.includes('Hello') && !greetings.some((g) => out.includes(g))) return item(text, null);
    return item(text, {
      detail: out === null ? `Called with ${json(args)} and no host configuration: ${ending(run)}`
        : `Called with ${json(args)} and no host configuration, it answered ${json(out)}, which ${out.includes('Hello') ? 'still carries a configured greeting' : 'does not contain "Hello"'}.`,
      at: at(tool),
    });
  };
  return [
    listedItem(lcp, 'tool_welcome'),
    await configured(greetings[0]!, greetings[1]!),
    await configured(greetings[1]!, greetings[0]!),
    await unconfigured(),
  ];
};

const TARGET = 'check-target.txt';

export const lcpConfirm: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_delete_file');
  const texts = [
    'It asks the host for a confirmation before deleting',
    'Rejected, the file stays and the result is a failure',
    'Allowed, the file is deleted',
    'With autonomy_level "full_access", it deletes without asking',
  ];
  if (!tool) return [listedItem(lcp, 'tool_delete_file'), ...texts.map((t) => item(t, { detail: 'LCP does not list tool_delete_file, so it cannot be called.' }))];
  const stem = stemOfTool(tool);
  const args = sampleArgs(tool, { path: TARGET });
  const run = (confirm: 'allow' | 'reject', hostConfig?: Record<string, unknown>) =>
    port.call({ tool: 'tool_delete_file', args, confirm, overlay: { [TARGET]: 'delete me\n' }, probe: [TARGET], ...(hostConfig ? { hostConfig: { [stem]: hostConfig } } : {}) });
  const rejected = await run('reject');
  const allowed = await run('allow');
  const free = await run('reject', { autonomy_level: 'full_access' });
  const where = at(tool);
  const called = `Called with ${json(args)} on a file ${TARGET}`;
  const rejectedResult = resultOf(rejected);
  return [
    listedItem(lcp, 'tool_delete_file'),
    item(texts[0]!, rejected.asked.length ? null : { detail: `${called}, it asked nothing: call the handler given to set_confirm_handler before deleting. ${ending(rejected)}`, at: where }),
    item(texts[1]!, rejected.exists[TARGET] !== true
      ? { detail: `${called} and the answer Reject, the file was deleted anyway.`, at: where }
      : rejectedResult?.success === true ? { detail: `${called} and the answer Reject, the file stayed but the result says success: the model would believe it was deleted. ${ending(rejected)}`, at: where } : null),
    item(texts[2]!, allowed.exists[TARGET] === false ? null : { detail: `${called} and the answer Allow, the file is still there. ${ending(allowed)}`, at: where }),
    item(texts[3]!, free.asked.length
      ? { detail: `With {"${stem}": {"autonomy_level": "full_access"}} it still asked ("${free.asked[0]?.label ?? ''}").`, at: where }
      : free.exists[TARGET] !== false ? { detail: `With {"${stem}": {"autonomy_level": "full_access"}} the file is still there. ${ending(free)}`, at: where } : null),
  ];
};

export const lcpDynamicPrompt: LessonCheck = async (port) => {
  const lcp = await port.inspect('lcp');
  const tool = toolNamed(lcp, 'tool_list_tables');
  const spec = (tool?.spec ?? {}) as { _has_dynamic_prompt?: unknown; _dynamic_prompt_fn_name?: unknown };
  const fn = 'tool_list_tables_prompt';
  const flagged = spec._has_dynamic_prompt === true && spec._dynamic_prompt_fn_name === fn;
  const probes = ['check-inventory.db', 'check-sales.db'];
  const text = 'Its text names the .db files of the workspace';
  const names = async (): Promise<CheckItem> => {
    if (!flagged) return item(text, { detail: `LCP has no dynamic prompt function to call for tool_list_tables yet.` });
    const prompt = toolNamed(lcp, fn);
    const args = sampleArgs(prompt);
    const run = await port.call({ tool: fn, args, overlay: Object.fromEntries(probes.map((p) => [p, ''])) });
    const result = resultOf(run);
    const output = result?.success === true ? asText(result.output) : '';
    const missing = probes.filter((p) => !output.includes(p));
    return item(text, missing.length === 0 ? null : {
      detail: `With ${probes.join(' and ')} added to the workspace, ${fn}() ${result?.success === true ? `returned ${json(output)}, without ${missing.join(' and ')}` : 'failed'}. ${result?.success === true ? '' : ending(run)}`.trim(),
      at: at(prompt ?? tool),
    });
  };
  return [
    listedItem(lcp, 'tool_list_tables'),
    item(`LCP flags tool_list_tables with a dynamic prompt (${fn})`, !tool
      ? { detail: 'LCP does not list tool_list_tables yet.' }
      : flagged ? null : { detail: `LCP found no function named ${fn} in the file: the prompt function's name is the tool's full name plus \`_prompt\`.`, at: at(tool) }),
    await names(),
  ];
};
