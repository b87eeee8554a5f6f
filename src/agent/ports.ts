/**
 * What the loop needs from the outside, as two ports: a model (scripted or an endpoint) and a tool
 * runner (the browser's Run path or the CLI's). The loop itself knows neither a network nor Python.
 */
import type { AgentMessage, OpenAiTool, ToolOutcome, ToolProtocol, WireMessage } from './types.ts';

/** A tool call as the model asked for it, before it is checked or run. */
export interface RequestedCall {
  id: string;
  name: string;
  argsJson: string;
}

/** What the model is asked, per turn. */
export interface ModelRequest {
  /** The messages as the endpoint receives them (the host's own shapes). */
  messages: WireMessage[];
  /** The profile's export as OpenAI tools; empty for the text protocol (the tools are in the system message). */
  tools: OpenAiTool[];
  protocol: ToolProtocol;
  /** The conversation so far (the scripted model reads its turn and the results from it). */
  history: readonly AgentMessage[];
}

export interface ModelReply {
  content: string;
  calls: RequestedCall[];
  /** The tokens the endpoint says the turn took, when it says (its `usage`). */
  usage?: TokenUsage;
}

/** An endpoint's `usage`: tokens of the prompt and of the answer. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** Why a model turn failed: one clear message, and what kind of failure it was. */
export class ModelError extends Error {
  constructor(
    readonly kind:
      'unreachable' | 'auth' | 'not-found' | 'rate-limit' | 'server' | 'http' | 'stream' | 'call' | 'script',
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

export interface ModelPort {
  /** The name the hub prints in `* Task finalized by {model}.` */
  readonly name: string;
  /** One turn. `onText` streams the answer as it arrives; `signal` aborts it (Stop). */
  complete(request: ModelRequest, signal: AbortSignal, onText?: (text: string) => void): Promise<ModelReply>;
}

/** Runs tools exactly as Run does: telemetry, confirmations, workspace, time limit, Stop. */
export interface ToolRunner {
  /** The LTP status line lollms_hub streams for this call (with its newline). */
  statusLine(name: string, argsJson: string): Promise<string>;
  /** Runs one call; an aborted `signal` stops it (the outcome then says 'stopped'). */
  run(call: RequestedCall, signal: AbortSignal): Promise<ToolOutcome>;
}
