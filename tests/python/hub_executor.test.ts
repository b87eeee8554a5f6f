// lollms_hub's executor, agent path and Initialise button as toolplay runs them (profile hub), held to
// the goldens recorded from the reference itself (tests/conformance/hub_executor: its README says how).
// Each case runs in a fresh hub folder with its fixture libraries; the store is carried from step to step
// as the browser and the CLI carry it. The Python 3.14 variant of a case (py314/) is what Pyodide must give.
// Left out, each for a reason the README of the suite states: the nine bundled libraries, whose files are
// lollms_hub's and not kept here (with LTP_HUB_REF set to a lollms_hub git dir they are taken from its
// commit eb5a1067 and run too), and the steps run as another user than the agent's anonymous one
// (toolplay models that one user only).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import { tempDir, writeFiles } from './ltp_support.ts';
import { conformanceExists, readConformance, readConformanceJson } from '../conformance.ts';
import type { Engine } from '../../src/engine/engine.ts';
import type { HubCallResult, HubInitResult, HubStoreData, RunnerReply } from '../../src/protocol/runner.ts';

interface Step {
  call?: string | null;
  init?: string;
  library?: string;
  args?: unknown;
  argsText?: string;
  via?: 'agent' | 'executor' | 'local';
  extraDefs?: string[];
  nodeSettings?: unknown;
  user?: unknown;
}
interface Case { id: string; libraries: string[]; dumpStore?: boolean; steps: Step[] }
type Golden = Record<string, unknown>;

const SUITE = 'hub_executor';
const HUB_REF = process.env.LTP_HUB_REF;
const HUB_COMMIT = 'eb5a10676d7d0536b37d07220c9bf590fb2f74c9';
const cases = (readConformanceJson(`${SUITE}/cases.json`) as { cases: Case[] }).cases.filter((c) => HUB_REF || !c.id.startsWith('bundled_'));

