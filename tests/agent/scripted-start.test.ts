/**
 * A ready scripted conversation (an example's or a lesson's): read from a lesson's agent.json with
 * its text kept, handed to the opener by the gallery and the course, loaded into the new
 * workspace's Agent panel (script and message), and carried by its share link.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { parseScript } from '../../src/agent/script.ts';
import { DEFAULT_AGENT } from '../../src/agent/settings.ts';
import { agentOfStart, readScriptedStart } from '../../src/agent/scripted-start.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { readLessonFiles } from '../../src/course/bundle.node.ts';
import type { ScratchHost } from '../../src/scratch/scratch.ts';
import { createIdbProgressStore } from '../../src/course/progress.ts';
import { EXAMPLES, findExample } from '../../src/examples/index.ts';
import { decodeLink } from '../../src/share/codec.ts';
import { contentOf } from '../../src/share/apply.ts';
import { AgentState } from '../../src/app/state/agent.svelte.ts';
import { CourseState } from '../../src/app/state/course.svelte.ts';
import { GalleryState } from '../../src/app/state/gallery.svelte.ts';
import type { OpenRequest } from '../../src/app/open-workspace.ts';
import { ShareDraft } from '../../src/app/state/share.svelte.ts';
import { openTab } from '../workspace/session-support.ts';
import { BASE } from '../share/refusals.ts';

let n = 0;
const noHost = {} as ScratchHost; // none of the examples used here builds a database

describe('readScriptedStart', () => {
  it('keeps the script text as written (2.0 stays 2.0), only unindented, and the message', () => {
    const text =
      '{\n  "message": "Add them",\n  "script": [\n    {"call": "tool_add", "args": {"a": 2.0}},\n    {"say": "{{last_result}}"}\n  ]\n}\n';
    expect(readScriptedStart(text, 'x')).toEqual({
      message: 'Add them',
      script: '[\n  {"call": "tool_add", "args": {"a": 2.0}},\n  {"say": "{{last_result}}"}\n]',
    });
  });

  it('says which file is wrong and what it should hold', () => {
    expect(() => readScriptedStart('{"message": "hi"}', 'lesson x: agent.json')).toThrow(
      'lesson x: agent.json: must be {"message": "the request", "script": [the turns]}',
    );
    expect(() => readScriptedStart('{"message": ', 'lesson x: agent.json')).toThrow(
      /^lesson x: agent\.json: not valid JSON \(/,
    );
  });

  it("every example's and lesson's script is a valid script, and the lesson's file reads the same from disk", () => {
    const starts = [
      ...EXAMPLES.flatMap((e) => (e.agent ? [e.agent] : [])),
      ...COURSE.flatMap((l) => (l.agent ? [l.agent] : [])),
    ];
    expect(starts.length).toBeGreaterThan(3);
    for (const s of starts) {
      expect(parseScript(s.script), s.script).toMatchObject({ ok: true });
      expect(s.message.trim()).not.toBe('');
    }
    const onDisk = readLessonFiles()['./lcp-confirm/agent.json'];
    expect(readScriptedStart(onDisk ?? '', 'disk')).toEqual(COURSE.find((l) => l.id === 'lcp-confirm')?.agent);
  });

  it('becomes agent settings: the scripted model, its script, the message in the composer, no conversation', () => {
    expect(agentOfStart({ script: '[{"say": "hi"}]', message: 'Hello' })).toEqual({
      ...DEFAULT_AGENT,
      model: 'scripted',
      script: '[{"say": "hi"}]',
      draft: 'Hello',
      conversation: [],
    });
  });
});

describe('opening an example or a lesson with a script', () => {
  it('the gallery and the course hand their script to the opener; examples without one hand none', async () => {
    const opened: OpenRequest[] = [];
    const gallery = new GalleryState(EXAMPLES, noHost, async (r) => (opened.push(r), true));
    await gallery.open(findExample('confirm-autonomy')!);
    await gallery.open(findExample('lcp-quirks')!);
    expect(opened[0]?.agent).toEqual(findExample('confirm-autonomy')?.agent);
    expect(opened[1]).not.toHaveProperty('agent');

    const workspace = { id: 'w', files: new Map<string, Uint8Array>(), blocked: null };
    const course = new CourseState({
      lessons: COURSE,
      host: noHost,
      workspace,
      progress: createIdbProgressStore(`scripted-start-${++n}`),
      open: async (r) => (opened.push(r), true),
      replace: () => {},
    });
    course.select('lcp-confirm');
    await course.start();
    expect(opened[2]?.agent).toEqual(COURSE.find((l) => l.id === 'lcp-confirm')?.agent);
  });

  it('the new workspace opens with the script in the Agent panel and the message in its composer, and shares them as a link', async () => {
    const { session } = await openTab(`scripted-start-${++n}`);
    const ex = findExample('ltp-protocol')!;
    const opened: OpenRequest[] = [];
    await new GalleryState(EXAMPLES, noHost, async (r) => (opened.push(r), true)).open(ex);
    expect(await session.openAsNew(opened[0]!)).toBe(true);

    const agent = new AgentState(session.playground, null);
    expect([agent.modelKind, agent.script, agent.draft, agent.messages]).toEqual([
      'scripted',
      ex.agent?.script,
      ex.agent?.message,
      [],
    ]);
    expect(agent.scriptProblems).toEqual([]);
    agent.draft = 'Something else';
    expect(session.workspace.settings.agent?.draft).toBe('Something else');

    const draft = new ShareDraft(session.playground, 'Weather', BASE);
    const link = draft.result.link;
    if (!('url' in link)) throw new Error(link.error);
    const shared = decodeLink(link.url);
    expect(shared.agent).toMatchObject({ model: 'scripted', script: ex.agent?.script, draft: 'Something else' });
    expect(contentOf(shared).settings.agent?.script).toBe(ex.agent?.script);
    session.dispose();
  });

  it('an example without a script opens with the default Agent panel', async () => {
    const { session } = await openTab(`scripted-start-${++n}`);
    expect(
      await session.openAsNew({
        title: 'Plain',
        files: { 'tools/a.py': 'x = 1\n' },
        openPath: 'tools/a.py',
        profile: 'lcp',
      }),
    ).toBe(true);
    expect(session.workspace.settings.agent).toBeUndefined();
    expect(new AgentState(session.playground, null).settings).toEqual(DEFAULT_AGENT);
    session.dispose();
  });
});
