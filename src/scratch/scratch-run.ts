/**
 * Runs one tool on a throw-away copy of a scratch folder, which is the call's /workspace (the real
 * one set aside meanwhile, workspace-aside.ts), in whichever process holds the engine
 * (the browser's Python worker, or Node for the CLI and the tests), through the same call wrapper
 * as every Run (src/call): the host's runner, Python or Bash. Confirmations are answered by a
 * fixed decision and reported; nothing is streamed anywhere: the caller gets one summary.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import { callTool, WORKER_BASH_ENV, type FsChanges } from '../call/wrapper.ts';
import type { AskedConfirmation, ScratchCallParams, ScratchCallResult } from './scratch.ts';
import { scratchPath } from './scratch.ts';
import { setWorkspaceAside } from './workspace-aside.ts';
import { WORKSPACE_ROOT } from '../protocol/worker.ts';
import type { HubStoreData } from '../protocol/runner.ts';
import { applyFiles, changedFiles, exists, listFiles } from './scratch-fs.ts';

const NO_CHANGES: FsChanges = { created: [], modified: [], deleted: [] };

export async function runScratchCall(
  engine: Engine,
  params: ScratchCallParams,
  interrupted: () => boolean = () => false,
): Promise<ScratchCallResult> {
  const fs = engine.fs;
  const base = scratchPath(params.base);
  // The call's copy is /workspace itself, the real one set aside where no path reaches it
  // (workspace-aside.ts): absolute paths and relative ones name the same files, the copy's.
  const files = listFiles(fs, base);
  const aside = setWorkspaceAside(engine);
  const dir = WORKSPACE_ROOT;
  const asked: AskedConfirmation[] = [];
  let output = '';
  let statusLine = '';
  // Answers in order (a tool test's list), else one fixed decision for every question.
  const answers = params.answers ? [...params.answers] : null;
  try {
    applyFiles(fs, dir, [...[...files].map(([path, content]) => ({ path, content })), ...(params.overlay ?? [])]);
    const before = params.collect ? listFiles(fs, dir) : new Map<string, Uint8Array>();
    const envFile = `${dir}/functions/.env`;
    let outcome:
      { result: unknown; resultJson?: string; hubStore?: HubStoreData } | { escaped: string } | { refused: string };
    try {
      const end = await callTool(
        params.install === false ? withoutInstaller(engine) : engine,
        {
          callId: 'scratch',
          profile: params.profile,
          paths: [`${dir}/${params.toolsDir}`],
          tool: params.tool,
          ...(params.argsJson !== undefined ? { argsJson: params.argsJson } : { args: params.args }),
          workspace: dir,
          fresh: true,
          ...(params.network ? { network: params.network } : {}),
          ...(answers ? {} : { confirm: params.confirm ?? 'reject' }),
          ...(params.hostConfig ? { hostConfig: params.hostConfig } : {}),
          ...(params.profile === 'loki' && exists(fs, envFile) ? { envFile } : {}),
          ...(params.hubStore ? { hubStore: params.hubStore } : {}),
          ...(params.init !== undefined ? { init: true, library: `${dir}/${params.init}` } : {}),
        },
        {
          emit(e) {
            if (e.type === 'confirm.asked') asked.push({ label: e.label, content: e.content });
            else if (e.type === 'call.stdout' || e.type === 'call.stderr') output += e.text;
            else if (e.type === 'call.started') statusLine = e.statusLine;
          },
          // Reached only with a list of answers; without one every question has its fixed decision.
          confirm: () => {
            const decision = answers?.shift() ?? 'reject';
            return decision === 'reject' ? { decision, reason: 'nobody to ask in a scratch call' } : { decision };
          },
          // What a check reports of the files is `created` below; the wrapper's own diff is not needed.
          workspace: { begin() {}, end: () => NO_CHANGES },
          bashEnv: { ...WORKER_BASH_ENV },
          interrupted,
        },
      );
      outcome =
        end.status !== 'finished'
          ? { escaped: end.message }
          : {
              result: end.result,
              ...(end.resultJson !== undefined ? { resultJson: end.resultJson } : {}),
              ...(end.hubStore ? { hubStore: end.hubStore } : {}),
            };
    } catch (e) {
      if (!(e instanceof EngineError) || e.kind !== 'usage') throw e;
      outcome = { refused: e.message };
    }
    const probed = Object.fromEntries((params.probe ?? []).map((p) => [p, exists(fs, `${dir}/${p}`)]));
    const after = params.collect ? listFiles(fs, dir) : null;
    const created = after ? changedFiles(before, after) : [];
    const deleted = after ? { deleted: [...before.keys()].filter((p) => !after.has(p)).sort() } : {};
    return { ...outcome, asked, exists: probed, created, ...deleted, output, statusLine };
  } finally {
    aside.restore();
  }
}

/**
 * The engine as a call sees it, without its installer (`engine.packages`): the engine installs
 * nothing first and lends pipmaster no installer, so pipmaster's installs fail (it answers False)
 * and a missing import stays missing. The methods that reach Python are the engine's own, bound.
 */
function withoutInstaller(engine: Engine): Engine {
  return Object.create(engine, {
    packages: { value: null },
    call: { value: engine.call.bind(engine) },
    callAsync: { value: engine.callAsync.bind(engine) },
    callText: { value: engine.callText.bind(engine) },
  }) as Engine;
}
