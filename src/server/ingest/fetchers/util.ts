// Small helpers shared by the fetchers: status checks with user-facing messages,
// URL resolution, and turning plain text into HTML the sanitiser can keep as-is.
import { SourceFetchError, type HttpResponse } from '../types';

/** Resolves `href` against `base`; null when either is unusable or the scheme is not http(s). */
export function resolveUrl(href: string | null | undefined, base?: string | null): string | null {
  const value = href?.trim();
  if (!value) return null;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date). */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const raw = headers.get('retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Throws a SourceFetchError with a message fit for the source row unless the
 * response is a 2xx or a 304. `what` names the thing fetched ("the feed", "the channel page").
 */
export function ensureOk(res: HttpResponse, what = 'the feed'): void {
  if (res.notModified || res.status === 304 || (res.status >= 200 && res.status < 300)) return;
  const status = res.status;
  const retry = retryAfterSeconds(res.headers);
  if (status === 404 || status === 410) {
    throw new SourceFetchError(`Could not find ${what} (${status})`, { status });
  }
  if (status === 401 || status === 403) {
    throw new SourceFetchError(`Access to ${what} was denied (${status})`, {
      status,
      retryAfterSeconds: retry,
    });
  }
  if (status === 429) {
    throw new SourceFetchError(
      `Rate limit reached while fetching ${what} (429); will retry later`,
      {
        status,
        retryAfterSeconds: retry,
      },
    );
  }
  throw new SourceFetchError(`Fetching ${what} failed: the server answered ${status}`, {
    status,
    retryAfterSeconds: retry,
  });
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]);
}

/** Plain text (posts, video descriptions) as HTML: escaped, line breaks kept. */
export function textToHtml(text: string | null | undefined): string | null {
  if (!text?.trim()) return null;
  return escapeHtml(text.trim()).replace(/\r?\n/g, '<br>');
}

/** The first line of `text`, cut at a word boundary to at most `max` characters. */
export function firstLine(text: string, max = 120): string {
  const line = text.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A finite number, else undefined (payload counts are sometimes strings or missing). */
export function count(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** JSON.parse with a user-facing error. */
export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SourceFetchError(`Could not parse ${what}: the response is not valid JSON`);
  }
}

/** A non-empty string, else null. */
export const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** JSON.parse that answers null instead of throwing (error bodies). */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Maps a real upstream URL (https://www.youtube.com/…) onto a configured base URL (tests, mirrors). */
export function onBase(url: string, base: string): string {
  const u = new URL(url);
  return `${base.replace(/\/+$/, '')}${u.pathname}${u.search}`;
}
