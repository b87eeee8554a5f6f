/**
 * Helpers for the LCP / runtime tests: fixture folders copied from tests/conformance into
 * the Pyodide FS, and a Python driver that runs toolplay's LcpBinding the way lcp_oracle.py runs
 * the real LCPBinding (same calls, same normalisation), so results compare with the goldens.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Engine } from '../../src/engine/engine.ts';
import type { ConfirmReply, EngineHooks } from '../../src/protocol/engine.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import { CONFORMANCE } from '../conformance.ts';

let counter = 0;

/** A fresh folder in the Pyodide FS (tests share one engine: never reuse a path). */
export function lcpTempDir(engine: Engine, area: string): string {
  counter += 1;
  const dir = `/tmp/${area}-${process.pid}-${counter}`;
  engine.fs.mkdirTree(dir);
  return dir;
}

/** Copies a conformance folder (e.g. `lcp_fixtures`) recursively into `dst`. */
export function copyConformance(engine: Engine, rel: string, dst: string): void {
  const walk = (src: URL, to: string): void => {
    engine.fs.mkdirTree(to);
    for (const e of readdirSync(src, { withFileTypes: true })) {
      if (e.name === '__pycache__') continue;
      if (e.isDirectory()) walk(new URL(`${e.name}/`, src), `${to}/${e.name}`);
      else engine.fs.writeFile(`${to}/${e.name}`, readFileSync(new URL(e.name, src)));
    }
  };
  walk(new URL(rel.endsWith('/') ? rel : `${rel}/`, CONFORMANCE), dst);
}

export function readGolden<T>(rel: string): T {
  return JSON.parse(readFileSync(new URL(rel, CONFORMANCE), 'utf8')) as T;
}

/** Writes `files` (relative path → text) under `dir`, creating sub-folders. */
export function writeTree(engine: Engine, dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const path = `${dir}/${rel}`;
    engine.fs.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    engine.fs.writeFile(path, text);
  }
}

/** One oracle case: what lcp_oracle.py's GOLDEN_CASES passes to LCPBinding (paths under the fixture copy). */
export interface OracleCase {
  folders: string[];
  files?: string[];
  host?: Record<string, Record<string, unknown>>;
  exec?: [string, string][];
  via?: 'binding' | 'chat';
  cwd?: string;
}

// Runs one case like cmd_lcp: build the binding, discover, to_chat_tool_specs, then each exec in
// order (chdir to cwd first, stdout/stderr captured), then the oracle's normalisation: absolute
// paths -> $TOOLS<i>/$FILEDIR<i>, traceback strings -> <traceback>, JSON-unsafe values as the
// oracle's jsonable() shows them (toolplay.core.json_text.json_safe mirrors it).
const DRIVER = `
import contextlib, io, json, os
from toolplay.core.json_text import json_safe
from toolplay.hosts.lcp.binding import LcpBinding

def _scrub(o):
    if isinstance(o, dict):
        return {k: ("<traceback>" if k == "traceback" and isinstance(v, str) else _scrub(v)) for k, v in o.items()}
    if isinstance(o, list):
        return [_scrub(v) for v in o]
    if isinstance(o, str) and "Traceback (most recent call last)" in o:
        return "<traceback text>"
    return o

def run_case(root, case_json):
    c = json.loads(case_json)
    folders = [os.path.join(root, f) for f in c["folders"]]
    files = [os.path.join(root, f) for f in c.get("files", [])]
    pairs = [(os.path.realpath(f), f"$TOOLS{i}") for i, f in enumerate(folders)]
    pairs += [(os.path.dirname(os.path.realpath(f)), f"$FILEDIR{i}") for i, f in enumerate(files)]
    pairs.sort(key=lambda p: -len(p[0]))
    def norm(o):
        if isinstance(o, str):
            for p, t in pairs:
                o = o.replace(p, t)
            return o
        if isinstance(o, dict):
            return {k: norm(v) for k, v in o.items()}
        if isinstance(o, list):
            return [norm(v) for v in o]
        return o
    b = LcpBinding(tools_folders=folders, tool_files=files, host_tool_configs=c.get("host"))
    tools = b.discover_tools()
    specs = b.to_chat_tool_specs()
    out = {
        "discover_tools": norm(json_safe(tools)),
        "property_order": {t["name"]: list(t["input_schema"]["properties"]) for t in tools},
        "chat_tool_specs": norm(json_safe(specs)),
        "tools_folders": [norm(os.path.realpath(f)) for f in b.tools_folders],
        "discovery_log": [{"level": w["level"], "msg": w["message"]} for w in b.warnings if w["origin"] == "reference"],
        "toolplay_warnings": [norm(w["message"]) for w in b.warnings if w["origin"] == "toolplay"],
        "exec": [],
    }
    for name, params_json in c.get("exec", []):
        params = json.loads(params_json)
        old = os.getcwd()
        if c.get("cwd"):
            os.chdir(os.path.join(root, c["cwd"]))
        cap = io.StringIO()
        try:
            with contextlib.redirect_stdout(cap), contextlib.redirect_stderr(cap):
                if c.get("via") == "chat":
                    res = specs[name]["callable"](**params)
                else:
                    res = b.execute_tool(name, params)
        finally:
            os.chdir(old)
        item = {"tool": name, "params": json.loads(params_json), "result": norm(_scrub(json_safe(res))),
                "log": norm(_scrub(b.exec_log))}
        if json_safe(params) != item["params"]:
            item["params_after_call"] = json_safe(params)
        if cap.getvalue():
            item["stdout"] = cap.getvalue()
        out["exec"].append(item)
    return json.dumps(out, ensure_ascii=False)
`;

/** Runs one oracle case in the engine; the fixture copy lives under `root`. */
export function runOracleCase(engine: Engine, root: string, c: OracleCase): Record<string, unknown> {
  const ns = engine.py.toPy({}) as { get(name: string): (...a: string[]) => string; destroy(): void };
  try {
    engine.py.runPython(DRIVER, { globals: ns as never });
    return JSON.parse(ns.get('run_case')(root, JSON.stringify(c))) as Record<string, unknown>;
  } finally {
    ns.destroy();
  }
}

export interface Recorder extends EngineHooks {
  events: TelemetryEvent[];
  asked: unknown[];
}

/** Hooks that record every event and answer confirmations from a queue (default: allow). */
export function recorder(answers: ConfirmReply[] = []): Recorder {
  const events: TelemetryEvent[] = [];
  const asked: unknown[] = [];
  return {
    events,
    asked,
    emit: (json) => void events.push(JSON.parse(json) as TelemetryEvent),
    confirm: (json) => {
      asked.push(JSON.parse(json));
      return JSON.stringify(answers.shift() ?? { decision: 'allow' });
    },
  };
}
