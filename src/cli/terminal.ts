/**
 * Where a command's notes to the person go (tool output, skipped files, rejected confirmations):
 * the process's stderr, or, inside `toolplay batch`, the line's own `stderr` field. Commands write
 * through `note` and ask `interactive()` before prompting, so they run unchanged in a batch.
 */
let capture: ((text: string) => void) | null = null;

export function note(text: string): void {
  if (capture) capture(text);
  else process.stderr.write(text);
}

/** Whether a question may be asked on the terminal (never inside a batch: stdin may be its input). */
export function interactive(): boolean {
  return capture === null && Boolean(process.stdin.isTTY);
}

/** Runs `command` with its notes collected instead of written; returns them with its settled result. */
export async function captured<T>(
  command: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; stderr: string }> {
  let stderr = '';
  const outer = capture;
  capture = (text) => (stderr += text);
  try {
    const [result] = await Promise.allSettled([command()]);
    return { result, stderr };
  } finally {
    capture = outer;
  }
}
