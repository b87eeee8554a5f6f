/**
 * Two small commands real Loki tools call that just-bash 3.4 lacks: `mktemp` (every tool that
 * needs a scratch file) and `realpath`. Everything else missing is reported by
 * `missing-commands.ts`, never faked.
 */
import { defineCommand } from 'just-bash';
import type { Command } from 'just-bash';

const resolve = (cwd: string, path: string): string => {
  const out: string[] = [];
  for (const part of (path.startsWith('/') ? path : `${cwd}/${path}`).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return `/${out.join('/')}`;
};

const randomTail = (length: number): string => {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => chars[b % chars.length]).join('');
};

/** `mktemp [-d] [-q] [-p DIR | --tmpdir[=DIR]] [-t] [TEMPLATE]` (GNU coreutils behaviour). */
const mktemp = defineCommand('mktemp', async (args, ctx) => {
  let dir = false;
  let quiet = false;
  let base: string | undefined;
  let template: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] ?? '';
    if (a === '-d' || a === '--directory') dir = true;
    else if (a === '-q' || a === '--quiet') quiet = true;
    else if (a === '-t') base = base ?? ctx.env.get('TMPDIR') ?? '/tmp';
    else if (a === '-p' || a === '--tmpdir') base = args[(i += 1)] ?? '/tmp';
    else if (a.startsWith('--tmpdir=')) base = a.slice('--tmpdir='.length) || '/tmp';
    else if (a.startsWith('-') && a !== '-')
      return { stdout: '', stderr: `mktemp: invalid option -- '${a.replace(/^-+/, '')}'\n`, exitCode: 1 };
    else template = a;
  }
  const name = template ?? 'tmp.XXXXXXXXXX';
  const xs = /X{3,}$/.exec(name)?.[0].length ?? 0;
  if (xs === 0) return { stdout: '', stderr: quiet ? '' : `mktemp: too few X's in template '${name}'\n`, exitCode: 1 };
  const folder = template === undefined || base !== undefined ? (base ?? ctx.env.get('TMPDIR') ?? '/tmp') : undefined;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    // Printed as written (a relative template gives a relative name), created where it resolves.
    const printed = `${folder ? `${folder.replace(/\/$/, '')}/` : ''}${name.slice(0, name.length - xs)}${randomTail(xs)}`;
    const candidate = resolve(ctx.cwd, printed);
    if (await ctx.fs.exists(candidate)) continue;
    try {
      if (dir) await ctx.fs.mkdir(candidate);
      else await ctx.fs.writeFile(candidate, '');
      await ctx.fs.chmod(candidate, dir ? 0o700 : 0o600).catch(() => undefined);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      return {
        stdout: '',
        stderr: quiet ? '' : `mktemp: failed to create ${dir ? 'directory' : 'file'} via template '${name}': ${why}\n`,
        exitCode: 1,
      };
    }
    return { stdout: `${printed}\n`, stderr: '', exitCode: 0 };
  }
  return { stdout: '', stderr: `mktemp: failed to create a unique name from '${name}'\n`, exitCode: 1 };
});

/** `realpath PATH...`: symlinks resolved; a missing path is an error, as in coreutils. */
const realpath = defineCommand('realpath', async (args, ctx) => {
  const paths = args.filter((a) => !a.startsWith('-') || a === '-');
  if (paths.length === 0) return { stdout: '', stderr: 'realpath: missing operand\n', exitCode: 1 };
  let stdout = '';
  let stderr = '';
  for (const p of paths) {
    try {
      stdout += `${await ctx.fs.realpath(resolve(ctx.cwd, p))}\n`;
    } catch {
      stderr += `realpath: ${p}: No such file or directory\n`;
    }
  }
  return { stdout, stderr, exitCode: stderr ? 1 : 0 };
});

/** Commands added to every Bash tool's sandbox. */
export const extraCommands = (): Command[] => [mktemp, realpath];
/** Their names, so the missing-command scan leaves them alone. */
export const EXTRA_COMMAND_NAMES = ['mktemp', 'realpath'];
