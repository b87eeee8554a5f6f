// Where share links point: the page's own address, or the one a build was given in
// TOOLPLAY_SHARE_BASE (vite.config.ts; docs/ci.md, GitHub Pages), checked when the build starts.
import { describe, expect, it } from 'vitest';
import { linkBase, shareBaseSetting } from '../../src/share/link-base.ts';

describe('the share links’ address', () => {
  it('unset or blank: none given, so links use the page’s own address without its fragment', () => {
    expect(shareBaseSetting(undefined)).toBeNull();
    expect(shareBaseSetting('  ')).toBeNull();
    expect(linkBase(null, 'https://me.github.io/toolplay/?x=1#share=1.abc')).toBe('https://me.github.io/toolplay/?x=1');
  });

  it('a build’s absolute http(s) URL wins over the page’s address; its fragment is dropped', () => {
    const setting = shareBaseSetting(' https://tools.example.org/play/#old ');
    expect(setting).toBe('https://tools.example.org/play/');
    expect(linkBase(setting, 'https://me.github.io/toolplay/')).toBe('https://tools.example.org/play/');
    expect(shareBaseSetting('http://localhost:4173')).toBe('http://localhost:4173/');
  });

  it('anything else fails the build, naming the variable', () => {
    for (const bad of ['/toolplay/', 'me.github.io/toolplay', 'ftp://me.example/', 'javascript:alert(1)'])
      expect(() => shareBaseSetting(bad), bad).toThrow(/^TOOLPLAY_SHARE_BASE must be an absolute http\(s\) URL/);
  });
});
