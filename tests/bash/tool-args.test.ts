import { describe, expect, it } from 'vitest';
import { parseToolData, toolArgsText } from '../../src/bash/tool-args.ts';
import { planDotenv, readKeyValue } from '../../src/bash/dotenv.ts';
import { lokiModelValue } from '../../src/bash/model-value.ts';

describe('tool JSON → run-tool.sh option words', () => {
  it('builds the jq script’s text: _ → -, arrays repeat, false dropped, null/numbers/objects via tostring', () => {
    expect(
      toolArgsText({
        dry_run: true,
        quiet: false,
        tags: ['x', 'y z'],
        n: null,
        count: 1.5,
        note: { a: 1 },
        text: "it's",
      }),
    ).toBe(`--dry-run  --tags 'x' --tags 'y z' --n 'null' --count '1.5' --note '{"a":1}' --text 'it'"'"'s'`);
  });

  it("splices newlines as $'\\n' so they survive eval", () => {
    expect(toolArgsText({ text: 'a\nb' })).toBe(`--text 'a'$'\\n''b'`);
  });

  it('reads the tool data as the wrapper does', () => {
    expect(parseToolData('', 'usage: ./x.sh <tool-data>')).toEqual({ ok: false, message: 'usage: ./x.sh <tool-data>' });
    expect(parseToolData('not json', 'usage')).toEqual({ ok: false, message: 'error: invalid JSON data' });
    expect(parseToolData('[1]', 'usage')).toEqual({ ok: false, message: 'error: invalid JSON data' });
    expect(parseToolData('{"a":1}', 'usage')).toEqual({ ok: true, args: { a: 1 } });
    expect(parseToolData({ a: 1 }, 'usage')).toEqual({ ok: true, args: { a: 1 } });
  });
});

describe('.env as run-tool.sh load_env reads it', () => {
  it('splits like bash `IFS== read -r key value` (measured with bash 5.2)', () => {
    expect(readKeyValue('A=b=')).toEqual(['A', 'b']);
    expect(readKeyValue('A=b==')).toEqual(['A', 'b==']);
    expect(readKeyValue('D==x')).toEqual(['D', '=x']);
    expect(readKeyValue('E=x=y=')).toEqual(['E', 'x=y=']);
    expect(readKeyValue('C==')).toEqual(['C', '']);
    expect(readKeyValue('WITH_EQ=a=b')).toEqual(['WITH_EQ', 'a=b']);
    expect(readKeyValue('NOVALUE')).toEqual(['NOVALUE', '']);
  });

  it('skips comments and empty keys, keeps variables already set, evals the rest', () => {
    const plan = planDotenv('# c\nA=1\n=x\nB="two words"\nEXISTING=no', (k) => k === 'EXISTING');
    expect(plan).toEqual({ ok: true, exportText: ' A=1 B="two words"' });
  });

  it('stops on a key bash cannot expand (${!key+x} is fatal)', () => {
    expect(planDotenv('A=1\n SPACED = v\n', () => false)).toEqual({ ok: false, key: ' SPACED ' });
    expect(planDotenv('export X=1', () => false)).toEqual({ ok: false, key: 'export X' });
  });
});

describe('what Loki hands the model', () => {
  it('follows §5', () => {
    expect(lokiModelValue('t', 3, '  bad things\n', 'ignored')).toEqual({
      tool_call_error: "Tool call 't' exited with code 3",
      stderr: 'bad things',
    });
    expect(lokiModelValue('t', 1, '', null)).toEqual({ tool_call_error: "Tool call 't' exited with code 1" });
    // No output, an empty one or the text `null`: serde's Null, sent as "DONE" (as the Python runner gives it).
    expect(lokiModelValue('t', 0, '', null)).toBe('DONE');
    expect(lokiModelValue('t', 0, '', '')).toBe('DONE');
    expect(lokiModelValue('t', 0, '', 'null\n')).toBe('DONE');
    expect(lokiModelValue('t', 0, '', '42')).toBe(42);
    expect(lokiModelValue('t', 0, '', '{"x": 1}\n')).toEqual({ x: 1 });
    expect(lokiModelValue('t', 0, '', 'True')).toEqual({ output: 'True' });
  });

  it('gives a number past f64 as text, as serde_json refuses it ("number out of range")', () => {
    expect(lokiModelValue('t', 0, '', '1e400')).toEqual({ output: '1e400' });
    expect(lokiModelValue('t', 0, '', '{"x": -1e400}')).toEqual({ output: '{"x": -1e400}' });
    expect(lokiModelValue('t', 0, '', '[1e-400]')).toEqual([0]);
  });
});
