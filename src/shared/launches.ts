// Launches as first-class (issue 27): the calls' shapes, for server and web.
// GET /_api/launches, GET /_api/launches/:id and its calendar.ics; the chip a
// story about a launch carries in the news list.
import { z } from 'zod';

export const LAUNCH_NOT_FOUND = 'Launch not found.';

const LAUNCH_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A launch's path: its Launch Library 2 id, a UUID (anything else is no launch: 404). */
export const launchIdParams = z.object({ id: z.string() });

/** The id in LL2's own (lowercase) spelling, or null when it cannot be a launch id. */
export const launchIdOf = (raw: string): string | null =>
  LAUNCH_ID.test(raw.trim()) ? raw.trim().toLowerCase() : null;

/** What became of a launch, once known. */
export type LaunchOutcome = 'success' | 'failure' | 'partial';

/** A story linked to a launch. */
export interface LaunchStory {
  id: string;
  title: string;
  url: string;
  sourceName: string | null;
  publishedAt: string;
}

export interface LaunchWebcast {
  url: string;
  title: string | null;
  /** LL2's own flag for this stream (2.3.0); false when it does not say. */
  live: boolean;
}

/** How the date moved: slips within one precision, and precision changes kept apart. */
export interface LaunchMoves {
  /** Changes of NET at the same precision: "moved N times". */
  count: number;
  /** Their sum in seconds: "+3 d 4 h in all". */
  shiftSeconds: number;
  /** Changes of precision (a month becoming a day): "date refined", never a slip. */
  refined: number;
}

export interface LaunchSummary {
  /** Launch Library 2's own id. */
  id: string;
  name: string;
  net: string | null;
  /** LL2's precision name: Second, Minute, Hour, Day, Month, Quarter 2, Year…; null when not given. */
  netPrecision: string | null;
  status: string | null;
  /** Recorded changes of NET, precision, status or window since AstroDash first saw it. */
  changes: number;
  /** Stories linked to it that the caller's feed holds, newest first (a few). */
  stories: Array<Pick<LaunchStory, 'id' | 'title' | 'url'>>;
  statusAbbrev: string | null;
  outcome: LaunchOutcome | null;
  mission: string | null;
  vehicle: string | null;
  provider: string | null;
  pad: string | null;
  location: string | null;
  windowStart: string | null;
  windowEnd: string | null;
  webcastLive: boolean;
  webcasts: LaunchWebcast[];
  imageUrl: string | null;
  moves: LaunchMoves;
  /** When LL2 last changed the record. */
  lastUpdated: string | null;
}

export interface LaunchesResponse {
  /** Upcoming first (soonest first), then the last 7 days' (latest first). */
  launches: LaunchSummary[];
}

export interface LaunchHistoryEntry {
  observedAt: string;
  net: string | null;
  netPrecision: string | null;
  status: string | null;
  windowStart: string | null;
  windowEnd: string | null;
}

/** One of LL2's own update comments ("Scrubbed due to weather"). */
export interface LaunchUpdate {
  id: number | null;
  comment: string;
  infoUrl: string | null;
  createdBy: string | null;
  createdOn: string | null;
}

export interface LaunchDetail extends LaunchSummary {
  missionDescription: string | null;
  missionType: string | null;
  orbit: string | null;
  failReason: string | null;
  holdReason: string | null;
}

export interface LaunchDetailResponse {
  launch: LaunchDetail;
  /** Oldest first: the first observation, then each change. */
  history: LaunchHistoryEntry[];
  /** Newest first. */
  updates: LaunchUpdate[];
  stories: LaunchStory[];
}

/** The chip a story about a launch carries in the news list. */
export interface LaunchChip {
  id: string;
  name: string;
  net: string | null;
  netPrecision: string | null;
  status: string | null;
  statusAbbrev: string | null;
  outcome: LaunchOutcome | null;
}

/** The Jobs card's view of the Launch Library budget. */
export interface LaunchCallBudget {
  /** Calls made in the last rolling hour. */
  used: number;
  limit: number;
  /** While LL2 throttles us (after a 429): when it said we may call again. */
  throttledUntil: string | null;
}
