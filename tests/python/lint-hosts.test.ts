// One table says which hosts each diagnostic code is about: the engine's (lint/hosts.py) and
// docs/diagnostics.md's "Codes and hosts" must say the same, and every diagnostic carries it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../../src/protocol/vocabulary.ts';
import { getEngine } from './engine.ts';
import { lintCase } from './lint_harness.ts';

const docs = readFileSync(new URL('../../docs/diagnostics.md', import.meta.url), 'utf8');

/** `LOKI001–LOKI005, LOKI007` → each code; `every host` → []. */
function docsTable(): Record<string, string[]> {
  const section = docs.slice(docs.indexOf('## Codes and hosts'), docs.indexOf('<a id="py001">'));
  const table: Record<string, string[]> = {};
  for (const [, codes = '', hosts = ''] of section.matchAll(/^\| ([A-Z][^|]*\d) \| ([^|]+) \|$/gm)) {
    const list = hosts.trim() === 'every host' ? [] : hosts.split(',').map((h) => h.trim());
    for (const part of codes.split(',').map((p) => p.trim())) {
      const [from = '', to = from] = part.split('–');
      const prefix = from.replace(/\d+$/, '');
      for (let n = Number(from.slice(prefix.length)); n <= Number(to.slice(prefix.length)); n++) table[`${prefix}${String(n).padStart(3, '0')}`] = list;
    }
  }
  return table;
}

describe('codes and hosts', () => {
  it("the engine's table and the docs' table are the same, code by code", async () => {
    const engine = await getEngine();
    const engineTable = JSON.parse(engine.py.runPython('import json\nfrom toolplay.lint.hosts import CODE_HOSTS\njson.dumps(CODE_HOSTS)') as string) as Record<string, string[]>;
    expect(Object.keys(engineTable).length).toBeGreaterThanOrEqual(44);
    expect(docsTable()).toEqual(engineTable);
  });

  it("a diagnostic's profiles come from the table: LOKI006 is Loki's alone, LTP005 the hub's, PY001 every host's", async () => {
    const rows = await lintCase({
      name: 'hosts',
      files: {
        'tools/My-Tool.py': 'def run(a: str):\n    """Do it.\n\n    Args:\n        a: A.\n    """\n',
        'lib/hub_lib.py': 'TOOL_LIBRARY_NAME = "X"\n\ndef tool_x():\n    """X."""\n',
        'lib/broken.py': 'def tool_y(:\n',
      },
      expected: [],
    });
    const hosts = Object.fromEntries(rows.map((r) => [r[1], r[6]]));
    expect(hosts).toMatchObject({ LOKI006: ['loki'], LTP005: ['hub'], PY001: [] });
  });
});

describe('the hosts TypeScript knows', () => {
  it("are the engine's lint hosts, in the same order", async () => {
    const engine = await getEngine();
    expect(JSON.parse(engine.py.runPython('import json\nfrom toolplay.lint.hosts import HOSTS\njson.dumps(HOSTS)') as string)).toEqual([...HOSTS]);
  });
});
