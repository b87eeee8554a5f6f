/**
 * The Problems list and the editor's markers: the diagnostics about the current profile's host
 * (and the general ones), and, with the switch on, the other hosts' too (docs/diagnostics.md,
 * "Codes and hosts"). The profile is read live, so a change of profile re-filters at once.
 */
import { concerns, type Diagnostic } from '../../protocol/diagnostics.ts';
import type { Profile } from '../../protocol/vocabulary.ts';

export class Problems {
  #engine = $state.raw<Diagnostic[]>([]);
  /** Packages that could not be installed, on the lines that ask for them (src/app/packages.svelte.ts). */
  #packages = $state.raw<Diagnostic[]>([]);
  readonly #all = $derived(this.#packages.length ? [...this.#engine, ...this.#packages] : this.#engine);
  #showOthers = $state(false);
  readonly #profile: () => Profile;
  readonly #mine = $derived.by(() => {
    const hosts = [this.#profile()];
    return this.#all.filter((d) => concerns(d, hosts));
  });
  /** Each diagnostic's place and code, made once per object (a rescan hands over unchanged ones again). */
  readonly #keys = new WeakMap<Diagnostic, string>();

  constructor(profile: () => Profile) {
    this.#profile = profile;
  }

  /** The engine's latest diagnostics; one per place and code (a file read twice shows once). */
  set(diagnostics: readonly Diagnostic[]): void {
    const seen = new Set<string>();
    this.#engine = diagnostics.filter((d) => {
      let key = this.#keys.get(d);
      if (key === undefined) this.#keys.set(d, (key = `${d.file}:${d.line}:${d.column}:${d.code}`));
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** The diagnostics of the last installs (PKG001): they stay until the next install says otherwise. */
  setPackages(diagnostics: readonly Diagnostic[]): void {
    this.#packages = [...diagnostics];
  }

  /** What the list and the markers show. */
  get shown(): readonly Diagnostic[] {
    return this.#showOthers ? this.#all : this.#mine;
  }
  /** How many diagnostics are about other hosts only (hidden while the switch is off). */
  get others(): number {
    return this.#all.length - this.#mine.length;
  }
  get showOthers(): boolean {
    return this.#showOthers;
  }
  set showOthers(on: boolean) {
    this.#showOthers = on;
  }
  /** Whether `d` is about other hosts than the current profile's (shown only with the switch on). */
  isOther(d: Diagnostic): boolean {
    return !concerns(d, [this.#profile()]);
  }
}
