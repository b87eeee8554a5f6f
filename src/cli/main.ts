/**
 * The `toolplay` command (bin/toolplay.mjs loads this through tsx). Bad input is one line on
 * stderr and exit 2, never a stack trace; engine bugs are exit 3 (TOOLPLAY_DEBUG=1 shows the
 * Python traceback).
 */
import { failure, runCommand } from './dispatch.ts';
import { MAIN_HELP } from './usage.ts';
import { PREPARE_EXIT } from '../engine/permission.node.mjs';

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
  const outcome = await runCommand(command, rest);
  process.stdout.write(outcome.stdout);
  return outcome.code;
}

/** Under Node's permission model, tsx could not start esbuild for a module it has not compiled yet. */
const uncompiled = (e: unknown): boolean =>
  process.env.TOOLPLAY_CONFINED === '1' &&
  (e as { code?: string }).code === 'ERR_ACCESS_DENIED' &&
  /esbuild/.test((e as Error).stack ?? '');

function fail(e: unknown): number {
  // bin/toolplay.mjs compiles it unconfined and runs the command again (nothing was printed yet).
  if (uncompiled(e)) return PREPARE_EXIT;
  const { code, message, debug } = failure(e);
  process.stderr.write(message);
  if (process.env.TOOLPLAY_DEBUG && debug) process.stderr.write(debug);
  return code;
}

/** Runs the command line and exits with its code (bin/toolplay.mjs calls it once tsx is registered). */
export async function main(): Promise<void> {
  const code = await run(process.argv.slice(2)).catch(fail);
  // Flush before exiting: stdout may be a pipe, and Pyodide keeps handles that would hold the process open.
  process.stdout.write('', () => process.exit(code));
}
