// Evals in the browser: an eval file with three cases, shared as a link (so it opens in review
// mode, where no eval runs), run once trusted from the Evals tab against the tool-picking server on
// 127.0.0.1 (an OpenAI-compatible server that fills arguments from the schema it is sent) under two
// profiles, N runs each: per-case pass rates, the lcp argument error tied to LCP001 (`List[int]` told
// as `integer`), a failing run opened in the Agent panel and saved from there as a new case that runs;
// Stop; the link carries the eval file, never the key.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { seriousViolations } from './axe.ts';
import { appReady, assert } from './ui-helpers.ts';
import { decodeLink, encodeLink } from '../../src/share/codec.ts';
import type { SharedWorkspace } from '../../src/share/payload.ts';
import { DEFAULT_AGENT } from '../../src/agent/settings.ts';
import { startPickingServer, type PickingServer } from '../support/tool-picking-server.ts';
import { SUMS_EVALS, SUMS_TOOL } from '../support/sums-evals.ts';

const MATHS = SUMS_TOOL;

const SUMS = 'evals/sums.toolplay-eval.json';
const EVALS = JSON.stringify(SUMS_EVALS, null, 2);

const enc = new TextEncoder();
const linkTo = (server: PickingServer, base: string): string => {
  const ws: SharedWorkspace = {
    name: 'Sums',
    files: new Map([
      ['tools/maths.py', enc.encode(MATHS)],
      [SUMS, enc.encode(EVALS)],
    ]),
    folders: [],
    profile: null,
    // Monaco dims the line number after a final newline below AA contrast (not this test's subject): open the eval file, which has none.
    open: SUMS,
    call: null,
    host: {},
    telemetry: [],
    agent: { ...DEFAULT_AGENT, model: 'endpoint', baseUrl: server.url, modelName: 'picker' },
  };
  return encodeLink(ws, base).link;
};

const review = (page: Page) => page.getByRole('region', { name: 'Review mode' });
const panel = (page: Page) => page.getByRole('region', { name: 'Evals', exact: true });
const summary = (page: Page) => panel(page).getByRole('status', { name: 'Eval summary' });
const progress = (page: Page) => panel(page).getByRole('status', { name: 'Eval progress' });
const table = (page: Page) => panel(page).getByRole('table', { name: `Pass rates of ${SUMS}` });
/** The cell of a case under a profile (the table's columns: Case, standard, lcp). */
const cell = (page: Page, name: string, column: 1 | 2) =>
  table(page)
    .getByRole('row', { name: new RegExp(`^Run ${name}`) })
    .getByRole('cell')
    .nth(column - 1);

/** Waits until the server has been asked `n` times (the page's requests reach it asynchronously). */
async function asked(server: PickingServer, n: number): Promise<void> {
  const until = Date.now() + 60_000;
  while (server.received.length < n) {
    if (Date.now() > until) throw new Error(`the server was asked ${server.received.length} times, not ${n}`);
    await new Promise((r) => setImmediate(r));
  }
}

/** Opens the link, sees review mode refuse, trusts it, and shows the Evals tab. */
async function openTrusted(page: Page, link: string, server: PickingServer): Promise<void> {
  await page.goto(link);
  await review(page).waitFor({ timeout: 60_000 });
  await appReady(page);
  await page.getByRole('tab', { name: 'Evals' }).click();
  await table(page).waitFor();
  // Review mode: no eval runs, the model is never asked.
  await panel(page)
    .getByRole('note')
    .getByText(/^Nothing runs here yet: .*came from a link or file/)
    .waitFor();
  assert(await panel(page).getByRole('button', { name: 'Run all' }).isDisabled(), 'Run all is off in review mode');
  assert(
    await panel(page).getByRole('button', { name: 'Run sums a list' }).isDisabled(),
    'a case does not run in review mode',
  );
  assert(server.received.length === 0, 'the model was not asked');
  await review(page).getByRole('button', { name: 'Trust', exact: true }).click();
  await panel(page).getByRole('note').waitFor({ state: 'detached' });
}

