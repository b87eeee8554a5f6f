/**
 * The model a command talks to, from its flags (`chat`, `eval`): a scripted model (`--script FILE`)
 * or an OpenAI-compatible endpoint (`--endpoint URL` for chat, `--base-url URL` for eval, with
 * `--model NAME` and the key read from `--api-key-env VAR`). Each mistake is one usage line.
 */
import { readFileSync } from 'node:fs';
import { EndpointModel } from '../agent/openai-client.ts';
import { ModelError, type ModelPort } from '../agent/ports.ts';
import { ScriptedModel } from '../agent/scripted-model.ts';
import { existing } from './options.ts';
import { UsageFailure } from './usage.ts';

export function modelFromFlags(
  command: string,
  urlFlag: 'endpoint' | 'base-url',
  values: Record<string, string | boolean | undefined>,
): ModelPort {
  const { script, [urlFlag]: url, model } = values;
  if ((script === undefined) === (url === undefined))
    throw new UsageFailure(
      urlFlag === 'endpoint'
        ? `${command}: give either --script FILE or --endpoint URL --model NAME (see toolplay ${command} --help)`
        : `${command}: give either --${urlFlag} URL --model NAME or --script FILE (see toolplay ${command} --help)`,
    );
  if (typeof script === 'string') {
    if (model !== undefined || values['api-key-env'] !== undefined)
      throw new UsageFailure(`${command}: --model and --api-key-env go with --${urlFlag}, not --script`);
    try {
      return new ScriptedModel(readFileSync(existing('--script', script, 'file'), 'utf8'));
    } catch (e) {
      if (e instanceof ModelError)
        throw new UsageFailure(`--script ${script}: ${e.message.replace(/:\n/, ': ').replace(/\n/g, '; ')}`);
      throw e;
    }
  }
  if (typeof model !== 'string' || !model)
    throw new UsageFailure(`${command}: --${urlFlag} needs --model NAME (the model the server should run)`);
  try {
    new URL(String(url));
  } catch {
    throw new UsageFailure(
      `${command}: --${urlFlag} must be a URL such as http://localhost:11434/v1 (got '${String(url)}')`,
    );
  }
  const keyVar = values['api-key-env'];
  let apiKey: string | undefined;
  if (typeof keyVar === 'string') {
    apiKey = process.env[keyVar];
    if (!apiKey) throw new UsageFailure(`${command}: --api-key-env ${keyVar}: that environment variable is not set`);
  }
  return new EndpointModel({ baseUrl: String(url), model, ...(apiKey ? { apiKey } : {}) });
}
