/**
 * The example workspaces, bundled from the real files beside this module (so they are also
 * readable, runnable and testable as plain files). Cards and notes: catalog.ts.
 */
import { EXAMPLE_META, type ExampleMeta } from './catalog.ts';

export interface Example extends ExampleMeta {
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

export const EXAMPLES: Example[] = EXAMPLE_META.map((m) => ({ ...m, files: filesOf(m.id) }));

export const DEFAULT_EXAMPLE: Example = EXAMPLES[0]!;

export function findExample(id: string): Example | undefined {
  return EXAMPLES.find((e) => e.id === id);
}
