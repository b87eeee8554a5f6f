/**
 * `toolplay link encode|decode`: the app's share links and `.toolplay.json` files from a terminal,
 * through the app's own codec (src/share), so a refusal is the same line in both places.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import type { Profile } from '../protocol/engine.ts';
import { checkFileSize, decodeShared, encodeFile, encodeLink, hasShareMark } from '../share/codec.ts';
import { ShareError, quoted } from '../share/errors.ts';
import { offersOf, type SourceKey } from '../share/sources.ts';
import { CHAT_LINK_CHARS } from '../share/limits.ts';
import type { SharedWorkspace } from '../share/payload.ts';
import { scrubbed } from '../share/scrub.ts';
import { PROFILES } from '../protocol/vocabulary.ts';
import { toolsFolderOf } from '../workspace/engine-paths.ts';
import { hostConfig, type Outcome } from './commands.ts';
import { readTree, writeTree } from './link-files.ts';
import { choice, existing, json, parse, positionals } from './options.ts';
import { note } from './terminal.ts';
import { UsageFailure } from './usage.ts';

/** Where `npm start` serves the app; --base points links at a deployed copy. */
const DEFAULT_BASE = 'http://localhost:4173/';

export async function link(args: string[]): Promise<Outcome | 'help'> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') return 'help';
  try {
    if (sub === 'encode') return encode(rest);
    if (sub === 'decode') return decode(rest);
  } catch (e) {
    if (e instanceof ShareError) throw new UsageFailure(e.message);
    throw e;
  }
  throw new UsageFailure(`link: unknown subcommand '${sub}' (choose from encode, decode; see toolplay link --help)`);
}

function encode(args: string[]): Outcome | 'help' {
  const { values, positionals: pos } = parse('link encode', args, {
    profile: { type: 'string' },
    tool: { type: 'string' },
    args: { type: 'string' },
    'host-config': { type: 'string' },
    name: { type: 'string' },
    base: { type: 'string' },
    file: { type: 'string' },
  });
  if (values.help) return 'help';
  const [dir = ''] = positionals('link encode', pos, ['DIR']);
  const root = existing('DIR', dir, 'dir');
  const profile =
    values.profile === undefined ? null : choice<Profile>('link encode', 'profile', values.profile, PROFILES, 'lcp');
  if (values.args !== undefined && values.tool === undefined)
    throw new UsageFailure('link encode: --args needs --tool (the tool they are for)');
  const argsText = typeof values.args === 'string' ? values.args : '{}';
  const parsed = json('--args', argsText);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new UsageFailure('link encode: --args must be a JSON object');
  const host = hostConfig('link encode', values['host-config']) ?? {};
  if (!Object.values(host).every((v) => v !== null && typeof v === 'object' && !Array.isArray(v)))
    throw new UsageFailure('link encode: --host-config must map each library file stem to a JSON object');
  const tree = readTree(root);
  // The arguments as given, redacted as the app's Share redacts them (src/share/scrub.ts).
  const ws: SharedWorkspace = scrubbed({
    // Without --name, the folder's name: the workspace it opens as is named after it, not "Shared <date>".
    name: typeof values.name === 'string' ? values.name : basename(root) || null,
    files: tree.files,
    folders: tree.folders,
    profile,
    open: null,
    call: typeof values.tool === 'string' ? { tool: values.tool, argsText } : null,
    host,
    telemetry: [],
  });
  for (const p of tree.links) note(`toolplay: skipped the symbolic link ${p}\n`);
  if (typeof values.file === 'string') {
    const text = encodeFile(ws);
    if (values.file === '-') return { stdout: text, code: 0 };
    writeFileSync(resolve(values.file), text);
    return { stdout: `wrote ${values.file} (${tree.files.size} file${tree.files.size === 1 ? '' : 's'})\n`, code: 0 };
  }
  const { link: url } = encodeLink(ws, typeof values.base === 'string' ? values.base : DEFAULT_BASE);
  if (url.length > CHAT_LINK_CHARS)
    note(
      `toolplay: the link is ${url.length.toLocaleString('en-US')} characters; many chat tools cut links past about 8 KB, so --file OUT.toolplay.json may travel better\n`,
    );
  return { stdout: `${url}\n`, code: 0 };
}

