/**
 * Where each test of a test file starts: the 1-based line of `tests[i]`'s opening brace, read
 * from the file's text (jsonc-parser keeps offsets), so a report can point at the test itself
 * (`toolplay test --format github`).
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/** The line of each entry of the file's `tests` array, in order; empty when the text has none. */
export function testLines(text: string): number[] {
  const root = parseTree(text);
  const tests = root && findNodeAtLocation(root, ['tests']);
  if (tests?.type !== 'array') return [];
  return (tests.children ?? []).map((entry) => text.slice(0, entry.offset).split('\n').length);
}
