/**
 * The CLI's start (issue 15): `toolplay schema` on a small folder, a whole process from spawn to
 * exit, against its floor, a bare `loadPyodide()` in a Node process of its own (what every
 * command paid before the cached snapshot). Target: ≤ 0.5× the floor. The two are interleaved,
 * so a busy machine weighs on both alike; the snapshot is made once before the timed runs (the
 * first command after an install makes it, src/engine/snapshot-cache.node.ts). A second row shows
 * the plain start (TOOLPLAY_SNAPSHOT=off), the fallback, against the same floor. Then each other
 * Python's start (issue 31: `--python 3.13`, `--python 3.12`, from its own cached snapshot), no
 * target, against the same floor.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { middle, type BenchRow } from './bench.ts';
import { DEFAULT_PYTHON, PYTHON_VERSIONS } from '../src/protocol/pythons.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'toolplay.mjs');
const ROUNDS = 5;
const TOOL = `def tool_greet(name: str) -> dict:
    """Greets someone.

    Args:
        name: Who to greet.
    """
    return {"success": True, "output": f"Hello {name}"}
`;

/** Wall time (ms) of one process, which must succeed. */
function timed(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const t0 = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed (${run.status}): ${run.stderr}`);
  return ms;
}

export default async function cliBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'toolplay-cli-bench-'));
  try {
    mkdirSync(join(dir, 'tools'));
    writeFileSync(join(dir, 'tools', 'greet.py'), TOOL);
    const schema = [BIN, 'schema', join(dir, 'tools'), '--profile', 'lcp'];
    const bare = ['--input-type=module', '-e', "const { loadPyodide } = await import('pyodide'); await loadPyodide();"];
    const plainEnv = { ...process.env, TOOLPLAY_SNAPSHOT: 'off' };
    const others = PYTHON_VERSIONS.filter((v) => v !== DEFAULT_PYTHON);
    const onPython = (v: string) => [...schema, '--python', v];
    timed(schema); // makes the cached snapshot when there is none yet, and warms the file cache
    for (const v of others) timed(onPython(v)); // each Python's own snapshot
    const cached: number[] = [];
    const plain: number[] = [];
    const floor: number[] = [];
    const versions = new Map<string, number[]>(others.map((v) => [v, []]));
    for (let i = 0; i < ROUNDS; i++) {
      floor.push(timed(bare));
      cached.push(timed(schema));
      plain.push(timed(schema, plainEnv));
      for (const v of others) versions.get(v)!.push(timed(onPython(v)));
    }
    const f = middle(floor);
    return [
      {
        name: 'toolplay schema, small folder, cached snapshot (target 0.5× bare loadPyodide)',
        value: middle(cached),
        unit: 'ms',
        floor: f,
        target: 0.5 * f,
        pass: middle(cached) <= 0.5 * f,
      },
      {
        name: 'toolplay schema, small folder, plain start (TOOLPLAY_SNAPSHOT=off)',
        value: middle(plain),
        unit: 'ms',
        floor: f,
      },
      ...others.map((v) => ({
        name: `toolplay schema --python ${v}, cached snapshot (no target)`,
        value: middle(versions.get(v)!),
        unit: 'ms',
        floor: f,
      })),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
