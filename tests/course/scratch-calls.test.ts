/**
 * What a lesson check's calls can express beyond one call, with the real engine: the hub's
 * `lollms` store carried from one call to the next (and `persistent=False` not carried), the
 * Initialise button, and calls that install nothing even where the engine has an installer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { ScratchWorkspace } from '../../src/course/scratch-workspace.ts';
import { encodeFiles } from '../../src/course/run-check.ts';
import { resultOf } from '../../src/course/checks/expect.ts';
import { hubAnswer } from '../../src/course/checks/ltp.ts';
import type { EnginePackages } from '../../src/packages/attach.ts';
import type { ScratchCallResult } from '../../src/scratch/scratch.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const NOTES = `def tool_keep(args: dict, lollms=None):
    """Keep a word.

    - word (str): The word.
    """
    lollms.set("kept", args["word"])
    lollms.set("draft", args["word"], persistent=False)
    return f"{lollms.get('kept')} {lollms.get('draft')}"


def tool_read(args: dict, lollms=None):
    """Read the words back."""
    return f"{lollms.get('kept', 'none')} {lollms.get('draft', 'none')}"
`;

const INSTALLS = `def init_tool_library():
    import pipmaster as pm
    pm.ensure_packages({"humanize": ">=4.9.0"})


def tool_size(args: dict):
    """Size.

    - n (int): Bytes.
    """
    import humanize
    return humanize.naturalsize(args["n"])
`;

async function withPort<T>(files: Record<string, string>, use: (port: ScratchWorkspace) => Promise<T>): Promise<T> {
  const port = await ScratchWorkspace.open(host, encodeFiles(files), 'lcp');
  try {
    return await use(port);
  } finally {
    await port.close();
  }
}

const stored = (run: ScratchCallResult) => ('result' in run ? run.hubStore : undefined);

describe("a check's hub calls and the lollms store", () => {
  it('start with an empty store unless given one, hand back what they stored, and carry nothing kept with persistent=False', async () => {
    await withPort({ 'tools/notes.py': NOTES }, async (port) => {
      const kept = await port.call({ tool: 'tool_keep', args: { word: 'tea' }, profile: 'hub' });
      expect(hubAnswer(kept).content).toBe('tea tea');
      expect(stored(kept)).toEqual({ 'notes.py': { kept: 'tea' } });
      expect(hubAnswer(await port.call({ tool: 'tool_read', args: {}, profile: 'hub' })).content).toBe('none none');
      const later = await port.call({ tool: 'tool_read', args: {}, profile: 'hub', hubStore: stored(kept) });
      expect(hubAnswer(later).content).toBe('tea none');
      // Reading changes nothing, so no store comes back.
      expect(stored(later)).toBeUndefined();
    });
  });
});

describe('the Initialise button in a check', () => {
  it('loads the library and runs init_tool_library, or answers 500 when loading fails', async () => {
    await withPort(
      { 'tools/ok.py': INSTALLS, 'tools/top.py': `import humanize\n${INSTALLS.replace('tool_size', 'tool_top')}` },
      async (port) => {
        expect(resultOf(await port.initialise('tools/ok.py'))).toMatchObject({
          status: 200,
          body: { success: true, message: 'Dependencies initialized successfully.' },
        });
        expect(resultOf(await port.initialise('tools/top.py'))).toEqual({
          status: 500,
          body: { error: "No module named 'humanize'" },
        });
      },
    );
  });
});

describe('a check installs nothing', () => {
  it('even where the engine has an installer: what the files import and pipmaster ask for is not installed', async () => {
    const asked: string[] = [];
    const saved = host.engine.packages;
    host.engine.packages = {
      installer: {
        install: async (requirements: readonly string[]) => {
          asked.push(...requirements);
          return { installed: [], failed: requirements.map((requirement) => ({ requirement, message: 'not here' })) };
        },
      },
      guard: { toolCall: () => ({ end() {} }) },
      lock: { providing: () => undefined, get: () => undefined },
      origin: null,
    } as unknown as EnginePackages;
    try {
      const plain =
        'import tabulate\n\n\ndef tool_plain(args: dict):\n    """Plain."""\n    return tabulate.tabulate([[1]])\n';
      await withPort({ 'tools/sizes.py': INSTALLS, 'tools/plain.py': plain }, async (port) => {
        const init = await port.initialise('tools/sizes.py');
        expect(init.output).toContain('Failed to handle package: humanize>=4.9.0');
        await port.call({ tool: 'tool_size', args: { n: 1 }, profile: 'hub' });
        // An import no pipmaster call names is what Run installs first; a check does not.
        expect(hubAnswer(await port.call({ tool: 'tool_plain', args: {}, profile: 'hub' })).content).toBe(
          "Error: No module named 'tabulate'",
        );
        expect(asked).toEqual([]);
        // The same press with the engine's installer (an example's set-up may install): the called file's
        // needs only, and no name only guessed from an import (issue 32 item 8: plain.py's tabulate is
        // neither the called file's nor in the lock), then pipmaster reaches the installer.
        await host.scratchCall({
          base: '/scratch/lesson',
          profile: 'hub',
          toolsDir: 'tools',
          tool: 'init_tool_library',
          args: {},
          init: 'tools/sizes.py',
        });
        expect(asked).toEqual(['humanize>=4.9.0']);
      });
    } finally {
      host.engine.packages = saved;
    }
  });
});

describe('ltp-packages judges as where humanize is missing, even where this Python has it', () => {
  it('fails an import at the top and passes the solution with humanize importable, and leaves it importable', async () => {
    const { COURSE } = await import('../../src/course/bundle.ts');
    const { runLessonCheck } = await import('../../src/course/run-check.ts');
    const lesson = COURSE.find((l) => l.id === 'ltp-packages')!;
    const py = host.engine.py;
    // A stand-in humanize 4.9.0, installed where imports and importlib.metadata find it.
    const dir = '/tmp/fake-site';
    py.FS.mkdirTree(`${dir}/humanize`);
    py.FS.mkdirTree(`${dir}/humanize-4.9.0.dist-info`);
    py.FS.writeFile(`${dir}/humanize/__init__.py`, 'def naturalsize(n):\n    return f"{n} B (stand-in)"\n');
    py.FS.writeFile(
      `${dir}/humanize-4.9.0.dist-info/METADATA`,
      'Metadata-Version: 2.1\nName: humanize\nVersion: 4.9.0\n',
    );
    py.runPython(
      `import sys, importlib\nsys.path.insert(0, ${JSON.stringify(dir)})\nimportlib.invalidate_caches()\nimport humanize`,
    );
    try {
      const top = lesson.solution['tools/sizes.py']!.replace('import os\n', 'import os\n\nimport humanize\n');
      const mistake = await runLessonCheck(host, lesson, encodeFiles({ ...lesson.solution, 'tools/sizes.py': top }));
      // The real button loads it here (humanize is importable); the probe, with humanize missing, does not.
      expect(mistake.items.filter((i) => !i.ok).map((i) => i.text)).toEqual([
        'init_tool_library asks pipmaster for humanize>=4.9.0',
        'The file loads where humanize is not installed (the tool imports it when it runs)',
      ]);
      const solution = await runLessonCheck(host, lesson, encodeFiles(lesson.solution));
      expect(solution.items.filter((i) => !i.ok)).toEqual([]);
      expect(
        py.runPython(
          'import humanize, importlib.metadata\nf"{humanize.naturalsize(3)} {importlib.metadata.version(\'humanize\')}"',
        ),
      ).toBe('3 B (stand-in) 4.9.0');
    } finally {
      py.runPython(
        `import sys, importlib\nsys.path.remove(${JSON.stringify(dir)})\nsys.modules.pop("humanize", None)\nimportlib.invalidate_caches()`,
      );
    }
  });
});
