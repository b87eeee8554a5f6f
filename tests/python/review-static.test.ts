// Review mode's promise, on real Pyodide: reading a shared workspace's tools in every profile
// (inspect, lint, schema in every format, the hub's status line, Loki's start-up) parses files and
// never imports them. Each tool module here records its import in a marker file; no marker appears
// until a call runs the tool.
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PolicyConfirm, WorkerCore } from '../../src/worker/handlers.ts';
import type { WorkerMethod, WorkerMethods, WorkerRequest } from '../../src/protocol/worker.ts';

const enc = new TextEncoder();
const MARKS = '/tmp/review-static-marks';
const marker = (name: string) => `import os\nos.makedirs("${MARKS}", exist_ok=True)\nwith open("${MARKS}/${name}", "a") as _f:\n    _f.write("imported\\n")\n`;

const FILES: Record<string, string> = {
  'tools/notes.py': `${marker('notes')}
TOOL_LIBRARY_NAME = "Notes"
TOOL_TITLES = {"tool_note": "Writing a note"}


def tool_note(text: str = "hi") -> dict:
    """Writes a note.

    Args:
        text: What to write.
    """
    return {"success": True, "output": text}
`,
  'functions/tools/mark.py': `${marker('mark')}

def run(word: str = "x"):
    """Marks.

    Args:
        word: A word.
    """
    return word
`,
};

describe('reading a workspace imports none of its tool modules', () => {
  it('every profile, format and view is static; only a call imports', async () => {
    const engine = await getEngine();
    const root = '/tmp/review-static/workspace';
    const core = new WorkerCore(engine, { root, post: () => {}, confirm: new PolicyConfirm('reject') });
    const marks = () => (engine.fs.analyzePath(MARKS).exists ? (engine.fs.readdir(MARKS)).filter((f) => !f.startsWith('.')).sort() : []);
    let id = 0;
    const ask = <M extends WorkerMethod>(method: M, params: WorkerMethods[M]['params']) =>
      core.handle({ kind: 'request', id: ++id, method, params } as WorkerRequest);
    await ask('sync', { files: Object.entries(FILES).map(([path, text]) => ({ path, content: enc.encode(text) })) });
    const lcpPaths = [`${root}/tools`];
    const lokiPaths = [`${root}/functions/tools`];

    const answered: boolean[] = [];
    for (const [profile, paths] of [['lcp', lcpPaths], ['hub', lcpPaths], ['standard', lcpPaths], ['loki', lokiPaths], ['llm-functions', lokiPaths]] as const) {
      answered.push((await ask('inspect', { paths, profile })).ok);
      for (const format of ['native', 'openai', 'openai-strict', 'anthropic', 'mcp'] as const) await ask('schema', { paths, profile, format });
    }
    answered.push((await ask('lint', { paths: [...lcpPaths, ...lokiPaths] })).ok);
    answered.push((await ask('status', { paths: lcpPaths, tool: 'tool_note', args: { text: 'x' } })).ok);
    // Loki's start-up verdicts of config.yaml's visible_tools (the Loki view) come with inspect.
    const loki = { functionsDir: `${root}/functions`, configText: 'visible_tools:\n  - mark.py\n' };
    for (const profile of ['loki', 'llm-functions'] as const) answered.push((await ask('inspect', { paths: lokiPaths, profile, loki })).ok);
    // They all did their work (a failing method would prove nothing)…
    expect(answered.every(Boolean)).toBe(true);
    // …and no module was imported.
    expect(marks()).toEqual([]);

    // A call is what imports: the marker shows the test can see an import.
    const called = await ask('call', { profile: 'lcp', paths: lcpPaths, tool: 'tool_note', args: {}, callId: 'review-1' });
    expect(called.ok).toBe(true);
    expect(marks()).toEqual(['notes']);
    await ask('call', { profile: 'loki', paths: lokiPaths, tool: 'mark', args: {}, callId: 'review-2' });
    expect(marks()).toEqual(['mark', 'notes']);
  });
});
