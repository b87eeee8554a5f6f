/** Bad input from the person at the terminal: printed as one line on stderr, exit code 2. */
export class UsageFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageFailure';
  }
}

export const MAIN_HELP = `toolplay — see exactly what LLM tool hosts make of your Python tools.

Usage:
  toolplay schema PATH... [--profile P] [--format F] [--host-config JSON] [--libraries]
  toolplay call PATH TOOL ARGS_JSON [--profile lcp|hub|loki] [--workspace DIR] [--confirm D] ...
  toolplay call LIBRARY.py --init --profile hub          (the hub's Initialise button)
  toolplay packages PATH... [--json]  (what the tools ask for, where it comes from, can it be had)
  toolplay status PATH TOOL ARGS_JSON
  toolplay lint PATH... [--profile lcp|hub|loki|llm-functions]... [--format text|json|github|sarif]
  toolplay batch FILE|-          (JSON lines {"cmd": "schema", "args": [...]}: many commands, one Python)
  toolplay link encode DIR [--profile P] [--tool T --args JSON] [--name N] [--base URL] [--file OUT]
  toolplay link decode LINK_OR_FILE --out DIR [--accept-sources]
  toolplay diff OLD_PATH NEW_PATH [--profile P] [--format text|json|github]
  toolplay lesson list | check ID DIR | start ID DIR
  toolplay test [PATH...] [--profile P] [--format F] [--junit FILE] [--filter TEXT] ...   (tests/*.toolplay-test.json)
  toolplay chat PATH "MESSAGE" --profile lcp|hub|loki (--script FILE | --endpoint URL --model NAME) ...
  toolplay eval [PATH...] (--base-url URL --model NAME | --script FILE) [--runs N] [--min-pass-rate R] ...   (evals/*.toolplay-eval.json)
  toolplay proxy [--port N]      (a CORS proxy on 127.0.0.1 for the app's tools, until Ctrl+C)
  toolplay serve [--port N] [--host H]   (the playground itself on http://127.0.0.1:4173/, until Ctrl+C)

Run "toolplay COMMAND --help" for the options of one command.
Exit codes (batch: the highest of its lines'): 0 ok, 1 lint found errors / diff found breaking changes / a lesson check is not
done yet / a tool test failed / an eval case is under its pass rate / chat hit the turn limit / a package cannot be had, 2 bad input, 3 engine failure (a toolplay
bug), 4 the model's endpoint failed (chat).
Every command that reads or runs tools takes --python 3.14|3.13|3.12 (default 3.14): the Python the
host runs (docs/pythons.md).`;

/** `--python` (src/cli/options.ts PYTHON_FLAG). */
const PYTHON_HELP = `  --python V         the Python to read and run the tools on: 3.14 (default), 3.13 or 3.12, each
                     its own Pyodide (docs/pythons.md); the hub's Docker image runs 3.13`;

/** The package and network options of the commands that run tools (src/cli/packages-options.ts). */
const PACKAGE_HELP = `  --pyodide-packages DIR_OR_URL
                     Pyodide's packages from this folder or URL (pyodide-lock.json and the wheels)
                     instead of the official distribution of this Pyodide
  --index-url URL    the package index micropip reads (default https://pypi.org/simple)
  --no-network       every request a tool makes fails at once (installs still reach their sources)
  --install-guessed  install an import whose package is only guessed from its name too (no Pyodide
                     package, requirements.txt line or pipmaster call names it: anyone may publish it)`;

/** The package options and the tools' proxy, for the commands that run tools (call, chat, test). */
const TOOL_NETWORK_HELP = `${PACKAGE_HELP}
  --cors-proxy PREFIX
                     send each request a tool makes to PREFIX followed by its whole URL, as the
                     browser's CORS-proxy setting does (e.g. http://127.0.0.1:8787/, toolplay proxy)`;

