/**
 * Bash tools (`*.sh`, argc comments) in the same shapes the engine gives Python tools: tool
 * entries and diagnostics for the tools panel, and the quiet problems Loki starts with but
 * cannot run (loki.md §1, §7). The declarations themselves are src/bash's (both hosts' rules).
 */
import type { Diagnostic } from '../protocol/diagnostics.ts';
import type { ToolInfo } from '../protocol/engine.ts';
import type { LokiFlavour } from '../protocol/vocabulary.ts';
import { bashDeclarations, type BashDeclaration, type BashDeclarationError } from '../bash/declarations.ts';

/** One `.sh` file as the tools panel shows it: its tools, or the error its builder stops at. */
export function bashToolInfo(
  file: string,
  text: string,
  flavour: LokiFlavour,
): { tools: ToolInfo[]; diagnostics: Diagnostic[] } {
  const lines = text.split('\n');
  const out = bashDeclarations(text, file, flavour);
  if (!Array.isArray(out)) {
    const diagnostic: Diagnostic = {
      code: 'BASH-DECL',
      severity: 'error',
      file,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: (lines[0]?.length ?? 0) + 1,
      message: `${flavour === 'loki' ? 'Loki refuses to start' : 'llm-functions cannot build this tool'}: ${out.error}`,
      fix: 'Add a `# @describe <what the tool does>` comment and check the @option/@flag lines.',
      profiles: [flavour],
    };
    return { tools: [], diagnostics: [diagnostic] };
  }
  const line = Math.max(1, lines.findIndex((l) => /^#\s*@(describe|cmd)\b/.test(l)) + 1);
  const tools = out.map((d) => ({
    name: d.name,
    file,
    line,
    description: d.description,
    title: null,
    spec: d,
    inputSchema: d.parameters,
  }));
  return { tools, diagnostics: [] };
}

/** What goes wrong at call time although Loki starts fine: a wrapper name Loki never runs, no main(). */
export function bashNotes(source: string, stem: string, out: BashDeclaration[] | BashDeclarationError): string[] {
  const notes: string[] = [];
  if (!Array.isArray(out)) return notes;
  const name = stem.replaceAll('-', '_');
  const subcommands = out.length > 0 && out.some((d) => d.name !== name);
  if (!subcommands && name !== stem) {
    notes.push(
      `Loki declares this tool '${name}' and runs bin/${name}, but writes the wrapper as bin/${stem}: the call fails with "Unable to run ${name}". Rename the file to ${name}.sh.`,
    );
  }
  if (subcommands) {
    const names = out.map((d) => d.name).join(', ');
    notes.push(
      `Loki declares one tool per @cmd (${names}) but writes only bin/${stem}: a call to any of them fails with "Unable to run <name>". Tools in functions/tools should have a main() and no @cmd.`,
    );
  }
  if (!subcommands && !/^(function[ \t]+main\b|main[ \t]*\([ \t]*\))/m.test(source)) {
    notes.push('No main() function: argc parses the options and then runs nothing, so the model always gets null.');
  }
  return notes;
}
