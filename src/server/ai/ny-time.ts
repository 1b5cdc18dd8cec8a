// New York wall-clock time, for the morning/evening briefing windows.
import { BRIEFING_CUTOFF_HOUR } from '../../shared/constants';

const ZONE = 'America/New_York';
const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function fields(ms: number) {
  const get = (type: string) =>
    Number(parts.formatToParts(new Date(ms)).find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The New York date (YYYY-MM-DD) and hour of an instant. */
export function newYorkClock(ms: number): { date: string; hour: number } {
  const f = fields(ms);
  return { date: `${f.year}-${pad(f.month)}-${pad(f.day)}`, hour: f.hour };
}

/** The instant New York's day began (midnight local time) for the given instant. */
export function startOfNewYorkDay(ms: number): number {
  const f = fields(ms);
  const midnightUtc = Date.UTC(f.year, f.month - 1, f.day);
  // Offset at 05:00 UTC that day: local 00:00 or 01:00, before any 02:00 DST change.
  const probe = midnightUtc + 5 * 3600_000;
  const p = fields(probe);
  const offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - probe;
  return midnightUtc - offset;
}

export type BriefingSlot = 'morning' | 'evening';

/**
 * The one briefing-slot rule (spec 001 §4): before 14:00 in New York the morning
 * briefing, after it the evening one. The news refresh job and the news query use it.
 */
export const slotAt = (ms: number): BriefingSlot =>
  newYorkClock(ms).hour < BRIEFING_CUTOFF_HOUR ? 'morning' : 'evening';
