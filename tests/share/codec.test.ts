// The share codec: round trips of every kind of content, the kept links of every format version,
// unpacking stopped at the cap, and the same checks on the way out as on the way in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeFile, decodeLink, decodeShared, encodeFile, encodeLink } from '../../src/share/codec.ts';
import { fromBase64Url } from '../../src/share/base64.ts';
import { inflateRawCapped, type InflateStats } from '../../src/share/inflate.ts';
import { MAX_PAYLOAD_BYTES } from '../../src/share/limits.ts';
import type { SharedWorkspace } from '../../src/share/payload.ts';
import { sameBytes } from '../../src/workspace/paths.ts';
import { BASE, bombLink } from './refusals.ts';

const enc = new TextEncoder();
const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));

function workspace(files: Record<string, string | Uint8Array>, more: Partial<SharedWorkspace> = {}): SharedWorkspace {
  const map = new Map(Object.entries(files).map(([p, c]) => [p, typeof c === 'string' ? enc.encode(c) : c] as const));
  return {
    name: null,
    files: map,
    folders: [],
    profile: null,
    open: null,
    call: null,
    host: {},
    telemetry: [],
    ...more,
  };
}

/** Both ways: as a link and as a file. */
function roundTrips(ws: SharedWorkspace): SharedWorkspace[] {
  return [decodeLink(encodeLink(ws, BASE).link), decodeShared(encodeFile(ws))];
}

describe('round trips (link and file)', () => {
  it('text, binary, unicode paths, empty files, a byte-order mark and empty folders come back byte for byte', () => {
    const every = new Uint8Array(256).map((_, i) => i);
    const ws = workspace(
      {
        'tools/a.py': 'def tool_a():\n    pass\n',
        'data/all-bytes.bin': every,
        'données/日本語 ü 🙂.txt': 'ünïcödé ✓\n',
        'empty.md': '',
        'bom.txt': '\ufeffwith BOM',
      },
      { folders: ['notes', 'out/deep'] },
    );
    for (const back of roundTrips(ws)) {
      expect([...back.files.keys()].sort()).toEqual([...ws.files.keys()].sort());
      for (const [path, bytes] of ws.files) expect(back.files.get(path), path).toEqual(bytes);
      expect(back.folders.sort()).toEqual(['notes', 'out/deep']);
    }
  });

  it('keeps the settings: name, profile, open file, the call with its arguments as typed, host configuration, telemetry', () => {
    const ws = workspace(
      { 'tools/t.py': 'x = 1\n' },
      {
        name: '<b>Bug</b> report',
        profile: 'loki',
        open: 'tools/t.py',
        call: { tool: 'tool_t', argsText: '{"n": 2.0, "big": 12345678901234567891}' },
        host: { t: { autonomy_level: 'full_access', nested: { list: [1, 'two'] } } },
        telemetry: [{ type: 'call.stdout', callId: 'c', text: 'hi\n', t: 5 }],
      },
    );
    for (const back of roundTrips(ws)) {
      expect(back.name).toBe('<b>Bug</b> report');
      expect(back.profile).toBe('loki');
      expect(back.open).toBe('tools/t.py');
      expect(back.call).toEqual({ tool: 'tool_t', argsText: '{"n": 2.0, "big": 12345678901234567891}' });
      expect(back.host).toEqual(ws.host);
      expect(back.telemetry).toEqual(ws.telemetry);
    }
  });

  it('ignores unknown top-level keys, unknown event types and an "open" that is not a file; uses args when argsText is absent', () => {
    const text = JSON.stringify({
      toolplay: 1,
      files: [{ path: 'a.py', text: '' }],
      open: 'gone.py',
      future: { x: 1 },
      call: { tool: 't', args: { q: 1 } },
      telemetry: [{ type: 'call.progress', callId: 'c', t: 1 }],
    });
    const back = decodeShared(text);
    expect(back.open).toBeNull();
    expect(back.call).toEqual({ tool: 't', argsText: '{\n  "q": 1\n}' });
    expect(back.telemetry).toEqual([]);
  });

  it('a .toolplay.json saved with a byte-order mark (as Notepad saves it) opens as a file, as text or as bytes', () => {
    const text = `\uFEFF${encodeFile(workspace({ 'a.py': 'x = 1\n' }))}`;
    expect(decodeShared(text).files.get('a.py')).toEqual(enc.encode('x = 1\n'));
    expect(decodeShared(enc.encode(text)).files.get('a.py')).toEqual(enc.encode('x = 1\n'));
  });

  it('a link survives being wrapped over lines by a chat tool', () => {
    const { link } = encodeLink(workspace({ 'a.py': 'print("hello")\n' }), BASE);
    const wrapped = link.replace(/(.{40})/g, '$1\n  ');
    expect(decodeLink(wrapped).files.get('a.py')).toEqual(enc.encode('print("hello")\n'));
  });
});

