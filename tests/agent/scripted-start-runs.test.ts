/**
 * The scripted conversations that gallery examples and lessons open with, played by the Node loop
 * (the CLI's tool runner, the real engine) over the example's or the lesson's own files: each ends
 * in the final answer its text promises, and each branch of its if_error is reachable.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import type { Engine } from '../../src/engine/engine.ts';
import { runAgent } from '../../src/agent/loop.ts';
import { ScriptedModel } from '../../src/agent/scripted-model.ts';
import type { ScriptedStart } from '../../src/agent/scripted-start.ts';
import {
  AGENT_PROFILES,
  type AgentMessage,
  type AgentProfile,
  type LoopEnd,
  type OpenAiTool,
} from '../../src/agent/types.ts';
import { nodeToolRunner } from '../../src/cli/agent-runner.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { EXAMPLES, findExample } from '../../src/examples/index.ts';
import type { ConfirmDecision, Profile } from '../../src/protocol/engine.ts';
import { lcpTempDir, writeTree } from '../python/lcp_support.ts';
import { readText } from '../python/agent_support.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadNodeEngine();
}, 120_000);

interface Played {
  end: LoopEnd;
  messages: AgentMessage[];
  framing: string;
  root: string;
}

const agentProfile = (p: Profile): AgentProfile => {
  if (!(AGENT_PROFILES as readonly string[]).includes(p))
    throw new Error(`the agent loop does not run with the ${p} profile`);
  return p as AgentProfile;
};

/** Opens `files` as a workspace of their own and sends the start's message to its script, as the Agent panel does. */
async function play(
  files: Record<string, string>,
  profile: Profile,
  start: ScriptedStart,
  confirm: ConfirmDecision = 'reject',
): Promise<Played> {
  const root = lcpTempDir(engine, 'scripted-start');
  writeTree(engine, root, files);
  const agent = agentProfile(profile);
  const tools = `${root}/tools`;
  const specs = engine.call('schema', { paths: [tools], profile: agent, format: 'openai' }) as OpenAiTool[];
  let round = 0;
  let messages: AgentMessage[] = [];
  const framing: string[] = [];
  const end = await runAgent([], start.message, {
    profile: agent,
    protocol: 'openai',
    model: new ScriptedModel(start.script),
    specs,
    maxTurns: 10,
    signal: new AbortController().signal,
    tools: nodeToolRunner(engine, {
      profile: 'lcp',
      paths: [tools],
      workspace: root,
      confirm,
      onEvent: () => {},
      round: () => round,
    }),
    onChange: (m) => (messages = m),
    onFraming: (text, r) => {
      round = r;
      framing.push(text);
    },
  });
  return { end, messages, framing: framing.join(''), root };
}

function example(id: string): { files: Record<string, string>; profile: Profile; agent: ScriptedStart } {
  const ex = findExample(id);
  if (!ex?.agent) throw new Error(`example ${id} has no scripted conversation`);
  return { files: ex.files, profile: ex.profile, agent: ex.agent };
}

function lesson(id: string) {
  const found = COURSE.find((l) => l.id === id);
  if (!found?.agent) throw new Error(`lesson ${id} has no scripted conversation`);
  return { ...found, agent: found.agent };
}

describe('which examples and lessons open with a scripted conversation', () => {
  it('the hub examples, the confirmation example, and the lessons on confirmations and status lines', () => {
    expect(EXAMPLES.filter((e) => e.agent).map((e) => e.id)).toEqual([
      'ltp-library',
      'ltp-protocol',
      'confirm-autonomy',
    ]);
    expect(COURSE.filter((l) => l.agent).map((l) => l.id)).toEqual(['lcp-confirm', 'ltp-titles']);
  });
});

