/**
 * Commands a Bash tool calls that just-bash does not have (curl without network, git, mktemp,
 * trap, …). just-bash only says `bash: curl: command not found`; we read the tool's AST first
 * and put a stand-in command under each such name that says which command, on which line,
 * and exits 127 like bash does, so a tool never fails silently.
 */
import { Bash, defineCommand, getCommandNames } from 'just-bash';
import type { Command } from 'just-bash';

/** Bash builtins just-bash 3.4 implements (measured: each one runs without "command not found"). */
const BUILTINS = new Set(
  'cd export local read set unset eval source . declare typeset shift return exit break continue test [ [[ : getopts let readonly pushd popd dirs type command builtin hash wait mapfile readarray shopt exec compgen complete printf echo true false alias unalias history help logout suspend'.split(
    ' ',
  ),
);

type WordNode = { parts?: Array<{ type?: string; value?: unknown }> } | null | undefined;
const literal = (word: WordNode): string | undefined => {
  const only = word?.parts?.length === 1 ? word.parts[0] : undefined;
  return only?.type === 'Literal' && typeof only.value === 'string' ? only.value : undefined;
};
/** Commands that ask whether another command exists; a stand-in would answer "yes". */
const PROBES = new Set(['command', 'which', 'type', 'hash']);

/**
 * Where each command name is used as a command (1-based lines), the functions defined, and
 * the names the script probes (`command -v fd`): those keep just-bash's "not found", so the
 * tool's own fallback branch still runs.
 */
export function commandUses(source: string): {
  uses: Map<string, number[]>;
  functions: Set<string>;
  probed: Set<string>;
} {
  const uses = new Map<string, number[]>();
  const functions = new Set<string>();
  const probed = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.type === 'FunctionDef' && typeof record.name === 'string') functions.add(record.name);
    if (record.type === 'SimpleCommand') {
      const name = literal(record.name as WordNode);
      if (name !== undefined && !name.includes('/')) {
        const line = typeof record.line === 'number' ? record.line : 0;
        uses.set(name, [...(uses.get(name) ?? []), line]);
        if (PROBES.has(name) && Array.isArray(record.args)) {
          for (const arg of record.args as WordNode[]) {
            const word = literal(arg);
            if (word !== undefined && !word.startsWith('-')) probed.add(word);
          }
        }
      }
    }
    for (const value of Object.values(record)) visit(value);
  };
  // `Bash.transform` parses without running; just-bash's browser entry has no `parse` export.
  visit(new Bash().transform(source).ast);
  return { uses, functions, probed };
}

/** Names the tool calls that nothing in the sandbox answers, with the lines they are on. */
export function missingCommands(source: string, available: Iterable<string>): Map<string, number[]> {
  const known = new Set([...getCommandNames(), ...BUILTINS, ...available]);
  let found: ReturnType<typeof commandUses>;
  try {
    found = commandUses(source);
  } catch {
    // A script just-bash cannot parse fails with its own syntax error when it runs.
    return new Map();
  }
  const missing = new Map<string, number[]>();
  for (const [name, lines] of found.uses) {
    if (!known.has(name) && !found.functions.has(name) && !found.probed.has(name))
      missing.set(
        name,
        [...new Set(lines)].filter((l) => l > 0),
      );
  }
  return missing;
}

const why = (name: string): string =>
  name === 'curl'
    ? 'network access is not enabled for Bash tools'
    : name === 'python' || name === 'python3'
      ? 'Bash tools cannot start Python here; write the tool in Python instead'
      : `just-bash has no '${name}' command`;

/** Stand-in commands for every missing name of `toolFile`. */
export function missingCommandStubs(toolFile: string, missing: Map<string, number[]>): Command[] {
  return [...missing].map(([name, lines]) =>
    defineCommand(name, async () => {
      const where =
        lines.length === 0 ? '' : lines.length === 1 ? ` (line ${lines[0]})` : ` (lines ${lines.join(', ')})`;
      return {
        stdout: '',
        stderr: `toolplay: ${toolFile}${where}: '${name}' is not available in the Bash sandbox: ${why(name)}\n`,
        exitCode: 127,
      };
    }),
  );
}

/** just-bash's own report for names only known at run time, made to say the same. */
export const explainNotFound = (stderr: string): string =>
  stderr.replace(
    /^bash: ([^:\n]+): command not found$/gm,
    (_all, name: string) =>
      `bash: ${name}: command not found (toolplay: not available in the Bash sandbox: ${why(name)})`,
  );
