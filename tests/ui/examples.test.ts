/**
 * The bundled examples do what they teach, in the real engine (Pyodide 3.14): the files come from
 * the same import.meta.glob bundle the app uses, so this also proves dotfiles like functions/.env ship.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import type { Engine } from '../../src/engine/engine.ts';
import type { ConfirmReply, HostConfig } from '../../src/protocol/engine.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import { EXAMPLES, findExample } from '../../src/examples/index.ts';
import { wrappedCall } from '../python/calls.ts';

let engine: Engine;
let n = 0;

/** Copies an example into a fresh folder of the Pyodide FS; returns that folder. */
function mount(id: string): string {
  const ex = findExample(id);
  if (!ex) throw new Error(`no example ${id}`);
  const root = `/tmp/ui-examples-${++n}`;
  for (const [path, text] of Object.entries(ex.files)) {
    const full = `${root}/${path}`;
    engine.fs.mkdirTree(full.slice(0, full.lastIndexOf('/')));
    engine.fs.writeFile(full, text);
  }
  return root;
}

/** One call as the app makes it: through the call wrapper, the arguments as JSON text. */
async function call(
  root: string,
  tool: string,
  args: unknown,
  opts: { reply?: ConfirmReply; hostConfig?: HostConfig; loki?: boolean } = {},
) {
  const events: TelemetryEvent[] = [];
  const dir = opts.loki ? 'functions/tools' : 'tools';
  const { end } = await wrappedCall(
    engine,
    {
      profile: opts.loki ? 'loki' : 'lcp',
      paths: [`${root}/${dir}`],
      tool,
      argsJson: JSON.stringify(args),
      workspace: root,
      ...(opts.hostConfig ? { hostConfig: opts.hostConfig } : {}),
      ...(opts.loki ? { envFile: `${root}/functions/.env` } : {}),
    },
    { events, confirm: () => JSON.stringify(opts.reply ?? { decision: 'allow' }) },
  );
  const result = (end.status === 'finished' ? end.result : { failed: end.message }) as Record<string, unknown>;
  return { result, events, asked: events.filter((e) => e.type === 'confirm.asked') };
}

beforeAll(async () => {
  engine = await loadNodeEngine();
}, 120_000);

