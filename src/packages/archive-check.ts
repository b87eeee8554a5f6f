/**
 * Archives checked before Python unpacks them: a wheel (Pyodide's loader and micropip unzip it into
 * site-packages) and a source archive (sdist.py unpacks it to build). A 3.7 MB wheel that inflates
 * to 3.5 GiB took the tab down; so each archive is refused, in one line and before anything is
 * written, when what it would unpack passes a cap (`ArchiveLimits`: in all, and as a ratio of the
 * archive's own size), as share links are (src/share/inflate.ts). Two looks, both cheap:
 *
 * - what it declares: a zip's central directory (what Python's zipfile reads: sizes, zip64 sizes,
 *   member names, each checked: no absolute path, no `..`);
 * - what it really holds: each member inflated by fflate's streaming Inflate a slice at a time and
 *   its bytes counted as they come, so a member that inflates to more than it declares is stopped
 *   there (Python would have written every byte before its CRC check failed). A .tar.gz is
 *   gunzipped the same way, its tar headers read as they pass (sizes, pax `size`, a hard link
 *   copying its target again, sparse members refused: tarfile would grow them to their stated size).
 *
 * Nothing inflated is kept: only counted.
 */
import { Gunzip, Inflate } from 'fflate';

export interface ArchiveLimits {
  /** What the archive may unpack to in all. */
  maxBytes: number;
  /** Above `ratioFloor` bytes, at most this many times the archive's own size. */
  ratio: number;
  ratioFloor: number;
  /** Members (files, folders, links). */
  maxMembers: number;
}

const MiB = 1024 * 1024;

/** Pyodide's largest wheels (scipy, opencv) unpack to well under 100 MiB, at ratios under 10. */
export const WHEEL_LIMITS: ArchiveLimits = {
  maxBytes: 512 * MiB,
  ratio: 100,
  ratioFloor: 32 * MiB,
  maxMembers: 50_000,
};
export const SDIST_LIMITS: ArchiveLimits = {
  maxBytes: 512 * MiB,
  ratio: 100,
  ratioFloor: 32 * MiB,
  maxMembers: 50_000,
};

/** Compressed bytes per push: deflate expands at most ~1032×, so one push yields at most ~4 MB. */
const SLICE = 4096;

/** What a check inflated (tests read it to see where a bomb was stopped). */
export interface CheckStats {
  produced: number;
}

function size(bytes: number): string {
  if (bytes >= 1024 * MiB) return `${(bytes / (1024 * MiB)).toFixed(1)} GiB`;
  return bytes >= MiB ? `${Math.round(bytes / MiB)} MiB` : `${bytes} bytes`;
}

class Refusal extends Error {}

/** The most `archiveBytes` may unpack to under `limits`. */
export function allowedBytes(archiveBytes: number, limits: ArchiveLimits): number {
  return Math.min(limits.maxBytes, Math.max(limits.ratioFloor, archiveBytes * limits.ratio));
}

function overCap(total: number, archiveBytes: number, limits: ArchiveLimits, verb: string): string {
  return total > limits.maxBytes
    ? `it ${verb} ${size(total)}, over the ${size(limits.maxBytes)} toolplay unpacks`
    : `it ${verb} ${size(total)} from ${size(archiveBytes)}, over ${limits.ratio} times its own size`;
}

/** Why `bytes` (an archive named `file`: .whl, .zip, .tar.gz) must not be unpacked, in one line, or null. */
export function archiveProblem(
  file: string,
  bytes: Uint8Array,
  limits: ArchiveLimits,
  stats: CheckStats = { produced: 0 },
): string | null {
  stats.produced = 0;
  try {
    if (/\.(whl|zip)$/i.test(file)) checkZip(bytes, limits, stats);
    else if (bytes[0] === 0x1f && bytes[1] === 0x8b) checkTarGz(bytes, limits, stats);
    else if (/\.tar$/i.test(file)) scanTar(bytes, bytes.length, limits, stats);
    else return 'toolplay unpacks only wheels, .zip and .tar.gz source archives (PEP 625), and this is neither';
    return null;
  } catch (e) {
    if (e instanceof Refusal) return e.message;
    return `it is damaged: ${(e as Error).message}`;
  }
}

interface ZipMember {
  name: string;
  method: number;
  compressed: number;
  declared: number;
  offset: number;
}

const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number): number =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 2 ** 24;
const u64 = (b: Uint8Array, at: number): number => u32(b, at) + u32(b, at + 4) * 2 ** 32;

