/**
 * The agent's part of a workspace: which model, its script or endpoint, the turn limit, and the
 * conversation. Saved with the workspace and fit for share links: an API key is never part of it.
 * Whatever comes from storage or a link is narrowed here; anything unusable falls back to defaults.
 */
import {
  DEFAULT_MAX_TURNS,
  type AgentMessage,
  type AgentToolCall,
  type ToolOutcome,
  type ToolProtocol,
} from './types.ts';

export interface AgentSettings {
  model: 'scripted' | 'endpoint';
  /** The scripted model's JSON text, as typed. */
  script: string;
  baseUrl: string;
  modelName: string;
  maxTurns: number;
  protocol: ToolProtocol;
  conversation: AgentMessage[];
  /** The message waiting in the composer, not sent yet (an example or a lesson suggests one). */
  draft: string;
}

export const DEFAULT_SCRIPT = `[
  {"call": "tool_search_wikipedia", "args": {"query": "Quantum Computing"}},
  {"if_error": {"say": "The search failed: {{last_result}}"},
   "else": {"say": "Here is what I found: {{last_result}}"}}
]`;

export const DEFAULT_AGENT: AgentSettings = {
  model: 'scripted',
  script: DEFAULT_SCRIPT,
  baseUrl: 'http://localhost:11434/v1',
  modelName: '',
  maxTurns: DEFAULT_MAX_TURNS,
  protocol: 'openai',
  conversation: [],
  draft: '',
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function outcome(v: unknown): ToolOutcome | undefined {
  if (!isObj(v)) return undefined;
  if (v.status === 'finished') return { status: 'finished', result: v.result ?? null, durationMs: num(v.durationMs) };
  const reasons = ['stopped', 'timeout', 'crashed', 'error'] as const;
  const reason = reasons.find((r) => r === v.reason) ?? 'error';
  return v.status === 'failed'
    ? { status: 'failed', reason, message: str(v.message), durationMs: num(v.durationMs) }
    : undefined;
}

function call(v: unknown): AgentToolCall | null {
  if (!isObj(v) || typeof v.name !== 'string') return null;
  const out: AgentToolCall = { id: str(v.id), name: v.name, argsJson: str(v.argsJson, '{}') };
  if (typeof v.statusLine === 'string') out.statusLine = v.statusLine;
  const o = outcome(v.outcome);
  if (o) out.outcome = o;
  if (typeof v.sent === 'string') out.sent = v.sent;
  if (typeof v.error === 'boolean') out.error = v.error;
  return out;
}

function message(v: unknown): AgentMessage | null {
  if (!isObj(v)) return null;
  if (v.role === 'user') return { role: 'user', content: str(v.content) };
  if (v.role === 'assistant') {
    const calls = Array.isArray(v.calls) ? v.calls.map(call).filter((c): c is AgentToolCall => c !== null) : [];
    return { role: 'assistant', round: num(v.round), model: str(v.model), content: str(v.content), calls };
  }
  if (v.role === 'notice') {
    const level = v.level === 'limit' || v.level === 'stopped' ? v.level : 'error';
    return { role: 'notice', level, text: str(v.text) };
  }
  return null;
}

/** Agent settings from untrusted data (storage, a link), every field checked. */
export function agentSettings(v: unknown): AgentSettings {
  if (!isObj(v)) return structuredClone(DEFAULT_AGENT);
  const turns =
    typeof v.maxTurns === 'number' && Number.isInteger(v.maxTurns) && v.maxTurns >= 1
      ? Math.min(v.maxTurns, 100)
      : DEFAULT_MAX_TURNS;
  return {
    model: v.model === 'endpoint' ? 'endpoint' : 'scripted',
    script: str(v.script, DEFAULT_SCRIPT),
    baseUrl: str(v.baseUrl, DEFAULT_AGENT.baseUrl),
    modelName: str(v.modelName),
    maxTurns: turns,
    protocol: v.protocol === 'lcp-text' ? 'lcp-text' : 'openai',
    conversation: Array.isArray(v.conversation)
      ? v.conversation.map(message).filter((m): m is AgentMessage => m !== null)
      : [],
    draft: str(v.draft),
  };
}
