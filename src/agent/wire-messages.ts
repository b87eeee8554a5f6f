/**
 * The conversation as the endpoint receives it, per profile and protocol: user messages, the
 * model's own turns with their tool calls, and each result in the host's shape. Calls that never
 * sent a result (Stop, a failed turn) are left out, so a later request stays well-formed.
 */
import { toolMessages } from './hosts.ts';
import { toolsBlock } from './lcp-text.ts';
import type { AgentMessage, AgentProfile, OpenAiTool, ToolProtocol, WireMessage } from './types.ts';

export function wireMessages(
  messages: readonly AgentMessage[],
  profile: AgentProfile,
  protocol: ToolProtocol,
  specs: readonly OpenAiTool[],
): WireMessage[] {
  const out: WireMessage[] = [];
  if (protocol === 'lcp-text' && specs.length > 0) out.push({ role: 'system', content: toolsBlock(specs) });
  for (const m of messages) {
    if (m.role === 'user') out.push({ role: 'user', content: m.content });
    if (m.role !== 'assistant') continue;
    const answered = m.calls.filter((c) => c.sent !== undefined);
    if (!m.content && answered.length === 0) continue;
    if (protocol === 'lcp-text') {
      out.push({ role: 'assistant', content: m.content });
      for (const c of answered) out.push({ role: 'user', content: c.sent ?? '' });
      continue;
    }
    out.push(
      answered.length === 0
        ? { role: 'assistant', content: m.content }
        : {
            role: 'assistant',
            content: m.content || null,
            tool_calls: answered.map((c) => ({
              id: c.id,
              type: 'function',
              function: { name: c.name, arguments: c.argsJson },
            })),
          },
    );
    out.push(...toolMessages(profile, answered));
  }
  return out;
}