/** The central directory, as Python's zipfile reads it (zip64 included). */
function centralDirectory(b: Uint8Array): ZipMember[] {
  let end = -1;
  for (let at = b.length - 22; at >= Math.max(0, b.length - 22 - 65_535); at--)
    if (u32(b, at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw new Refusal('it is not a zip archive (no end of central directory)');
  let count = u16(b, end + 10);
  let offset = u32(b, end + 16);
  if ((count === 0xffff || offset === 0xffffffff) && end >= 20 && u32(b, end - 20) === 0x07064b50) {
    const record = u64(b, end - 12);
    if (u32(b, record) !== 0x06064b50) throw new Refusal('its zip64 end record is damaged');
    count = u64(b, record + 32);
    offset = u64(b, record + 48);
  }
  const members: ZipMember[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw new Refusal('its central directory is damaged');
    const nameLength = u16(b, at + 28);
    const extraLength = u16(b, at + 30);
    const member: ZipMember = {
      method: u16(b, at + 10),
      compressed: u32(b, at + 20),
      declared: u32(b, at + 24),
      offset: u32(b, at + 42),
      name: new TextDecoder().decode(b.subarray(at + 46, at + 46 + nameLength)),
    };
    // Zip64's extra field holds, in this order, each of the sizes and the offset the record left at 0xFFFFFFFF.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength;) {
      const id = u16(b, x);
      const length = u16(b, x + 2);
      if (id === 0x0001) {
        let field = x + 4;
        for (const key of ['declared', 'compressed', 'offset'] as const)
          if (member[key] === 0xffffffff) {
            member[key] = u64(b, field);
            field += 8;
          }
      }
      x += 4 + length;
    }
    members.push(member);
    at += 46 + nameLength + extraLength + u16(b, at + 32);
  }
  return members;
}

/** A member name that would land outside the folder it is unpacked in, or null. */
function escapes(name: string): boolean {
  return name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split(/[/\\]/).includes('..');
}

function checkZip(b: Uint8Array, limits: ArchiveLimits, stats: CheckStats): void {
  const members = centralDirectory(b);
  if (members.length > limits.maxMembers)
    throw new Refusal(`it holds ${members.length} members, over the ${limits.maxMembers} toolplay unpacks`);
  let declared = 0;
  for (const m of members) {
    if (escapes(m.name)) throw new Refusal(`its member ${JSON.stringify(m.name)} would be written outside its folder`);
    declared += m.declared;
  }
  if (declared > allowedBytes(b.length, limits)) throw new Refusal(overCap(declared, b.length, limits, 'declares'));
  for (const m of members) {
    if (m.offset + 30 > b.length || u32(b, m.offset) !== 0x04034b50)
      throw new Refusal(`its member ${JSON.stringify(m.name)} is damaged (no local header)`);
    const start = m.offset + 30 + u16(b, m.offset + 26) + u16(b, m.offset + 28);
    const data = b.subarray(start, start + m.compressed);
    const tooLarge = (): Refusal =>
      new Refusal(`its member ${JSON.stringify(m.name)} inflates to more than the ${size(m.declared)} it declares`);
    if (m.method === 0) {
      if (data.length > m.declared) throw tooLarge();
      stats.produced += data.length;
    } else if (m.method === 8) {
      let produced = 0;
      const inflater = new Inflate((chunk) => {
        produced += chunk.length;
        stats.produced += chunk.length;
        if (produced > m.declared) throw tooLarge();
      });
      for (let at = 0; at < data.length; at += SLICE) {
        const end = Math.min(at + SLICE, data.length);
        inflater.push(data.subarray(at, end), end === data.length);
      }
      if (data.length === 0 && m.declared > 0) throw tooLarge();
    } else throw new Refusal(`its member ${JSON.stringify(m.name)} is compressed with method ${m.method}, not deflate`);
  }
}

function checkTarGz(b: Uint8Array, limits: ArchiveLimits, stats: CheckStats): void {
  const allowed = allowedBytes(b.length, limits);
  const tar = new TarScan(limits, b.length, allowed, stats);
  const gunzip = new Gunzip((chunk) => {
    stats.produced += chunk.length;
    if (stats.produced > allowed) throw new Refusal(overCap(stats.produced, b.length, limits, 'unpacks to more than'));
    tar.push(chunk);
  });
  for (let at = 0; at < b.length; at += SLICE) {
    const end = Math.min(at + SLICE, b.length);
    gunzip.push(b.subarray(at, end), end === b.length);
  }
}

function scanTar(b: Uint8Array, archiveBytes: number, limits: ArchiveLimits, stats: CheckStats): void {
  stats.produced = b.length;
  new TarScan(limits, archiveBytes, allowedBytes(archiveBytes, limits), stats).push(b);
}

/** Reads tar headers as the stream passes: what the members would write, links and sparse files included. */
class TarScan {
  #header = new Uint8Array(512);
  #filled = 0;
  /** Bytes of the current member's data (rounded to 512) still to pass. */
  #skip = 0;
  /** A pax or GNU long-name member's data, kept (small) to read the next member's size and name. */
  #meta: { kind: 'pax' | 'name'; data: Uint8Array; filled: number } | null = null;
  #paxSize: number | null = null;
  #longName: string | null = null;
  readonly #sizes = new Map<string, number>();
  #written = 0;
  #members = 0;

  constructor(
    readonly limits: ArchiveLimits,
    readonly archiveBytes: number,
    readonly allowed: number,
    readonly stats: CheckStats,
  ) {}

  push(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.#skip > 0) {
        const n = Math.min(this.#skip, chunk.length - at);
        const meta = this.#meta;
        if (meta) {
          const take = Math.min(n, meta.data.length - meta.filled);
          meta.data.set(chunk.subarray(at, at + take), meta.filled);
          meta.filled += take;
        }
        this.#skip -= n;
        at += n;
        if (this.#skip === 0 && meta) this.#endMeta(meta);
        continue;
      }
      const n = Math.min(512 - this.#filled, chunk.length - at);
      this.#header.set(chunk.subarray(at, at + n), this.#filled);
      this.#filled += n;
      at += n;
      if (this.#filled === 512) {
        this.#filled = 0;
        this.#onHeader(this.#header);
      }
    }
  }

  #onHeader(h: Uint8Array): void {
    if (h[0] === 0 && h[148] === 0) return; // no name, no checksum: an end block
    if (++this.#members > this.limits.maxMembers)
      throw new Refusal(`it holds more than ${this.limits.maxMembers} members, the most toolplay unpacks`);
    const type = String.fromCharCode(h[156]!);
    const ustar = tarText(h, 257, 6) === 'ustar' && h[262] === 0;
    const prefix = ustar ? tarText(h, 345, 155) : '';
    const name = this.#longName ?? `${prefix ? `${prefix}/` : ''}${tarText(h, 0, 100)}`;
    let length = this.#paxSize ?? tarNumber(h.subarray(124, 136));
    this.#longName = null;
    this.#paxSize = null;
    const blocks = Math.ceil(length / 512) * 512;
    if (type === 'S')
      throw new Refusal(`its member ${JSON.stringify(name)} is a sparse file, which toolplay does not unpack`);
    if (type === 'x' || type === 'g' || type === 'L') {
      if (length > MiB) throw new Refusal(`its member ${JSON.stringify(name)} has a header over 1 MiB`);
      this.#meta = { kind: type === 'L' ? 'name' : 'pax', data: new Uint8Array(length), filled: 0 };
      this.#skip = blocks;
      if (blocks === 0) this.#endMeta(this.#meta);
      return;
    }
    if (type === '1')
      length = this.#sizes.get(tarText(h, 157, 100)) ?? 0; // a hard link is written as a copy
    else if (type === '0' || type === '\0' || type === '7') this.#sizes.set(name, length);
    else length = 0;
    this.#written += length;
    if (this.#written > this.allowed)
      throw new Refusal(overCap(this.#written, this.archiveBytes, this.limits, 'unpacks to'));
    this.#skip = type === '1' ? 0 : blocks;
  }

  #endMeta(meta: { kind: 'pax' | 'name'; data: Uint8Array }): void {
    this.#meta = null;
    const text = new TextDecoder().decode(meta.data);
    if (meta.kind === 'name') {
      this.#longName = text.replace(/\0.*$/s, '');
      return;
    }
    for (const record of text.split('\n')) {
      const [, key, value] = /^\d+ ([^=]+)=(.*)$/s.exec(record) ?? [];
      if (key?.startsWith('GNU.sparse')) throw new Refusal('it holds a sparse file, which toolplay does not unpack');
      if (key === 'size' && value !== undefined && /^\d+$/.test(value)) this.#paxSize = Number(value);
    }
  }
}

function tarText(h: Uint8Array, at: number, length: number): string {
  const field = h.subarray(at, at + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end < 0 ? field : field.subarray(0, end));
}

/** A tar number field: octal text, or base-256 when its first byte has the high bit set. */
function tarNumber(field: Uint8Array): number {
  if (field[0]! & 0x80) {
    let n = field[0]! & 0x7f;
    for (let i = 1; i < field.length; i++) n = n * 256 + field[i]!;
    return n;
  }
  const text = new TextDecoder().decode(field).replace(/[\0 ]+/g, '');
  return text ? parseInt(text, 8) : 0;
}
