// Loki in the browser worker (issue 4): Bash and Python tools share the workspace, and recorded
// Loki runs give the recorded results when run from the playground, as a person would run them.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { readConformance } from '../conformance.ts';
import type { E2ETest } from './harness.ts';
import {
  assert,
  openApp,
  openExample,
  prepareCall,
  runAndWait,
  setEditorText,
  telemetry,
  tools,
  treeItem,
} from './ui-helpers.ts';

const read = readConformance;

const SAVE_NOTE_SH = `#!/usr/bin/env bash
set -e

# @describe Save a note into the workspace.
# @option --text!   What to write

# @env LLM_OUTPUT=/dev/stdout The output path

main() {
    mkdir -p notes
    printf '%s\\n' "$argc_text" > notes/from_bash.txt
    echo "saved" >> "$LLM_OUTPUT"
}

eval "$(argc --argc-eval "$0" "$@")"
`;

const READ_NOTE_PY = `def run(path: str):
    """Read a text file of the workspace.

    Args:
        path: The file to read, relative to the workspace.
    """
    with open(path) as f:
        return f.read()
`;

/** JSON with object keys sorted, so results compare regardless of key order (the recordings sort keys). */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

/** Adds a file through the tree's "New file" button and types its text into the editor. */
async function newFile(page: Page, path: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'New file' }).click();
  await page.getByLabel('New file path').fill(path);
  await page.getByRole('button', { name: 'OK' }).click();
  await treeItem(page, path).waitFor();
  await setEditorText(page, text);
}

/** Ticks a tool file in the Loki view's visible_tools list and waits for its declaration. */
async function makeVisible(page: Page, file: string, tool: string): Promise<void> {
  await tools(page).getByRole('checkbox', { name: file }).check();
  await tools(page).getByRole('button', { name: tool, exact: true }).waitFor({ timeout: 20_000 });
}

/** The results of every finished call, from the telemetry's NDJSON export. */
async function finishedResults(page: Page): Promise<unknown[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    telemetry(page)
      .getByRole('button', { name: 'Export NDJSON' })
      .or(page.getByRole('button', { name: 'Export NDJSON' }))
      .first()
      .click(),
  ]);
  const lines = readFileSync(await download.path(), 'utf8')
    .split('\n')
    .filter(Boolean);
  return lines
    .map((l) => JSON.parse(l) as { type: string; result?: unknown })
    .filter((e) => e.type === 'call.finished')
    .map((e) => e.result);
}

const RUN_CASES = [
  {
    file: 'r02_return_dict.py',
    source: 'loki_cases/run/r02_return_dict.py',
    expected: 'loki_expected/run/r02_return_dict.json',
    args: {},
  },
  {
    file: 'r10_exit_code.py',
    source: 'loki_cases/run/r10_exit_code.py',
    expected: 'loki_expected/run/r10_exit_code.json',
    args: {},
  },
  {
    file: 'r13_return_json_string.py',
    source: 'loki_cases/run/r13_return_json_string.py',
    expected: 'loki_expected/run/r13_return_json_string.json',
    args: {},
  },
  {
    file: 'b01_basic.sh',
    source: 'loki_cases/bash/b01_basic.sh',
    expected: 'loki_expected/run/b01_bash_bad_choice.json',
    args: { text: 'a', mode: 'medium', count: 3, tags: ['x'] },
  },
];

const tests: E2ETest[] = [
  {
    name: 'a Bash tool writes a workspace file that a Python tool then reads',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'loki-tools', 'word_count');
      await newFile(page, 'functions/tools/save_note.sh', SAVE_NOTE_SH);
      await newFile(page, 'functions/tools/read_note.py', READ_NOTE_PY);
      await makeVisible(page, 'save_note.sh', 'save_note');
      await makeVisible(page, 'read_note.py', 'read_note');

      await prepareCall(page, 'save_note', { text: 'written by bash' });
      const saved = await runAndWait(page);
      assert(saved.includes('Finished'), `save_note: ${saved}`);
      await treeItem(page, 'notes/from_bash.txt').waitFor({ timeout: 10_000 });

      await prepareCall(page, 'read_note', { path: 'notes/from_bash.txt' });
      const read = await runAndWait(page);
      assert(read.includes('Finished'), `read_note: ${read}`);
      const results = (await finishedResults(page)) as Array<{ model_value: unknown; exit_code: number }>;
      const last = results.at(-1);
      assert(last?.exit_code === 0, `read_note exit code: ${JSON.stringify(last)}`);
      assert(
        JSON.stringify(last.model_value) === JSON.stringify({ output: 'written by bash\n' }),
        `the model gets: ${JSON.stringify(last.model_value)}`,
      );
    },
  },
  {
    name: 'recorded Loki runs (Python and Bash) give the recorded results in the browser worker',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await openApp(page, base);
      await openExample(page, 'loki-tools', 'word_count');
      for (const c of RUN_CASES) {
        const tool = c.file.replace(/\.(py|sh)$/, '');
        await newFile(page, `functions/tools/${c.file}`, read(c.source));
        await makeVisible(page, c.file, tool);
        await prepareCall(page, tool, c.args);
        await runAndWait(page);
      }
      const results = (await finishedResults(page)) as Array<{
        exit_code: number;
        llm_output: string;
        model_value: unknown;
      }>;
      assert(results.length === RUN_CASES.length, `${results.length} finished calls`);
      RUN_CASES.forEach((c, i) => {
        const want = JSON.parse(read(c.expected)) as {
          exit_code: number;
          llm_output: string;
          loki_model_value_emulated: unknown;
        };
        const got = results[i]!;
        assert(got.exit_code === want.exit_code, `${c.file}: exit ${got.exit_code}, recorded ${want.exit_code}`);
        assert(got.llm_output === want.llm_output, `${c.file}: LLM_OUTPUT ${JSON.stringify(got.llm_output)}`);
        assert(
          canonical(got.model_value) === canonical(want.loki_model_value_emulated),
          `${c.file}: model gets ${JSON.stringify(got.model_value)}, recorded ${JSON.stringify(want.loki_model_value_emulated)}`,
        );
      });
    },
  },
];
export default tests;
