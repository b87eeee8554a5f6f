/**
 * What Loki hands the model after a tool ran (loki.md §5, `run_llm_function` + `ToolCall::eval`):
 * a non-zero exit → `{tool_call_error, stderr?}`; otherwise the LLM_OUTPUT file: missing, empty or
 * the text `null` → serde's Null, which `eval_tool_calls` sends as `"DONE"` (so given here as "DONE",
 * as the Python runner gives it: python/toolplay/hosts/loki/model.py), JSON → that value (as
 * serde_json reads it: `1e400` is out of range, so text), anything else → `{output: text}`.
 */
export const DONE = 'DONE';

export function lokiModelValue(name: string, exitCode: number, stderr: string, llmOutput: string | null): unknown {
  if (exitCode !== 0) {
    const value: Record<string, string> = { tool_call_error: `Tool call '${name}' exited with code ${exitCode}` };
    const trimmed = stderr.trim();
    if (trimmed !== '') value.stderr = trimmed;
    return value;
  }
  if (llmOutput === null || llmOutput === '') return DONE;
  try {
    const value = JSON.parse(llmOutput) as unknown;
    if (value === null) return DONE;
    // serde_json refuses a number past f64 ("number out of range"), where JSON.parse gives Infinity.
    if (!allFinite(value)) return { output: llmOutput };
    return value;
  } catch {
    return { output: llmOutput };
  }
}

function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value !== null && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}
