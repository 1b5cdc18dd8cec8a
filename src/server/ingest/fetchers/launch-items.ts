// rocket_launch: one stored launch (launches/, read from Launch Library 2) →
// one feed item. Pure. See launches.ts for where the launches come from.
//
// Item: guid = launch id; title = name ("Rocket | Mission"); publishedAt = window_start
// (else net), so ascending order reads as a schedule; image = the launch's image (else the
// rocket's); url = the first webcast by priority, else the first info URL, else the
// launch's Space Launch Now page (TSD's public site) by slug; mutable: a launch that moves
// or changes status updates its item.
import type { FetchedItem } from '../types';
import type { LaunchExtra } from '../../../shared/item-extra';
import { parseLaunchRecords, toLaunchRecord, type LaunchRecord } from '../../launches/records';
import { escapeHtml } from './util';

const LAUNCH_PAGE = 'https://spacelaunchnow.me/launch/';

const UTC = (iso: string | null) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** The feed item of a stored launch. */
export function recordToItem(launch: LaunchRecord): FetchedItem {
  const { id, name, provider, status } = launch;
  const rocket = launch.vehicle;
  const windowStart = launch.windowStart ?? launch.net;
  const webcasts = (launch.webcasts ?? []).map((w) => w.url);
  const infos = launch.infoUrls ?? [];
  const facts = [
    provider && rocket ? `${provider} · ${rocket}` : (provider ?? rocket),
    [launch.pad, launch.location].filter(Boolean).join(', ') || null,
    status ? `Status: ${status}` : null,
    windowStart ? `Window opens ${UTC(windowStart)}` : null,
  ].filter((f): f is string => Boolean(f));
  const summary = [facts.join('. '), launch.missionDescription].filter(Boolean).join('. ');

  return {
    guid: id,
    url:
      webcasts[0] ??
      infos[0] ??
      (launch.slug ? `${LAUNCH_PAGE}${encodeURIComponent(launch.slug)}` : launch.apiUrl),
    title: name,
    summaryHtml: summary ? `<p>${escapeHtml(summary)}</p>` : null,
    imageUrl: launch.imageUrl,
    author: provider,
    publishedAt: windowStart,
    itemType: 'article',
    mutable: true,
    extra: {
      launchId: id,
      status,
      statusAbbrev: launch.statusAbbrev,
      provider,
      rocket,
      pad: launch.pad,
      location: launch.location,
      windowStart,
      windowEnd: launch.windowEnd,
      net: launch.net,
      webcastUrl: webcasts[0] ?? null,
      webcastLive: launch.webcastLive,
      missionName: launch.mission,
      missionType: launch.missionType,
      orbit: launch.orbit,
    } satisfies LaunchExtra,
  };
}

/** Maps one LL2 launch (any mode, 2.2.0 or 2.3.0) to an item; null when it is not one. */
export function launchToItem(value: unknown): FetchedItem | null {
  const record = toLaunchRecord(value);
  return record && recordToItem(record);
}

/** Items in window order, earliest first. */
export function launchItems(records: readonly LaunchRecord[]): FetchedItem[] {
  return records
    .map(recordToItem)
    .toSorted((a, b) => String(a.publishedAt ?? '').localeCompare(String(b.publishedAt ?? '')));
}

/** Maps an LL2 `results` envelope to items, earliest window first. */
export function parseLaunches(payload: unknown): FetchedItem[] {
  return launchItems(parseLaunchRecords(payload));
}
