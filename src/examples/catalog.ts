/**
 * The gallery: every folder beside this module is one example workspace (a folder whose name starts
 * with `_` holds shared set-up, not an example). In it, README.md is the card — its title, a
 * one-paragraph summary, and the "## What to look at" section — and a file of the workspace too;
 * example.json says how the example opens (its order, host, profile, the file the editor opens, the
 * call to try first, where it comes from, a database to build); agent.json, when present, is the
 * scripted conversation the Agent panel opens with. Every file but example.json and agent.json is
 * the workspace. The raw files come from a loader, keyed `./<id>/<path>`: index.ts (Vite) or
 * bundle.node.ts (Node: the CLI and the browser tests).
 */
import { readScriptedStart, type ScriptedStart } from '../agent/scripted-start.ts';
import { PROFILES } from '../protocol/vocabulary.ts';
import type { Profile } from '../protocol/engine.ts';
import { isRecord } from '../protocol/records.ts';

export interface ExampleMeta {
  id: string;
  title: string;
  /** One line on what it shows (the card's text). */
  summary: string;
  /** What to look at once it is open. */
  look: string;
  host: 'lcp' | 'ltp' | 'loki';
  /** The file the editor opens first. */
  openPath: string;
  profile: Profile;
  /** The call to try first (pre-filled in the call form); `fails` when the host reports it failed, which is the point. */
  run: { tool: string; args: Record<string, unknown>; fails?: true };
  /** Where the example comes from, when it is not toolplay's own. */
  source?: string;
  /** Built on first open: a SQLite database from one of the example's SQL scripts. */
  database?: { script: string; file: string };
  /** A scripted conversation the Agent panel opens with: watch a model call the tools, and share it as a link. */
  agent?: ScriptedStart;
}

export interface Example extends ExampleMeta {
  /** The workspace: every file of the folder but example.json and agent.json (path → text). */
  files: Record<string, string>;
}

export const CARD_FILE = 'README.md';
export const OPENING_FILE = 'example.json';
export const AGENT_FILE = 'agent.json';
const HOSTS = ['lcp', 'ltp', 'loki'] as const;
const LOOK_HEADING = '## What to look at';

const oneLine = (text: string): string =>
  text
    .trim()
    .split(/\s*\n\s*/)
    .join(' ');

/** The card in README.md: `# title`, the first paragraph, and the text under "## What to look at". */
function readCard(id: string, markdown: string): Pick<ExampleMeta, 'title' | 'summary' | 'look'> {
  const where = `example ${id}: ${CARD_FILE}`;
  const title = /^# (.+)\n/.exec(markdown)?.[1]?.trim();
  if (!title) throw new Error(`${where} must start with "# " and the example's title`);
  const summary = oneLine(
    markdown
      .slice(markdown.indexOf('\n') + 1)
      .trimStart()
      .split(/\n\s*\n|\n#/)[0] ?? '',
  );
  const at = markdown.indexOf(`\n${LOOK_HEADING}\n`);
  if (!summary || summary.startsWith('#'))
    throw new Error(`${where}: the paragraph after the title (the card's summary) is missing`);
  if (at < 0) throw new Error(`${where}: the "${LOOK_HEADING}" section is missing`);
  const look = oneLine(markdown.slice(at + LOOK_HEADING.length + 2).split(/\n## /)[0] ?? '');
  if (!look) throw new Error(`${where}: the "${LOOK_HEADING}" section is empty`);
  return { title, summary, look };
}

/** How the example opens, from example.json, field by field; a wrong field names the folder and the field. */
function readOpening(
  id: string,
  text: string | undefined,
  files: Record<string, string>,
): Omit<ExampleMeta, 'id' | 'title' | 'summary' | 'look' | 'agent'> & { order: number } {
  const where = `example ${id}: ${OPENING_FILE}`;
  if (text === undefined) throw new Error(`${where} is missing (it says how the example opens)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${where}: not valid JSON (${(e as Error).message})`, { cause: e });
  }
  if (!isRecord(value)) throw new Error(`${where} must be a JSON object`);
  const { order, host, profile, openPath, run, source, database } = value;
  const bad = (field: string, what: string): Error => new Error(`${where}: "${field}" must be ${what}`);
  if (typeof order !== 'number' || !Number.isFinite(order)) throw bad('order', 'a number');
  if (!HOSTS.includes(host as never)) throw bad('host', `one of ${HOSTS.join(', ')}`);
  if (!PROFILES.includes(profile as never)) throw bad('profile', `one of ${PROFILES.join(', ')}`);
  if (typeof openPath !== 'string' || !(openPath in files)) throw bad('openPath', 'a file of the example');
  if (
    !isRecord(run) ||
    typeof run.tool !== 'string' ||
    !isRecord(run.args) ||
    (run.fails !== undefined && run.fails !== true)
  )
    throw bad('run', '{"tool": name, "args": {…}} and, when the call is meant to fail, "fails": true');
  if (source !== undefined && typeof source !== 'string') throw bad('source', 'text');
  if (
    database !== undefined &&
    !(
      isRecord(database) &&
      typeof database.script === 'string' &&
      database.script in files &&
      typeof database.file === 'string'
    )
  )
    throw bad('database', '{"script": an SQL file of the example, "file": the database to make}');
  return {
    order,
    host: host as ExampleMeta['host'],
    profile: profile as Profile,
    openPath,
    run: { tool: run.tool, args: run.args, ...(run.fails ? { fails: true as const } : {}) },
    ...(source !== undefined ? { source } : {}),
    ...(database !== undefined
      ? { database: { script: database.script as string, file: database.file as string } }
      : {}),
  };
}

function exampleOf(raw: Record<string, string>, id: string): Example & { order: number } {
  const prefix = `./${id}/`;
  const files: Record<string, string> = {};
  for (const [key, text] of Object.entries(raw)) {
    const path = key.slice(prefix.length);
    if (key.startsWith(prefix) && path !== OPENING_FILE && path !== AGENT_FILE) files[path] = text;
  }
  const card = files[CARD_FILE];
  if (card === undefined) throw new Error(`example ${id}: ${CARD_FILE} is missing (it is the example's card)`);
  const agent = raw[`${prefix}${AGENT_FILE}`];
  return {
    id,
    ...readCard(id, card),
    ...readOpening(id, raw[`${prefix}${OPENING_FILE}`], files),
    ...(agent !== undefined ? { agent: readScriptedStart(agent, `example ${id}: ${AGENT_FILE}`) } : {}),
    files,
  };
}

/** Every example folder as an example, by `order`; a folder with a part missing, or two examples with one order, is an error. */
export function buildGallery(raw: Record<string, string>): Example[] {
  const ids = [...new Set(Object.keys(raw).map((key) => key.split('/')[1] ?? ''))].filter(
    (id) => id && !id.startsWith('_'),
  );
  const examples = ids.map((id) => exampleOf(raw, id)).sort((a, b) => a.order - b.order);
  const clash = examples.find((e, i) => i > 0 && examples[i - 1]?.order === e.order);
  if (clash)
    throw new Error(
      `example ${clash.id}: order ${clash.order} is taken by ${examples[examples.indexOf(clash) - 1]?.id ?? ''}`,
    );
  return examples.map(({ order: _order, ...example }) => example);
}
