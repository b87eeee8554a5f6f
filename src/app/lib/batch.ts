/**
 * Hands items over in batches, at most one per animation frame (every 16 ms where there are no
 * frames): a tool printing in a loop sends thousands of events, and the page should redraw once
 * per frame, not once per event. `flush()` hands over what is pending at once (say, when a call ends).
 */
export class FrameBatch<T> {
  #pending: T[] = [];
  #scheduled = false;

  constructor(private readonly deliver: (items: T[]) => void) {}

  push(item: T): void {
    this.#pending.push(item);
    if (this.#scheduled) return;
    this.#scheduled = true;
    const next = (): void => this.flush();
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(next);
    else setTimeout(next, 16);
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#pending.length === 0) return;
    const items = this.#pending;
    this.#pending = [];
    this.deliver(items);
  }
}
