// A Session on fake-indexeddb with a scripted Python, as many "tabs" as a test needs on one database.
import { Session, type SessionDeps } from '../../src/app/session.svelte.ts';
import { createIdbStore } from '../../src/workspace/store.ts';
import { createListStore } from '../../src/workspace/list-store.ts';
import { createTelemetryStore } from '../../src/workspace/telemetry-store.ts';
import { FakePython } from '../ui/fake-python.ts';

export const EXAMPLE = {
  files: { 'tools/example.py': 'def tool_ex() -> dict:\n    """Ex."""\n    return {}\n' },
  openPath: 'tools/example.py',
  profile: 'lcp' as const,
};

/** Opens a tab (a Session) on database `db`; tabs of one db share their broadcast channels. */
export async function openTab(
  db: string,
  python = new FakePython(),
  more: Partial<SessionDeps> = {},
): Promise<{ session: Session; python: FakePython }> {
  const deps: SessionDeps = {
    records: createIdbStore(db),
    list: createListStore(db),
    telemetry: createTelemetryStore(db),
    python,
    example: EXAMPLE,
    channels: { list: `${db}-list`, autosave: `${db}-autosave` },
    autosaveMs: 5,
    tabStore: null,
    ...more,
  };
  return { session: await Session.start(deps), python };
}

export const text = (b: Uint8Array | undefined): string | undefined => (b ? new TextDecoder().decode(b) : undefined);
