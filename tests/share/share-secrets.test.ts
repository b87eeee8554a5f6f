// What a link carries besides the files and the host configuration the person chose: the telemetry,
// the arguments as typed, the Agent panel and the package sources, redacted by the one rule set, and
// every value kept back (or under a secret's name in the host configuration and .env files) replaced
// wherever a tool printed it (src/share/scrub.ts, src/share/secrets.ts).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { decodeLink } from '../../src/share/codec.ts';
import { Playground } from '../../src/app/playground.svelte.ts';
import { ShareDraft } from '../../src/app/state/share.svelte.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { secretValuesOf } from '../../src/share/secrets.ts';
import { scrubbed } from '../../src/share/scrub.ts';
import { agentSettings } from '../../src/agent/settings.ts';
import { FakePython } from '../ui/fake-python.ts';
import { BASE } from './refusals.ts';

const R = '…redacted';
const enc = new TextEncoder();
let n = 0;

async function playgroundOf(files: Record<string, string>, settings = {}) {
  const workspace = await Workspace.open(createIdbStore(`share-secrets-${++n}`), 'w', {
    channel: `share-secrets-${n}`,
  });
  workspace.replaceAll(files, settings);
  return new Playground(workspace, new FakePython());
}
const linkOf = (d: ShareDraft): string => {
  const link = d.result.link;
  if (!('url' in link)) throw new Error(link.error);
  return link.url;
};

describe('a link with "Include the telemetry" ticked', () => {
  it('carries no host-configuration or .env value that was left out, even where the tool printed it', async () => {
    const pg = await playgroundOf(
      { 'tools/notes.py': 'x = 1\n', '.env': 'DB_PASSWORD="pl@in word99"\nGREETING=bonjour-tout\n' },
      { hostConfig: { notes: { api_key: 'opensesame-4242', autonomy_level: 'strict' } } },
    );
    pg.telemetry.addAll([
      { type: 'call.started', callId: 'c1', tool: 'tool_x', args: {}, argsJson: '{}', statusLine: '', t: 1 },
      {
        type: 'call.stdout',
        callId: 'c1',
        text: 'config: opensesame-4242 / db pl@in word99 / url https://x.example/?p=pl%40in%20word99&q=python / strict / bonjour-tout\n',
        t: 2,
      },
      { type: 'call.finished', callId: 'c1', result: { echoed: 'opensesame-4242' }, durationMs: 1, t: 3 },
    ]);
    const d = new ShareDraft(pg, 'n', BASE);
    d.includeTelemetry = true;
    const shared = decodeLink(linkOf(d));
    const text = JSON.stringify(shared.telemetry);
    expect(text).not.toContain('opensesame-4242');
    expect(text).not.toContain('word99');
    expect(shared.telemetry[1]).toMatchObject({
      // The whole .env was left out (it holds a password): its other values are kept back too; 'strict' was shared.
      text: `config: ${R} / db ${R} / url https://x.example/?p=${R}&q=python / strict / ${R}\n`,
    });
    expect(shared.telemetry[2]).toMatchObject({ result: { echoed: R } });
    expect(shared.host).toEqual({ notes: { autonomy_level: 'strict' } });
    expect(shared.files.has('.env')).toBe(false);

    // Ticked back in, the key travels in the host configuration (the person chose it), never in the output.
    d.include(d.items.find((i) => i.label === 'notes.api_key')!.id, true);
    const again = decodeLink(linkOf(d));
    expect(again.host).toEqual({ notes: { api_key: 'opensesame-4242', autonomy_level: 'strict' } });
    expect(JSON.stringify(again.telemetry)).not.toContain('opensesame-4242');
  });

  it('redacts the arguments as typed, the Agent conversation and the package sources; plain values travel', async () => {
    const pg = await playgroundOf(
      { 'tools/t.py': 'x = 1\n' },
      {
        tool: 'tool_t',
        args: { tool_t: '{"query": "python", "api_key": "sk-live-abcdefghijklmnopqrstuv", "n": 2.0}' },
        packages: {
          mirror: null,
          indexUrl: 'https://user:s3cr3t@pypi.example.org/simple/',
          network: true,
          corsProxy: 'http://127.0.0.1:8787/',
        },
        agent: agentSettings({
          model: 'endpoint',
          baseUrl: 'https://api.example.org/v1?key=abc',
          modelName: 'qwen3',
          conversation: [
            { role: 'user', content: 'my token is ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
            { role: 'assistant', round: 1, model: 'qwen3', content: 'ok', calls: [] },
          ],
        }),
      },
    );
    const shared = decodeLink(linkOf(new ShareDraft(pg, 'n', BASE)));
    expect(shared.call).toEqual({ tool: 'tool_t', argsText: `{"query": "python", "api_key": "${R}", "n": 2.0}` });
    expect(shared.packages).toEqual({
      mirror: null,
      indexUrl: 'https://%E2%80%A6redacted@pypi.example.org/simple/',
      network: true,
      corsProxy: 'http://127.0.0.1:8787/',
    });
    expect(shared.agent?.baseUrl).toBe('https://api.example.org/v1?key=%E2%80%A6redacted');
    expect(shared.agent?.modelName).toBe('qwen3');
    expect(shared.agent?.conversation[0]).toMatchObject({ content: `my token is ${R}` });
  });
});

describe('secretValuesOf', () => {
  it('takes values left out and values under secret names; short ones are not searched for', () => {
    const files = new Map([
      ['.env', enc.encode('API_TOKEN=tok-123456\nMODE=production\n')],
      ['dropped/.env', enc.encode('PLAIN=everything-here\n')],
      ['config.yaml', enc.encode('clients:\n  - api_key: "yaml-key-99" # mine\n    model: gpt-4o\n')],
    ]);
    const host = { lib: { password: 'pw-abcdef', region: 'eu-west-1', short: 'abc' } };
    const values = secretValuesOf(
      host,
      files,
      (p) => new TextDecoder().decode(files.get(p)),
      new Set(['host:lib\u0000region', 'host:lib\u0000short', 'file:dropped/.env']),
    );
    expect(values.sort()).toEqual(['abc', 'eu-west-1', 'everything-here', 'pw-abcdef', 'tok-123456', 'yaml-key-99']);
    // 'abc' is listed but too short to be searched for: ordinary text keeps it.
    const out = scrubbed({ call: { tool: 't', argsText: '{"a": "abc eu-west-1"}' }, telemetry: [] }, values);
    expect(out.call?.argsText).toBe(`{"a": "abc ${R}"}`);
  });
});
