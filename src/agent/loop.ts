/**
 * The agent loop, as lollms_hub's AgentReasonerNode runs it: per round the model is asked with the
 * tools; each tool call it makes runs (one after another, as Run runs it) and its result goes back
 * in the host's shape; the loop repeats until an answer without tool calls or the turn limit.
 * It streams the hub's framing of each round through `onFraming` (lcp.md §8, "Transport"):
 *   <processing type="tool_execution" title="Agent Loop" round="N">  … model …  </processing>
 *   one LTP status line per call, then the calls run; at the end `* Task finalized by {model}.`
 * A turn whose calls name an unknown tool or carry arguments that are not a JSON object runs none
 * of them (the workspace stays as it was) and ends the loop with one message; so does a model failure.
 */
import { endsWithoutResults, isErrorOutcome, resultContent } from './hosts.ts';
import { parseTextCall, toolResultMessage } from './lcp-text.ts';
import type { ModelPort, RequestedCall, ToolRunner } from './ports.ts';
import type { AgentMessage, AgentProfile, AgentToolCall, LoopEnd, OpenAiTool, ToolProtocol } from './types.ts';
import { wireMessages } from './wire-messages.ts';

export interface LoopOptions {
  profile: AgentProfile;
  protocol: ToolProtocol;
  model: ModelPort;
  tools: ToolRunner;
  /** The profile's export as OpenAI tools: what the model is told it may call. */
  specs: readonly OpenAiTool[];
  maxTurns: number;
  signal: AbortSignal;
  /** The whole conversation after every change (a new array each time). */
  onChange(messages: AgentMessage[]): void;
  /** A piece of text the hub streams, in order, with the round it belongs to. */
  onFraming(text: string, round: number): void;
}

type Assistant = Extract<AgentMessage, { role: 'assistant' }>;

export const openRound = (round: number): string =>
  `<processing type="tool_execution" title="Agent Loop" round="${round}">\n`;
export const CLOSE_ROUND = '</processing>\n';
export const finalized = (model: string): string => `* Task finalized by ${model}.\n`;
/** The hub's text when no model answered (it names every candidate it tried; toolplay has one). */
export const modelFailed = (message: string): string =>
  `* Error: All candidates failed. Last error: ${message}\n${CLOSE_ROUND}`;

const isAbort = (e: unknown): boolean => e instanceof Error && e.name === 'AbortError';
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Why a requested call cannot run, or null when it can. */
export function checkCall(call: RequestedCall, names: ReadonlySet<string>, profile: AgentProfile): string | null {
  if (!names.has(call.name)) {
    const list = [...names];
    const shown = list.length > 8 ? `${list.slice(0, 8).join(', ')}, …` : list.join(', ');
    return `the model called '${call.name}', which the ${profile} profile does not list (${list.length ? `tools: ${shown}` : 'it lists no tools'})`;
  }
  let args: unknown;
  try {
    args = JSON.parse(call.argsJson);
  } catch (e) {
    return `the model's arguments for '${call.name}' are not JSON (${messageOf(e)}): ${call.argsJson.slice(0, 200)}`;
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    return `the model's arguments for '${call.name}' are not a JSON object: ${call.argsJson.slice(0, 200)}`;
  return null;
}

export async function runAgent(history: readonly AgentMessage[], request: string, o: LoopOptions): Promise<LoopEnd> {
  const messages: AgentMessage[] = [...history, { role: 'user', content: request }];
  const changed = (): void => o.onChange([...messages]);
  const notice = (level: 'error' | 'limit' | 'stopped', text: string): void => {
    messages.push({ role: 'notice', level, text });
    changed();
  };
  const stopped = (): LoopEnd => {
    notice('stopped', 'Stopped by you.');
    return { kind: 'stopped' };
  };
  const fail = (message: string, round: number): LoopEnd => {
    o.onFraming(`* Error: ${message}\n`, round);
    notice('error', message);
    return { kind: 'error', source: 'model', message };
  };
  const names = new Set(o.specs.map((s) => s.function.name));
  changed();

  for (let round = 1; round <= o.maxTurns; round++) {
    if (o.signal.aborted) return stopped();
    o.onFraming(openRound(round), round);
    const before = [...messages];
    const turn: Assistant = { role: 'assistant', round, model: o.model.name, content: '', calls: [] };
    messages.push(turn);
    changed();
    let reply;
    try {
      reply = await o.model.complete(
        {
          messages: wireMessages(before, o.profile, o.protocol, o.specs),
          tools: o.protocol === 'openai' ? [...o.specs] : [],
          protocol: o.protocol,
          history: before,
        },
        o.signal,
        (text) => {
          turn.content += text;
          changed();
        },
      );
    } catch (e) {
      if (isAbort(e) || o.signal.aborted) return stopped();
      o.onFraming(modelFailed(messageOf(e)), round);
      notice('error', messageOf(e));
      return { kind: 'error', source: 'model', message: messageOf(e) };
    }
    turn.content = reply.content;
    o.onFraming(CLOSE_ROUND, round);
    let requested = reply.calls;
    if (o.protocol === 'lcp-text') {
      const parsed = parseTextCall(reply.content, `lcp_${round}`);
      if (parsed && !parsed.ok) return fail(parsed.message, round);
      requested = parsed ? [parsed.call] : [];
    }
    if (requested.length === 0) {
      changed();
      o.onFraming(finalized(o.model.name), round);
      return { kind: 'final', answer: reply.content };
    }
    const problem = requested.map((c) => checkCall(c, names, o.profile)).find((p) => p !== null);
    turn.calls = requested.map((c): AgentToolCall => ({ ...c }));
    if (problem) return fail(problem, round);
    changed();

    for (const call of turn.calls) {
      call.statusLine = await o.tools.statusLine(call.name, call.argsJson);
      o.onFraming(call.statusLine, round);
    }
    changed();
    for (const call of turn.calls) {
      if (o.signal.aborted) return stopped();
      const outcome = await o.tools.run(call, o.signal);
      call.outcome = outcome;
      if (outcome.status === 'failed' && (outcome.reason === 'stopped' || o.signal.aborted)) {
        changed();
        return stopped();
      }
      if (o.protocol === 'lcp-text') {
        const back = toolResultMessage(call.name, outcome);
        call.sent = back.text;
        call.error = back.error;
      } else {
        call.sent = resultContent(o.profile, outcome);
        call.error = isErrorOutcome(o.profile, outcome);
      }
      changed();
    }
    if (endsWithoutResults(o.profile, turn.calls)) {
      // Loki: every call gave null, so no result is sent and the model is not asked again.
      for (const call of turn.calls) delete call.sent;
      changed();
      return { kind: 'final', answer: turn.content };
    }
  }
  notice(
    'limit',
    `The model was still calling tools after ${o.maxTurns} turn${o.maxTurns > 1 ? 's' : ''} (the turn limit).`,
  );
  return { kind: 'limit', turns: o.maxTurns };
}
