// Arguments reach Python exactly as written (contract 2): a number written 2.0, in the JSON editor
// or in a form field, arrives in the tool as the float 2.0, not as the integer 2.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { appReady, assert, runAndWait, telemetry, tools } from './ui-helpers.ts';
import { seedWorkspace } from './worker-support.ts';

const ECHO = `def tool_echo(query: float) -> dict:
    """Says what arrived.

    Args:
        query (float): Anything.
    """
    return {"success": True, "output": f"type={type(query).__name__} value={query!r}"}
`;
const result = (page: Page) => page.getByRole('region', { name: 'Result' });

const tests: E2ETest[] = [
  {
    name: 'a number written 2.0 in the JSON editor, or typed in the form (3.0, 1e20, -0.0, a 20-digit integer), reaches the tool as written',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await seedWorkspace(page, base, { 'tools/echo.py': ECHO });
      await page.goto(base);
      await appReady(page);
      await tools(page).getByRole('button', { name: 'tool_echo', exact: true }).click();

      await page.getByLabel('Arguments (JSON)').fill('{"query": 2.0}');
      const raw = await runAndWait(page);
      assert(raw.includes('Finished'), `raw JSON call: ${raw}`);
      await result(page).getByText('type=float value=2.0').first().waitFor();
      // The telemetry shows the arguments as they were sent, 2.0 included.
      await telemetry(page).getByText('tool_echo {"query": 2.0}', { exact: true }).waitFor();

      await page.getByLabel('Arguments (JSON)').fill('{"query": 1}');
      await page.getByRole('spinbutton', { name: /^query/ }).fill('3.0');
      const typed = await runAndWait(page);
      assert(typed.includes('Finished'), `form call: ${typed}`);
      await result(page).getByText('type=float value=3.0').first().waitFor();

      // Typed key by key, as a person does: the field keeps the text as typed (never rewritten
      // mid-typing), the JSON shows it as written, and the tool gets exactly that number.
      const field = page.getByRole('spinbutton', { name: /^query/ });
      for (const [typedText, python] of [
        ['1e20', 'type=float value=1e+20'],
        ['-0.0', 'type=float value=-0.0'],
        ['12345678901234567891', 'type=int value=12345678901234567891'],
      ] as const) {
        await field.fill('');
        await field.pressSequentially(typedText);
        assert(
          (await field.inputValue()) === typedText,
          `the field shows ${typedText} as typed: ${await field.inputValue()}`,
        );
        const json = await page.getByLabel('Arguments (JSON)').inputValue();
        assert(json.includes(`"query": ${typedText}`), `the JSON keeps ${typedText}: ${json}`);
        const status = await runAndWait(page);
        assert(status.includes('Finished'), `typed ${typedText}: ${status}`);
        await result(page).getByText(python).first().waitFor();
      }
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'a result shows its numbers as Python wrote them (2.0, 1e+20, a 20-digit integer)',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      const numbers = `def tool_numbers(x: int = 0) -> dict:
    """Numbers JavaScript would rewrite.

    Args:
        x: echoed back
    """
    return {"success": True, "output": [x, 2.0, 1e20, 7]}
`;
      await seedWorkspace(page, base, { 'tools/numbers.py': numbers });
      await page.goto(base);
      await appReady(page);
      await tools(page).getByRole('button', { name: 'tool_numbers', exact: true }).click();
      await page.getByLabel('Arguments (JSON)').fill('{"x": 12345678901234567891}');
      assert((await runAndWait(page)).includes('Finished'), 'the call');
      const tree = result(page).getByLabel('Returned value');
      for (const text of ['12345678901234567891', '2.0', '1e+20', '7'])
        await tree.getByText(text, { exact: true }).waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
];
export default tests;
