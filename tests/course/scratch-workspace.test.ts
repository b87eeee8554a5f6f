// A lesson check's view of a Loki layout is the worker's (src/loki): Bash and Python tools each
// listed once, in Loki's order (code-point order of the files), in Node as in the browser.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { ScratchWorkspace } from '../../src/course/scratch-workspace.ts';
import { encodeFiles } from '../../src/course/run-check.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

const PY = (what: string) =>
  `def run(text: str):\n    """${what}.\n\n    Args:\n        text: Some text.\n    """\n    return text\n`;
const SH =
  '# @describe Counts.\n# @option --path! The file\nmain() {\n  wc -l < "$argc_path" >> "$LLM_OUTPUT"\n}\neval "$(argc --argc-eval "$0" "$@")"\n';

describe('ScratchWorkspace under Loki', () => {
  it('lists Bash tools beside Python ones, once each, in the order Loki reads the folder; the diff specs agree', async () => {
    const files = encodeFiles({
      'functions/tools/zeta.py': PY('Last'),
      'functions/tools/beta.sh': SH,
      'functions/tools/alpha.py': PY('First'),
    });
    const ws = await ScratchWorkspace.open(host, files, 'loki', 'order');
    try {
      const loki = await ws.inspect('loki');
      expect(loki.tools.map((t) => [t.name, t.file])).toEqual([
        ['alpha', 'functions/tools/alpha.py'],
        ['beta', 'functions/tools/beta.sh'],
        ['zeta', 'functions/tools/zeta.py'],
      ]);
      const specs = (await host.schema({
        paths: ['/scratch/order/functions/tools'],
        profile: 'loki',
        format: 'native',
      })) as Array<{ name: string }>;
      expect(specs.map((s) => s.name)).toEqual(['alpha', 'beta', 'zeta']);
    } finally {
      await ws.close();
    }
  });
});