describe('the links and files of every format version ever made still open', () => {
  // Made by toolplay's format 1 writer and kept as they are: never regenerate these.
  const expectFormat1 = (ws: SharedWorkspace) => {
    expect(ws.name).toBe('Notes demo — format 1');
    expect([...ws.files.keys()].sort()).toEqual([
      'data/pixel.bin',
      'docs/日本語 ü.txt',
      'notes/empty.md',
      'tools/notes.py',
    ]);
    expect([...ws.files.get('data/pixel.bin')!]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    expect([...ws.files.get('docs/日本語 ü.txt')!.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(ws.files.get('notes/empty.md')!.length).toBe(0);
    expect(new TextDecoder().decode(ws.files.get('tools/notes.py'))).toContain(
      'def tool_write_note(path: str, text: str = "") -> dict:',
    );
    expect(ws.folders.sort()).toEqual(['notes', 'out']);
    expect(ws.profile).toBe('hub');
    expect(ws.open).toBe('tools/notes.py');
    expect(ws.call).toEqual({ tool: 'tool_write_note', argsText: '{"path": "notes/a.md", "text": "hi", "n": 2.0}' });
    expect(ws.host).toEqual({ notes: { autonomy_level: 'strict' } });
    expect(ws.telemetry.map((e) => e.type)).toEqual(['call.started', 'call.finished']);
  };
  it('format 1 link', () => expectFormat1(decodeShared(fixture('format-1.link').toString('utf8'))));
  it('format 1 file', () => expectFormat1(decodeFile(fixture('format-1.toolplay.json'))));
});

describe('decompression bombs', () => {
  it('a 1 MB link that would unpack to a gigabyte is refused once unpacking passes 20 MB', () => {
    const link = bombLink(1024);
    const data = fromBase64Url(link.slice(link.indexOf('#share=1.') + 9))!;
    expect(data.length).toBeLessThan(1.1 * 1024 * 1024);
    const stats: InflateStats = { produced: 0 };
    expect(() => inflateRawCapped(data, MAX_PAYLOAD_BYTES, stats)).toThrow(
      'the shared workspace is too large: it unpacks to more than 20 MB, the limit',
    );
    // Stopped within one slice's worth past the cap: nowhere near the gigabyte.
    expect(stats.produced).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    expect(stats.produced).toBeLessThan(MAX_PAYLOAD_BYTES + 8 * 1024 * 1024);
  });

  it('the same stream under the cap unpacks whole', () => {
    const link = bombLink(4);
    const data = fromBase64Url(link.slice(link.indexOf('#share=1.') + 9))!;
    expect(inflateRawCapped(data, MAX_PAYLOAD_BYTES).length).toBe(4 << 20);
  });
});

describe('writing checks what reading checks', () => {
  it('refuses to write a path a reader would refuse, with the same words', () => {
    expect(() => encodeLink(workspace({ 'a\u0007.txt': 'x' }), BASE)).toThrow(
      'file path "a\\u0007.txt" is not allowed: it contains the control character U+0007',
    );
    expect(() => encodeFile(workspace({ a: 'x', 'a/b': 'y' }))).toThrow('"a" is both a file and a folder (of "a/b")');
  });

  it('says when a workspace is too large for a link, but not for a file', () => {
    // Random bytes do not compress: 2.5 MB of them cannot fit in a 2 MB link.
    const noise = new Uint8Array(2_500_000);
    for (let i = 0; i < noise.length; i += 65536) crypto.getRandomValues(noise.subarray(i, i + 65536));
    expect(() => encodeLink(workspace({ 'noise.bin': noise }), BASE)).toThrow(
      /^the link is too large: it carries 2\.\d MB of compressed data, over the 2 MB limit$/,
    );
    // (sameBytes: a deep toEqual of 2.5 million elements takes seconds)
    expect(sameBytes(decodeShared(encodeFile(workspace({ 'noise.bin': noise }))).files.get('noise.bin'), noise)).toBe(
      true,
    );
  });
});
