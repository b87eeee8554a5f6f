/**
 * The example gallery: cards filtered by a search, and opening one (with its set-up) through the
 * opener. An example opened before offers the workspace it made (Continue in …) beside a fresh copy.
 */
import type { ScratchHost } from '../../scratch/scratch.ts';
import type { Example } from '../../examples/index.ts';
import { exampleFiles } from '../../examples/setup.ts';
import { firstCallSettings, type Earlier, type OpenWorkspace } from '../open-workspace.ts';

const HOSTS: Record<Example['host'], string> = { lcp: 'LCP', ltp: 'LTP', loki: 'Loki' };
export const hostLabel = (e: Example): string => HOSTS[e.host];
export const exampleOrigin = (e: Pick<Example, 'id'>): string => `example:${e.id}`;

export class GalleryState {
  readonly examples: Example[];
  readonly #host: ScratchHost;
  readonly #open: OpenWorkspace;
  readonly #earlier: Earlier | null;
  #query = $state('');
  #opening = $state<string | null>(null);
  #error = $state<string | null>(null);

  constructor(examples: Example[], host: ScratchHost, open: OpenWorkspace, earlier: Earlier | null = null) {
    this.examples = examples;
    this.#host = host;
    this.#open = open;
    this.#earlier = earlier;
  }

  /** The workspace this example made when it was last opened, if it is still listed. */
  earlierOf(example: Example): { id: string; name: string } | null {
    return this.#earlier?.find(exampleOrigin(example)) ?? null;
  }

  /** Back to the workspace the example made before. */
  async continueIn(example: Example): Promise<boolean> {
    const earlier = this.earlierOf(example);
    return earlier !== null && this.#earlier !== null && this.#earlier.goTo(earlier.id);
  }

  get query(): string {
    return this.#query;
  }
  set query(q: string) {
    this.#query = q;
  }
  get opening(): string | null {
    return this.#opening;
  }
  get error(): string | null {
    return this.#error;
  }

  /** Every word of the query appears in the card's title, text, note, host or files. */
  get shown(): Example[] {
    const words = this.#query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return this.examples;
    return this.examples.filter((e) => {
      const haystack = [e.title, e.summary, e.look, hostLabel(e), e.id, ...Object.keys(e.files)]
        .join(' ')
        .toLowerCase();
      return words.every((w) => haystack.includes(w));
    });
  }

  async open(example: Example): Promise<void> {
    if (this.#opening) return;
    this.#opening = example.id;
    this.#error = null;
    try {
      const files = await exampleFiles(example, this.#host);
      await this.#open({
        title: `Example: ${example.title}`,
        files,
        openPath: example.openPath,
        profile: example.profile,
        ...firstCallSettings(example.run),
        origin: exampleOrigin(example),
        ...(example.agent ? { agent: example.agent } : {}),
      });
    } catch (e) {
      this.#error = `Could not open "${example.title}": ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      this.#opening = null;
    }
  }
}
