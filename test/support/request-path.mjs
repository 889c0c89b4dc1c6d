// The file path a request asks for, for the static servers (tests, bench, demo): decoded, normalised and
// kept inside the root; null when the URL's escapes are malformed (%E0%A4%A), which is a 400, not a crash.
import { normalize } from 'node:path';

/** @param {string | undefined} rawUrl @returns {string | null} */
export function requestPath(rawUrl) {
  try {
    const pathname = new URL(rawUrl ?? '/', 'http://x').pathname;
    return normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  } catch {
    return null;
  }
}
