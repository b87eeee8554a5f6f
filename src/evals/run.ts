/**
 * Runs eval cases through the agent loop (src/agent/loop.ts), as `toolplay chat` and the agent panel
 * run it: per case and profile, N runs, each with the tools as that profile's host tells the model and
 * its call semantics (or recorded results, `execute: false`); each run judged (judge.ts), a failing
 * argument tied to what the host said (notes.ts), its time and tokens kept (timed-model.ts).
 * The engine, the tools and the model come through EvalPorts, so the CLI and tests share this code.
 */
import { runAgent } from '../agent/loop.ts';
import type { ModelPort, ToolRunner } from '../agent/ports.ts';
import type { AgentMessage, AgentProfile, LoopEnd, OpenAiTool } from '../agent/types.ts';
import type { Diagnostic } from '../protocol/diagnostics.ts';
import { DEFAULT_MIN_PASS_RATE, DEFAULT_RUNS, type EvalProfile } from './format.ts';
import { expectedText, judgeRun, type EvalVerdict, type MadeCall } from './judge.ts';
import { argumentNotes } from './notes.ts';
import type { ReadEvalCase, ReadEvalFile } from './read.ts';
import { recordedRunner } from './recorded-runner.ts';
import { TimedModel, type ModelCost } from './timed-model.ts';

export interface EvalPorts {
  /** The tools as a profile's host tells the model, as OpenAI tools (`standard`: the intent-preserving schema). */
  specs(profile: EvalProfile): Promise<OpenAiTool[]>;
  /** The workspace's diagnostics, every host's (notes pick the profile's). */
  diagnostics(): Promise<Diagnostic[]>;
  /** A tool runner for one run under this profile (a fresh workspace for it, when tools write). */
  tools(profile: EvalProfile): ToolRunner;
  model: ModelPort;
}

/** One case under one profile, from one file. */
export interface EvalItem {
  path: string;
  evalCase: ReadEvalCase;
  profile: EvalProfile;
}

export interface EvalRun {
  passed: boolean;
  calls: MadeCall[];
  answer: string | null;
  end: LoopEnd['kind'];
  verdicts: EvalVerdict[];
  notes: string[];
  /** What the model's turns cost; absent for a model whose cost means nothing (a script). */
  cost?: ModelCost;
  /** The run's whole conversation as the agent panel shows one (the Evals tab opens a failing run with it). */
  transcript: AgentMessage[];
}

export interface EvalResult {
  path: string;
  name: string;
  profile: EvalProfile;
  expected: string;
  runs: EvalRun[];
  passedRuns: number;
  rate: number;
  minPassRate: number;
  /** The rate meets the threshold. */
  passed: boolean;
  durationMs: number;
}

export interface RunOptions {
  /** Overrides every case's runs (`--runs N`). */
  runs?: number;
  /** Overrides every case's threshold (`--min-pass-rate R`). */
  minPassRate?: number;
  signal?: AbortSignal;
  /** Keep no cost (a scripted model answers at once and counts no tokens). */
  untimed?: boolean;
  /** After each run: how many are done of how many. */
  onProgress?(done: number, total: number): void;
  /** Before an item's first run. */
  onStart?(item: EvalItem): void;
  /** Each item's result as it is made (a stopped run is not one of its runs). */
  onResult?(result: EvalResult): void;
}

/** The items to run: each case under its profiles, or `fallback` when it names none; `only` keeps one profile. */
export function itemsOf(files: readonly ReadEvalFile[], fallback: EvalProfile, only?: EvalProfile): EvalItem[] {
  return files.flatMap((f) =>
    f.cases.flatMap((evalCase) => {
      const profiles = evalCase.profiles ?? [only ?? fallback];
      return profiles.filter((p) => !only || p === only).map((profile) => ({ path: f.path, evalCase, profile }));
    }),
  );
}

/** The loop's host for a profile: `standard` is told the intent-preserving schema and runs as LCP runs. */
export const agentProfileOf = (p: EvalProfile): AgentProfile => (p === 'standard' ? 'lcp' : p);

const runsOf = (item: EvalItem, o: RunOptions): number => o.runs ?? item.evalCase.runs ?? DEFAULT_RUNS;

