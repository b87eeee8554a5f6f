// A link's sources (mirror, index, CORS proxy, the Network switch on, the Python version): read from
// the payload, listed with their hosts, never applied by opening or a plain Trust, applied one by
// one where the person accepts them, each marked with where it came from.
import { describe, expect, it } from 'vitest';
import { decodeShared, encodeFile, encodeLink } from '../../src/share/codec.ts';
import { contentOf } from '../../src/share/apply.ts';
import type { SharedWorkspace } from '../../src/share/payload.ts';
import { acceptSources, offersOf, originOf, REVIEW_PACKAGES, type SharedPackages } from '../../src/share/sources.ts';
import { reviewList } from '../../src/share/review-list.ts';
import { BASE, linkOf } from './refusals.ts';

const enc = new TextEncoder();
const HOSTILE: SharedPackages = {
  mirror: 'https://mirror.attacker.example/pyodide/',
  indexUrl: 'https://pypi.attacker.example/simple',
  network: true,
  corsProxy: 'http://127.0.0.1:8787/',
  python: '3.13',
};
const shared = (packages?: SharedPackages): SharedWorkspace => ({
  name: null,
  files: new Map([['tools/t.py', enc.encode('def tool_t() -> dict:\n    return {}\n')]]),
  folders: [],
  profile: null,
  open: null,
  call: null,
  host: {},
  telemetry: [],
  ...(packages ? { packages } : {}),
});

describe('the payload carries sources', () => {
  it('reads and writes every source key, python included, and nothing the workspace marked for itself', () => {
    const back = decodeShared(encodeLink(shared(HOSTILE), BASE).link);
    expect(back.packages).toEqual(HOSTILE);
    // A workspace's own marks (setBy) never travel.
    const marked = { ...HOSTILE, setBy: { mirror: 'the link from https://x.example' } } as SharedPackages;
    expect(JSON.parse(encodeFile(shared(marked))).packages).toEqual(HOSTILE);
  });

  it('a link without "packages" asks for the Network switch on, as links always did; unknown keys inside are skipped', () => {
    expect(decodeShared(linkOf({ toolplay: 1 })).packages).toBeUndefined();
    expect(offersOf(undefined).map((o) => o.key)).toEqual(['network']);
    expect(decodeShared(linkOf({ toolplay: 1, packages: { network: false, later: 1 } })).packages).toEqual({
      mirror: null,
      indexUrl: null,
      network: false,
      corsProxy: null,
    });
  });

  it('refuses a URL that does not parse, with the field named', () => {
    expect(() => decodeShared(linkOf({ toolplay: 1, packages: { corsProxy: 'http://[::1' } }))).toThrow(
      '"packages.corsProxy" must be an http(s) URL or null',
    );
  });
});

describe('offers', () => {
  it('lists each setting with its host and what accepting it means, in one order', () => {
    const offers = offersOf(HOSTILE);
    expect(offers.map((o) => [o.key, o.label, o.value, o.host])).toEqual([
      ['mirror', 'Pyodide packages mirror', HOSTILE.mirror, 'mirror.attacker.example'],
      ['indexUrl', 'Package index', HOSTILE.indexUrl, 'pypi.attacker.example'],
      ['corsProxy', 'CORS proxy', HOSTILE.corsProxy, '127.0.0.1:8787'],
      ['network', 'Network for tools', 'on', null],
      ['python', 'Python version', '3.13', null],
    ]);
    expect(offers[2]!.effect).toBe(
      'every request its tools make goes through 127.0.0.1:8787, with its headers (an Authorization key too)',
    );
  });

  it('names a look-alike host as the browser reads it (punycode), not as it looks', () => {
    const [offer] = offersOf({ ...REVIEW_PACKAGES, indexUrl: 'https://pypі.org/simple' });
    expect(offer!.host).toBe('xn--pyp-lhd.org');
  });

  it('a link that turns the network off or names nothing asks for nothing', () => {
    expect(offersOf({ mirror: null, indexUrl: null, network: false, corsProxy: null })).toEqual([]);
  });
});

describe('accepting', () => {
  const sources = { from: 'the link from https://sender.example', asked: HOSTILE };

  it('accepting nothing keeps every setting of ones own, the Network switch off', () => {
    expect(acceptSources(sources, [])).toEqual({ mirror: null, indexUrl: null, network: false, corsProxy: null });
  });

  it('applies exactly the accepted ones, each marked with where it came from', () => {
    expect(acceptSources(sources, ['indexUrl', 'network'])).toEqual({
      mirror: null,
      indexUrl: HOSTILE.indexUrl,
      network: true,
      corsProxy: null,
      setBy: { indexUrl: sources.from, network: sources.from },
    });
    expect(acceptSources(sources, ['mirror', 'python', 'corsProxy'])).toMatchObject({
      mirror: HOSTILE.mirror,
      corsProxy: HOSTILE.corsProxy,
      python: '3.13',
      network: false,
    });
  });

  it('cannot be made to accept what the link did not ask for, and keeps ones own where not accepted', () => {
    const own = { mirror: null, indexUrl: 'https://my.index.example/simple', network: true, corsProxy: null };
    const quiet = { from: 'a link', asked: { ...HOSTILE, mirror: null, network: false } };
    expect(acceptSources(quiet, ['mirror', 'network'], own)).toEqual(own);
  });
});

describe('a link as a workspace', () => {
  it('starts with none of its sources applied and keeps what it asks for, with where it came from', () => {
    const content = contentOf(shared(HOSTILE), 'the link from https://sender.example');
    expect(content.settings.packages).toEqual({ mirror: null, indexUrl: null, network: false, corsProxy: null });
    expect(content.settings.linkSources).toEqual({ from: 'the link from https://sender.example', asked: HOSTILE });
    // A link that asks for nothing leaves nothing to accept.
    const quiet = contentOf(shared({ mirror: null, indexUrl: null, network: false, corsProxy: null }));
    expect(quiet.settings.linkSources).toBeUndefined();
  });

  it('names where it came from: the origin of the link, the file', () => {
    expect(originOf('https://play.example/app/#share=1.abc')).toBe('the link from https://play.example');
    expect(originOf('#share=1.abc')).toBe('a link');
    expect(originOf('{"toolplay": 1}')).toBe('a .toolplay.json file');
    expect(originOf(enc.encode('{}'), 'bug.toolplay.json')).toBe('the file bug.toolplay.json');
  });
});

describe('the review list', () => {
  it('lists every file, hidden and binary ones included, with sizes', () => {
    const files = new Map<string, Uint8Array>([
      ['tools/weather.py', enc.encode('x = 1\n')],
      ['tools/__pycache__/weather.cpython-314.pyc', Uint8Array.of(0xcb, 0x0d, 0x0d, 0x0a, 0, 0, 0xff)],
      ['.env', enc.encode('OPENAI_API_KEY=sk-x\n')],
      ['data/.hidden/x.txt', enc.encode('hi')],
      ['img.png', Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff)],
    ]);
    expect(reviewList(files)).toEqual([
      { path: '.env', bytes: 20, binary: false, hidden: true, bytecode: false },
      { path: 'data/.hidden/x.txt', bytes: 2, binary: false, hidden: true, bytecode: false },
      { path: 'img.png', bytes: 9, binary: true, hidden: false, bytecode: false },
      {
        path: 'tools/__pycache__/weather.cpython-314.pyc',
        bytes: 7,
        binary: true,
        hidden: true,
        bytecode: true,
      },
      { path: 'tools/weather.py', bytes: 6, binary: false, hidden: false, bytecode: false },
    ]);
  });
});