/** lollms_hub's `app/` at the recorded commit, as the hub's folder holds it (only with LTP_HUB_REF): the bundled libraries, the skills. */
function hubTree(): Record<string, string> {
  if (!HUB_REF) return {};
  const git = (...args: string[]): string => execFileSync('git', ['--git-dir', HUB_REF, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const files = git('ls-tree', '-r', '--name-only', HUB_COMMIT, 'app').split('\n').filter((p) => /\.(py|md)$/.test(p));
  return Object.fromEntries(files.map((p) => [p, git('show', `${HUB_COMMIT}:${p}`)]));
}
/** The recorded steps (the 3.14 variant where there is one), the store rows of other users than the anonymous one left out. */
const golden = (id: string): Golden[] => {
  const py314 = `${SUITE}/py314/golden/${id}.json`;
  // A py314 file holds the case's replay on Pyodide: {"cases": {id: {"output": {"steps": [...]}}}}.
  const steps = conformanceExists(py314)
    ? (readConformanceJson(py314) as { cases: Record<string, { output: { steps: Golden[] } }> }).cases[id]?.output.steps ?? []
    : (readConformanceJson(`${SUITE}/golden/${id}.json`) as { steps: Golden[] }).steps;
  return steps.map((s) => (Array.isArray(s.store_after) ? { ...s, store_after: s.store_after.filter((r: { user_id: number }) => r.user_id === 0) } : s));
};

// The pipmaster the oracle had: a recorder that installs nothing (the suite's README). Ours installs for real.
const RECORDING_PIPMASTER = `
import sys, types
calls = []
def _record(fn):
    def recorder(*args, **kwargs):
        calls.append({"fn": fn, "args": list(args), "kwargs": kwargs})
        return True
    return recorder
recorder = types.ModuleType("pipmaster")
for _name in ("ensure_packages", "install", "install_if_missing", "install_multiple", "is_installed"):
    setattr(recorder, _name, _record(_name))
real_pipmaster = sys.modules.get("pipmaster")
sys.modules["pipmaster"] = recorder
`;

/** Our paths as the goldens write them. */
function placeholders(text: string, hub: string): string {
  return text
    .replace(/\/tmp\/tmp[a-z0-9_]{8}\.py/g, '$TOOLFILE')
    .replace(/\btmp[a-z0-9_]{8}\.py\b/g, '$TOOLNAME')
    .replaceAll(`${hub}/`, '$HUB/')
    .replaceAll('/lib/python314.zip', '$STDLIB')
    .replaceAll('/home/pyodide', '$HOME')
    .replace(/ at 0x[0-9a-f]+/g, ' at 0x\u2026');
}

const normalise = (value: unknown, hub: string): unknown => JSON.parse(placeholders(JSON.stringify(value), hub)) as unknown;

/** A step as the goldens record it, from the engine's reply (fields absent when empty). */
function recorded(reply: RunnerReply, step: Step, store: HubStoreData, pipmaster: unknown[], dump: boolean): Golden {
  if ('escaped' in reply) throw new Error(`escaped: ${reply.escaped}`);
  const out: Golden = {};
  if (step.init !== undefined) {
    const { console, ...init } = reply.result as HubInitResult;
    out.init = init;
    if (console) out.console = console;
  } else {
    const r = reply.result as HubCallResult;
    if (r.library !== undefined) {
      const executor: Golden = { args: r.args, library_name: r.library, user_id: r.user_id };
      if (r.raised) executor.raised = r.raised;
      else if (r.logs === null) executor.returned = r.result;
      else Object.assign(executor, { result: r.result, logs: r.logs });
      out.executor = executor;
    }
    if (r.model_content !== undefined) out.model_content = r.model_content;
    if (r.agent_escaped) out.agent_escaped = r.agent_escaped;
    if (r.console) out.console = r.console;
    if (r.traced?.length) out.traced = r.traced;
  }
  if (pipmaster.length) out.pipmaster = pipmaster;
  if (dump) {
    out.store_after = Object.entries(store).flatMap(([library, values]) => Object.entries(values).map(([key, value]) => ({ is_persistent: true, key, library, user_id: 0, value })))
      .sort((a, b) => (a.library + '\0' + a.key < b.library + '\0' + b.key ? -1 : 1));
  }
  return out;
}

async function runCase(engine: Engine, c: Case): Promise<Array<{ step: number; got: Golden; want: Golden }>> {
  const hub = tempDir(engine, `hub-${c.id}`);
  const tools = `${hub}/app/tools`;
  if (c.id.startsWith('bundled_')) writeFiles(engine, hub, hubTree());
  writeFiles(engine, tools, Object.fromEntries(c.libraries.map((l) => [l, readConformance(`${SUITE}/fixtures/${l}`)])));
  const want = golden(c.id);
  let store: HubStoreData = {};
  // Carried as Python's JSON text, as the CLI keeps it: JavaScript's numbers would turn 1.0 into 1.
  let storeJson = '{}';
  const out = [];
  for (const [i, step] of c.steps.entries()) {
    if (step.user !== undefined) continue;
    engine.py.runPython('calls.clear()');
    const library = `${tools}/${step.init ?? step.library ?? c.libraries[0] ?? ''}`;
    const reply = await engine.callAsync('call', {
      profile: 'hub', paths: [tools], workspace: hub, installed: true, hubStoreJson: storeJson, library,
      ...(step.init !== undefined ? { tool: 'init_tool_library', init: true, args: {} } : {
        tool: step.call as string,
        ...(step.argsText !== undefined ? { argsText: step.argsText } : 'args' in step ? { args: step.args } : {}),
        ...(step.via ? { via: step.via } : {}),
        ...(step.extraDefs ? { extraDefs: step.extraDefs } : {}),
        ...(step.nodeSettings !== undefined ? { nodeSettings: step.nodeSettings } : {}),
      }),
    } as never) as RunnerReply;
    if ('hubStore' in reply && reply.hubStore) store = reply.hubStore;
    if ('hubStoreJson' in reply && reply.hubStoreJson !== undefined) storeJson = reply.hubStoreJson;
    const pipmaster = JSON.parse(engine.py.runPython('import json; json.dumps(calls)') as string) as unknown[];
    // Both sides through JavaScript's JSON (-0 reads as 0 in ours): exact numbers are pinned by the
    // tools' own reprs (store_numbers' tool_read), which are text.
    out.push({ step: i, got: normalise(recorded(reply, step, store, pipmaster, c.dumpStore === true), hub) as Golden, want: JSON.parse(JSON.stringify(want[i] ?? {})) as Golden });
  }
  return out;
}

describe('hub executor: the goldens recorded from lollms_hub at eb5a1067', () => {
  for (const c of cases) {
    it(`${c.id}`, async () => {
      const engine = await getEngine();
      engine.py.runPython(RECORDING_PIPMASTER);
      try {
        for (const { step, got, want } of await runCase(engine, c)) {
          // Where the golden has no console, the reference printed nothing outside the capture.
          expect({ step, ...got }).toEqual({ step, ...want });
        }
      } finally {
        engine.py.runPython('sys.modules["pipmaster"] = real_pipmaster if real_pipmaster is not None else sys.modules.pop("pipmaster")');
      }
    });
  }
});
