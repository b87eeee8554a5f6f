/** What the LTP lessons' checks share: "the hub lists `name`", explaining a file the hub drops. */
import type { ScratchCallResult } from '../scratch.ts';
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
  return { content, problem: raised ? `It raised ${raised.type}: ${raised.message}` : content.startsWith('Error:') ? `The hub's agent sends ${JSON.stringify(content)}.` : null };
}

/** A library of the check's own, written beside the person's on the scratch copy: see `pipmasterAsks`. */
const PROBE_FILE = 'tools/toolplay_pipmaster_probe.py';
const PROBE = `import importlib.util


def tool_toolplay_pipmaster_probe(args: dict):
    """What a library's init_tool_library asks pipmaster to install, nothing installed."""
    from pipmaster import manager

    asked = []

    class Recorder:
        @staticmethod
        def install(targets):
            asked.extend(targets)
            return {"installed": list(targets), "failed": []}

    saved = (manager.installed_version, manager.runtime)
    manager.installed_version, manager.runtime = (lambda name: None), Recorder
    try:
        spec = importlib.util.spec_from_file_location("dynamic_tool_lib", args["path"])
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        init = getattr(module, "init_tool_library", None)
        if init is not None:
            init()
    except Exception as exc:
        return {"asked": asked, "error": f"{type(exc).__name__}: {exc}"}
    finally:
        manager.installed_version, manager.runtime = saved
    return {"asked": asked}
`;

/**
 * What `init_tool_library` of `library` (a workspace path) asks pipmaster to install, as
 * requirement texts (`humanize>=4.9.0`), or why it could not be told. A probe tool on the scratch
 * copy loads the library as the Initialise button does and runs its init with toolplay's pipmaster
 * seeing every package as missing and recording, instead of installing, what it would install: so
 * the answer is the same whether or not this Python has the packages, and nothing is downloaded.
 */
export async function pipmasterAsks(port: LessonPort, library: string): Promise<{ asked: string[]; problem: string | null }> {
  const run = await port.call({ tool: 'tool_toolplay_pipmaster_probe', args: { path: library }, profile: 'hub', overlay: { [PROBE_FILE]: PROBE } });
  const r = resultOf(run) as Partial<HubCallResult> | null;
  const out = r?.result as { asked?: unknown; error?: unknown } | null | undefined;
  if (!out || !Array.isArray(out.asked)) return { asked: [], problem: r?.raised ? `${r.raised.type}: ${r.raised.message}` : ending(run) };
  const asked = out.asked.filter((a): a is string => typeof a === 'string');
  return { asked, problem: typeof out.error === 'string' ? out.error : null };
}
