/**
 * A worker result passed on as the engine's JSON text (the `json` of a response, src/protocol/worker.ts):
 * the page parses it once, where parsing it here and cloning the objects to the page would copy a
 * large reply twice.
 */
import type { JsonText } from '../engine/engine.ts';

export class JsonReply<T> {
  constructor(readonly json: JsonText<T>) {}
}
