// rocket_launch: one Launch Library 2 launch → one item (see launches.ts for the
// request, the cache and the mapping's rules). Pure, so it runs on an ingest
// worker thread, where the fetched document is parsed (documents.ts).
import type { FetchedItem } from '../types';
import { Launch, LaunchList, type ImageRef, type LaunchLink } from './launches-schema';
import type { LaunchExtra } from '../../../shared/item-extra';
import { escapeHtml, resolveUrl } from './util';

const LAUNCH_PAGE = 'https://spacelaunchnow.me/launch/';

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
