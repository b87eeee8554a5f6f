/**
 * `node <jspi flag> --import tsx snapshot-child.node.ts FILES.json OUT [PYTHON]`: makes the engine's snapshot
 * in a Node with WebAssembly stack switching on (snapshot.node.ts explains why it must be). FILES.json
 * holds `{sources, bytecode}` with the bytecode base64; the snapshot is written to OUT.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { makeHere } from './snapshot.node.ts';
import { DEFAULT_PYTHON, pythonVersionOf } from '../protocol/pythons.ts';

const [input = '', output = '', python = DEFAULT_PYTHON] = process.argv.slice(2);
const { sources, bytecode } = JSON.parse(readFileSync(input, 'utf8')) as {
  sources: Record<string, string>;
  bytecode: Record<string, string>;
};
const bytes = await makeHere(
  {
    sources,
    bytecode: Object.fromEntries(
      Object.entries(bytecode).map(([k, v]) => [k, new Uint8Array(Buffer.from(v, 'base64'))]),
    ),
  },
  pythonVersionOf(python) ?? DEFAULT_PYTHON,
);
writeFileSync(output, bytes);
process.exit(0);
