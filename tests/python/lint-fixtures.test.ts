// The linter on the conformance fixtures: each documented edge case (lcp.md §9, loki.md §9)
// is reported at its line. The fixtures are read from tests/conformance (mounted read-only).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { getEngine } from './engine.ts';
import type { Engine } from '../../src/engine/engine.ts';
import { CONFORMANCE } from '../conformance.ts';

const MOUNT = '/lint-fixtures-conformance';
let engine: Engine;

beforeAll(async () => {
  engine = await getEngine();
  if (!engine.fs.analyzePath(MOUNT).exists) {
    engine.fs.mkdirTree(MOUNT);
    engine.py.mountNodeFS(MOUNT, fileURLToPath(CONFORMANCE));
  }
  // Loki's rules need the files in a folder named `tools`, so the cases are copied there.
  engine.fs.mkdirTree('/tmp/lint-fixtures-loki/tools');
  const cases = new URL('loki_cases/python/', CONFORMANCE);
  for (const name of readdirSync(cases)) {
    engine.fs.writeFile(`/tmp/lint-fixtures-loki/tools/${name}`, readFileSync(new URL(name, cases), 'utf8'));
  }
});

/** `file:line code` for every diagnostic of the linted paths. */
const found = (paths: string[]): string[] =>
  engine.call('lint', { paths }).map((d) => `${d.file.split('/').pop()}:${d.line} ${d.code}`);

describe('lint on the conformance fixtures', () => {
  it('LCP type, default and reachability cases (types/annotations_cases.py)', () => {
    const got = found([`${MOUNT}/lcp_fixtures/types`]);
    for (const want of ['16 LCP001', '24 LCP001', '28 LCP002', '32 LCP001', '36 LCP001', '48 LCP001', '60 LCP005',
      '61 LCP006', '66 LCP020', '70 LCP020', '83 LCP017', '87 LCP016', '92 LCP017', '99 LCP018', '124 LCP023', '131 LCP023']) {
      expect(got).toContain(`annotations_cases.py:${want}`);
    }
  });

  it('docstring cases (docs/doc_cases.py)', () => {
    const got = found([`${MOUNT}/lcp_fixtures/docs`]);
    for (const want of ['4 LCP011', '25 LCP010', '30 LCP009', '63 LCP007', '67 LCP009', '79 LCP008', '84 LCP008', '87 LCP008',
      '91 LCP012', '92 LCP008', '103 LCP008']) {
      expect(got).toContain(`doc_cases.py:${want}`);
    }
  });

  it('layout: syntax error, duplicates across files, same stem in two folders', () => {
    const got = found([`${MOUNT}/lcp_fixtures/layout`, `${MOUNT}/lcp_fixtures/samestem1`, `${MOUNT}/lcp_fixtures/samestem2`]);
    expect(got).toContain('broken.py:11 PY001');
    expect(got).toContain('dupe2.py:1 LCP013');
    expect(got).toContain('samestem.py:1 LCP015');
  });

  it('hub metadata, titles, init and prompt helpers', () => {
    const got = found([`${MOUNT}/lcp_fixtures/ltp`, `${MOUNT}/lcp_fixtures/init`, `${MOUNT}/lcp_fixtures/prompts`]);
    for (const want of ['ltp_bad_titles.py:1 LTP003', 'ltp_bad_titles.py:3 LTP002', 'ltp_wiki.py:37 LTP005',
      'init_kwonly.py:4 LCP021', 'init_varargs.py:4 LCP021', 'init_singular.py:4 LCP022', 'prompt_lib.py:13 LCP019']) {
      expect(got).toContain(want);
    }
  });

  it('Loki cases in a tools/ folder', () => {
    const got = found(['/tmp/lint-fixtures-loki/tools']);
    for (const want of ['My-Tool.v2.py:1 LOKI006', 'c02_literal_enums.py:6 LOKI009', 'c05_no_docstring.py:1 LOKI001',
      'c09_pep585_list.py:1 LOKI007', 'c15_async_run.py:1 LOKI004', 'c19_section_variants.py:7 LOKI011',
      'c20_parameters_header.py:4 LOKI013', 'c21_class_method_run.py:2 LOKI005', 'c22_duplicate_run.py:9 LOKI003',
      'c28_late_docstring.py:1 LOKI001', 'c33_syntax_error.py:1 PY001', 'c34_fstring_docstring.py:4 LOKI001',
      'c36_nested_in_if.py:4 LOKI005', 'c37_typing_optional_no_default.py:4 LOKI008']) {
      expect(got).toContain(want);
    }
    // Well-formed cases get no error: only the documented traps are reported.
    expect(got.filter((g) => g.startsWith('c01_basic_types.py') || g.startsWith('c04_defaults.py'))).toEqual([]);
  });
});
