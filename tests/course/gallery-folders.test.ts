/**
 * An example is one folder: README.md is its card, example.json how it opens, agent.json its
 * scripted conversation; the gallery finds the folders (Vite's bundle and Node's disk read agree)
 * and names the folder and the part when one is missing or wrong.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGallery } from '../../src/examples/catalog.ts';
import { loadExamples } from '../../src/examples/bundle.node.ts';
import { EXAMPLES } from '../../src/examples/index.ts';

const card =
  '# A title\n\nWhat it shows,\non two lines.\n\n## What to look at\n\nThe first line.\n\n## Notes\n\nMore.\n';
const opening = {
  order: 10,
  host: 'lcp',
  profile: 'lcp',
  openPath: 'tools/a.py',
  run: { tool: 'tool_a', args: { n: 1 } },
};
const folder = (id: string, parts: Record<string, string> = {}) =>
  Object.fromEntries(
    Object.entries({
      'README.md': card,
      'example.json': JSON.stringify(opening),
      'tools/a.py': 'def tool_a(n: int): return n\n',
      ...parts,
    }).map(([k, v]) => [`./${id}/${k}`, v]),
  );

describe('an example folder', () => {
  it('is one example per folder beside the catalog (bar _setup), the same from the bundle and from disk', () => {
    const dir = new URL('../../src/examples/', import.meta.url);
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
      .map((e) => e.name);
    expect(EXAMPLES.map((e) => e.id).sort()).toEqual(folders.sort());
    expect(loadExamples()).toEqual(EXAMPLES);
  });

  it('reads its card from README.md and its opening from example.json; those two and agent.json are not workspace files', () => {
    const agent = '{\n  "message": "Hi",\n  "script": [\n    {"say": "hello"}\n  ]\n}\n';
    const [ex] = buildGallery(folder('a', { 'agent.json': agent }));
    expect(ex).toEqual({
      id: 'a',
      title: 'A title',
      summary: 'What it shows, on two lines.',
      look: 'The first line.',
      host: 'lcp',
      profile: 'lcp',
      openPath: 'tools/a.py',
      run: { tool: 'tool_a', args: { n: 1 } },
      agent: { message: 'Hi', script: '[\n  {"say": "hello"}\n]' },
      files: { 'README.md': card, 'tools/a.py': 'def tool_a(n: int): return n\n' },
    });
  });

  it('lists by order, and names the folder and the part that is missing or wrong', () => {
    expect(
      buildGallery({
        ...folder('b', { 'example.json': JSON.stringify({ ...opening, order: 5 }) }),
        ...folder('a'),
      }).map((e) => e.id),
    ).toEqual(['b', 'a']);
    expect(() => buildGallery({ ...folder('a'), ...folder('b') })).toThrow('example b: order 10 is taken by a');
    const { './a/README.md': _card, ...noCard } = folder('a');
    expect(() => buildGallery(noCard)).toThrow('example a: README.md is missing');
    const { './a/example.json': _opening, ...noOpening } = folder('a');
    expect(() => buildGallery(noOpening)).toThrow('example a: example.json is missing');
    expect(() => buildGallery(folder('a', { 'README.md': '# T\n\nSummary.\n' }))).toThrow(
      'example a: README.md: the "## What to look at" section is missing',
    );
    expect(() => buildGallery(folder('a', { 'README.md': 'no title\n' }))).toThrow(
      'example a: README.md must start with "# "',
    );
    expect(() => buildGallery(folder('a', { 'example.json': '{' }))).toThrow('example a: example.json: not valid JSON');
    expect(() =>
      buildGallery(folder('a', { 'example.json': JSON.stringify({ ...opening, openPath: 'tools/b.py' }) })),
    ).toThrow('example a: example.json: "openPath" must be a file of the example');
    expect(() => buildGallery(folder('a', { 'example.json': JSON.stringify({ ...opening, host: 'mcp' }) }))).toThrow(
      '"host" must be one of lcp, ltp, loki',
    );
    expect(() => buildGallery(folder('a', { 'agent.json': '{"message": "x"}' }))).toThrow(
      'example a: agent.json: must be',
    );
  });
});
