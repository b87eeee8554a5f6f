// Loki Bash tools through the worker's handlers: run by runBashTool over the same Pyodide
// filesystem, with the same telemetry and file-change reporting as Python tools.
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { PolicyConfirm, WorkerCore } from '../../src/worker/handlers.ts';
import { bashToolFile, ToolFs } from '../../src/loki/files.ts';
import type { FileChange, WorkerMessage } from '../../src/protocol/worker.ts';

const enc = new TextEncoder();
const dec = new TextDecoder();
const SAVE_NOTE = `#!/usr/bin/env bash
set -e

# @describe Save a note in the workspace.
# @option --name!   File name under notes/
# @option --text!   What to write

main() {
    mkdir -p notes
    printf '%s\\n' "$argc_text" > "notes/$argc_name"
    echo "saved notes/$argc_name"
    echo "saved $argc_name" >> "$LLM_OUTPUT"
}
`;

describe('Bash tools in the worker', () => {
  it('runs a .sh tool with CWD = the workspace, streams telemetry and reports its files', async () => {
    const engine = await getEngine();
    const root = '/tmp/worker-bash-1/workspace';
    const messages: WorkerMessage[] = [];
    const core = new WorkerCore(engine, { root, post: (m) => messages.push(m), confirm: new PolicyConfirm('reject') });
    await core.handle({ kind: 'request', id: 1, method: 'sync', params: { files: [{ path: 'functions/tools/save_note.sh', content: enc.encode(SAVE_NOTE) }] } });
    const tools = `${root}/functions/tools`;
    const fs = new ToolFs(engine.fs);
    expect(bashToolFile(fs, [tools], 'save_note')).toBe(`${tools}/save_note.sh`);
    expect(bashToolFile(fs, [tools], 'nothing')).toBeNull();

    const reply = await core.handle({ kind: 'request', id: 2, method: 'call',
      params: { profile: 'loki', paths: [tools], tool: 'save_note', argsJson: '{"name": "a.txt", "text": "from bash"}', callId: 'b1' } });
    expect(reply.ok).toBe(true);
    const { result, changes } = (reply.ok ? reply.result : {}) as { result: Record<string, unknown>; changes: FileChange[] };
    expect(result).toMatchObject({ exit_code: 0, llm_output: 'saved a.txt\n', stdout: 'saved notes/a.txt\n' });
    expect(changes.map((c) => [c.path, c.content && dec.decode(c.content)])).toEqual([['notes/a.txt', 'from bash\n']]);
    const events = messages.flatMap((m) => (m.kind === 'event' ? [m.event] : []));
    expect(events.map((e) => e.type)).toEqual(['call.started', 'call.stdout', 'fs.changed', 'call.finished']);
    expect(events.find((e) => e.type === 'fs.changed')).toMatchObject({ created: ['notes/a.txt'], modified: [], deleted: [] });
    expect(core.mirror.diff()).toEqual([]);
  });
});
