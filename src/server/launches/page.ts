// The launch page's reads: upcoming launches (soonest first), then the last
// seven days' (latest first), each with its date moves and the caller's
// stories about it; one launch with its whole history, LL2's comments and
// every story of it the caller can see.
import type { LaunchDetailResponse, LaunchesResponse } from '../../shared/launches';
import type { DB } from '../db/database';
import { outcomeOf } from './history';
import { storiesOfLaunches } from './links';
import { toDetail, toHistoryEntry, toStory, toSummary, toUpdates } from './presenter';
import { DAY_MS, dateHistories, findLaunch, historyOf, launchesWithNetBetween } from './repository';

const RECENT_MS = 7 * DAY_MS;
/** A window with no stated end counts as open this long after it starts (as the web's). */
const OPEN_WINDOW_MS = 2 * 3_600_000;
const LISTED_MAX = 300;
const STORIES_LISTED = 3;
const STORIES_SHOWN = 50;

export async function launchList(db: DB, userId: number, now: number): Promise<LaunchesResponse> {
  const rows = await launchesWithNetBetween(
    db,
    now - RECENT_MS,
    Number.MAX_SAFE_INTEGER,
    LISTED_MAX,
  );
  const isPast = (r: (typeof rows)[number]) =>
    outcomeOf(r.status_id, r.status) !== null ||
    (r.window_end ?? (r.window_start ?? r.net!) + OPEN_WINDOW_MS) < now;
  const upcoming = rows.filter((r) => !isPast(r));
  const recent = rows.filter(isPast).toReversed();
  const listed = [...upcoming, ...recent];
  const ids = listed.map((r) => r.id);
  const [histories, stories] = await Promise.all([
    dateHistories(db, ids),
    storiesOfLaunches(db, userId, ids, STORIES_LISTED),
  ]);
  const storiesOf = new Map<string, typeof stories>();
  for (const s of stories) storiesOf.set(s.launch_id, [...(storiesOf.get(s.launch_id) ?? []), s]);
  return {
    launches: listed.map((r) => toSummary(r, histories.get(r.id) ?? [], storiesOf.get(r.id) ?? [])),
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
