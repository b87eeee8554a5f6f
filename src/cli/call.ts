/**
 * `toolplay call`: run one tool as its host would. Python tools (LCP, Loki) run in the engine;
 * a Loki `.sh` tool runs through src/bash's emulation of Loki's run-tool.sh on the real disk.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ConfirmDecision, EngineHooks, LokiResult } from '../protocol/engine.ts';
import type { Outcome } from './commands.ts';
import { hostConfig, toolNames, unknownTool } from './commands.ts';
import { confirmHook } from './confirm.ts';
import { mountPoints, openEngine } from './host.ts';
import { choice, existing, json, parse, positionals } from './options.ts';
import { CALL_PROFILES, DECISIONS, UsageFailure } from './usage.ts';

const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Where telemetry goes: NDJSON on stderr with --events, else only the tool's own output. */
function emitter(events: boolean): (eventJson: string) => void {
  return (eventJson) => {
    if (events) {
      process.stderr.write(`${eventJson}\n`);
      return;
    }
    const event = JSON.parse(eventJson) as { type: string; text?: string };
    if ((event.type === 'call.stdout' || event.type === 'call.stderr') && event.text) process.stderr.write(event.text);
  };
}

/** The `.sh` tool a Loki call names: PATH itself, or `<TOOL>.sh` in the PATH folder. */
function bashTool(path: string, tool: string): string | null {
  if (path.endsWith('.sh')) return path;
  if (statSync(path).isDirectory()) {
    const candidate = join(path, `${tool}.sh`);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      return null;
    }
  }
  return null;
}

/** Loki's `<config_dir>/.env` rules for --env-file: KEY=VALUE at the first `=`, trimmed, overriding. */
function envFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0 && !line.trimStart().startsWith('#')) env[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return env;
}

/**
 * just-bash finds commands (its own, argc) as files under /usr/bin of its filesystem, so the
 * base stays in memory and only the functions dir and the workspace are the real disk.
 */
async function bashFs(hostDirs: string[]): Promise<import('just-bash').MountableFs> {
  const { InMemoryFs, MountableFs, ReadWriteFs } = await import('just-bash');
  const fs = new MountableFs({ base: new InMemoryFs() });
  for (const dir of mountPoints(hostDirs)) fs.mount(dir, new ReadWriteFs({ root: dir }));
  return fs;
}

export async function call(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('call', args, {
    profile: { type: 'string' },
    workspace: { type: 'string' },
    'host-config': { type: 'string' },
    'env-file': { type: 'string' },
    confirm: { type: 'string' },
    events: { type: 'boolean' },
  });
  if (values.help) return 'help';
  const [rawPath = '', tool = '', argsJson = ''] = positionals('call', pos, ['PATH', 'TOOL', 'ARGS_JSON']);
  const profile = choice('call', 'profile', values.profile, CALL_PROFILES, 'lcp');
  const confirm = values.confirm === undefined ? undefined : choice<ConfirmDecision>('call', '--confirm answer', values.confirm, DECISIONS, 'reject');
  const toolArgs = json('ARGS_JSON', argsJson);
  if (toolArgs === null || typeof toolArgs !== 'object' || Array.isArray(toolArgs)) throw new UsageFailure('ARGS_JSON must be a JSON object, e.g. {"query": "x"}');
  if (values['host-config'] !== undefined && profile !== 'lcp') throw new UsageFailure("call: --host-config is LCP's host_tool_configs; it does nothing for --profile loki");
  if (values['env-file'] !== undefined && profile !== 'loki') throw new UsageFailure('call: --env-file is for --profile loki (LCP tools read their configuration from --host-config)');
  const path = existing('PATH', rawPath);
  const workspace = existing('--workspace', typeof values.workspace === 'string' ? values.workspace : '.', 'dir');
  const config = hostConfig('call', values['host-config']);
  const env = typeof values['env-file'] === 'string' ? existing('--env-file', values['env-file'], 'file') : undefined;
  const emit = emitter(Boolean(values.events));

  const sh = profile === 'loki' ? bashTool(path, tool) : null;
  if (sh) {
    const { runBashTool } = await import('../bash/run-tool.ts');
    // The same telemetry the engine emits for Python calls, so --events reads alike for both.
    const callId = randomUUID();
    const event = (fields: Record<string, unknown>): void => emit(JSON.stringify({ ...fields, callId, t: Date.now() }));
    const started = performance.now();
    event({ type: 'call.started', tool, args: toolArgs, statusLine: '' });
    const result: LokiResult = await runBashTool({
      fs: await bashFs([dirname(dirname(sh)), workspace]),
      toolPath: sh,
      args: toolArgs,
      cwd: workspace,
      env: { ...(process.env as Record<string, string>), ...(env ? envFile(env) : {}) },
      onStdout: (text) => event({ type: 'call.stdout', text }),
      onStderr: (text) => event({ type: 'call.stderr', text }),
    });
    event({ type: 'call.finished', result, durationMs: Math.round((performance.now() - started) * 1000) / 1000 });
    return { stdout: pretty(result), code: 0 };
  }
  // Loki reads `<functions dir>/.env` next to `tools/`: mount the functions dir too.
  const functionsDir = dirname(statSync(path).isDirectory() ? path : dirname(path));
  const engine = await openEngine([path, workspace, ...(profile === 'loki' ? [functionsDir] : []), ...(env ? [env] : [])]);
  if (profile === 'lcp') {
    // LCP answers an unknown name with a 404 result; at the terminal that is a typo, so say so.
    const names = toolNames(engine.call('schema', { paths: [path], profile: 'lcp', format: 'native', ...(config ? { hostConfig: config } : {}) }));
    if (!names.includes(tool)) throw unknownTool(tool, rawPath, names);
  }
  const hooks: EngineHooks = { emit, confirm: confirmHook(confirm) };
  const result = engine.call('call', {
    profile,
    paths: [path],
    tool,
    args: toolArgs,
    workspace,
    ...(config ? { hostConfig: config } : {}),
    ...(env ? { envFile: env } : {}),
    ...(confirm ? { confirm } : {}),
  }, hooks);
  return { stdout: pretty(result), code: 0 };
}