const tests: E2ETest[] = [
  {
    name: 'three cases under two profiles against the local server: pass rates, the LCP001 note, a failing run in the Agent panel saved as eval; review mode ran none',
    async run({ newPage, base }) {
      const server = await startPickingServer('stream');
      try {
        const { page, errors } = await newPage();
        await openTrusted(page, linkTo(server, base), server);
        // A key typed for this endpoint stays in this browser: the link below does not carry it.
        await page.getByRole('tab', { name: /^Agent/ }).click();
        const settings = page.getByRole('button', { name: 'Model settings' });
        if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
        await page.getByLabel('API key').fill('sk-evals-e2e');
        await page.getByRole('tab', { name: 'Evals' }).click();

        server.hold();
        await panel(page).getByRole('button', { name: 'Run all' }).click();
        await progress(page).getByText('0 of 18 runs done').waitFor();
        await asked(server, 1);
        server.release();
        await summary(page).filter({ hasText: '5 passed, 1 failed' }).waitFor({ timeout: 120_000 });

        const rate = async (name: string, column: 1 | 2) => (await cell(page, name, column).textContent())?.trim();
        assert((await rate('sums a list', 1))?.includes('3/3 runs passed (100%, needs 100%)'), 'standard: 3/3');
        assert((await rate('sums a list', 2))?.includes('0/3 runs passed (0%, needs 100%)'), 'lcp: 0/3');
        // The streamed usage chunks: a call and an answer, 20 + 5 tokens each.
        assert((await rate('sums a list', 1))?.includes('50 tokens per run'), 'the tokens the endpoint reported');
        for (const name of ['no tool for a greeting', 'answers with the recorded total'])
          for (const column of [1, 2] as const)
            assert((await rate(name, column))?.includes('3/3 runs passed (100%, needs 100%)'), `${name}: 3/3`);

        const failure = panel(page).getByRole('region', { name: 'Failing runs of sums a list (lcp)' });
        const text = (await failure.textContent()) ?? '';
        for (const want of [
          'Expected: a call of tool_sum; values: {"type":"array"}; at least 1 tool call',
          'Run 1 made:',
          'tool_sum({"values":3})',
          'argument values is an array',
          'lcp told the model `values` of tool_sum is integer, where the standard schema says array: LCP001',
          '`values: List[int]`',
        ])
          assert(text.includes(want), `the failure shows ${want}: ${text}`);
        const violations = await seriousViolations(page);
        assert(violations.length === 0, `axe: the Evals tab with results: ${violations.join('; ')}`);

        await failure.getByRole('button', { name: 'Open run 1 in the Agent panel' }).click();
        const saved = page.getByRole('region', { name: 'Saved run' });
        await saved.getByText('sums a list (lcp), run 1: failed').waitFor();
        const chat = page.getByRole('log', { name: 'Agent conversation' });
        await chat.getByText('Please sum these numbers').waitFor();
        await chat.getByText('tool_sum').first().waitFor();

        // Save as eval from that conversation: the call's argument as a matcher, edited into "a list".
        await page.getByRole('button', { name: 'Save as eval' }).click();
        const form = page.getByRole('form', { name: 'Save as eval' });
        const caseBox = form.getByRole('textbox', { name: /^The case/ });
        const proposed = await caseBox.inputValue();
        assert(
          proposed.includes('"tool": "tool_sum"') &&
            proposed.includes('"equals": 3') &&
            proposed.includes('"calls": 1'),
          `the case proposes the call as made: ${proposed}`,
        );
        await caseBox.fill(proposed.replace('"equals": 3', '"type": "array"'));
        await form.getByRole('button', { name: 'Save in evals/agent.toolplay-eval.json' }).click();
        await page.getByRole('status').filter({ hasText: 'Saved in evals/agent.toolplay-eval.json' }).waitFor();
        await saved.getByRole('button', { name: 'Back to your conversation' }).click();
        await saved.waitFor({ state: 'detached' });
        await page.getByLabel('Message to the model').waitFor();
        // The saved case runs from the Evals tab like any other (one run: the lcp integer again).
        await page.getByRole('tab', { name: 'Evals' }).click();
        const savedFile = panel(page).getByRole('region', { name: 'Eval file evals/agent.toolplay-eval.json' });
        await savedFile.getByRole('button', { name: 'Run file' }).click();
        await summary(page).filter({ hasText: '0 passed, 1 failed' }).waitFor({ timeout: 60_000 });
        await savedFile.getByRole('region', { name: 'Failing runs of Please sum these numbers (lcp)' }).waitFor();

        // The eval file travels in the workspace's link; the key never does.
        await page.getByRole('button', { name: 'Share', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Share this workspace' });
        const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
        const shared = decodeLink(link);
        const carried = new TextDecoder().decode(shared.files.get(SUMS));
        assert(
          carried === EVALS,
          `the link carries the eval file: ${JSON.stringify([...shared.files.keys()])} ${JSON.stringify(carried.slice(0, 200))}`,
        );
        assert(shared.agent?.baseUrl === server.url, 'and the model settings');
        assert(!decodeURIComponent(link).includes('sk-evals'), 'the key is not in the link');
        assert(
          !JSON.stringify({ ...shared, files: [...shared.files.keys()] }).includes('sk-evals'),
          'nor in its payload',
        );
        assert(errors.length === 0, errors.join('\n'));
      } finally {
        server.release();
        await server.close();
      }
    },
  },
  {
    name: 'Stop ends a batch while the model thinks: no result for it, the rest never start, and Run all works again',
    async run({ newPage, base }) {
      const server = await startPickingServer('json');
      try {
        const { page, errors } = await newPage();
        await openTrusted(page, linkTo(server, base), server);
        server.hold();
        await panel(page).getByRole('button', { name: 'Run all' }).click();
        await asked(server, 1);
        await progress(page).getByText('sums a list (standard): 0 of 18 runs done').waitFor();
        await panel(page).getByRole('button', { name: 'Stop' }).click();
        await summary(page).filter({ hasText: '0 passed, 0 failed (stopped)' }).waitFor({ timeout: 30_000 });
        server.release();
        assert(server.received.length === 1, `asked once: ${server.received.length}`);
        assert(
          (await cell(page, 'sums a list', 1).textContent())?.trim() === 'not run',
          'no result for the stopped run',
        );
        await panel(page).getByRole('button', { name: 'Run sums a list' }).click();
        await summary(page).filter({ hasText: '1 passed, 1 failed' }).waitFor({ timeout: 60_000 });
        assert(errors.length === 0, errors.join('\n'));
      } finally {
        server.release();
        await server.close();
      }
    },
  },
];

export default tests;
