import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { filesOfZip } from '../../src/app/transfer/zip-import.ts';
import { ImportRefusal } from '../../src/app/transfer/import-plan.ts';

async function contents(bytes: Uint8Array): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of filesOfZip(bytes)) out[f.path] = new TextDecoder().decode(await f.bytes());
  return out;
}

describe('filesOfZip', () => {
  it('unpacks members with their folders', async () => {
    const zip = zipSync({
      'weather/': new Uint8Array(0),
      'weather/api.py': strToU8('x = 1\n'),
      'weather/data/c.json': strToU8('{}'),
    });
    expect(await contents(zip)).toEqual({ 'weather/api.py': 'x = 1\n', 'weather/data/c.json': '{}' });
  });

  it('refuses a member that climbs out or is absolute, in one line', () => {
    const climbing = zipSync({ 'ok.py': strToU8('1'), '../evil.py': strToU8('2') });
    expect(() => filesOfZip(climbing)).toThrow(
      new ImportRefusal('file path "../evil.py" is not allowed: it has a ".." segment'),
    );
    const absolute = zipSync({ '/etc/cron.d/x': strToU8('2') });
    expect(() => filesOfZip(absolute)).toThrow('is not allowed: it is absolute (starts with "/")');
  });

  it('refuses what is not a zip, and a bomb past the share links’ 20 MB', () => {
    expect(() => filesOfZip(strToU8('not a zip at all'))).toThrow(ImportRefusal);
    const bomb = zipSync({ 'zeros.bin': new Uint8Array(21 * 1024 * 1024) }, { level: 9 });
    expect(() => filesOfZip(bomb)).toThrow(/over the 20 MiB toolplay unpacks/);
  });
});
