/** What is wrong with a test file, and the one line it is told in (the CLI's stderr, the Tests view). */

/** Where (the test, the field) and what. */
export interface TestFileProblem {
  path: string;
  /** `test "name"` or `tests[2]` when the test has no usable name; null for the file itself. */
  test: string | null;
  field: string | null;
  message: string;
}

export const problemLine = (p: TestFileProblem): string =>
  `${p.path}: ${p.test ? `${p.test}: ` : ''}${p.field ? `${p.field}: ` : ''}${p.message}`;
