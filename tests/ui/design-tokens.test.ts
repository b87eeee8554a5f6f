// The design tokens keep WCAG AA contrast (4.5:1 for text, 3:1 for control borders and the focus
// ring) in both themes, for every text colour on every surface it is used on.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/ui/design/tokens.css', import.meta.url), 'utf8');
const tokens = new Map<string, [string, string]>();
for (const m of css.matchAll(/(--color-[\w-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/g)) tokens.set(m[1]!, [m[2]!, m[3]!]);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
function pair(fg: string, bg: string, theme: 0 | 1): number {
  const f = tokens.get(fg);
  const b = tokens.get(bg);
  if (!f || !b) throw new Error(`unknown token ${f ? bg : fg}`);
  return contrast(f[theme], b[theme]);
}

const SURFACES = ['--color-bg', '--color-surface', '--color-surface-2', '--color-raised', '--color-hover', '--color-accent-soft'];
const TEXTS = ['--color-text', '--color-text-muted', '--color-text-faint', '--color-accent', '--color-ok', '--color-warn', '--color-error',
  '--color-code-key', '--color-code-string', '--color-code-number', '--color-code-literal', '--color-added', '--color-removed'];
const ON_OWN_BACKGROUND: Array<[string, string]> = [
  ['--color-on-accent', '--color-accent'], ['--color-on-accent', '--color-accent-strong'], ['--color-ok', '--color-ok-soft'],
  ['--color-warn', '--color-warn-soft'], ['--color-error', '--color-error-soft'], ['--color-on-error', '--color-error'], ['--color-added', '--color-added-bg'],
  ['--color-removed', '--color-removed-bg'], ['--color-accent', '--color-accent-soft'],
];

describe.each([['light', 0], ['dark', 1]] as const)('%s theme', (_, theme) => {
  it('every text colour reads at 4.5:1 on every surface', () => {
    const weak = TEXTS.flatMap((fg) => SURFACES.map((bg) => [fg, bg, pair(fg, bg, theme)] as const)).filter(([, , c]) => c < 4.5);
    expect(weak).toEqual([]);
  });
  it('state colours read on their own soft backgrounds', () => {
    const weak = ON_OWN_BACKGROUND.map(([fg, bg]) => [fg, bg, pair(fg, bg, theme)] as const).filter(([, , c]) => c < 4.5);
    expect(weak).toEqual([]);
  });
  it('control borders and the focus ring stand out at 3:1', () => {
    for (const bg of ['--color-bg', '--color-surface', '--color-raised']) {
      expect(pair('--color-border-strong', bg, theme)).toBeGreaterThanOrEqual(3);
      expect(pair('--color-focus', bg, theme)).toBeGreaterThanOrEqual(3);
    }
  });
});

it('every colour token has a light and a dark value', () => {
  const declared = [...css.matchAll(/(--color-[\w-]+):/g)].map((m) => m[1]);
  const paired = [...css.matchAll(/(--color-[\w-]+):\s*light-dark\(/g)].map((m) => m[1]);
  expect(declared).toEqual(paired);
  expect(tokens.size).toBeGreaterThan(25);
});