describe('gallery examples: their script, played over their tools', () => {
  it('ltp-library: the empty query fails, the script reads the error and searches again, and answers with both results', async () => {
    const { files, profile, agent } = example('ltp-library');
    const { end, messages, framing } = await play(files, profile, agent);
    expect(end).toEqual({
      kind: 'final',
      answer:
        'The first search failed ({"output":"query is empty: say what to look for","error":"query is empty: say what to look for","success":false,"status_code":500}), ' +
        'the second found: {"output":{"query":"Quantum Computing","titles":["Quantum Computing"]},"status_code":200,"success":true}',
    });
    expect(
      messages.filter((m) => m.role === 'assistant').flatMap((m) => m.calls.map((c) => [c.argsJson, c.error])),
    ).toEqual([
      ['{"query": ""}', true],
      ['{"query": "Quantum Computing", "max_results": 2}', false],
    ]);
    expect(framing).toContain('📖 Consulting Wikipedia: ""\n');
    expect(framing).toContain('📖 Consulting Wikipedia: "Quantum Computing"\n');
    expect(framing.endsWith('* Task finalized by scripted.\n')).toBe(true);
  });

  it('ltp-protocol (hub): Berlin is not in the weather table, so it asks for Paris; the hub sends str() of each result', async () => {
    const { files, profile, agent } = example('ltp-protocol');
    const { end, framing } = await play(files, profile, agent);
    expect(end).toEqual({
      kind: 'final',
      answer:
        "Berlin is not in the table ({'output': \"no weather for 'Berlin'; try Paris, London or Tokyo\", 'error': \"no weather for 'Berlin'; try Paris, London or Tokyo\", 'success': False, 'status_code': 500}). " +
        "In Paris: {'output': 'Paris: sunny, 24 °C', 'status_code': 200, 'success': True}",
    });
    expect(framing).toContain('🌤️ Checking local weather: "Berlin"\n');
    expect(framing).toContain('🌤️ Checking local weather: "Paris"\n');
  });

  it('confirm-autonomy: rejected, the file stays and the model says so; allowed, it is deleted and the model says that', async () => {
    const { files, profile, agent } = example('confirm-autonomy');
    const rejected = await play(files, profile, agent, 'reject');
    expect(rejected.end).toMatchObject({
      kind: 'final',
      answer: expect.stringMatching(
        /^I left docs\/old\.txt alone: \{"output":"🛑 EXECUTION REJECTED BY USER: .*"success":false/,
      ),
    });
    expect(readText(engine, `${rejected.root}/docs/old.txt`)).not.toBeNull();
    const allowed = await play(files, profile, agent, 'allow');
    expect(allowed.end).toEqual({
      kind: 'final',
      answer: 'docs/old.txt is deleted: {"output":"deleted docs/old.txt","status_code":200,"success":true}',
    });
    expect(readText(engine, `${allowed.root}/docs/old.txt`)).toBeNull();
  });
});

describe('lessons: the script on the starting files and on the solution', () => {
  it('lcp-confirm: the start deletes even when the person would reject, and the model reports it done; the solution asks, and a rejection reaches the model', async () => {
    const l = lesson('lcp-confirm');
    const start = await play(l.start, l.profile, l.agent, 'reject');
    expect(start.end).toEqual({
      kind: 'final',
      answer: 'Done, drafts/old.md is deleted: {"output":"deleted drafts/old.md","status_code":200,"success":true}',
    });
    expect(readText(engine, `${start.root}/drafts/old.md`)).toBeNull();

    const rejected = await play(l.solution, l.profile, l.agent, 'reject');
    expect(rejected.end).toMatchObject({
      kind: 'final',
      answer: expect.stringMatching(
        /^I did not delete drafts\/old\.md: \{"output":"Deletion rejected: .*"success":false/,
      ),
    });
    expect(readText(engine, `${rejected.root}/drafts/old.md`)).not.toBeNull();
    const allowed = await play(l.solution, l.profile, l.agent, 'allow');
    expect(allowed.end).toEqual({
      kind: 'final',
      answer: 'Done, drafts/old.md is deleted: {"output":"deleted drafts/old.md","status_code":200,"success":true}',
    });
  });

  it('ltp-titles (hub): on the start the hub drops the file, so the model cannot call the tool; on the solution the status line and the answer come', async () => {
    const l = lesson('ltp-titles');
    const start = await play(l.start, l.profile, l.agent);
    expect(start.end).toEqual({
      kind: 'error',
      source: 'model',
      message: "the model called 'tool_search_wikipedia', which the hub profile does not list (it lists no tools)",
    });
    const solved = await play(l.solution, l.profile, l.agent);
    expect(solved.framing).toContain('📖 Consulting Wikipedia: "Quantum Computing"\n');
    expect(solved.end).toEqual({
      kind: 'final',
      answer: "The encyclopedia has: {'output': ['Quantum Computing'], 'status_code': 200, 'success': True}",
    });
  });
});
