// The Share dialog's state: secrets listed and those that look like secrets left out until ticked,
// telemetry only when asked for, the chat-length warning, and binary files left out of a link that
// would pass its limit (the file keeps them).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { decodeLink, decodeShared } from '../../src/share/codec.ts';
import { Playground } from '../../src/app/playground.svelte.ts';
import { ShareDraft } from '../../src/app/state/share.svelte.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { FakePython } from '../ui/fake-python.ts';
import { BASE } from './refusals.ts';
import { contentOf } from '../../src/share/apply.ts';
import { agentSettings } from '../../src/agent/settings.ts';

let n = 0;
async function draftOf(files: Record<string, string | Uint8Array>, settings = {}) {
  const workspace = await Workspace.open(createIdbStore(`share-draft-${++n}`), 'w', { channel: `share-draft-${n}` });
  workspace.replaceAll(files, settings);
  const playground = new Playground(workspace, new FakePython());
  return { workspace, playground, draft: () => new ShareDraft(playground, 'My <tools>', BASE) };
}
const linkOf = (d: ShareDraft) => {
  const link = d.result.link;
  if (!('url' in link)) throw new Error(link.error);
  return link.url;
};

describe('the Share dialog', () => {
  it('lists host configuration values and .env files; secret-looking ones start left out', async () => {
    const { draft } = await draftOf(
      {
        'tools/notes.py': 'x = 1\n',
        'functions/.env': 'GREETING=hi\n',
        'other/.env': 'export API_TOKEN=abc\n',
        '.env.local': 'SECRET_KEY=xyz\n',
        'docs/.envrc.md': 'not one\n',
      },
      { hostConfig: { notes: { autonomy_level: 'strict', api_key: 'sk-1234567890abcdef' } } },
    );
    const d = draft();
    expect(d.items.map((i) => [i.label, i.preview, i.suspicious, d.included(i.id)])).toEqual([
      ['notes.autonomy_level', 'strict', false, true],
      ['notes.api_key', 'sk-1…ef (19 characters)', true, false],
      ['.env.local', 'SECRET_KEY', true, false],
      ['functions/.env', 'GREETING', false, true],
      ['other/.env', 'API_TOKEN', true, false],
    ]);
    let shared = decodeLink(linkOf(d));
    expect(shared.host).toEqual({ notes: { autonomy_level: 'strict' } });
    expect([...shared.files.keys()].sort()).toEqual(['docs/.envrc.md', 'functions/.env', 'tools/notes.py']);
    const id = (label: string) => d.items.find((i) => i.label === label)!.id;
    d.include(id('notes.api_key'), true);
    d.include(id('functions/.env'), false);
    shared = decodeLink(linkOf(d));
    expect(shared.host).toEqual({ notes: { autonomy_level: 'strict', api_key: 'sk-1234567890abcdef' } });
    expect([...shared.files.keys()].sort()).toEqual(['docs/.envrc.md', 'tools/notes.py']);
    expect(shared.name).toBe('My <tools>');
    expect(d.fileName).toBe('My-tools.toolplay.json');
  });

  it("lists configuration files with a secret-looking key that has a value (Loki's config.yaml with a client api_key), left out until ticked", async () => {
    const loki =
      'model: openai:gpt-4o\nclients:\n  - type: openai\n    api_key: sk-abc123 # mine\nvisible_tools:\n  - get_time.py\n';
    const { draft } = await draftOf({
      'config.yaml': loki,
      'settings.json': '{\n  "name": "x",\n  "access_token": "t0k"\n}\n',
      'plain.yaml': 'visible_tools:\n  - a.py\nauth:\n  mode: none\n',
      'empty.toml': 'api_key =   \npassword = # later\n',
      'tools/t.py': 'API_KEY = "in code, not a config file"\n',
    });
    const d = draft();
    expect(d.items.map((i) => [i.label, i.preview, i.suspicious, d.included(i.id)])).toEqual([
      ['config.yaml', 'api_key', true, false],
      ['settings.json', 'access_token', true, false],
    ]);
    expect([...decodeLink(linkOf(d)).files.keys()].sort()).toEqual(['empty.toml', 'plain.yaml', 'tools/t.py']);
    d.include(d.items[0]!.id, true);
    expect(decodeLink(linkOf(d)).files.has('config.yaml')).toBe(true);
  });

  it('does not hold back an eval or a tool test file for the `status_code: 200` of a recorded LCP result; a code that is no status is held back', async () => {
    const recorded = '{\n  "results": { "tool_sum": { "output": 42, "status_code": 200, "success": true } }\n}\n';
    const { draft } = await draftOf({
      'evals/sums.toolplay-eval.json': recorded,
      'tests/sums.toolplay-test.json': recorded,
      'oauth.json': '{\n  "auth_code": "4/0AX4XfWh-long-code"\n}\n',
    });
    const d = draft();
    expect(d.items.map((i) => [i.label, i.suspicious])).toEqual([['oauth.json', true]]);
    expect([...decodeLink(linkOf(d)).files.keys()].sort()).toEqual([
      'evals/sums.toolplay-eval.json',
      'tests/sums.toolplay-test.json',
    ]);
  });

  it("carries the telemetry of this workspace's own calls only when asked, never a sender's recorded ones", async () => {
    const { playground, draft } = await draftOf({ 'a.py': '' });
    playground.telemetry.restore([{ type: 'call.stdout', callId: 'theirs', text: 'x', t: 1 }], ['theirs']);
    playground.telemetry.add({ type: 'call.stdout', callId: 'mine', text: 'y', t: 2 });
    const d = draft();
    expect(d.callCount).toBe(1);
    expect(decodeLink(linkOf(d)).telemetry).toEqual([]);
    d.includeTelemetry = true;
    expect(decodeLink(linkOf(d)).telemetry).toEqual([{ type: 'call.stdout', callId: 'mine', text: 'y', t: 2 }]);
  });

  it('carries the Agent panel (script, model settings, conversation) unless unticked, and the recipient gets it; never an API key', async () => {
    const agent = agentSettings({
      model: 'endpoint',
      baseUrl: 'http://localhost:11434/v1',
      modelName: 'qwen3',
      maxTurns: 4,
      script: '[{"say": "hi"}]',
      conversation: [
        { role: 'user', content: 'Find quantum computing' },
        {
          role: 'assistant',
          round: 1,
          model: 'qwen3',
          content: '',
          calls: [{ id: 'c1', name: 'tool_x', argsJson: '{"q": 2.0}' }],
        },
      ],
    });
    const { draft } = await draftOf({ 'a.py': '' }, { agent });
    const d = draft();
    expect(d.hasAgent).toBe(true);
    expect(d.agentMessages).toBe(2);
    const link = linkOf(d);
    expect(link).not.toMatch(/apiKey|api_key/);
    const shared = decodeLink(link);
    expect(shared.agent).toEqual(agent);
    expect(contentOf(shared).settings.agent).toEqual(agent);
    d.includeAgent = false;
    expect(decodeLink(linkOf(d)).agent).toBeUndefined();
  });

  it('a link without an agent opens with the default Agent panel; a malformed one is narrowed, never refused', () => {
    const plain = decodeShared(JSON.stringify({ toolplay: 1 }));
    expect(plain.agent).toBeUndefined();
    expect(contentOf(plain).settings.agent).toBeUndefined();
    const odd = decodeShared(
      JSON.stringify({
        toolplay: 1,
        agent: { model: 'telepathy', maxTurns: -3, conversation: [{ role: 'system', content: 'x' }, 'junk'] },
      }),
    );
    expect(odd.agent).toMatchObject({ model: 'scripted', maxTurns: 10, conversation: [] });
  });

  it('says when the link is too long for chat, and leaves binary files out of a link past 2 MB', async () => {
    const noise = new Uint8Array(2_300_000);
    for (let i = 0; i < noise.length; i += 65536) crypto.getRandomValues(noise.subarray(i, i + 65536));
    const words = Array.from({ length: 3000 }, (_, i) => `line ${i} ${(i * 7919) % 10007}`).join('\n');
    const { draft } = await draftOf({ 'tools/big.py': words, 'data/noise.bin': noise });
    const d = draft();
    expect(d.result.leftOut).toEqual(['data/noise.bin']);
    expect(d.tooLongForChat).toBe(true);
    expect([...decodeLink(linkOf(d)).files.keys()]).toEqual(['tools/big.py']);
    const file = d.result.file;
    expect('text' in file && decodeShared(file.text).files.get('data/noise.bin')?.length).toBe(2_300_000);
  });
});
