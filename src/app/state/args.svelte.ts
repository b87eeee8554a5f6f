/**
 * The arguments of one tool call, edited two ways that stay in sync: a form generated from the
 * schema and a JSON text editor, both checked against the schema with ajv. The text is what the
 * call sends (contract 2), so every number keeps the way it was written or typed: `2.0` stays
 * `2.0` whether it came from the JSON editor or from a form field.
 */
import type { JsonSchema } from '../../protocol/engine.ts';
import { compileCheck, type Check } from '../lib/validate.ts';
import { initialArgs } from '../lib/schema.ts';
import { keepNumbers, parseKeepingNumbers, stringifyKeepingNumbers, toPlain } from '../../protocol/json-text.ts';
import { isRecord } from '../../protocol/records.ts';

export class ArgsForm {
  readonly schema: JsonSchema;
  #check: Check;
  /** The arguments with their numbers as written (lossless-json numbers). */
  #doc = $state.raw<Record<string, unknown>>({});
  #value = $derived(toPlain(this.#doc) as Record<string, unknown>);
  #text = $state('{}');
  #parseError = $state<string | null>(null);
  #onChange: (text: string) => void;

  /** `saved` is the JSON text remembered for this tool; a saved text that no longer parses is kept for the person to fix. */
  constructor(schema: JsonSchema, saved: string | undefined, onChange: (text: string) => void = () => {}) {
    this.schema = schema;
    this.#check = compileCheck(schema);
    this.#onChange = onChange;
    if (saved !== undefined) this.setText(saved, false);
    else this.#setDoc(initialArgs(schema), false);
  }

  /** The arguments as plain values (what the form's fields show and the schema checks). */
  get value(): Record<string, unknown> {
    return this.#value;
  }
  /** The arguments as JSON text: what a call sends. */
  get text(): string {
    return this.#text;
  }
  /** Why the JSON text is not an arguments object, if it is not. */
  get parseError(): string | null {
    return this.#parseError;
  }
  /** Schema violations of the current value (ajv), empty when it fits. */
  get problems(): string[] {
    return this.#parseError ? [this.#parseError] : this.#check(this.#value);
  }

  /** The form changed one argument; `undefined` removes it (an optional argument left out). */
  set(name: string, v: unknown): void {
    const next = { ...this.#doc };
    if (v === undefined) delete next[name];
    else next[name] = keepNumbers(this.#doc[name], v);
    this.#setDoc(next, true);
  }

  /** The JSON editor changed: the form follows when the text is a JSON object. */
  setText(text: string, notify = true): void {
    this.#text = text;
    try {
      // JSON.parse for its messages; the kept-numbers reading for the form.
      const parsed: unknown = JSON.parse(text);
      if (!isRecord(parsed)) throw new Error('arguments must be a JSON object, like {"query": "…"}');
      this.#doc = parseKeepingNumbers(text) as Record<string, unknown>;
      this.#parseError = null;
    } catch (e) {
      this.#parseError = e instanceof SyntaxError ? `not valid JSON: ${e.message}` : (e as Error).message;
    }
    if (notify) this.#onChange(text);
  }

  /** Back to the schema's defaults. */
  reset(): void {
    this.#setDoc(initialArgs(this.schema), true);
  }

  #setDoc(doc: Record<string, unknown>, notify: boolean): void {
    this.#doc = doc;
    this.#text = stringifyKeepingNumbers(doc);
    this.#parseError = null;
    if (notify) this.#onChange(this.#text);
  }
}
