// Arguments reach Python exactly as written (contract 2): a number written 2.0, in the JSON editor
// or in a form field, arrives in the tool as the float 2.0, not as the integer 2.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { appReady, assert, runAndWait, tools } from './ui-helpers.ts';
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
    name: 'a number written 2.0 in the JSON editor or typed 3.0 in the form reaches the tool as a float, as written',
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

      await page.getByLabel('Arguments (JSON)').fill('{"query": 1}');
      await page.getByRole('spinbutton', { name: /^query/ }).fill('3.0');
      const typed = await runAndWait(page);
      assert(typed.includes('Finished'), `form call: ${typed}`);
      await result(page).getByText('type=float value=3.0').first().waitFor();
      assert(errors.length === 0, errors.join('\n'));
    },
  },
];
export default tests;
