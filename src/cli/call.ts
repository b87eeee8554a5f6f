/**
 * `toolplay call`: run one tool as its host would, through the same call wrapper as the browser
 * (src/call): LCP and Loki Python tools in the engine, a Loki `.sh` tool through src/bash's
 * emulation of Loki's run-tool.sh, all on the real disk mounted into Pyodide.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Engine } from '../engine/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import type { HubCallResult } from '../protocol/runner.ts';
import { CALL_PROFILES, CONFIRM_DECISIONS, type ConfirmDecision } from '../protocol/vocabulary.ts';
import { callTool } from '../call/wrapper.ts';
import type { Outcome } from './commands.ts';
import { hostConfig, toolNames, unknownTool } from './commands.ts';
import { confirmAnswer } from './confirm.ts';
import { openEngine, usePackages } from './host.ts';
import { TOOL_NETWORK_FLAGS, packageOptions, policyOf } from './packages-options.ts';
import { choice, existing, jsonObjectText, parse, positionals, PYTHON_FLAG, pythonOption } from './options.ts';
import { UsageFailure } from './usage.ts';
import { FolderDiff } from './workspace-diff.ts';
import { readHubStore, writeHubStore } from './hub-store.ts';
import { keepInstalls } from './workspace-installs.ts';
import { note } from './terminal.ts';
import { packageFailureLine } from './package-failure.ts';
import { clockOf } from '../engine/time-limit.node.ts';
import { exactResult, stringifyKeepingNumbers } from '../protocol/json-text.ts';
import { hubOutput } from '../call/hub-output.ts';
import { redactEvent } from '../net/redact-event.ts';
import { redactText } from '../net/redact.ts';

// Numbers as Python wrote them: a result's 2.0, 1e+20 and big integers arrive kept (exactResult).
const pretty = (value: unknown): string => `${stringifyKeepingNumbers(value)}\n`;

/**
 * Where telemetry goes: NDJSON on stderr with --events, else the tool's own output and one line per
 * package that could not be had (package-failure.ts); secrets redacted in both.
 */
