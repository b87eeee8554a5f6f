/**
 * A lesson check that runs a raising tool tells what it printed as a person can read it: no terminal
 * colour codes (Loki's FORCE_COLOR=1 colours Python 3.14's traceback), and the exception line kept
 * however long the traceback (the real engine, Pyodide under Node).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNodeEngine } from '../../src/engine/node.ts';
import { COURSE } from '../../src/course/bundle.ts';
import { NodeScratchHost } from '../../src/scratch/node-host.ts';
import { encodeFiles, runLessonCheck } from '../../src/course/run-check.ts';
import { printed } from '../../src/course/checks/expect.ts';

let host: NodeScratchHost;
beforeAll(async () => {
  host = new NodeScratchHost(await loadNodeEngine());
}, 120_000);

describe('what a check says a run printed', () => {
  it('drops colour codes and keeps the last line of a long text', () => {
    const trace = `Traceback (most recent call last):\n${'  File "x.py", line 1, in run\n'.repeat(20)}\u001b[1;35mTypeError\u001b[0m: \u001b[35mrun() missing 1 required positional argument: 'units'\u001b[0m\n`;
    const said = printed(trace);
    expect(said).not.toMatch(/\u001b/);
    expect(said.length).toBeLessThanOrEqual(300);
    expect(said.startsWith('Traceback (most recent call last):')).toBe(true);
    expect(said.endsWith("\nTypeError: run() missing 1 required positional argument: 'units'")).toBe(true);
    expect(printed('short\n')).toBe('short');
  });

  it("the Loki lesson's run of a tool missing an argument shows the TypeError, without escape sequences", async () => {
    const lesson = COURSE.find((l) => l.id === 'loki-python')!;
    const tool = `import typing


def run(location: str, units: typing.Literal["celsius", "fahrenheit"]):
    """Get the current weather in a location (demo data, no network).
    Args:
        location: The city, for example "Paris"
        units: celsius or fahrenheit
    """
    return f"{location}: sunny"
`;
    const report = await runLessonCheck(
      host,
      lesson,
      encodeFiles({ ...lesson.start, 'functions/tools/get_weather.py': tool }),
    );
    const run = report.items.find((i) => i.text.startsWith('Run with'));
    expect(run?.ok).toBe(false);
    expect(run?.detail).toContain("TypeError: run() missing 1 required positional argument: 'units'");
    expect(run?.detail).not.toMatch(/[\u001b\u009b]/);
    // The enum item is explained by LOKI007, whose fix keeps the choices.
    const enumItem = report.items.find((i) => i.text.startsWith('`units` is limited'));
    expect(enumItem?.detail).toContain(
      'write `units: Literal["celsius", "fahrenheit"]` (with `from typing import Literal`)',
    );
  });
});
