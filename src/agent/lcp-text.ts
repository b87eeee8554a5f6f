/**
 * lollms_client's text tool protocol (ChatMixin, lcp.md §3 and §5): the tools are listed in the
 * system prompt as `- name(p: type, …): description`, the model calls one with a line
 * `<tool>{"name": "tool_x", "parameters": {…}}</tool>` and stops, and the result comes back in a
 * user message `<tool_result name="tool_x" status="SUCCESS|FAILED">…</tool_result>`. lollms_client
 * surrounds these with paragraphs of guidance; toolplay sends the protocol's parts, not that prose.
 */
import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { sanitizeToolResult } from './lcp-sanitize.ts';
import { pyStr } from './pyrepr.ts';
import type { RequestedCall } from './ports.ts';
import type { OpenAiTool, ToolOutcome } from './types.ts';

/** JSON Schema type → the Python type name `to_chat_tool_specs` lists. */
const PY_TYPES: Record<string, string> = {
  string: 'str',
  integer: 'int',
  number: 'float',
  boolean: 'bool',
  array: 'list',
  object: 'dict',
  null: 'None',
};

function toolLine(tool: OpenAiTool): string {
  const fn = tool.function;
  const schema = (fn.parameters ?? {}) as { properties?: Record<string, { type?: unknown }> };
  const params = Object.entries(schema.properties ?? {}).map(
    ([name, p]) => `${name}: ${typeof p.type === 'string' ? (PY_TYPES[p.type] ?? p.type) : 'str'}`,
  );
  return `- ${fn.name}(${params.join(', ')}): ${fn.description ?? `Execute ${fn.name}`}`;
}

/** The tools block of the system prompt. */
export function toolsBlock(tools: readonly OpenAiTool[]): string {
  if (tools.length === 0) return '';
  return [
    '=== TOOLS AVAILABLE ===',
    'To call a tool, write one <tool> tag on its own line holding a JSON object, then stop:',
    '<tool>{"name": "tool_name", "parameters": {"param1": "value1"}}</tool>',
    '',
    'Available tools:',
    ...tools.map(toolLine),
    '',
    `Valid tool names: ${tools.map((t) => t.function.name).join(', ')}`,
    '=== END TOOLS ===',
    '',
  ].join('\n');
}

/** A `<tool>` tag counts only at the start of a line, not after a backtick, not on a table row. */
const OPEN = /^[ \t]*(?!`)(?![^\n]*\|)<tool>/im;
const CLOSE = /<\/tool>/i;

export type TextCall = { ok: true; call: RequestedCall } | { ok: false; message: string };

/**
 * The first `<tool>` call of a reply (lollms_client stops generating at the first one; an unclosed
 * tag at the end still counts), or null when the reply calls nothing.
 */
export function parseTextCall(content: string, id: string): TextCall | null {
  const open = OPEN.exec(content);
  if (!open) return null;
  const rest = content.slice(open.index + open[0].length);
  const close = CLOSE.exec(rest);
  const body = (close ? rest.slice(0, close.index) : rest).trim();
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, { allowTrailingComma: false, disallowComments: true });
  if (!root || errors.length > 0 || root.type !== 'object')
    return { ok: false, message: `the <tool> tag does not hold a JSON object: ${body.slice(0, 150)}` };
  const name = findNodeAtLocation(root, ['name']);
  if (!name || name.type !== 'string' || !name.value)
    return { ok: false, message: `the <tool> call has no "name": ${body.slice(0, 150)}` };
  const text = (n: Node): string => body.slice(n.offset, n.offset + n.length);
  const nested = findNodeAtLocation(root, ['parameters']);
  let argsJson: string;
  if (nested && nested.type === 'object') argsJson = text(nested);
  else {
    // A flat call {"name": "t", "a": 1}: every other key is a parameter (lollms_client normalises it).
    const pairs = (root.children ?? []).filter((p) => p.children?.[0]?.value !== 'name');
    argsJson = `{${pairs.map((p) => text(p)).join(', ')}}`;
  }
  return { ok: true, call: { id, name: String(name.value), argsJson } };
}

/** Did LCP report a failure, by lollms_client's own test (success false, a status other than 200, an error key)? */
function failure(result: unknown): string | null {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return null;
  const r = result as Record<string, unknown>;
  const success = r.success ?? true;
  const badStatus = Boolean(r.status_code) && r.status_code !== 200;
  if (!success || badStatus) return 'error' in r ? pyStr(r.error) : 'Unknown tool error';
  return null;
}

/** The user message carrying one result back. */
export function toolResultMessage(name: string, outcome: ToolOutcome): { text: string; error: boolean } {
  const error = outcome.status === 'failed' ? outcome.message : failure(outcome.result);
  if (error !== null)
    return {
      text: `<tool_result name="${name}" status="FAILED">\nError executing tool '${name}': ${error}\n</tool_result>\n\n`,
      error: true,
    };
  const body = outcome.status === 'finished' ? sanitizeToolResult(outcome.result) : '';
  return { text: `<tool_result name="${name}" status="SUCCESS">\n${body}\n</tool_result>\n\n`, error: false };
}
