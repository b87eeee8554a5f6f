// The Packages view says which packages were built from a source archive, from the install events
// (src/app/packages.svelte.ts): the same events a call's telemetry and the Install button give.
import { describe, expect, it } from 'vitest';
import { PackagesState, type PackagesDeps } from '../../src/app/packages.svelte.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

const installed = (
  name: string,
  extra: Partial<Extract<TelemetryEvent, { type: 'package.installed' }>> = {},
): TelemetryEvent => ({
  type: 'package.installed',
  callId: 'c',
  t: 0,
  name,
  version: '1.4.0',
  source: 'index',
  url: `https://files.example/${name}.whl`,
  bytes: 10,
  cached: false,
  ms: 5,
  ...extra,
});

describe("the Packages view's built-from-source note", () => {
  it('names the archive for a package whose wheel was built, and nothing for a package installed from a wheel', () => {
    const state = new PackagesState({ problems: () => {} } as unknown as PackagesDeps);
    state.noteEvents([
      { type: 'package.installing', callId: 'c', t: 0, requirements: ['wikipedia>=1.4.0'], done: false },
      installed('Wikipedia', { sdist: 'https://files.example/packages/wikipedia-1.4.0.tar.gz', buildMs: 900 }),
      installed('requests'),
    ]);
    expect([...state.built]).toEqual([['wikipedia', 'wikipedia-1.4.0.tar.gz']]);
  });
});
