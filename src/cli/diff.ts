/**
 * `toolplay diff OLD NEW`: what a host tells the model in two versions of a library, with the
 * breaking changes marked. Exit 0 when nothing breaking changed, 1 when something did, 2 for
 * bad input: a pull request can be gated on the model-facing contract. `--format` prints the changes
 * as text, JSON or GitHub annotations (diff-annotations.ts).
 */
import { PROFILES, type Profile } from '../protocol/vocabulary.ts';
import { diffShapes } from '../diff/diff.ts';
import { formatDiff } from '../diff/format.ts';
import { shapesOf } from '../diff/shape.ts';
import type { Outcome } from './commands.ts';
import { changeLocator, diffAnnotations } from './diff-annotations.ts';
import { annotationLines } from './github-annotations.ts';
import { openEngine } from './host.ts';
import { nativeSpecs } from '../loki/schema.ts';
import { choice, existing, parse, positionals, PYTHON_FLAG, pythonOption } from './options.ts';
import { FORMAT_FLAG, outputFormat, REPORT_FORMATS } from './output-format.ts';

export async function diff(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('diff', args, {
    profile: { type: 'string' },
    ...FORMAT_FLAG,
    ...PYTHON_FLAG,
    'new-python': { type: 'string' },
  });
  if (values.help) return 'help';
  const [oldArg = '', newArg = ''] = positionals('diff', pos, ['OLD_PATH', 'NEW_PATH']);
  const profile = choice<Profile>('diff', 'profile', values.profile, PROFILES, 'lcp');
  const format = outputFormat('diff', values, REPORT_FORMATS);
  const before = existing('OLD_PATH', oldArg);
  const after = existing('NEW_PATH', newArg);
  const python = pythonOption('diff', values);
  // --new-python reads NEW_PATH on another Python: `diff tools tools --python 3.13 --new-python 3.14`.
  const newPython =
    values['new-python'] === undefined ? python : pythonOption('diff', { python: values['new-python'] });
  const oldEngine = await openEngine([before, after], python);
  const oldSpecs = nativeSpecs(oldEngine, [before], profile);
  const newEngine = await openEngine([before, after], newPython);
  const newSpecs = nativeSpecs(newEngine, [after], profile);
  const result = diffShapes(shapesOf(oldSpecs), shapesOf(newSpecs));
  const code = result.breaking > 0 ? 1 : 0;
  if (format === 'json') return { stdout: `${JSON.stringify({ profile, ...result }, null, 2)}\n`, code };
  if (format === 'github') {
    const locate = changeLocator({ before, after, profile, changes: result.changes }, oldEngine, newEngine);
    return { stdout: annotationLines(diffAnnotations(result, profile, locate)), code };
  }
  return { stdout: formatDiff(result, profile), code };
}
