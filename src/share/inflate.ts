/**
 * deflate-raw both ways, with the unpacking capped: input goes into fflate's streaming Inflate a
 * small slice at a time and the output is counted as it comes, so a link that would unpack to
 * gigabytes is refused once it passes the cap, having held little more than the cap in memory.
 */
import { Inflate, deflateSync, type FlateError } from 'fflate';
import { ShareError } from './errors.ts';
import { megabytes } from './limits.ts';

/** Input bytes per push: deflate expands at most ~1032×, so one push yields at most ~4 MB. */
const SLICE = 4096;

export function deflateRaw(bytes: Uint8Array): Uint8Array {
  return deflateSync(bytes, { level: 9 });
}

/** Counts what the inflater produced (tests read it to see where a bomb was stopped). */
export interface InflateStats {
  produced: number;
}

class OverCap extends Error {}

export function inflateRawCapped(data: Uint8Array, cap: number, stats: InflateStats = { produced: 0 }): Uint8Array {
  if (data.length === 0) throw new ShareError('cut-off', 'the link is cut off: it ends in the middle of the data');
  const chunks: Uint8Array[] = [];
  stats.produced = 0;
  const inflater = new Inflate((chunk) => {
    stats.produced += chunk.length;
    if (stats.produced > cap) throw new OverCap();
    // fflate reuses its window buffer between pushes: keep a copy.
    chunks.push(chunk.slice());
  });
  try {
    for (let at = 0; at < data.length; at += SLICE) {
      const end = Math.min(at + SLICE, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
  } catch (e) {
    if (e instanceof OverCap)
      throw new ShareError(
        'unpacks-too-large',
        `the shared workspace is too large: it unpacks to more than ${megabytes(cap)}, the limit`,
      );
    const code = (e as FlateError).code;
    if (code === 0) throw new ShareError('cut-off', 'the link is cut off: it ends in the middle of the data');
    throw new ShareError('damaged', `the link is damaged: its data does not unpack (${(e as Error).message})`);
  }
  const out = new Uint8Array(stats.produced);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}
