/**
 * Loki's `visible_tools` (config.yaml) and what its start-up (`Functions::init`) does with each
 * entry: declarations built, silently none, two with one name, or the error it stops at.
 */
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/engine/engine.ts';
import { getEngine } from './engine.ts';
import { lokiLayout, py } from './loki.fixtures.ts';

function visibleTools(engine: Engine, yaml: string): unknown {
  return JSON.parse(String(py(engine, `import json; from toolplay.hosts.loki import host as loki; json.dumps(loki.visible_tools(${JSON.stringify(yaml)}))`)));
}

function usageError(engine: Engine, yaml: string): string {
  return String(
    py(engine, `from toolplay.hosts.loki import host as loki\nfrom toolplay.core import usage as api\ntry:\n    loki.visible_tools(${JSON.stringify(yaml)})\n    r = "no error"\nexcept api.UsageError as e:\n    r = str(e)\nr`),
  );
}

const CONFIG = `# ---- Function Calling ----
function_calling: true
mapping_tools:                   # Alias for a tool or toolset
  fs: 'fs_cat,fs_ls,fs_mkdir'
enabled_tools: null              # Which tools to enable by default
visible_tools:                   # Which tools are visible to be compiled
#  - demo_py.py
  - execute_command.sh
#  - execute_py_code.py

  - fs_cat.sh   # inline comment
  - 'quoted one.py'
  - "double #quoted.py"
  - get_current_weather.py
agents:
  - name: coder
    visible_tools:
      - nested_is_not_top_level.py
`;

describe('visible_tools(config.yaml)', () => {
  it('reads the top-level block list, skipping comments and ignoring every other key', async () => {
    const engine = await getEngine();
    expect(visibleTools(engine, CONFIG)).toEqual(['execute_command.sh', 'fs_cat.sh', 'quoted one.py', 'double #quoted.py', 'get_current_weather.py']);
    expect(visibleTools(engine, CONFIG.replaceAll('\n', '\r\n'))).toEqual(visibleTools(engine, CONFIG));
  });

  it('reads flow lists, unindented items, and null or missing keys as no tools', async () => {
    const engine = await getEngine();
    expect(visibleTools(engine, 'visible_tools: [a.py, "b c.sh",\n  d.py]  # x\nother: 1\n')).toEqual(['a.py', 'b c.sh', 'd.py']);
    expect(visibleTools(engine, 'visible_tools:\n- a.py\n- b.sh\nmodel: x\n')).toEqual(['a.py', 'b.sh']);
    expect(visibleTools(engine, 'visible_tools: []\n')).toEqual([]);
    expect(visibleTools(engine, 'visible_tools: null\n')).toEqual([]);
    expect(visibleTools(engine, 'visible_tools:\nmodel: x\n')).toEqual([]);
    expect(visibleTools(engine, 'model: openai:gpt-4o\n')).toEqual([]);
  });

  it('says clearly when the key is not a list', async () => {
    const engine = await getEngine();
    expect(usageError(engine, 'visible_tools: fs_cat.sh\n')).toBe("config.yaml line 1: visible_tools must be a list of tool file names, got 'fs_cat.sh'");
    expect(usageError(engine, 'visible_tools: [a.py\n')).toBe('config.yaml line 1: unclosed [ in visible_tools');
    expect(usageError(engine, 'visible_tools:\n  - a.py\n  -\n')).toBe('config.yaml line 3: empty visible_tools entry (Loki needs a file name)');
  });
});

interface Entry {
  entry: string;
  path: string;
  exists: boolean;
  language: string | null;
  declarations: { name: string }[] | null;
  error: string | null;
  note: string | null;
}

describe('select_tools(functions_dir, visible)', () => {
  it('does for each entry what Loki does, and stops at the first error', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'config');
    layout.write('tools/ok.py', 'def run(q: str):\n    """Ok."""\n');
    layout.write('tools/norun.py', 'def helper():\n    """Not run."""\n');
    layout.write('tools/tworun.py', 'def run():\n    """One."""\n\ndef run():\n    """Two."""\n');
    layout.write('tools/nodoc.py', 'def run():\n    pass\n');
    layout.write('tools/shell.sh', '# @describe Shell\nmain() { :; }\n');
    layout.write('tools/notes.txt', 'text');
    layout.write('tools/noext', 'text');
    layout.write('tools/unlisted.py', 'def run():\n    """Never built."""\n');
    const visible = ['ok.py', 'missing.py', 'notes.txt', 'norun.py', 'tworun.py', 'shell.sh', 'nodoc.py', 'noext'];
    const out = JSON.parse(
      String(py(engine, `import json; from toolplay.hosts.loki import host as loki; json.dumps(loki.select_tools(${JSON.stringify(layout.functions)}, ${JSON.stringify(visible)}))`)),
    ) as { entries: Entry[]; files: string[]; declarations: { name: string }[]; startupError: string | null; unlisted: string[] };
    const t = layout.tools;
    const by = (name: string): Entry | undefined => out.entries.find((e) => e.entry === name);
    expect(out.entries.map((e) => e.entry)).toEqual(visible);
    expect(by('ok.py')).toMatchObject({ path: `${t}/ok.py`, language: 'python', error: null, note: null });
    expect(by('ok.py')?.declarations?.map((d) => d.name)).toEqual(['ok']);
    expect(by('missing.py')).toMatchObject({ exists: false, error: `Tool definition file not found: ${t}/missing.py` });
    expect(by('notes.txt')).toMatchObject({ exists: true, error: 'Unsupported tool file extension: Unsupported' });
    expect(by('norun.py')).toMatchObject({ declarations: [], error: null, note: 'no top-level def run: Loki builds no declaration for this file, silently' });
    expect(by('tworun.py')?.declarations?.map((d) => d.name)).toEqual(['tworun', 'tworun']);
    expect(by('tworun.py')?.note).toBe("2 declarations named 'tworun': one per top-level def run (Python keeps the last)");
    expect(by('shell.sh')).toMatchObject({ language: 'bash', declarations: null, error: null });
    expect(by('nodoc.py')).toMatchObject({ error: 'Missing or empty description on function: run' });
    expect(by('noext')).toMatchObject({ error: 'Unable to extract language from tool file: noext' });
    expect(out.startupError).toBe(`Tool definition file not found: ${t}/missing.py`);
    expect(out.files).toEqual([`${t}/ok.py`, `${t}/norun.py`, `${t}/tworun.py`, `${t}/shell.sh`]);
    expect(out.declarations.map((d) => d.name)).toEqual(['ok', 'tworun', 'tworun']);
    expect(out.unlisted).toEqual(['unlisted.py']);
  });

  it('starts cleanly when every entry builds', async () => {
    const engine = await getEngine();
    const layout = lokiLayout(engine, 'config');
    layout.write('tools/ok.py', 'def run():\n    """Ok."""\n');
    const out = JSON.parse(String(py(engine, `import json; from toolplay.hosts.loki import host as loki; json.dumps(loki.select_tools(${JSON.stringify(layout.functions)}, ["ok.py"]))`))) as {
      startupError: string | null;
    };
    expect(out.startupError).toBeNull();
  });
});
