// Accessibility and layout of the workbench in both themes and at small sizes: axe-core finds no
// serious or critical violation, nothing overflows sideways, the theme is remembered and the
// editor follows it.
import type { Page } from 'playwright-core';
import type { E2ETest } from './harness.ts';
import { seriousViolations } from './axe.ts';
import {
  appReady,
  assert,
  callStatus,
  openApp,
  openExample,
  prepareCall,
  runAndWait,
  setEditorText,
  tools,
  treeItem,
} from './ui-helpers.ts';

async function noSeriousViolations(page: Page, where: string): Promise<void> {
  const found = await seriousViolations(page);
  assert(found.length === 0, `${where}:\n${found.join('\n')}`);
}

/**
 * Switches the system colour scheme and waits until the app follows it (the media query reports it
 * a frame later) and any transition has ended, so colours are measured as they settle.
 */
async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished),
    ),
  );
}

/** How far the page, or any element that does not scroll by itself, reaches past the window's right edge. */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`page: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1) continue;
      // Inside a scroller (the editor, a long spec), content may be wider: the scroller clips it.
      let clipped = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (/(auto|scroll|hidden|clip)/.test(style.overflowX) && p.getBoundingClientRect().right <= width + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped) out.push(`${el.tagName.toLowerCase()}.${el.className} right=${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
}

const LONG_LIBRARY = `TOOL_LIBRARY_NAME = "An extraordinarily long library name that keeps going well past any column width"
TOOL_LIBRARY_DESC = "Tools with long names."
TOOL_LIBRARY_ICON = "🧪"

def tool_with_a_name_long_enough_to_push_any_column_past_the_right_edge_of_a_projector(query_with_a_long_name: str) -> dict:
    """Does nothing, at length.

    Args:
        query_with_a_long_name: A parameter whose name and description are long too, so they have to wrap in the form.
    """
    return {"success": True}
`;

