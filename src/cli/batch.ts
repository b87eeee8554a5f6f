/**
 * `toolplay batch FILE|-`: many commands in one process, so a CI job or an editor plugin starts
 * Python once. Each input line is `{"cmd": "schema", "args": [...], "id"?: any}`; each answer is
 * one JSON line, written as soon as its command ends: `{line, id?, cmd, code, json | stdout,
 * stderr}`. A failing line says so in its own answer and the others still run; the batch exits
 * with the highest code of its lines.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Outcome } from './commands.ts';
import { existing, parse, positionals } from './options.ts';
import { captured } from './terminal.ts';
import { UsageFailure } from './usage.ts';
import { parseKeepingNumbers, stringifyKeepingNumbers } from '../protocol/json-text.ts';

/** How one command runs (dispatch.ts hands in its own, so this file does not import it back). */
export interface Runner {
  run(command: string, args: string[]): Promise<Outcome>;
  failure(e: unknown): { code: number; message: string; debug?: string };
}

/** One batch line's answer. */
export interface BatchAnswer {
  line: number;
  id?: unknown;
  cmd: string | null;
  code: number;
  /** The command's stdout parsed, when it printed JSON; else `stdout` holds its text. */
  json?: unknown;
  stdout?: string;
  /** What the command wrote for the person (its notes, the tool's own output, its error line). */
  stderr: string;
}

/** A line's command and arguments, or why it is not one. */
function request(text: string): { cmd: string; args: string[]; id?: unknown } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageFailure(`not a JSON line: ${(e as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new UsageFailure('a line must be a JSON object like {"cmd": "lint", "args": ["tools"]}');
  const { cmd, args = [], id } = value as { cmd?: unknown; args?: unknown; id?: unknown };
  if (typeof cmd !== 'string') throw new UsageFailure('"cmd" must name a command, e.g. "schema"');
  if (cmd === 'batch') throw new UsageFailure('a batch cannot run another batch');
  if (cmd === 'proxy' || cmd === 'serve')
    throw new UsageFailure(`a batch cannot run ${cmd}: it runs until stopped (start it on its own)`);
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
    throw new UsageFailure('"args" must be a list of strings (ARGS_JSON too, as text: "{\\"query\\": 2.0}")');
  }
  return { cmd, args, ...(id !== undefined ? { id } : {}) };
}

function printed(stdout: string): Pick<BatchAnswer, 'json' | 'stdout'> {
  if (/^\s*[[{]/.test(stdout)) {
    try {
      return { json: parseKeepingNumbers(stdout) }; // 2.0 and big integers stay as the command printed them
    } catch {
      // Not JSON after all: keep the text.
    }
  }
  return { stdout };
}

/** Runs one line to its answer; nothing it does escapes it. */
export async function answer(runner: Runner, text: string, line: number): Promise<BatchAnswer> {
  let head: { cmd: string | null; id?: unknown } = { cmd: null };
  const { result, stderr } = await captured(async () => {
    const req = request(text);
    head = { cmd: req.cmd, ...(req.id !== undefined ? { id: req.id } : {}) };
    return runner.run(req.cmd, req.args);
  });
  const start = { line, ...(head.id !== undefined ? { id: head.id } : {}), cmd: head.cmd };
  if (result.status === 'fulfilled')
    return { ...start, code: result.value.code, ...printed(result.value.stdout), stderr };
  const { code, message, debug } = runner.failure(result.reason);
  const extra = process.env.TOOLPLAY_DEBUG && debug ? debug : '';
  return { ...start, code, stdout: '', stderr: `${stderr}${message}${extra}` };
}

export async function batch(args: string[], runner: Runner): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('batch', args, {});
  if (values.help) return 'help';
  const [file = ''] = positionals('batch', pos, ['FILE']);
  const input = file === '-' ? process.stdin : createReadStream(existing('FILE', file, 'file'));
  let code = 0;
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line += 1;
    if (!text.trim()) continue;
    const a = await answer(runner, text, line);
    code = Math.max(code, a.code);
    process.stdout.write(`${stringifyKeepingNumbers(a, 0)}\n`);
  }
  return { stdout: '', code };
}
