/**
 * `shell_words::quote`, which argc uses for every value it prints: bare when the text is made of
 * safe characters only, else single-quoted with `'` written as `'\''`.
 */
export const shellWord = (value: string): string =>
  value === ''
    ? "''"
    : /^[A-Za-z0-9,._+:@%/=^[\]-]+$/.test(value)
      ? value
      : `'${value.replaceAll("'", () => `'\\''`)}'`;
