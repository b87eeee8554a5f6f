// Both kinds of index page (issue 32 item 4): an index that answers only PEP 503 HTML is read for the
// "why" and for building a release published only as a source archive, as micropip reads it to
// install; a PEP 691 page whose file URLs are relative to it (the PEP allows it) reaches micropip with
// them made absolute (the real micropip takes a JSON page's URLs as they are and fails with a
// TypeError). micropip here is the stand-in (PAGES: tests/support/micropip_stand_in.py).
import { afterAll, describe, expect, it } from 'vitest';
import { buildWheel } from '../support/wheels.ts';
import { servePackages, type PackageServer, type ServerOptions } from '../support/package-server.ts';
import { micropipStandIn } from '../support/micropip-stand-in.ts';
import { memoryStores, pythonWith, sourceOf } from './support.ts';
import { buildSdist } from './sdists.ts';
import { helperdep } from './fixtures.ts';
import type { Engine } from '../../src/engine/engine.ts';
import type { PackageEvent } from '../../src/packages/installer.ts';
import { indexPageFiles, resolvedPage } from '../../src/packages/index-page.ts';

const T = { timeout: 120_000 };

const plain = buildWheel({ name: 'plain', version: '1.2.0', files: { 'plain/__init__.py': 'OK = "plain"\n' } });
const other = buildWheel({ name: 'other', version: '1.0.0', files: { 'other/__init__.py': 'OK = 1\n' } });
const srconly = buildSdist({
  name: 'srconly',
  version: '2.0.0',
  requires: ['helperdep>=1.0'],
  files: { 'srconly/__init__.py': 'from helperdep import twice\n\ndef value():\n    return twice(4)\n' },
});

const servers: PackageServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function pythonOn(index: ServerOptions['index']): Promise<{ engine: Engine; server: PackageServer }> {
  const server = await servePackages({
    packages: [{ wheel: micropipStandIn(), inLock: true }, { wheel: plain }, { wheel: other }, { wheel: helperdep }],
    sdists: [srconly, { name: 'onlysrc', version: '0.5.0' }],
    index,
  });
  servers.push(server);
  return { engine: await pythonWith(await sourceOf(server), memoryStores()), server };
}

async function install(engine: Engine, requirements: string[]): Promise<{ events: PackageEvent[]; failed: string[] }> {
  const events: PackageEvent[] = [];
  const report = await engine.packages!.installer.install(requirements, { event: (e) => events.push(e) });
  return { events, failed: report.failed.map((f) => f.message) };
}

describe('an index that answers only PEP 503 HTML (stand-in)', () => {
  it('installs a wheel, builds a source-only release from its archive, and tells why from its links', T, async () => {
    const { engine, server } = await pythonOn('html');
    const wheel = await install(engine, ['plain>=1']);
    expect(wheel.failed).toEqual([]);
    expect(wheel.events).toContainEqual(
      expect.objectContaining({ type: 'package.installed', name: 'plain', source: 'index', index: server.indexUrl }),
    );

    const built = await install(engine, ['srconly>=2']);
    expect(built.failed).toEqual([]);
    expect(built.events).toContainEqual(
      expect.objectContaining({
        type: 'package.installed',
        name: 'srconly',
        sdist: `${server.url}/files/srconly-2.0.0.tar.gz`,
      }),
    );
    expect(engine.py.runPython('import srconly; srconly.value()')).toBe(8);

    expect((await install(engine, ['onlysrc'])).failed).toEqual([
      'onlysrc 0.5.0 is published only as a source archive (onlysrc-0.5.0.tar.gz) and the index gives no sha256 for it: toolplay builds only an archive it can check',
    ]);
    expect((await install(engine, ['other>=9'])).failed).toEqual([
      expect.stringMatching(/^no release of other matches >=9 \(the index has 1\.0\.0\)\. micropip: /),
    ]);
  });
});

describe('a PEP 691 page with relative file URLs (stand-in)', () => {
  it('reaches micropip with them made absolute: the wheel installs', T, async () => {
    const { engine, server } = await pythonOn('relative-json');
    const { events, failed } = await install(engine, ['plain>=1']);
    expect(failed).toEqual([]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'package.installed',
        name: 'plain',
        url: `${server.url}/files/${plain.fileName}`,
      }),
    );
  });
});

describe('reading a page', () => {
  const page = 'https://idx.example/simple/pkg/';
  it('HTML: links resolved against the page, the sha256 from the fragment, entities decoded', () => {
    const sha = 'a'.repeat(64);
    expect(
      indexPageFiles(
        page,
        'text/html; charset=utf-8',
        `<a href="../../files/pkg-1.0-py3-none-any.whl#sha256=${sha}">pkg-1.0-py3-none-any.whl</a>\n<a href='https://cdn.example/pkg-1.0.tar.gz?a=1&amp;b=2'>pkg-1.0.tar.gz</a>`,
      ),
    ).toEqual([
      {
        filename: 'pkg-1.0-py3-none-any.whl',
        url: 'https://idx.example/files/pkg-1.0-py3-none-any.whl',
        hashes: { sha256: sha },
      },
      { filename: 'pkg-1.0.tar.gz', url: 'https://cdn.example/pkg-1.0.tar.gz?a=1&b=2', hashes: {} },
    ]);
  });

  it('JSON: relative URLs made absolute for micropip; a page with none is left as it is', () => {
    const type = 'application/vnd.pypi.simple.v1+json';
    const text = JSON.stringify({
      name: 'pkg',
      files: [{ filename: 'pkg-1.0-py3-none-any.whl', url: 'pkg-1.0-py3-none-any.whl', hashes: {} }],
    });
    expect(JSON.parse(resolvedPage(page, type, text) ?? 'null')).toEqual({
      name: 'pkg',
      files: [{ filename: 'pkg-1.0-py3-none-any.whl', url: `${page}pkg-1.0-py3-none-any.whl`, hashes: {} }],
    });
    expect(
      resolvedPage(page, type, JSON.stringify({ name: 'pkg', files: [{ filename: 'x', url: 'https://a/x' }] })),
    ).toBeNull();
    expect(resolvedPage(page, 'text/html', '<a href="x">x</a>')).toBeNull();
  });
});
