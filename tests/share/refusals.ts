// Every refusal of the share format, one case each: the input (a link, or a .toolplay.json text) and
// the exact one-line message. tests/share/refusals.test.ts runs them through the app's decoder,
// tests/cli/cli-link.test.ts through `toolplay link decode`.
import { constants, deflateRawSync } from 'node:zlib';
import { toBase64Url } from '../../src/share/base64.ts';

export const BASE = 'https://toolplay.example/';
const enc = new TextEncoder();

/** A link carrying exactly these bytes (no validation on the way: the point is to send bad ones). */
export const linkOfBytes = (bytes: Uint8Array): string => `${BASE}#share=1.${toBase64Url(deflateRawSync(bytes))}`;
export const linkOf = (payload: unknown): string => linkOfBytes(enc.encode(JSON.stringify(payload)));
const file = (path: string) => ({ path, text: 'x' });
const withFiles = (...files: unknown[]) => linkOf({ toolplay: 1, files });

/**
 * A gigabyte of zeros in about 1 MB: one flushed deflate block of 1 MiB of zeros repeated (a full
 * flush resets the compressor, so every repeat is the same bytes), then an empty final block.
 */
export function bombLink(mebibytes = 1024): string {
  const block = deflateRawSync(new Uint8Array(1 << 20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const parts = [...Array.from({ length: mebibytes }, () => block), Uint8Array.of(0x03, 0x00)];
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) data.set(p, (at += p.length) - p.length);
  return `${BASE}#share=1.${toBase64Url(data)}`;
}

export interface Refusal {
  name: string;
  input: () => string;
  message: string;
}

export const REFUSALS: Refusal[] = [
  {
    name: 'not a link',
    input: () => 'https://toolplay.example/#files',
    message: 'this is not a toolplay link: it has no "#share=" part',
  },
  {
    name: 'no version',
    input: () => `${BASE}#share=abc`,
    message: 'the link is damaged: "#share=" is not followed by a format version and a dot',
  },
  {
    name: 'unknown link version',
    input: () => `${BASE}#share=7.AAAA`,
    message:
      'this shared workspace uses format version "7", which this toolplay does not read (it reads version 1): open it in a newer toolplay',
  },
  {
    name: 'unknown payload version',
    input: () => linkOf({ toolplay: 2, files: [] }),
    message:
      'this shared workspace uses format version "2", which this toolplay does not read (it reads version 1): open it in a newer toolplay',
  },
  {
    name: 'stray character',
    input: () => `${BASE}#share=1.q1YqyclPKShK%3D`,
    message: 'the link is damaged: it contains "%" (character 13 of its data), which no toolplay link has',
  },
  {
    name: 'cut off',
    input: () => linkOf({ toolplay: 1, files: [file('a.py')] }).slice(0, -6),
    message: 'the link is cut off: it ends in the middle of the data',
  },
  {
    name: 'cut off to nothing',
    input: () => `${BASE}#share=1.`,
    message: 'the link is cut off: it ends in the middle of the data',
  },
  {
    name: 'corrupt data',
    input: () => `${BASE}#share=1.${toBase64Url(Uint8Array.of(0xff, 0xff, 0xff, 0xff))}`,
    message: 'the link is damaged: its data does not unpack (invalid block type)',
  },
  {
    name: 'compressed data over 2 MB',
    input: () => `${BASE}#share=1.${'A'.repeat(2_900_000)}`,
    message: 'the link is too large: it carries 2.1 MB of compressed data, over the 2 MB limit',
  },
  {
    name: 'unpacks over 20 MB (a gigabyte bomb)',
    input: () => bombLink(),
    message: 'the shared workspace is too large: it unpacks to more than 20 MB, the limit',
  },
  {
    name: 'file over 20 MB',
    input: () => JSON.stringify({ toolplay: 1, files: [{ path: 'big.txt', text: 'x'.repeat(21 << 20) }] }),
    message: 'the file is too large: 21 MB, over the 20 MB limit',
  },
  {
    name: 'data not UTF-8',
    input: () => linkOfBytes(Uint8Array.of(0x7b, 0xff, 0x7d)),
    message: 'the link is damaged: its data is not UTF-8 text',
  },
  {
    name: 'data not JSON',
    input: () => linkOfBytes(enc.encode('hello')),
    message: 'the link is damaged: its data is not valid JSON',
  },
  { name: 'file not JSON', input: () => '{"toolplay": 1,', message: 'the file is not valid JSON' },
  {
    name: 'not a workspace',
    input: () => linkOf({ files: [] }),
    message: 'this is not a toolplay workspace: it has no "toolplay" format version',
  },
  {
    name: 'more than 2,000 files',
    input: () => withFiles(...Array.from({ length: 2001 }, (_, i) => file(`f${i}.txt`))),
    message: 'the shared workspace has 2,001 files, over the limit of 2,000',
  },
  {
    name: 'absolute path',
    input: () => withFiles(file('/etc/passwd')),
    message: 'file path "/etc/passwd" is not allowed: it is absolute (starts with "/")',
  },
  {
    name: '".." segment',
    input: () => withFiles(file('tools/../../x.py')),
    message: 'file path "tools/../../x.py" is not allowed: it has a ".." segment',
  },
  {
    name: '"." segment',
    input: () => withFiles(file('./x.py')),
    message: 'file path "./x.py" is not allowed: it has a "." segment',
  },
  {
    name: 'empty segment',
    input: () => withFiles(file('tools//x.py')),
    message: 'file path "tools//x.py" is not allowed: it has an empty segment ("//" or a trailing "/")',
  },
  { name: 'empty path', input: () => withFiles(file('')), message: 'file path "" is not allowed: it is empty' },
  {
    name: 'backslash',
    input: () => withFiles(file('tools\\x.py')),
    message: 'file path "tools\\\\x.py" is not allowed: it contains a backslash (paths use "/")',
  },
  {
    name: 'NUL',
    input: () => withFiles(file('x\u0000.py')),
    message: 'file path "x\\u0000.py" is not allowed: it contains the control character U+0000',
  },
  {
    name: 'control character',
    input: () => withFiles(file('x\u001b[31m.py')),
    message: 'file path "x\\u001b[31m.py" is not allowed: it contains the control character U+001B',
  },
  {
    name: 'a right-to-left override in a path',
    input: () => withFiles(file('a\u202eyp.txt')),
    message:
      'file path "a\\u202eyp.txt" is not allowed: it contains U+202E (right-to-left override), an invisible character that makes a file name look like another',
  },
  {
    name: 'a line separator in a path',
    input: () => withFiles(file('notes\u2028.md')),
    message:
      'file path "notes\\u2028.md" is not allowed: it contains U+2028 (line separator), an invisible character that makes a file name look like another',
  },
  {
    name: 'a zero-width space in a path (two files would show as one name)',
    input: () => withFiles(file('tools/a.py'), file('tools/a\u200b.py')),
    message:
      'file path "tools/a\\u200b.py" is not allowed: it contains U+200B (zero width space), an invisible character that makes a file name look like another',
  },
  {
    name: 'a byte order mark in a path',
    input: () => withFiles(file('\ufeffnotes.md')),
    message:
      'file path "\\ufeffnotes.md" is not allowed: it contains U+FEFF (zero width no-break space, the BOM), an invisible character that makes a file name look like another',
  },
  {
    name: 'a soft hyphen in a path',
    input: () => withFiles(file('co\u00adde.py')),
    message:
      'file path "co\\u00adde.py" is not allowed: it contains U+00AD (soft hyphen), an invisible character that makes a file name look like another',
  },
  {
    name: 'a variation selector beyond the BMP in a path',
    input: () => withFiles(file('x\u{e0100}.py')),
    message:
      'file path "x\\udb40\\udd00.py" is not allowed: it contains U+E0100 (a variation selector), an invisible character that makes a file name look like another',
  },
  {
    name: 'a C1 control in a path (quoted escaped, so no terminal acts on it)',
    input: () => withFiles(file('x\u0085.py')),
    message: 'file path "x\\u0085.py" is not allowed: it contains the control character U+0085',
  },
  {
    name: 'segment over 255 bytes',
    input: () => withFiles(file(`tools/${'é'.repeat(128)}.py`)),
    message: `file path "tools/${'é'.repeat(74)}…" is not allowed: a segment is 259 bytes long, over the 255 a file name may have`,
  },
  {
    name: 'unpaired surrogate in a path',
    input: () => linkOfBytes(enc.encode('{"toolplay":1,"files":[{"path":"a\\ud800.py","text":"x"}]}')),
    message: 'file path "a\\ud800.py" is not allowed: it is not valid Unicode (an unpaired surrogate)',
  },
  {
    name: 'duplicate file',
    input: () => withFiles(file('a.py'), file('a.py')),
    message: 'file path "a.py" is listed twice',
  },
  {
    name: 'two spellings of one name (NFC é and NFD e + U+0301)',
    input: () => withFiles(file('tools/caf\u00e9.py'), file('tools/cafe\u0301.py')),
    message:
      'paths "tools/caf\u00e9.py" and "tools/cafe\u0301.py" show the same name in two Unicode spellings (an accent as part of its letter, or as a separate mark)',
  },
  {
    name: 'file that is also a folder',
    input: () => withFiles(file('tools'), file('tools/a.py')),
    message: '"tools" is both a file and a folder (of "tools/a.py")',
  },
  {
    name: 'folder that is also a file',
    input: () => linkOf({ toolplay: 1, files: [file('notes')], folders: ['notes'] }),
    message: '"notes" is both a file and a folder',
  },
  {
    name: 'invalid base64',
    input: () => withFiles({ path: 'a.bin', base64: 'AP8*' }),
    message: 'file "a.bin" has invalid base64 content',
  },
  {
    name: 'text not valid Unicode',
    input: () => linkOfBytes(enc.encode('{"toolplay":1,"files":[{"path":"a.txt","text":"\\udc00"}]}')),
    message: 'file "a.txt" has text that is not valid Unicode (an unpaired surrogate)',
  },
  {
    name: 'file entry without content',
    input: () => withFiles({ path: 'a.py' }),
    message: 'file 1 must be an object with "path" and either "text" or "base64"',
  },
  {
    name: 'unknown profile',
    input: () => linkOf({ toolplay: 1, profile: 'mcp' }),
    message: '"profile" must be one of lcp, hub, loki, llm-functions, standard (it is "mcp")',
  },
  {
    name: 'nested 200,000 levels deep (a few hundred bytes of brackets)',
    input: () =>
      linkOfBytes(enc.encode(`{"toolplay":1,"host":{"lib":{"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}}}`)),
    message: 'the link nests values more than 100 levels deep, which no toolplay workspace does',
  },
  {
    name: 'a file nested too deep',
    input: () => `{"toolplay":1,"call":{"tool":"t","args":{"a":${'['.repeat(101)}${']'.repeat(101)}}}}`,
    message: 'the file nests values more than 100 levels deep, which no toolplay workspace does',
  },
  {
    name: 'a file that is a JSON list',
    input: () => '[]',
    message: 'this is not a toolplay workspace: the data is not a JSON object',
  },
  {
    name: 'malformed telemetry',
    input: () => linkOf({ toolplay: 1, telemetry: [{ type: 'call.stdout', callId: 'c', t: 1, text: 5 }] }),
    message: 'telemetry event 1 (call.stdout) is malformed: "text" must be text',
  },
  {
    name: 'a source that is not an http(s) URL',
    input: () => linkOf({ toolplay: 1, packages: { mirror: 'file:///etc/' } }),
    message: '"packages.mirror" must be an http(s) URL or null',
  },
  {
    name: 'a Python version that is not one',
    input: () => linkOf({ toolplay: 1, packages: { python: '3.13; rm -rf /' } }),
    message: '"packages.python" must be a Python version such as "3.13", or null',
  },
];
