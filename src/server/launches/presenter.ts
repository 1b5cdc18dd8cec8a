// Launch rows → the API's shapes (shared/launches.ts).
import type {
  LaunchChip,
  LaunchDetail,
  LaunchHistoryEntry,
  LaunchStory,
  LaunchSummary,
  LaunchUpdate,
} from '../../shared/launches';
import { movesOf, outcomeOf } from './history';
import type { ItemLaunch, LinkedStory } from './links';
import {
  updatesOf,
  webcastsOf,
  type HistoryRow,
  type LaunchListRow,
  type LaunchRow,
} from './repository';

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export function toSummary(
  row: LaunchListRow,
  history: ReadonlyArray<Pick<HistoryRow, 'net' | 'net_precision'>>,
  stories: readonly LinkedStory[],
): LaunchSummary {
  return {
    id: row.id,
    name: row.name,
    net: iso(row.net),
    netPrecision: row.net_precision,
    status: row.status,
    changes: row.changes,
    stories: stories.map((s) => ({ id: String(s.id), title: s.title, url: s.url })),
    statusAbbrev: row.status_abbrev,
    outcome: outcomeOf(row.status_id, row.status),
    mission: row.mission,
    vehicle: row.vehicle,
    provider: row.provider,
    pad: row.pad,
    location: row.location,
    windowStart: iso(row.window_start),
    windowEnd: iso(row.window_end),
    webcastLive: row.webcast_live === 1,
    webcasts: webcastsOf(row),
    imageUrl: row.image_url,
    moves: movesOf(history),
    lastUpdated: iso(row.last_updated),
  };
}

export function toDetail(
  row: LaunchRow,
  history: readonly HistoryRow[],
  stories: readonly LinkedStory[],
): LaunchDetail {
  return {
    ...toSummary(row, history, stories),
    missionDescription: row.mission_description,
    missionType: row.mission_type,
    orbit: row.orbit,
    failReason: row.fail_reason || null,
    holdReason: row.hold_reason || null,
  };
}

export const toHistoryEntry = (h: HistoryRow): LaunchHistoryEntry => ({
  observedAt: new Date(h.observed_at).toISOString(),
  net: iso(h.net),
  netPrecision: h.net_precision,
  status: h.status,
  windowStart: iso(h.window_start),
  windowEnd: iso(h.window_end),
});

export const toUpdates = (row: LaunchRow): LaunchUpdate[] =>
  updatesOf(row).map((u) => ({
    id: u.id,
    comment: u.comment,
    infoUrl: u.infoUrl,
    createdBy: u.createdBy,
    createdOn: u.createdOn,
  }));

export const toStory = (s: LinkedStory): LaunchStory => ({
  id: String(s.id),
  title: s.title,
  url: s.url,
  sourceName: s.source_name,
  publishedAt: new Date(s.published_at).toISOString(),
});

export const toChip = (l: ItemLaunch): LaunchChip => ({
  id: l.launch_id,
  name: l.name,
  net: iso(l.net),
  netPrecision: l.net_precision,
  status: l.status,
  statusAbbrev: l.status_abbrev,
  outcome: outcomeOf(l.status_id, l.status),
});
