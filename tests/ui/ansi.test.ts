// Terminal escape sequences in output are removed whole (src/ui/lib/ansi.ts).
import { describe, expect, it } from 'vitest';
import { AnsiStream, HOLD_MAX, stripAnsi, visibleOutput } from '../../src/ui/lib/ansi.ts';
import { CallRun } from '../../src/app/state/run.svelte.ts';
import { TelemetryLog } from '../../src/app/state/telemetry.svelte.ts';
import type { TelemetryEvent } from '../../src/protocol/events.ts';

const ESC = '\u001b';
const BEL = '\u0007';
const ST = `${ESC}\\`;

describe('stripAnsi', () => {
  it('removes colours and other CSI sequences (Python 3.14 tracebacks under FORCE_COLOR)', () => {
    expect(stripAnsi(`${ESC}[1;35mTraceback${ESC}[0m (most recent call last):`)).toBe(
      'Traceback (most recent call last):',
    );
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
    // Cut off at the end (more may come, or a terminal would swallow it): not shown at all.
    expect(stripAnsi(`ok ${ESC}]8;;https://cut.example`)).toBe('ok ');
    expect(stripAnsi(`x${ESC}`)).toBe('x');
    expect(stripAnsi(`x${ESC}[3`)).toBe('x');
    expect(stripAnsi(`x${ESC}]8;;u${ESC}`)).toBe('x');
    expect(stripAnsi('a\u009bb')).not.toMatch(/[\u001b\u0080-\u009f]/);
    // An "OSC" that never ends within HOLD_MAX characters was no sequence: its text shows, without the ESC.
    const long = `${ESC}]${'y'.repeat(HOLD_MAX)}`;
    expect(stripAnsi(long)).toBe(`]${'y'.repeat(HOLD_MAX)}`);
  });

  // A sequence split between two output events: neither half is ever shown.
  const splits = [
    [`${ESC}[3`, '1mred', `${ESC}[0m!`],
    [`${ESC}`, '[31mred', `${ESC}[0m!`],
    [`${ESC}]8;;https://ex.com/a`, `${BEL}red${ESC}]8;;${BEL}!`],
    [`${ESC}]8;;https://ex.com/a${ESC}`, `\\red${ESC}]8;;`, `${ST}!`],
  ];

  it('AnsiStream: each chunk shows only whole text, a sequence split across chunks is removed whole', () => {
    for (const chunks of splits) {
      const stream = new AnsiStream();
      const shown = chunks.map((c) => stream.push(c));
      expect(shown.join(''), JSON.stringify(chunks)).toBe('red!');
      expect(shown[0]).toBe('');
      for (const s of shown) expect(s).not.toMatch(/[\u001b\u0080-\u009f]|\[3|1m|8;;|\\/);
    }
  });

  const event = (callId: string, type: 'call.stdout' | 'call.stderr', text: string, t: number): TelemetryEvent => ({
    type,
    callId,
    text,
    t,
  });

  it('the telemetry panel: each output event of a call shows its visible text, stdout and stderr each their own stream', () => {
    const log = new TelemetryLog();
    log.addAll([
      event('c', 'call.stdout', `a${ESC}[3`, 1),
      event('c', 'call.stderr', `${ESC}[1`, 2),
      event('c', 'call.stdout', '1mred', 3),
      event('c', 'call.stderr', 'mbold', 4),
    ]);
    const [call] = log.visible;
    const output = visibleOutput(call!.events);
    expect(call!.events.map((e) => output.get(e))).toEqual(['a', '', 'red', 'bold']);
  });

  it('the result panel: while the second half has not arrived, nothing of the sequence shows', () => {
    const run = new CallRun();
    run.start('tool_x');
    run.onEvent(event('c', 'call.stdout', `ok ${ESC}[3`, 1));
    expect(stripAnsi(run.stdout)).toBe('ok ');
    run.onEvent(event('c', 'call.stdout', '1mred', 2));
    expect(stripAnsi(run.stdout)).toBe('ok red');
  });

  it('keeps text, line feeds, tabs, carriage returns and non-ASCII as they are', () => {
    expect(stripAnsi('héllo\tworld\r\n[not an escape] 100%\n')).toBe('héllo\tworld\r\n[not an escape] 100%\n');
  });
});
