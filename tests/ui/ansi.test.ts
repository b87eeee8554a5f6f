// Terminal escape sequences in output are removed whole (src/ui/lib/ansi.ts).
import { describe, expect, it } from 'vitest';
import { stripAnsi } from '../../src/ui/lib/ansi.ts';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;

describe('stripAnsi', () => {
  it('removes colours and other CSI sequences (Python 3.14 tracebacks under FORCE_COLOR)', () => {
    expect(stripAnsi(`${ESC}[1;35mTraceback${ESC}[0m (most recent call last):`)).toBe('Traceback (most recent call last):');
    expect(stripAnsi(`a${ESC}[2Kb${ESC}[?25lc${ESC}[38;2;255;0;0md`)).toBe('abcd');
  });

  it('removes OSC 8 hyperlinks whole, with BEL or ST, whatever the URL holds', () => {
    const url = "https://example.com/a,b+c!(d)'*e?q=1&r=[2]";
    expect(stripAnsi(`see ${ESC}]8;;${url}${BEL}the docs${ESC}]8;;${BEL} now`)).toBe('see the docs now');
    expect(stripAnsi(`${ESC}]8;id=x;${url}${ST}link${ESC}]8;;${ST}`)).toBe('link');
    expect(stripAnsi(`${ESC}]0;window title${BEL}text`)).toBe('text');
  });

  it('removes DCS strings and short escapes (save cursor, character sets)', () => {
    expect(stripAnsi(`${ESC}Pq#0;2;0;0;0${ST}x${ESC}7y${ESC}8${ESC}(Bz`)).toBe('xyz');
  });

  it('never leaves a control character behind, even from a cut-off sequence', () => {
    expect(stripAnsi(`ok ${ESC}]8;;https://cut.example`)).toBe('ok ]8;;https://cut.example');
    expect(stripAnsi(`x${ESC}`)).toBe('x');
    expect(stripAnsi('a\u009bb')).not.toMatch(/[\u001b\u0080-\u009f]/);
  });

  it('keeps text, line feeds, tabs, carriage returns and non-ASCII as they are', () => {
    expect(stripAnsi('héllo\tworld\r\n[not an escape] 100%\n')).toBe('héllo\tworld\r\n[not an escape] 100%\n');
  });
});
