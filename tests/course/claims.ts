/**
 * Renders a lesson's shown outputs (src/course/fences.ts) through the real engine, on a scratch
 * copy of the lesson's example files: what lollms' chat loop lists, LCP's schema and results, the
 * hub's definitions and status lines, Loki's declarations and what it sends the model.
 */
import { toolResultMessage, toolsBlock } from '../../src/agent/lcp-text.ts';
import { resultContent } from '../../src/agent/hosts.ts';
import type { OpenAiTool } from '../../src/agent/types.ts';
import type { ShownOutput } from '../../src/course/fences.ts';
import type { NodeScratchHost } from '../../src/scratch/node-host.ts';
import type { HubLibrary } from '../../src/protocol/engine.ts';
import type { ScratchCallResult } from '../../src/scratch/scratch.ts';
import type { HubStoreData } from '../../src/protocol/runner.ts';
import type { TextBlock } from '../../src/course/types.ts';

const ROOT = '/scratch/claims';
const encoder = new TextEncoder();

/** A JSON value as a lesson shows it: one line (a space after `,` and `:`) when it fits 100 characters, else indented by 2. */
export function shownJson(value: unknown): string {
  const line = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(line).join(', ')}]`;
    if (v !== null && typeof v === 'object')
      return `{${Object.entries(v)
        .map(([k, x]) => `${JSON.stringify(k)}: ${line(x)}`)
        .join(', ')}}`;
    return JSON.stringify(v) ?? 'null';
  };
  const one = line(value);
  return one.length <= 100 ? one : JSON.stringify(value, null, 2);
}

function pick(value: unknown, path: string[]): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || !(key in v)) throw new Error(`the output has no .${path.join('.')}`);
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const selected = (value: unknown, path: string[]): string => {
  const v = pick(value, path);
  return typeof v === 'string' ? v : shownJson(v);
};

function found<T>(items: T[], name: string, nameOf: (t: T) => unknown): T {
  const hit = items.find((t) => nameOf(t) === name);
  if (!hit) throw new Error(`no tool ${name} (there are: ${items.map(nameOf).join(', ') || 'none'})`);
  return hit;
}

function finished(run: ScratchCallResult): unknown {
  if ('result' in run) return run.result;
  throw new Error(`the call did not finish: ${JSON.stringify(run)}`);
}

/** LCP's result as shown: a traceback's text (engine paths, line numbers) stands as "…". */
const withoutTraceback = (result: unknown): unknown =>
  result !== null && typeof result === 'object' && 'traceback' in result ? { ...result, traceback: '…' } : result;

/** The hub's `lollms` store as a lesson's calls leave it: each hub call starts with it and leaves it changed. */
export interface ClaimStore {
  data: HubStoreData;
}

/**
 * What the engine produces for one shown output, over `files` (workspace path → text). A hub call
 * starts with `store` and writes back what it changed, as the hub keeps a library's store between calls.
 * Nothing is installed, as in a check's calls.
 */
export async function render(
  host: NodeScratchHost,
  files: Record<string, string>,
  out: ShownOutput,
  store: ClaimStore = { data: {} },
): Promise<string> {
  await host.writeScratch(
    ROOT,
    Object.entries(files).map(([path, text]) => ({ path, content: encoder.encode(text) })),
  );
  try {
    const lcp = [`${ROOT}/tools`];
    const loki = [`${ROOT}/functions/tools`];
    const tool = out.tool ?? '';
    const args = JSON.parse(out.argsJson) as Record<string, unknown>;
    const call = async (profile: 'lcp' | 'hub' | 'loki') => {
      const run = await host.scratchCall({
        base: ROOT,
        profile,
        toolsDir: profile === 'loki' ? 'functions/tools' : 'tools',
        tool,
        args,
        install: false,
        ...(profile === 'hub' ? { hubStore: store.data } : {}),
      });
      if ('result' in run && run.hubStore) store.data = run.hubStore;
      return run;
    };
    switch (out.shows) {
      case 'lcp-listing': {
        const lines = toolsBlock((await host.schema({ paths: lcp, profile: 'lcp', format: 'openai' })) as OpenAiTool[])
          .split('\n')
          .filter((l) => l.startsWith('- '));
        return (out.tool ? lines.filter((l) => l.startsWith(`- ${tool}(`)) : lines).join('\n');
      }
      case 'lcp-schema':
        return selected(
          found(
            (await host.schema({ paths: lcp, profile: 'lcp', format: 'native' })) as Array<{ name?: unknown }>,
            tool,
            (t) => t.name,
          ),
          out.select,
        );
      case 'hub-library': {
        // The engine's own answer: the scratch host's schema() gives native specs, without `libraries`.
        const libraries = host.engine.call('schema', {
          paths: lcp,
          profile: 'hub',
          format: 'native',
          libraries: true,
        }) as HubLibrary[];
        return selected(found(libraries, tool, (l) => l.file.split('/').pop()).metadata, out.select);
      }
      case 'hub-spec':
        return selected(
          found(
            (await host.schema({ paths: lcp, profile: 'hub', format: 'native' })) as Array<{
              function?: { name?: unknown };
            }>,
            tool,
            (t) => t.function?.name,
          ),
          out.select,
        );
      case 'loki-declaration':
        return selected(
          found(
            (await host.schema({ paths: loki, profile: 'loki', format: 'native' })) as Array<{ name?: unknown }>,
            tool,
            (t) => t.name,
          ),
          out.select,
        );
      case 'hub-status':
        return (await host.status({ paths: lcp, tool, argsJson: out.argsJson })).line.replace(/\n$/, '');
      case 'lcp-result':
        return selected(withoutTraceback(finished(await call('lcp'))), out.select);
      case 'lcp-chat':
        return toolResultMessage(tool, {
          status: 'finished',
          result: finished(await call('lcp')),
          durationMs: 0,
        }).text.trimEnd();
      case 'hub-result':
        return resultContent('hub', { status: 'finished', result: finished(await call('hub')), durationMs: 0 });
      case 'hub-init':
        return selected(
          finished(
            await host.scratchCall({
              base: ROOT,
              profile: 'hub',
              toolsDir: 'tools',
              tool: 'init_tool_library',
              args: {},
              init: `tools/${tool}`,
              install: false,
            }),
          ),
          out.select,
        );
      case 'loki-value':
        return resultContent('loki', { status: 'finished', result: finished(await call('loki')), durationMs: 0 });
    }
  } finally {
    await host.writeScratch(ROOT, null);
  }
}

export interface Claim {
  output: ShownOutput;
  caption: string;
  /** The output as the lesson shows it. */
  shown: string;
  /** The example files the blocks before it wrote. */
  files: Record<string, string>;
}

/** A lesson's shown outputs in text order, each with the example files as the blocks before it left them (a later block of a path replaces it). */
export function claimsOf(blocks: TextBlock[]): Claim[] {
  const files: Record<string, string> = {};
  const claims: Claim[] = [];
  for (const b of blocks) {
    if (b.kind !== 'code') continue;
    if (b.fence.kind === 'file') files[b.fence.path] = `${b.text}\n`;
    else if (b.fence.kind === 'shown')
      claims.push({ output: b.fence.output, caption: b.caption, shown: b.text.trimEnd(), files: { ...files } });
  }
  return claims;
}

/**
 * Renders claim `index` of a lesson's claims: the hub's store is what the lesson's earlier
 * hub-result blocks left (each run again, in order, over its own files), so a block can show a
 * later call reading what an earlier one stored.
 */
export async function renderInOrder(host: NodeScratchHost, claims: Claim[], index: number): Promise<string> {
  const store: ClaimStore = { data: {} };
  for (const earlier of claims.slice(0, index)) {
    if (earlier.output.shows === 'hub-result') await render(host, earlier.files, earlier.output, store);
  }
  const claim = claims[index];
  if (!claim) throw new Error(`no claim ${index}`);
  return render(host, claim.files, claim.output, store);
}
