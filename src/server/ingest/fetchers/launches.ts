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
import {
  Launch,
  LaunchList,
  ThrottleBody,
  type ImageRef,
  type LaunchLink,
} from './launches-schema';
import type { LaunchExtra } from '../../../shared/item-extra';
import { count, ensureOk, escapeHtml, parseJson, resolveUrl, tryJson } from './util';

export const LAUNCH_CACHE_TTL_MS = 10 * 60 * 1000;
const LAUNCH_PAGE = 'https://spacelaunchnow.me/launch/';

/** The upcoming-launches URL for a configured LL2 base (…/2.2.0 or …/2.3.0). */
export function upcomingLaunchesUrl(base: string): string {
  const version = /\/(\d+)\.(\d+)\.\d+\/?$/.exec(base);
  const plural =
    version !== null &&
    (Number(version[1]) > 2 || (Number(version[1]) === 2 && Number(version[2]) >= 3));
  return `${base.replace(/\/+$/, '')}/${plural ? 'launches' : 'launch'}/upcoming/?limit=50&mode=detailed`;
}

/** A URL from a 2.2.0 string or a 2.3.0 Image object ({image_url, thumbnail_url}). */
function imageOf(value: ImageRef | undefined): string | null {
  if (!value) return null;
  if (typeof value === 'string') return resolveUrl(value);
  return resolveUrl(value.image_url ?? value.thumbnail_url);
}

/** URLs by priority (unprioritised ones after, in their order). */
function linksOf(list: LaunchLink[] | undefined): string[] {
  return (list ?? [])
    .map((v, i) => ({
      url: resolveUrl(typeof v === 'string' ? v : v.url),
      priority: (typeof v === 'string' ? undefined : v.priority) ?? 1000 + i,
    }))
    .filter((l): l is { url: string; priority: number } => l.url !== null)
    .toSorted((a, b) => a.priority - b.priority)
    .map((l) => l.url);
}

const UTC = (iso: string | null) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** Maps one launch (detailed/normal or list mode, 2.2.0 or 2.3.0) to an item; null when it is not one. */
export function launchToItem(value: unknown): FetchedItem | null {
  const parsed = Launch.safeParse(value);
  if (!parsed.success) return null;
  const launch = parsed.data;
  const { id, name, status, pad, mission } = launch;
  const rocketConfig = launch.rocket?.configuration;
  const missionInfo = typeof mission === 'object' ? mission : null;

  const provider = launch.launch_service_provider?.name ?? launch.lsp_name;
  const rocket =
    rocketConfig?.full_name ??
    rocketConfig?.name ??
    (name.includes(' | ') ? name.split(' | ')[0] : null);
  const padName = typeof pad === 'string' ? pad.trim() || null : (pad?.name ?? null);
  const locationName =
    (typeof pad === 'object' ? pad.location?.name : null) ?? (launch.location?.trim() || null);
  const statusName = typeof status === 'string' ? status.trim() || null : (status?.name ?? null);
  const statusAbbrev = (typeof status === 'object' ? status.abbrev : null) ?? statusName;
  const windowStart = launch.window_start ?? launch.net;
  const windowEnd = launch.window_end;
  const missionDescription = missionInfo?.description ?? null;
  const missionType = missionInfo?.type ?? launch.mission_type;
  const orbit = missionInfo?.orbit?.name ?? launch.orbit;
  const webcasts = linksOf(launch.vid_urls ?? launch.vidURLs);
  const infos = linksOf(launch.info_urls ?? launch.infoURLs);
  const slug = launch.slug;

  const facts = [
    provider && rocket ? `${provider} · ${rocket}` : (provider ?? rocket),
    [padName, locationName].filter(Boolean).join(', ') || null,
    statusName ? `Status: ${statusName}` : null,
    windowStart ? `Window opens ${UTC(windowStart)}` : null,
  ].filter((f): f is string => Boolean(f));
  const summary = [facts.join('. '), missionDescription].filter(Boolean).join('. ');

  return {
    guid: id,
    url: webcasts[0] ?? infos[0] ?? (slug ? `${LAUNCH_PAGE}${slug}` : resolveUrl(launch.url)),
    title: name,
    summaryHtml: summary ? `<p>${escapeHtml(summary)}</p>` : null,
    imageUrl: imageOf(launch.image) ?? imageOf(rocketConfig?.image_url),
    author: provider,
    publishedAt: windowStart,
    itemType: 'article',
    mutable: true,
    extra: {
      status: statusName,
      statusAbbrev,
      provider,
      rocket,
      pad: padName,
      location: locationName,
      windowStart,
      windowEnd,
      net: launch.net,
      webcastUrl: webcasts[0] ?? null,
      webcastLive: launch.webcast_live === true,
      missionName:
        missionInfo?.name ?? (typeof mission === 'string' ? mission.trim() || null : null),
      missionType,
      orbit,
    } satisfies LaunchExtra,
  };
}

/** Maps an LL2 `results` envelope to items, earliest window first. */
export function parseLaunches(payload: unknown): FetchedItem[] {
  const { results } = LaunchList.catch({ results: [] }).parse(payload);
  return results
    .map((r) => launchToItem(r))
    .filter((i): i is FetchedItem => i !== null)
    .toSorted((a, b) => String(a.publishedAt ?? '').localeCompare(String(b.publishedAt ?? '')));
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
    const { detail } = ThrottleBody.parse(tryJson(res.text));
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
  return parseLaunches(parseJson(res.text, 'the launch schedule'));
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
