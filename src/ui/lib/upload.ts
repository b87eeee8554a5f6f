/**
 * Files a person uploads as a workspace of their own: each Python file goes into `tools/` (where
 * LCP and the hub look for tools) unless its name already says where it lives; other files keep
 * their name at the top. The editor opens the first Python file. A file whose name would look like
 * another (an invisible character in it) is left out, with one line saying why.
 */
import { checkedPath } from '../../workspace/paths.ts';

export interface UploadedFile {
  name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export async function filesOfUpload(
  files: readonly UploadedFile[],
): Promise<{ files: Record<string, Uint8Array>; openPath: string; refused: string[] }> {
  const out: Record<string, Uint8Array> = {};
  const refused: string[] = [];
  for (const file of files) {
    const name = file.name.replace(/^\/+/, '');
    const path = name.endsWith('.py') && !name.includes('/') ? `tools/${name}` : name;
    try {
      checkedPath(path);
    } catch (e) {
      refused.push((e as Error).message);
      continue;
    }
    out[path] = new Uint8Array(await file.arrayBuffer());
  }
  const paths = Object.keys(out).sort();
  return { files: out, openPath: paths.find((p) => p.endsWith('.py')) ?? paths[0] ?? '', refused };
}