describe('bundled examples', () => {
  it('ship every file, dotfiles included, and open a file that exists', () => {
    expect(EXAMPLES.map((e) => e.id)).toEqual(
      expect.arrayContaining(['ltp-library', 'confirm-autonomy', 'lcp-quirks', 'loki-tools']),
    );
    for (const ex of EXAMPLES) expect(Object.keys(ex.files)).toContain(ex.openPath);
    expect(findExample('loki-tools')?.files['functions/.env']).toContain('GREETING=');
  });

  it('LTP library: hub metadata and titles, the same schema for both hosts, a status line and a written file', async () => {
    const root = mount('ltp-library');
    const inspection = engine.call('inspect', { paths: [`${root}/tools`], profile: 'hub' });
    const wiki = inspection.libraries.find((l) => l.file.endsWith('wikipedia.py'));
    expect(wiki).toMatchObject({
      name: 'Wikipedia',
      icon: '📖',
      titles: { tool_search_wikipedia: '📖 Consulting Wikipedia' },
    });
    const schemaOf = (profile: 'lcp' | 'hub') =>
      engine
        .call('inspect', { paths: [`${root}/tools/wikipedia.py`], profile })
        .tools.find((t) => t.name === 'tool_search_wikipedia')?.inputSchema;
    expect(schemaOf('lcp')).toEqual(schemaOf('hub'));
    const search = await call(root, 'tool_search_wikipedia', { query: 'Quantum Computing' });
    expect(search.result).toMatchObject({ success: true, output: { titles: ['Quantum Computing'] } });
    expect(search.events[0]).toMatchObject({
      type: 'call.started',
      statusLine: '📖 Consulting Wikipedia: "Quantum Computing"\n',
    });
    const note = await call(root, 'tool_write_note', { path: 'notes/today.md', text: 'buy milk' });
    expect(note.result).toMatchObject({ success: true, output: 'Saved notes/today.md' });
    expect(note.events.find((e) => e.type === 'fs.changed')).toMatchObject({ created: ['notes/today.md'] });
  });

  it('confirmations: safe asks before rm and honours Reject with its reason; full_access never asks; strict asks even for ls', async () => {
    const root = mount('confirm-autonomy');
    const rejected = await call(
      root,
      'tool_run_file_command',
      { command: 'rm docs/old.txt' },
      { reply: { decision: 'reject', reason: 'keep it' } },
    );
    expect(rejected.asked).toHaveLength(1);
    expect(rejected.asked[0]).toMatchObject({
      content: 'rm docs/old.txt',
      label: '[RISKY: rm changes files] Run file command',
    });
    expect(String(rejected.result.error)).toBe('🛑 EXECUTION REJECTED BY USER: keep it');
    expect(engine.fs.analyzePath(`${root}/docs/old.txt`).exists).toBe(true);

    const strict = await call(
      root,
      'tool_run_file_command',
      { command: 'ls docs' },
      { hostConfig: { file_manager: { autonomy_level: 'strict' } }, reply: { decision: 'allow' } },
    );
    expect(strict.asked[0]).toMatchObject({ label: '[STRICT] Run file command' });
    expect(strict.result).toMatchObject({ success: true, output: ['old.txt'] });
  });

  it('confirmations: full_access runs risky commands without asking', async () => {
    const root = mount('confirm-autonomy');
    const free = await call(
      root,
      'tool_run_file_command',
      { command: 'rm docs/old.txt' },
      { hostConfig: { file_manager: { autonomy_level: 'full_access' } } },
    );
    expect(free.asked).toHaveLength(0);
    expect(free.result).toMatchObject({ success: true });
    expect(engine.fs.analyzePath(`${root}/docs/old.txt`).exists).toBe(false);
  });

  it('LCP quirks: every surprise in the file gets a diagnostic, and the unevaluated default reaches the tool as text', async () => {
    const root = mount('lcp-quirks');
    const diagnostics = engine.call('lint', { paths: [`${root}/tools`] });
    const lines = new Set(
      diagnostics.filter((d) => d.profiles.length === 0 || d.profiles.includes('lcp')).map((d) => d.line),
    );
    const source = findExample('lcp-quirks')!.files['tools/quirks.py']!.split('\n');
    const defLine = (text: string) => source.findIndex((l) => l.includes(text)) + 1;
    for (const def of ['def tool_export', 'def tool_sum', 'def tool_top', 'async def tool_fetch', 'def tool_boxed'])
      expect(lines.has(defLine(def)), def).toBe(true);
    expect((await call(root, 'tool_top', {})).result).toMatchObject({
      output: { limit: 'DEFAULT_LIMIT', limit_type: 'str' },
    });
  });

  it('Loki layout: word_count is declared from its docstring, runs with functions/.env, and the undocumented draft is an error', async () => {
    const root = mount('loki-tools');
    const inspection = engine.call('inspect', { paths: [`${root}/functions/tools`], profile: 'loki' });
    const wc = inspection.tools.find((t) => t.name === 'word_count');
    expect(wc?.inputSchema).toMatchObject({
      properties: { unit: { type: 'string', enum: ['words', 'lines', 'characters'] } },
      required: ['path', 'unit'],
    });
    expect(inspection.diagnostics.some((d) => d.severity === 'error' && d.file.endsWith('draft_no_doc.py'))).toBe(true);
    const run = await call(root, 'word_count', { path: 'notes/poem.txt', unit: 'words', top: 1 }, { loki: true });
    expect(run.result).toMatchObject({
      exit_code: 0,
      model_value: { words: 20, tool: 'word_count', top: [{ word: 'the', count: 6 }] },
    });
  });
});
