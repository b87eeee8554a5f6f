/** What the LTP lessons' checks share: "the hub lists `name`", explaining a file the hub drops. */
import type { ScratchCallResult } from '../../scratch/scratch.ts';
import type { CheckItem, LessonPort } from '../types.ts';
import type { HubCallResult } from '../../protocol/runner.ts';
import { ending, explain, resultOf } from './expect.ts';
import { listedItem } from './lcp.ts';

/** "The hub lists `name`", explaining a file the hub drops (a non-literal TOOL_TITLES). */
export function hubListed(inspection: Parameters<typeof listedItem>[0], name: string): CheckItem {
  const listed = listedItem(inspection, name, 'the hub');
  if (listed.ok) return listed;
  const dropped = explain(inspection.diagnostics, ['LTP002', 'PY001']);
  return dropped ? { ...listed, detail: `${listed.detail} ${dropped.detail}`, at: dropped.at } : listed;
}

/** Calls a tool as lollms_hub's agent does: its executor, with the model's arguments as one dict. */
export function hubCall(port: LessonPort, tool: string, args: Record<string, unknown>): Promise<ScratchCallResult> {
  return port.call({ tool, args, profile: 'hub' });
}

/**
 * What the hub's agent sends the model for a call (`str()` of the result, or `Error: …`), and why
 * a call went wrong (an exception in the tool, or in the agent), or null when it did not.
 */
export function hubAnswer(run: ScratchCallResult): { content: string; problem: string | null } {
  const r = resultOf(run) as Partial<HubCallResult> | null;
  if (!r) return { content: '', problem: ending(run) };
  const content = r.model_content ?? '';
  const raised = r.raised ?? r.agent_escaped;
  return {
    content,
    problem: raised
      ? `It raised ${raised.type}: ${raised.message}`
      : content.startsWith('Error:')
        ? `The hub's agent sends ${JSON.stringify(content)}.`
        : null,
  };
}

/** A library of the check's own, written beside the person's on the scratch copy: see `initProbe`. */
const PROBE_FILE = 'tools/toolplay_init_probe.py';
const PROBE = `import importlib.abc
import importlib.util
import sys


class Missing(importlib.abc.MetaPathFinder):
    """Imports of these packages fail, as where they are not installed."""

    def __init__(self, names):
        self.names = set(names)

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return None


def tool_toolplay_init_probe(args: dict):
    """Loads a library and runs its init_tool_library with packages missing; pipmaster records instead of installing."""
    from pipmaster import manager

    asked = []

    class Recorder:
        @staticmethod
        def install(targets):
            asked.extend(targets)
            return {"installed": list(targets), "failed": []}

    names = set(args["missing"])
    hidden = {k: sys.modules.pop(k) for k in list(sys.modules) if k.split(".")[0] in names}
    blocker = Missing(names)
    sys.meta_path.insert(0, blocker)
    saved = (manager.installed_version, manager.runtime)
    manager.installed_version, manager.runtime = (lambda name: None), Recorder
    out = {"asked": asked}
    try:
        spec = importlib.util.spec_from_file_location("dynamic_tool_lib", args["path"])
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            out["loadError"] = f"{type(exc).__name__}: {exc}"
            return out
        init = getattr(module, "init_tool_library", None)
        if init is not None:
            try:
                init()
            except Exception as exc:
                out["initError"] = f"{type(exc).__name__}: {exc}"
        return out
    finally:
        manager.installed_version, manager.runtime = saved
        sys.meta_path.remove(blocker)
        for k in [k for k in sys.modules if k.split(".")[0] in names]:
            del sys.modules[k]
        sys.modules.update(hidden)
`;

/** What `initProbe` found: what init asked pipmaster to install, and what failed on the way. */
export interface InitProbe {
  /** Requirement texts as pipmaster would install them (`humanize>=4.9.0`). */
  asked: string[];
  /** Loading the file failed (with those packages missing). */
  loadError: string | null;
  /** init_tool_library raised. */
  initError: string | null;
  /** The probe itself could not run. */
  problem: string | null;
}

/**
 * Loads `library` (a workspace path) as the Initialise button does and runs its
 * `init_tool_library`, on the scratch copy, with the packages `missing` made unimportable (as where
 * they are not installed, whether or not this Python has them) and toolplay's pipmaster seeing
 * every package as missing and recording, instead of installing, what it would install. Nothing is
 * downloaded, and this Python's modules are as before afterwards.
 */
export async function initProbe(port: LessonPort, library: string, missing: string[]): Promise<InitProbe> {
  const run = await port.call({
    tool: 'tool_toolplay_init_probe',
    args: { path: library, missing },
    profile: 'hub',
    overlay: { [PROBE_FILE]: PROBE },
  });
  const r = resultOf(run) as Partial<HubCallResult> | null;
  const out = r?.result as { asked?: unknown; loadError?: unknown; initError?: unknown } | null | undefined;
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  if (!out || !Array.isArray(out.asked)) {
    return {
      asked: [],
      loadError: null,
      initError: null,
      problem: r?.raised ? `${r.raised.type}: ${r.raised.message}` : ending(run),
    };
  }
  return {
    asked: out.asked.filter((a): a is string => typeof a === 'string'),
    loadError: text(out.loadError),
    initError: text(out.initError),
    problem: null,
  };
}
