import { describe, expect, it } from 'vitest';
import { InMemoryFs } from 'just-bash';
import { runBashTool } from '../../src/bash/run-tool.ts';
import type { RunBashToolOptions } from '../../src/bash/run-tool.ts';

const ROOT = '/cfg/functions';

async function tool(body: string, name = 'probe', extra: Record<string, string> = {}) {
  const fs = new InMemoryFs();
  await fs.mkdir(`${ROOT}/tools`, { recursive: true });
  await fs.mkdir('/work', { recursive: true });
  await fs.writeFile(`${ROOT}/tools/${name}.sh`, `#!/usr/bin/env bash\nset -e\n\n${body}\n`);
  for (const [path, text] of Object.entries(extra)) await fs.writeFile(path, text);
  const run = (args: unknown, more: Partial<RunBashToolOptions> = {}) =>
    runBashTool({
      fs,
      toolPath: `${ROOT}/tools/${name}.sh`,
      args,
      cwd: '/work',
      ...more,
      env: { HOME: '/home/u', PATH: '/usr/bin:/bin', ...more.env },
    });
  return { fs, run };
}

describe('runBashTool: Loki run-tool.sh semantics', () => {
  it('exports the LLM_* variables, a fresh LLM_OUTPUT and an uncreated cache dir', async () => {
    const { run } = await tool(`# @describe Env probe.
main() {
  for v in LLM_ROOT_DIR LLM_TOOL_NAME LLM_TOOL_CACHE_DIR LLM_PROMPT_UTILS_FILE CLICOLOR_FORCE FORCE_COLOR; do echo "$v=\${!v}"; done >> "$LLM_OUTPUT"
  echo "PATH=$PATH" >> "$LLM_OUTPUT"
  [ -d "$LLM_TOOL_CACHE_DIR" ] && echo cache-exists >> "$LLM_OUTPUT" || echo no-cache >> "$LLM_OUTPUT"
  echo "cwd=$PWD" >> "$LLM_OUTPUT"
}`);
    const r = await run({});
    expect(r.exit_code).toBe(0);
    expect(r.llm_output).toBe(
      [
        `LLM_ROOT_DIR=${ROOT}`,
        'LLM_TOOL_NAME=probe',
        `LLM_TOOL_CACHE_DIR=${ROOT}/cache/probe`,
        `LLM_PROMPT_UTILS_FILE=${ROOT}/utils/prompt-utils.sh`,
        'CLICOLOR_FORCE=1',
        'FORCE_COLOR=1',
        `PATH=${ROOT}/bin:/usr/bin:/bin`,
        'no-cache',
        'cwd=/work',
        '',
      ].join('\n'),
    );
  });

  it('uses a new LLM_OUTPUT file per call that did not exist before the call', async () => {
    const { fs, run } = await tool(
      '# @describe Output probe.\nmain() { [ -e "$LLM_OUTPUT" ] && echo existed >> "$LLM_OUTPUT" || echo fresh >> "$LLM_OUTPUT"; echo "$LLM_OUTPUT" >&2; }',
    );
    const a = await run({});
    const b = await run({});
    expect(a.llm_output).toBe('fresh\n');
    expect(b.llm_output).toBe('fresh\n');
    expect(a.stderr).not.toBe(b.stderr);
    expect(await fs.exists(a.stderr.trim())).toBe(false);
  });

  it('loads <functions>/.env without overriding, eval-quoted, before the LLM_* exports', async () => {
    const { run } = await tool(
      '# @describe Dotenv probe.\nmain() { echo "$MY_KEY|$QUOTED|$EXISTING|$WITH_EQ|$LLM_TOOL_NAME" >> "$LLM_OUTPUT"; }',
      'probe',
      {
        [`${ROOT}/.env`]:
          '# comment\nMY_KEY=from-dotenv\nQUOTED="quoted value"\nEXISTING=from-dotenv\nWITH_EQ=a=b\nLLM_TOOL_NAME=nope\n',
      },
    );
    const r = await run({}, { env: { EXISTING: 'from-process' } });
    expect(r.llm_output).toBe('from-dotenv|quoted value|from-process|a=b|probe\n');
  });

  it('dies like bash on a .env key ${!key+x} cannot take', async () => {
    const { run } = await tool('# @describe T.\nmain() { echo ran >> "$LLM_OUTPUT"; }', 'probe', {
      [`${ROOT}/.env`]: 'OK=1\n SPACED = spaced value \n',
    });
    const r = await run({});
    expect(r.exit_code).toBe(1);
    expect(r.llm_output).toBe('');
    expect(r.stderr).toBe(`${ROOT}/bin/probe: line 38:  SPACED : invalid variable name\n`);
  });

  it('hands the model JSON output as JSON, and errors with exit code and stderr', async () => {
    const { run } = await tool(`# @describe Exit probe.
# @option --code <INT>
main() {
  if [ "$argc_code" != 0 ]; then echo "bad things" >&2; exit "$argc_code"; fi
  echo '{"ok": true}' >> "$LLM_OUTPUT"
}`);
    expect((await run({ code: 0 })).model_value).toEqual({ ok: true });
    const failed = await run('{"code": 3}');
    expect(failed.exit_code).toBe(3);
    expect(failed.model_value).toEqual({
      tool_call_error: "Tool call 'probe' exited with code 3",
      stderr: 'bad things',
    });
  });

  it('round-trips quotes, newlines and option-like keys such as help', async () => {
    const { run } = await tool(`# @describe Echo.
# @option --text
# @flag --help-me
main() { printf '%s|%s' "$argc_text" "\${argc_help_me:-0}" >> "$LLM_OUTPUT"; }`);
    const r = await run({ text: `it's "two"\nlines $HOME`, help_me: true });
    expect(r.llm_output).toBe(`it's "two"\nlines $HOME|1`);
    const help = await run({ help: true });
    expect(help.exit_code).toBe(0);
    // The built parser prints help on stdout; the model gets Null, sent as "DONE" (nothing in LLM_OUTPUT).
    expect(help.stdout).toContain('USAGE: probe [OPTIONS]');
    expect(help.model_value).toBe('DONE');
  });

  it('refuses bad tool data before the tool runs', async () => {
    const { run } = await tool('# @describe T.\nmain() { echo ran >> "$LLM_OUTPUT"; }');
    expect(await run('not json')).toMatchObject({ exit_code: 1, stderr: 'error: invalid JSON data\n', llm_output: '' });
    expect(await run('')).toMatchObject({ exit_code: 1, stderr: 'usage: ./probe.sh <tool-data>\n' });
  });

  it('names a command the sandbox lacks, with its line, instead of failing silently', async () => {
    const { run } = await tool(`# @describe Weather.
# @option --city!
main() {
    curl -fsSL "https://wttr.in/$argc_city" >> "$LLM_OUTPUT"
}`);
    const r = await run({ city: 'Paris' });
    expect(r.exit_code).toBe(127);
    expect(r.stderr).toBe(
      "toolplay: probe.sh (line 7): 'curl' is not available in the Bash sandbox: network access is not enabled for Bash tools\n",
    );
    expect(r.model_value).toEqual({
      tool_call_error: "Tool call 'probe' exited with code 127",
      stderr: r.stderr.trim(),
    });
  });

  it('explains a command only known at run time', async () => {
    const { run } = await tool('# @describe Dyn.\nmain() { cmd=git; $cmd status; }');
    const r = await run({});
    expect(r.exit_code).toBe(127);
    expect(r.stderr).toContain(
      "bash: git: command not found (toolplay: not available in the Bash sandbox: just-bash has no 'git' command)",
    );
  });

  it('runs an agent tools.sh function by its @cmd name, as run-agent.sh sets it up', async () => {
    const fs = new InMemoryFs();
    await fs.mkdir('/cfg/agents/todo', { recursive: true });
    await fs.mkdir('/work', { recursive: true });
    await fs.writeFile('/cfg/.env', 'TODO_FILE=todos.txt\n');
    await fs.writeFile(
      '/cfg/agents/todo/tools.sh',
      `#!/usr/bin/env bash
set -e
# @cmd Add an item
# @option --name!
add_item() {
  echo "added $argc_name to $TODO_FILE" >> "$LLM_OUTPUT"
  for v in LLM_ROOT_DIR LLM_AGENT_NAME LLM_AGENT_FUNC LLM_AGENT_ROOT_DIR LLM_AGENT_CACHE_DIR LLM_PROMPT_UTILS_FILE; do echo "$v=\${!v}"; done >> "$LLM_OUTPUT"
}
`,
    );
    const r = await runBashTool({
      fs,
      toolPath: '/cfg/agents/todo/tools.sh',
      command: 'add_item',
      args: { name: 'milk' },
      cwd: '/work',
      env: {},
    });
    expect(r.llm_output).toBe(
      [
        'added milk to todos.txt',
        'LLM_ROOT_DIR=/cfg',
        'LLM_AGENT_NAME=todo',
        'LLM_AGENT_FUNC=add_item',
        'LLM_AGENT_ROOT_DIR=/cfg/agents/todo',
        'LLM_AGENT_CACHE_DIR=/cfg/cache/todo',
        'LLM_PROMPT_UTILS_FILE=/cfg/functions/utils/prompt-utils.sh',
        '',
      ].join('\n'),
    );
    const missing = await runBashTool({
      fs,
      toolPath: '/cfg/agents/todo/tools.sh',
      command: 'add_item',
      args: {},
      cwd: '/work',
      env: {},
    });
    expect(missing.model_value).toEqual({
      tool_call_error: "Tool call 'add_item' exited with code 1",
      stderr: 'error: the following required arguments were not provided:\n  --name <NAME>',
    });
  });

  it('leaves a probed command (command -v fd) unanswered so the tool takes its own fallback', async () => {
    const { run } = await tool(`# @describe Glob.
main() {
  if command -v fd >/dev/null 2>&1; then fd --glob '*.txt' . >> "$LLM_OUTPUT"; else echo fallback >> "$LLM_OUTPUT"; fi
}`);
    const r = await run({});
    expect(r.model_value).toEqual({ output: 'fallback\n' });
  });

  it('validates choices and fills defaults from the tool’s own functions (no eval line, as Loki tools are)', async () => {
    const { run } = await tool(`# @describe Fn choices.
# @option --picked[\`_choices\`]
# @option --when=\`_today\`
main() { echo "$argc_picked $argc_when" >> "$LLM_OUTPUT"; }
_choices() { echo one; echo two; }
_today() { echo 2026-01-01; }`);
    expect((await run({ picked: 'two' })).llm_output).toBe('two 2026-01-01\n');
    expect((await run({ picked: 'three' })).stderr).toBe(
      'error: invalid value `three` for `<PICKED>`\n  [possible values: one, two]\n',
    );
  });

  it('keeps the tool text byte for byte: indented heredocs stay indented', async () => {
    const { run } = await tool(`# @describe Heredoc.
main() {
    cat <<EOF >> "$LLM_OUTPUT"
  two spaces
\tone tab
EOF
}`);
    expect((await run({})).llm_output).toBe('  two spaces\n\tone tab\n');
  });

  it('has mktemp and realpath, which just-bash lacks and tools use for scratch files', async () => {
    const { run } = await tool(`# @describe Scratch.
main() {
  tmp="$(mktemp)"; dir="$(mktemp -d)"; here="$(mktemp notes.XXXX)"
  echo hi > "$tmp"
  [ -d "$dir" ] && [ -f "$here" ] && echo "$(cat "$tmp") \${tmp%/*} \${#here} $(realpath "$here")" >> "$LLM_OUTPUT"
  mktemp nox 2>&1 >/dev/null | head -1 >> "$LLM_OUTPUT" || true
}`);
    const r = await run({});
    expect(r.exit_code).toBe(0);
    expect(r.llm_output).toMatch(
      /^hi \/tmp 10 \/work\/notes\.[A-Za-z0-9]{4}\nmktemp: too few X's in template 'nox'\n$/,
    );
  });
});
