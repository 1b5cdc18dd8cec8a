// What other modules ask of the launch store about topics and alerts. A
// launch belongs to a topic when its name, mission, vehicle or provider names
// the topic, read with the topics module's matcher as stories are tagged, so a
// topic's page lists its launches with their date changes, and a user who
// follows a topic follows its launches. The launches from a week ago on are read and matched
// once per store change (or a minute), not per request.
import type { TopicLaunch } from '../../shared/topics';
import type { DB } from '../db/database';
import { topicsIn } from '../topics/vocabulary';
import { outcomeOf } from './history';
import { toHistoryEntry, toSummary } from './presenter';
import {
  DAY_MS,
  dateHistories,
  historyOf,
  listedLaunches,
  storeVersion,
  type LaunchListRow,
} from './repository';

const RECENT_MS = 7 * DAY_MS;
const LISTED_MAX = 300;
/** Launches shown on a topic's page at most. */
export const TOPIC_LAUNCHES_SHOWN = 10;
const CACHE_MAX_AGE_MS = 60_000;

/** The topics a launch is about (slugs): its name, mission, vehicle and provider, read by the matcher. */
export function topicsOfLaunch(
  l: Pick<LaunchListRow, 'name' | 'mission' | 'vehicle' | 'provider'>,
): string[] {
  const text = [l.name, l.mission, l.vehicle, l.provider].filter(Boolean).join('\n');
  return topicsIn(text).map((t) => t.slug);
}

interface Indexed {
  row: LaunchListRow;
  topics: string[];
}
const cache = new WeakMap<DB, { version: number; at: number; launches: Indexed[] }>();

/** The launches from a week ago on, each with its topics. */
async function indexed(db: DB, now: number): Promise<Indexed[]> {
  const version = await storeVersion(db);
  const held = cache.get(db);
  if (held && held.version === version && now - held.at < CACHE_MAX_AGE_MS && now >= held.at)
    return held.launches;
  const rows = await listedLaunches(db, now - RECENT_MS, LISTED_MAX);
  const launches = rows.map((row) => ({ row, topics: topicsOfLaunch(row) }));
  cache.set(db, { version, at: now, launches });
  return launches;
}

/** Each launch's topics, by launch id (the alerts: launches of followed topics). */
export async function launchTopics(db: DB, now: number): Promise<Map<string, string[]>> {
  return new Map((await indexed(db, now)).map((l) => [l.row.id, l.topics]));
}

/**
 * A topic's launches: those still ahead soonest first, then the last week's
 * latest first, each with its moves and its recorded changes.
 */
export async function launchesOfTopic(db: DB, slug: string, now: number): Promise<TopicLaunch[]> {
  const mine = (await indexed(db, now)).filter((l) => l.topics.includes(slug)).map((l) => l.row);
  const past = (r: LaunchListRow) =>
    outcomeOf(r.status_id, r.status) !== null || (r.window_end ?? r.net ?? 0) < now;
  const shown = [...mine.filter((r) => !past(r)), ...mine.filter(past).toReversed()].slice(
    0,
    TOPIC_LAUNCHES_SHOWN,
  );
  const dates = await dateHistories(
    db,
    shown.map((r) => r.id),
  );
  return Promise.all(
    shown.map(async (row) => {
      const { stories: _stories, ...summary } = toSummary(row, dates.get(row.id) ?? [], []);
      return { ...summary, history: (await historyOf(db, row.id)).map(toHistoryEntry) };
    }),
  );
}
