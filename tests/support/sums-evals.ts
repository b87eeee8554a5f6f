// The three-case eval file the browser's evals are tried on (tests/evals/evals-browser.test.ts and
// tests/e2e/evals.e2e.ts): a sum tool whose `List[int]` LCP describes as `integer`, under two profiles.
export const SUMS_TOOL = `from typing import List


def tool_sum(values: List[int]) -> int:
    """Sum a list of numbers.

    Args:
        values (List[int]): the numbers to add up.
    """
    return sum(values)
`;

export const SUMS_EVALS = {
  toolplayEvals: 1,
  profile: ['standard', 'lcp'],
  runs: 3,
  cases: [
    {
      name: 'sums a list',
      message: 'Please sum these numbers',
      expect: { tool: 'tool_sum', args: { values: { type: 'array' } }, calls: { min: 1 } },
    },
    { name: 'no tool for a greeting', message: 'hello there', expect: { tool: null } },
    {
      name: 'answers with the recorded total',
      message: 'sum it',
      execute: false,
      results: { tool_sum: { output: 42, status_code: 200, success: true } },
      expect: { tool: 'tool_sum', answer: { contains: '42' } },
    },
  ],
};
