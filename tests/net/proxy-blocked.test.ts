// A request the browser blocks when it went through the workspace's CORS proxy already (issue 32 item
// 10): the advice is about the proxy (it sends no Access-Control-Allow-Origin, or does not answer),
// not "set a CORS proxy"; without a proxy the advice stays the proxy.
import { expect, it } from 'vitest';
import { FetchGuard } from '../../src/net/fetch-guard.ts';

const blocked = (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));

async function message(corsProxy: string | null): Promise<string> {
  const guard = new FetchGuard(blocked, null);
  const call = guard.toolCall({
    policy: { enabled: true, corsProxy },
    report: () => {},
    origin: 'https://play.example',
  });
  try {
    await guard.fetch('https://api.example/q?api_key=s3cret');
    return 'answered';
  } catch (e) {
    return (e as Error).message;
  } finally {
    call.end();
  }
}

it("through a proxy that sends no CORS headers: the advice names the proxy and its header, not 'set a CORS proxy'", async () => {
  const text = await message('http://127.0.0.1:8787/');
  expect(text).toBe(
    "toolplay: GET https://api.example/q?api_key=%E2%80%A6redacted went through the workspace's CORS proxy http://127.0.0.1:8787, and the browser blocked its answer or the proxy did not answer (Failed to fetch). A browser lets this page (https://play.example) read the proxy's answer only when the proxy sends Access-Control-Allow-Origin: check that it runs and adds that header (`npx toolplay proxy` does), or clear the CORS proxy (Packages view).",
  );
});

it('without a proxy: the advice is to set one', async () => {
  expect(await message(null)).toContain('set a CORS proxy for this workspace');
});
