// The Call panel's host configuration line (issue 33): the autonomy level is named only for a
// library whose init_tools_library reads it, and as the configuration JSON holds it.
import { describe, expect, it } from 'vitest';
import { autonomyLine, readsHostKey } from '../../src/app/lib/host-config.ts';

const reads = (init: string, body = '    level = config.get("autonomy_level", "safe")\n') =>
  readsHostKey(`import os\n\n${init}\n${body}`, 'autonomy_level');

describe('readsHostKey', () => {
  it('an init_tools_library that LCP hands the config to, and a source that names the key', () => {
    expect(reads('def init_tools_library(config: Optional[dict] = None) -> None:')).toBe(true);
    expect(reads('def init_tools_library(*args, **kw):', "    level = args[0]['autonomy_level']\n")).toBe(true);
    expect(reads('def init_tools_library(\n    config=dict(),\n):')).toBe(true);
  });
  it('no init_tools_library, or one LCP calls with nothing, or a source that never names the key: no', () => {
    expect(readsHostKey('def tool_x():\n    """x"""\n    return "autonomy_level"\n', 'autonomy_level')).toBe(false);
    expect(reads('def init_tools_library():')).toBe(false);
    expect(reads('def init_tools_library(*, config=None):')).toBe(false);
    expect(reads('def init_tools_library(**kw):')).toBe(false);
    expect(reads('def init_tools_library(config=None):', '    global CONFIG\n    CONFIG = config\n')).toBe(false);
    // LCP never awaits it, and a nested or singular one is not LCP's hook.
    expect(reads('async def init_tools_library(config=None):')).toBe(false);
    expect(reads('class X:\n    def init_tools_library(self, config=None):')).toBe(false);
    expect(reads('def init_tool_library(config=None):')).toBe(false);
    expect(readsHostKey(null, 'autonomy_level')).toBe(false);
  });
});

describe('autonomyLine', () => {
  it('says the level the JSON holds, and says when it holds none', () => {
    expect(autonomyLine({ autonomy_level: 'strict' })).toBe('autonomy_level strict, passed to init_tools_library');
    expect(autonomyLine({ autonomy_level: 'Full Access' })).toBe(
      'autonomy_level "Full Access", passed to init_tools_library',
    );
    expect(autonomyLine({})).toBe('no autonomy_level set: init_tools_library applies its own default');
    expect(autonomyLine(undefined)).toBe('no autonomy_level set: init_tools_library applies its own default');
  });
});
