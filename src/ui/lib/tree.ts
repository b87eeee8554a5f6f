/** The file tree as nested nodes, built from the workspace's flat path list (pure, tested). */
export interface TreeNode {
  name: string;
  /** Path relative to the workspace root, '/'-separated. */
  path: string;
  kind: 'file' | 'folder';
  children: TreeNode[];
}

/** `localeCompare`'s order without its cost per call (one collator for every comparison: 10,000 files sort in milliseconds). */
const byName = new Intl.Collator().compare;

/** Folders first, then files, each alphabetical: what people expect from an explorer. */
function sortNodes(nodes: TreeNode[]): TreeNode[] {
  nodes.sort((a, b) => (a.kind === b.kind ? byName(a.name, b.name) : a.kind === 'folder' ? -1 : 1));
  for (const n of nodes) sortNodes(n.children);
  return nodes;
}

export function buildTree(paths: readonly string[], folders: readonly string[] = []): TreeNode[] {
  const root: TreeNode = { name: '', path: '', kind: 'folder', children: [] };
  const byPath = new Map<string, TreeNode>([['', root]]);
  const folder = (path: string): TreeNode => {
    const known = byPath.get(path);
    if (known) return known;
    const cut = path.lastIndexOf('/');
    const parent = folder(cut < 0 ? '' : path.slice(0, cut));
    const node: TreeNode = { name: path.slice(cut + 1), path, kind: 'folder', children: [] };
    parent.children.push(node);
    byPath.set(path, node);
    return node;
  };
  for (const f of folders) if (f) folder(f.replace(/\/+$/, ''));
  for (const p of paths) {
    const cut = p.lastIndexOf('/');
    folder(cut < 0 ? '' : p.slice(0, cut)).children.push({
      name: p.slice(cut + 1),
      path: p,
      kind: 'file',
      children: [],
    });
  }
  return sortNodes(root.children);
}

/** The folders a new file should go into when a folder or a file in it is selected. */
export function folderOf(path: string | null, kind: 'file' | 'folder' | null): string {
  if (!path) return '';
  if (kind === 'folder') return path;
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}

/** A workspace-relative path people may type: no leading '/', no '..', no empty segments. */
export function cleanPath(input: string): string | null {
  const parts = input
    .trim()
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.');
  if (parts.length === 0 || parts.some((s) => s === '..')) return null;
  return parts.join('/');
}
