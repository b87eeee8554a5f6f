/**
 * Why a link or a `.toolplay.json` file was refused: one line a person can act on. The app shows
 * `message` as it is and the CLI prints it after "toolplay: ", so both say exactly the same thing.
 */
export type ShareProblem =
  | 'not-a-link'
  | 'damaged'
  | 'cut-off'
  | 'too-large'
  | 'unpacks-too-large'
  | 'version'
  | 'not-a-workspace'
  | 'too-many-files'
  | 'bad-path'
  | 'bad-content'
  | 'bad-field'
  | 'too-deep';

export class ShareError extends Error {
  constructor(
    readonly problem: ShareProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

/** A path or name from untrusted input, quoted for a message: escapes control characters, clips long ones. */
export function quoted(text: string, max = 80): string {
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(shown);
}
