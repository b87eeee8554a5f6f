/**
 * A STAND-IN for micropip, built by the tests as a wheel named `micropip`: the real micropip wheel
 * lives only on the Pyodide distribution, which these machines cannot reach. Its source
 * (micropip_stand_in.py, beside this file) keeps the rules of the real micropip 0.11 that toolplay
 * meets — the lock first only for the default index, a custom index first, PEP 440 specifiers with
 * `~=`, environment markers, the highest matching version, PEP 691 JSON and PEP 503 HTML pages,
 * micropip's own files beside an installed wheel's METADATA — each named in
 * tests/packages/micropip-rules.test.ts, and its failure messages. Every test that uses it says
 * "stand-in" in its name; `npm run test:online` uses the real one.
 */
import { readFileSync } from 'node:fs';
import { buildWheel, type BuiltWheel } from './wheels.ts';

const SOURCE = readFileSync(new URL('./micropip_stand_in.py', import.meta.url), 'utf8');

/** The stand-in's wheel, versioned as the lock's micropip so the lock entry replaces it. */
export function micropipStandIn(): BuiltWheel {
  return buildWheel({ name: 'micropip', version: '0.11.1', files: { 'micropip/__init__.py': SOURCE } });
}
