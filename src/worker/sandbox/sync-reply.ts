/**
 * A synchronous request's answer as bytes (the frame copies them into memory shared with the
 * worker): a 4-byte length, the answer as JSON without its body, then the body.
 */
import type { SandboxHttpReply } from '../../protocol/sandbox.ts';
import { isRecord } from '../../protocol/records.ts';

export function encodeSyncReply(reply: SandboxHttpReply): ArrayBuffer {
  const { body, ...head } = reply.ok ? reply : { ...reply, body: new ArrayBuffer(0) };
  const json = new TextEncoder().encode(JSON.stringify(head));
  const out = new Uint8Array(4 + json.byteLength + body.byteLength);
  new DataView(out.buffer).setUint32(0, json.byteLength);
  out.set(json, 4);
  out.set(new Uint8Array(body), 4 + json.byteLength);
  return out.buffer;
}

/** Reads what encodeSyncReply wrote (copied out of shared memory first: TextDecoder refuses shared views). */
export function decodeSyncReply(bytes: Uint8Array): SandboxHttpReply {
  try {
    const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
    const head: unknown = JSON.parse(new TextDecoder().decode(bytes.slice(4, 4 + length)));
    if (!isRecord(head)) throw new Error('not an object');
    if (head.ok !== true)
      return { ok: false, error: typeof head.error === 'string' ? head.error : 'the request failed' };
    return { ...(head as Omit<Extract<SandboxHttpReply, { ok: true }>, 'body'>), body: bytes.slice(4 + length).buffer };
  } catch (e) {
    return { ok: false, error: `the page's answer could not be read (${e instanceof Error ? e.message : String(e)})` };
  }
}
