import { resolve } from 'node:path';
import { createServer } from 'vite';
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
  {
    // `npm run dev` has no compiled engine bundle: the worker takes the sources as Vite serves them.
    name: 'the dev server runs the app too (engine from sources, tools listed)',
    async run({ newPage }) {
      const server = await createServer({
        root: resolve(import.meta.dirname, '../..'),
        logLevel: 'error',
        server: { port: 0, host: '127.0.0.1' },
      });
      try {
        await server.listen();
        const url = server.resolvedUrls?.local[0];
        if (!url) throw new Error('the dev server has no local URL');
        const { page, errors } = await newPage();
        await page.goto(url);
        await waitForPython(page, 120_000);
        await page
          .getByRole('region', { name: 'Tools' })
          .getByRole('button', { name: /^tool_/ })
          .first()
          .waitFor();
        if (errors.length) throw new Error(errors.join('\n'));
      } finally {
        await server.close();
      }
    },
  },
];
export default tests;
