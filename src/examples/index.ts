/**
 * The example workspaces, bundled from the real files beside this module (so they are also
 * readable, runnable and testable as plain files). Each teaches one protocol.
 */
import type { Profile } from '../protocol/engine.ts';

export interface Example {
  id: string;
  title: string;
  summary: string;
  /** The file the editor opens first. */
  openPath: string;
  profile: Profile;
  files: Record<string, string>;
}

// exhaustive: dotfiles like functions/.env are part of an example.
const raw = import.meta.glob<string>('./*/**/*', { query: '?raw', import: 'default', eager: true, exhaustive: true });

function filesOf(id: string): Record<string, string> {
  const prefix = `./${id}/`;
  const files: Record<string, string> = {};
  for (const [key, text] of Object.entries(raw)) if (key.startsWith(prefix)) files[key.slice(prefix.length)] = text;
  return files;
}

const META: Array<Omit<Example, 'files'>> = [
  {
    id: 'ltp-library',
    title: 'LTP library: Wikipedia + notes',
    summary: 'TOOL_LIBRARY_* metadata and TOOL_TITLES as lollms_hub shows them; a tool that writes files.',
    openPath: 'tools/wikipedia.py',
    profile: 'lcp',
  },
  {
    id: 'confirm-autonomy',
    title: 'Confirmations and autonomy levels',
    summary: 'init_tools_library(config) + set_confirm_handler, the way lollms system_shell asks before risky work.',
    openPath: 'tools/file_manager.py',
    profile: 'lcp',
  },
  {
    id: 'lcp-quirks',
    title: 'LCP quirks',
    summary: 'Valid Python that the LCP binding reads differently than its author meant.',
    openPath: 'tools/quirks.py',
    profile: 'lcp',
  },
  {
    id: 'loki-tools',
    title: 'Loki: Python and Bash tools',
    summary: 'functions/tools/*.py|*.sh, visible_tools in config.yaml and functions/.env.',
    openPath: 'functions/tools/word_count.py',
    profile: 'loki',
  },
];

export const EXAMPLES: Example[] = META.map((m) => ({ ...m, files: filesOf(m.id) }));

export const DEFAULT_EXAMPLE: Example = EXAMPLES[0]!;

export function findExample(id: string): Example | undefined {
  return EXAMPLES.find((e) => e.id === id);
}
