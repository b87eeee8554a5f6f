// The worker's inspection of a Loki layout (src/loki) on the real engine: Loki's own start-up
// verdicts and messages for every visible_tools entry, Python and Bash, and the tools of both
// languages in Loki's order.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import type { LokiView } from '../../src/protocol/loki.ts';
import type { WorkspaceInspection } from '../../src/protocol/worker.ts';
import { inspectWorkspace } from '../../src/loki/inspect.ts';
import { getEngine } from './engine.ts';

const doc = (what: string) => `def run(text: str):\n    """${what}\n\n    Args:\n        text: The text.\n    """\n    return text\n`;
const GREET = '#!/usr/bin/env bash\n# @describe Greet someone.\n# @option --name! Who to greet\nmain() { echo "hi $argc_name" >> "$LLM_OUTPUT"; }\neval "$(argc --argc-eval "$0" "$@")"\n';
const NO_DESCRIBE = '#!/usr/bin/env bash\n# @option --name! Who\nmain() { :; }\n';
const FILES: Record<string, string> = {
  'ok.py': doc('Count words.'),
  'Shout.PY': doc('Upper-case extension: Loki lower-cases it.'),
  'nodoc.py': 'def run(text: str):\n    return text\n',
  'norun.py': 'def helper():\n    """Not a tool."""\n',
  'twice.py': `${doc('First.')}\n${doc('Second.')}`,
  'notes.txt': 'not a tool\n',
  'Makefile': 'all:\n',
  'greet.sh': GREET,
  'quiet.sh': NO_DESCRIBE,
  'extra.sh': GREET,
};
const DIR = '/tmp/ui-loki-1/functions';

let engine: Engine;
beforeAll(async () => {
  engine = await getEngine();
  engine.fs.mkdirTree(`${DIR}/tools`);
  for (const [name, text] of Object.entries(FILES)) engine.fs.writeFile(`${DIR}/tools/${name}`, text);
});

const configOf = (visible: string[]): string => `model: x\nvisible_tools:\n${visible.map((v) => `  - ${v}`).join('\n')}\n`;
const inspect = (visible: string[], profile: 'loki' | 'lcp' = 'loki'): WorkspaceInspection =>
  inspectWorkspace(engine, { paths: [`${DIR}/tools`], profile, loki: { functionsDir: DIR, configText: configOf(visible) } });
const viewOf = (visible: string[]): LokiView => {
  const view = inspect(visible).loki;
  if (!view) throw new Error('no Loki view');
  return view;
};
const rowsOf = (view: LokiView) => Object.fromEntries(view.rows.map((r) => [r.entry, [r.verdict, r.says]]));

describe("the Loki view's verdicts come from Loki's start-up", () => {
  it("says Loki's exact messages for a missing file, an unsupported extension and a file without extension", () => {
    const rows = rowsOf(viewOf(['gone.py', 'notes.txt', 'Makefile']));
    expect(rows['gone.py']).toEqual(['refuses', `Tool definition file not found: ${DIR}/tools/gone.py`]);
    expect(rows['notes.txt']).toEqual(['refuses', 'Unsupported tool file extension: Unsupported']);
    expect(rows['Makefile']).toEqual(['refuses', 'Unable to extract language from tool file: Makefile']);
  });

  it('stops at the first error in visible_tools order, and counts what builds', () => {
    const view = viewOf(['ok.py', 'notes.txt', 'gone.py']);
    expect(view.startupError).toBe('Unsupported tool file extension: Unsupported');
    expect(view.builds).toBe(1);
    expect(viewOf(['ok.py', 'greet.sh']).startupError).toBeNull();
  });

  it('builds Python tools (an upper-case .PY too), is silent without run, notes two runs, refuses a missing docstring', () => {
    const rows = rowsOf(viewOf(['ok.py', 'Shout.PY', 'norun.py', 'twice.py', 'nodoc.py']));
    expect(rows['ok.py']).toEqual(['builds', 'Builds "ok".']);
    expect(rows['Shout.PY']?.[0]).toBe('builds');
    expect(rows['norun.py']).toEqual(['silent', 'no top-level def run: Loki builds no declaration for this file, silently']);
    expect(rows['twice.py']).toEqual(['builds', `Builds "twice", "twice". 2 declarations named 'twice': one per top-level def run (Python keeps the last)`]);
    expect(rows['nodoc.py']?.[0]).toBe('refuses');
    expect(rows['nodoc.py']?.[1]).toMatch(/description/i);
  });

  it('declares listed Bash tools from their argc comments and keeps their errors on them', () => {
    const rows = rowsOf(viewOf(['greet.sh', 'quiet.sh']));
    expect(rows['greet.sh']).toEqual(['builds', 'Builds "greet".']);
    expect(rows['quiet.sh']?.[0]).toBe('refuses');
  });

  it('lists the files Loki does not build as unlisted', () => {
    const view = viewOf(['ok.py']);
    expect(view.rows.filter((r) => r.verdict === 'unlisted').map((r) => r.entry)).toEqual(
      Object.keys(FILES).filter((f) => f !== 'ok.py').sort(),
    );
    expect(view.visible).toEqual(['ok.py']);
  });
});

describe('one inspection for a Loki layout', () => {
  it('lists Bash tools from their argc comments with the Python ones, in visible_tools order, then the rest by file name', () => {
    const inspection = inspect(['greet.sh', 'ok.py']);
    const names = inspection.tools.map((t) => t.name);
    expect(names.slice(0, 2)).toEqual(['greet', 'ok']);
    expect(names).toContain('extra');
    const greet = inspection.tools.find((t) => t.name === 'greet');
    expect(greet).toMatchObject({ file: `${DIR}/tools/greet.sh`, line: 2, description: 'Greet someone.' });
    expect(greet?.inputSchema).toEqual({ type: 'object', properties: { name: { type: 'string', description: 'Who to greet' } }, required: ['name'] });
    expect(inspection.diagnostics.find((d) => d.file.endsWith('quiet.sh'))?.message).toMatch(/^Loki refuses to start: /);
  });

  it('shows no Bash tools under a Python-only profile, and still gives the verdicts', () => {
    const inspection = inspect(['greet.sh'], 'lcp');
    expect(inspection.tools.some((t) => t.file.endsWith('.sh'))).toBe(false);
    expect(inspection.loki?.rows[0]).toMatchObject({ entry: 'greet.sh', verdict: 'builds' });
  });

  it("says why there are no verdicts when config.yaml's visible_tools is not a list", () => {
    const inspection = inspectWorkspace(engine, { paths: [`${DIR}/tools`], profile: 'loki', loki: { functionsDir: DIR, configText: 'visible_tools: 3\n' } });
    expect(inspection.loki).toBeUndefined();
    expect(inspection.lokiError).toMatch(/visible_tools/);
    expect(inspection.tools.length).toBeGreaterThan(0);
  });
});
