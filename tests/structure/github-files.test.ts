// The repository's GitHub files: action.yml (the toolplay Action), the workflows under
// .github/workflows and the example workflows in docs/ci.md, each valid against SchemaStore's schema
// for its kind (github-action.json, github-workflow.json, as @action-validator/core ships them), and
// held to what keeps them safe: no expression inside a `run:` script (inputs reach scripts as
// environment variables), every input of the Action reaching its script, actions pinned to a major tag.
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateAction, validateWorkflow, type ValidationState } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (rel: string): string => readFileSync(join(ROOT, rel), 'utf8');
const ACTION = read('action.yml');
const SCRIPT = '.github/action/run.sh';
const WORKFLOWS = readdirSync(join(ROOT, '.github/workflows'))
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => ({ name: `.github/workflows/${f}`, text: read(`.github/workflows/${f}`) }));
/** docs/ci.md's ```yaml blocks that are whole workflows. */
const DOC_WORKFLOWS = [...read('docs/ci.md').matchAll(/```yaml\n([\s\S]*?)```/g)]
  .map((m) => m[1] ?? '')
  .filter((text) => /^on:/m.test(text) && /^jobs:/m.test(text))
  .map((text, i) => ({ name: `docs/ci.md workflow ${i + 1}`, text }));

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string };
  jobs: Record<string, { needs?: string; permissions?: Record<string, string>; steps: Step[] }>;
}

/** The schema's complaints, flattened to `path: title (detail)` lines for a readable failure. */
function complaints(state: ValidationState): string[] {
  return state.errors.flatMap((e) => {
    const own = `${'path' in e ? e.path : ''}: ${e.title}${e.detail ? ` (${e.detail})` : ''}`;
    const nested =
      'states' in e && e.states ? e.states.flatMap((s) => complaints({ ...s, actionType: state.actionType })) : [];
    return [own, ...nested];
  });
}

const action = parse(ACTION) as Action;
const workflows = [...WORKFLOWS, ...DOC_WORKFLOWS].map((w) => ({ ...w, parsed: parse(w.text) as Workflow }));
/** Every step of the Action and of every workflow, named by where it is. */
const steps: { where: string; step: Step }[] = [
  ...action.runs.steps.map((step, i) => ({ where: `action.yml step ${i + 1}`, step })),
  ...workflows.flatMap((w) =>
    Object.entries(w.parsed.jobs).flatMap(([job, j]) =>
      j.steps.map((step, i) => ({ where: `${w.name} job ${job} step ${i + 1}`, step })),
    ),
  ),
];

describe('GitHub files against SchemaStore', () => {
  it('there are files to check: the Action, the Pages workflow, the workflow docs/ci.md shows', () => {
    expect(WORKFLOWS.map((w) => w.name)).toContain('.github/workflows/pages.yml');
    expect(DOC_WORKFLOWS.length).toBeGreaterThan(0);
  });

  it('action.yml is a valid action', () => {
    expect(complaints(validateAction(ACTION))).toEqual([]);
  });

  it.each([...WORKFLOWS, ...DOC_WORKFLOWS].map((w) => [w.name, w.text]))('%s is a valid workflow', (_, text) => {
    expect(complaints(validateWorkflow(text))).toEqual([]);
  });

  it('the validator refuses a broken action and a broken workflow (the checks above can fail)', () => {
    expect(complaints(validateAction(ACTION.replace('shell: bash', '')))).not.toEqual([]);
    const pages = WORKFLOWS.find((w) => w.name.endsWith('pages.yml'))?.text ?? '';
    expect(
      complaints(validateWorkflow(pages.replace(/runs-on: ubuntu-latest/g, 'runs-where: ubuntu-latest'))),
    ).not.toEqual([]);
  });
});

describe('GitHub files are safe to run', () => {
  it('no run: script holds an expression: inputs and event data reach scripts as environment variables', () => {
    const scripts = steps.filter(({ step }) => typeof step.run === 'string');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(({ step }) => step.run?.includes('${{')).map(({ where }) => where)).toEqual([]);
    expect(scripts.filter(({ step }) => step.run?.includes('inputs.')).map(({ where }) => where)).toEqual([]);
  });

  it('every action used is pinned to a major tag', () => {
    const used = steps.flatMap(({ step }) => (step.uses && !step.uses.startsWith('./') ? [step.uses] : []));
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((u) => !/^[\w.-]+\/[\w.-]+(\/[\w.-]+)*@v\d+$/.test(u))).toEqual([]);
  });

  it('the Action runs its script with every input as an INPUT_ variable, and the script reads each', () => {
    const run = action.runs.steps.find((s) => s.run !== undefined);
    expect(run?.run?.trim()).toBe(`"$GITHUB_ACTION_PATH/${SCRIPT}"`);
    const mapped = Object.keys(action.inputs)
      .filter((name) => name !== 'node-version')
      .map((name) => [`INPUT_${name.toUpperCase().replaceAll('-', '_')}`, `\${{ inputs.${name} }}`]);
    expect(Object.entries(run?.env ?? {}).sort()).toEqual(mapped.sort());
    const script = read(SCRIPT);
    const readByScript = [...new Set(script.match(/\bINPUT_[A-Z_]+/g))].sort();
    expect(readByScript).toEqual(mapped.map(([variable]) => variable).sort());
    // node-version goes to actions/setup-node, the one step before.
    expect(action.runs.steps[0]?.uses).toMatch(/^actions\/setup-node@/);
    expect(action.runs.steps[0]?.with?.['node-version']).toBe('${{ inputs.node-version }}');
  });

  it('the run script exists and is executable', () => {
    expect(() => accessSync(join(ROOT, SCRIPT), constants.X_OK)).not.toThrow();
    expect(read(SCRIPT).startsWith('#!/usr/bin/env bash\n')).toBe(true);
  });
});

describe('the Pages workflow', () => {
  const pages = workflows.find((w) => w.name === '.github/workflows/pages.yml')?.parsed;

  it('deploys main (and on request), one deployment at a time, with only the permissions Pages needs', () => {
    expect(pages?.on).toEqual({ push: { branches: ['main'] }, workflow_dispatch: null });
    expect(pages?.concurrency?.group).toBe('pages');
    expect(pages?.permissions).toEqual({ contents: 'read' });
    expect(pages?.jobs.deploy?.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
  });

  it('builds dist/ from a clean install and deploys that artifact', () => {
    const build = pages?.jobs.build?.steps ?? [];
    const runs = build.flatMap((s) => (s.run ? [s.run] : []));
    expect(runs).toEqual(['npm ci', 'npm run build']);
    expect(build.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))?.with).toEqual({ path: 'dist' });
    expect(pages?.jobs.deploy?.needs).toBe('build');
    expect(pages?.jobs.deploy?.steps.map((s) => s.uses)).toEqual([expect.stringMatching(/^actions\/deploy-pages@/)]);
  });
});
