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
  count,
  ensureOk,
  escapeHtml,
  isRecord,
  obj,
  parseJson,
  resolveUrl,
  str,
  tryJson,
  type Obj,
} from './util';

export const LAUNCH_CACHE_TTL_MS = 10 * 60 * 1000;
const LAUNCH_PAGE = 'https://spacelaunchnow.me/launch/';

/** Trimmed non-empty string, else null. */
const text = (v: unknown): string | null => str(v)?.trim() ?? null;

/** The upcoming-launches URL for a configured LL2 base (…/2.2.0 or …/2.3.0). */
export function upcomingLaunchesUrl(base: string): string {
  const version = /\/(\d+)\.(\d+)\.\d+\/?$/.exec(base);
  const plural =
    version !== null &&
    (Number(version[1]) > 2 || (Number(version[1]) === 2 && Number(version[2]) >= 3));
  return `${base.replace(/\/+$/, '')}/${plural ? 'launches' : 'launch'}/upcoming/?limit=50&mode=detailed`;
}

/** A URL from a 2.2.0 string or a 2.3.0 Image object ({image_url, thumbnail_url}). */
function imageOf(value: unknown): string | null {
  if (typeof value === 'string') return resolveUrl(value);
  const o = obj(value);
  return resolveUrl(text(o.image_url) ?? text(o.thumbnail_url));
}

function linksOf(launch: Obj, camel: string, snake: string): string[] {
  const list = Array.isArray(launch[snake])
    ? launch[snake]
    : Array.isArray(launch[camel])
      ? launch[camel]
      : [];
  return list
    .map((v, i) => ({
      url: resolveUrl(typeof v === 'string' ? v : text(obj(v).url)),
      priority: count(obj(v).priority) ?? 1000 + i,
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

/** Maps one launch (detailed/normal or list mode, 2.2.0 or 2.3.0) to an item. */
export function launchToItem(launch: Obj): FetchedItem | null {
  const id = text(launch.id);
  const name = text(launch.name);
  if (!id || !name) return null;
  const status = obj(launch.status);
  const lsp = obj(launch.launch_service_provider);
  const rocketConfig = obj(obj(launch.rocket).configuration);
  const mission = obj(launch.mission);
  const pad = obj(launch.pad);
  const location = obj(pad.location);

  const provider = text(lsp.name) ?? text(launch.lsp_name);
  const rocket =
    text(rocketConfig.full_name) ??
    text(rocketConfig.name) ??
    (name.includes(' | ') ? name.split(' | ')[0] : null);
  const padName = text(pad.name) ?? (typeof launch.pad === 'string' ? text(launch.pad) : null);
  const locationName =
    text(location.name) ?? (typeof launch.location === 'string' ? text(launch.location) : null);
  const statusName =
    text(status.name) ?? (typeof launch.status === 'string' ? text(launch.status) : null);
  const statusAbbrev = text(status.abbrev) ?? statusName;
  const windowStart = text(launch.window_start) ?? text(launch.net);
  const windowEnd = text(launch.window_end);
  const missionDescription = text(mission.description);
  const missionType = text(mission.type) ?? text(launch.mission_type);
  const orbit = text(obj(mission.orbit).name) ?? text(launch.orbit);
  const webcasts = linksOf(launch, 'vidURLs', 'vid_urls');
  const infos = linksOf(launch, 'infoURLs', 'info_urls');
  const slug = text(launch.slug);

  const facts = [
    provider && rocket ? `${provider} · ${rocket}` : (provider ?? rocket),
    [padName, locationName].filter(Boolean).join(', ') || null,
    statusName ? `Status: ${statusName}` : null,
    windowStart ? `Window opens ${UTC(windowStart)}` : null,
  ].filter((f): f is string => Boolean(f));
  const summary = [facts.join('. '), missionDescription].filter(Boolean).join('. ');

  return {
    guid: id,
    url: webcasts[0] ?? infos[0] ?? (slug ? `${LAUNCH_PAGE}${slug}` : resolveUrl(text(launch.url))),
    title: name,
    summaryHtml: summary ? `<p>${escapeHtml(summary)}</p>` : null,
    imageUrl: imageOf(launch.image) ?? imageOf(rocketConfig.image_url),
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
      net: text(launch.net),
      webcastUrl: webcasts[0] ?? null,
      webcastLive: launch.webcast_live === true,
      missionName: text(mission.name) ?? text(launch.mission),
      missionType,
      orbit,
    },
  };
}

/** Maps an LL2 `results` envelope to items, earliest window first. */
export function parseLaunches(payload: unknown): FetchedItem[] {
  const results = isRecord(payload) && Array.isArray(payload.results) ? payload.results : [];
  return results
    .map((r) => launchToItem(obj(r)))
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
  const res = await ctx.http.get(url, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
  });
  if (res.status === 429) {
    const detail = obj(tryJson(res.text)).detail;
    const wait = /(\d{1,9})\s*seconds?/.exec(
      typeof detail === 'string' ? detail.slice(0, 500) : '',
    )?.[1];
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
