// `toolplay lint --profile HOST`: only the chosen hosts' diagnostics are reported and decide the
// exit code. Libraries written for each host (the seed guides' examples, kept in src/examples,
// among them) linted for every host: no foreign host's error ever decides the exit code.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/protocol/diagnostics.ts';
import { HOSTS } from '../../src/protocol/vocabulary.ts';
import { sandbox, toolplay } from './run.ts';

const example = (rel: string): string => fileURLToPath(new URL(`../../src/examples/${rel}`, import.meta.url));
const T = { timeout: 300_000 };

// The LTP protocol's own snippet as printed (its body filled in), and a hub library LCP cannot call.
const LTP_SNIPPET = `TOOL_TITLES = {
    "tool_get_weather": "🌤️ Checking local weather",
    "tool_search_wikipedia": "📖 Consulting Wikipedia",
    "tool_write_file": "✍️ Saving data to disk"
}
def tool_get_weather(args):
    return {"city": args.get("query")}
`;
const HUB_NOTES = `TOOL_LIBRARY_NAME = "Notes"
TOOL_TITLES = {"tool_add_note": "📝 Adding a note"}


def tool_add_note(args: dict, *, lollms):
    """Add a note.

    Args:
        - text (str): The note.
    """
    return {"success": True, "output": args.get("text")}
`;
const root = sandbox({ 'ltp/ltp_snippet.py': LTP_SNIPPET, 'hub/hub_notes.py': HUB_NOTES, 'cwd/.keep': '' });
const cwd = `${root}/cwd`;

/** Each library, the host it is written for, and whether every host's rules find an error in it. */
const LIBRARIES: { name: string; path: string; host: string }[] = [
  { name: "the LCP guide's database_ops.py (seed)", path: example('lcp-database-ops/tools'), host: 'lcp' },
  { name: 'LCP quirks', path: example('lcp-quirks/tools'), host: 'lcp' },
  { name: "the LTP protocol's TOOL_TITLES example (seed)", path: example('ltp-protocol/tools'), host: 'hub' },
  { name: "the LTP protocol's snippet as printed (seed)", path: `${root}/ltp`, host: 'hub' },
  { name: 'a hub library with the lollms handle', path: `${root}/hub`, host: 'hub' },
  { name: 'TOOL_TITLES not a literal', path: example('ltp-titles-not-literal/tools'), host: 'hub' },
  { name: "Loki's custom tools demo (seed)", path: example('loki-demo/functions/tools'), host: 'loki' },
  { name: 'Loki tools with a draft', path: example('loki-tools/functions/tools'), host: 'loki' },
  { name: 'a file stem Loki renames', path: example('loki-file-stem/functions/tools'), host: 'llm-functions' },
];

/** Many `toolplay lint PATH --json [--profile HOST]` runs in one process (toolplay batch), in order. */
async function lintMany(
  runs: [path: string, profile?: string][],
): Promise<{ code: number; diagnostics: Diagnostic[] }[]> {
  const lines = runs.map(([path, profile]) =>
    JSON.stringify({ cmd: 'lint', args: [path, '--json', ...(profile ? ['--profile', profile] : [])] }),
  );
  const batch = await toolplay(['batch', '-'], cwd, `${lines.join('\n')}\n`);
  return batch.stdout
    .trimEnd()
    .split('\n')
    .map((l) => {
      const a = JSON.parse(l) as { code: number; json: Diagnostic[] };
      return { code: a.code, diagnostics: a.json };
    });
}
const concernsHost = (d: Diagnostic, host: string): boolean => d.profiles.length === 0 || d.profiles.includes(host);

