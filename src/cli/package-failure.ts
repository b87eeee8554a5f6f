/**
 * A package that could not be had, as `toolplay call` says it on stderr: the installer's one line
 * (src/packages/installer.ts: a wheel whose sha256 is not the lock's, a name no index has, a source
 * that does not answer), and where the line is about a source that could not be reached, the option
 * that gives another one. The call's result on stdout is the tool's, unchanged.
 */

/** A failure to reach Pyodide's distribution or mirror (not a wheel that was reached and refused). */
const DISTRIBUTION = /could not be had from (?:the Pyodide distribution|\S+):/;
const REACHED = /is not the one the lock file names|is refused|has no pure-Python|could not be built/;
/** micropip's "Can't fetch metadata" with requests that got no answer (explainMicropip). */
const INDEX = /the package source could not be reached/;

/** The line for one `package.failed` event; the requirement first when the message does not start with its name. */
export function packageFailureLine(requirement: string, message: string): string {
  const name = /^[A-Za-z0-9._-]+/.exec(requirement)?.[0] ?? requirement;
  const named = message.toLowerCase().startsWith(name.toLowerCase()) ? message : `${requirement}: ${message}`;
  const way = INDEX.test(message)
    ? ' (give a package index that answers with --index-url URL)'
    : DISTRIBUTION.test(message) && !REACHED.test(message)
      ? " (give Pyodide's packages from a folder or a mirror that answers with --pyodide-packages DIR_OR_URL)"
      : '';
  return `toolplay: ${named}${way}\n`;
}
