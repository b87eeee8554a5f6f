/**
 * What Loki hands the model after a tool ran (loki.md §5, `run_llm_function` + `ToolCall::eval`):
 * a non-zero exit → `{tool_call_error, stderr?}`; otherwise the LLM_OUTPUT file: missing or
 * empty → null, JSON → that value, anything else → `{output: text}`.
 */
export function lokiModelValue(name: string, exitCode: number, stderr: string, llmOutput: string | null): unknown {
  if (exitCode !== 0) {
    const value: Record<string, string> = { tool_call_error: `Tool call '${name}' exited with code ${exitCode}` };
    const trimmed = stderr.trim();
    if (trimmed !== '') value.stderr = trimmed;
    return value;
  }
  if (llmOutput === null || llmOutput === '') return null;
  try {
    return JSON.parse(llmOutput) as unknown;
  } catch {
    return { output: llmOutput };
  }
}
