// Every panel takes its colours, spacing and type from the design tokens (src/ui/design/tokens.css,
// docs/design.md), so it follows the theme. A `var(--name)` that nothing declares falls back to
// nothing: a dialog with a transparent background, text that keeps the light theme's colour in the
// dark one. This pins that every custom property the UI reads is declared somewhere in src/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.(svelte|css|ts)$/.test(d.name) ? [path] : [];
  });
}

const files = sources('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));
// Declared in a stylesheet (`--name:`), an inline style (`style="--name: …"`) or a Svelte `style:--name`.
const declared = new Set(
  files.flatMap(({ text }) => [...text.matchAll(/(?:^|[\s;{"'`]|style:)(--[\w-]+)\s*[:=]/gm)].map((m) => m[1])),
);

describe('design tokens', () => {
  it('every var(--name) in src/ is declared (the tokens, or the component itself)', () => {
    const undeclared = files.flatMap(({ path, text }) =>
      [...text.matchAll(/var\(\s*(--[\w-]+)/g)]
        .map((m) => m[1])
        .filter((name) => !declared.has(name))
        .map((name) => `${path}: ${name}`),
    );
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('finds the tokens it checks against (the check is not vacuous)', () => {
    for (const token of ['--color-bg', '--color-text', '--color-border', '--font-mono', '--space-3'])
      expect(declared).toContain(token);
  });
});
