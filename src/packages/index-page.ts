/**
 * A project's page on a simple index, read the two ways indexes serve it (micropip reads both, its
 * package_index.py): PEP 691 JSON (`files[]` with `filename`, `url`, `hashes`) and PEP 503 HTML (one
 * `<a href="…#sha256=…">filename</a>` per file). Every file URL comes back absolute: PEP 691 and
 * PEP 503 both allow a URL relative to the page. `resolvedPage` gives a JSON page's text with its
 * relative URLs made absolute, for micropip, which uses a JSON page's URLs as they are.
 */
import { isRecord } from '../protocol/records.ts';
import type { IndexFile } from './no-wheel.ts';

const JSON_TYPES = ['application/vnd.pypi.simple.v1+json', 'application/json'];
const HTML_TYPES = ['text/html', 'application/vnd.pypi.simple.v1+html'];

/** What micropip sends: JSON preferred, anything else accepted. */
export const INDEX_ACCEPT = 'application/vnd.pypi.simple.v1+json, */*;q=0.01';

const mainType = (contentType: string | null): string => (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

function absolute(href: string, page: string): string | null {
  try {
    return new URL(href, page).href;
  } catch {
    return null;
  }
}

const decode = (s: string): string =>
  s.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '',
  );

/** The files a project page lists, URLs absolute, hashes from JSON or from the href's fragment; null when it is neither kind. */
export function indexPageFiles(page: string, contentType: string | null, text: string): IndexFile[] | null {
  const type = mainType(contentType);
  if (JSON_TYPES.includes(type)) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    if (!isRecord(data) || !Array.isArray(data.files)) return null;
    const out: IndexFile[] = [];
    for (const f of data.files as unknown[]) {
      if (!isRecord(f) || typeof f.filename !== 'string') continue;
      const url = typeof f.url === 'string' ? absolute(f.url, page) : null;
      const hashes = isRecord(f.hashes)
        ? Object.fromEntries(Object.entries(f.hashes).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : {};
      out.push({ filename: f.filename, ...(url ? { url } : {}), hashes });
    }
    return out;
  }
  if (HTML_TYPES.includes(type)) {
    const out: IndexFile[] = [];
    for (const m of text.matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([^<]*)<\/a>/gi)) {
      const url = absolute(decode(m[1] ?? m[2] ?? ''), page);
      if (!url) continue;
      const [bare = url, fragment = ''] = url.split('#');
      const sha256 = /(?:^|&)sha256=([0-9a-fA-F]{64})(?:&|$)/.exec(fragment)?.[1]?.toLowerCase();
      const filename = decode(m[3] ?? '').trim() || decodeURIComponent(bare.split('/').pop() ?? '');
      out.push({ filename, url: bare, hashes: sha256 ? { sha256 } : {} });
    }
    return out;
  }
  return null;
}

/**
 * A PEP 691 page's text with every relative file URL made absolute against the page (micropip takes
 * a JSON page's URLs as they are, and a relative one fails as "a non-remote location"); null when
 * there is nothing to change (not JSON, or every URL absolute already).
 */
export function resolvedPage(page: string, contentType: string | null, text: string): string | null {
  if (!JSON_TYPES.includes(mainType(contentType))) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data) || !Array.isArray(data.files)) return null;
  let changed = false;
  const files = (data.files as unknown[]).map((f) => {
    if (!isRecord(f) || typeof f.url !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(f.url)) return f;
    const url = absolute(f.url, page);
    if (!url) return f;
    changed = true;
    return { ...f, url };
  });
  return changed ? JSON.stringify({ ...data, files }) : null;
}
