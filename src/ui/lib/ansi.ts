/**
 * Terminal escape sequences in a tool's output are removed, never shown half-stripped: Loki sets
 * FORCE_COLOR=1 (so Python 3.14 colours its tracebacks), and tools print colours, cursor moves and
 * OSC 8 hyperlinks. strip-ansi (ansi-regex) knows CSI, OSC with either terminator, DCS/APC/PM
 * strings and the short escapes; an ESC or C1 control left over (a sequence never terminated) is
 * dropped too, so no control character reaches the page. Line feeds, tabs and carriage returns are
 * text and stay.
 *
 * Output arrives in chunks, and a sequence can be split between two of them ("\x1b[3" then "1mred"):
 * a sequence begun at the end of what arrived and not finished yet is held back (not shown), and the
 * next chunk of the same stream finishes it (AnsiStream, visibleOutput). At the very end of a stream
 * it stays unshown, as a terminal would swallow it.
 */
import strip from 'strip-ansi';
import type { TelemetryEvent } from '../../protocol/events.ts';

const STRAY = /[\u001b\u0080-\u009f]/g;
/** Longest unfinished sequence held back; a longer one was never a sequence and shows as text. */
export const HOLD_MAX = 4096;
/**
 * A sequence begun and not finished at the end of the text: ESC with intermediates, a CSI without its
 * final byte, an OSC, DCS, SOS, PM or APC string without its terminator (an ESC last may begin ST).
 */
const UNFINISHED =
  /(?:\u001b(?:[ -/]*|\[[0-?]*[ -/]*|[\]PX^_][^\u0007\u001b\u009c]*\u001b?)|\u009b[0-?]*[ -/]*|[\u0090\u0098\u009d\u009e\u009f][^\u0007\u001b\u009c]*\u001b?)$/u;

/** The text split before an unfinished sequence at its end: [what can be shown once stripped, the held-back start of a sequence]. */
export function splitUnfinished(text: string): [string, string] {
  const from = Math.max(0, text.length - HOLD_MAX);
  const m = UNFINISHED.exec(text.slice(from));
  if (!m) return [text, ''];
  const at = from + m.index;
  return [text.slice(0, at), text.slice(at)];
}

/** The text as shown: every sequence removed whole, an unfinished one at the end held back. */
export function stripAnsi(text: string): string {
  return strip(splitUnfinished(text)[0]).replace(STRAY, '');
}

/** One stream's chunks in order: each chunk's visible text, a sequence split across chunks shown as neither half. */
export class AnsiStream {
  #held = '';

  push(chunk: string): string {
    const [shown, held] = splitUnfinished(this.#held + chunk);
    this.#held = held;
    return strip(shown).replace(STRAY, '');
  }
}

/** The visible text of each output event of one call, stdout and stderr each a stream of its own. */
export function visibleOutput(events: readonly TelemetryEvent[]): Map<TelemetryEvent, string> {
  const streams = { 'call.stdout': new AnsiStream(), 'call.stderr': new AnsiStream() };
  const out = new Map<TelemetryEvent, string>();
  for (const e of events)
    if (e.type === 'call.stdout' || e.type === 'call.stderr') out.set(e, streams[e.type].push(e.text));
  return out;
}
