// What other modules ask of the launch store: the launches behind the
// rocket_launch feed items (ingestion), launches in a time range (the sky
// calendar), and whether the schedule could be read at all. They call these,
// never the SQL.
import type { DB } from '../db/database';
import type { LaunchCallBudget, LaunchChip } from '../../shared/launches';
import { launchesOfItems } from './links';
import { toChip } from './presenter';
import { CALLS_PER_HOUR, budgetStatus, pollState, reserveCall } from './budget';
import { isTimePrecise } from './history';
import { planNextPoll } from './poll';
import type { LaunchRecord } from './records';
export { launchTopics, launchesOfTopic, topicsOfLaunch } from './topic-launches';
import { DAY_MS, launchCount, launchesWithNetBetween, rowToRecord } from './repository';

/** The feed shows launches from a week ago on: their outcome lands on their items. */
const FEED_BEHIND_MS = 7 * DAY_MS;
const FEED_LAUNCHES_MAX = 150;

export interface FeedLaunches {
  launches: LaunchRecord[];
  /** Why the schedule could not be read, when the store has nothing to show for it. */
  unavailable: string | null;
}

/** The launches the rocket_launch sources show, earliest first. */
export async function launchesForFeed(db: DB, now: number): Promise<FeedLaunches> {
  const rows = await launchesWithNetBetween(
    db,
    now - FEED_BEHIND_MS,
    Number.MAX_SAFE_INTEGER,
    FEED_LAUNCHES_MAX,
  );
  if (rows.length > 0) return { launches: rows.map(rowToRecord), unavailable: null };
  const [state, stored] = await Promise.all([pollState(db), launchCount(db)]);
  return { launches: [], unavailable: stored === 0 ? state.last_error : null };
}

/** Launches with a NET in [from, to], earliest first (the sky calendar's launches). */
export async function launchesBetween(db: DB, from: Date, to: Date): Promise<LaunchRecord[]> {
  const rows = await launchesWithNetBetween(db, from.getTime(), to.getTime());
  return rows.map(rowToRecord);
}

/** When the launch job polls next: as the last poll planned it, else planned now. */
export async function nextPollAt(db: DB, now: number): Promise<number> {
  const state = await pollState(db);
  if (state.next_poll_at !== null && state.next_poll_at > now) return state.next_poll_at;
  return planNextPoll(db, now, state.last_error !== null);
}

/** The Jobs card's view of the budget. */
export async function callBudget(db: DB, now: number): Promise<LaunchCallBudget> {
  const status = await budgetStatus(db, now);
  return {
    used: status.used,
    limit: status.limit,
    throttledUntil:
      status.throttledUntil === null ? null : new Date(status.throttledUntil).toISOString(),
  };
}

/**
 * The launch chip of each story (news list): the launch it is linked to, or of
 * several (a roundup), the one whose NET is nearest the story.
 */
export async function launchChips(
  db: DB,
  items: ReadonlyArray<{ id: number; published_at: number }>,
): Promise<Map<number, LaunchChip>> {
  const published = new Map(items.map((i) => [i.id, i.published_at]));
  const best = new Map<number, { distance: number; chip: LaunchChip }>();
  for (const link of await launchesOfItems(db, [...published.keys()])) {
    const distance = Math.abs((link.net ?? Infinity) - published.get(link.item_id)!);
    const held = best.get(link.item_id);
    if (!held || distance < held.distance) best.set(link.item_id, { distance, chip: toChip(link) });
  }
  return new Map([...best].map(([id, { chip }]) => [id, chip]));
}

/** Calls of the hour that other modules' requests leave to the schedule's own polls. */
export const POLL_HEADROOM = 4;

/**
 * One more Launch Library call for another module (the topic vocabulary's
 * weekly refresh), from the one budget every instance shares. It is granted
 * only while the last hour's calls leave POLL_HEADROOM for the schedule's polls.
 */
export async function askLaunchLibraryBudget(
  db: DB,
  _purpose: string,
  now = Date.now(),
): Promise<boolean> {
  return (await reserveCall(db, 'vocabulary', now, CALLS_PER_HOUR - POLL_HEADROOM)).ok;
}

/** A launch as the alerts see it: its NET only when precise to the hour (else null). */
export interface ScheduledLaunch {
  id: string;
  name: string;
  net: number | null;
  statusId: number | null;
  status: string | null;
  statusAbbrev: string | null;
  provider: string | null;
  vehicle: string | null;
}

/** The schedule from a week ago on; null when it could not be read and nothing is stored. */
export async function scheduleForAlerts(db: DB, now: number): Promise<ScheduledLaunch[] | null> {
  const { launches, unavailable } = await launchesForFeed(db, now);
  if (launches.length === 0 && unavailable) return null;
  return launches.map((l) => ({
    id: l.id,
    name: l.name,
    net: l.net && isTimePrecise(l.netPrecision) ? Date.parse(l.net) : null,
    statusId: l.statusId,
    status: l.status,
    statusAbbrev: l.statusAbbrev,
    provider: l.provider ?? l.providerAbbrev,
    vehicle: l.vehicle,
  }));
}
