// `npm run test:online`: real packages from the real sources and a real web API, through the
// `toolplay` command as a person runs it — numpy from Pyodide's distribution on jsDelivr, requests
// and ascii_colors (through pipmaster) from PyPI through micropip, one request to Wikipedia's API,
// and wikipedia, which PyPI has only as a source archive (setup.py): built into a wheel by
// setuptools from the Pyodide distribution, then installed by micropip, and its summary called
// (tests/packages/sdist.test.ts builds archives with an in-tree backend offline). Every other
// test brings its own sources on 127.0.0.1 (no package source is reachable from the machines CI runs
// on); this one says what the real ones do, where the network reaches them. It never fails for want
// of a network: it prints why it skipped. CI skips it (CI=true). Ends with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { version as pyodideVersion } from 'pyodide';
import { PYPI_SIMPLE } from '../../src/packages/installer.ts';
import { PYODIDE_DISTRIBUTION } from '../../src/packages/sources.ts';

const PROBES = [
  `${PYODIDE_DISTRIBUTION(pyodideVersion)}pyodide-lock.json`,
  `${PYPI_SIMPLE}/requests/`,
  'https://en.wikipedia.org/w/api.php?action=query&format=json&meta=siteinfo',
];

async function unreachable(): Promise<string | null> {
  if (process.env.CI) return 'CI runs no test that needs the internet (CI is set)';
  for (const url of PROBES) {
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(8000),
        headers: { 'user-agent': 'toolplay-test-online' },
      });
      if (!response.ok) return `${url} answered ${response.status}`;
    } catch (e) {
      const cause =
        e instanceof Error && e.cause instanceof Error ? e.cause.message : e instanceof Error ? e.message : String(e);
      return `${new URL(url).host} cannot be reached from here (${cause})`;
    }
  }
  return null;
}

const TOOLS: Record<string, string> = {
  'tools/numbers.py': `import numpy as np


def tool_mean(values: list) -> dict:
    """The mean of some numbers.

    Args:
        values: the numbers
    """
    return {"output": str(float(np.mean(np.array(values, dtype=float))))}
`,
  'tools/web.py': `import requests
from ascii_colors import ASCIIColors


def tool_site_name() -> dict:
    """Wikipedia's site name, through requests."""
    r = requests.get("https://en.wikipedia.org/w/api.php", params={"action": "query", "format": "json", "meta": "siteinfo"}, timeout=20)
    ASCIIColors.info(f"status {r.status_code}")
    return {"output": r.json()["query"]["general"]["sitename"]}
`,
  'tools/colors.py': `import pipmaster as pm


def init_tools_library() -> None:
    pm.ensure_packages({"ascii_colors": ">=0.5"})


def tool_colored(text: str) -> dict:
    """Text in red, through ascii_colors installed by pipmaster.

    Args:
        text: what to colour
    """
    from ascii_colors import ASCIIColors
    return {"output": ASCIIColors.color_red + text + ASCIIColors.color_reset}
`,
  // lollms_hub's wikipedia_search.py asks for this: wikipedia 1.4.0 is published only as a source archive.
  'wiki/wiki.py': `import pipmaster as pm


def init_tool_library():
    pm.ensure_packages({"wikipedia": ">=1.4.0"})


def tool_wiki_summary(query: str) -> dict:
    """The first sentence of a Wikipedia article, through the wikipedia package.

    Args:
        query: the article's title
    """
    import wikipedia
    return {"output": wikipedia.summary(query, sentences=1, auto_suggest=False)}
`,
};

interface Check {
  name: string;
  args: string[];
  expect: (stdout: string) => string | null;
}

const root = mkdtempSync(join(tmpdir(), 'toolplay-online-'));
const checks: Check[] = [
  {
    name: 'toolplay packages: numpy from the Pyodide distribution; requests and ascii_colors from PyPI; all can be had',
    args: ['packages', join(root, 'tools'), '--json'],
    expect: (out) => {
      const rows = (JSON.parse(out) as { packages: { name: string; problem: string | null }[] }).packages;
      const had = (n: string): boolean =>
        rows.some((r) => r.name.toLowerCase().replace(/[-_.]+/g, '_') === n && r.problem === null);
      const missing = ['numpy', 'requests', 'ascii_colors'].filter((n) => !had(n));
      return missing.length ? `cannot be had: ${missing.join(', ')} (${out.slice(0, 400)})` : null;
    },
  },
  {
    name: "toolplay packages: wikipedia (lollms_hub's wikipedia_search.py), only a source archive on PyPI, is built from it by setuptools",
    args: ['packages', join(root, 'wiki')],
    expect: (out) =>
      /wikipedia>=1\.4\.0 .*can be had: built from source archive \(wikipedia-1\.4\.0\.tar\.gz\)/.test(out)
        ? null
        : `expected "built from source archive" in ${out}`,
  },
  {
    name: 'a tool importing wikipedia (installed first, its wheel built from the source archive) calls wikipedia.summary',
    args: ['call', join(root, 'wiki'), 'tool_wiki_summary', '{"query": "Python (programming language)"}'],
    expect: (out) => (/programming language/i.test(out) ? null : `expected the article's first sentence in ${out}`),
  },
  {
    name: 'a tool importing numpy runs',
    args: ['call', join(root, 'tools'), 'tool_mean', '{"values": [1, 2, 3, 4]}'],
    expect: (out) => (out.includes('2.5') ? null : `expected 2.5 in ${out}`),
  },
  {
    name: 'a tool calls a web API with requests (ascii_colors logging)',
    args: ['call', join(root, 'tools'), 'tool_site_name', '{}'],
    expect: (out) => (out.includes('Wikipedia') ? null : `expected Wikipedia in ${out}`),
  },
  {
    name: 'a library installing ascii_colors through pipmaster in init_tools_library, then its tool uses it',
    args: ['call', join(root, 'tools'), 'tool_colored', '{"text": "hi"}'],
    expect: (out) => (out.includes('hi') && out.includes('\\u001b[') ? null : `expected coloured text in ${out}`),
  },
];

const why = await unreachable();
if (why) {
  console.log(`test:online skipped: ${why}`);
  console.log('0 passed, 0 failed');
  process.exit(0);
}

for (const [path, text] of Object.entries(TOOLS)) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}
let passed = 0;
let failed = 0;
const bin = resolve('bin/toolplay.mjs');
for (const check of checks) {
  const run = spawnSync(
    process.execPath,
    [bin, ...check.args, ...(check.args[0] === 'call' ? ['--workspace', root, '--timeout', '120'] : [])],
    { encoding: 'utf8', timeout: 600_000 },
  );
  const problem =
    run.status !== 0
      ? `exit ${run.status}: ${(run.stderr || run.stdout).trim().split('\n').slice(-3).join(' | ')}`
      : check.expect(run.stdout);
  if (problem) {
    failed++;
    console.log(`  ✗ ${check.name}\n    ${problem}`);
  } else {
    passed++;
    console.log(`  ✓ ${check.name}`);
  }
}
rmSync(root, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
