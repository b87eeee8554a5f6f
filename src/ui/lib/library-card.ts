/**
 * The library card the Tools panel shows above a file's tools. Only lollms_hub has library cards:
 * it shows every file's, with its defaults ("Unnamed Tool Library", "No description provided.",
 * 🔧: lcp.md §8) where the file sets no LTP metadata. LCP and Loki show none. Under the other
 * profiles a file's card is kept when the file sets LTP metadata (its author wrote it for the hub),
 * and left out when it sets none: the hub's defaults there would read as something LCP shows.
 */
import type { LibraryInfo } from '../../protocol/engine.ts';
import type { Profile } from '../../protocol/vocabulary.ts';

/** lollms_hub's `parse_metadata` defaults (python/toolplay/hosts/hub/tools_manager.py DEFAULT_METADATA). */
export const HUB_DEFAULT_LIBRARY = {
  name: 'Unnamed Tool Library',
  description: 'No description provided.',
  icon: '🔧',
} as const;

/** True when the hub shows the file with its defaults only: the file sets no library name, description or icon. */
export function onlyHubDefaults(library: LibraryInfo): boolean {
  return (
    library.name === HUB_DEFAULT_LIBRARY.name &&
    library.description === HUB_DEFAULT_LIBRARY.description &&
    library.icon === HUB_DEFAULT_LIBRARY.icon
  );
}

/** The card to show for a file under `profile` (null: the file's path alone). `loki`: a Loki layout, whose tools are files. */
export function libraryCard(library: LibraryInfo | null, profile: Profile, loki: boolean): LibraryInfo | null {
  if (!library || loki) return null;
  if (profile === 'hub') return library;
  return onlyHubDefaults(library) ? null : library;
}
