/** Requirements about one tool and its parameters, worded for any host. */
import type { Inspection, ToolInfo } from '../../protocol/engine.ts';
import type { CheckItem } from '../types.ts';
import { at, because, capital, explain, item, paramsOf, type ParamSchema } from './expect.ts';

/** LCP's placeholders: what the model reads when the docstring says nothing. */
export const NO_DESCRIPTION = 'No description provided.';
export const placeholder = (name: string): string => `Parameter '${name}'`;

/** Everything wrong with one parameter, or null. `host` names the host in the messages. */
export function paramProblem(
  inspection: Inspection,
  tool: ToolInfo | undefined,
  toolName: string,
  name: string,
  want: { type?: string; required?: boolean; host: string },
): { detail: string; at?: CheckItem['at'] | null } | null {
  if (!tool) return { detail: `${capital(want.host)} does not list ${toolName} yet.` };
  const { properties, required } = paramsOf(tool);
  const p: ParamSchema | undefined = properties[name];
  const names = Object.keys(properties);
  if (!p)
    return {
      detail: `${toolName} has no parameter \`${name}\` for ${want.host} (it has ${names.length ? names.map((n) => `\`${n}\``).join(', ') : 'none'}).`,
      at: at(tool),
    };
  if (want.type !== undefined && p.type !== want.type)
    return because(
      `${capital(want.host)} gives \`${name}\` the type ${JSON.stringify(p.type ?? null)}, not "${want.type}".`,
      explain(inspection.diagnostics, ['LCP001', 'LCP002', 'LOKI007', 'LTP004', 'LTP006'], [`\`${name}`, ` ${name} `]),
      at(tool),
    );
  if (want.required === true && !required.includes(name))
    return {
      detail: `${capital(want.host)} lists \`${name}\` as optional: ${want.host === 'LCP' || want.host === 'Loki' ? 'it has a default value in the signature' : 'its line says "optional"'}.`,
      at: at(tool),
    };
  if (want.required === false && required.includes(name))
    return because(
      `${capital(want.host)} lists \`${name}\` as required: only a default value in the signature makes a parameter optional.`,
      explain(inspection.diagnostics, ['LCP004', 'LOKI008'], [`\`${name}`]),
      at(tool),
    );
  return null;
}

/** "`name` is a required string parameter" and its problem. */
export function paramItem(
  inspection: Inspection,
  tool: ToolInfo | undefined,
  toolName: string,
  name: string,
  want: { type?: string; required?: boolean; host: string },
): CheckItem {
  const words = [
    want.required === true ? 'required' : want.required === false ? 'optional' : '',
    want.type ?? '',
  ].filter(Boolean);
  const first = words[0] ?? 'parameter';
  const text = `\`${name}\` is ${/^[aeiou]/.test(first) ? 'an' : 'a'} ${[...words, 'parameter'].join(' ')} of ${toolName}`;
  return item(text, paramProblem(inspection, tool, toolName, name, want));
}

/** "The docstring describes `name`": LCP's placeholder means no line did. */
export function describedItem(
  inspection: Inspection,
  tool: ToolInfo | undefined,
  toolName: string,
  name: string,
): CheckItem {
  const text = `The docstring describes \`${name}\` for LCP`;
  if (!tool) return item(text, { detail: `LCP does not list ${toolName} yet.` });
  const p = paramsOf(tool).properties[name];
  if (!p) return item(text, { detail: `${toolName} has no parameter \`${name}\`.`, at: at(tool) });
  const description = typeof p.description === 'string' ? p.description : '';
  if (description && description !== placeholder(name)) return item(text, null);
  return item(
    text,
    because(
      `LCP describes \`${name}\` as "${description}": no docstring line \`${name} (type): text\` describes it.`,
      explain(inspection.diagnostics, ['LCP009', 'LCP011'], [`\`${name}\``, toolName]),
      at(tool),
    ),
  );
}

/** "`tool` has a description": LCP's "No description provided." means it has no docstring. */
export function toolDescribedItem(inspection: Inspection, tool: ToolInfo | undefined, toolName: string): CheckItem {
  const text = `${toolName} has a description for the model`;
  if (!tool) return item(text, { detail: `LCP does not list ${toolName} yet.` });
  if (tool.description && tool.description !== NO_DESCRIPTION) return item(text, null);
  return item(
    text,
    because(
      `LCP describes ${toolName} as "${NO_DESCRIPTION}"`,
      explain(inspection.diagnostics, ['LCP011'], [toolName]),
      at(tool),
    ),
  );
}

/** Sample values for a tool's required parameters, so a check can call it whatever else it takes. */
export function sampleArgs(tool: ToolInfo | undefined, given: Record<string, unknown> = {}): Record<string, unknown> {
  const { properties, required } = paramsOf(tool);
  const out: Record<string, unknown> = {};
  const SAMPLES: Record<string, unknown> = {
    string: 'Ada',
    integer: 1,
    number: 1.5,
    boolean: true,
    array: [],
    object: {},
  };
  for (const name of required) if (!(name in given)) out[name] = SAMPLES[String(properties[name]?.type)] ?? 'Ada';
  return { ...out, ...given };
}
