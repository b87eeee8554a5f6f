/**
 * What `toolplay proxy` may show of a URL in its log and in its error answers: never a credential.
 * User info (`user:password@`), query and `;` parameters whose name says secret or whose value is
 * shaped like a key, path segments shaped like tokens (Telegram's `/bot<id>:<token>/`, Slack's
 * `/services/T…/B…/<secret>`, long random segments) and the fragment are replaced. `scrubbed` also
 * takes those same values out of any other text (a network error that repeats the URL).
 *
 * Local to the proxy for now: the shared redaction rule set (issue 30, "Secrets") is meant to
 * replace `redactForLog` and `scrubbed`.
 */
export const HIDDEN = '…redacted';

const SECRET_NAME = /key|token|secret|pass|pwd|auth|sig|session|credential|code|jwt|bearer|otp|hmac/i;
/** A value that looks like a key whatever its name: long, no spaces, letters and digits mixed. */
const KEY_SHAPED = (value: string): boolean =>
  value.length >= 16 && /^[\w.~+/=:-]+$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value);
const SHORT_NAME = /^[a-z]{1,2}$/i;

const secretParam = (name: string, value: string): boolean =>
  SECRET_NAME.test(name) || KEY_SHAPED(value) || (SHORT_NAME.test(name) && value.length >= 8 && /\d/.test(value));

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function redactSegment(segment: string, previous: string | undefined): string {
  const at = segment.indexOf(';');
  let head = at === -1 ? segment : segment.slice(0, at);
  const params = at === -1 ? [] : segment.slice(at + 1).split(';');
  if (/^bot\d+:/i.test(head)) head = `bot${HIDDEN}`;
  else if (previous !== undefined && /^[TB][A-Z0-9]{6,}$/.test(previous) && head.length >= 16) head = HIDDEN;
  else if (KEY_SHAPED(decoded(head)) && head.length >= 24) head = HIDDEN;
  const shown = params.map((p) => {
    const eq = p.indexOf('=');
    return eq !== -1 && secretParam(p.slice(0, eq), p.slice(eq + 1)) ? `${p.slice(0, eq)}=${HIDDEN}` : p;
  });
  return [head, ...shown].join(';');
}

/** Each segment of the path with the form the log shows. */
function shownPath(parsed: URL): Array<[string, string]> {
  const segments = parsed.pathname.split('/');
  return segments.map((s, i) => [s, i === 0 ? s : redactSegment(s, segments[i - 1])]);
}

/** `url` as the proxy's log and answers show it. Text that is no URL comes back as `[not a URL]`. */
export function redactForLog(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '[not a URL]';
  }
  const userinfo = parsed.username || parsed.password ? `${HIDDEN}@` : '';
  const path = shownPath(parsed)
    .map(([, shown]) => shown)
    .join('/');
  const query = [...parsed.searchParams]
    .map(
      ([name, value]) => `${encodeURIComponent(name)}=${secretParam(name, value) ? HIDDEN : encodeURIComponent(value)}`,
    )
    .join('&');
  return `${parsed.protocol}//${userinfo}${parsed.host}${path}${query ? `?${query}` : ''}${parsed.hash ? `#${HIDDEN}` : ''}`;
}

/** The secret pieces of `url`: what `scrubbed` takes out of other text. */
function secretsOf(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const out = [parsed.username, parsed.password, parsed.hash.slice(1)];
  for (const [name, value] of parsed.searchParams) if (secretParam(name, value)) out.push(value);
  for (const [original, shown] of shownPath(parsed)) {
    if (shown === original) continue;
    // The hidden part only: a segment's head, or a `;name=value`'s value.
    for (const piece of original.split(';')) if (!shown.includes(piece)) out.push(piece.slice(piece.indexOf('=') + 1));
  }
  return out.filter((s) => s.length >= 3).flatMap((s) => [s, decoded(s), encodeURIComponent(s)]);
}

/** `text` (an error's message) with every secret piece of each of `urls` replaced. */
export function scrubbed(text: string, ...urls: string[]): string {
  let out = text;
  for (const secret of urls.flatMap(secretsOf).sort((a, b) => b.length - a.length))
    out = out.split(secret).join(HIDDEN);
  return out;
}
