import { describe, expect, it } from 'vitest';
import { Bash, InMemoryFs } from 'just-bash';
import { createArgcCommand } from '../../src/bash/argc-eval.ts';

const HEAD = '#!/usr/bin/env bash\nset -e\n';
const EVAL = '\neval "$(argc --argc-eval "$0" "$@")"\n';

/** Runs `bash /t/<name>.sh <words>` with the argc emulation; words are passed unparsed. */
async function argc(body: string, words: string[], env: Record<string, string> = {}, name = 'tool') {
  const fs = new InMemoryFs();
  await fs.mkdir('/t', { recursive: true });
  await fs.writeFile(`/t/${name}.sh`, HEAD + body + EVAL);
  const bash = new Bash({ fs, cwd: '/t', customCommands: [createArgcCommand()] });
  const exports = Object.entries(env)
    .map(([k, v]) => `export ${k}='${v}'\n`)
    .join('');
  const quoted = words.map((w) => `'${w.replaceAll("'", `'\\''`)}'`).join(' ');
  const r = await bash.exec(`${exports}bash /t/${name}.sh ${quoted}`);
  return { out: r.stdout, err: r.stderr, code: r.exitCode };
}

/** A main() that prints each variable; `name[]` prints an array. */
const show = (vars: string): string =>
  `main() { ${vars
    .split(' ')
    .map((v) =>
      v.endsWith('[]') ? `echo "${v.slice(0, -2)}=[\${${v.slice(0, -2)}[*]}]"` : `echo "${v}=[\${${v}:-<unset>}]"`,
    )
    .join('; ')}; }`;

describe('argc runtime (as argc-built into Loki tools) behind --argc-eval', () => {
  it('fills argc_* variables and calls main', async () => {
    const r = await argc(`# @describe T\n# @option --text!  Text\n# @flag --loud\n${show('argc_text argc_loud')}`, [
      '--text',
      'a b',
      '--loud',
    ]);
    expect(r).toEqual({ out: 'argc_text=[a b]\nargc_loud=[1]\n', err: '', code: 0 });
  });

  it('rejects a missing required option with argc’s message and exit 1', async () => {
    const r = await argc(`# @describe T\n# @option --text!\n# @option --tags+ <TAG>\n${show('argc_text')}`, []);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      'error: the following required arguments were not provided:\n  --text <TEXT>\n  --tags <TAG>...\n',
    );
  });

  it('checks choices, literal and from a function; ?`fn` is not validated', async () => {
    const body = `# @describe T\n# @option --mode[fast|slow]\n# @option --picked[\`_choices\`]\n# @option --loose[?\`_choices\`]\n${show('argc_mode argc_picked argc_loose')}\n_choices() { echo one; echo two; }`;
    expect((await argc(body, ['--mode', 'medium'])).err).toBe(
      'error: invalid value `medium` for `<MODE>`\n  [possible values: fast, slow]\n',
    );
    expect((await argc(body, ['--picked', 'three'])).err).toBe(
      'error: invalid value `three` for `<PICKED>`\n  [possible values: one, two]\n',
    );
    const ok = await argc(body, ['--picked', 'two', '--loose', 'anything', '--mode', 'slow']);
    expect(ok.out).toBe('argc_mode=[slow]\nargc_picked=[two]\nargc_loose=[anything]\n');
  });

  it('applies defaults (=value, [=a|b]) and leaves unset options unset', async () => {
    const r = await argc(
      `# @describe T\n# @option --limit=10 <INT>\n# @option --format[=json|text]\n# @option --note\n${show('argc_limit argc_format argc_note')}`,
      [],
    );
    expect(r.out).toBe('argc_limit=[10]\nargc_format=[json]\nargc_note=[<unset>]\n');
  });

  it('counts repeatable flags and refuses a value on a flag', async () => {
    const body = `# @describe T\n# @flag --verbose*\n# @flag --loud\n${show('argc_verbose')}`;
    expect((await argc(body, ['--verbose', '--verbose'])).out).toBe('argc_verbose=[2]\n');
    expect((await argc(body, ['--loud=yes'])).err).toBe("error: flag `--loud` don't accept any value\n");
    expect((await argc(body, ['--loud', '--loud'])).err).toBe(
      'error: the argument `--loud` cannot be used multiple times\n',
    );
  });

  it('collects multiple values: repeated, comma-separated, and two-notation options', async () => {
    const body = `# @describe T\n# @option --ids+ <INT>\n# @option --csv*,\n# @option --range <MIN> <MAX>\n${show('argc_ids[] argc_csv[] argc_range[]')}`;
    const r = await argc(body, ['--ids', '1', '--ids', 'x y', '--csv', 'a,b', '--range', '3', '9']);
    expect(r.out).toBe('argc_ids=[1 x y]\nargc_csv=[a b]\nargc_range=[3 9]\n');
    expect((await argc(body, ['--ids', '1', '--range', '3'])).err).toBe(
      'error: incorrect number of values for `--range <MIN> <MAX>`\n',
    );
  });

  it('does not validate <INT>/<NUM> notations and takes a dash value as the next option', async () => {
    const body = `# @describe T\n# @option --count <INT>\n# @option --text\n${show('argc_count')}`;
    expect((await argc(body, ['--count', 'three'])).out).toBe('argc_count=[three]\n');
    expect((await argc(body, ['--text', '--count', '1'])).err).toBe(
      'error: incorrect number of values for `--text <TEXT>`\n',
    );
    expect((await argc(body, ['--query', 'x'])).err).toBe('error: unexpected argument `--query` found\n');
  });

  it('handles @env: required, defaults exported, choices', async () => {
    const body = `# @describe T\n# @env API_KEY!\n# @env MODE[=dev|prod]\n# @env LLM_OUTPUT=/dev/stdout\nmain() { echo "$API_KEY $MODE $LLM_OUTPUT"; }`;
    expect((await argc(body, [])).err).toBe(
      'error: the following required environments were not provided:\n  API_KEY\n',
    );
    expect((await argc(body, [], { API_KEY: 'k' })).out).toBe('k dev /dev/stdout\n');
    expect((await argc(body, [], { API_KEY: 'k', LLM_OUTPUT: '/tmp/o' })).out).toBe('k dev /tmp/o\n');
    expect((await argc(body, [], { API_KEY: 'k', MODE: 'qa' })).err).toBe(
      'error: invalid value `qa` for environment variable `MODE`\n  [possible values: dev, prod]\n',
    );
  });

  it('passes positionals to @arg and to main', async () => {
    const body = `# @describe T\n# @arg query!\n# @arg rest*\nmain() { echo "q=$argc_query rest=\${argc_rest[*]} args=$*"; }`;
    expect((await argc(body, ['hello', 'a', 'b'])).out).toBe('q=hello rest=a b args=hello a b\n');
    // argc 1.23's built parser (what Loki runs) words a missing positional this way.
    expect((await argc(body, [])).err).toBe('error: the required environments `<QUERY>` were not provided\n');
  });

  it('runs @cmd subcommands by name or by their a-b alias', async () => {
    const body = `# @cmd List\n# @option --prefix\nlist-items() { echo "list $argc_prefix"; }\n# @cmd Add\n# @option --name!\nadd_item() { echo "add $argc_name"; }`;
    expect((await argc(body, ['list-items', '--prefix', 'p'], {}, 'tools')).out).toBe('list p\n');
    expect((await argc(body, ['add-item', '--name', 'n'], {}, 'tools')).out).toBe('add n\n');
    expect((await argc(body, ['nope'], {}, 'tools')).err).toBe(
      'error: `tools` requires a subcommand but one was not provided\n  [subcommands: list-items, add_item, add-item]\n',
    );
  });

  it('prints help with exit 0 and reports comment errors as argc does', async () => {
    // `-h` here: just-bash's own `bash` command answers `bash file --help` itself.
    const help = await argc('# @describe Does things.\n# @option --text!  The text\nmain() { :; }', ['-h']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Does things.\n\nUSAGE: tool --text <TEXT>');
    const bad = await argc('# @describe T\n# @frobnicate\nmain() { :; }', []);
    expect(bad).toMatchObject({ code: 1, err: 'Error: @frobnicate(line 4) is unknown tag\n' });
  });

  it('checks @meta require-tools with argc’s own message', async () => {
    const r = await argc('# @describe T\n# @meta require-tools jq,pandoc\nmain() { echo ran; }', []);
    expect(r).toEqual({ out: '', err: 'error: missing tools: pandoc\n', code: 1 });
    expect((await argc('# @describe T\n# @meta require-tools jq,sed\nmain() { echo ran; }', [])).out).toBe('ran\n');
  });

  it('treats an empty value as missing and fills defaults into empty values, like the built parser', async () => {
    const body = `# @describe T\n# @option --text!\n# @option --limit=10\n${show('argc_text argc_limit')}`;
    expect((await argc(body, ['--text', ''])).err).toBe(
      'error: the following required arguments were not provided:\n  --text <TEXT>\n',
    );
    expect((await argc(body, ['--text', 'x', '--limit', ''])).out).toBe('argc_text=[x]\nargc_limit=[10]\n');
  });

  it('stops at the first bad word, in order', async () => {
    const body = `# @describe T\n# @option --mode[a|b]\n${show('argc_mode')}`;
    expect((await argc(body, ['--mode', 'c', '--zzz'])).err).toBe(
      'error: invalid value `c` for `<MODE>`\n  [possible values: a, b]\n',
    );
    expect((await argc(body, ['--zzz', '--mode', 'c'])).err).toBe('error: unexpected argument `--zzz` found\n');
  });

  it('takes --name: options only as --name=value, and gives a ~ positional every remaining word', async () => {
    const assigned = `# @describe T\n# @option --at:\n${show('argc_at')}`;
    expect((await argc(assigned, ['--at=v'])).out).toBe('argc_at=[v]\n');
    expect((await argc(assigned, ['--at', 'v'])).err).toBe('error: incorrect number of values for `--at=<AT>`\n');
    const rest = `# @describe T\n# @arg cmd!\n# @arg args~\nmain() { echo "cmd=$argc_cmd n=\${#argc_args[@]} args=\${argc_args[*]}"; }`;
    expect((await argc(rest, ['ls', '-l', '--x'])).out).toBe('cmd=ls n=2 args=-l --x\n');
  });

  it('gives every @cmd the root @env defaults (argc inherit_envs)', async () => {
    const body = `# @env GREETING=hello\n\n# @cmd Greet\n# @option --name!\ngreet() { echo "$GREETING $argc_name"; }`;
    expect((await argc(body, ['greet', '--name', 'Ann'], {}, 'tools')).out).toBe('hello Ann\n');
  });

  it('lets a choices function read the options parsed before it', async () => {
    const body = `# @describe T\n# @option --kind![fruit|veg]\n# @option --item[\`_items\`]\n${show('argc_item')}\n_items() { if [ "$argc_kind" = fruit ]; then echo apple; else echo leek; fi; }`;
    expect((await argc(body, ['--kind', 'veg', '--item', 'leek'])).out).toBe('argc_item=[leek]\n');
    expect((await argc(body, ['--kind', 'fruit', '--item', 'leek'])).err).toBe(
      'error: invalid value `leek` for `<ITEM>`\n  [possible values: apple]\n',
    );
  });
});
