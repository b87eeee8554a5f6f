/**
 * `toolplay eval [PATH...]`: does a model call the workspace's tools right, as each host describes
 * them? Runs the eval cases (evals/*.toolplay-eval.json, docs/evals.md) through the agent loop against
 * an OpenAI-compatible endpoint (--base-url, --model) or a script (--script), N runs each, tools run on
 * a fresh copy of the workspace per run (the folder is only read). One line per case and profile with
 * its pass rate; JSON; JUnit XML. Exit 0 every case met its threshold, 1 some did not, 2 bad input.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { ModelPort } from '../agent/ports.ts';
import { ScriptedModel } from '../agent/scripted-model.ts';
import { lokiTools } from '../agent/hosts.ts';
import type { OpenAiTool } from '../agent/types.ts';
import type { Engine } from '../engine/engine.ts';
import { EVAL_PROFILES, type EvalProfile } from '../evals/format.ts';
import { evalProblemLine, readEvalFile, type ReadEvalFile } from '../evals/read.ts';
import { itemsOf, runEvals, type EvalItem, type EvalPorts } from '../evals/run.ts';
import { reportText, resultsJson } from '../evals/report.ts';
import { nativeSpecs } from '../loki/schema.ts';
import { toolsFolderOf } from '../workspace/engine-paths.ts';
import { nodeToolRunner } from './agent-runner.ts';
import type { Outcome } from './commands.ts';
import { locateEvals, shownPath } from './eval-files.ts';
import { WorkspaceHubStore } from './hub-store.ts';
import { choice, existing, parse, PYTHON_FLAG, pythonOption } from './options.ts';
import { TOOL_NETWORK_FLAGS, packageOptions, policyOf } from './packages-options.ts';
import { readFolder } from './read-folder.ts';
import { note } from './terminal.ts';
import { UsageFailure } from './usage.ts';
import { modelFromFlags } from './model-option.ts';

interface Workspace {
  root: string;
  files: Map<string, Uint8Array>;
  items: EvalItem[];
}

function numberOption(name: string, raw: string | boolean | undefined, ok: (n: number) => boolean, what: string) {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !ok(n))
    throw new UsageFailure(`eval: --${name} must be ${what} (got '${String(raw)}')`);
  return n;
}

/** Every workspace PATH names, its eval files read; every malformed file's line. */
function readAll(paths: string[], only?: EvalProfile): { workspaces: Workspace[]; problems: string[] } {
  const wanted = new Map<string, Set<string>>();
  for (const p of paths) {
    const { root, files } = locateEvals(p);
    const set = wanted.get(root) ?? new Set<string>();
    for (const f of files) set.add(f);
    wanted.set(root, set);
  }
  const problems: string[] = [];
  const workspaces = [...wanted].map(([root, evalFiles]): Workspace => {
    const files = readFolder('eval', root, 'a workspace folder');
    const read: ReadEvalFile[] = [];
    for (const file of evalFiles) {
      const r = readEvalFile(shownPath(file), readFileSync(file, 'utf8'));
      if ('problem' in r) problems.push(evalProblemLine(r.problem));
      else read.push(r);
    }
    const layout = toolsFolderOf([...files.keys()]).kind === 'loki' ? 'loki' : 'lcp';
    return { root, files, items: itemsOf(read, only ?? layout, only) };
  });
  return { workspaces, problems };
}

