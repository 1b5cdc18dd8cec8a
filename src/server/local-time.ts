// Wall-clock time in a time zone: alerts' quiet hours and chosen times ("by
// 17:00") and the AI briefing's New York day are local. Pure functions of an
// instant and an IANA zone.
import { LruMap } from './lru-map';

const formatters = new LruMap<string, Intl.DateTimeFormat>({ maxEntries: 256 });

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes after local midnight. */
  minutes: number;
  seconds: number;
}

// One look of the engine asks the same instant in the same few zones for every
// rule (10,000 rules, a few hundred zones): the answers are kept briefly.
const recent = new LruMap<string, LocalParts>({ maxEntries: 2048 });

export function localParts(at: number, timeZone: string): LocalParts {
  const key = `${timeZone}|${at}`;
  const known = recent.get(key);
  if (known) return { ...known };
  const found = computeLocalParts(at, timeZone);
  recent.set(key, found);
  return { ...found };
}

function computeLocalParts(at: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(at))) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

/** "HH:MM" → minutes after midnight. */
export const clockMinutes = (hhmm: string) =>
  Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const minutesClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The zone's offset from UTC at `at`, in ms (positive east of Greenwich). */
function offsetAt(at: number, timeZone: string): number {
  const p = localParts(at, timeZone);
  const [y, m, d] = p.date.split('-').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, 0, p.minutes, p.seconds);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * The instant the local clock shows `minutes` on `date`. In a spring-forward gap
 * it is the first instant after the gap; in a fall-back overlap, the earlier one.
 */
export function instantAtLocal(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  const earlier = wall - offsetAt(guess - 3_600_000, timeZone);
  if (earlier < guess && localParts(earlier, timeZone).minutes === minutes) return earlier;
  return guess;
}

/** The next local date after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

export interface QuietHours {
  /** Minutes after local midnight. */
  start: number;
  end: number;
  timeZone: string;
}

/**
 * When the quiet hours that hold at `at` end, or null when `at` is outside them.
 * Quiet hours may span midnight (22:00–07:00).
 */
export function quietUntil(quiet: QuietHours, at: number): number | null {
  const { start, end, timeZone } = quiet;
  const now = localParts(at, timeZone);
  const inside =
    start < end
      ? now.minutes >= start && now.minutes < end
      : now.minutes >= start || now.minutes < end;
  if (!inside) return null;
  const endDate = now.minutes < end ? now.date : nextDate(now.date);
  const until = instantAtLocal(endDate, end, timeZone);
  return until > at ? until : at + 60_000;
}
