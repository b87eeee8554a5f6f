/**
 * What a lesson shows a host producing is what the engine produces. Each shown output of a
 * lesson.md (a fenced block such as "hub-status tool_x {…}", src/course/fences.ts) is rendered
 * through the real engine over the lesson's example files and compared exactly, so a changed
 * engine or a changed sentence fails here. Output-shaped text quoted in the prose (a status line,
 * a `{"output": …}`, DONE, a listing line, LCP's placeholders) must be part of a shown block of
 * the same lesson, so it is pinned too.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { inlineCode, parseLessonText } from '../../src/course/lesson-text.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import type { Lesson, TextBlock } from '../../src/course/types.ts';
import { claimsOf, render, renderInOrder, shownJson } from './claims.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const withClaims = COURSE.map((l) => [l.id, claimsOf([...l.intro, ...l.task])] as const).filter(
  ([, claims]) => claims.length > 0,
);

describe.each(withClaims)("%s: every shown output is the engine's", (_id, claims) => {
  it.each(claims.map((c, i) => [`${i + 1}. ${c.caption}`, c, i] as const))('%s', async (_caption, claim, index) => {
    expect(await renderInOrder(host, claims, index)).toBe(claim.shown);
  });
});

/** Inline code that reads as something a host produced, rather than something a person writes. */
const OUTPUT_SHAPED: RegExp[] = [
  /^\{"(output|tool_call_error|error|success|status_code)"/,
  /^<tool_result/,
  /^- tool_\w*\(/,
  /^"?DONE"?$/,
  /^[^\x00-\x7F].*: ".*"$/u,
  /No description provided\.|^Parameter '|Tool executed successfully|crashed: |exited with code/,
];

/** A shape such as `{"output": …}`, or a Python dict a tool returns, is not JSON: only concrete JSON counts as output. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Host messages that read as outputs wherever they are quoted, in code or in plain words. */
const HOST_PHRASES =
  /No description provided\.|Parameter '\w+'|Tool executed successfully \(no output\)\.|Tool '\w+' crashed: [^"`]*|Function '[^']*' not found in module\.|Tool initialization failed: [^"`]*/g;

const proseOf = (blocks: TextBlock[]): string[] =>
  blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.text] : b.kind === 'list' ? b.items : []));

/** The output-shaped quotes of some prose: inline code that looks produced, and host phrases anywhere. */
function quotedOutputs(texts: string[]): string[] {
  const inline = texts
    .flatMap((t) =>
      inlineCode(t)
        .filter((p) => p.code)
        .map((p) => p.text),
    )
    .filter((q) => OUTPUT_SHAPED.some((r) => r.test(q)) && (!q.startsWith('{') || isJson(q)));
  const phrases = texts.flatMap((t) => [...t.matchAll(HOST_PHRASES)].map((m) => m[0].replace(/[.,;:]$/, '')));
  return [...inline, ...phrases];
}

const shownTexts = (l: Lesson): string[] => claimsOf([...l.intro, ...l.task]).map((c) => c.shown);

// The task is left out: what it quotes is what the check demands, and lessons.test.ts pins that
// the shipped solution produces it.
describe("output-shaped text in a lesson's text and hints is a shown output", () => {
  it.each(COURSE.map((l) => [l.id, l] as const))('%s', (_id, lesson) => {
    const unpinned = quotedOutputs([...proseOf(lesson.intro), ...lesson.hints]).filter(
      (q) => !shownTexts(lesson).some((s) => s.includes(q)),
    );
    expect(unpinned).toEqual([]);
  });

  it('finds such text in prose', () => {
    expect(
      quotedOutputs([
        'The model reads `{"output": "x"}`, and "No description provided." too.',
        'Then `📖 A: "b"` and Parameter \'name\'.',
      ]),
    ).toEqual(['{"output": "x"}', '📖 A: "b"', 'No description provided', "Parameter 'name'"]);
    expect(
      quotedOutputs([
        'Shapes `{"output": …}` and Python `{"success": False}` are not outputs; `{"output": "True"}` is.',
      ]),
    ).toEqual(['{"output": "True"}']);
  });
});

describe('the claims test itself', () => {
  it('fails a shown output the engine does not produce, and shows JSON the way lessons write it', async () => {
    const markdown =
      '# T\n\n```python tools/t.py\ndef tool_t(n: int = 5):\n    """Counts."""\n    return n\n```\n\n```lcp-result tool_t {}\n{"output": 6, "status_code": 200, "success": true}\n```\n\n## Task\n\nx\n\n## Hints\n\n- y\n';
    const [claim] = claimsOf(parseLessonText('t', markdown).intro);
    expect(claim?.caption).toBe("What LCP's execute_tool returns, for tool_t {}");
    expect(await render(host, claim?.files ?? {}, claim!.output)).toBe(
      '{"output": 5, "status_code": 200, "success": true}',
    );
    expect(claim?.shown).not.toBe('{"output": 5, "status_code": 200, "success": true}');
    expect(shownJson({ a: [1, 'é'], b: null })).toBe('{"a": [1, "é"], "b": null}');
    expect(shownJson({ long: 'x'.repeat(100) })).toBe(`{\n  "long": "${'x'.repeat(100)}"\n}`);
  });

  it("runs a lesson's hub calls in order with the store they leave, and presses the Initialise button", async () => {
    const counter =
      'def tool_c(args: dict, lollms=None):\n    """Counts."""\n    n = lollms.get("n", 0) + 1\n    lollms.set("n", n)\n    return n';
    const block = (info: string, text: string) => `\`\`\`${info}\n${text}\n\`\`\`\n\n`;
    const markdown = `# T\n\n${block('python tools/c.py', counter)}${block('hub-result tool_c {}', '1')}${block('hub-result tool_c {}', '2')}${block('hub-init c.py .body.message', 'No initialization function found. Library is ready.')}## Task\n\nx\n\n## Hints\n\n- y\n`;
    const claims = claimsOf(parseLessonText('t', markdown).intro);
    expect(claims.map((c) => c.caption)).toEqual([
      "What the hub's agent sends the model, for tool_c {}",
      "What the hub's agent sends the model, for tool_c {}",
      "What the hub's Initialise button answers (body.message), c.py",
    ]);
    const rendered: string[] = [];
    for (const i of claims.keys()) rendered.push(await renderInOrder(host, claims, i));
    expect(rendered).toEqual(claims.map((c) => c.shown));
    // Alone, the second call starts with an empty store.
    expect(await render(host, claims[1]!.files, claims[1]!.output)).toBe('1');
  });

  it('refuses a fence it does not know, and a call without its tool', () => {
    const lesson = (fence: string) => `# T\n\n\`\`\`${fence}\nx\n\`\`\`\n\n## Task\n\nx\n\n## Hints\n\n- y\n`;
    expect(() => parseLessonText('t', lesson('lcp-resutl tool_t'))).toThrow('lesson t: unknown fence "lcp-resutl"');
    expect(() => parseLessonText('t', lesson('hub-status'))).toThrow(
      'lesson t: a "hub-status" block names the tool it calls',
    );
    expect(() => parseLessonText('t', lesson('hub-init'))).toThrow('lesson t: a "hub-init" block names its tool');
    expect(() => parseLessonText('t', lesson('hub-init x.py {}'))).toThrow('takes no arguments');
    expect(() => parseLessonText('t', lesson('lcp-result tool_t {"a": }'))).toThrow('must be one JSON object');
    expect(() => parseLessonText('t', lesson('python ../x.py'))).toThrow('stays inside the workspace');
  });
});