/** The conversation before the case's message, as the loop keeps one. */
function historyOf(c: ReadEvalCase, model: string): AgentMessage[] {
  return c.conversation.map((m, i): AgentMessage =>
    m.role === 'user'
      ? { role: 'user', content: m.content }
      : { role: 'assistant', round: i + 1, model, content: m.content, calls: [] },
  );
}

async function oneRun(
  item: EvalItem,
  sent: OpenAiTool[],
  ports: EvalPorts,
  signal: AbortSignal,
  timed: boolean,
): Promise<EvalRun> {
  const c = item.evalCase;
  const model = new TimedModel(ports.model);
  const runner = ports.tools(item.profile);
  const history = historyOf(c, model.name);
  let messages: AgentMessage[] = [];
  const end = await runAgent(history, c.message, {
    profile: agentProfileOf(item.profile),
    protocol: 'openai',
    model,
    tools: c.execute ? runner : recordedRunner(runner, c.results),
    specs: sent,
    maxTurns: c.maxTurns,
    signal,
    onChange: (m) => (messages = m),
    onFraming: () => {},
  });
  const calls = messages
    .slice(history.length)
    .flatMap((m) => (m.role === 'assistant' ? m.calls.map((x) => ({ name: x.name, argsJson: x.argsJson })) : []));
  const verdicts = judgeRun(c.expect, calls, end);
  const passed = verdicts.every((v) => v.ok);
  return {
    passed,
    calls,
    answer: end.kind === 'final' ? end.answer : null,
    end: end.kind,
    verdicts,
    notes: [],
    ...(timed ? { cost: model.cost } : {}),
    transcript: messages,
  };
}

export async function runEvals(
  items: readonly EvalItem[],
  ports: EvalPorts,
  o: RunOptions = {},
): Promise<EvalResult[]> {
  const signal = o.signal ?? new AbortController().signal;
  const total = items.reduce((n, item) => n + runsOf(item, o), 0);
  const specs = new Map<EvalProfile, OpenAiTool[]>();
  const specsOf = async (p: EvalProfile): Promise<OpenAiTool[]> => {
    const known = specs.get(p) ?? (await ports.specs(p));
    specs.set(p, known);
    return known;
  };
  let diagnostics: Diagnostic[] | null = null;
  let done = 0;
  const results: EvalResult[] = [];
  for (const item of items) {
    if (signal.aborted) break;
    const started = performance.now();
    o.onStart?.(item);
    const sent = await specsOf(item.profile);
    const runs: EvalRun[] = [];
    for (let i = 0; i < runsOf(item, o) && !signal.aborted; i++) {
      const run = await oneRun(item, sent, ports, signal, !o.untimed);
      // Stop ended it midway: no verdict on a run that did not finish.
      if (signal.aborted) break;
      // Notes need the standard schema and the diagnostics: read once, and only when a run fails.
      if (!run.passed) {
        diagnostics ??= await ports.diagnostics();
        run.notes = argumentNotes(run.verdicts, {
          profile: item.profile,
          sent,
          standard: await specsOf('standard'),
          diagnostics,
        });
      }
      runs.push(run);
      o.onProgress?.(++done, total);
    }
    if (runs.length === 0 && signal.aborted) break;
    const result = resultOf(item, runs, o, performance.now() - started);
    results.push(result);
    o.onResult?.(result);
  }
  return results;
}

function resultOf(item: EvalItem, runs: EvalRun[], o: RunOptions, durationMs: number): EvalResult {
  const passedRuns = runs.filter((r) => r.passed).length;
  const rate = runs.length ? passedRuns / runs.length : 0;
  const minPassRate = o.minPassRate ?? item.evalCase.minPassRate ?? DEFAULT_MIN_PASS_RATE;
  return {
    path: item.path,
    name: item.evalCase.name,
    profile: item.profile,
    expected: expectedText(item.evalCase.expect),
    runs,
    passedRuns,
    rate,
    minPassRate,
    // A tiny tolerance: 7 of 10 meets 0.7 whatever the float division makes of it.
    passed: runs.length > 0 && rate + 1e-9 >= minPassRate,
    durationMs: Math.round(durationMs),
  };
}
