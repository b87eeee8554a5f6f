/**
 * Source archives (sdists) built by the tests: `<name>-<version>/…` files in a gzipped tar (ustar),
 * with a pyproject.toml naming an in-tree PEP 517 backend (`backend-path = ["."]`) that the test
 * writes too. No setuptools here: its wheel is only on the Pyodide distribution, out of reach.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'fflate';

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);

function header(name: string, size: number): Uint8Array {
  const h = new Uint8Array(512);
  const put = (text: string, at: number): void => h.set(enc(text), at);
  const octal = (n: number, width: number): string => `${n.toString(8).padStart(width - 1, '0')}\0`;
  put(name, 0);
  put(octal(0o644, 8), 100);
  put(octal(0, 8), 108);
  put(octal(0, 8), 116);
  put(octal(size, 12), 124);
  put(octal(1767225600, 12), 136);
  put('        ', 148);
  put('0', 156);
  put('ustar\0', 257);
  put('00', 263);
  const sum = h.reduce((a, b) => a + b, 0);
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/** A .tar.gz of `files` (path → text). */
export function tarGz(files: Record<string, string>): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const [path, text] of Object.entries(files)) {
    const body = enc(text);
    parts.push(header(path, body.byteLength), body, new Uint8Array((512 - (body.byteLength % 512)) % 512));
  }
  parts.push(new Uint8Array(1024));
  const tar = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    tar.set(p, at);
    at += p.byteLength;
  }
  return gzipSync(tar, { mtime: 0 });
}

/**
 * A tiny PEP 517 backend, as a project might keep in its tree: `build_wheel` writes the package's
 * folder, METADATA (with `Requires-Dist` lines from `requires.txt`), WHEEL and RECORD with the
 * standard library's zipfile.
 */
export const TINY_BACKEND = `"""A PEP 517 backend in the project's own tree (written by a toolplay test)."""
import base64
import hashlib
import os
import zipfile

NAME, VERSION = open("NAME").read().split()


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    dist = NAME.replace("-", "_")
    info = f"{dist}-{VERSION}.dist-info"
    requires = [r.strip() for r in open("requires.txt").read().splitlines() if r.strip()]
    files = {}
    for folder, _dirs, names in os.walk(dist):
        for n in names:
            path = os.path.join(folder, n).replace(os.sep, "/")
            files[path] = open(path, "rb").read()
    meta = ["Metadata-Version: 2.1", f"Name: {NAME}", f"Version: {VERSION}"] + [f"Requires-Dist: {r}" for r in requires]
    files[f"{info}/METADATA"] = ("\\n".join(meta) + "\\n").encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\\nGenerator: tinybackend\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\\n".join(record) + "\\n").encode()
    name = f"{dist}-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as z:
        for path, data in files.items():
            z.writestr(path, data)
    print("tinybackend: wrote", name)
    return name
`;

export interface SdistSpec {
  name: string;
  version: string;
  /** Path inside the project (e.g. `srcpkg/__init__.py`) → text. */
  files: Record<string, string>;
  requires?: string[];
  /** The backend module's text (the tiny one by default). */
  backend?: string;
  /** `[build-system] requires`. */
  buildRequires?: string[];
  /** The whole pyproject.toml, instead of one naming the in-tree backend. */
  pyproject?: string;
}

export interface BuiltSdist {
  name: string;
  version: string;
  bytes: Uint8Array;
  sha256: string;
}

/** An sdist whose pyproject.toml names the in-tree backend `tinybackend` (`backend-path = ["."]`). */
export function buildSdist(spec: SdistSpec): BuiltSdist {
  const top = `${spec.name}-${spec.version}`;
  const files: Record<string, string> = {
    [`${top}/pyproject.toml`]:
      spec.pyproject ??
      `[build-system]\nrequires = ${JSON.stringify(spec.buildRequires ?? [])}\nbuild-backend = "tinybackend"\nbackend-path = ["."]\n`,
    [`${top}/tinybackend.py`]: spec.backend ?? TINY_BACKEND,
    [`${top}/NAME`]: `${spec.name} ${spec.version}\n`,
    [`${top}/requires.txt`]: `${(spec.requires ?? []).join('\n')}\n`,
    [`${top}/PKG-INFO`]: `Metadata-Version: 2.1\nName: ${spec.name}\nVersion: ${spec.version}\n`,
  };
  for (const [path, text] of Object.entries(spec.files)) files[`${top}/${path}`] = text;
  const bytes = tarGz(files);
  return { name: spec.name, version: spec.version, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
