/**
 * `toolplay diff OLD NEW`: what a host tells the model in two versions of a library, with the
 * breaking changes marked. Exit 0 when nothing breaking changed, 1 when something did, 2 for
 * bad input: a pull request can be gated on the model-facing contract.
 */
import { PROFILES, type Profile } from '../protocol/vocabulary.ts';
import { diffShapes } from '../diff/diff.ts';
import { formatDiff } from '../diff/format.ts';
import { shapesOf } from '../diff/shape.ts';
import type { Outcome } from './commands.ts';
import { openEngine } from './host.ts';
import { nativeSpecs } from '../loki/schema.ts';
import { choice, existing, parse, positionals } from './options.ts';

export async function diff(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('diff', args, { profile: { type: 'string' }, json: { type: 'boolean' } });
  if (values.help) return 'help';
  const [oldArg = '', newArg = ''] = positionals('diff', pos, ['OLD_PATH', 'NEW_PATH']);
  const profile = choice<Profile>('diff', 'profile', values.profile, PROFILES, 'lcp');
  const before = existing('OLD_PATH', oldArg);
  const after = existing('NEW_PATH', newArg);
  const engine = await openEngine([before, after]);
  const result = diffShapes(
    shapesOf(nativeSpecs(engine, [before], profile)),
    shapesOf(nativeSpecs(engine, [after], profile)),
  );
  const code = result.breaking > 0 ? 1 : 0;
  if (values.json) return { stdout: `${JSON.stringify({ profile, ...result }, null, 2)}\n`, code };
  return { stdout: formatDiff(result, profile), code };
}
