/**
 * `toolplay chat`: the agent loop in a terminal. The model is a script (--script) or an
 * OpenAI-compatible endpoint (--endpoint/--model); tools run through the CLI's call path with the
 * workspace on disk. Prints the transcript as JSON, or with --wire the stream lollms_hub would send.
 * Exit: 0 final answer, 1 turn limit, 2 bad input (a script's problems included), 4 endpoint failure.
 */
import { runAgent } from '../agent/loop.ts';
import { ScriptedModel } from '../agent/scripted-model.ts';
import { framingEvents, newRunId } from '../agent/telemetry.ts';
import {
  AGENT_PROFILES,
  DEFAULT_MAX_TURNS,
  type AgentMessage,
  type AgentProfile,
  type LoopEnd,
  type OpenAiTool,
  type ToolProtocol,
} from '../agent/types.ts';
import type { ConfirmDecision } from '../protocol/engine.ts';
import type { TelemetryEvent } from '../protocol/events.ts';
import { redactText } from '../net/redact.ts';
import { frameCalls, type WireFormat } from '../protocol/wire.ts';
import { nodeToolRunner } from './agent-runner.ts';
import type { Outcome } from './commands.ts';
import { openEngine, usePackages } from './host.ts';
import { TOOL_NETWORK_FLAGS, packageOptions, policyOf } from './packages-options.ts';
import { WorkspaceHubStore } from './hub-store.ts';
import { packageFailureLine } from './package-failure.ts';
import { keepInstalls } from './workspace-installs.ts';
import { choice, existing, parse, positionals, PYTHON_FLAG, pythonOption } from './options.ts';
import { note } from './terminal.ts';
import { UsageFailure } from './usage.ts';
import { modelFromFlags } from './model-option.ts';
import { CONFIRM_DECISIONS } from '../protocol/vocabulary.ts';
import type { Engine } from '../engine/engine.ts';
import { nativeSpecs } from '../loki/schema.ts';
import { lokiTools } from '../agent/hosts.ts';

const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The profile's tools as OpenAI tools: the engine's export, or for Loki its declarations (Bash tools included) as Loki wraps them. */
function specsOf(engine: Engine, path: string, profile: AgentProfile): OpenAiTool[] {
  if (profile !== 'loki') return engine.call('schema', { paths: [path], profile, format: 'openai' }) as OpenAiTool[];
  const native = nativeSpecs(engine, [path], 'loki');
  return lokiTools(Array.isArray(native) ? native : []);
}

function exitCode(end: LoopEnd, scripted: boolean): number {
  if (end.kind === 'final') return 0;
  if (end.kind === 'limit' || end.kind === 'stopped') return 1;
  return end.source === 'model' && !scripted ? 4 : 2;
}

export async function chat(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('chat', args, {
    profile: { type: 'string' },
    workspace: { type: 'string' },
    script: { type: 'string' },
    endpoint: { type: 'string' },
    model: { type: 'string' },
    'api-key-env': { type: 'string' },
    'max-turns': { type: 'string' },
    confirm: { type: 'string' },
    wire: { type: 'string' },
    protocol: { type: 'string' },
    ...TOOL_NETWORK_FLAGS,
    ...PYTHON_FLAG,
  });
  if (values.help) return 'help';
  const [rawPath = '', message = ''] = positionals('chat', pos, ['PATH', 'MESSAGE']);
  const profile = choice<AgentProfile>('chat', 'profile', values.profile, AGENT_PROFILES, 'lcp');
  const confirm =
    values.confirm === undefined
      ? undefined
      : choice<ConfirmDecision>('chat', '--confirm answer', values.confirm, CONFIRM_DECISIONS, 'reject');
  const wire =
    values.wire === undefined
      ? undefined
      : choice<WireFormat>('chat', '--wire format', values.wire, ['ndjson', 'sse'], 'ndjson');
  const protocol = choice<ToolProtocol>('chat', '--protocol', values.protocol, ['openai', 'lcp-text'], 'openai');
  if (protocol === 'lcp-text' && profile !== 'lcp')
    throw new UsageFailure("chat: --protocol lcp-text is lollms_client's text protocol: it goes with --profile lcp");
  const maxTurns = values['max-turns'] === undefined ? DEFAULT_MAX_TURNS : Number(values['max-turns']);
  if (!Number.isInteger(maxTurns) || maxTurns < 1)
    throw new UsageFailure(
      `chat: --max-turns must be a whole number of at least 1 (got '${String(values['max-turns'])}')`,
    );
  if (!message.trim()) throw new UsageFailure('chat: MESSAGE is empty: say what the model should do');
  const agent = modelFromFlags('chat', 'endpoint', values);
  const path = existing('PATH', rawPath);
  const workspace = existing('--workspace', typeof values.workspace === 'string' ? values.workspace : '.', 'dir');

  const packages = packageOptions('chat', values);
  usePackages(packages);
  const engine = await openEngine([path, workspace], pythonOption('chat', values));
  const specs = specsOf(engine, path, profile);
  // The hub runs its tools with its own executor, and its store lives in the workspace (hub-store.ts).
  const store = profile === 'hub' ? new WorkspaceHubStore(workspace) : undefined;
  const events: TelemetryEvent[] = [];
  const onEvent = (e: TelemetryEvent): void => {
    events.push(e);
    if ((e.type === 'call.stdout' || e.type === 'call.stderr') && e.text) note(redactText(e.text));
  };
  // What earlier commands on this workspace installed goes in first; what this one installs is kept.
  const keep = await keepInstalls(engine, workspace, {
    event: (e) => {
      if (e.type === 'package.failed') note(redactText(packageFailureLine(e.requirement, e.message)));
    },
  });
  let round = 0;
  const framing = framingEvents(newRunId(), onEvent);
  let messages: AgentMessage[] = [];
  const end = await runAgent([], message, {
    profile,
    protocol,
    model: agent,
    specs,
    maxTurns,
    tools: nodeToolRunner(engine, {
      profile: profile === 'loki' ? 'loki' : profile === 'hub' ? 'hub' : 'lcp',
      paths: [path],
      workspace,
      network: policyOf(packages),
      ...(store ? { hubStore: store } : {}),
      ...(confirm ? { confirm } : {}),
      onEvent,
      round: () => round,
    }),
    signal: new AbortController().signal,
    onChange: (m) => (messages = m),
    onFraming: (text, r) => {
      round = r;
      framing(text, r);
    },
  });
  keep(true);
  if (end.kind === 'error') note(`toolplay: ${end.message}\n`);
  const stdout = wire
    ? frameCalls(events, wire, { model: agent.name })
    : pretty({ profile, protocol, model: agent.name, end, messages });
  return { stdout, code: exitCode(end, agent instanceof ScriptedModel) };
}
