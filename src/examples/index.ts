/**
 * The example workspaces, bundled by Vite from the real folders beside this module (so they are
 * also readable, runnable and testable as plain files); each folder's parts: catalog.ts.
 */
import { buildGallery, type Example } from './catalog.ts';

export type { Example } from './catalog.ts';

// exhaustive: dotfiles like functions/.env are part of an example.
const raw = import.meta.glob<string>('./*/**/*', { query: '?raw', import: 'default', eager: true, exhaustive: true });

export const EXAMPLES: Example[] = buildGallery(raw);

export const DEFAULT_EXAMPLE: Example = EXAMPLES[0]!;

export function findExample(id: string): Example | undefined {
  return EXAMPLES.find((e) => e.id === id);
}
