/**
 * The model argc 1.23 builds from a script's comment tags (sigoden/argc `src/param.rs`,
 * `src/command/mod.rs`), reduced to what declarations and `--argc-eval` need.
 * Names follow argc's so the emulation can be checked against its source line by line.
 */

/** `!`, `*`, `+`, `*,` … and `~` after a parameter name. */
export type Modifier =
  | { kind: 'optional' }
  | { kind: 'required' }
  | { kind: 'multiple-optional' }
  | { kind: 'multiple-required' }
  | { kind: 'delimiter-optional'; char: string }
  | { kind: 'delimiter-required'; char: string }
  | { kind: 'terminated' };

/** `[a|b]` or ``[`_fn`]`` (validate = false for ``[?`_fn`]``). */
export type Choice = { kind: 'values'; values: string[] } | { kind: 'fn'; fn: string; validate: boolean };
/** `=value` or ``=`_fn` ``. */
export type DefaultValue = { kind: 'value'; value: string } | { kind: 'fn'; fn: string };

/** What every parameter kind shares (argc's `ParamData`). */
export interface ParamData {
  name: string;
  describe: string;
  choice?: Choice;
  default?: DefaultValue;
  modifier: Modifier;
  /** `$$` → null (use the param's own name), `$NAME` → 'NAME', absent → undefined. */
  env?: string | null;
}

/** `@flag` / `@option`. */
export interface FlagOptionParam {
  data: ParamData;
  flag: boolean;
  /** `-s` when a short alias is written before the long name. */
  short?: string;
  /** `--`, `-` or `+`. */
  longPrefix: string;
  id: string;
  /** Upper-cased notations (`<INT>` → `INT`; none written → the option's own name). */
  notations: string[];
  /** The notations as written (`<abc>` → `abc`). */
  rawNotations: string[];
  assigned: boolean;
  prefixed: boolean;
  line: number;
}

/** `@arg`. */
export interface PositionalParam {
  data: ParamData;
  notation: string;
  /** The notation as written, if any. */
  rawNotation?: string;
  line: number;
}

/** `@env`. */
export interface EnvParam {
  data: ParamData;
  line: number;
}

/** The root command or a `@cmd` subcommand. */
export interface ArgcCommand {
  /** Subcommand name (function name without trailing `_`); undefined for the root. */
  name?: string;
  describe: string;
  version?: string;
  aliases: string[];
  flagOptions: FlagOptionParam[];
  positionals: PositionalParam[];
  envs: EnvParam[];
  subcommands: ArgcCommand[];
  metadata: Array<{ key: string; value: string; line: number }>;
  /** The function `@cmd` sits above. */
  matchFn?: string;
  /** The function argc calls: `main` for the root, the `@cmd` function otherwise. */
  commandFn?: string;
  /** Names from the root to this command (empty for the root). */
  paths: string[];
  defaultSubcommand?: number;
}

/** A parsed script: the root command and every top-level function argc saw. */
export interface ArgcScript {
  rootName: string;
  root: ArgcCommand;
  functions: Map<string, number>;
}

export const required = (data: ParamData): boolean =>
  (data.modifier.kind === 'required' ||
    data.modifier.kind === 'multiple-required' ||
    data.modifier.kind === 'delimiter-required') &&
  data.default === undefined;

export const multipleOccurs = (data: ParamData): boolean =>
  data.modifier.kind === 'multiple-optional' ||
  data.modifier.kind === 'multiple-required' ||
  data.modifier.kind === 'delimiter-optional' ||
  data.modifier.kind === 'delimiter-required';

export const delimiter = (data: ParamData): string | undefined =>
  data.modifier.kind === 'delimiter-optional' || data.modifier.kind === 'delimiter-required'
    ? data.modifier.char
    : undefined;

export const terminated = (data: ParamData): boolean => data.modifier.kind === 'terminated';

/** `-` `.` `:` `@` become `_` in variable names (argc `sanitize_var_name`). */
export const sanitizeVarName = (id: string): string => id.replace(/[-.:@]/g, '_');

/** argc's `to_cobol_case`: split at `_`, `-` and lower→upper, upper-case, join with `-`. */
export function toCobolCase(value: string): string {
  const words: string[] = [];
  let current = '';
  let previous = '';
  for (const ch of value) {
    if (ch === '_' || ch === '-') {
      if (current) words.push(current);
      current = '';
    } else {
      const lowerUpper = /[a-z]/.test(previous) && /[A-Z]/.test(ch);
      if (lowerUpper && current) {
        words.push(current);
        current = '';
      }
      current += ch;
    }
    previous = ch;
  }
  if (current) words.push(current);
  return words.map((w) => w.toUpperCase()).join('-');
}
