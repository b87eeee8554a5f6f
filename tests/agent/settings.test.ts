/** The agent's saved settings are narrowed field by field: a corrupt record or link injects nothing. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT, agentSettings } from '../../src/agent/settings.ts';

describe('agentSettings', () => {
  it('falls back to the defaults for anything unusable', () => {
    expect(agentSettings(undefined)).toEqual(DEFAULT_AGENT);
    expect(
      agentSettings({ model: 'evil', maxTurns: -3, protocol: 'x', conversation: 'no', draft: 42, apiKey: 'sk-never' }),
    ).toEqual(DEFAULT_AGENT);
  });

  it('keeps well-formed messages and drops the rest, never an unknown field', () => {
    const got = agentSettings({
      model: 'endpoint',
      baseUrl: 'http://localhost:1234/v1',
      modelName: 'm',
      maxTurns: 3,
      protocol: 'lcp-text',
      apiKey: 'sk-never',
      draft: 'half a message',
      conversation: [
        { role: 'user', content: 'hi', html: '<img onerror=x>' },
        { role: 'system', content: 'dropped' },
        {
          role: 'assistant',
          round: 1,
          model: 'm',
          content: '',
          calls: [
            {
              id: 'c',
              name: 't',
              argsJson: '{}',
              outcome: { status: 'finished', result: { ok: 1 }, durationMs: 2 },
              sent: 's',
              error: false,
            },
            { id: 'bad' },
          ],
        },
        { role: 'notice', level: 'weird', text: 'x' },
      ],
    });
    expect(got).toEqual({
      model: 'endpoint',
      script: DEFAULT_AGENT.script,
      baseUrl: 'http://localhost:1234/v1',
      modelName: 'm',
      maxTurns: 3,
      protocol: 'lcp-text',
      draft: 'half a message',
      conversation: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          round: 1,
          model: 'm',
          content: '',
          calls: [
            {
              id: 'c',
              name: 't',
              argsJson: '{}',
              outcome: { status: 'finished', result: { ok: 1 }, durationMs: 2 },
              sent: 's',
              error: false,
            },
          ],
        },
        { role: 'notice', level: 'error', text: 'x' },
      ],
    });
  });
});
