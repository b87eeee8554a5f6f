/**
 * The arguments of one tool call, edited two ways that stay in sync: a form generated from the
 * schema and a JSON text editor, both checked against the schema with ajv.
 */
import type { JsonSchema } from '../../protocol/engine.ts';
import { compileCheck, type Check } from '../lib/validate.ts';
import { initialArgs } from '../lib/schema.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class ArgsForm {
  readonly schema: JsonSchema;
  #check: Check;
  #value = $state.raw<Record<string, unknown>>({});
  #text = $state('{}');
  #parseError = $state<string | null>(null);
  #onChange: (text: string) => void;

  /** `saved` is the JSON text remembered for this tool; a saved text that no longer parses is kept for the person to fix. */
  constructor(schema: JsonSchema, saved: string | undefined, onChange: (text: string) => void = () => {}) {
    this.schema = schema;
    this.#check = compileCheck(schema);
    this.#onChange = onChange;
    if (saved !== undefined) this.setText(saved, false);
    else this.#setValue(initialArgs(schema), false);
  }

  get value(): Record<string, unknown> { return this.#value; }
  get text(): string { return this.#text; }
  /** Why the JSON text is not an arguments object, if it is not. */
  get parseError(): string | null { return this.#parseError; }
  /** Schema violations of the current value (ajv), empty when it fits. */
  get problems(): string[] { return this.#parseError ? [this.#parseError] : this.#check(this.#value); }

  /** The form changed one argument; `undefined` removes it (an optional argument left out). */
  set(name: string, v: unknown): void {
    const next = { ...this.#value };
    if (v === undefined) delete next[name];
    else next[name] = v;
    this.#setValue(next, true);
  }

  /** The JSON editor changed: the form follows when the text is a JSON object. */
  setText(text: string, notify = true): void {
    this.#text = text;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!isRecord(parsed)) throw new Error('arguments must be a JSON object, like {"query": "…"}');
      this.#value = parsed;
      this.#parseError = null;
    } catch (e) {
      this.#parseError = e instanceof SyntaxError ? `not valid JSON: ${e.message}` : (e as Error).message;
    }
    if (notify) this.#onChange(text);
  }

  /** Back to the schema's defaults. */
  reset(): void {
    this.#setValue(initialArgs(this.schema), true);
  }

  #setValue(v: Record<string, unknown>, notify: boolean): void {
    this.#value = v;
    this.#text = JSON.stringify(v, null, 2);
    this.#parseError = null;
    if (notify) this.#onChange(this.#text);
  }
}
