// How far a launch is: "T−2 d 4 h", "T+12 min", "launched 2 h ago". Counted
// from instants, so the same in every time zone. Small: the story chip on the
// dashboard uses it; the launch page's ticking countdown builds on it.
import type { LaunchChip } from '../../../shared/launches';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** "2 d 4 h", "4 h 12 min", "12 min", "less than a minute" for a span in ms. */
export function span(ms: number): string {
  const a = Math.abs(ms);
  if (a >= DAY) {
    const h = Math.floor((a % DAY) / HOUR);
    return `${Math.floor(a / DAY)} d${h ? ` ${h} h` : ''}`;
  }
  if (a >= HOUR) {
    const m = Math.floor((a % HOUR) / MIN);
    return `${Math.floor(a / HOUR)} h${m ? ` ${m} min` : ''}`;
  }
  return a >= MIN ? `${Math.floor(a / MIN)} min` : 'less than a minute';
}

/** A NET precise to the hour or better (LL2's Second, Minute, Hour, or none given). */
export const isPrecise = (precision: string | null) =>
  precision === null || ['second', 'minute', 'hour'].includes(precision.toLowerCase());

/** The chip's time: T−…, T+… while in flight, "launched … ago" once the outcome is known. */
export function chipWhen(launch: LaunchChip, now = Date.now()): string | null {
  if (!launch.net) return null;
  const net = Date.parse(launch.net);
  if (!isPrecise(launch.netPrecision) && launch.outcome === null) {
    const month = new Date(net).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    return launch.netPrecision?.toLowerCase() === 'day'
      ? `NET ${new Date(net).toLocaleString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}`
      : `NET ${month}`;
  }
  if (launch.outcome !== null) return `launched ${span(now - net)} ago`;
  return net >= now ? `T−${span(net - now)}` : `T+${span(now - net)}`;
}
