/**
 * One stream of a call's output as the result panel keeps it: every chunk (for Download, joined
 * only when asked), its length, and the start of the text (what the panel renders). A print flood
 * appends in place; nothing here grows with what is shown.
 */
export class OutputText {
  #chunks: string[] = [];
  #chars = 0;
  #head = '';

  constructor(private readonly headChars: number) {}

  append(text: string): void {
    if (!text) return;
    this.#chunks.push(text);
    this.#chars += text.length;
    if (this.#head.length < this.headChars) this.#head += text.slice(0, this.headChars - this.#head.length);
  }

  /** All of it. */
  text(): string {
    if (this.#chunks.length > 1) this.#chunks = [this.#chunks.join('')];
    return this.#chunks[0] ?? '';
  }

  /** The first `headChars` characters. */
  get head(): string {
    return this.#head;
  }
  get chars(): number {
    return this.#chars;
  }
}
