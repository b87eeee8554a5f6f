/**
 * Bash tools of a Loki layout, for the tools panel: the engine reads Python only, so the `.sh`
 * files' argc comments are turned into declarations here (src/bash, Loki's and llm-functions' rules).
 */
import type { Inspection, ToolInfo } from '../../protocol/engine.ts';
import type { Diagnostic } from '../../protocol/diagnostics.ts';
import { bashDeclarations } from '../../bash/declarations.ts';
import { toEnginePath } from './layout.ts';

/** Adds the Bash tools of `functions/tools/*.sh` to a Loki or llm-functions inspection. */
export function withBashTools(inspection: Inspection, files: Array<[path: string, text: string]>): Inspection {
  const flavour = inspection.profile;
  if (flavour !== 'loki' && flavour !== 'llm-functions') return inspection;
  const tools: ToolInfo[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [path, text] of files) {
    const file = toEnginePath(path);
    const lines = text.split('\n');
    const out = bashDeclarations(text, file, flavour);
    if (!Array.isArray(out)) {
      diagnostics.push({
        code: 'BASH-DECL', severity: 'error', file, line: 1, column: 1, endLine: 1, endColumn: (lines[0]?.length ?? 0) + 1,
        message: `${flavour === 'loki' ? 'Loki refuses to start' : 'llm-functions cannot build this tool'}: ${out.error}`,
        fix: 'Add a `# @describe <what the tool does>` comment and check the @option/@flag lines.', profiles: [flavour],
      });
      continue;
    }
    const describe = lines.findIndex((l) => /^#\s*@(describe|cmd)\b/.test(l)) + 1;
    for (const d of out)
      tools.push({ name: d.name, file, line: Math.max(1, describe), description: d.description, title: null, spec: d, inputSchema: d.parameters });
  }
  return { ...inspection, tools: [...inspection.tools, ...tools], diagnostics: [...inspection.diagnostics, ...diagnostics] };
}
