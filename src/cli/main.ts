/**
 * The `toolplay` command (bin/toolplay.mjs loads this through tsx). Bad input is one line on
 * stderr and exit 2, never a stack trace; engine bugs are exit 3 (TOOLPLAY_DEBUG=1 shows the
 * Python traceback).
 */
import { failure, runCommand } from './dispatch.ts';
import { MAIN_HELP } from './usage.ts';

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

function fail(e: unknown): number {
  const { code, message, debug } = failure(e);
  process.stderr.write(message);
  if (process.env.TOOLPLAY_DEBUG && debug) process.stderr.write(debug);
  return code;
}

const code = await run(process.argv.slice(2)).catch(fail);
// Flush before exiting: stdout may be a pipe, and Pyodide keeps handles that would hold the process open.
process.stdout.write('', () => process.exit(code));
