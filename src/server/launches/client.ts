// Launch Library 2's calls: the URLs (2.2.0 names its launches `launch/`,
// 2.3.0 and later `launches/`, and only they filter by last_updated), one GET
// with the operator's key when set, and the throttle endpoint LL2 offers to ask
// how long a 429 lasts (it does not count against the limit). The base URL is
// the operator's (LAUNCH_LIBRARY_URL), so requests go through operatorHttp.
import type { GuardedHttp, HttpResponse } from '../net/types';
import { SourceFetchError } from '../net/types';
import { ThrottleBody, ThrottleStatus } from './schema';

export interface Ll2Config {
  launchLibraryUrl: string;
  launchLibraryToken: string | undefined;
}

const DAY_MS = 24 * 3_600_000;
/** Launches a sweep covers: from a week ago on (the page shows the last 7 days'), by NET. */
export const SWEEP_LIMIT = 100;
/** The detailed call covers launches this close (LL2's detailed mode is the heavy one). */
export const DETAIL_AHEAD_MS = 2 * DAY_MS;
/** …and those that lifted off this recently (their last comments: "Launch success."). */
export const DETAIL_BEHIND_MS = 6 * 3_600_000;
const DETAIL_LIMIT = 30;

/** The major and minor version a base URL names (…/2.2.0); null when it names none. */
function versionOf(base: string): [number, number] | null {
  const m = /\/(\d+)\.(\d+)\.\d+\/?$/.exec(base);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** 2.3.0 or later: `launches/`, Image objects, last_updated__gte. */
export function isModern(base: string): boolean {
  const v = versionOf(base);
  return v !== null && (v[0] > 2 || (v[0] === 2 && v[1] >= 3));
}

const trim = (base: string) => base.replace(/\/+$/, '');
const isoSecond = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function launchesUrl(base: string, query: Record<string, string | number>): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `${trim(base)}/${isModern(base) ? 'launches' : 'launch'}/?${params}`;
}

/** Every launch from a week ago on, by NET (normal mode). */
export const fullSweepUrl = (base: string, now: number) =>
  launchesUrl(base, {
    net__gte: isoSecond(now - 7 * DAY_MS),
    ordering: 'net',
    limit: SWEEP_LIMIT,
    mode: 'normal',
  });

/** What changed since `since` (LL2's last_updated), oldest change first (2.3.0+). */
export const changesUrl = (base: string, now: number, since: number) =>
  launchesUrl(base, {
    last_updated__gte: isoSecond(since),
    net__gte: isoSecond(now - 7 * DAY_MS),
    ordering: 'last_updated',
    limit: SWEEP_LIMIT,
    mode: 'normal',
  });

/** The launches within 48 h (and those just flown), in detailed mode: comments, webcasts. */
export const detailUrl = (base: string, now: number) =>
  launchesUrl(base, {
    net__gte: isoSecond(now - DETAIL_BEHIND_MS),
    net__lte: isoSecond(now + DETAIL_AHEAD_MS),
    ordering: 'net',
    limit: DETAIL_LIMIT,
    mode: 'detailed',
  });

export const throttleUrl = (base: string) => `${trim(base)}/api-throttle/`;

const headers = (config: Ll2Config) => ({
  accept: 'application/json',
  ...(config.launchLibraryToken ? { authorization: `Token ${config.launchLibraryToken}` } : {}),
});

export function ll2Get(http: GuardedHttp, config: Ll2Config, url: string): Promise<HttpResponse> {
  return http.get(url, { headers: headers(config) });
}

/** A small JSON body (throttle answers), read within a cap; null when it is not JSON. */
function smallJson(text: string): unknown {
  if (text.length > 64 * 1024) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * How long LL2 asks us to wait after a 429, in seconds: its throttle endpoint's
 * next_use_secs, else Retry-After, else the seconds the 429's own message names.
 */
export async function throttleSeconds(
  http: GuardedHttp,
  config: Ll2Config,
  answer: HttpResponse,
): Promise<number | null> {
  try {
    const res = await ll2Get(http, config, throttleUrl(config.launchLibraryUrl));
    if (res.status === 200) {
      const status = ThrottleStatus.safeParse(smallJson(res.text));
      if (status.success && status.data.next_use_secs !== undefined)
        return status.data.next_use_secs;
    }
  } catch (err) {
    if (!(err instanceof SourceFetchError)) throw err;
  }
  const header = answer.headers.get('retry-after')?.trim();
  if (header && /^\d{1,9}$/.test(header)) return Number(header);
  const { detail } = ThrottleBody.parse(smallJson(answer.text));
  const wait = /(\d{1,9})\s*seconds?/.exec(detail?.slice(0, 500) ?? '')?.[1];
  return wait ? Number(wait) : null;
}
