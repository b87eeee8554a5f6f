/** The check of lesson loki-env (lesson.md beside it): a key from functions/.env, and a clear error without it. */
import type { CheckItem, LessonCheck, LessonDefinition } from '../../types.ts';
import { at, item, printed, toolNamed } from '../../checks/expect.ts';
import { declaredItem, failsItem, lokiRun, runItem } from '../../checks/loki.ts';
import { sampleArgs } from '../../checks/params.ts';

/** Two keys no tool can carry beforehand: the answer must be the one functions/.env holds. */
const KEYS = ['check-key-7f3a', 'check-key-91bd'];

/**
 * A probe tool of the check's own, written beside the person's: it runs their `run()` from another
 * working directory, as Loki does (Loki's is the folder it was started in, never the tools'
 * folder), with the environment the wrapper made from functions/.env.
 */
const PROBE_FILE = 'functions/tools/toolplay_cwd_probe.py';
const PROBE = `import importlib.util
import os
import tempfile


def run(file: str):
    """Runs another tool's run() from an empty working directory."""
    path = os.path.abspath(os.path.join("functions", "tools", file))
    here = os.getcwd()
    os.chdir(tempfile.mkdtemp())
    try:
        spec = importlib.util.spec_from_file_location("toolplay_cwd_probe_target", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return {"value": str(module.run())}
    except BaseException as exc:
        return {"raised": f"{type(exc).__name__}: {exc}"}
    finally:
        os.chdir(here)
`;

const check: LessonCheck = async (port) => {
  const loki = await port.inspect('loki');
  const tool = toolNamed(loki, 'forecast_key');
  const args = sampleArgs(tool);
  const withKey = (key: string) => ({ args, overlay: { 'functions/.env': `WEATHER_API_KEY=${key}\n` } });
  const returns = (key: string, text: string) =>
    runItem(port, tool, 'forecast_key', withKey(key), text, (value) =>
      value.includes(key) ? null : `With WEATHER_API_KEY=${key} in functions/.env, the answer does not contain it.`,
    );
  const elsewhere = async (): Promise<CheckItem> => {
    const text =
      "It finds the key when Loki runs it from another working directory (Loki's is the folder it was started in, not the workspace)";
    if (!tool) return item(text, { detail: 'Loki does not declare forecast_key, so it cannot run.' });
    const key = KEYS[0]!;
    const run = lokiRun(
      await port.call({
        tool: 'toolplay_cwd_probe',
        args: { file: tool.file.split('/').pop() ?? 'forecast_key.py' },
        overlay: { [PROBE_FILE]: PROBE, 'functions/.env': `WEATHER_API_KEY=${key}\n` },
      }),
    );
    const got = (run.model ?? {}) as { value?: unknown; raised?: unknown };
    if (typeof got.value === 'string' && got.value.includes(key)) return item(text, null);
    return item(text, {
      detail: `Run from an empty working directory with WEATHER_API_KEY=${key} in functions/.env, ${
        typeof got.raised === 'string'
          ? `it raised ${got.raised}`
          : typeof got.value === 'string'
            ? `it returned ${JSON.stringify(got.value)}`
            : `it did not run: ${printed(run.said)}`
      }. Loki's wrapper has already put the file's variables in the environment: read os.environ, not the file.`,
      at: at(tool),
    });
  };
  return [
    declaredItem(loki, 'forecast_key'),
    await returns(KEYS[0]!, 'It returns the value of WEATHER_API_KEY from functions/.env'),
    await returns(KEYS[1]!, 'And another value of it, when functions/.env holds another'),
    await elsewhere(),
    await failsItem(
      port,
      tool,
      'forecast_key',
      { args, overlay: { 'functions/.env': '# no WEATHER_API_KEY here\n' } },
      'Without WEATHER_API_KEY, it fails (exit code not 0) with a message of its own that names the key, not a traceback',
      'WEATHER_API_KEY',
    ),
  ];
};

const lesson: LessonDefinition = {
  order: 440,
  host: 'loki',
  openPath: 'functions/tools/forecast_key.py',
  check,
  run: { tool: 'forecast_key', args: {} },
};
export default lesson;