export const HELP: Record<string, string> = {
  schema: `Usage: toolplay schema PATH... [options]

Prints the tool specs a host builds from PATH (tool files or folders) as JSON. For loki and
llm-functions, .sh tools (argc comments) are included; a tools/ folder is merged in Loki's order.

Options:
  --profile P        lcp (default), hub, loki, llm-functions, standard
  --format F         native (the host's own output, default), openai, openai-strict, anthropic, mcp
  --host-config JSON LCP host_tool_configs keyed by file stem, e.g. '{"mylib": {"autonomy_level": "strict"}}'
  --libraries        with --profile hub: per file, the hub's library metadata (name, description, icon,
                     settings metadata, hub defaults where absent) next to its tool definitions, as
                     [{"file", "metadata", "tool_definitions"}]
${PYTHON_HELP}
  -h, --help         this help`,
  call: `Usage: toolplay call PATH TOOL ARGS_JSON [options]
       toolplay call LIBRARY.py --init --profile hub [options]

Runs TOOL from PATH (a tool file or folder) with the JSON object ARGS_JSON, as the host would,
and prints the result as JSON: for lcp, exactly what execute_tool returns; for hub, what
lollms_hub's executor returned and what its agent hands the model ({result, logs,
model_content}); for loki, {exit_code, llm_output, model_value, stdout, stderr}. A Loki tool in
a .sh file runs through toolplay's Bash (just-bash) emulation of Loki's run-tool.sh.
Packages the tools ask for (imports, requirements.txt, pipmaster calls) are installed first.

Options:
  --profile P        lcp (default), hub or loki
  --init             hub: press the library's Initialise button (its init_tool_library(), as
                     lollms_hub's init runs it): prints {status, body}, and console when it printed
  --workspace DIR    the tool's working directory (default: the current directory); files the tool
                     writes there land on disk; the hub's lollms store is kept in
                     DIR/.toolplay/hub-store.json
  --host-config JSON LCP host_tool_configs, or the hub's tool settings, keyed by file stem
  --env-file FILE    Loki: the .env file loaded for the tool (default: <functions dir>/.env)
  --confirm D        answer every confirmation with allow, always or reject. Without it, toolplay
                     asks on the terminal when stdin is a TTY; otherwise it rejects the confirmation
                     and says so on stderr
  --events           write the call's telemetry events to stderr as NDJSON (one JSON object a line)
  --timeout S        stop the tool after S seconds (default 30, as in the browser); exit 2, saying so
${TOOL_NETWORK_HELP}
${PYTHON_HELP}
  -h, --help         this help

The tool's own stdout and stderr are copied to stderr (unless --events), so stdout holds only
the result.`,
  packages: `Usage: toolplay packages PATH... [--profile P] [--json] [options]

Lists what the tools under PATH ask for — their imports, the requirements.txt files beside them,
their pipmaster calls — one package a line: the requirement, where it comes from (the Pyodide
distribution, or the package index micropip reads), its version, where the files ask for it, and
whether it can be had here. To tell, it installs what is missing into this command's Python (the
wheels stay cached for later commands); a release the index has only as a source archive is
built into a wheel by its own build backend ("built from source archive"); what cannot be had
says why in one line (an unknown name, no pure-Python or WebAssembly wheel, a build that failed,
a source that does not answer).

Options:
  --profile P        the host the tools are for (the needs are the same for every host)
  --json             {packages: [...], unreadable: [...]} instead of text
${PACKAGE_HELP}
${PYTHON_HELP}
  -h, --help         this help

Exit status: 0 everything can be had, 1 something cannot, 2 bad input.`,
  status: `Usage: toolplay status PATH TOOL ARGS_JSON

Prints the LTP status line lollms_hub streams when the model calls TOOL with ARGS_JSON,
e.g. 📖 Consulting Wikipedia: "Quantum Computing" (with its trailing newline).

Options:
${PYTHON_HELP}
  -h, --help         this help`,
  lint: `Usage: toolplay lint PATH... [--profile HOST]... [--format F]

Reports protocol diagnostics (LCP, hub, Loki) as "file:line:col: severity CODE message (fix: ...)",
and a summary on stderr. Every code is explained in docs/diagnostics.md, with the hosts it is about.
Exits 1 when any reported diagnostic is an error.

Options:
  --profile HOST     lcp, hub, loki or llm-functions (repeat it, or give a comma list): report only
                     the diagnostics about these hosts, so only they decide the exit code. Without it
                     every host's rules report, and the summary says which host each error is for
  --format F         text (default), json (the diagnostics as a JSON array), github (a GitHub
                     Actions annotation per diagnostic: ::error file=…,line=…,col=…::message, a
                     warning as ::warning, info as ::notice) or sarif (one SARIF 2.1.0 log, for
                     code scanning). Paths are relative to the current directory
  --json             the same as --format json
${PYTHON_HELP}
  -h, --help         this help`,
  batch: `Usage: toolplay batch FILE
       toolplay batch -            (read the lines from stdin)

Runs many commands in one process, so Python starts once. Each line of FILE is a JSON object
{"cmd": "lint", "args": ["tools", "--profile", "lcp"]} (an "id" is echoed back; blank lines are
skipped). Each answer is one JSON line, printed when its command ends:
{"line", "id"?, "cmd", "code", "json" (the command printed JSON) or "stdout" (its text), "stderr"}.
A failing line (bad JSON, an unknown command, bad input, a toolplay bug) says so in its own
answer, with the exit code the command would have had; the other lines still run.
Confirmations are never asked in a batch: pass --confirm to call.

Exit code: the highest of the lines' codes (0 when every command succeeded).

Options:
  -h, --help         this help`,
  link: `Usage: toolplay link encode DIR [options]
       toolplay link decode LINK_OR_FILE --out DIR [--accept-sources]

encode prints a share link of the files under DIR (every file and empty folder; .git and
__pycache__ are left out, and so are symbolic links), as the app's Share button makes it.
decode checks a link (or a .toolplay.json file, or a file holding a link) exactly as the app
does, writes its files into DIR and prints the toolplay call command that repeats the shared call.
It also lists the link's sources (a Pyodide packages mirror, a package index, a CORS proxy, the
network on, a Python version) with their hosts; the printed command uses none of them (it runs
with --no-network) unless --accept-sources is given.
A link or file the app would refuse is refused with the same one line (exit 2). Format:
docs/share-links.md.

Options of encode:
  --profile P        the profile the app opens with: lcp (default), hub, loki, llm-functions, standard
  --tool T           the tool selected in the app
  --args JSON        its arguments, kept exactly as written (needs --tool)
  --host-config JSON host configuration keyed by library file stem
  --name N           the title of the shared workspace (default: DIR's folder name)
  --base URL         the app's address (default: http://localhost:4173/, where npm start serves it)
  --file OUT         write the .toolplay.json file to OUT instead of printing a link ("-": stdout)
Options of decode:
  --out DIR          a new or empty folder for the files (required)
  --accept-sources   use the link's mirror, index and network setting in the printed command
  -h, --help         this help`,
  diff: `Usage: toolplay diff OLD_PATH NEW_PATH [options]

Compares what a host tells the model in two versions of a tool library (files or folders):
tools and parameters added, removed and changed. Breaking changes are marked: a tool or
parameter removed, a parameter newly required, a type changed, allowed values narrowed, a
description gone, a file the host can no longer build.

Exits 0 when nothing breaking changed, 1 when something did, 2 for bad input, so a CI job can
gate a pull request on it:  toolplay diff old/tools tools --profile lcp

Options:
  --profile P        lcp (default), hub, loki, llm-functions, standard
  --format F         text (default), json ({profile, changes: [{kind, tool, param?, breaking,
                     message}], breaking}) or github (GitHub Actions annotations: ::error per
                     breaking change, ::notice per other one, at the tool's file and line in
                     NEW_PATH, then a ::notice with the counts)
  --json             the same as --format json
${PYTHON_HELP}
  --new-python V     read NEW_PATH on this Python instead (compare one library on two Pythons)
  -h, --help         this help`,
  lesson: `Usage: toolplay lesson list
       toolplay lesson start ID DIR [--force]
       toolplay lesson check ID DIR

The course of the Lessons panel, in a terminal.
  list    prints each lesson's id and title
  start   writes the lesson's starting files into DIR (created if needed); files that already
          exist there with other content are left alone unless --force is given
  check   runs the lesson's check on the files in DIR (read only; calls run on a copy): one
          ✓ line per requirement met, a ✗ line (and why) per one still missing

Exit codes of check: 0 all done, 1 something is missing, 2 unknown lesson or folder.

Options:
  --force            start: overwrite files that differ from the lesson's
${PYTHON_HELP}
  -h, --help         this help`,
  test: `Usage: toolplay test [PATH...] [options]

Runs the tool tests of a workspace (tests/*.toolplay-test.json, docs/tool-tests.md), each on its
own copy of the workspace's files (the folder is only read), and prints one line per test, what
each failed test missed with a diff, and "N passed, N failed". PATH (default .) is a workspace
folder, its tests/ folder or a folder in it, or one test file.

Options:
  --profile P        run under P only (lcp, hub or loki): a test that names no profile runs
                     under P, one that names profiles only if P is among them
  --filter TEXT      run only tests whose name or file contains TEXT (any case)
  --format F         text (default), json (each test with every expectation) or github (GitHub
                     Actions annotations: ::error per failed test at its line in the test file,
                     with what it missed, then a ::notice with the counts)
  --json             the same as --format json
  --junit FILE       also write the results as JUnit XML to FILE (for CI)
${TOOL_NETWORK_HELP}
${PYTHON_HELP}
  -h, --help         this help

Exit codes: 0 every test passed, 1 some failed, 2 bad input (each malformed test file is named
on stderr with its test and field; no test matches), 3 engine failure.`,
  chat: `Usage: toolplay chat PATH "MESSAGE" [options] (--script FILE | --endpoint URL --model NAME)

Runs the agent loop: the model gets PATH's tools as the profile exports them, each tool call it
makes runs as "toolplay call" runs it (files land in --workspace), each result goes back as the
host would send it, until the model answers without tool calls or --max-turns is reached. Prints
the transcript as JSON {profile, protocol, model, end, messages}; with --wire, the stream
lollms_hub sends for it (<processing …> per round, one LTP status line per call, "* Task
finalized by …"). A scripted model's format and each host's result shape: docs/agent.md.

Options:
  --profile P        lcp (default), hub or loki
  --script FILE      a scripted model: a JSON list of turns ({"call", "args"}, lists of calls,
                     {"say"} with {{last_result}} / {{result.N}}, {"if_error", "else"})
  --endpoint URL     an OpenAI-compatible base URL, e.g. http://localhost:11434/v1
  --model NAME       the model the endpoint runs (with --endpoint)
  --api-key-env VAR  read the API key from environment variable VAR (never from the command line)
  --protocol P       openai (tools in the request, default) or lcp-text (lollms_client's <tool> text
                     protocol; --profile lcp only)
  --workspace DIR    the tools' working directory (default: the current directory)
  --max-turns N      model turns at most (default 10)
  --confirm D        answer every confirmation with allow, always or reject (else: ask on a
                     terminal, reject without one)
  --wire F           print the hub's stream instead, as ndjson or sse
${TOOL_NETWORK_HELP}
${PYTHON_HELP}
  -h, --help         this help

Exit codes: 0 the model gave a final answer, 1 the turn limit was hit, 2 bad input (including a
script's problems and a scripted call the profile does not list), 4 the endpoint failed (the
message is on stderr; the transcript so far is still printed).`,
  eval: `Usage: toolplay eval [PATH...] (--base-url URL --model NAME | --script FILE) [options]

Does a model call the tools right, as each host describes them? Runs a workspace's eval cases
(evals/*.toolplay-eval.json, docs/evals.md) through the agent loop: per case and profile, N runs,
each with the tools as that host tells the model and run as it runs them (on a fresh copy of the
workspace per run: the folder is only read), or answered with recorded results ("execute": false).
PATH (default .) is a workspace folder, its evals/ folder or a folder in it, or one eval file.
Prints one line per case and profile with its pass rate, and under one below its threshold each
failing run's calls, what it missed, and a note when the host's description explains it (LCP001:
List[int] told as integer).

Options:
  --profile P        run under P only: lcp, hub, loki or standard (the intent-preserving schema,
                     run as LCP runs); a case naming no profile runs under P
  --base-url URL     an OpenAI-compatible base URL, e.g. http://localhost:11434/v1
  --model NAME       the model the endpoint runs (with --base-url)
  --api-key-env VAR  read the API key from environment variable VAR (never from the command line)
  --script FILE      a scripted model instead (docs/agent.md): deterministic, for CI and tests
  --runs N           runs per case, overriding the files (1 to 100)
  --min-pass-rate R  the share of runs each case must pass, overriding the files (0 to 1)
  --json             print the results as JSON
  --junit FILE       also write JUnit XML (a testsuite per file, a testcase per case and profile)
${TOOL_NETWORK_HELP}
${PYTHON_HELP}
  -h, --help         this help

Exit codes: 0 every case met its pass rate, 1 some did not, 2 bad input (each malformed eval file
on stderr in one line with its case and field; no case found), 3 engine failure.`,
  proxy: `Usage: toolplay proxy [--port N]

Runs a CORS proxy on 127.0.0.1 for development, until Ctrl+C (or SIGTERM; exit 0), so tools
running in the app can reach APIs that do not answer a browser's CORS requests. Set the URL it
prints as the workspace's CORS proxy (Packages view → CORS proxy): a tool's request to
https://api.example.org/x?q=1 then goes to http://127.0.0.1:8787/https://api.example.org/x?q=1,
and the proxy sends it on (method, body and headers, less cookies, Origin, Referer and hop-by-hop
headers; redirects followed) and answers with the target's status and body plus the CORS headers.

Only clients on this machine are served (403 otherwise). A path that is not an http(s) URL gets
400, a target that cannot be reached 502, each with one line saying why. Each request is logged on
stderr: method, URL (key-like query parameters redacted), status, bytes, milliseconds. While it
runs, any page open in your browser can send requests through it: stop it when you are done.

Options:
  --port N           the port (default 8787; 0 picks a free one, printed on stdout)
  -h, --help         this help`,
  serve: `Usage: toolplay serve [--port N] [--host H]

Serves the playground this package ships (its built app, dist/) until Ctrl+C (or SIGTERM; exit 0),
and prints the address to open. Every answer carries the headers the app needs from its server:
Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy (cross-origin isolation, for blocking
confirmations and Stop), application/wasm and text/javascript types, the snapshot's gzip copy to a
browser that accepts gzip. Only files under dist/ are served (a path out of it is refused, 403);
Python does not start. In a checkout, build it first with npm run build.

Options:
  --port N           the port (default 4173, as npm start; 0 picks a free one, printed on stdout)
  --host H           the address to listen on (default 127.0.0.1). A browser on another machine
                     reaches it over plain http, which is no secure context: the page is not
                     cross-origin isolated there
  -h, --help         this help`,
};
