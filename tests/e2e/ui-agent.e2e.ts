// The agent panel end to end: a scripted conversation whose tool asks for a confirmation, the hub's
// framing in the telemetry, the conversation surviving a reload; and a real local endpoint.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { appReady, assert, openApp, openExample, telemetry, treeItem } from './ui-helpers.ts';
import { chunk, httpError, startChatServer, stream } from '../support/chat-server.ts';

const chatLog = (page: Page) => page.getByRole('log', { name: 'Agent conversation' });

async function openAgent(page: Page): Promise<void> {
  await page.getByRole('tab', { name: /^Agent/ }).click();
  await page.getByRole('region', { name: 'Agent panel' }).waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Message to the model').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const SCRIPT = JSON.stringify([
  { call: 'tool_run_file_command', args: { command: 'write docs/agent.md hello from the agent' } },
  { if_error: { say: 'Refused: {{last_result}}' }, else: { say: 'Wrote it: {{last_result}}' } },
]);

const tests: E2ETest[] = [
  {
    name: 'a scripted conversation runs through the UI, a confirmation is answered, the hub framing is in the telemetry, and it survives a reload',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await openExample(page, 'confirm-autonomy', 'tool_run_file_command');
      await openAgent(page);

      await page.getByRole('textbox', { name: 'Script' }).fill('[{"call": "tool_run_file_command", "args": 3}]');
      await page
        .getByRole('list', { name: 'Script problems' })
        .getByText('line 1, column 44: turn 1: "args" must be a JSON object', { exact: false })
        .waitFor();
      assert(await page.getByRole('button', { name: 'Send' }).isDisabled(), 'Send waits for a valid script');

      await page.getByRole('textbox', { name: 'Script' }).fill(SCRIPT);
      await send(page, 'Write a note in docs/agent.md');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 30_000 });
      assert(
        (await dialog.textContent())?.includes('write docs/agent.md hello from the agent'),
        'the popup shows the command',
      );
      await dialog.getByRole('button', { name: 'Allow' }).click();
      const answer = 'Wrote it: {"output":"wrote docs/agent.md","status_code":200,"success":true}';
      await chatLog(page).getByText(answer).waitFor({ timeout: 30_000 });
      await treeItem(page, 'docs/agent.md').waitFor();

      await chatLog(page).getByText('tool_run_file_command').click();
      await chatLog(page).getByText('Sent back to the model').waitFor();
      await chatLog(page).getByText('🛡️ Running a file command: "write docs/agent.md hello from the agent"').waitFor();

      await page.getByLabel('Telemetry view').selectOption('ndjson');
      const wire = (await telemetry(page).getByLabel('Wire').textContent()) ?? '';
      const pieces = wire
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { message: { content: string } }).message.content);
      const expected = [
        '<processing type="tool_execution" title="Agent Loop" round="1">\n',
        '</processing>\n',
        '🛡️ Running a file command: "write docs/agent.md hello from the agent"\n',
        '<processing type="tool_execution" title="Agent Loop" round="2">\n',
        '</processing>\n',
        '* Task finalized by scripted.\n',
      ];
      assert(JSON.stringify(pieces) === JSON.stringify(expected), `wire pieces: ${JSON.stringify(pieces)}`);
      await page.getByLabel('Telemetry view').selectOption('events');

      await page.reload();
      await appReady(page);
      await openAgent(page);
      await chatLog(page)
        .getByText(answer)
        .waitFor({ timeout: 20_000 })
        .catch(async (e: unknown) => {
          // Failed once in a loaded CI-like run and never since: say what the page showed instead.
          const shown = await chatLog(page)
            .textContent()
            .catch(() => '(no conversation)');
          const workspace = await page
            .getByRole('combobox', { name: 'Workspace' })
            .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '')
            .catch(() => '(unknown)');
          throw new Error(
            `after the reload the conversation shows ${JSON.stringify(shown?.slice(0, 300))} in workspace ${workspace}: ${String(e)}`,
          );
        });
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'an OpenAI-compatible endpoint on this machine drives the tools (CORS under cross-origin isolation); its key stays in this browser',
    async run({ newPage, base }) {
      const server = await startChatServer([
        stream(
          chunk({ role: 'assistant', content: '' }),
          chunk({
            tool_calls: [
              {
                index: 0,
                id: 'call_q',
                type: 'function',
                function: { name: 'tool_search_wikipedia', arguments: '{"query": ' },
              },
            ],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '"Quantum Computing"}' } }] }),
          chunk({}, 'tool_calls'),
        ),
        stream(chunk({ content: 'Quantum Computing ' }), chunk({ content: 'is in the encyclopedia.' }, 'stop')),
        httpError(401, 'Incorrect API key provided'),
      ]);
      try {
        const { page, errors } = await newPage();
        await openApp(page, base);
        await openAgent(page);
        await page.getByLabel('Model', { exact: true }).selectOption('endpoint');
        await page.getByLabel('Base URL').fill(server.url);
        await page.getByLabel('Model name').fill('local-test');
        await page.getByLabel('API key').fill('sk-e2e');
        await send(page, 'What do you know about quantum computing?');
        await chatLog(page).getByText('Quantum Computing is in the encyclopedia.').waitFor({ timeout: 30_000 });
        const [first, second] = server.received;
        assert(first?.headers.authorization === 'Bearer sk-e2e', 'the key goes in the Authorization header');
        const tools = (first?.body.tools ?? []) as Array<{ function: { name: string } }>;
        assert(
          tools.some((t) => t.function.name === 'tool_search_wikipedia'),
          `tools sent: ${JSON.stringify(tools)}`,
        );
        const messages = (second?.body.messages ?? []) as Array<{
          role: string;
          tool_call_id?: string;
          content: string;
        }>;
        assert(
          messages.some(
            (m) => m.role === 'tool' && m.tool_call_id === 'call_q' && m.content.includes('Quantum Computing'),
          ),
          `second request: ${JSON.stringify(messages)}`,
        );

        await send(page, 'again');
        await chatLog(page)
          .getByRole('alert')
          .getByText(
            /refused\s+the\s+request\s+\(401\s+Unauthorized\):\s+check\s+the\s+API\s+key:\s+Incorrect\s+API\s+key\s+provided/,
          )
          .waitFor({ timeout: 20_000 });

        const stored = await page.evaluate(() =>
          Object.keys(localStorage).filter((k) => k.startsWith('toolplay.apiKey:')),
        );
        assert(stored.length === 1, `one key stored: ${JSON.stringify(stored)}`);
        // Sending folded the model settings away (the conversation has the room): open them again.
        await page.getByRole('button', { name: 'Model settings' }).click();
        await page.getByRole('button', { name: 'Forget API key' }).click();
        assert((await page.getByLabel('API key').inputValue()) === '', 'the field is empty');
        assert(
          (await page.evaluate(
            () => Object.keys(localStorage).filter((k) => k.startsWith('toolplay.apiKey:')).length,
          )) === 0,
          'the key is gone',
        );
        assert(errors.length === 0, errors.join('\n'));
      } finally {
        await server.close();
      }
    },
  },
];

export default tests;