/** The engine's side of the runs: specs, diagnostics, and a tool runner on a fresh copy of the workspace per run. */
function enginePorts(
  engine: Engine,
  w: Workspace,
  toolsPath: string,
  scratch: string,
  model: ModelPort,
  network: ReturnType<typeof policyOf>,
): EvalPorts {
  let copies = 0;
  return {
    model,
    specs(profile) {
      if (profile !== 'loki')
        return Promise.resolve(
          engine.call('schema', { paths: [toolsPath], profile, format: 'openai' }) as OpenAiTool[],
        );
      const native = nativeSpecs(engine, [toolsPath], 'loki');
      return Promise.resolve(lokiTools(Array.isArray(native) ? native : []));
    },
    diagnostics: () => Promise.resolve(engine.call('lint', { paths: [toolsPath] })),
    tools(profile) {
      const dir = join(scratch, `run-${++copies}`);
      for (const [rel, bytes] of w.files) {
        mkdirSync(dirname(join(dir, rel)), { recursive: true });
        writeFileSync(join(dir, rel), bytes);
      }
      mkdirSync(dir, { recursive: true });
      const host = profile === 'standard' ? 'lcp' : profile;
      return nodeToolRunner(engine, {
        profile: host,
        paths: [toolsPath],
        workspace: dir,
        network,
        confirm: 'reject',
        ...(host === 'hub' ? { hubStore: new WorkspaceHubStore(dir) } : {}),
        onEvent: () => {},
        round: () => 0,
      });
    },
  };
}

export async function evals(args: string[]): Promise<Outcome | 'help'> {
  const { values, positionals } = parse('eval', args, {
    profile: { type: 'string' },
    script: { type: 'string' },
    'base-url': { type: 'string' },
    model: { type: 'string' },
    'api-key-env': { type: 'string' },
    runs: { type: 'string' },
    'min-pass-rate': { type: 'string' },
    json: { type: 'boolean' },
    junit: { type: 'string' },
    ...TOOL_NETWORK_FLAGS,
    ...PYTHON_FLAG,
  });
  if (values.help) return 'help';
  const profile =
    values.profile === undefined
      ? undefined
      : choice<EvalProfile>('eval', 'profile', values.profile, EVAL_PROFILES, 'lcp');
  const runs = numberOption(
    'runs',
    values.runs,
    (n) => Number.isInteger(n) && n >= 1 && n <= 100,
    'a whole number from 1 to 100',
  );
  const minPassRate = numberOption(
    'min-pass-rate',
    values['min-pass-rate'],
    (n) => n >= 0 && n <= 1,
    'a share from 0 to 1, like 0.8',
  );
  const junit = typeof values.junit === 'string' ? resolve(values.junit) : null;
  const model = modelFromFlags('eval', 'base-url', values);
  const python = pythonOption('eval', values);
  const packages = packageOptions('eval', values);
  const { workspaces, problems } = readAll(positionals.length ? positionals : ['.'], profile);
  if (problems.length) {
    for (const line of problems) note(`toolplay: ${line}\n`);
    return { stdout: '', code: 2 };
  }
  if (!workspaces.some((w) => w.items.length))
    throw new UsageFailure(
      `eval: no eval case found${profile ? ` under --profile ${profile}` : ''} (a workspace keeps them in evals/*.toolplay-eval.json)`,
    );
  const { openEngine, usePackages } = await import('./host.ts');
  usePackages(packages);
  const scratch = mkdtempSync(join(tmpdir(), 'toolplay-eval-'));
  try {
    const results = [];
    for (const w of workspaces) {
      if (!w.items.length) continue;
      const toolsPath = join(w.root, toolsFolderOf([...w.files.keys()]).toolsDir);
      existing('the workspace tools folder', toolsPath, 'dir');
      const engine = await openEngine([toolsPath, w.root, scratch], python);
      const ports = enginePorts(engine, w, toolsPath, scratch, model, policyOf(packages));
      results.push(
        ...(await runEvals(w.items, ports, {
          ...(runs ? { runs } : {}),
          ...(minPassRate !== undefined ? { minPassRate } : {}),
          untimed: model instanceof ScriptedModel,
        })),
      );
    }
    if (junit) {
      const { evalJunitXml } = await import('../evals/junit.ts');
      mkdirSync(dirname(junit), { recursive: true });
      writeFileSync(junit, evalJunitXml(results));
    }
    const stdout = values.json ? `${JSON.stringify(resultsJson(results), null, 2)}\n` : reportText(results);
    return { stdout, code: results.every((r) => r.passed) ? 0 : 1 };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
