/** Loki sets FORCE_COLOR=1, so Python 3.14 colours its tracebacks: show the text, not the escape codes. */
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
