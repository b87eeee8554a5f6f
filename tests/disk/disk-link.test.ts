// One workspace's link to its folder: kept across a reload (handle and base in the store), waiting
// for the person's one click where the browser asks again, writing toolplay's edits through as
// they are made, and looking at the disk when a trigger fires.
import { describe, expect, it } from 'vitest';
import { DiskLink, type LinkWorkspace, type LookTriggers } from '../../src/app/disk/disk-link.svelte.ts';
import { hashOf } from '../../src/app/disk/disk-sync.ts';
import { memoryLinkStore } from '../../src/app/disk/link-store.ts';
import type { FileChange } from '../../src/protocol/worker.ts';
import { FakeDirectory } from './fake-directory.ts';

const enc = (t: string) => new TextEncoder().encode(t);

class Workspace implements LinkWorkspace {
  readonly id = 'w';
  files = new Map<string, Uint8Array>();
  folders: string[] = [];
  #listeners = new Set<(changes: FileChange[]) => void>();
  applyChanges(changes: FileChange[]): void {
    for (const c of changes)
      if (c.content) this.files.set(c.path, c.content);
      else this.files.delete(c.path);
    for (const l of this.#listeners) l(changes);
  }
  write(path: string, text: string): void {
    this.applyChanges([{ path, content: enc(text) }]);
  }
  subscribe(listener: (changes: FileChange[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** Triggers the test fires by hand. */
function manualTriggers(): LookTriggers & { fire(): void; live: number } {
  const looks = new Set<() => void>();
  const add = (look: () => void) => {
    looks.add(look);
    return () => void looks.delete(look);
  };
  return {
    every: (_ms, look) => add(look),
    onFocus: add,
    fire: () => looks.forEach((l) => l()),
    get live() {
      return looks.size;
    },
  };
}

describe('DiskLink', () => {
  it('after a reload waits for the one click, then settles what changed meanwhile', async () => {
    const store = memoryLinkStore();
    const disk = new FakeDirectory('weather');
    await disk.put('a.py', 'a');
    const ws = new Workspace();
    ws.files.set('a.py', enc('a'));
    await store.save('w', { handle: disk, base: { 'a.py': hashOf(enc('a')) } });
    disk.permission = 'prompt';
    await disk.put('a.py', 'edited while away');

    const link = new DiskLink(ws, store, manualTriggers());
    await link.load();
    expect(link.state).toBe('permission');
    expect(new TextDecoder().decode(ws.files.get('a.py'))).toBe('a');
    await link.allow();
    expect(link.state).toBe('on');
    expect(link.notice).toBe('Updated from disk: a.py.');
    expect(new TextDecoder().decode(ws.files.get('a.py'))).toBe('edited while away');
    expect((await store.load('w'))?.base['a.py']).toBe(hashOf(enc('edited while away')));
  });

  it("writes toolplay's edits through, looks on a trigger, and stops cleanly", async () => {
    const store = memoryLinkStore();
    const disk = new FakeDirectory('weather');
    const ws = new Workspace();
    const triggers = manualTriggers();
    const link = new DiskLink(ws, store, triggers);
    await link.connect(disk, {});
    ws.write('tools/t.py', 'x = 1\n');
    await link.look();
    expect(await disk.read()).toEqual({ 'tools/t.py': 'x = 1\n' });
    await disk.put('tools/t.py', 'x = 2\n');
    triggers.fire();
    await link.look();
    expect(new TextDecoder().decode(ws.files.get('tools/t.py'))).toBe('x = 2\n');
    await link.disconnect();
    expect(triggers.live).toBe(0);
    expect(await store.load('w')).toBeUndefined();
    expect(link.state).toBe('none');
  });
});
