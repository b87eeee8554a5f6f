/** The share format's fixed numbers (docs/share-links.md). The app and the CLI read them from here. */

/** The payload format this toolplay writes and the only one it reads. */
export const FORMAT_VERSION = 1;
/** Compressed link data (after base64url decoding) a link may carry. */
export const MAX_LINK_BYTES = 2 * 1024 * 1024;
/** The payload's JSON text, as unpacked from a link or read from a `.toolplay.json` file. */
export const MAX_PAYLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_FILES = 2000;
/** How deeply values may nest (host configuration, arguments, telemetry): far past any real one, well inside what the JSON tools of every engine handle. */
export const MAX_DEPTH = 100;
/** A path segment's length in UTF-8 bytes (what POSIX file systems accept). */
export const MAX_SEGMENT_BYTES = 255;
/** Links longer than this (characters of the whole URL) are cut or refused by many chat tools. */
export const CHAT_LINK_CHARS = 8000;
/** The fragment key: `#share=<version>.<data>`. */
export const FRAGMENT_KEY = 'share';
/** The file suffix of the uncompressed JSON form. */
export const FILE_SUFFIX = '.toolplay.json';

/** "2.4 MB": sizes in messages, in the binary megabytes the limits use. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 10 || Number.isInteger(mb) ? Math.round(mb) : mb.toFixed(1)} MB`;
}
