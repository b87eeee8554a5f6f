/**
 * A shared workspace as the content of a new workspace of one's own: files, folders, settings (the
 * shared call's tool selected, its arguments as typed) and the sender's telemetry, marked recorded.
 * Its sources (mirror, index, proxy, the Network switch on, the Python version) are not applied: they
 * are kept as what the link asks for (`linkSources`) until the person accepts them at Trust.
 */
import { DEFAULT_SETTINGS } from '../workspace/store.ts';
import type { WorkspaceContent } from '../workspace/list-store.ts';
import type { SharedWorkspace } from './payload.ts';
import { LINK_DEFAULT_PACKAGES, offersOf, REVIEW_PACKAGES } from './sources.ts';

/** `from`: where it came from, as the workspace will name it (src/share/sources.ts originOf). */
export function contentOf(shared: SharedWorkspace, from = 'a link'): WorkspaceContent {
  const call = shared.call;
  const asked = shared.packages ?? LINK_DEFAULT_PACKAGES;
  return {
    files: shared.files,
    folders: shared.folders,
    settings: {
      ...structuredClone(DEFAULT_SETTINGS),
      profile: shared.profile ?? DEFAULT_SETTINGS.profile,
      hostConfig: shared.host,
      args: call ? { [call.tool]: call.argsText } : {},
      openPath: shared.open,
      tool: call?.tool ?? null,
      ...(shared.agent ? { agent: shared.agent } : {}),
      // A link that turns the network off is obeyed; everything else it asks for waits for Trust.
      packages: { ...REVIEW_PACKAGES },
      ...(offersOf(asked).length ? { linkSources: { from, asked: structuredClone(asked) } } : {}),
    },
    telemetry: { events: shared.telemetry, recorded: [...new Set(shared.telemetry.map((e) => e.callId))] },
  };
}

/** "Shared 2025-05-01 14:05": the name of a shared workspace that has none. */
export function sharedName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Shared ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}
