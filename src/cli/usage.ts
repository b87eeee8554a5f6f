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
  toolplay call PATH TOOL ARGS_JSON [--profile lcp|loki] [--workspace DIR] [--confirm D] ...
  toolplay status PATH TOOL ARGS_JSON
  toolplay lint PATH... [--json]

Run "toolplay COMMAND --help" for the options of one command.
Exit codes: 0 ok, 1 lint found errors, 2 bad input, 3 engine failure (a toolplay bug).`;

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
  -h, --help         this help`,
  call: `Usage: toolplay call PATH TOOL ARGS_JSON [options]

Runs TOOL from PATH (a tool file or folder) with the JSON object ARGS_JSON, as the host would,
and prints the result as JSON: for lcp, exactly what execute_tool returns; for loki,
{exit_code, llm_output, model_value, stdout, stderr}. A Loki tool in a .sh file runs through
toolplay's Bash (just-bash) emulation of Loki's run-tool.sh.

Options:
  --profile P        lcp (default) or loki
  --workspace DIR    the tool's working directory (default: the current directory); files the tool
                     writes there land on disk
  --host-config JSON LCP host_tool_configs keyed by file stem
  --env-file FILE    Loki: the .env file loaded for the tool (default: <functions dir>/.env)
  --confirm D        answer every confirmation with allow, always or reject. Without it, toolplay
                     asks on the terminal when stdin is a TTY; otherwise it rejects the confirmation
                     and says so on stderr
  --events           write the call's telemetry events to stderr as NDJSON (one JSON object a line)
  -h, --help         this help

The tool's own stdout and stderr are copied to stderr (unless --events), so stdout holds only
the result.`,
  status: `Usage: toolplay status PATH TOOL ARGS_JSON

Prints the LTP status line lollms_hub streams when the model calls TOOL with ARGS_JSON,
e.g. 📖 Consulting Wikipedia: "Quantum Computing" (with its trailing newline).

Options:
  -h, --help         this help`,
  lint: `Usage: toolplay lint PATH... [--json]

Reports protocol diagnostics (LCP, hub, Loki) as "file:line:col: severity CODE message (fix: ...)".
Every code is explained in docs/diagnostics.md. Exits 1 when any diagnostic is an error.

Options:
  --json             print the diagnostics as a JSON array instead
  -h, --help         this help`,
};
