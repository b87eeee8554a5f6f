import { describe, expect, it } from 'vitest';
import { rovingIndex } from '../../src/ui/keyboard/roving.ts';
import { treeKey, visibleNodes } from '../../src/ui/keyboard/treenav.ts';
import { commandOf, isApple, shortcutGroups } from '../../src/ui/keyboard/shortcuts.ts';
import { buildTree } from '../../src/ui/lib/tree.ts';

describe('roving focus (toolbars, tab lists)', () => {
  it('moves along its orientation and wraps at the ends', () => {
    expect(rovingIndex('ArrowRight', 2, 3)).toBe(0);
    expect(rovingIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(rovingIndex('End', 0, 3)).toBe(2);
    expect(rovingIndex('Home', 2, 3)).toBe(0);
    expect(rovingIndex('ArrowDown', 0, 3)).toBeNull();
    expect(rovingIndex('ArrowDown', 0, 3, 'vertical')).toBe(1);
    expect(rovingIndex('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('file tree keys (WAI-ARIA tree view)', () => {
  const tree = buildTree(['tools/notes.py', 'tools/wiki.py', 'data/articles.json', 'README.md']);
  const open = visibleNodes(tree, new Set());
  const paths = (items: typeof open) => items.map((n) => n.path);

  it('lists what is visible, children of closed folders left out', () => {
    expect(paths(open)).toEqual([
      'data',
      'data/articles.json',
      'tools',
      'tools/notes.py',
      'tools/wiki.py',
      'README.md',
    ]);
    expect(paths(visibleNodes(tree, new Set(['tools'])))).toEqual(['data', 'data/articles.json', 'tools', 'README.md']);
    expect(open.find((n) => n.path === 'tools/wiki.py')).toMatchObject({ depth: 1, parent: 'tools' });
    // A virtualised tree renders some rows only: each says its place among its siblings.
    expect(open.map((n) => `${n.position}/${n.siblings}`)).toEqual(['1/3', '1/1', '2/3', '1/2', '2/2', '3/3']);
  });
  it('walks with Up/Down and jumps with Home/End', () => {
    expect(treeKey(open, 'data/articles.json', 'ArrowDown')).toEqual({ type: 'focus', path: 'tools' });
    expect(treeKey(open, 'tools', 'ArrowUp')).toEqual({ type: 'focus', path: 'data/articles.json' });
    expect(treeKey(open, 'README.md', 'ArrowDown')).toBeNull();
    expect(treeKey(open, 'tools/notes.py', 'Home')).toEqual({ type: 'focus', path: 'data' });
    expect(treeKey(open, 'data', 'End')).toEqual({ type: 'focus', path: 'README.md' });
  });
  it('Right opens a closed folder, then enters it; Left closes an open folder, or goes to the parent', () => {
    const closed = visibleNodes(tree, new Set(['tools']));
    expect(treeKey(closed, 'tools', 'ArrowRight')).toEqual({ type: 'expand', path: 'tools' });
    expect(treeKey(open, 'tools', 'ArrowRight')).toEqual({ type: 'focus', path: 'tools/notes.py' });
    expect(treeKey(open, 'tools/notes.py', 'ArrowRight')).toBeNull();
    expect(treeKey(open, 'tools', 'ArrowLeft')).toEqual({ type: 'collapse', path: 'tools' });
    expect(treeKey(open, 'tools/wiki.py', 'ArrowLeft')).toEqual({ type: 'focus', path: 'tools' });
    expect(treeKey(closed, 'README.md', 'ArrowLeft')).toBeNull();
  });
  it('Enter activates, and a letter goes to the next item starting with it', () => {
    expect(treeKey(open, 'tools/wiki.py', 'Enter')).toEqual({ type: 'activate', path: 'tools/wiki.py' });
    expect(treeKey(open, 'data', 'r')).toEqual({ type: 'focus', path: 'README.md' });
    expect(treeKey(open, 'tools/wiki.py', 'D')).toEqual({ type: 'focus', path: 'data' });
    expect(treeKey(open, 'data', 'z')).toBeNull();
    expect(treeKey(open, 'data', ' ')).toBeNull();
  });
  it('focuses the first item when the focused one is gone', () => {
    expect(treeKey(open, 'gone.py', 'ArrowDown')).toEqual({ type: 'focus', path: 'data' });
    expect(treeKey([], 'gone.py', 'ArrowDown')).toBeNull();
  });
});

describe('app shortcuts', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });

  it('Ctrl or ⌘ with Enter runs and with S saves, wherever focus is', () => {
    expect(commandOf(key('Enter', { ctrlKey: true }), true)).toBe('run');
    expect(commandOf(key('Enter', { metaKey: true }), false)).toBe('run');
    expect(commandOf(key('s', { ctrlKey: true }), true)).toBe('save');
    expect(commandOf(key('S', { metaKey: true }), true)).toBe('save');
    expect(commandOf(key('Enter'), false)).toBeNull();
    expect(commandOf(key('Enter', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(commandOf(key('s', { ctrlKey: true, altKey: true }), false)).toBeNull();
  });
  it('"?" opens the shortcuts only outside text fields', () => {
    expect(commandOf(key('?', { shiftKey: true }), false)).toBe('help');
    expect(commandOf(key('?', { shiftKey: true }), true)).toBeNull();
    expect(commandOf(key('?', { ctrlKey: true }), false)).toBeNull();
  });
  it('names the modifier of the platform in the dialog', () => {
    expect(isApple('MacIntel')).toBe(true);
    expect(isApple('Linux x86_64')).toBe(false);
    const first = (apple: boolean) => shortcutGroups(apple)[0]?.keys[0]?.keys;
    expect(first(true)).toEqual(['⌘', 'Enter']);
    expect(first(false)).toEqual(['Ctrl', 'Enter']);
  });
});
