// The launch page's reads: upcoming launches (soonest first), then the last
// seven days' (latest first), each with its date moves and the caller's
// stories about it; one launch with its whole history, LL2's comments and
// every story of it the caller can see.
import type { LaunchDetailResponse, LaunchesResponse, LaunchSummary } from '../../shared/launches';
import type { DB } from '../db/database';
import { outcomeOf } from './history';
import { storiesOfLaunches } from './links';
import { toDetail, toHistoryEntry, toStory, toSummary, toUpdates } from './presenter';
import {
  DAY_MS,
  dateHistories,
  findLaunch,
  historyOf,
  listedLaunches,
  storeVersion,
  type LaunchListRow,
} from './repository';

const RECENT_MS = 7 * DAY_MS;
/** A window with no stated end counts as open this long after it starts (as the web's). */
const OPEN_WINDOW_MS = 2 * 3_600_000;
const LISTED_MAX = 300;
const STORIES_LISTED = 3;
const STORIES_SHOWN = 50;

interface Listed {
  row: LaunchListRow;
  /** Its summary without the caller's stories. */
  summary: LaunchSummary;
}

/**
 * The launches from a little over a week ago on, presented, as of one version of
 * the store: the same for every caller, so read once per store change (or a
 * minute) and per database, not per request.
 */
interface Cached {
  version: number;
  from: number;
  at: number;
  listed: Listed[];
}
const cache = new WeakMap<DB, Cached>();
const CACHE_SLACK_MS = 3_600_000;
const CACHE_MAX_AGE_MS = 60_000;

async function listedAt(db: DB, now: number): Promise<Listed[]> {
  const version = await storeVersion(db);
  const held = cache.get(db);
  if (
    held &&
    held.version === version &&
    held.from <= now - RECENT_MS &&
    now - held.at < CACHE_MAX_AGE_MS
  )
    return held.listed;
  const from = now - RECENT_MS - CACHE_SLACK_MS;
  const rows = await listedLaunches(db, from, LISTED_MAX);
  const histories = await dateHistories(
    db,
    rows.map((r) => r.id),
  );
  const listed = rows.map((row) => ({
    row,
    summary: toSummary(row, histories.get(row.id) ?? [], []),
  }));
  cache.set(db, { version, from, at: now, listed });
  return listed;
}

export async function launchList(db: DB, userId: number, now: number): Promise<LaunchesResponse> {
  const all = (await listedAt(db, now)).filter((l) => l.row.net! >= now - RECENT_MS);
  const isPast = ({ row: r }: Listed) =>
    outcomeOf(r.status_id, r.status) !== null ||
    (r.window_end ?? (r.window_start ?? r.net!) + OPEN_WINDOW_MS) < now;
  const listed = [...all.filter((l) => !isPast(l)), ...all.filter(isPast).toReversed()];
  const stories = await storiesOfLaunches(
    db,
    userId,
    listed.map((l) => l.row.id),
    STORIES_LISTED,
  );
  const storiesOf = new Map<string, LaunchSummary['stories']>();
  for (const s of stories)
    storiesOf.set(s.launch_id, [
      ...(storiesOf.get(s.launch_id) ?? []),
      { id: String(s.id), title: s.title, url: s.url },
    ]);
  return {
    launches: listed.map((l) => ({ ...l.summary, stories: storiesOf.get(l.row.id) ?? [] })),
  };
}

export async function launchDetail(
  db: DB,
  userId: number,
  id: string,
): Promise<LaunchDetailResponse | null> {
  const row = await findLaunch(db, id);
  if (!row) return null;
  const [history, stories] = await Promise.all([
    historyOf(db, id),
    storiesOfLaunches(db, userId, [id], STORIES_SHOWN),
  ]);
  return {
    launch: toDetail(row, history, stories.slice(0, STORIES_LISTED)),
    history: history.map(toHistoryEntry),
    updates: toUpdates(row),
    stories: stories.map(toStory),
  };
}
