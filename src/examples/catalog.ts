/**
 * The gallery's cards: every example of the seed documents (the LCP guide's database_ops.py, the
 * LTP protocol's TOOL_TITLES, Loki's demo tools), toolplay's own teaching examples, and one small
 * example per surprising rule of each host. Files live in the folder named by `id`.
 */
import type { ScriptedStart } from '../agent/scripted-start.ts';
import type { Profile } from '../protocol/engine.ts';

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

export const EXAMPLE_META: ExampleMeta[] = [
  {
    id: 'ltp-library', host: 'ltp', title: 'LTP library: Wikipedia + notes', profile: 'lcp', openPath: 'tools/wikipedia.py',
    summary: 'TOOL_LIBRARY_* metadata and TOOL_TITLES as lollms_hub shows them; a tool that writes files.',
    look: 'The first telemetry line of a search: 📖 Consulting Wikipedia: "Quantum Computing". Then write a note and watch notes/ appear. In the Agent tab, Send the waiting message: a scripted model sends an empty query, reads the error and searches again.',
    run: { tool: 'tool_search_wikipedia', args: { query: 'Quantum Computing' } },
    agent: {
      message: 'What does the encyclopedia say about Quantum Computing?',
      // A model that first sends an empty query, reads the error, and tries again.
      script: `[
  {"call": "tool_search_wikipedia", "args": {"query": ""}},
  {"if_error": {"call": "tool_search_wikipedia", "args": {"query": "Quantum Computing", "max_results": 2}},
   "else": {"say": "Found: {{last_result}}"}},
  {"if_error": {"say": "The search failed twice: {{last_result}}"},
   "else": {"say": "The first search failed ({{result.1}}), the second found: {{last_result}}"}}
]`,
    },
  },
  {
    id: 'lcp-database-ops', host: 'lcp', title: 'database_ops.py (the LCP guide)', profile: 'lcp', openPath: 'tools/database_ops.py',
    summary: "The LCP tool development guide's SQLite library, as written, with a real shop.db.",
    look: 'tool_execute_query returns rows of shop.db (built from shop.sql). tool_database_ops_prompt is listed as a tool, though the guide says it is not.',
    run: { tool: 'tool_execute_query', args: { database_name: 'shop.db', query: 'SELECT name, city FROM customers ORDER BY id' } },
    source: 'lollms_client, skills/lcp_tool_development/SKILL.md (Apache-2.0)',
    database: { script: 'shop.sql', file: 'shop.db' },
  },
  {
    id: 'ltp-protocol', host: 'ltp', title: "The LTP protocol's TOOL_TITLES", profile: 'hub', openPath: 'tools/ltp_demo.py',
    summary: 'The weather, Wikipedia and file tools of the LTP example, each with its status line; its naming and argument standards.',
    look: 'Each call opens with its status line; tool_write_file previews path, never text. In ltp_standards.py, summarise (no tool_ prefix) is not a tool, and url and command are previewed. The Agent tab\'s scripted model asks for Berlin\'s weather, gets an error, and asks for Paris: one status line per call.',
    run: { tool: 'tool_search_wikipedia', args: { query: 'Quantum Computing' } },
    source: 'lollms_hub, docs/LTP_PROTOCOL.md (TOOL_TITLES)',
    agent: {
      message: 'What is the weather in Berlin?',
      // The hub streams one status line per call; the model gets str() of each result.
      script: `[
  {"call": "tool_get_weather", "args": {"query": "Berlin"}},
  {"if_error": {"call": "tool_get_weather", "args": {"query": "Paris"}},
   "else": {"say": "{{last_result}}"}},
  {"if_error": {"say": "No weather at all: {{last_result}}"},
   "else": {"say": "Berlin is not in the table ({{result.1}}). In Paris: {{last_result}}"}}
]`,
    },
  },
  {
    id: 'confirm-autonomy', host: 'lcp', title: 'Confirmations and autonomy levels', profile: 'lcp', openPath: 'tools/file_manager.py',
    summary: 'init_tools_library(config) + set_confirm_handler, the way lollms system_shell asks before risky work.',
    look: 'rm docs/old.txt asks first at "safe"; set autonomy_level to "full_access" in the host configuration and it never asks. In the Agent tab, Send the waiting message and reject the popup: the scripted model says it left the file alone.',
    run: { tool: 'tool_run_file_command', args: { command: 'ls docs' } },
    agent: {
      message: 'Delete docs/old.txt.',
      // Answer the popup both ways: a rejection is a failure the model sees, so it does not claim the deletion.
      script: `[
  {"call": "tool_run_file_command", "args": {"command": "rm docs/old.txt"}},
  {"if_error": {"say": "I left docs/old.txt alone: {{last_result}}"},
   "else": {"say": "docs/old.txt is deleted: {{last_result}}"}}
]`,
    },
  },
  {
    id: 'lcp-quirks', host: 'lcp', title: 'LCP quirks', profile: 'lcp', openPath: 'tools/quirks.py',
    summary: 'Valid Python that the LCP binding reads differently than its author meant.',
    look: 'Every underlined def: hover it for the schema LCP builds, then switch to "standard".',
    run: { tool: 'tool_top', args: {} },
  },
  {
    id: 'loki-tools', host: 'loki', title: 'Loki: Python and Bash tools', profile: 'loki', openPath: 'functions/tools/word_count.py',
    summary: 'functions/tools/*.py|*.sh, visible_tools in config.yaml and functions/.env.',
    look: 'The Loki panel: which files visible_tools builds, and why draft_no_doc.py would stop Loki from starting.',
    run: { tool: 'word_count', args: { path: 'notes/poem.txt', unit: 'words' } },
  },
  {
    id: 'loki-demo', host: 'loki', title: "Loki's demo tools (demo_py, demo_sh)", profile: 'loki', openPath: 'functions/tools/demo_py.py',
    summary: "The Python demo of Loki's custom tools guide, as written, and a Bash tool with every option kind.",
    look: 'The LLM_* variables Loki sets for a run, and how each parameter kind is declared (Literal → enum, Optional → not required).',
    run: { tool: 'demo_py', args: { string: 'hello', string_enum: 'foo', boolean: true, integer: 42, number: 3.14, array: ['a', 'b'] } },
    source: 'Loki, docs/function-calling/CUSTOM-TOOLS.md (demo_py.py)',
  },
  {
    id: 'lcp-type-substring', host: 'lcp', title: 'Rule: types by substring (LCP)', profile: 'lcp', openPath: 'tools/shapes.py',
    summary: 'Literal["print", "save"], List[int] and "Point" all become integers.',
    look: 'The types in the Tools panel against the annotations; "standard" shows what was meant.',
    run: { tool: 'tool_total', args: { values: [1, 2, 3] } },
  },
  {
    id: 'lcp-string-defaults', host: 'lcp', title: 'Rule: stringified defaults (LCP)', profile: 'lcp', openPath: 'tools/report.py',
    summary: 'A default that is not a literal is listed, and passed to the tool, as text.',
    look: 'Run tool_report with {}: limit arrives as the string "DEFAULT_LIMIT".',
    run: { tool: 'tool_report', args: {} },
  },
  {
    id: 'lcp-duplicate-names', host: 'lcp', title: 'Rule: duplicate tool names (LCP)', profile: 'lcp', openPath: 'tools/b_legacy.py',
    summary: 'Two files define tool_convert: the first one scanned wins, silently.',
    look: 'Only one tool_convert is listed; the diagnostic on b_legacy.py says which file wins and why it may differ elsewhere.',
    run: { tool: 'tool_convert', args: { celsius: 100 } },
  },
  {
    id: 'lcp-package-siblings', host: 'lcp', title: 'Rule: X/X.py and its siblings (LCP)', profile: 'lcp', openPath: 'tools/weather/weather.py',
    summary: 'Which files of a tools folder LCP loads: packages, siblings, __init__.py, depth.',
    look: 'Three tools are listed; the ones in __init__.py and two levels down are not.',
    run: { tool: 'tool_forecast', args: { city: 'Paris' } },
  },
  {
    id: 'lcp-regex-fallback', host: 'lcp', title: 'Rule: the regex fallback (LCP)', profile: 'lcp', openPath: 'tools/notes.py',
    summary: 'A file with a syntax error is still listed, from a regular expression.',
    look: 'The spec says _parsed_via_regex_fallback, the default is the string "5"; the call fails with "Tool initialization failed".',
    run: { tool: 'tool_add_note', args: { text: 'buy milk' }, fails: true },
  },
  {
    id: 'lcp-result-shapes', host: 'lcp', title: 'Rule: result normalisation (LCP)', profile: 'lcp', openPath: 'tools/results.py',
    summary: 'What a tool returns against what the model gets: strings, extra keys, None, failures, exceptions.',
    look: 'Run each tool: rows and prompt_injection are dropped, {"success": False} becomes a status 500 error.',
    run: { tool: 'tool_extra_keys', args: {} },
  },
  {
    id: 'ltp-titles-not-literal', host: 'ltp', title: 'Rule: TOOL_TITLES that is not a literal (LTP)', profile: 'lcp', openPath: 'tools/search.py',
    summary: 'A comprehension for TOOL_TITLES makes the hub drop every tool of the file.',
    look: 'LCP lists both tools; switch the profile to "hub" and there are none. A call\'s status line falls back to 🛠️ Search.',
    run: { tool: 'tool_search', args: { query: 'tea' } },
  },
  {
    id: 'loki-file-stem', host: 'loki', title: 'Rule: a file stem Loki renames (Loki)', profile: 'loki', openPath: 'functions/tools/Get-Weather.v2.py',
    summary: 'Get-Weather.v2.py is declared as get_weather_v2, and then cannot be run.',
    look: 'forecast runs; get_weather_v2 fails with Loki\'s "Unable to run" until the file is renamed.',
    run: { tool: 'forecast', args: { city: 'Oslo' } },
  },
];
