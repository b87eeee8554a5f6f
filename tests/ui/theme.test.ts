import { describe, expect, it } from 'vitest';
import { THEME_KEY, Theme, parseChoice, type ThemeEnvironment } from '../../src/ui/design/theme.svelte.ts';

function environment(stored: string | null, systemDark: boolean) {
  const data = new Map<string, string>(stored === null ? [] : [[THEME_KEY, stored]]);
  const listeners = new Set<(e: { matches: boolean }) => void>();
  const root = { dataset: {} as Record<string, string> };
  const env = {
    storage: { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) },
    media: {
      matches: systemDark,
      addEventListener: (_: string, l: (e: { matches: boolean }) => void) => void listeners.add(l),
    },
    root,
  } as unknown as ThemeEnvironment;
  return { env, data, root, systemChanges: (dark: boolean) => listeners.forEach((l) => l({ matches: dark })) };
}

describe('Theme', () => {
  it('follows the system until the person picks, and keeps following it live', () => {
    const { env, root, systemChanges } = environment(null, true);
    const theme = new Theme(env);
    expect([theme.choice, theme.resolved, root.dataset.theme]).toEqual(['system', 'dark', 'dark']);
    systemChanges(false);
    expect([theme.resolved, root.dataset.theme]).toEqual(['light', 'light']);
  });
  it('remembers a pick, which wins over the system', () => {
    const { env, data, root, systemChanges } = environment(null, false);
    const theme = new Theme(env);
    theme.cycle();
    theme.cycle();
    expect(theme.choice).toBe('dark');
    expect(data.get(THEME_KEY)).toBe('dark');
    systemChanges(false);
    expect(root.dataset.theme).toBe('dark');
    expect(new Theme(environment('dark', false).env).resolved).toBe('dark');
    theme.cycle();
    expect(theme.choice).toBe('system');
  });
  it('reads a stored value it does not know as "system", and works without storage', () => {
    expect(parseChoice('purple')).toBe('system');
    expect(new Theme(environment('purple', true).env).choice).toBe('system');
    const theme = new Theme({ storage: null, media: null, root: null });
    theme.choice = 'light';
    expect(theme.resolved).toBe('light');
  });
  it('keeps a pick for the page when storage refuses it', () => {
    const { env } = environment(null, false);
    const refusing = {
      ...env,
      storage: {
        getItem: () => {
          throw new Error('blocked');
        },
        setItem: () => {
          throw new Error('blocked');
        },
      },
    };
    const theme = new Theme(refusing);
    theme.choice = 'dark';
    expect(theme.resolved).toBe('dark');
  });
});
