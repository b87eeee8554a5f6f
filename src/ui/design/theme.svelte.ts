/**
 * The colour theme: the system's (prefers-color-scheme) until the person picks light or dark, and
 * that pick remembered in this browser. The resolved theme goes on <html data-theme>, which
 * tokens.css turns into `color-scheme`; index.html applies the stored pick before first paint.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

/** The localStorage key, also read by the inline script in index.html. */
export const THEME_KEY = 'toolplay:theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export interface ThemeEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** `(prefers-color-scheme: dark)`; null where there is no window. */
  media: Pick<MediaQueryList, 'matches' | 'addEventListener'> | null;
  root: HTMLElement | null;
}

export function browserThemeEnvironment(): ThemeEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings): the theme then follows the system only.
  }
  return { storage, media: window.matchMedia('(prefers-color-scheme: dark)'), root: document.documentElement };
}

export class Theme {
  #choice = $state<ThemeChoice>('system');
  #systemDark = $state(false);
  #env: ThemeEnvironment;
  #onMedia = (e: { matches: boolean }) => {
    this.#systemDark = e.matches;
    this.#apply();
  };

  constructor(env: ThemeEnvironment) {
    this.#env = env;
    this.#systemDark = env.media?.matches ?? false;
    this.#choice = parseChoice(safeRead(env.storage));
    env.media?.addEventListener('change', this.#onMedia);
    this.#apply();
  }

  get choice(): ThemeChoice {
    return this.#choice;
  }
  set choice(c: ThemeChoice) {
    this.#choice = c;
    try {
      this.#env.storage?.setItem(THEME_KEY, c);
    } catch {
      // A full or blocked storage keeps the choice for this page only.
    }
    this.#apply();
  }
  get resolved(): ResolvedTheme {
    return this.#choice === 'system' ? (this.#systemDark ? 'dark' : 'light') : this.#choice;
  }

  /** System → light → dark → system: one button walks every choice. */
  cycle(): void {
    this.choice = CHOICES[(CHOICES.indexOf(this.#choice) + 1) % CHOICES.length] ?? 'system';
  }

  #apply(): void {
    if (this.#env.root) this.#env.root.dataset.theme = this.resolved;
  }
}

function safeRead(storage: ThemeEnvironment['storage']): string | null {
  try {
    return storage?.getItem(THEME_KEY) ?? null;
  } catch {
    return null;
  }
}

export function parseChoice(raw: unknown): ThemeChoice {
  return CHOICES.find((c) => c === raw) ?? 'system';
}
