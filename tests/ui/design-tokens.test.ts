// The design tokens keep WCAG AA contrast (4.5:1 for text, 3:1 for control borders and the focus
// ring) in both themes, for every text colour on every surface it is used on; and the components
// use those tokens rather than colours and sizes of their own.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/ui/design/tokens.css', import.meta.url), 'utf8');
const tokens = new Map<string, [string, string]>();
for (const m of css.matchAll(/(--color-[\w-]+):\s*light-dark\((#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\)/g))
  tokens.set(m[1]!, [m[2]!, m[3]!]);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
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

const SURFACES = [
  '--color-bg',
  '--color-surface',
  '--color-surface-2',
  '--color-raised',
  '--color-hover',
  '--color-accent-soft',
];
const TEXTS = [
  '--color-text',
  '--color-text-muted',
  '--color-text-faint',
  '--color-accent',
  '--color-ok',
  '--color-warn',
  '--color-error',
  '--color-code-key',
  '--color-code-string',
  '--color-code-number',
  '--color-code-literal',
  '--color-added',
  '--color-removed',
];
const ON_OWN_BACKGROUND: Array<[string, string]> = [
  ['--color-on-accent', '--color-accent'],
  ['--color-on-accent', '--color-accent-strong'],
  ['--color-ok', '--color-ok-soft'],
  ['--color-warn', '--color-warn-soft'],
  ['--color-error', '--color-error-soft'],
  ['--color-on-error', '--color-error'],
  ['--color-added', '--color-added-bg'],
  ['--color-removed', '--color-removed-bg'],
  ['--color-accent', '--color-accent-soft'],
];

describe.each([
  ['light', 0],
  ['dark', 1],
] as const)('%s theme', (_, theme) => {
  it('every text colour reads at 4.5:1 on every surface', () => {
    const weak = TEXTS.flatMap((fg) => SURFACES.map((bg) => [fg, bg, pair(fg, bg, theme)] as const)).filter(
      ([, , c]) => c < 4.5,
    );
    expect(weak).toEqual([]);
  });
  it('state colours read on their own soft backgrounds', () => {
    const weak = ON_OWN_BACKGROUND.map(([fg, bg]) => [fg, bg, pair(fg, bg, theme)] as const).filter(
      ([, , c]) => c < 4.5,
    );
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

// Components use the tokens, not their own colours and sizes (issue 13): every style block under
// src/ui (component <style> and .css files, tokens.css aside) is read rule by rule.
const UI = new URL('../../src/ui/', import.meta.url);
type Rule = { file: string; selector: string; decls: Array<[string, string]> };
const rules: Rule[] = [];
for (const entry of readdirSync(UI, { recursive: true, withFileTypes: true })) {
  const file = relative(fileURLToPath(UI), join(entry.parentPath, entry.name));
  if (!entry.isFile() || file === 'design/tokens.css' || !/\.(svelte|css)$/.test(file)) continue;
  const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
  const styles = file.endsWith('.css')
    ? [text]
    : [...text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
  for (const style of styles) {
    for (const m of style.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
      const decls = m[2]!
        .split(';')
        .map((d) => d.split(/:(.*)/s).map((s) => s.trim()))
        .filter((d) => d.length > 1 && d[0]) as Array<[string, string]>;
      rules.push({ file, selector: m[1]!.trim().replace(/\s+/g, ' '), decls });
    }
  }
}
const declarations = rules.flatMap((r) =>
  r.decls.map(([prop, value]) => ({ file: r.file, selector: r.selector, prop, value })),
);
const shown = (d: { file: string; selector: string; prop: string; value: string }) =>
  `${d.file} ${d.selector} { ${d.prop}: ${d.value} }`;

// The few literal sizes kept on purpose, each with its reason.
const EXCEPTIONS = new Map<string, string>([
  // Code inside running text is set a touch smaller than the text around it, whatever its size.
  ['design/base.css :where(code, pre, kbd, samp) { font-size: 0.95em }', 'relative to the surrounding text'],
  // The nesting guide sits under the middle of the fold triangle, a glyph measure rather than a space.
  ['JsonView.svelte .children { margin-left: 3px }', 'aligns the guide line with the toggle glyph'],
]);

it('finds the component styles it checks, and every exception is still there', () => {
  expect(rules.length).toBeGreaterThan(200);
  expect(rules.some((r) => r.file === 'side/DiffPanel.svelte' && r.selector === '.badge')).toBe(true);
  expect([...EXCEPTIONS.keys()].filter((e) => !declarations.some((d) => shown(d) === e))).toEqual([]);
});

it('components use colour tokens, never a literal colour', () => {
  const literal = /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|(^|[\s,(])(white|black)\b/i;
  expect(declarations.filter((d) => !d.prop.startsWith('--') && literal.test(d.value)).map(shown)).toEqual([]);
});

it('components use the type scale, never a literal font size', () => {
  const size = /(^|[\s/(])\d*\.?\d+(px|pt|em|rem|%)/;
  const literal = declarations
    .filter((d) => (d.prop === 'font-size' || d.prop === 'font') && size.test(d.value))
    .map(shown);
  expect(literal.filter((d) => !EXCEPTIONS.has(d))).toEqual([]);
});

it('components use the space and radius scales for padding, margins, gaps and corners', () => {
  const spacing = /^(padding|margin)(-[a-z-]+)?$|^(row-|column-)?gap$|^border(-[a-z]+)*-radius$/;
  const literal = declarations.filter((d) => spacing.test(d.prop) && /\d*\.?\d+px/.test(d.value)).map(shown);
  expect(literal.filter((d) => !EXCEPTIONS.has(d))).toEqual([]);
});

it('every token a component names exists', () => {
  const defined = new Set([...css.matchAll(/(--[\w-]+):/g)].map((m) => m[1]));
  for (const d of declarations) if (d.prop.startsWith('--')) defined.add(d.prop);
  const unknown = declarations.flatMap((d) =>
    [...d.value.matchAll(/var\((--[\w-]+)/g)]
      .map((m) => m[1]!)
      .filter((t) => !defined.has(t))
      .map((t) => `${shown(d)}: ${t}`),
  );
  expect(unknown).toEqual([]);
});

// A rule that sets both a text colour and a background decides the pair itself (a badge, a
// selected row): it must read at 4.5:1 in both themes. Literal colours are resolved too, so the
// contrast is checked even where the rule above already fails.
function colourOf(value: string, theme: 0 | 1): string | undefined {
  const token = /^var\((--color-[\w-]+)\)$/.exec(value);
  if (token) return tokens.get(token[1]!)?.[theme];
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (!hex) return undefined;
  return hex[1]!.length === 3 ? `#${[...hex[1]!].map((c) => c + c).join('')}` : value.toLowerCase();
}
const coloured = rules.flatMap((r) => {
  const fg = r.decls.findLast(([p]) => p === 'color')?.[1];
  const bg = r.decls.findLast(([p]) => p === 'background' || p === 'background-color')?.[1];
  return fg && bg ? [{ where: `${r.file} ${r.selector}`, fg, bg }] : [];
});

describe.each([
  ['light', 0],
  ['dark', 1],
] as const)('%s theme: component colour pairs', (_, theme) => {
  it('read at 4.5:1', () => {
    expect(coloured.length).toBeGreaterThan(20);
    expect(coloured.some((c) => c.where === 'side/DiffPanel.svelte .badge')).toBe(true);
    const weak = coloured.flatMap(({ where, fg, bg }) => {
      const [f, b] = [colourOf(fg, theme), colourOf(bg, theme)];
      const ratio = f && b ? contrast(f, b) : Infinity;
      return ratio < 4.5 ? [`${where}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1`] : [];
    });
    expect(weak).toEqual([]);
  });
});
