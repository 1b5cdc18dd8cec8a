// The launch page's words: the ticking countdown, LIVE, the date's moves and
// each history entry's change.
import type {
  LaunchHistoryEntry,
  LaunchMoves,
  LaunchSummary,
  LaunchUpdate,
} from '../../../shared/launches';
import { isPrecise, span } from '../feed/launch-clock';

const pad = (n: number) => String(n).padStart(2, '0');

/** "T−2 d 04:05:09", "T−04:05:09", "T+00:12:33": from instants, the same in any time zone. */
export function countdown(net: number, now: number): string {
  const ms = net - now;
  const total = Math.floor(Math.abs(ms) / 1000);
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return `${ms > 0 ? 'T−' : 'T+'}${days ? `${days} d ` : ''}${clock}`;
}

const TWO_HOURS = 2 * 3_600_000;

/** LIVE: a webcast is live, or T−0 is within two hours either way and no outcome is in. */
export function isLive(launch: LaunchSummary, now: number): boolean {
  if (launch.webcastLive || launch.webcasts.some((w) => w.live)) return true;
  if (launch.outcome !== null || !launch.net || !isPrecise(launch.netPrecision)) return false;
  return Math.abs(Date.parse(launch.net) - now) <= TWO_HOURS;
}

const signed = (seconds: number) =>
  seconds === 0 ? 'no change' : `${seconds > 0 ? '+' : '−'}${span(seconds * 1000)}`;

/** "moved 3 times, +3 d 4 h in all"; null when the date never moved. */
export function movesText(moves: LaunchMoves): string | null {
  if (moves.count === 0) return null;
  return `moved ${moves.count} ${moves.count === 1 ? 'time' : 'times'}, ${signed(moves.shiftSeconds)} in all`;
}

export const OUTCOME_LABEL = {
  success: 'Success',
  failure: 'Failure',
  partial: 'Partial failure',
} as const;

/** How precise NETs rank: a change between classes refines (or widens) the date, never slips it. */
function precisionClass(precision: string | null): number {
  const p = (precision ?? '').toLowerCase();
  if (isPrecise(precision)) return 0;
  if (p.includes('morning') || p.includes('afternoon')) return 1;
  const order = ['day', 'week', 'month', 'quarter', 'half', 'year', 'fiscal', 'decade'];
  const i = order.findIndex((o) => p.includes(o));
  return i < 0 ? 0 : i + 2;
}

export interface TimelineEntry {
  at: string;
  kind: 'seen' | 'moved' | 'refined' | 'widened' | 'status' | 'window' | 'update';
  text: string;
  by?: string | null;
  link?: string | null;
}

/** What each history row changed, and LL2's comments, newest first. */
export function timeline(
  history: readonly LaunchHistoryEntry[],
  updates: readonly LaunchUpdate[],
  formatNet: (h: LaunchHistoryEntry) => string,
): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  history.forEach((h, i) => {
    const before = history[i - 1];
    if (!before) {
      entries.push({ at: h.observedAt, kind: 'seen', text: `First seen: NET ${formatNet(h)}` });
      return;
    }
    const [from, to] = [precisionClass(before.netPrecision), precisionClass(h.netPrecision)];
    if (from !== to)
      entries.push({
        at: h.observedAt,
        kind: to < from ? 'refined' : 'widened',
        text: `${to < from ? 'Date refined' : 'Date less certain'}: NET ${formatNet(h)}`,
      });
    else if (before.net !== h.net && before.net && h.net) {
      const shift = (Date.parse(h.net) - Date.parse(before.net)) / 1000;
      entries.push({
        at: h.observedAt,
        kind: 'moved',
        text: `Moved ${signed(shift)}: NET ${formatNet(h)}`,
      });
    }
    if (before.status !== h.status)
      entries.push({ at: h.observedAt, kind: 'status', text: `Status: ${h.status ?? 'unknown'}` });
    if (
      before.net === h.net &&
      (before.windowStart !== h.windowStart || before.windowEnd !== h.windowEnd)
    )
      entries.push({ at: h.observedAt, kind: 'window', text: 'Launch window changed' });
  });
  for (const u of updates)
    if (u.createdOn)
      entries.push({
        at: u.createdOn,
        kind: 'update',
        text: u.comment,
        by: u.createdBy,
        link: u.infoUrl,
      });
  return entries.toSorted((a, b) => b.at.localeCompare(a.at));
}
