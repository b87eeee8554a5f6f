/** The reference-I golden cases of lcp_oracle.py's GOLDEN_CASES, argument for argument. */
import type { OracleCase } from './lcp_support.ts';

const EXEC_CASES: [string, string][] = [
  ['tool_ok_dict', '{}'], ['tool_ok_dict', '{"a": "y", "unknown": 1, "discussion_instance": "D"}'],
  ['tool_ok_extra_keys', '{}'], ['tool_ok_output_and_extra', '{}'], ['tool_plain_string', '{}'],
  ['tool_returns_none', '{}'], ['tool_returns_zero', '{}'], ['tool_returns_list', '{}'],
  ['tool_bare_failure', '{}'], ['tool_failure_with_error', '{}'], ['tool_error_key_only', '{}'],
  ['tool_raises', '{}'], ['tool_echo_types', '{"n": "5", "b": "false"}'], ['tool_echo_types', '{}'],
  ['tool_const_default', '{}'], ['tool_kwargs_sink', '{"a": "1", "z": 2, "discussion_instance": "D"}'],
  ['tool_cwd', '{}'], ['tool_kwonly_required', '{"a": "x", "must": "m"}'], ['tool_nope', '{}'],
  ['tool_twice', '{"a": "z"}'], ['tool_boxed', '{"self": 1, "x": 2}'],
  ['tool_hidden_in_async', '{"z": 1}'], ['tool_posonly_exec', '{"a": 1, "b": "q"}'], ['tool_sys_exit', '{}'],
];
const CHAT_CASES: [string, string][] = [
  ['tool_ok_extra_keys', '{}'], ['tool_plain_string', '{}'], ['tool_returns_none', '{}'],
  ['tool_bare_failure', '{}'], ['tool_failure_with_error', '{}'], ['tool_error_key_only', '{}'],
  ['tool_raises', '{}'], ['tool_kwargs_sink', '{"a": "1", "z": 2, "discussion_instance": "D"}'],
];
const INIT_CALLS: [string, string][] = [
  'tool_init_noarg_report', 'tool_init_config_report', 'tool_init_kwonly_report', 'tool_init_varargs_report',
  'tool_init_fails_report', 'tool_init_singular_report', 'tool_init_fails_report',
].map((t) => [t, '{}']);

export const CASES: Record<string, OracleCase> = {
  types: { folders: ['types'] },
  docs: { folders: ['docs'] },
  layout: { folders: ['layout'] },
  tool_files: { folders: ['layout/pkgB'], files: ['layout/flat_tool.py', 'layout/dupe2.py'] },
  init: {
    folders: ['init'],
    host: { init_config: { autonomy_level: 'strict' }, init_varargs: { autonomy_level: 'full_access' }, init_kwonly: { x: 1 } },
    exec: INIT_CALLS,
  },
  prompts: { folders: ['prompts'], cwd: 'layout/pkgB', exec: [['tool_search_prompt', '{}'], ['tool_search', '{"query": "q"}']] },
  exec_binding: { folders: ['exec'], cwd: 'layout/pkgB', exec: EXEC_CASES },
  exec_chat: { folders: ['exec'], cwd: 'layout/pkgB', via: 'chat', exec: CHAT_CASES },
  samestem_a: { folders: ['samestem1', 'samestem2'], exec: [['tool_from_first', '{}'], ['tool_from_second', '{}']] },
  samestem_b: { folders: ['samestem1', 'samestem2'], exec: [['tool_from_second', '{}'], ['tool_from_first', '{}']] },
};

