/**
 * The sha256 a package index announces for each file, read from the index pages an install fetches
 * (micropip's own requests, seen by the FetchGuard): PEP 691 JSON (`files[].hashes.sha256`) and
 * PEP 503 HTML (`<a href="…#sha256=…">`), relative URLs resolved against the page. The installer
 * (installer.ts) then takes a wheel from the cache only with those bytes, and checks a download
 * against them before micropip sees it.
 */
import { isRecord } from '../protocol/records.ts';

const SHA256 = /^[0-9a-f]{64}$/;

/** A URL without its fragment (an HTML index puts the hash there): the key a wheel is announced under. */
export function withoutFragment(url: string): string {
  const at = url.indexOf('#');
  return at < 0 ? url : url.slice(0, at);
}

function resolved(href: string, page: string): string | null {
  try {
    return withoutFragment(new URL(href, page).href);
  } catch {
    return null;
  }
}

/** `[file URL, sha256]` for each file `text` (the answer to `pageUrl`) announces with a sha256; [] for anything else. */
export function announcedHashes(pageUrl: string, contentType: string | null, text: string): Array<[string, string]> {
  const type = (contentType ?? '').toLowerCase();
  const out: Array<[string, string]> = [];
  if (type.includes('json')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return out;
    }
    const files = isRecord(data) && Array.isArray(data.files) ? (data.files as unknown[]) : [];
    for (const file of files) {
      if (!isRecord(file) || typeof file.url !== 'string' || !isRecord(file.hashes)) continue;
      const sha256 = typeof file.hashes.sha256 === 'string' ? file.hashes.sha256.toLowerCase() : '';
      const url = resolved(file.url, pageUrl);
      if (url && SHA256.test(sha256)) out.push([url, sha256]);
    }
  } else if (type.includes('html')) {
    for (const match of text.matchAll(/\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      const href = (match[1] ?? match[2] ?? '').replace(/&amp;/g, '&');
      const hash = /#(?:.*&)?sha256=([0-9a-fA-F]{64})(?:&|$)/.exec(href)?.[1]?.toLowerCase();
      const url = resolved(href, pageUrl);
      if (url && hash) out.push([url, hash]);
    }
  }
  return out;
}
