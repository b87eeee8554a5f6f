// Everything a tool controls (names, titles, icons, docstrings, output, results, file names, workspace
// names) reaches the page through Svelte's text interpolation, which escapes it. This pins that no
// component or module turns a string into markup: no {@html}, innerHTML, outerHTML, insertAdjacentHTML,
// document.write or DOMParser in src/ (docs/reliability.md; the browser checks are in share.e2e.ts and undo.e2e.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.(svelte|ts)$/.test(d.name) ? [path] : [];
  });
}

const MARKUP = /\{@html\b|\.innerHTML\b|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(|new DOMParser\b/;

describe('no string becomes markup', () => {
  it('src/ has no {@html} nor any DOM API that parses HTML', () => {
    const found = sources('src').filter((f) => MARKUP.test(readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
