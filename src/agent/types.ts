/**
 * The agent conversation as plain JSON: what the chat shows, what the workspace saves and what a
 * share link can carry. Never holds an API key. Tool arguments stay the text the model wrote.
 */

/** The hosts whose agent loop toolplay reproduces. */
export const AGENT_PROFILES = ['lcp', 'hub', 'loki'] as const;
export type AgentProfile = (typeof AGENT_PROFILES)[number];

/**
 * How tools reach the model: `openai` as chat-completions `tools` (every profile); `lcp-text` as
 * lollms_client's text protocol (`<tool>{…}</tool>` in the reply, `<tool_result>` back), LCP only.
 */
export type ToolProtocol = 'openai' | 'lcp-text';

/** How one tool call ended, exactly as Run reports it. */
export type ToolOutcome =
  | { status: 'finished'; result: unknown; durationMs: number }
  | { status: 'failed'; reason: 'stopped' | 'timeout' | 'crashed' | 'error'; message: string; durationMs: number };

/** One tool call of a model turn. */
export interface AgentToolCall {
  /** The model's `tool_call_id` (made up for the text protocol and scripts without one). */
  id: string;
  name: string;
  /** The arguments exactly as the model wrote them. */
  argsJson: string;
  /** The LTP status line the hub streamed for this call. */
  statusLine?: string;
  /** Absent while the call has not run (or never ran: Stop, a failed turn). */
  outcome?: ToolOutcome;
  /** What the model received back for this call (the tool message's content). */
  sent?: string;
  /** The host would call this result a failure (what `if_error` looks at). */
  error?: boolean;
}

export type AgentMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; round: number; model: string; content: string; calls: AgentToolCall[] }
  /** The loop's own word: why it stopped when that was not a final answer. */
  | { role: 'notice'; level: 'error' | 'limit' | 'stopped'; text: string };

/** How a run of the loop ended. */
export type LoopEnd =
  | { kind: 'final'; answer: string }
  | { kind: 'limit'; turns: number }
  | { kind: 'stopped' }
  | { kind: 'error'; source: 'model' | 'tool'; message: string };

/** Turns the loop makes per request unless told otherwise (lollms_hub's `max_turns` default). */
export const DEFAULT_MAX_TURNS = 10;

/** A chat-completions message as the endpoint receives it. */
export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string; name?: string };

export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** An OpenAI `tools` entry. */
export interface OpenAiTool {
  type: 'function';
  function: { name: string; description?: string; parameters?: unknown; strict?: boolean };
}
