/**
 * `toolplay packages PATH... [--profile P] [--json]`: what the tools under PATH ask for (imports,
 * requirements.txt beside them, pipmaster calls), each package with where it is asked, where it
 * comes from and its version — and, by installing what is missing into this process's Python (the
 * wheels stay cached for the next command), whether it can be had here, or why not. Exit 1 when
 * something cannot be had, 2 on bad input.
 */
import { dirname } from 'node:path';
import { statSync } from 'node:fs';
import type { PackageRow } from '../protocol/packages.ts';
import { PROFILES, type Profile } from '../protocol/vocabulary.ts';
import { packagesView } from '../packages/view.ts';
import { canonicalName } from '../packages/requirement.ts';
import { whence } from '../packages/whence.ts';
import type { Outcome } from './commands.ts';
import { openEngine, usePackages } from './host.ts';
import { choice, existing, parse, positionals, PYTHON_FLAG, pythonOption } from './options.ts';
import { PACKAGE_FLAGS, packageOptions } from './packages-options.ts';

interface Checked extends PackageRow {
  /** Why it cannot be had (an install was tried), or null. */
  problem: string | null;
  /** The source archive its wheel was built from (the index has no wheel for it), or null. */
  builtFrom: string | null;
}

export async function packages(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals: pos } = parse('packages', args, {
    profile: { type: 'string' },
    json: { type: 'boolean' },
    ...PACKAGE_FLAGS,
    ...PYTHON_FLAG,
  });
  if (values.help) return 'help';
  positionals('packages', pos, ['PATH'], true);
  // The profile names whose tools the paths are; every host reads the same imports and requirements.
  choice<Profile>('packages', 'profile', values.profile, PROFILES, 'lcp');
  const paths = pos.map((p) => existing('PATH', p));
  const options = packageOptions('packages', values);
  usePackages(options);
  // requirements.txt is read from the folder holding the tools (its root, for a file or a tools/ folder).
  const root = dirname(statSync(paths[0] ?? '.').isDirectory() ? (paths[0] ?? '.') : dirname(paths[0] ?? '.'));
  const engine = await openEngine([...paths, root], pythonOption('packages', values));
  const status = await engine.callAsync('packages', { paths, workspace: root });
  const installer = engine.packages?.installer;
  const lock = engine.packages?.lock;
  if (!installer || !lock) throw new Error('this Python has no package installer attached');
  const sizes = new Map((await installer.cache.store.entries()).map((e) => [e.url, e.size]));
  const where = { indexUrls: installer.sources.indexUrls, listed: (url: string) => installer.listing(url) };
  const viewOf = (s: typeof status): ReturnType<typeof packagesView> =>
    packagesView(
      s,
      lock,
      (p) => installer.wheelOf(p),
      (url) => sizes.get(url) ?? null,
      where,
    );
  const view = viewOf(status);
  // An import whose package is only guessed is installed (a guessed name can be anyone's package) only with --install-guessed.
  const wanted = view.rows.filter((r) => r.installed === null && !r.optional && (!r.guessed || options.installGuessed));
  const built = new Map<string, string>();
  const report = await installer.install(
    wanted.map((r) => r.requirement),
    {
      event: (e) => {
        if (e.type === 'package.installed' && e.sdist) built.set(canonicalName(e.name), e.sdist);
      },
    },
    // Asked for by the person: tried even where a call of this Python failed to install it.
    { again: true },
  );
  // What was really installed, as the installed distributions say (the rows before were micropip's order, predicted).
  const after = new Map(
    viewOf(await engine.callAsync('packages', { paths, workspace: root })).rows.map((r) => [r.key, r]),
  );
  const rows: Checked[] = view.rows.map((before) => {
    const r = after.get(before.key) ?? before;
    const problem = report.failed.find((f) => f.requirement === before.requirement)?.message ?? null;
    return { ...r, problem, builtFrom: problem === null ? (built.get(r.key) ?? null) : null };
  });
  const code = rows.some((r) => r.problem !== null) ? 1 : 0;
  if (values.json)
    return { stdout: `${JSON.stringify({ packages: rows, unreadable: view.unreadable }, null, 2)}\n`, code };
  return { stdout: text(rows, root, view.unreadable.length), code };
}

function text(rows: Checked[], root: string, unreadable: number): string {
  if (rows.length === 0) return 'The tools ask for nothing beyond the standard library.\n';
  const lines = rows.map((r) => {
    const asked = r.origins
      .map(
        (n) =>
          `${n.file.startsWith(`${root}/`) ? n.file.slice(root.length + 1) : n.file}${n.line ? `:${n.line}` : ''} (${n.kind}${n.where && n.where !== '<module>' ? ` in ${n.where}` : ''})`,
      )
      .join(', ');
    const state =
      r.problem !== null
        ? `cannot be had: ${r.problem}`
        : r.builtFrom !== null
          ? `can be had: built from source archive (${decodeURIComponent(r.builtFrom.split('/').pop() ?? r.builtFrom)})`
          : r.optional && r.installed === null
            ? 'optional, not installed'
            : r.guessed && r.installed === null
              ? 'not installed: the name is only guessed (--install-guessed installs it)'
              : 'can be had';
    return `${r.requirement}  [${whence(r)}${r.guessed ? ', name guessed from the import' : ''}]  ${state}\n    asked by ${asked}`;
  });
  const note = unreadable
    ? `\n${unreadable} pipmaster call(s) name their packages with expressions toolplay cannot read beforehand.`
    : '';
  return `${lines.join('\n')}${note}\n`;
}
