// rocket_launch: Launch Library 2 upcoming launches, one item per launch.
//
// Request: {launchLibraryUrl}/launch/upcoming/?limit=50&mode=detailed (2.2.x and earlier) or
// {launchLibraryUrl}/launches/upcoming/?… when the configured URL names 2.3.0 or later.
// `Authorization: Token …` is sent when LAUNCH_LIBRARY_TOKEN is set. Without a key LL2
// allows 15 calls an hour, so every rocket_launch source (of every user) is served from
// one server-side fetch: a module-level cache keyed by request URL, kept for
// LAUNCH_CACHE_TTL_MS, with concurrent callers sharing the request in flight. The source's
// own URL does not change what is fetched. Failures are not cached.
//
// Item: guid = launch id; title = name ("Rocket | Mission"); publishedAt = window_start
// (else net), so ascending order reads as a schedule; image = image (2.2.0 string or 2.3.0
// Image object); url = the first webcast by priority, else the first info URL, else the
// launch's Space Launch Now page (TSD's public site) by slug; mutable: a launch that moves
// or changes status updates its item. Both the 2.2.0 (vidURLs/infoURLs, country_code) and the
// 2.3.0 (vid_urls/info_urls, image objects) shapes are read, and list mode's flat strings too.
import { SourceFetchError, type FetchContext, type FetchedItem, type Fetcher } from '../types';
import { ThrottleBody } from './launches-schema';
import { readJsonOrNull } from '../parse/json-document';
import { readDocumentOffThread } from '../off-thread';
import { count, ensureOk } from './util';

export { launchToItem, parseLaunches } from './launch-items';

export const LAUNCH_CACHE_TTL_MS = 10 * 60 * 1000;

/** The upcoming-launches URL for a configured LL2 base (…/2.2.0 or …/2.3.0). */
export function upcomingLaunchesUrl(base: string): string {
  const version = /\/(\d+)\.(\d+)\.\d+\/?$/.exec(base);
  const plural =
    version !== null &&
    (Number(version[1]) > 2 || (Number(version[1]) === 2 && Number(version[2]) >= 3));
  return `${base.replace(/\/+$/, '')}/${plural ? 'launches' : 'launch'}/upcoming/?limit=50&mode=detailed`;
}

interface CacheEntry {
  expiresAt: number;
  items: Promise<FetchedItem[]>;
}
const cache = new Map<string, CacheEntry>();

/** Empties the shared launch cache (tests; an admin forcing a refresh). */
export function resetLaunchCache(): void {
  cache.clear();
}

async function loadLaunches(ctx: FetchContext, url: string): Promise<FetchedItem[]> {
  const token = ctx.config.launchLibraryToken;
  // LAUNCH_LIBRARY_URL is the operator's, so it may be a private address (a mirror on the LAN).
  const res = await (ctx.operatorHttp ?? ctx.http).get(url, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
  });
  if (res.status === 429) {
    const { detail } = ThrottleBody.parse(readJsonOrNull(res.text, { maxChars: 64 * 1024 }));
    const wait = /(\d{1,9})\s*seconds?/.exec(detail?.slice(0, 500) ?? '')?.[1];
    throw new SourceFetchError(
      'Launch Library rate limit reached (429); the launch schedule will be retried later',
      {
        status: 429,
        retryAfterSeconds:
          count(res.headers.get('retry-after')) ?? (wait ? Number(wait) : undefined),
      },
    );
  }
  ensureOk(res, 'the launch schedule');
  // Parsed and mapped on an ingest worker thread, within the JSON bounds (json-document.ts).
  return readDocumentOffThread(ctx.config, { kind: 'launches', text: res.text });
}

export const launchesFetcher: Fetcher = {
  type: 'rocket_launch',
  async fetch(ctx) {
    const url = upcomingLaunchesUrl(ctx.config.launchLibraryUrl);
    const key = `${url}|${ctx.config.launchLibraryToken ? 'key' : 'anon'}`;
    const now = Date.now();
    let entry = cache.get(key);
    if (!entry || entry.expiresAt <= now) {
      const items = loadLaunches(ctx, url);
      entry = { expiresAt: now + LAUNCH_CACHE_TTL_MS, items };
      cache.set(key, entry);
      items.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
    }
    const items = await entry.items;
    return { items: items.map((i) => ({ ...i, extra: { ...i.extra } })), title: 'Launch Schedule' };
  },
};
