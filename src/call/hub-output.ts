/**
 * What a hub call shows as its result (`toolplay call --profile hub` prints it, a tool test judges
 * it): what the executor returned (`result`, `logs`; `raised` when it raised) and what the hub's
 * agent appends for the model (`model_content`), without the executor's view of the call (its
 * arguments, library, user, console), which the result panel shows apart.
 */
import type { HubCallResult } from '../protocol/runner.ts';

export function hubOutput(r: HubCallResult): Record<string, unknown> {
  return {
    result: r.result,
    logs: r.logs,
    ...(r.raised ? { raised: `${r.raised.type}: ${r.raised.message}` } : {}),
    model_content: r.model_content ?? null,
    ...(r.agent_escaped ? { agent_escaped: `${r.agent_escaped.type}: ${r.agent_escaped.message}` } : {}),
  };
}
