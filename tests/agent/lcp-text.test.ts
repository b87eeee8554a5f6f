/** lollms_client's text tool protocol: the tools block, reading <tool> tags, and the <tool_result> bodies. */
import { describe, expect, it } from 'vitest';
import { parseTextCall, toolResultMessage, toolsBlock } from '../../src/agent/lcp-text.ts';
import { sanitizeToolResult } from '../../src/agent/lcp-sanitize.ts';

describe('toolsBlock', () => {
  it('lists each tool with Python type names and the valid names', () => {
    const block = toolsBlock([
      {
        type: 'function',
        function: {
          name: 'tool_a',
          description: 'Do A.',
          parameters: {
            type: 'object',
            properties: { q: { type: 'string' }, n: { type: 'integer' }, xs: { type: 'array' } },
          },
        },
      },
      { type: 'function', function: { name: 'tool_b', parameters: { type: 'object', properties: {} } } },
    ]);
    expect(block).toContain('- tool_a(q: str, n: int, xs: list): Do A.\n- tool_b(): Execute tool_b\n');
    expect(block).toContain('Valid tool names: tool_a, tool_b\n');
    expect(toolsBlock([])).toBe('');
  });
});

describe('parseTextCall', () => {
  it('reads the first tag at a line start, nested or flat, keeping the parameters text', () => {
    expect(
      parseTextCall(
        'Sure.\n<tool>{"name": "tool_a", "parameters": {"x": 2.0}}</tool>\n<tool>{"name": "tool_b"}</tool>',
        'id1',
      ),
    ).toEqual({ ok: true, call: { id: 'id1', name: 'tool_a', argsJson: '{"x": 2.0}' } });
    expect(parseTextCall('<TOOL>{"name": "tool_a", "x": 1, "y": [1e3]}', 'id2')).toEqual({
      ok: true,
      call: { id: 'id2', name: 'tool_a', argsJson: '{"x": 1, "y": [1e3]}' },
    });
  });

  it('ignores tags inside a line, after a backtick or on a table row', () => {
    expect(parseTextCall('I would write <tool>{"name": "tool_a"}</tool> here', 'i')).toBeNull();
    expect(parseTextCall('`<tool>{"name": "tool_a"}</tool>`', 'i')).toBeNull();
    expect(parseTextCall('<tool>{"name": "tool_a"}</tool> | cell', 'i')).toBeNull();
  });

  it('says what is wrong with a malformed call', () => {
    expect(parseTextCall('<tool>{"name": tool_a}</tool>', 'i')).toEqual({
      ok: false,
      message: 'the <tool> tag does not hold a JSON object: {"name": tool_a}',
    });
    expect(parseTextCall('<tool>{"parameters": {}}</tool>', 'i')).toEqual({
      ok: false,
      message: 'the <tool> call has no "name": {"parameters": {}}',
    });
  });
});

describe('tool results', () => {
  it('unwraps output, prefers prompt_injection, strips blobs and cuts long strings', () => {
    expect(sanitizeToolResult({ output: 'got x', status_code: 200, success: true })).toBe('got x');
    expect(sanitizeToolResult({ output: { text: 'inner' }, success: true })).toBe('inner');
    expect(sanitizeToolResult({ output: { rows: [1, null] }, success: true })).toBe(
      '{\n  "rows": [\n    1,\n    "[No output returned by tool]"\n  ]\n}',
    );
    expect(
      sanitizeToolResult({
        success: true,
        output: { plot_b64: 'A'.repeat(2048) },
        prompt_injection: ' Show the plot. ',
      }),
    ).toBe('✓ Success\nShow the plot.');
    expect(sanitizeToolResult({ output: { plot_b64: 'A'.repeat(2048) } })).toBe(
      '{\n  "plot_b64": "[base64 blob stripped: 1.5KB]"\n}',
    );
    expect(sanitizeToolResult({ output: null })).toBe('Tool executed successfully but returned no output content.');
    // lollms_client cuts a long string twice (once while walking, once at the end): the note counts the first note's characters.
    expect(sanitizeToolResult({ output: 'ü'.repeat(4005) })).toBe(
      `${'ü'.repeat(4000)}\n... [truncated, 30 more chars]`,
    );
  });

  it('marks LCP failures FAILED with the error, and successes SUCCESS', () => {
    expect(
      toolResultMessage('tool_a', {
        status: 'finished',
        result: { output: 'boom', error: 'boom', success: false, status_code: 500 },
        durationMs: 1,
      }),
    ).toEqual({
      text: '<tool_result name="tool_a" status="FAILED">\nError executing tool \'tool_a\': boom\n</tool_result>\n\n',
      error: true,
    });
    expect(
      toolResultMessage('tool_a', {
        status: 'finished',
        result: { output: 'ok', status_code: 200, success: true },
        durationMs: 1,
      }),
    ).toEqual({ text: '<tool_result name="tool_a" status="SUCCESS">\nok\n</tool_result>\n\n', error: false });
    expect(
      toolResultMessage('tool_a', { status: 'failed', reason: 'timeout', message: 'too slow', durationMs: 1 }).text,
    ).toContain("Error executing tool 'tool_a': too slow");
  });
});
