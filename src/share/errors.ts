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

/**
 * A path or name from untrusted input, quoted for a message: escapes control characters (JSON
 * escapes C0 ones; C1 ones, line separators and invisible characters too, bidirectional controls and
 * zero-width ones, since a terminal or a page would act on them or hide them), clips long ones.
 */
export function quoted(text: string, max = 80): string {
  const shown = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(shown).replace(/[\u007f-\u009f\u2028\u2029\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, (c) =>
    [...c.split('')].map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  );
}