function emitter(events: boolean): (event: TelemetryEvent) => void {
  const said = new Set<string>(); // a package asked for twice (an import and a requirement) fails once on screen
  return (event) => {
    if (events) note(`${JSON.stringify(redactEvent(event))}\n`);
    else if ((event.type === 'call.stdout' || event.type === 'call.stderr') && event.text) note(redactText(event.text));
    else if (event.type === 'package.failed' && !said.has(event.message)) {
      said.add(event.message);
      note(redactText(packageFailureLine(event.requirement, event.message)));
    }
  };
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
 * A hub tool the Tool Selector never lists but the hub's executor awaits when it is called by name
 * (a top-level `async def`, reached through a hand-made definition): said once on stderr.
 */
function calledByName(engine: Engine, profile: string, path: string, tool: string): boolean {
  if (profile !== 'hub' || !engine.call('hubAsyncTools', { paths: [path] }).includes(tool)) return false;
  note(
    `toolplay: ${tool} is an async def, which the hub never lists (its Tool Selector takes plain def only); called by name, as a hand-made definition reaches it, and awaited as the hub's executor does\n`,
  );
  return true;
}

/** The browser's default time limit, and the call's unless --timeout says otherwise. */
const DEFAULT_TIMEOUT_S = 30;

function seconds(value: unknown): number {
  if (value === undefined) return DEFAULT_TIMEOUT_S;
  const s = Number(value);
  if (typeof value !== 'string' || !Number.isFinite(s) || s <= 0)
    throw new UsageFailure(`call: --timeout takes a number of seconds above 0 (got ${JSON.stringify(value)})`);
  return s;
}

export async function call(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('call', args, {
    profile: { type: 'string' },
    workspace: { type: 'string' },
    'host-config': { type: 'string' },
    'env-file': { type: 'string' },
    confirm: { type: 'string' },
    events: { type: 'boolean' },
    timeout: { type: 'string' },
    init: { type: 'boolean' },
    ...TOOL_NETWORK_FLAGS,
    ...PYTHON_FLAG,
  });
  if (values.help) return 'help';
  const profile = choice('call', 'profile', values.profile, CALL_PROFILES, 'lcp');
  const init = Boolean(values.init);
  if (init && profile !== 'hub')
    throw new UsageFailure(
      "call: --init presses the hub's Initialise button (init_tool_library()): it needs --profile hub",
    );
  const [rawPath = '', tool = 'init_tool_library', argsJson = '{}'] = init
    ? positionals('call', pos, ['LIBRARY'])
    : positionals('call', pos, ['PATH', 'TOOL', 'ARGS_JSON']);
  const confirm =
    values.confirm === undefined
      ? undefined
      : choice<ConfirmDecision>('call', '--confirm answer', values.confirm, CONFIRM_DECISIONS, 'reject');
  // Checked here, forwarded as written (contract 2): Python parses the text itself.
  const text = jsonObjectText('ARGS_JSON', argsJson);
  if (values['host-config'] !== undefined && profile === 'loki')
    throw new UsageFailure(
      'call: --host-config is the library configuration of LCP (host_tool_configs) and the hub (tool settings); it does nothing for --profile loki',
    );
  if (values['env-file'] !== undefined && profile !== 'loki')
    throw new UsageFailure(
      'call: --env-file is for --profile loki (LCP and hub tools read their configuration from --host-config)',
    );
  const timeout = seconds(values.timeout);
  const path = existing(init ? 'LIBRARY' : 'PATH', rawPath, init ? 'file' : 'any');
  const workspace = existing('--workspace', typeof values.workspace === 'string' ? values.workspace : '.', 'dir');
  const config = hostConfig('call', values['host-config']);
  const env = typeof values['env-file'] === 'string' ? existing('--env-file', values['env-file'], 'file') : undefined;
  const store = profile === 'hub' ? readHubStore(workspace) : undefined;
  const python = pythonOption('call', values);
  const packages = packageOptions('call', values);
  usePackages(packages);

  // Loki reads `<functions dir>/.env` next to `tools/`: mount the functions dir too.
  const functionsDir = dirname(statSync(path).isDirectory() ? path : dirname(path));
  const engine = await openEngine(
    [path, workspace, ...(profile === 'loki' ? [functionsDir] : []), ...(env ? [env] : [])],
    python,
  );
  if (profile !== 'loki' && !init) {
    // LCP answers an unknown name with a 404 result and the hub's agent finds no schema: at the terminal that is a typo, so say so.
    const names = toolNames(
      engine.call('schema', {
        paths: [path],
        profile,
        format: 'native',
        ...(config && profile === 'lcp' ? { hostConfig: config } : {}),
      }),
    );
    if (!names.includes(tool) && !calledByName(engine, profile, path, tool)) throw unknownTool(tool, rawPath, names);
  }
  const callId = randomUUID();
  const emit = emitter(Boolean(values.events));
  // What earlier commands on this workspace installed (--init, a call's needs, pipmaster) goes in first.
  const keep = await keepInstalls(engine, workspace, {
    event: (e) => {
      if (e.type === 'package.failed') emit({ ...e, callId, t: Date.now() });
    },
  });
  const run = await clockOf(engine).limit(timeout * 1000, () =>
    callTool(
      engine,
      {
        callId,
        profile,
        paths: [path],
        tool,
        argsJson: text,
        workspace,
        ...(config ? { hostConfig: config } : {}),
        ...(env ? { envFile: env } : {}),
        ...(confirm ? { confirm } : {}),
        ...(store ? { hubStoreJson: store } : {}),
        ...(init ? { init: true, library: path } : profile === 'hub' ? { byName: true } : {}),
        network: policyOf(packages),
      },
      {
        emit,
        confirm: confirmAnswer(confirm),
        workspace: new FolderDiff(engine.fs, workspace),
        bashEnv: { ...(process.env as Record<string, string>), ...(env ? envFile(env) : {}) },
        interrupted: () => false,
      },
    ),
  );
  keep(true);
  if (!('value' in run)) {
    if (!run.timedOut) throw run.error;
    const message = `${tool} was still running after ${timeout} s, so it was stopped (give it longer with --timeout SECONDS)`;
    emit({ type: 'call.failed', callId, reason: 'timeout', message, durationMs: timeout * 1000, t: Date.now() });
    throw new UsageFailure(message);
  }
  const end = run.value;
  // The host itself would have died (an exception escaped it): one clear line, as for bad input.
  if (end.status === 'failed') throw new UsageFailure(end.message);
  if (end.hubStoreJson !== undefined) writeHubStore(workspace, end.hubStoreJson);
  const result = exactResult(end);
  return { stdout: pretty(profile === 'hub' && !init ? hubOutput(result as HubCallResult) : result), code: 0 };
}
