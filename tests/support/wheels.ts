/**
 * Wheels built by the tests themselves (no package source is reachable here): a zip with the
 * package's files, `<name>-<version>.dist-info/` METADATA (with Requires-Dist), WHEEL (with its tag)
 * and RECORD, as pip and micropip read them.
 */
import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';

export interface WheelSpec {
  name: string;
  version: string;
  /** Path inside the wheel → text (e.g. `greeter/__init__.py`). */
  files: Record<string, string>;
  requires?: string[];
  /** The wheel's tag; `py3-none-any` is pure Python. */
  tag?: string;
}

export interface BuiltWheel {
  name: string;
  version: string;
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
  /** The METADATA text (PEP 658 serves it beside the wheel). */
  metadata: string;
}

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);
const digest = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function buildWheel(spec: WheelSpec): BuiltWheel {
  const dist = spec.name.replace(/-/g, '_');
  const tag = spec.tag ?? 'py3-none-any';
  const info = `${dist}-${spec.version}.dist-info`;
  const metadata = [
    `Metadata-Version: 2.1`,
    `Name: ${spec.name}`,
    `Version: ${spec.version}`,
    `Summary: ${spec.name}, built by a toolplay test`,
    ...(spec.requires ?? []).map((r) => `Requires-Dist: ${r}`),
    '',
  ].join('\n');
  const entries: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(spec.files)) entries[path] = enc(text);
  entries[`${info}/METADATA`] = enc(metadata);
  entries[`${info}/WHEEL`] = enc(`Wheel-Version: 1.0\nGenerator: toolplay-tests\nRoot-Is-Purelib: true\nTag: ${tag}\n`);
  const record = Object.entries(entries).map(
    ([path, bytes]) =>
      `${path},sha256=${Buffer.from(createHash('sha256').update(bytes).digest()).toString('base64url')},${bytes.byteLength}`,
  );
  entries[`${info}/RECORD`] = enc([...record, `${info}/RECORD,,`, ''].join('\n'));
  const bytes = zipSync(entries, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
  return {
    name: spec.name,
    version: spec.version,
    fileName: `${dist}-${spec.version}-${tag}.whl`,
    bytes,
    sha256: digest(bytes),
    metadata,
  };
}
