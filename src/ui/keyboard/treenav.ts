/**
 * Keyboard movement in the file tree, as the WAI-ARIA tree view pattern has it: the tree is one
 * Tab stop; Up/Down walk the visible items, Right opens a folder or enters it, Left closes a folder
 * or goes to its parent, Home/End jump, Enter opens, and typing a letter goes to the next item
 * whose name starts with it.
 */
import type { TreeNode } from '../lib/tree.ts';

export interface VisibleNode {
  path: string;
  name: string;
  kind: 'file' | 'folder';
  depth: number;
  parent: string | null;
  expanded: boolean;
  /** Its place among its siblings (1-based) and how many they are: a virtualised tree renders only some rows, so it says so (aria-posinset, aria-setsize). */
  position: number;
  siblings: number;
}

export type TreeAction =
  | { type: 'focus'; path: string }
  | { type: 'expand'; path: string }
  | { type: 'collapse'; path: string }
  | { type: 'activate'; path: string };

/** The items a person can see, top to bottom (children of collapsed folders left out), in one pass. */
export function visibleNodes(nodes: readonly TreeNode[], collapsed: ReadonlySet<string>): VisibleNode[] {
  const out: VisibleNode[] = [];
  const walk = (level: readonly TreeNode[], depth: number, parent: string | null): void => {
    level.forEach((n, i) => {
      const expanded = n.kind === 'folder' && !collapsed.has(n.path);
      const { path, name, kind } = n;
      out.push({ path, name, kind, depth, parent, expanded, position: i + 1, siblings: level.length });
      if (expanded) walk(n.children, depth + 1, n.path);
    });
  };
  walk(nodes, 0, null);
  return out;
}

/** What `key` does with the item at `path` focused, or null when the tree does not use that key. */
export function treeKey(items: readonly VisibleNode[], path: string, key: string): TreeAction | null {
  const at = items.findIndex((n) => n.path === path);
  const node = items[at];
  if (!node) return items[0] ? { type: 'focus', path: items[0].path } : null;
  const focus = (n: VisibleNode | undefined): TreeAction | null => (n ? { type: 'focus', path: n.path } : null);
  switch (key) {
    case 'ArrowDown':
      return focus(items[at + 1]);
    case 'ArrowUp':
      return focus(items[at - 1]);
    case 'Home':
      return focus(items[0]);
    case 'End':
      return focus(items[items.length - 1]);
    case 'ArrowRight':
      if (node.kind !== 'folder') return null;
      if (!node.expanded) return { type: 'expand', path: node.path };
      return items[at + 1]?.parent === node.path ? focus(items[at + 1]) : null;
    case 'ArrowLeft':
      if (node.kind === 'folder' && node.expanded) return { type: 'collapse', path: node.path };
      return node.parent === null ? null : focus(items.find((n) => n.path === node.parent));
    case 'Enter':
      return { type: 'activate', path: node.path };
    default:
      return key.length === 1 && key.trim() ? focus(typeAhead(items, at, key)) : null;
  }
}

/** The next item after `at` (wrapping) whose name starts with `char`, ignoring case. */
function typeAhead(items: readonly VisibleNode[], at: number, char: string): VisibleNode | undefined {
  const c = char.toLowerCase();
  for (let i = 1; i <= items.length; i++) {
    const n = items[(at + i) % items.length];
    if (n?.name.toLowerCase().startsWith(c)) return n;
  }
  return undefined;
}
