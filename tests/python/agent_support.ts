/** A tool library, a workspace and the loop wired to the real engine through the CLI's tool runner. */
import type { Engine } from '../../src/engine/engine.ts';
import { runAgent } from '../../src/agent/loop.ts';
import type { ModelPort } from '../../src/agent/ports.ts';
import type { AgentMessage, AgentProfile, LoopEnd, OpenAiTool, ToolProtocol } from '../../src/agent/types.ts';
import { nodeToolRunner } from '../../src/cli/agent-runner.ts';
import type { ConfirmDecision } from '../../src/protocol/engine.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';
import { lcpTempDir, writeTree } from './lcp_support.ts';

export const AGENT_LIB = `_H = None

def set_confirm_handler(handler):
    global _H
    _H = handler

def tool_add(a: int, b: int) -> dict:
    """Add two numbers.

    Args:
        a (int): The first.
        b (int): The second.
    """
    return {"success": True, "output": a + b}

def tool_write(path: str, text: str) -> dict:
    """Write a text file into the workspace.

    Args:
        path (str): Where.
        text (str): What.
    """
    with open(path, "w") as f:
        f.write(text)
    return {"success": True, "output": f"wrote {path}"}

def tool_boom(reason: str) -> dict:
    """Raise an error.

    Args:
        reason (str): The message.
    """
    raise ValueError(reason)

def tool_delete(path: str) -> dict:
    """Delete a file after asking the operator.

    Args:
        path (str): The file.
    """
    decision, why = _H("rm " + path, "[RISKY] delete a file")
    if decision not in ("allow", "always"):
        return {"success": False, "error": f"🛑 EXECUTION REJECTED BY USER: {why}"}
    import os
    os.remove(path)
    return {"success": True, "output": f"deleted {path}"}

def tool_spin(seconds: int) -> dict:
    """Print, then loop until stopped.

    Args:
        seconds (int): Ignored.
    """
    print("spinning")
    import time
    end = time.monotonic() + 60  # bounded: a Stop that never lands fails the test instead of hanging the run
    while time.monotonic() < end:
        pass
    raise RuntimeError("not stopped within 60 s")
`;

export interface Chat {
  end: LoopEnd;
  messages: AgentMessage[];
  framing: string[];
  events: TelemetryEvent[];
  workspace: string;
  requests: Array<Parameters<ModelPort['complete']>[0]>;
}

export interface ChatOptions {
  profile?: AgentProfile;
  protocol?: ToolProtocol;
  maxTurns?: number;
  confirm?: ConfirmDecision;
  history?: AgentMessage[];
  files?: Record<string, string>;
  controller?: AbortController;
  onEvent?: (e: TelemetryEvent) => void;
}

/** One tool folder per engine (LCP keys modules by file stem), one fresh workspace per chat. */
export function agentFolder(engine: Engine): string {
  const dir = lcpTempDir(engine, 'agent');
  writeTree(engine, dir, { 'tools/agent_lib.py': AGENT_LIB });
  return `${dir}/tools`;
}

export async function chat(engine: Engine, tools: string, model: ModelPort, request: string, o: ChatOptions = {}): Promise<Chat> {
  const profile = o.profile ?? 'lcp';
  const workspace = lcpTempDir(engine, 'agent-ws');
  writeTree(engine, workspace, o.files ?? {});
  const specs = engine.call('schema', { paths: [tools], profile, format: 'openai' }) as OpenAiTool[];
  const framing: string[] = [];
  const events: TelemetryEvent[] = [];
  const requests: Chat['requests'] = [];
  let messages: AgentMessage[] = [];
  let round = 0;
  const controller = o.controller ?? new AbortController();
  const runner = nodeToolRunner(engine, {
    profile: profile === 'loki' ? 'loki' : 'lcp', paths: [tools], workspace, ...(o.confirm ? { confirm: o.confirm } : {}),
    onEvent: (e) => {
      events.push(e);
      o.onEvent?.(e);
    },
    round: () => round,
  });
  const recording: ModelPort = {
    name: model.name,
    complete: (req, signal, onText) => {
      requests.push(req);
      return model.complete(req, signal, onText);
    },
  };
  const end = await runAgent(o.history ?? [], request, {
    profile, protocol: o.protocol ?? 'openai', model: recording, tools: runner, specs, maxTurns: o.maxTurns ?? 10, signal: controller.signal,
    onChange: (m) => (messages = m),
    onFraming: (text, r) => {
      round = r;
      framing.push(text);
    },
  });
  return { end, messages, framing, events, workspace, requests };
}

export function readText(engine: Engine, path: string): string | null {
  try {
    return engine.fs.readFile(path, { encoding: 'utf8' });
  } catch {
    return null;
  }
}
