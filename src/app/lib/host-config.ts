/**
 * What the Call panel says about a library's host configuration (lollms `host_tool_configs`, keyed
 * by file stem): whether the library reads a key of it, decided from its source as LCP would call
 * it (lcp.md §4: `init_tools_library(host_config)` only when the top-level, plain `def` takes a
 * positional parameter or `*args`; otherwise it is called with nothing and no key arrives), and
 * the autonomy level as the JSON shown holds it.
 */

/** The parameter list of the top-level `def init_tools_library(...)`, or null when there is none. */
function initParams(source: string): string | null {
  const m = /^def[ \t]+init_tools_library[ \t]*\(/m.exec(source);
  if (!m) return null;
  let depth = 1;
  for (let i = m.index + m[0].length; i < source.length; i++) {
    const c = source[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    if (depth === 0) return source.slice(m.index + m[0].length, i);
  }
  return null;
}

/** Splits a parameter list at its top-level commas. */
function splitParams(params: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < params.length; i++) {
    const c = params[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(params.slice(start, i));
      start = i + 1;
    }
  }
  out.push(params.slice(start));
  return out.map((p) => p.trim()).filter((p) => p !== '' && !p.startsWith('#'));
}

/** Whether LCP passes the host config to this `init_tools_library`: it has a positional parameter or `*args`. */
function takesConfig(params: string): boolean {
  for (const p of splitParams(params)) {
    if (p === '/' || p.startsWith('**')) continue;
    if (p === '*') return false; // what follows is keyword-only: LCP calls init_tools_library()
    return true; // a positional parameter, or *args
  }
  return false;
}

/**
 * Whether the library reads `key` of its host configuration: it defines a top-level
 * `def init_tools_library` that LCP hands the configuration to, and its source names `key` as a
 * string (`config.get("autonomy_level")`, `config["autonomy_level"]`).
 */
export function readsHostKey(source: string | null, key: string): boolean {
  if (source === null) return false;
  const params = initParams(source);
  if (params === null || !takesConfig(params)) return false;
  return source.includes(`"${key}"`) || source.includes(`'${key}'`);
}

/** The summary's words for the autonomy level, as the configuration JSON holds it (not the library's own default). */
export function autonomyLine(config: Record<string, unknown> | undefined): string {
  if (!config || !('autonomy_level' in config))
    return 'no autonomy_level set: init_tools_library applies its own default';
  const v = config.autonomy_level;
  return `autonomy_level ${typeof v === 'string' && /^[\w-]+$/.test(v) ? v : JSON.stringify(v)}, passed to init_tools_library`;
}
