/**
 * What a lesson shows a host producing is what the engine produces. Each shown output of a
 * lesson.md (a fenced block such as "hub-status tool_x {…}", src/course/fences.ts) is rendered
 * through the real engine over the lesson's example files and compared exactly, so a changed
 * engine or a changed sentence fails here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { parseLessonText } from '../../src/course/lesson-text.ts';
import { NodeScratchHost } from '../../src/course/node-host.ts';
import { claimsOf, render, shownJson } from './claims.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const withClaims = COURSE.map((l) => [l.id, claimsOf([...l.intro, ...l.task])] as const).filter(([, claims]) => claims.length > 0);

describe.each(withClaims)('%s: every shown output is the engine\'s', (_id, claims) => {
  it.each(claims.map((c, i) => [`${i + 1}. ${c.caption}`, c] as const))('%s', async (_caption, claim) => {
    expect(await render(host, claim.files, claim.output)).toBe(claim.shown);
  });
});

describe('the claims test itself', () => {
  it('fails a shown output the engine does not produce, and shows JSON the way lessons write it', async () => {
    const markdown = '# T\n\n```python tools/t.py\ndef tool_t(n: int = 5):\n    """Counts."""\n    return n\n```\n\n```lcp-result tool_t {}\n{"output": 6, "status_code": 200, "success": true}\n```\n\n## Task\n\nx\n\n## Hints\n\n- y\n';
    const [claim] = claimsOf(parseLessonText('t', markdown).intro);
    expect(claim?.caption).toBe('What LCP\'s execute_tool returns, for tool_t {}');
    expect(await render(host, claim?.files ?? {}, claim!.output)).toBe('{"output": 5, "status_code": 200, "success": true}');
    expect(claim?.shown).not.toBe('{"output": 5, "status_code": 200, "success": true}');
    expect(shownJson({ a: [1, 'é'], b: null })).toBe('{"a": [1, "é"], "b": null}');
    expect(shownJson({ long: 'x'.repeat(100) })).toBe(`{\n  "long": "${'x'.repeat(100)}"\n}`);
  });

  it('refuses a fence it does not know, and a call without its tool', () => {
    const lesson = (fence: string) => `# T\n\n\`\`\`${fence}\nx\n\`\`\`\n\n## Task\n\nx\n\n## Hints\n\n- y\n`;
    expect(() => parseLessonText('t', lesson('lcp-resutl tool_t'))).toThrow('lesson t: unknown fence "lcp-resutl"');
    expect(() => parseLessonText('t', lesson('hub-status'))).toThrow('lesson t: a "hub-status" block names the tool it calls');
    expect(() => parseLessonText('t', lesson('lcp-result tool_t {"a": }'))).toThrow('must be one JSON object');
    expect(() => parseLessonText('t', lesson('python ../x.py'))).toThrow('stays inside the workspace');
  });
});
