/** The scripted model's script: accepted shapes, and errors that name the turn, the key and the line. */
import { describe, expect, it } from 'vitest';
import { describeProblems, parseScript } from '../../src/agent/script.ts';

const problems = (text: string): string => {
  const parsed = parseScript(text);
  return parsed.ok ? 'ok' : describeProblems(parsed.problems);
};

describe('parseScript', () => {
  it('reads calls, lists of calls, say and if_error, keeping the arguments text as written', () => {
    const parsed = parseScript(`[
  {"call": "tool_a", "args": {"x": 2.0, "big": 12345678901234567891}},
  [{"call": "tool_b"}, {"call": "tool_c", "args": "{not json", "id": "c9"}],
  {"if_error": {"say": "bad {{last_result}}"}, "else": [{"call": "tool_a", "args": {}}]},
  {"say": "done {{result.2}}"}
]`);
    expect(parsed).toEqual({
      ok: true,
      turns: [
        { kind: 'calls', calls: [{ name: 'tool_a', argsJson: '{"x": 2.0, "big": 12345678901234567891}' }] },
        {
          kind: 'calls',
          calls: [
            { name: 'tool_b', argsJson: '{}' },
            { name: 'tool_c', argsJson: '{not json', id: 'c9' },
          ],
        },
        {
          kind: 'if',
          ifError: { kind: 'say', text: 'bad {{last_result}}' },
          otherwise: { kind: 'calls', calls: [{ name: 'tool_a', argsJson: '{}' }] },
        },
        { kind: 'say', text: 'done {{result.2}}' },
      ],
    });
  });

  it('names the turn, the key and the position of every problem', () => {
    expect(
      problems(
        '[\n  {"call": "t", "args": [1]},\n  {"say": 3},\n  {"if_error": {"say": "x"}},\n  {"speak": "x"},\n  {"say": "{{result.0}} {{foo}}"}\n]',
      ),
    ).toBe(
      [
        'line 2, column 25: turn 1: "args" must be a JSON object (or a string holding the arguments text exactly as a model would send it)',
        'line 3, column 11: turn 2: "say" must be a string (the final answer)',
        'line 4, column 3: turn 3: the rule has "if_error" but no "else"',
        'line 5, column 3: turn 4: unknown key "speak" (a turn is "call", "say" or "if_error"/"else")',
        'line 6, column 11: turn 5: "say" has an unknown placeholder {{result.0}} (use {{last_result}} or {{result.N}}, N counting calls from 1)',
        'line 6, column 11: turn 5: "say" has an unknown placeholder {{foo}} (use {{last_result}} or {{result.N}}, N counting calls from 1)',
      ].join('\n'),
    );
  });

  it('names the call inside a list and an unknown key in a call', () => {
    expect(problems('[[{"call": "a"}, {"call": "", "arg": {}}]]')).toBe(
      [
        'line 1, column 31: turn 1, call 2: unknown key "arg" in a call (expected "call", "args", "id")',
        'line 1, column 27: turn 1, call 2: "call" must name a tool (a non-empty string)',
      ].join('\n'),
    );
  });

  it('says what a script is when it is not one', () => {
    expect(problems('{"say": "x"}')).toMatch(/^line 1, column 1: the script must be a JSON list of turns, e\.g\. \[/);
    expect(problems('[]')).toMatch(/^line 1, column 1: the script has no turns/);
    expect(problems('')).toMatch(/^line 1, column 1: the script is empty/);
    expect(problems('[{"say": "x"},]')).toBe('line 1, column 15: not valid JSON: ValueExpected');
    expect(problems('[{"say": "x"} // note\n]')).toMatch(/^line 1, column 15: not valid JSON: InvalidCommentToken/);
  });
});