function decode(args: string[]): Outcome | 'help' {
  const { values, positionals: pos } = parse('link decode', args, {
    out: { type: 'string' },
    'accept-sources': { type: 'boolean' },
  });
  if (values.help) return 'help';
  const [input = ''] = positionals('link decode', pos, ['LINK_OR_FILE']);
  if (typeof values.out !== 'string')
    throw new UsageFailure('link decode: missing --out DIR (the folder to write the files into)');
  const out = resolve(values.out);
  if (existsSync(out) && (!statSync(out).isDirectory() || readdirSync(out).length > 0))
    throw new UsageFailure(`link decode: --out must be a new or empty folder: ${values.out}`);
  const ws = decodeShared(readInput(input));
  writeTree(out, ws.files, ws.folders);
  return { stdout: summary(ws, relative(process.cwd(), out) || '.', values['accept-sources'] === true), code: 0 };
}

/** A link given on the command line, or a file holding a link or a payload (its size checked before reading). */
function readInput(input: string): string | Uint8Array {
  if (hasShareMark(input) || !existsSync(input) || !statSync(input).isFile()) return input;
  checkFileSize(statSync(input).size);
  return new Uint8Array(readFileSync(input));
}

/**
 * The link's sources (src/share/sources.ts), listed; with --accept-sources the options that use
 * them in the commands that run tools, else the options that keep one's own (the network off, as the app keeps it).
 */
function sourcesOf(ws: SharedWorkspace, accept: boolean): { lines: string[]; options: string } {
  const offers = offersOf(ws.packages);
  const lines: string[] = [];
  if (offers.length) {
    lines.push(
      accept
        ? 'sources: the link sets these, used as you asked (--accept-sources):'
        : 'sources: the link asks for these; none is used (--accept-sources uses them):',
    );
    for (const o of offers)
      lines.push(
        `  ${o.label}: ${o.host ? `${quoted(o.value, 200)} (${o.host})` : o.value}${accept ? CLI_NOTE[o.key] : ''}`,
      );
  }
  const used = (key: SourceKey) => accept && offers.some((o) => o.key === key);
  const options = [
    used('mirror') ? ` --pyodide-packages ${shellQuote(ws.packages!.mirror!)}` : '',
    used('indexUrl') ? ` --index-url ${shellQuote(ws.packages!.indexUrl!)}` : '',
    used('network') ? '' : ' --no-network',
    used('corsProxy') && used('network') ? ` --cors-proxy ${shellQuote(ws.packages!.corsProxy!)}` : '',
  ].join('');
  return { lines, options };
}

/** What the CLI cannot take from a link, said where the source is listed. */
const CLI_NOTE: Record<SourceKey, string> = {
  mirror: '',
  indexUrl: '',
  network: '',
  corsProxy: '',
  python: ' — not used by the printed command: the CLI runs its own Python',
};

function summary(ws: SharedWorkspace, out: string, accept: boolean): string {
  const sources = sourcesOf(ws, accept);
  const lines = [
    `wrote ${ws.files.size} file${ws.files.size === 1 ? '' : 's'}${ws.folders.length ? ` and ${ws.folders.length} empty folder${ws.folders.length === 1 ? '' : 's'}` : ''} to ${out}`,
  ];
  if (ws.name !== null) lines.push(`name: ${JSON.stringify(ws.name)}`);
  lines.push(`profile: ${ws.profile ?? 'lcp'}`);
  if (ws.open) lines.push(`open: ${ws.open}`);
  if (ws.call) {
    const layout = toolsFolderOf([...ws.files.keys()], ws.folders);
    const host = Object.keys(ws.host).length ? ` --host-config ${shellQuote(JSON.stringify(ws.host))}` : '';
    lines.push(
      `call: toolplay call ${shellQuote(`${out}/${layout.toolsDir}`)} ${shellQuote(ws.call.tool)} ${shellQuote(ws.call.argsText)} --profile ${layout.kind} --workspace ${shellQuote(out)}${layout.kind === 'lcp' ? host : ''}${sources.options}`,
    );
  } else if (sources.options) lines.push(`options for the commands that run its tools:${sources.options}`);
  lines.push(...sources.lines);
  if (ws.telemetry.length) lines.push(`telemetry: ${ws.telemetry.length} recorded events (the sender's; not written)`);
  return `${lines.join('\n')}\n`;
}

/** POSIX shell single quotes, so the printed command can be pasted as it is. */
function shellQuote(text: string): string {
  return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
