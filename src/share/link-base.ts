/**
 * The address a share link starts with (the part before `#share=`). The app's Share dialog uses the
 * address the page was opened at, unless the build was given `TOOLPLAY_SHARE_BASE` (vite.config.ts):
 * a site's one public address, for a build also served from elsewhere (docs/ci.md).
 */

/** The environment variable a build reads. */
export const SHARE_BASE_VARIABLE = 'TOOLPLAY_SHARE_BASE';

/** `TOOLPLAY_SHARE_BASE` checked at build time: null when unset or blank; a bad value fails the build. */
export function shareBaseSetting(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // not a URL: said below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error(
      `${SHARE_BASE_VARIABLE} must be an absolute http(s) URL, such as https://me.github.io/toolplay/ (got ${JSON.stringify(text)})`,
    );
  url.hash = '';
  return url.href;
}

/** The link's base: the build's setting, else the page's own address without its fragment. */
export function linkBase(setting: string | null, pageHref: string): string {
  return setting ?? pageHref.split('#')[0] ?? '';
}
