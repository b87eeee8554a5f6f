// The one redaction rule set on URLs (src/net/redact.ts): one test per rule, each with what must
// survive next to what must go, so neither a leak nor an over-eager rule passes.
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/net/redact.ts';

const R = '%E2%80%A6redacted';

describe('redactUrl', () => {
  it('replaces the value of every query name holding a secret part, whatever its case and separators', () => {
    for (const name of [
      'api_key',
      'apiKey',
      'X-Api-Key',
      'apikey',
      'access_token',
      'client_secret',
      'pass',
      'passwd',
      'auth',
      'sig',
      'jwt',
      'otp',
      'hmac',
      'bearer',
      'session',
      'sessionid',
      'cookie',
      'credential',
    ])
      expect(redactUrl(`https://api.example.org/v1?${name}=abc&q=python`), name).toBe(
        `https://api.example.org/v1?${name}=${R}&q=python`,
      );
  });

  it('keeps ordinary names that contain a secret part (keyword, max_tokens, author, design) and plain values', () => {
    const url =
      'https://api.example.org/search?keyword=python&max_tokens=100&author=tolkien&design=flat&token=&auth=true&q=python';
    expect(redactUrl(url)).toBe(url);
  });

  it('`code`: an OAuth code goes; a short code (an HTTP status, a language) stays, also under names ending in code', () => {
    expect(redactUrl('https://app.example.org/cb?code=4/0AX4XfWh-abcdefgh&state=xyz')).toBe(
      `https://app.example.org/cb?code=${R}&state=xyz`,
    );
    expect(redactUrl('https://app.example.org/cb?code=9f8e7d6c')).toBe(`https://app.example.org/cb?code=${R}`);
    const kept = 'https://api.example.org/x?code=200&status_code=404&lang_code=en-GB&zipcode=75001';
    expect(redactUrl(kept)).toBe(kept);
  });

  it('short names (k, t, ak) only when the value looks like a key', () => {
    expect(redactUrl('https://x.example/?k=a1b2c3d4e5f6g7h8i9&t=1700000000000&k2=5&s=hello')).toBe(
      `https://x.example/?k=${R}&t=1700000000000&k2=5&s=hello`,
    );
  });

  it('key-shaped values under any name: sk-, GitHub, Slack, AWS, Google, JWT, long hex or random base64', () => {
    const keys = [
      'sk-live-abcdefghijklmnopqrstuv',
      'sk-proj-Abc123def456ghi789jkl',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'github_pat_11ABCDEFG0123456789_abcdefghijklmnop',
      'xoxb-1234567890-abcdefghij',
      'AKIAABCDEFGHIJKLMNOP',
      'AIzaSyA1234567890abcdefghijklmnopqrstu',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl',
      '0123456789abcdef0123456789abcdef',
      'aZ3kLm29QxZpR7tYuV1wXyZ8bCdEfGh0',
    ];
    for (const key of keys)
      expect(redactUrl(`https://x.example/?q=${key}&page=2`), key).toBe(`https://x.example/?q=${R}&page=2`);
    // Not keys: a UUID, a long word, a short value.
    const kept =
      'https://x.example/?id=550e8400-e29b-41d4-a716-446655440000&q=supercalifragilisticexpialidocious&v=sk-learn';
    expect(redactUrl(kept)).toBe(kept);
  });

  it('; parameters, in a path segment and as query separators', () => {
    expect(redactUrl('https://x.example/a;token=abc;v=1/b;jsessionid=XYZ?x=1;secret=s')).toBe(
      `https://x.example/a;token=${R};v=1/b;jsessionid=${R}?x=1;secret=${R}`,
    );
  });

  it('the fragment: parameters (#access_token=), an SPA route with a query, a bare key; a wheel digest and a heading stay', () => {
    expect(redactUrl('https://x.example/#access_token=abc.def&expires_in=3600')).toBe(
      `https://x.example/#access_token=${R}&expires_in=3600`,
    );
    expect(redactUrl('https://x.example/#/callback?id_token=abc&state=s1')).toBe(
      `https://x.example/#/callback?id_token=${R}&state=s1`,
    );
    expect(redactUrl('https://x.example/#ghp_abcdefghijklmnopqrstuvwxyz0123456789')).toBe(`https://x.example/#${R}`);
    const wheel =
      'https://files.example.org/packages/ab/cd/0123456789abcdef0123456789abcdef0123456789abcdef/x-1.0-py3-none-any.whl#sha256=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';
    expect(redactUrl(wheel)).toBe(wheel);
    expect(redactUrl('https://docs.example.org/guide#installing')).toBe('https://docs.example.org/guide#installing');
  });

  it('path tokens of Telegram bots, Slack and Discord webhooks, and key-shaped path segments', () => {
    expect(redactUrl('https://api.telegram.org/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe')).toBe(
      `https://api.telegram.org/bot123456:${R}/getMe`,
    );
    expect(redactUrl('https://api.telegram.org/file/bot123456:AAHdqTcvCH1vGWJx/photos/1.jpg')).toBe(
      `https://api.telegram.org/file/bot123456:${R}/photos/1.jpg`,
    );
    expect(redactUrl('https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX')).toBe(
      `https://hooks.slack.com/services/T00000000/B00000000/${R}`,
    );
    expect(redactUrl('https://discord.com/api/webhooks/123456789/abcDEF-ghi_jkl')).toBe(
      `https://discord.com/api/webhooks/123456789/${R}`,
    );
    expect(redactUrl('https://discord.com/api/v10/webhooks/123456789/abcDEF-ghi_jkl?wait=true')).toBe(
      `https://discord.com/api/v10/webhooks/123456789/${R}?wait=true`,
    );
    expect(redactUrl('https://x.example/v1/sk-live-abcdefghijklmnopqrstuv/items')).toBe(
      `https://x.example/v1/${R}/items`,
    );
    // A commit id or a content hash in a path is a digest: it stays.
    const commit = 'https://github.com/o/r/commit/0123456789abcdef0123456789abcdef01234567';
    expect(redactUrl(commit)).toBe(commit);
  });

  it('userinfo: user and password both go, the host stays', () => {
    expect(redactUrl('http://u:p@127.0.0.1:9/x?q=1')).toBe(`http://${R}@127.0.0.1:9/x?q=1`);
    expect(redactUrl('https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/o/r.git')).toBe(
      `https://${R}@github.com/o/r.git`,
    );
  });

  it('keeps the rest exactly as written (no re-encoding), and redacting twice changes nothing more', () => {
    const url = 'https://x.example/a%20b/?q=a+b&r=%C3%A9&api_key=1%202';
    const once = redactUrl(url);
    expect(once).toBe(`https://x.example/a%20b/?q=a+b&r=%C3%A9&api_key=${R}`);
    expect(redactUrl(once)).toBe(once);
  });

  it('something that is not a URL is read as free text', () => {
    expect(redactUrl('not a url, token=abc123')).toBe('not a url, token=…redacted');
  });
});
