/** A model port that keeps what its turns cost: time waited for each answer, and tokens when the endpoint reports them. */
import type { ModelPort, ModelReply, ModelRequest } from '../agent/ports.ts';

export interface ModelCost {
  /** Milliseconds spent waiting for the model, over every turn. */
  latencyMs: number;
  turns: number;
  /** Summed over the turns that reported `usage`; absent when none did. */
  tokens?: { prompt: number; completion: number };
}

export class TimedModel implements ModelPort {
  readonly name: string;
  readonly cost: ModelCost = { latencyMs: 0, turns: 0 };

  constructor(
    private readonly inner: ModelPort,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.name = inner.name;
  }

  async complete(request: ModelRequest, signal: AbortSignal, onText?: (text: string) => void): Promise<ModelReply> {
    const started = this.now();
    try {
      const reply = await this.inner.complete(request, signal, onText);
      if (reply.usage) {
        const t = (this.cost.tokens ??= { prompt: 0, completion: 0 });
        t.prompt += reply.usage.promptTokens;
        t.completion += reply.usage.completionTokens;
      }
      return reply;
    } finally {
      this.cost.latencyMs += this.now() - started;
      this.cost.turns++;
    }
  }
}
