import type { E2ETest } from './harness.ts';
import { waitForPython } from './harness.ts';

const tests: E2ETest[] = [
  {
    name: 'the built app loads Python from its own files',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await page.goto(base);
      await waitForPython(page);
      if (errors.length) throw new Error(errors.join('\n'));
    },
  },
];
export default tests;
