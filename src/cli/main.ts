/**
 * The `toolplay` command (bin/toolplay.mjs loads this through tsx). Bad input is one line on
 * stderr and exit 2, never a stack trace; engine bugs are exit 3 (TOOLPLAY_DEBUG=1 shows the
 * Python traceback).
 */
import { EngineError } from '../engine/engine.ts';
import type { Outcome } from './commands.ts';
import { HELP, MAIN_HELP, UsageFailure } from './usage.ts';

type Command = (args: string[]) => Promise<Outcome | 'help'>;
// Loaded on demand: `call` pulls in the Bash emulator (just-bash), which the other commands never need.
const COMMANDS: Record<string, () => Promise<Command>> = {
  schema: async () => (await import('./commands.ts')).schema,
  call: async () => (await import('./call.ts')).call,
  status: async () => (await import('./commands.ts')).status,
  lint: async () => (await import('./commands.ts')).lint,
  link: async () => (await import('./link.ts')).link,
  diff: async () => (await import('./diff.ts')).diff,
  lesson: async () => (await import('./lesson.ts')).lesson,
  chat: async () => (await import('./chat.ts')).chat,
};

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    process.stderr.write(`${MAIN_HELP}\n`);
    return 2;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${MAIN_HELP}\n`);
    return 0;
  }
  const load = COMMANDS[command];
  if (!load) throw new UsageFailure(`unknown command '${command}' (choose from ${Object.keys(COMMANDS).join(', ')}; see toolplay --help)`);
  const outcome = await (await load())(rest);
  if (outcome === 'help') {
    process.stdout.write(`${HELP[command] ?? MAIN_HELP}\n`);
    return 0;
  }
  process.stdout.write(outcome.stdout);
  return outcome.code;
}

function fail(e: unknown): number {
  if (e instanceof UsageFailure || (e instanceof EngineError && e.kind === 'usage')) {
    // Engine messages may list several causes on several lines: keep them all, on one line.
    const line = e.message.split('\n').map((s) => s.trim()).filter(Boolean).join(' ');
    process.stderr.write(`toolplay: ${line}\n`);
    return 2;
  }
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`toolplay: internal error: ${message.split('\n')[0]}\n`);
  if (process.env.TOOLPLAY_DEBUG && e instanceof EngineError && e.pythonTraceback) process.stderr.write(e.pythonTraceback);
  else if (process.env.TOOLPLAY_DEBUG && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
  return 3;
}

const code = await run(process.argv.slice(2)).catch(fail);
// Flush before exiting: stdout may be a pipe, and Pyodide keeps handles that would hold the process open.
process.stdout.write('', () => process.exit(code));
