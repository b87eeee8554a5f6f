// Which host a Run calls through, per profile and layout (Playground.callProfile, read from the
// host table in src/protocol/hosts.ts): Loki's for a Loki layout, else the profile's own host when
// it calls and is not Loki's, the LCP binding for the others.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Playground } from '../../src/app/playground.svelte.ts';
import { Workspace, createIdbStore } from '../../src/workspace/workspace.svelte.ts';
import { PROFILES } from '../../src/protocol/vocabulary.ts';
import { FakePython } from './fake-python.ts';

let n = 0;
async function playgroundOf(files: Record<string, string>): Promise<Playground> {
  const workspace = await Workspace.open(createIdbStore(`ui-call-profile-${++n}`), 'w', {
    channel: `ui-call-profile-${n}`,
  });
  workspace.replaceAll(files, { openPath: null });
  return new Playground(workspace, new FakePython());
}

describe('the host a Run calls through', () => {
  it('in a tools folder: hub under hub, the LCP binding under every other profile', async () => {
    const playground = await playgroundOf({ 'tools/notes.py': 'x = 1\n' });
    const runs = PROFILES.map((p) => {
      playground.workspace.update({ profile: p });
      return [p, playground.callProfile];
    });
    expect(runs).toEqual([
      ['lcp', 'lcp'],
      ['hub', 'hub'],
      ['loki', 'lcp'],
      ['llm-functions', 'lcp'],
      ['standard', 'lcp'],
    ]);
  });

  it("in a Loki layout: Loki's, whatever the profile", async () => {
    const playground = await playgroundOf({
      'functions/tools/hello.sh': '#!/usr/bin/env bash\n',
      'config.yaml': 'visible_tools: []\n',
    });
    expect(playground.toolsFolder.kind).toBe('loki');
    const runs = PROFILES.map((p) => {
      playground.workspace.update({ profile: p });
      return playground.callProfile;
    });
    expect(runs).toEqual(PROFILES.map(() => 'loki'));
  });
});
