// "Save as eval": an agent conversation made into an eval case (the last user message, the text
// turns before it, the first tool called with each argument as an `equals` matcher kept as the
// model wrote it, the number of calls), edited, and added to an eval file that then reads.
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../src/agent/types.ts';
import { caseFromConversation, caseText, withCaseAdded } from '../../src/evals/from-conversation.ts';
import { readEvalFile } from '../../src/evals/read.ts';
import { EvalDraft } from '../../src/app/state/eval-draft.svelte.ts';

const CONVERSATION: AgentMessage[] = [
  { role: 'user', content: 'I keep a list of numbers.' },
  { role: 'assistant', round: 1, model: 'm', content: 'Which ones?', calls: [] },
  { role: 'user', content: 'Please sum 4, 8 and 15.5' },
  {
    role: 'assistant',
    round: 1,
    model: 'm',
    content: '',
    calls: [
      { id: 'c1', name: 'tool_sum', argsJson: '{"values": [4, 8, 15.50], "label": "total"}' },
      { id: 'c2', name: 'tool_note', argsJson: '{}' },
    ],
  },
  { role: 'assistant', round: 2, model: 'm', content: 'It is 27.5.', calls: [] },
];

const PATH = 'evals/agent.toolplay-eval.json';

/** A workspace of one text file map. */
function workspace(files: Record<string, string> = {}) {
  return {
    files,
    readText: (p: string) => files[p] ?? null,
    write: (p: string, c: string | Uint8Array) => void (files[p] = String(c)),
  };
}

describe('Save as eval', () => {
  it('makes the case: the last message, the text turns before it, the first call with its arguments as written', () => {
    const made = caseFromConversation(CONVERSATION, 'lcp');
    expect(made && caseText(made)).toBe(
      JSON.stringify(
        {
          name: 'Please sum 4, 8 and 15.5',
          conversation: [
            { role: 'user', content: 'I keep a list of numbers.' },
            { role: 'assistant', content: 'Which ones?' },
          ],
          message: 'Please sum 4, 8 and 15.5',
          profile: 'lcp',
          expect: {
            tool: 'tool_sum',
            args: { values: { equals: [4, 8, 15.5] }, label: { equals: 'total' } },
            calls: 2,
          },
        },
        null,
        2,
      ).replace('15.5\n', '15.50\n'),
    );
  });

  it('expects no tool when the model answered in words, and nothing without a user message', () => {
    const words: AgentMessage[] = [
      { role: 'user', content: 'hello' },
      { role: 'assistant', round: 1, model: 'm', content: 'Hi!', calls: [] },
    ];
    expect(caseFromConversation(words, 'hub')?.expect).toEqual({ tool: null });
    expect(caseFromConversation([], 'hub')).toBeNull();
  });

  it('adds the edited case to a new or an existing file, which reads; refuses a file that does not read, a name used twice, a path outside evals/', () => {
    const made = caseFromConversation(CONVERSATION, 'lcp');
    if (!made) throw new Error('no case');
    const edited = caseText({ ...made, expect: { tool: 'tool_sum', args: { values: { type: 'array' } } } });
    const first = withCaseAdded(PATH, null, edited);
    if (!('text' in first)) throw new Error(first.problem);
    const read = readEvalFile(PATH, first.text);
    expect('cases' in read && read.cases.map((c) => [c.name, c.profiles, c.expect])).toEqual([
      ['Please sum 4, 8 and 15.5', ['lcp'], { tool: 'tool_sum', args: { values: { type: 'array' } } }],
    ]);
    expect(withCaseAdded(PATH, first.text, edited)).toEqual({
      problem: `${PATH}: case "Please sum 4, 8 and 15.5": name: cases[0] has this name too: each case's name is its own`,
    });
    const second = withCaseAdded(PATH, first.text, caseText({ ...made, name: 'again' }));
    expect('text' in second && JSON.parse(second.text).cases.length).toBe(2);
    expect(withCaseAdded(PATH, '{"toolplayEvals": 1}', edited)).toEqual({
      problem: expect.stringMatching(/^evals\/agent\.toolplay-eval\.json: .*\(fix it, then save again\)$/),
    });
    expect(withCaseAdded('tests/x.json', null, edited)).toEqual({
      problem: 'an eval file is evals/<name>.toolplay-eval.json',
    });
    expect(withCaseAdded(PATH, null, '{"name": ')).toEqual({
      problem: expect.stringMatching(/^the case is not valid JSON/),
    });
  });

  it('the draft names its case freely in the default file and writes it there', () => {
    const ws = workspace();
    const draft = EvalDraft.of(CONVERSATION, 'lcp', ws);
    expect(draft?.save()).toBe(true);
    const again = EvalDraft.of(CONVERSATION, 'lcp', ws);
    expect(again?.text).toContain('"name": "Please sum 4, 8 and 15.5 (2)"');
    expect(again?.save()).toBe(true);
    const read = readEvalFile(PATH, ws.files[PATH] ?? '');
    expect('cases' in read && read.cases.map((c) => c.name)).toEqual([
      'Please sum 4, 8 and 15.5',
      'Please sum 4, 8 and 15.5 (2)',
    ]);
  });
});
