// The library card above a file's tools: the hub's alone (issue 33: the lcp profile showed the hub's
// "Unnamed Tool Library / No description provided." for a file without LTP metadata).
import { describe, expect, it } from 'vitest';
import { HUB_DEFAULT_LIBRARY, libraryCard } from '../../src/ui/lib/library-card.ts';
import type { LibraryInfo } from '../../src/protocol/engine.ts';

const bare: LibraryInfo = { file: '/w/tools/plain.py', ...HUB_DEFAULT_LIBRARY, titles: {} };
const named: LibraryInfo = {
  file: '/w/tools/wiki.py',
  name: 'Wikipedia',
  description: 'Search it.',
  icon: '📖',
  titles: {},
};

describe('libraryCard', () => {
  it('under lcp and standard, a file without LTP metadata gets no card: LCP shows none', () => {
    expect(libraryCard(bare, 'lcp', false)).toBeNull();
    expect(libraryCard(bare, 'standard', false)).toBeNull();
  });
  it("the hub shows every file's card, its defaults included", () => {
    expect(libraryCard(bare, 'hub', false)).toBe(bare);
    expect(libraryCard(named, 'hub', false)).toBe(named);
  });
  it('a file that sets LTP metadata keeps its card under lcp; a Loki layout has none', () => {
    expect(libraryCard(named, 'lcp', false)).toBe(named);
    expect(libraryCard({ ...bare, icon: '🧪' }, 'lcp', false)).not.toBeNull();
    expect(libraryCard(named, 'loki', true)).toBeNull();
    expect(libraryCard(null, 'hub', false)).toBeNull();
  });
});
