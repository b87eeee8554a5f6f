/**
 * The commands by name, and how one runs to an exit code: shared by `toolplay` itself (main.ts)
 * and by `toolplay batch`, which runs many in one process. Bad input is exit 2 with one line,
 * an engine bug exit 3.
 */
import { EngineError } from '../engine/engine.ts';
import type { Outcome } from './commands.ts';
import { HELP, MAIN_HELP, UsageFailure } from './usage.ts';

type Command = (args: string[]) => Promise<Outcome | 'help'>;
// Loaded on demand: `call` pulls in the Bash emulator (just-bash), which the other commands never need.
export const COMMANDS: Record<string, () => Promise<Command>> = {
  schema: async () => (await import('./commands.ts')).schema,
  call: async () => (await import('./call.ts')).call,
  status: async () => (await import('./commands.ts')).status,
  lint: async () => (await import('./lint.ts')).lint,
  link: async () => (await import('./link.ts')).link,
  diff: async () => (await import('./diff.ts')).diff,
  lesson: async () => (await import('./lesson.ts')).lesson,
  test: async () => (await import('./test.ts')).test,
  chat: async () => (await import('./chat.ts')).chat,
  eval: async () => (await import('./eval.ts')).evals,
  packages: async () => (await import('./packages.ts')).packages,
  proxy: async () => (await import('./proxy.ts')).proxy,
  serve: async () => (await import('./serve.ts')).serve,
  batch: async () => {
    const { batch } = await import('./batch.ts');
    return (args) => batch(args, { run: runCommand, failure });
  },
};

/** Runs `command` with `args`: its stdout (help included) and exit code; failures throw. */
export async function runCommand(command: string, args: string[]): Promise<Outcome> {
  const load = COMMANDS[command];
  if (!load)
    throw new UsageFailure(
      `unknown command '${command}' (choose from ${Object.keys(COMMANDS).join(', ')}; see toolplay --help)`,
    );
  const outcome = await (await load())(args);
  return outcome === 'help' ? { stdout: `${HELP[command] ?? MAIN_HELP}\n`, code: 0 } : outcome;
}

/** A failed command as its exit code and the one line for stderr (plus the traceback when asked). */
export function failure(e: unknown): { code: number; message: string; debug?: string } {
  if (e instanceof UsageFailure || (e instanceof EngineError && e.kind === 'usage')) {
    // Engine messages may list several causes on several lines: keep them all, on one line.
    const line = e.message
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' ');
    return { code: 2, message: `toolplay: ${line}\n` };
  }
  const message = e instanceof Error ? e.message : described(e);
  const debug =
    e instanceof EngineError && e.pythonTraceback
      ? e.pythonTraceback
      : e instanceof Error && e.stack
        ? `${e.stack}\n`
        : undefined;
  return { code: 3, message: `toolplay: internal error: ${message.split('\n')[0]}\n`, ...(debug ? { debug } : {}) };
}

/** A thrown non-Error (Emscripten's ErrnoError is a plain object with `code` and `errno`). */
function described(e: unknown): string {
  if (e === null || typeof e !== 'object') return String(e);
  const { code, errno, name } = e as { code?: unknown; errno?: unknown; name?: unknown };
  return (
    [name, code, errno].filter((v) => typeof v === 'string' || typeof v === 'number').join(' ') || 'an unknown error'
  );
}
