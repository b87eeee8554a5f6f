/** `schema` and `status`: read-only commands that print what the engine reports (`lint`: lint.ts). */
import type { HostConfig } from '../protocol/engine.ts';
import {
  EXPORT_FORMATS,
  isOneOf,
  LOKI_FLAVOURS,
  PROFILES,
  type ExportFormat,
  type Profile,
} from '../protocol/vocabulary.ts';
import { hasBashTools, lokiSchema } from '../loki/schema.ts';
import { openEngine } from './host.ts';
import { choice, existing, json, parse, positionals, PYTHON_FLAG, pythonOption } from './options.ts';
import { UsageFailure } from './usage.ts';

/** What a command prints and its exit code. */
export interface Outcome {
  stdout: string;
  code: number;
}

const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Names of the tools a profile lists (LCP `{name}`, hub `{function: {name}}`). */
export function toolNames(specs: unknown): string[] {
  if (!Array.isArray(specs)) return [];
  return specs.flatMap((s: unknown) => {
    if (s === null || typeof s !== 'object') return [];
    const o = s as { name?: unknown; function?: { name?: unknown } };
    const name = o.function?.name ?? o.name;
    return typeof name === 'string' ? [name] : [];
  });
}

/** The one-line usage error for a tool the profile does not list. */
export function unknownTool(tool: string, path: string, names: string[]): UsageFailure {
  const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')}, …` : names.join(', ');
  return new UsageFailure(
    `unknown tool '${tool}' in ${path} (${names.length ? `tools: ${shown}` : 'it has no tools'})`,
  );
}

export function hostConfig(command: string, text: string | boolean | undefined): HostConfig | undefined {
  if (text === undefined) return undefined;
  const value = json('--host-config', String(text));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageFailure(`${command}: --host-config must be a JSON object keyed by library file stem`);
  }
  return value as HostConfig;
}

export async function schema(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('schema', args, {
    profile: { type: 'string' },
    format: { type: 'string' },
    'host-config': { type: 'string' },
    libraries: { type: 'boolean' },
    ...PYTHON_FLAG,
  });
  if (values.help) return 'help';
  positionals('schema', pos, ['PATH'], true);
  const profile = choice<Profile>('schema', 'profile', values.profile, PROFILES, 'lcp');
  const format = choice<ExportFormat>('schema', 'format', values.format, EXPORT_FORMATS, 'native');
  if (values['host-config'] !== undefined && profile !== 'lcp')
    throw new UsageFailure(
      `schema: --host-config is LCP's host_tool_configs; it does nothing for --profile ${profile}`,
    );
  if (values.libraries && profile !== 'hub')
    throw new UsageFailure(`schema: --libraries is the hub's library metadata; it needs --profile hub, not ${profile}`);
  if (values.libraries && format !== 'native')
    throw new UsageFailure(
      `schema: --libraries prints the hub's own output; it cannot be shaped as --format ${format}`,
    );
  const config = hostConfig('schema', values['host-config']);
  const paths = pos.map((p) => existing('PATH', p));
  const engine = await openEngine(paths, pythonOption('schema', values));
  const flavour = isOneOf(LOKI_FLAVOURS, profile) ? profile : null;
  if (flavour && hasBashTools(engine, paths)) {
    if (format !== 'native')
      throw new UsageFailure(
        `schema: Bash tools can be shown with --format native only (the ${format} export covers Python tools)`,
      );
    return { stdout: pretty(lokiSchema(engine, paths, flavour)), code: 0 };
  }
  const result = engine.call('schema', {
    paths,
    profile,
    format,
    ...(config ? { hostConfig: config } : {}),
    ...(values.libraries ? { libraries: true } : {}),
  });
  return { stdout: pretty(result), code: 0 };
}

export async function status(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('status', args, { ...PYTHON_FLAG });
  if (values.help) return 'help';
  const [path = '', tool = '', argsJson = ''] = positionals('status', pos, ['PATH', 'TOOL', 'ARGS_JSON']);
  // Checked here, forwarded as written (contract 2): `{"query": 2.0}` shows "2.0", as the hub does.
  json('ARGS_JSON', argsJson);
  const paths = [existing('PATH', path)];
  const engine = await openEngine(paths, pythonOption('status', values));
  const names = toolNames(engine.call('schema', { paths, profile: 'hub', format: 'native' }));
  if (!names.includes(tool)) throw unknownTool(tool, path, names);
  return { stdout: engine.call('status', { paths, tool, argsJson }).line, code: 0 };
}
