/**
 * The fenced blocks of a lesson's text, by their info string (docs/course.md, "Shown outputs"):
 * - "python tools/greet.py": a file of the lesson's example workspace (its path after the language);
 * - "python": a snippet, shown and nothing more;
 * - "lcp-listing", "hub-status tool_x {…}", …: an output a host produces for the example
 *   workspace as the blocks before it left it. tests/course/claims.test.ts renders each one
 *   through the engine and compares, so a shown output can neither be invented nor go stale.
 */

/** What a host makes of the example workspace, by the name a fence gives it. */
export const SHOWN = {
  'lcp-listing': "What lollms' chat loop lists for the model",
  'lcp-schema': "LCP's schema (discover_tools)",
  'lcp-result': "What LCP's execute_tool returns",
  'lcp-chat': "What lollms' chat loop sends the model",
  'hub-library': "The hub's library card",
  'hub-spec': "The hub's tool definition",
  'hub-status': "The hub's status line",
  'hub-result': "What the hub's agent sends the model",
  'hub-init': "What the hub's Initialise button answers",
  'loki-declaration': "Loki's declaration",
  'loki-value': 'What Loki sends the model',
} as const;
export type Shown = keyof typeof SHOWN;

/** Shown outputs that run a tool: they take the call's arguments. */
const CALLS: ReadonlySet<Shown> = new Set(['lcp-result', 'lcp-chat', 'hub-status', 'hub-result', 'loki-value']);

/** The languages of example files and snippets. */
const LANGUAGES = new Set(['python', 'bash', 'text', 'yaml', 'json', 'dotenv']);

export interface ShownOutput {
  shows: Shown;
  /** The tool (LCP/hub: function name; Loki: declaration name; hub-library, hub-init: the file's name); null for a whole listing. */
  tool: string | null;
  /** The call's arguments as written (`{}` when none). */
  argsJson: string;
  /** A path into the JSON output (`.input_schema.properties.x` → ['input_schema', 'properties', 'x']). */
  select: string[];
}

export type Fence =
  | { kind: 'snippet'; lang: string }
  | { kind: 'file'; lang: string; path: string }
  | { kind: 'shown'; output: ShownOutput };

const isRecord = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);

function shownOutput(shows: Shown, rest: string): ShownOutput {
  const selected = /\s+(\.[\w.]+)$/.exec(` ${rest}`);
  const select = selected?.[1]?.split('.').filter(Boolean) ?? [];
  let body = (selected ? ` ${rest}`.slice(0, selected.index) : rest).trim();
  const tool = /^[A-Za-z_][\w.-]*/.exec(body)?.[0] ?? null;
  if (tool) body = body.slice(tool.length).trim();
  const argsJson = body || '{}';
  let args: unknown;
  try {
    args = JSON.parse(argsJson);
  } catch {
    args = undefined;
  }
  if (!isRecord(args)) throw new Error(`the arguments of a "${shows}" block must be one JSON object: ${argsJson}`);
  if (CALLS.has(shows) && !tool) throw new Error(`a "${shows}" block names the tool it calls`);
  if (!CALLS.has(shows) && body) throw new Error(`a "${shows}" block takes no arguments: ${body}`);
  if (shows !== 'lcp-listing' && !CALLS.has(shows) && !tool) throw new Error(`a "${shows}" block names its tool`);
  return { shows, tool, argsJson, select };
}

/** Reads a fence's info string; throws on a language or an output name it does not know. */
export function readFence(info: string): Fence {
  const [word = '', ...rest] = info.trim().split(/\s+/);
  if (word === '') return { kind: 'snippet', lang: 'text' };
  if (word in SHOWN)
    return { kind: 'shown', output: shownOutput(word as Shown, info.trim().slice(word.length).trim()) };
  if (!LANGUAGES.has(word))
    throw new Error(
      `unknown fence "${word}": a language (${[...LANGUAGES].join(', ')}) or a shown output (${Object.keys(SHOWN).join(', ')})`,
    );
  const path = rest.join(' ');
  if (path && (path.startsWith('/') || path.split('/').includes('..')))
    throw new Error(`an example file's path stays inside the workspace: ${path}`);
  return path ? { kind: 'file', lang: word, path } : { kind: 'snippet', lang: word };
}

/** The line above a block: an example file's path, or what a shown output is, for which call. */
export function captionOf(fence: Fence): string {
  if (fence.kind === 'snippet') return '';
  if (fence.kind === 'file') return fence.path;
  const { shows, tool, argsJson, select } = fence.output;
  const what = `${SHOWN[shows]}${select.length ? ` (${select.join('.')})` : ''}`;
  if (!tool) return what;
  return CALLS.has(shows) ? `${what}, for ${tool} ${argsJson}` : `${what}, ${tool}`;
}
