/**
 * Files a person uploads as a workspace of their own: each Python file goes into `tools/` (where
 * LCP and the hub look for tools) unless its name already says where it lives; other files keep
 * their name at the top. The editor opens the first Python file.
 */
export interface UploadedFile {
  name: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export async function filesOfUpload(
  files: readonly UploadedFile[],
): Promise<{ files: Record<string, Uint8Array>; openPath: string }> {
  const out: Record<string, Uint8Array> = {};
  for (const file of files) {
    const name = file.name.replace(/^\/+/, '');
    const path = name.endsWith('.py') && !name.includes('/') ? `tools/${name}` : name;
    out[path] = new Uint8Array(await file.arrayBuffer());
  }
  const paths = Object.keys(out).sort();
  return { files: out, openPath: paths.find((p) => p.endsWith('.py')) ?? paths[0] ?? '' };
}
