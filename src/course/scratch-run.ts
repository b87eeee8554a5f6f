/**
 * Runs one tool on a throw-away copy of a scratch folder, in whichever process holds the engine
 * (the browser's Python worker, or Node for the CLI and the tests). Confirmations are answered by
 * a fixed decision and reported; nothing is streamed anywhere: the caller gets one summary.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineError } from '../engine/engine.ts';
import type { EngineHooks } from '../protocol/engine.ts';
import { findBashTool } from '../worker/bash-find.ts';
import type { AskedConfirmation, ScratchCallParams, ScratchCallResult } from './scratch.ts';
import { scratchPath } from './scratch.ts';
import { applyFiles, changedFiles, copyTree, exists, listFiles, removeTree } from './scratch-fs.ts';

/** The environment a Bash tool starts with (the worker's own calls use the same). */
const BASH_ENV = { HOME: '/home/pyodide', PATH: '/usr/bin:/bin', USER: 'pyodide' };

/**
 * The host's outcome from what engine `call` returns. The only place that knows its shape: today
 * the host's result itself; with the call runner of TEAM.md contract 3, `{result, durationMs}`
 * or `{escaped, durationMs}` (recognised by `durationMs`, which no host result carries).
 */
export function hostOutcome(raw: unknown): { result: unknown } | { escaped: string } {
  if (raw !== null && typeof raw === 'object' && 'durationMs' in raw) {
    const r = raw as { result?: unknown; escaped?: unknown };
    if (typeof r.escaped === 'string') return { escaped: r.escaped };
    if ('result' in r) return { result: r.result };
  }
  return { result: raw };
}

export async function runScratchCall(engine: Engine, params: ScratchCallParams, interrupted: () => boolean = () => false): Promise<ScratchCallResult> {
  const fs = engine.py.FS;
  const base = scratchPath(params.base);
  // One fixed copy per base: the engine's per-path caches stay bounded however often a check runs.
  const dir = `${base}.call`;
  copyTree(fs, base, dir);
  const asked: AskedConfirmation[] = [];
  let output = '';
  try {
    applyFiles(fs, dir, params.overlay ?? []);
    const before = params.collect ? listFiles(fs, dir) : new Map<string, Uint8Array>();
    const toolsPath = `${dir}/${params.toolsDir}`;
    const bash = params.profile === 'loki' ? findBashTool(fs, [toolsPath], params.tool) : null;
    let outcome: { result: unknown } | { escaped: string } | { refused: string };
    if (bash) {
      const [{ runBashTool }, { PyodideFs }] = await Promise.all([import('../bash/run-tool.ts'), import('../bash/pyodide-fs.ts')]);
      const abort = new AbortController();
      const poll = setInterval(() => interrupted() && abort.abort(), 50);
      try {
        const result = await runBashTool({
          fs: new PyodideFs(fs as unknown as import('../bash/pyodide-fs.ts').EmscriptenFsLike, engine.py.ERRNO_CODES),
          toolPath: bash, args: params.args, cwd: dir, env: BASH_ENV, signal: abort.signal,
          onStdout: (text) => (output += text),
          onStderr: (text) => (output += text),
        });
        if (abort.signal.aborted) throw Object.assign(new Error('KeyboardInterrupt'), { name: 'AbortError' });
        outcome = { result };
      } finally {
        clearInterval(poll);
      }
    } else {
      const hooks: EngineHooks = {
        emit: (json) => {
          const e = JSON.parse(json) as { type?: string; text?: unknown; label?: unknown; content?: unknown };
          if (e.type === 'confirm.asked') asked.push({ label: String(e.label ?? ''), content: String(e.content ?? '') });
          if ((e.type === 'call.stdout' || e.type === 'call.stderr') && typeof e.text === 'string') output += e.text;
        },
        // Only reached without a fixed decision; there always is one here.
        confirm: () => JSON.stringify({ decision: 'reject', reason: 'nobody to ask in a check' }),
      };
      const envFile = `${dir}/functions/.env`;
      try {
        outcome = hostOutcome(engine.call('call', {
          profile: params.profile, paths: [toolsPath], tool: params.tool, args: params.args, workspace: dir,
          confirm: params.confirm ?? 'reject', fresh: true,
          ...(params.hostConfig ? { hostConfig: params.hostConfig } : {}),
          ...(params.profile === 'loki' && exists(fs, envFile) ? { envFile } : {}),
        }, hooks));
      } catch (e) {
        if (!(e instanceof EngineError) || e.kind !== 'usage') throw e;
        outcome = { refused: e.message };
      }
    }
    const probed = Object.fromEntries((params.probe ?? []).map((p) => [p, exists(fs, `${dir}/${p}`)]));
    const created = params.collect ? changedFiles(before, listFiles(fs, dir)) : [];
    return { ...outcome, asked, exists: probed, created, output };
  } finally {
    removeTree(fs, dir);
  }
}
