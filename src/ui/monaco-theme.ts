/**
 * Monaco's theme, made from the design tokens so the editor sits in the page instead of on it.
 * Monaco wants hex colours, so each token is resolved by the browser on a probe element. Chromium
 * resolves a token's light-dark() by the page's colour scheme, not the probe's, so the theme is
 * (re)defined from the page each time the page's theme changes.
 */
import { monaco } from './monaco.ts';
import type { ResolvedTheme } from './design/theme.svelte.ts';

const THEME: Record<ResolvedTheme, string> = { light: 'toolplay-light', dark: 'toolplay-dark' };

function hexOf(rgb: string): string {
  const parts =
    rgb
      .match(/[\d.]+/g)
      ?.slice(0, 3)
      .map((n) => Math.round(Number(n)).toString(16).padStart(2, '0')) ?? [];
  return parts.length === 3 ? `#${parts.join('')}` : '#000000';
}

const TOKENS = [
  '--color-bg',
  '--color-surface',
  '--color-surface-2',
  '--color-raised',
  '--color-border',
  '--color-text',
  '--color-text-muted',
  '--color-accent-soft',
  '--color-focus',
] as const;
type Token = (typeof TOKENS)[number];

function tokens(): Record<Token, string> {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  document.body.append(probe);
  const out = {} as Record<Token, string>;
  for (const name of TOKENS) {
    probe.style.color = `var(${name})`;
    out[name] = hexOf(getComputedStyle(probe).color);
  }
  probe.remove();
  return out;
}

/** Switches the editor to `theme`, which must be the theme the page shows now (its tokens are read from it). */
export function applyEditorTheme(theme: ResolvedTheme): void {
  const t = tokens();
  monaco.editor.defineTheme(THEME[theme], {
    base: theme === 'dark' ? 'vs-dark' : 'vs',
    inherit: true,
    rules: [],
    colors: {
      'editor.background': t['--color-bg'],
      'editor.foreground': t['--color-text'],
      'editorGutter.background': t['--color-bg'],
      'editorLineNumber.foreground': t['--color-text-muted'],
      'editorLineNumber.activeForeground': t['--color-text'],
      'editor.lineHighlightBackground': t['--color-surface'],
      'editor.lineHighlightBorder': t['--color-surface'],
      'editor.selectionBackground': t['--color-accent-soft'],
      'editor.inactiveSelectionBackground': t['--color-surface-2'],
      'editorWidget.background': t['--color-raised'],
      'editorWidget.border': t['--color-border'],
      'editorHoverWidget.background': t['--color-raised'],
      'editorHoverWidget.border': t['--color-border'],
      focusBorder: t['--color-focus'],
    },
  });
  monaco.editor.setTheme(THEME[theme]);
}

/** The mono font stack of the tokens, for Monaco's fontFamily option. */
export function editorFont(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim() || 'monospace';
}
