/**
 * The import graph of the TypeScript and Svelte sources, read with TypeScript's own pre-processor
 * (`ts.preProcessFile`: every import, export-from and dynamic `import()` of a file, or of a Svelte
 * component's `<script>` blocks), and its circles (strongly connected components of two or more
 * modules, in a stable order).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';

/** Files under `root` with one of `extensions`, relative to `root` ('/'-separated), sorted. */
export function sourceFiles(root: string, extensions = ['.ts', '.svelte']): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (extensions.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts'))
        out.push(relative(root, path).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** The code TypeScript should read: a Svelte component's script blocks, or the file itself. */
function scriptOf(path: string, text: string): string {
  if (!path.endsWith('.svelte')) return text;
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n');
}

/** `file → the files of the graph it imports` (relative specifiers only; packages are not ours). */
export function importGraph(files: Record<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of Object.entries(files)) {
    const info = ts.preProcessFile(scriptOf(path, text), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) =>
        normalize(join(dirname(path), spec))
          .split('\\')
          .join('/'),
      )
      .filter((target) => target in files && target !== path);
    graph.set(path, [...new Set(targets)].sort());
  }
  return graph;
}

/** Every circle: Tarjan's strongly connected components with more than one module, each sorted, in order. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const seen = new Map<string, { index: number; low: number }>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    const node = { index, low: index };
    seen.set(v, node);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      const other = seen.get(w);
      if (!other) {
        visit(w);
        node.low = Math.min(node.low, seen.get(w)!.low);
      } else if (on.has(w)) node.low = Math.min(node.low, other.index);
    }
    if (node.low !== node.index) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) {
      on.delete(w);
      component.push(w);
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!seen.has(v)) visit(v);
  return found.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

/** The graph of every source file under `root`. */
export function graphOf(root: string): Map<string, string[]> {
  const files = Object.fromEntries(sourceFiles(root).map((p) => [p, readFileSync(join(root, p), 'utf8')]));
  return importGraph(files);
}

/** The top folder of a source path under src/ (`(root)` for main.ts and its siblings). */
export const folderOf = (path: string): string => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '(root)');

/**
 * Every import that goes against `order` (lowest first: a folder may import only the folders
 * listed before it), as `from -> to`; a folder missing from the order is reported too.
 */
export function backEdges(graph: Map<string, string[]>, order: readonly string[]): string[] {
  const rank = new Map(order.map((folder, i) => [folder, i]));
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!rank.has(from)) {
      found.push(`${file}: folder ${from} is not in the order`);
      continue;
    }
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from && !((rank.get(to) ?? Infinity) < rank.get(from)!)) found.push(`${file} -> ${target}`);
    }
  }
  return found.sort();
}
