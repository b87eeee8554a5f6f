/**
 * Terminal escape sequences in a tool's output are removed, never shown half-stripped: Loki sets
 * FORCE_COLOR=1 (so Python 3.14 colours its tracebacks), and tools print colours, cursor moves and
 * OSC 8 hyperlinks. strip-ansi (ansi-regex) knows CSI, OSC with either terminator, DCS/APC/PM
 * strings and the short escapes; an ESC or C1 control left over (a sequence cut off or never
 * terminated) is dropped too, so no control character reaches the page. Line feeds, tabs and
 * carriage returns are text and stay.
 */
import strip from 'strip-ansi';

const STRAY = /[\u001b\u0080-\u009f]/g;

export function stripAnsi(text: string): string {
  return strip(text).replace(STRAY, '');
}
