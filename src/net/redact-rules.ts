/**
 * The one rule set for what counts as a secret (docs/security/secrets.md): which names hold one,
 * which values look like one whatever their name. src/net/redact.ts applies it to URLs, headers
 * and free text; the Share dialog (src/share/secrets.ts) to the host configuration and `.env` files.
 */

/** What a secret is replaced with (in a URL, percent-encoded: `REDACTED_IN_URL`). */
export const REDACTED = '…redacted';
export const REDACTED_IN_URL = encodeURIComponent(REDACTED);

/** Parts of a name that mark a secret (`api_key`, `X-Auth-Token`, `accessToken`, `passwd`, `jwt`…). */
const SECRET_PART = /key|token|secret|pass|pwd|auth|sig|jwt|otp|hmac|bearer|session|cookie|credential|private/;
/** `code` marks a secret too (OAuth's `?code=`), but a short code (`status_code=200`, `lang_code=en`) stays. */
const CODE_PART = /code/;
/** Words that contain such a part and are not secrets: `?keyword=`, `max_tokens`, `author`, `zipcode`… */
const ORDINARY_WORD =
  /^(?:key(?:word|board|note|frame|stroke)s?|(?:mon|don|tur|hoc|joc|whis)key|passengers?|passages?|passive|passed|compass|bypass|author(?:s|ed|ity)?|design\w*|assign\w*|signals?|insights?|sigma|footprints?|tokens|tokeni[sz]\w*|(?:zip|post|postal|country|lang|language|currency|status|error|exit|return|bar|op|char|en|de|uni)codes?)$/;
/** What a short code under a `code` name may be: a status (`200`), a language or country (`en`, `en-GB`). */
const SHORT_CODE = /^(?:\d{1,3}|[A-Za-z]{2,3}(?:[-_][A-Za-z]{2,4})?)$/;
/** Digest names whose hex value is a public checksum, not a secret (`#sha256=…` on a wheel's URL). */
const DIGEST_NAME = /^(?:md5|sha\d*|sha3\w*|blake2[bs])$/i;
/** Values that hold nothing: empty, a switch, an absent value, or already redacted. */
const PLAIN_VALUE = /^(?:|true|false|yes|no|on|off|null|none|undefined|0|1)$/i;

/** The words of a name: `X-Api-Key` → x, api, key; `accessToken` → access, token; `apikey` stays one. */
const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** `secret`: the name holds a secret; `code`: it does unless the value is a short code; null: an ordinary name. */
export function secretNameKind(name: string): 'secret' | 'code' | null {
  let kind: 'code' | null = null;
  for (const word of wordsOf(name)) {
    if (ORDINARY_WORD.test(word)) continue;
    if (SECRET_PART.test(word)) return 'secret';
    if (CODE_PART.test(word)) kind = 'code';
  }
  return kind;
}

/** The name alone says it holds a secret (a header, a configuration key, an environment variable). */
export const isSecretName = (name: string): boolean => secretNameKind(name) !== null;

/**
 * Well-known key formats, each whole (no word character around it): OpenAI/Anthropic `sk-…`, Stripe,
 * GitHub, Slack, AWS access key ids, Google, GitLab, Hugging Face, npm, and JWTs.
 */
const KNOWN_KEY =
  'sk-[A-Za-z0-9_-]{16,}|(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\\w{20,}' +
  '|xox[abposr]-[A-Za-z0-9-]{10,}|xapp-[\\w-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[\\w-]{30,}|glpat-[\\w-]{20,}' +
  '|hf_[A-Za-z0-9]{20,}|npm_[A-Za-z0-9]{30,}|eyJ[\\w-]{5,}\\.[\\w-]{5,}\\.[\\w-]*';
const KNOWN_WHOLE = new RegExp(`^(?:${KNOWN_KEY})$`);
/** Known keys inside free text (the look-behind keeps the scan linear: a match starts only at a word's start). */
export const KNOWN_IN_TEXT = new RegExp(`(?<![\\w-])(?:${KNOWN_KEY})(?![\\w-])`, 'g');
/** A long run of base64url characters in free text: a key when it mixes upper case, lower case and digits. */
export const LONG_RUN_IN_TEXT = /(?<![\w-])[A-Za-z0-9_-]{32,}={0,2}(?![\w-])/g;

/** Upper case, lower case and at least two digits: random, not a word or a digest. */
export const looksRandom = (v: string): boolean =>
  v.length >= 32 && /[A-Z]/.test(v) && /[a-z]/.test(v) && /\d[^\d]*\d/.test(v);

/** A value that is a key whatever its name: a known format, or 32+ characters of hex or of random base64. */
export function looksLikeKey(value: string): boolean {
  if (KNOWN_WHOLE.test(value)) return true;
  if (!/^[A-Za-z0-9+/=_-]{32,}$/.test(value)) return false;
  return /^[0-9a-f]+$/i.test(value) || looksRandom(value);
}

/** Under a one- or two-letter name (`k`, `t`, `ak`; not `id`): a key already at 16 characters of letters and digits (not a UUID). */
const looksLikeShortKey = (value: string): boolean =>
  /^[A-Za-z0-9_-]{16,}$/.test(value) &&
  /[A-Za-z]/.test(value) &&
  /\d/.test(value) &&
  !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const isRedacted = (value: string): boolean => value === REDACTED || value === REDACTED_IN_URL;

/** `name=value` (a query parameter, a header, a configuration entry, a JSON member) holds a secret. */
export function isSecretPair(name: string, value: string): boolean {
  if (PLAIN_VALUE.test(value) || isRedacted(value)) return false;
  if (DIGEST_NAME.test(name) && /^[0-9a-f]+$/i.test(value)) return false;
  if (looksLikeKey(value)) return true;
  const kind = secretNameKind(name);
  if (kind === 'secret') return true;
  if (kind === 'code') return !SHORT_CODE.test(value);
  const short = name.replace(/[-_]/g, '');
  return short.length <= 2 && !/^id$/i.test(short) && looksLikeShortKey(value);
}
