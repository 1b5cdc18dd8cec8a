// The launches the iCal subscription carries: the launches module's store
// (issue 27), every launch with a NET in the span, as the Rocket Launches page
// lists them. A launch keeps its Launch Library id when its date moves, so its
// calendar UID (launch-<id>@astrodash) stays the same.
import type { DB } from '../db/database';
import { launchesBetween as storedLaunchesBetween } from '../launches/service';

export interface CalendarLaunch {
  /** Launch Library id. */
  id: string;
  name: string;
  /** NET / window open, epoch ms. */
  at: number;
  windowEnd: number | null;
  provider: string | null;
  pad: string | null;
  location: string | null;
  status: string | null;
}

const CALENDAR_LAUNCHES_MAX = 200;
const parseTime = (v: string | null) => {
  const t = v ? Date.parse(v) : NaN;
  return Number.isNaN(t) ? null : t;
};

/** Launches (at most 200) whose NET falls in [from, to), earliest first. */
export async function launchesBetween(db: DB, from: number, to: number): Promise<CalendarLaunch[]> {
  const records = await storedLaunchesBetween(db, new Date(from), new Date(to - 1));
  return records.slice(0, CALENDAR_LAUNCHES_MAX).flatMap((l) => {
    const at = parseTime(l.windowStart) ?? parseTime(l.net);
    if (at === null) return [];
    return [
      {
        id: l.id,
        name: l.name,
        at,
        windowEnd: parseTime(l.windowEnd),
        provider: l.provider,
        pad: l.pad,
        location: l.location,
        status: l.status,
      },
    ];
  });
}