describe('toolplay lint --profile', () => {
  it("the seed guides' examples lint clean (exit 0, no error) for their own host", T, async () => {
    const seeds = [
      [example('lcp-database-ops/tools'), 'lcp'],
      [example('ltp-protocol/tools'), 'hub'],
      [`${root}/ltp`, 'hub'],
      [example('loki-demo/functions/tools'), 'loki'],
      [example('loki-demo/functions/tools'), 'llm-functions'],
    ] as [string, string][];
    const runs = await lintMany(seeds);
    expect(
      runs.map((r) => ({
        code: r.code,
        errors: r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code),
      })),
    ).toEqual(seeds.map(() => ({ code: 0, errors: [] })));
  });

  it(
    "database_ops.py (the issue's case): every host's rules exit 1 on the hub's LTP005, --profile lcp exits 0 and leaves them out",
    T,
    async () => {
      const all = await toolplay(['lint', example('lcp-database-ops/tools')], cwd);
      expect(all.code).toBe(1);
      expect(all.stdout).toContain('error LTP005');
      expect(all.stderr).toBe(
        "toolplay lint: 2 errors for hub (LTP005 ×2); 3 warnings; 0 info. Every host's rules ran; check only yours with --profile lcp|hub|loki|llm-functions.\n",
      );
      const lcp = await toolplay(['lint', example('lcp-database-ops/tools'), '--profile', 'lcp'], cwd);
      expect(lcp.code).toBe(0);
      expect(lcp.stdout).toMatch(/^\S+database_ops\.py:23:5: warning LCP019 [^\n]+\n$/);
      expect(lcp.stderr).toBe(
        'toolplay lint for lcp: 0 errors; 1 warning; 0 info. Left out: 4 findings for other hosts (hub).\n',
      );
    },
  );

  it(
    "every library linted for every host: only that host's diagnostics, and only they decide the exit code",
    T,
    async () => {
      const decidedByOthers: string[] = [];
      const runs = await lintMany(
        LIBRARIES.flatMap((lib) => [
          [lib.path] as [string],
          ...HOSTS.map((host) => [lib.path, host] as [string, string]),
        ]),
      );
      LIBRARIES.forEach((lib, i) => {
        const [every, ...perHost] = runs.slice(i * (HOSTS.length + 1), (i + 1) * (HOSTS.length + 1));
        perHost.forEach((run, h) => {
          const host = HOSTS[h] ?? '';
          const label = `${lib.name} --profile ${host}`;
          expect(
            run.diagnostics.filter((d) => !concernsHost(d, host)),
            label,
          ).toEqual([]);
          expect(run.diagnostics, label).toEqual(every?.diagnostics.filter((d) => concernsHost(d, host)));
          expect(run.code, label).toBe(run.diagnostics.some((d) => d.severity === 'error') ? 1 : 0);
          if (every?.code === 1 && run.code === 0) decidedByOthers.push(label);
        });
      });
      // The matrix has teeth: for each host, some library's other-host errors are left out.
      for (const host of HOSTS)
        expect(
          decidedByOthers.some((l) => l.endsWith(`--profile ${host}`)),
          host,
        ).toBe(true);
      expect(decidedByOthers).toContain('a file stem Loki renames --profile llm-functions');
      expect(decidedByOthers).toContain('a hub library with the lollms handle --profile hub');
    },
  );

  it('repeatable and a comma list; standard and unknown hosts are refused with one line, exit 2', T, async () => {
    const path = example('lcp-database-ops/tools');
    const [both] = await lintMany([[path, 'lcp,hub']]);
    const twice = await toolplay(['lint', path, '--json', '--profile', 'lcp', '--profile', 'hub'], cwd);
    expect(both?.code).toBe(1);
    expect(twice.code).toBe(1);
    expect(JSON.parse(twice.stdout)).toEqual(both?.diagnostics);
    expect(both?.diagnostics.map((d) => d.code).sort()).toEqual(['LCP019', 'LTP004', 'LTP004', 'LTP005', 'LTP005']);
    expect(await toolplay(['lint', path, '--profile', 'standard'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "toolplay: lint: standard is toolplay's own schema, not a host; choose from lcp, hub, loki, llm-functions\n",
    });
    expect(await toolplay(['lint', path, '--profile', 'lcp,ltp'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: "toolplay: lint: unknown profile 'ltp' (choose from lcp, hub, loki, llm-functions)\n",
    });
  });
});
