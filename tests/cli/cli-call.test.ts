// `toolplay call`: LCP, Loki Python and Loki Bash tools run for real; files land in the workspace on disk.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sandbox, toolplay } from './run.ts';

const LCP_TOOL = `_HANDLER = None


def init_tools_library(config=None):
    global _HANDLER
    _HANDLER = (config or {}).get("confirm_handler")


def tool_write_note(name: str, text: str):
    """Write a note into the workspace.

    Args:
        name (str): File name.
        text (str): Content.
    """
    print("writing", name)
    with open(name, "w") as f:
        f.write(text)
    return {"success": True, "output": f"wrote {name}"}


def tool_delete(path: str):
    """Delete a file after asking.

    Args:
        path (str): File to delete.
    """
    decision, reason = _HANDLER("rm " + path, "[RISKY] delete")
    return {"success": True, "output": f"{decision}: {reason}"}
`;
const LOKI_PY = `def run(name: str):
    """Greet someone.

    Args:
        name: Who to greet.
    """
    with open("greeted.txt", "w") as f:
        f.write(name)
    return f"hello {name}"
`;
const LOKI_SH = `# @describe Say hi
# @option --name! Who
main() {
  echo "hi $argc_name" >> "$LLM_OUTPUT"
  echo "$argc_name" > bash_out.txt
}
eval "$(argc --argc-eval "$0" "$@")"
`;
const SLOW = `import time


def tool_nap(seconds: int = 60) -> dict:
    """Sleeps."""
    time.sleep(seconds)
    return {"success": True, "output": "awake"}


def tool_spin() -> dict:
    """Never returns."""
    while True:
        pass
`;
const root = sandbox({
  'slow/slow.py': SLOW,
  'lcp/notes.py': LCP_TOOL,
  'functions/tools/greet.py': LOKI_PY,
  'functions/tools/hi.sh': LOKI_SH,
  'ws/.keep': '',
  'cwd/.keep': '',
});
const cwd = `${root}/cwd`;
const T = { timeout: 300_000 };

describe('toolplay call', () => {
  it("lcp: prints execute_tool's result, the file lands on disk, --events streams NDJSON telemetry", T, async () => {
    const run = await toolplay(
      [
        'call',
        `${root}/lcp`,
        'tool_write_note',
        '{"name": "n.txt", "text": "hello"}',
        '--workspace',
        `${root}/ws`,
        '--events',
      ],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ output: 'wrote n.txt', status_code: 200, success: true });
    expect(readFileSync(`${root}/ws/n.txt`, 'utf8')).toBe('hello');
    const events = run.stderr
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; created?: string[]; text?: string });
    expect(events[0]?.type).toBe('call.started');
    expect(
      events
        .filter((e) => e.type === 'call.stdout')
        .map((e) => e.text)
        .join(''),
    ).toBe('writing n.txt\n');
    expect(events.find((e) => e.type === 'fs.changed')?.created).toEqual(['n.txt']);
    expect(events.at(-1)?.type).toBe('call.finished');
  });

  it(
    'a tool past --timeout (a sleep, a busy loop) is stopped with one line and exit 2; a call.failed event says timeout',
    T,
    async () => {
      const napping = await toolplay(
        ['call', `${root}/slow`, 'tool_nap', '{}', '--workspace', `${root}/ws`, '--timeout', '1', '--events'],
        cwd,
      );
      expect(napping.code).toBe(2);
      expect(napping.stdout).toBe('');
      const events = napping.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { type: string; reason?: string });
      expect(events.at(-1)).toMatchObject({ type: 'call.failed', reason: 'timeout' });
      expect(napping.stderr.trim().split('\n').at(-1)).toBe(
        'toolplay: tool_nap was still running after 1 s, so it was stopped (give it longer with --timeout SECONDS)',
      );
      const spinning = await toolplay(
        ['call', `${root}/slow`, 'tool_spin', '{}', '--workspace', `${root}/ws`, '--timeout', '0.5'],
        cwd,
      );
      expect(spinning).toMatchObject({
        code: 2,
        stderr:
          'toolplay: tool_spin was still running after 0.5 s, so it was stopped (give it longer with --timeout SECONDS)\n',
      });
      const quick = await toolplay(
        ['call', `${root}/slow`, 'tool_nap', '{"seconds": 0}', '--workspace', `${root}/ws`, '--timeout', '20'],
        cwd,
      );
      expect(quick.code).toBe(0);
      expect(JSON.parse(quick.stdout)).toMatchObject({ output: 'awake' });
      expect(await toolplay(['call', `${root}/slow`, 'tool_nap', '{}', '--timeout', 'soon'], cwd)).toMatchObject({
        code: 2,
        stderr: 'toolplay: call: --timeout takes a number of seconds above 0 (got "soon")\n',
      });
    },
  );

  it('lcp: a confirmation without --confirm and without a terminal is rejected, with a note on stderr', T, async () => {
    const run = await toolplay(
      ['call', `${root}/lcp/notes.py`, 'tool_delete', '{"path": "x"}', '--workspace', `${root}/ws`],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      output: 'reject: No terminal to ask and no --confirm answer given.',
      success: true,
    });
    expect(run.stderr).toBe(
      'toolplay: tool_delete asked for confirmation ([RISKY] delete); stdin is not a terminal, so it was rejected. Pass --confirm allow|always|reject to answer.\n',
    );
  });

  it('lcp: --confirm allow answers every confirmation', T, async () => {
    const run = await toolplay(
      [
        'call',
        `${root}/lcp/notes.py`,
        'tool_delete',
        '{"path": "x"}',
        '--workspace',
        `${root}/ws`,
        '--confirm',
        'allow',
      ],
      cwd,
    );
    // The engine answers itself when given `confirm` (no hook round trip), with no reason text.
    expect(JSON.parse(run.stdout)).toMatchObject({ output: 'allow: ', success: true });
    expect(run.stderr).toBe('');
  });

  it('loki (Python): {exit_code, llm_output, model_value, ...}; the tool runs in the workspace', T, async () => {
    const run = await toolplay(
      ['call', `${root}/functions/tools`, 'greet', '{"name": "Ann"}', '--profile', 'loki', '--workspace', `${root}/ws`],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      exit_code: 0,
      llm_output: 'hello Ann',
      model_value: { output: 'hello Ann' },
      stdout: '',
      stderr: '',
    });
    expect(readFileSync(`${root}/ws/greeted.txt`, 'utf8')).toBe('Ann');
  });

  it(
    'loki (Bash .sh): runs through the run-tool.sh emulation; LLM_OUTPUT and workspace files are real',
    T,
    async () => {
      const run = await toolplay(
        [
          'call',
          `${root}/functions/tools/hi.sh`,
          'hi',
          '{"name": "Bo"}',
          '--profile',
          'loki',
          '--workspace',
          `${root}/ws`,
        ],
        cwd,
      );
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({
        exit_code: 0,
        llm_output: 'hi Bo\n',
        model_value: { output: 'hi Bo\n' },
        stdout: '',
        stderr: '',
      });
      expect(readFileSync(`${root}/ws/bash_out.txt`, 'utf8')).toBe('Bo\n');
      expect(existsSync(`${root}/functions/tools/bash_out.txt`)).toBe(false);
    },
  );
});
