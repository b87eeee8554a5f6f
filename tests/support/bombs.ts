/**
 * Archive bombs built cheaply, for the tests of src/packages/archive-check.ts: gigabytes of zeros
 * as a few megabytes of deflate, made without compressing gigabytes. One block of zeros is deflated
 * with a full flush (it ends on a byte boundary and forgets its window), so the same bytes repeated
 * are a valid stream of that many blocks; an empty final block ends it. A zip's central directory
 * states whatever size a test wants (the truth, or a lie); a .tar.gz holds one member of zeros.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const BLOCK = 64 * 1024 * 1024;
let block: Buffer | null = null;

/** A raw deflate stream of `count` × 64 MiB of zeros (count × ~65 KB). */
export function zerosDeflated(count: number): Uint8Array {
  block ??= deflateRawSync(Buffer.alloc(BLOCK), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const out = Buffer.alloc(block.length * count + 2);
  for (let i = 0; i < count; i++) block.copy(out, i * block.length);
  out[out.length - 2] = 0x03; // BFINAL, fixed Huffman, end of block
  out[out.length - 1] = 0x00;
  return out;
}

export const zerosBytes = (count: number): number => count * BLOCK;

export interface ZipEntry {
  name: string;
  /** Stored as-is (method 0) unless `deflated` gives the member's compressed bytes. */
  data?: Uint8Array;
  deflated?: Uint8Array;
  /** The size the central directory states (the member's real size when not given). */
  declared?: number;
}

/** A zip whose central directory says what `entries` say: real sizes, or the lies a test tells. */
export function zipOf(entries: ZipEntry[]): Uint8Array {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = Buffer.from(e.deflated ?? e.data ?? new Uint8Array());
    const method = e.deflated ? 8 : 0;
    const declared = e.declared ?? (e.data ? e.data.length : 0);
    const crc = e.data ? crc32(e.data) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(method, 10);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(body.length, 20);
    record.writeUInt32LE(declared, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(record, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** A wheel's own files (METADATA, WHEEL, RECORD) beside `entries`, as a zip (sizes as the entries say). */
export function bombWheel(name: string, version: string, entries: ZipEntry[]): Uint8Array {
  const info = `${name}-${version}.dist-info`;
  const text = (path: string, body: string): ZipEntry => ({ name: path, data: Buffer.from(body) });
  return zipOf([
    text(`${name}/__init__.py`, 'OK = True\n'),
    ...entries,
    text(`${info}/METADATA`, `Metadata-Version: 2.1\nName: ${name}\nVersion: ${version}\n`),
    text(`${info}/WHEEL`, 'Wheel-Version: 1.0\nGenerator: toolplay-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n'),
    text(`${info}/RECORD`, ''),
  ]);
}

function tarHeader(name: string, size: number, type: string): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write(type, 156);
  h.write('ustar\u000000', 257, 'latin1');
  h.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

/** A gzip member around a raw deflate stream (the trailer's CRC is not checked before the cap stops it). */
function gzipOf(deflated: Uint8Array, size: number): Uint8Array {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]), Buffer.from(deflated), trailer]);
}

/** A .tar.gz of `<root>/pyproject.toml`, then `<root>/zeros.bin`: `count` × 64 MiB of zeros (its header saying `stated`). */
export function tarGzBomb(root: string, count: number, stated = zerosBytes(count)): Uint8Array {
  const toml = Buffer.from('[build-system]\nrequires = []\nbuild-backend = "x"\n');
  const head = Buffer.concat([
    tarHeader(`${root}/pyproject.toml`, toml.length, '0'),
    toml,
    Buffer.alloc(512 - toml.length),
    tarHeader(`${root}/zeros.bin`, stated, '0'),
  ]);
  // The head as stored deflate blocks (a full-flushed stream of its own), then the zeros.
  const headDeflated = deflateRawSync(head, { finishFlush: constants.Z_FULL_FLUSH });
  const zeros = zerosDeflated(count);
  return gzipOf(Buffer.concat([headDeflated, zeros]), head.length + zerosBytes(count));
}

/** A .tar.gz whose small file is hard-linked `links` times: tarfile writes each link as a copy. */
export function tarGzLinks(root: string, fileBytes: number, links: number): Uint8Array {
  const parts = [tarHeader(`${root}/big.bin`, fileBytes, '0'), Buffer.alloc(Math.ceil(fileBytes / 512) * 512)];
  for (let i = 0; i < links; i++) {
    const h = tarHeader(`${root}/copy${i}.bin`, 0, '1');
    h.write(`${root}/big.bin`, 157, 'utf8');
    h.fill(' ', 148, 156);
    let sum = 0;
    for (const byte of h) sum += byte;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    parts.push(h);
  }
  parts.push(Buffer.alloc(1024));
  const tar = Buffer.concat(parts);
  return gzipOf(deflateRawSync(tar), tar.length);
}
