/**
 * The first visit's welcome: shown until the person closes it or finds a way in (opens an example,
 * a lesson, their own files or a link: any of them switches the workspace). Remembered in this
 * browser with the other preferences, so "Erase all local data" brings it back.
 */
import { readPref, writePref, type PrefStorage } from '../prefs.ts';

const KEY = 'welcome';

export class Welcome {
  #shown = $state(false);
  readonly #storage: PrefStorage | null;

  constructor(storage: PrefStorage | null) {
    this.#storage = storage;
    this.#shown = readPref(storage, KEY) !== 'done';
  }

  get shown(): boolean {
    return this.#shown;
  }

  dismiss(): void {
    if (!this.#shown) return;
    this.#shown = false;
    writePref(this.#storage, KEY, 'done');
  }
}
