/**
 * The scripted model: no network, deterministic. Turn N of the conversation (its Nth assistant
 * message) plays turn N of the script, so a conversation continues where it left off; results are
 * read back from the conversation itself, numbered from 1 in the order the calls ran.
 */
import { ModelError, type ModelPort, type ModelReply, type ModelRequest } from './ports.ts';
import { parseScript, describeProblems, type ScriptTurn } from './script.ts';
import type { AgentMessage, AgentToolCall } from './types.ts';

const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;

function assistantTurns(history: readonly AgentMessage[]): Extract<AgentMessage, { role: 'assistant' }>[] {
  return history.filter((m): m is Extract<AgentMessage, { role: 'assistant' }> => m.role === 'assistant');
}

function failed(call: AgentToolCall): boolean {
  return call.error === true || call.outcome?.status === 'failed';
}

export class ScriptedModel implements ModelPort {
  readonly name: string;
  readonly #turns: ScriptTurn[];

  /** Throws a ModelError('script') naming every problem when the text is not a valid script. */
  constructor(script: string | ScriptTurn[], name = 'scripted') {
    if (typeof script === 'string') {
      const parsed = parseScript(script);
      if (!parsed.ok) throw new ModelError('script', `the script has problems:\n${describeProblems(parsed.problems)}`);
      this.#turns = parsed.turns;
    } else this.#turns = script;
    this.name = name;
  }

  async complete(request: ModelRequest, signal: AbortSignal, onText?: (text: string) => void): Promise<ModelReply> {
    if (signal.aborted) throw new DOMException('Stopped', 'AbortError');
    const turns = assistantTurns(request.history);
    const n = turns.length + 1;
    let turn = this.#turns[n - 1];
    if (!turn)
      throw new ModelError(
        'script',
        `the script has no turn ${n} (it has ${this.#turns.length}): end it with {"say": "…"}`,
      );
    const previous = turns.at(-1)?.calls ?? [];
    while (turn.kind === 'if') turn = previous.some(failed) ? turn.ifError : turn.otherwise;
    if (turn.kind === 'say') {
      const results = turns
        .flatMap((t) => t.calls)
        .filter((c) => c.sent !== undefined)
        .map((c) => c.sent ?? '');
      const content = fill(turn.text, results, n);
      onText?.(content);
      return { content, calls: [] };
    }
    const calls = turn.calls.map((c, i) => ({ id: c.id ?? `call_${n}_${i + 1}`, name: c.name, argsJson: c.argsJson }));
    if (request.protocol === 'lcp-text') {
      // lollms_client reads calls from the text: write them the way its prompt asks for them.
      const content = calls
        .map((c) => `<tool>{"name": ${JSON.stringify(c.name)}, "parameters": ${c.argsJson}}</tool>`)
        .join('\n');
      onText?.(content);
      return { content, calls: [] };
    }
    return { content: '', calls };
  }
}

function fill(text: string, results: readonly string[], turn: number): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const index = name === 'last_result' ? results.length : Number(/^result\.(\d+)$/.exec(name)?.[1] ?? NaN);
    const value = results[index - 1];
    if (value === undefined) {
      const have =
        results.length === 0
          ? 'no call has run yet'
          : `only ${results.length} result${results.length > 1 ? 's' : ''} so far`;
      throw new ModelError('script', `turn ${turn}: "say" uses ${whole}, but ${have}`);
    }
    return value;
  });
}
