import { describe, expect, it } from 'vitest';
import { ArgsForm } from '../../src/ui/state/args.svelte.ts';

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
  it('starts without the optional arguments (their defaults are the host\'s) and reports what is missing, in words', () => {
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
    expect(form.problems).toEqual(['path: must be string', 'unit: must be one of ["words","lines"]', 'top: must be integer']);
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
});
