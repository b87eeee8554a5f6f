import { describe, expect, it } from 'vitest';
import { ArgsForm } from '../../src/app/state/args.svelte.ts';
import { numberAsTyped } from '../../src/protocol/json-text.ts';

// Loki's declaration of the word_count example: enum, optional array, integer, required string.
const schema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'The file' },
    unit: { type: 'string', enum: ['words', 'lines'] },
    ignore: { type: 'array', items: { type: 'string' } },
    top: { type: 'integer', default: 0 },
  },
  required: ['path', 'unit'],
};

describe('ArgsForm', () => {
  it("starts without the optional arguments (their defaults are the host's) and reports what is missing, in words", () => {
    const form = new ArgsForm(schema, undefined);
    expect(form.value).toEqual({});
    expect(JSON.parse(form.text)).toEqual({});
    expect(form.problems).toEqual(['missing required "path"', 'missing required "unit"']);
  });

  it('keeps the form and the JSON text in sync both ways, and saves the text', () => {
    const saved: string[] = [];
    const form = new ArgsForm(schema, undefined, (t) => saved.push(t));
    form.set('path', 'notes/poem.txt');
    form.set('unit', 'words');
    expect(JSON.parse(form.text)).toEqual({ path: 'notes/poem.txt', unit: 'words' });
    expect(form.problems).toEqual([]);
    form.setText('{"path": "a.txt", "unit": "lines", "ignore": ["the"]}');
    expect(form.value).toEqual({ path: 'a.txt', unit: 'lines', ignore: ['the'] });
    form.set('ignore', undefined);
    expect(form.value).toEqual({ path: 'a.txt', unit: 'lines' });
    expect(saved).toHaveLength(4);
    expect(saved.at(-1)).toBe(form.text);
  });

  it('checks values against the schema with ajv', () => {
    const form = new ArgsForm(schema, '{"path": 3, "unit": "pages", "top": 1.5}');
    expect(form.problems).toEqual([
      'path: must be string',
      'unit: must be one of ["words","lines"]',
      'top: must be integer',
    ]);
  });

  it('keeps an unparsable text for the person to fix, and the last good value', () => {
    const form = new ArgsForm(schema, '{"path": "x", "unit": "words"}');
    form.setText('{"path": ');
    expect(form.text).toBe('{"path": ');
    expect(form.parseError).toMatch(/^not valid JSON/);
    expect(form.problems).toEqual([form.parseError]);
    expect(form.value).toEqual({ path: 'x', unit: 'words' });
    form.setText('[1, 2]');
    expect(form.parseError).toBe('arguments must be a JSON object, like {"query": "…"}');
  });

  it('restores a remembered text and resets to a fresh form', () => {
    const form = new ArgsForm(schema, '{"path": "kept.txt", "unit": "lines", "top": 2}');
    expect(form.value).toEqual({ path: 'kept.txt', unit: 'lines', top: 2 });
    form.reset();
    expect(form.value).toEqual({});
  });

  it('still works when a host emits a schema ajv cannot compile', () => {
    const form = new ArgsForm({ type: 'object', properties: { a: { type: 'nonsense' } } }, undefined);
    expect(form.problems[0]).toMatch(/^the host's schema cannot be checked/);
  });

  it('sends numbers as they were written in the JSON editor, through later form edits too (contract 2)', () => {
    const form = new ArgsForm(
      { type: 'object', properties: { q: { type: 'number' }, note: { type: 'string' } } },
      undefined,
    );
    form.setText('{"q": 2.0, "big": 12345678901234567891, "e": 1e20, "z": -0.0, "deep": [1.50, {"x": 3.0}]}');
    expect(form.value.q).toBe(2);
    expect(form.problems).toEqual([]);
    form.set('note', 'hi');
    form.set('deep', [1.5, { x: 3 }]);
    expect(form.text).toBe(
      '{\n  "q": 2.0,\n  "big": 12345678901234567891,\n  "e": 1e20,\n  "z": -0.0,\n  "deep": [\n    1.50,\n    {\n      "x": 3.0\n    }\n  ],\n  "note": "hi"\n}',
    );
  });

  it('sends a number typed 2.0 into a form field as 2.0, and still checks it against the schema', () => {
    const form = new ArgsForm(
      { type: 'object', properties: { q: { type: 'number' }, n: { type: 'integer' } }, required: ['q'] },
      undefined,
    );
    form.set('q', numberAsTyped('2.0'));
    expect(JSON.parse(form.text)).toEqual({ q: 2 });
    expect(form.text).toContain('"q": 2.0');
    expect(form.value).toEqual({ q: 2 });
    form.set('n', numberAsTyped('1.5'));
    expect(form.problems).toEqual(['n: must be integer']);
    form.set('q', 2);
    expect(form.text).toContain('"q": 2.0');
    form.set('q', numberAsTyped(' 7 '));
    expect(form.text).toContain('"q": 7');
  });
});
