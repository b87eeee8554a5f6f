/**
 * The scripted model's script: a JSON list of turns, read with source positions so every error
 * names its turn, its key and its line, and so each call's `args` keep the exact text written.
 *   {"call": "tool_x", "args": {…}}          one tool call ("args" may also be a string: the raw
 *                                            arguments text, to reproduce a model sending bad JSON)
 *   [{"call": …}, {"call": …}]               several calls in one turn
 *   {"say": "… {{last_result}} {{result.2}}"} the final answer, placeholders filled from results
 *   {"if_error": TURN, "else": TURN}         picks by whether a call of the previous turn failed
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface ScriptCall {
  name: string;
  argsJson: string;
  id?: string;
}
export type ScriptTurn =
  | { kind: 'calls'; calls: ScriptCall[] }
  | { kind: 'say'; text: string }
  | { kind: 'if'; ifError: ScriptTurn; otherwise: ScriptTurn };

export interface ScriptProblem {
  message: string;
  line: number;
  column: number;
}

export type ParsedScript = { ok: true; turns: ScriptTurn[] } | { ok: false; problems: ScriptProblem[] };

const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g;
export const EXAMPLE_SCRIPT = '[{"call": "tool_name", "args": {"query": "…"}}, {"say": "Done: {{last_result}}"}]';

class Reader {
  readonly problems: ScriptProblem[] = [];
  constructor(readonly text: string) {}

  problem(node: Node | undefined, message: string): void {
    const at = node?.offset ?? 0;
    const before = this.text.slice(0, at).split('\n');
    this.problems.push({ message, line: before.length, column: (before.at(-1)?.length ?? 0) + 1 });
  }

  source(node: Node): string {
    return this.text.slice(node.offset, node.offset + node.length);
  }
}

function props(node: Node): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const p of node.children ?? []) {
    const [key, value] = p.children ?? [];
    if (key && value) out.set(String(key.value), value);
  }
  return out;
}

function placeholders(r: Reader, node: Node, where: string): void {
  for (const m of String(node.value).matchAll(PLACEHOLDER)) {
    const name = m[1] ?? '';
    if (name === 'last_result' || /^result\.[1-9]\d*$/.test(name)) continue;
    r.problem(
      node,
      `${where}: "say" has an unknown placeholder {{${name}}} (use {{last_result}} or {{result.N}}, N counting calls from 1)`,
    );
  }
}

function readCall(r: Reader, node: Node, where: string): ScriptCall | null {
  if (node.type !== 'object') {
    r.problem(node, `${where}: a call must be an object like {"call": "tool_name", "args": {…}}`);
    return null;
  }
  const p = props(node);
  for (const [key, value] of p)
    if (!['call', 'args', 'id'].includes(key))
      r.problem(value.parent, `${where}: unknown key "${key}" in a call (expected "call", "args", "id")`);
  const name = p.get('call');
  const args = p.get('args');
  const id = p.get('id');
  if (!name || name.type !== 'string' || !name.value)
    r.problem(name ?? node, `${where}: "call" must name a tool (a non-empty string)`);
  if (args && args.type !== 'object' && args.type !== 'string')
    r.problem(
      args,
      `${where}: "args" must be a JSON object (or a string holding the arguments text exactly as a model would send it)`,
    );
  if (id && id.type !== 'string') r.problem(id, `${where}: "id" must be a string`);
  if (!name || name.type !== 'string' || !name.value || (args && args.type !== 'object' && args.type !== 'string'))
    return null;
  const argsJson = !args ? '{}' : args.type === 'string' ? String(args.value) : r.source(args);
  return { name: String(name.value), argsJson, ...(id?.type === 'string' ? { id: String(id.value) } : {}) };
}

function readTurn(r: Reader, node: Node, where: string): ScriptTurn | null {
  if (node.type === 'array') {
    const items = node.children ?? [];
    if (items.length === 0) r.problem(node, `${where}: an empty list calls nothing (write at least one {"call": …})`);
    const calls = items.map((c, i) => readCall(r, c, `${where}, call ${i + 1}`));
    return calls.every((c): c is ScriptCall => c !== null) && calls.length > 0 ? { kind: 'calls', calls } : null;
  }
  if (node.type !== 'object') {
    r.problem(node, `${where}: a turn must be {"call": …}, a list of calls, {"say": …} or {"if_error": …, "else": …}`);
    return null;
  }
  const p = props(node);
  if (p.has('call')) {
    const call = readCall(r, node, where);
    return call ? { kind: 'calls', calls: [call] } : null;
  }
  if (p.has('say')) {
    const say = p.get('say')!;
    for (const [key, value] of p)
      if (key !== 'say') r.problem(value.parent, `${where}: unknown key "${key}" next to "say"`);
    if (say.type !== 'string') {
      r.problem(say, `${where}: "say" must be a string (the final answer)`);
      return null;
    }
    placeholders(r, say, where);
    return { kind: 'say', text: String(say.value) };
  }
  if (p.has('if_error') || p.has('else')) {
    for (const [key, value] of p)
      if (key !== 'if_error' && key !== 'else')
        r.problem(value.parent, `${where}: unknown key "${key}" in a rule (expected "if_error" and "else")`);
    const a = p.get('if_error');
    const b = p.get('else');
    if (!a) r.problem(node, `${where}: the rule has "else" but no "if_error"`);
    if (!b) r.problem(node, `${where}: the rule has "if_error" but no "else"`);
    const ifError = a ? readTurn(r, a, `${where}, "if_error"`) : null;
    const otherwise = b ? readTurn(r, b, `${where}, "else"`) : null;
    return ifError && otherwise ? { kind: 'if', ifError, otherwise } : null;
  }
  const keys = [...p.keys()];
  r.problem(
    node,
    `${where}: ${keys.length ? `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}` : 'an empty turn'} (a turn is "call", "say" or "if_error"/"else")`,
  );
  return null;
}

/** Reads a script; every problem is reported, each with its turn, key and position. */
export function parseScript(text: string): ParsedScript {
  const r = new Reader(text);
  if (!text.trim()) {
    r.problem(undefined, `the script is empty: write a JSON list of turns, e.g. ${EXAMPLE_SCRIPT}`);
    return { ok: false, problems: r.problems };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (errors.length > 0 || !root) {
    for (const e of errors.slice(0, 5))
      r.problem({ offset: e.offset } as Node, `not valid JSON: ${printParseErrorCode(e.error)}`);
    return { ok: false, problems: r.problems };
  }
  if (root.type !== 'array') {
    r.problem(root, `the script must be a JSON list of turns, e.g. ${EXAMPLE_SCRIPT}`);
    return { ok: false, problems: r.problems };
  }
  const turns = (root.children ?? []).map((t, i) => readTurn(r, t, `turn ${i + 1}`));
  if (turns.length === 0) r.problem(root, `the script has no turns: e.g. ${EXAMPLE_SCRIPT}`);
  if (r.problems.length > 0) return { ok: false, problems: r.problems };
  return { ok: true, turns: turns as ScriptTurn[] };
}

/** One line per problem: `line 3, column 5: turn 2: "args" must be …`. */
export function describeProblems(problems: readonly ScriptProblem[]): string {
  return problems.map((p) => `line ${p.line}, column ${p.column}: ${p.message}`).join('\n');
}
