// New York wall-clock time, for the morning/evening briefing windows.
import { BRIEFING_CUTOFF_HOUR } from '../../shared/constants';
import { instantAtLocal, localParts } from '../local-time';

const ZONE = 'America/New_York';

/** The New York date (YYYY-MM-DD) and hour of an instant. */
export function newYorkClock(ms: number): { date: string; hour: number } {
  const { date, minutes } = localParts(ms, ZONE);
  return { date, hour: Math.floor(minutes / 60) };
}

/** The instant New York's day began (midnight local time) for the given instant. */
export function startOfNewYorkDay(ms: number): number {
  return instantAtLocal(localParts(ms, ZONE).date, 0, ZONE);
}

export type BriefingSlot = 'morning' | 'evening';

/**
 * The one briefing-slot rule (spec 001 §4): before 14:00 in New York the morning
 * briefing, after it the evening one. The news refresh job and the news query use it.
 */
export const slotAt = (ms: number): BriefingSlot =>
  newYorkClock(ms).hour < BRIEFING_CUTOFF_HOUR ? 'morning' : 'evening';
