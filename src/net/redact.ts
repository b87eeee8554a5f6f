/**
 * Redaction, one rule set (src/net/redact-rules.ts) for everything toolplay shows or hands on: the
 * telemetry (the panel, the NDJSON export, what is kept), share links, the CLI's output, the CORS
 * proxy's log. URLs lose their userinfo, secret `name=value` pairs (query, `;` parameters, the
 * fragment), key-shaped path segments and the tokens of well-known APIs in the path; free text loses
 * secrets in the URLs it holds, `Bearer …` credentials, secret `name: value` pairs and key-shaped words.
 * Everything else stays exactly as written.
 */
import {
  KNOWN_IN_TEXT,
  LONG_RUN_IN_TEXT,
  REDACTED,
  REDACTED_IN_URL,
  isRedacted,
  isSecretPair,
  looksLikeKey,
  looksRandom,
  secretNameKind,
} from './redact-rules.ts';

export { REDACTED, REDACTED_IN_URL, isSecretName, isSecretPair, looksLikeKey } from './redact-rules.ts';

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** `a=1&token=x;b=2` with each secret value replaced, separators and the rest kept as written. */
function redactPairs(text: string): string {
  return text
    .split(/([&;])/)
    .map((piece, i) => {
      if (i % 2 === 1) return piece;
      const at = piece.indexOf('=');
      if (at < 0) return looksLikeKey(decode(piece)) ? REDACTED_IN_URL : piece;
      return isSecretPair(decode(piece.slice(0, at)), decode(piece.slice(at + 1)))
        ? `${piece.slice(0, at)}=${REDACTED_IN_URL}`
        : piece;
    })
    .join('');
}

/** Tokens that well-known APIs carry in the path: Telegram bots, Slack and Discord webhooks. */
const PATH_TOKENS: [RegExp, string][] = [
  [/\/bot(\d+):[\w-]+/g, `/bot$1:${REDACTED_IN_URL}`],
  [/\/services\/(T[A-Z0-9]+)\/(B[A-Z0-9]+)\/[A-Za-z0-9]+/g, `/services/$1/$2/${REDACTED_IN_URL}`],
  [/\/api((?:\/v\d+)?)\/webhooks\/(\d+)\/[\w-]+/g, `/api$1/webhooks/$2/${REDACTED_IN_URL}`],
];

/** Each segment of a path: key-shaped ones replaced, their `;name=value` parameters as pairs. */
function redactPath(path: string): string {
  const segments = path.split('/').map((segment) => {
    const at = segment.indexOf(';');
    const head = at < 0 ? segment : segment.slice(0, at);
    const keyShaped = looksLikeKey(decode(head)) && !/^[0-9a-f]+$/i.test(head); // hex in a path: a digest
    return (keyShaped ? REDACTED_IN_URL : head) + (at < 0 ? '' : `;${redactPairs(segment.slice(at + 1))}`);
  });
  return PATH_TOKENS.reduce((p, [pattern, into]) => p.replace(pattern, into), segments.join('/'));
}

function redactFragment(fragment: string): string {
  const q = fragment.indexOf('?');
  if (q >= 0) return `${redactPath(fragment.slice(0, q))}?${redactPairs(fragment.slice(q + 1))}`;
  if (fragment.includes('=')) return redactPairs(fragment);
  return looksLikeKey(decode(fragment)) ? REDACTED_IN_URL : redactPath(fragment);
}

const URL_PARTS = /^([a-z][a-z0-9+.-]*:)(\/\/(?:[^/?#@]*@)?[^/?#]*)?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/is;

/** The URL as it may be shown: userinfo, secret parameters (query, `;`, fragment) and path tokens replaced. */
export function redactUrl(url: string): string {
  const parts = URL_PARTS.exec(url);
  if (!parts) return redactText(url);
  const [, scheme, authority = '', path = '', query, fragment] = parts;
  const host = authority.includes('@')
    ? `//${REDACTED_IN_URL}@${authority.slice(authority.lastIndexOf('@') + 1)}`
    : authority;
  return (
    scheme +
    host +
    redactPath(path) +
    (query === undefined ? '' : `?${redactPairs(query)}`) +
    (fragment === undefined ? '' : `#${redactFragment(fragment)}`)
  );
}

const URL_IN_TEXT = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;
/** `Bearer <anything of 8+>`; after Basic, Token or Digest (as HTTP spells them) only what has a digit, a symbol or a
 * case change inside (base64, not `Token expired` or `Basic Information`). */
const CREDENTIAL =
  /\b([Bb]earer(?=\s+[A-Za-z0-9._~+/=-]{8})|(?:Basic|Token|Digest)(?=\s+[A-Za-z0-9._~+/=-]*(?:[\d_~+/=-]|[a-z][A-Z])))(\s+)[A-Za-z0-9._~+/=-]{8,}/g;
/** `name: value`, `name=value`, `"name": "value"`, `'name': 'value'` (the name at most 64 characters). */
const PAIR =
  /(?<![\w.-])(["']?)([A-Za-z][\w.-]{0,63})\1(\s*[:=]\s*)(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)'|((?:(?:Bearer|Basic|Token|Digest)\s+)?[^\s"'&,;<>(){}[\]]+))/g;

/** Free text (output, error messages, a status line) with its secrets replaced. */
export function redactText(text: string): string {
  return text
    .replace(URL_IN_TEXT, (found) => {
      const tail = TRAILING.exec(found)?.[0] ?? '';
      return redactUrl(found.slice(0, found.length - tail.length)) + tail;
    })
    .replace(CREDENTIAL, `$1$2${REDACTED}`)
    .replace(PAIR, (all, q: string, name: string, sep: string, dq?: string, sq?: string, bare?: string) => {
      const value = dq ?? sq ?? bare ?? '';
      // A URL was redacted as one already (`credentials: http://…redacted@host/`).
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !isSecretPair(name, value)) return all;
      if (dq !== undefined) return `${q}${name}${q}${sep}"${REDACTED}"`;
      if (sq !== undefined) return `${q}${name}${q}${sep}'${REDACTED}'`;
      // A JSON member keeps its text valid: `"token": 123` becomes `"token": "…redacted"`.
      return `${q}${name}${q}${sep}${q === '"' ? `"${REDACTED}"` : REDACTED}`;
    })
    .replace(KNOWN_IN_TEXT, REDACTED)
    .replace(LONG_RUN_IN_TEXT, (run) => (looksRandom(run) ? REDACTED : run));
}

const CREDENTIAL_HEADER = /^(?:authorization|proxy-authorization|cookie|set-cookie)$/i;

/** Headers as they may be shown: credentials and secret-named headers replaced, other values read as free text. */
export function redactHeaders(headers: Iterable<[string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers)
    out[name] =
      CREDENTIAL_HEADER.test(name) || (secretNameKind(name) === 'secret' && !isRedacted(value))
        ? REDACTED
        : redactText(value);
  return out;
}