const tests: E2ETest[] = [
  {
    name: 'axe finds no serious or critical violation on the workbench, the shortcuts dialog and the narrow layout, in both themes',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await prepareCall(page, 'tool_write_note', { path: 'notes/a11y.md', text: 'checked' });
      await runAndWait(page);
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        await page.setViewportSize({ width: 1440, height: 900 });
        await tools(page).getByRole('button', { name: 'tool_write_note', exact: true }).waitFor();
        await noSeriousViolations(page, `workbench, ${scheme}`);
        await page.getByRole('button', { name: 'Shortcuts' }).click();
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        await noSeriousViolations(page, `shortcuts dialog, ${scheme}`);
        await page.keyboard.press('Escape');
        await page.setViewportSize({ width: 800, height: 900 });
        await page.getByRole('tablist', { name: 'Panes' }).waitFor(); // the narrow layout is in place
        for (const pane of ['Files', 'Tools', 'Call', 'Telemetry']) {
          await page.getByRole('tab', { name: pane }).click();
          await noSeriousViolations(page, `narrow ${pane}, ${scheme}`);
        }
        await page.getByRole('tab', { name: 'Editor' }).click();
      }
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'axe finds no serious or critical violation in the Share dialog and the Lessons, Examples, Diff, Evals and Agent panels, in both themes',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      const views: Array<[string, () => Promise<void>]> = [
        [
          'Lessons',
          async () => {
            await page.getByRole('tab', { name: 'Lessons' }).click();
            await page.getByRole('button', { name: 'Check' }).waitFor();
          },
        ],
        [
          'Examples',
          async () => {
            await page.getByRole('tab', { name: 'Examples' }).click();
            await page.getByLabel('Search examples').waitFor();
          },
        ],
        [
          'Diff',
          async () => {
            await page.getByRole('tab', { name: 'Diff' }).click();
            await page.getByLabel('Compare with').waitFor();
          },
        ],
        [
          'Evals',
          async () => {
            await page.getByRole('tab', { name: 'Evals' }).click();
            await page.getByRole('region', { name: 'Evals', exact: true }).getByText('No evals yet.').waitFor();
          },
        ],
        [
          'Agent',
          async () => {
            await page.getByRole('tab', { name: 'Agent', exact: true }).click();
            await page.getByRole('button', { name: 'Send' }).waitFor();
          },
        ],
      ];
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        for (const [name, open] of views) {
          await open();
          await noSeriousViolations(page, `${name}, ${scheme}`);
        }
        await page.getByRole('button', { name: 'Share', exact: true }).click();
        const share = page.getByRole('dialog', { name: 'Share this workspace' });
        await share.getByRole('textbox', { name: 'Share link' }).waitFor();
        await noSeriousViolations(page, `Share dialog, ${scheme}`);
        await page.keyboard.press('Escape');
        await share.waitFor({ state: 'detached' });
      }
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: "axe finds no serious or critical violation in the welcome, the header's menus, a SQLite file's tables, a lesson's check results and a conversation, in both themes",
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await page.getByRole('region', { name: 'Welcome to toolplay.' }).waitFor();
      const header: Array<[string, () => Promise<void>]> = [
        ['welcome', async () => {}],
        [
          'workspace menu',
          async () => {
            await page.getByRole('button', { name: 'Workspace actions' }).click();
            await page.getByRole('toolbar', { name: 'Workspace actions' }).waitFor();
          },
        ],
        [
          'Open link or file',
          async () => {
            await page.keyboard.press('Escape');
            await page.getByRole('button', { name: 'Open link or file' }).click();
            await page.getByRole('form', { name: 'Open a shared workspace' }).waitFor();
          },
        ],
      ];
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        for (const [name, open] of header) {
          await open();
          await noSeriousViolations(page, `${name}, ${scheme}`);
        }
        await page.keyboard.press('Escape');
      }
      await openExample(page, 'lcp-database-ops', 'tool_execute_query');
      await treeItem(page, 'shop.db').click();
      await page.getByRole('table', { name: 'Table customers' }).waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: 'Lessons' }).click();
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await page.getByRole('list', { name: 'Check results' }).waitFor({ timeout: 60_000 });
      await page.getByRole('tab', { name: /^Agent/ }).click();
      await page.getByLabel('Message to the model').fill('List the customers.');
      await page
        .getByRole('textbox', { name: 'Script' })
        .fill(
          '[{"call": "tool_execute_query", "args": {"database_name": "shop.db", "query": "SELECT name FROM customers"}}, {"say": "They are: {{last_result}}"}]',
        );
      await page.getByRole('button', { name: 'Send' }).click();
      await page
        .getByRole('log', { name: 'Agent conversation' })
        .getByText(/^They\s+are:/)
        .waitFor({ timeout: 30_000 });
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        await noSeriousViolations(page, `SQLite tables, check results and a conversation, ${scheme}`);
      }
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'axe finds no serious or critical violation in the larger difference view, a confirmation and the Loki view, in both themes',
    async run({ newPage, base }) {
      const { page, errors } = await newPage();
      await openApp(page, base);
      await tools(page).getByLabel('Profile').selectOption('hub');
      await tools(page).getByText('Differs from lcp').first().waitFor();
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        await tools(page).getByRole('button', { name: 'Open the whole difference' }).first().click();
        const roomy = page.getByRole('dialog', { name: /: lcp → hub$/ });
        await roomy.waitFor();
        await noSeriousViolations(page, `difference view, ${scheme}`);
        await page.keyboard.press('Escape');
        await roomy.waitFor({ state: 'detached' });
      }
      await openExample(page, 'confirm-autonomy', 'tool_run_file_command');
      await prepareCall(page, 'tool_run_file_command', { command: 'rm docs/old.txt' });
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('dialog').waitFor({ timeout: 20_000 });
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        await noSeriousViolations(page, `confirmation, ${scheme}`);
      }
      await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
      // Rejected, the tool returns success: false, which the host reports as a failure.
      await callStatus(page)
        .filter({ hasText: /^Tool\s+failed\s+tool_run_file_command/ })
        .waitFor({ timeout: 20_000 });
      await openExample(page, 'loki-tools', 'word_count');
      await tools(page)
        .getByText(/Loki\s+starts\s+with/)
        .waitFor({ timeout: 20_000 });
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        await noSeriousViolations(page, `Loki view, ${scheme}`);
      }
      assert(errors.length === 0, errors.join('\n'));
    },
  },
  {
    name: 'at 1024×768 and at 800×900 nothing overflows sideways, even with very long names, and long names show in full on hover',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await page.setViewportSize({ width: 1024, height: 768 });
      await openApp(page, base);
      const path = 'tools/a_library_file_with_a_remarkably_long_name_for_the_tree.py';
      await page.getByRole('button', { name: 'New file' }).click();
      await page.getByLabel('New file path').fill(path);
      await page.getByRole('button', { name: 'OK' }).click();
      await setEditorText(page, LONG_LIBRARY);
      const longTool = 'tool_with_a_name_long_enough_to_push_any_column_past_the_right_edge_of_a_projector';
      await tools(page).getByRole('button', { name: longTool, exact: true }).click();
      assert((await treeItem(page, path).getAttribute('title')) === path, 'the tree shows the full path on hover');
      for (const [width, height] of [
        [1024, 768],
        [800, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        // The layout follows the width once the page has seen it (a media query's change event):
        // until then the wide layout's own Files tab is the one a click would find.
        const switcher = page.getByRole('tablist', { name: 'Panes' });
        await switcher.waitFor({ state: width < 900 ? 'visible' : 'detached' });
        const views = width < 900 ? ['Files', 'Editor', 'Telemetry', 'Tools', 'Call'] : [''];
        for (const view of views) {
          if (view) await page.getByRole('tab', { name: view }).click();
          const over = await sidewaysOverflow(page);
          assert(over.length === 0, `${width}×${height} ${view}: ${over.join('\n')}`);
        }
      }
    },
  },
  {
    name: 'the theme follows the system, a pick is remembered across reloads, and the editor follows it',
    async run({ newPage, base }) {
      const { page } = await newPage();
      await page.emulateMedia({ colorScheme: 'dark' });
      await openApp(page, base);
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      const backgrounds = () =>
        page.evaluate(() => [
          getComputedStyle(document.body).backgroundColor,
          getComputedStyle(document.querySelector('.monaco-editor-background') ?? document.body).backgroundColor,
        ]);
      assert((await theme()) === 'dark', 'follows the system');
      const [dark, editorDark] = await backgrounds();
      assert(dark === editorDark, `editor background ${editorDark} matches the page ${dark}`);
      await page.getByRole('button', { name: 'System theme' }).click();
      await page.getByRole('button', { name: 'Light theme' }).waitFor();
      assert((await theme()) === 'light', 'picked light');
      const [light, editorLight] = await backgrounds();
      assert(light !== dark && light === editorLight, `light page ${light}, editor ${editorLight}`);
      await page.reload();
      await appReady(page);
      assert((await theme()) === 'light', 'the pick survives a reload (over a dark system)');
      await page.getByRole('button', { name: 'Light theme' }).waitFor();
    },
  },
];
export default tests;
