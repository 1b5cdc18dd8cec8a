// What a launch's history means: which changes count (net, precision, status,
// window), which of them are slips and which only refine the date (a month
// becoming a day is news, not a delay), and what became of the launch. Pure.
import type { LaunchMoves, LaunchOutcome } from '../../shared/launches';

/** The fields whose change writes a history row. */
export interface Tracked {
  net: number | null;
  net_precision: string | null;
  status: string | null;
  window_start: number | null;
  window_end: number | null;
}

export function changed(a: Tracked, b: Tracked): boolean {
  return (
    a.net !== b.net ||
    (a.net_precision ?? null) !== (b.net_precision ?? null) ||
    (a.status ?? null) !== (b.status ?? null) ||
    a.window_start !== b.window_start ||
    a.window_end !== b.window_end
  );
}

/**
 * How precise a NET is, coarsest last: LL2's precisions (Second, Minute, Hour,
 * Morning/Afternoon, Day, Week, Month, Quarter n, Year Half n, Year, Fiscal Year,
 * Decade) grouped so that Second ↔ Minute ↔ Hour are one class (a time of day):
 * a change between them with a new NET is a slip, not a refinement.
 * Unknown or absent precision reads as a time (older 2.2.0 records give none).
 */
export function precisionClass(precision: string | null): number {
  const p = (precision ?? '').trim().toLowerCase();
  if (p === '' || p === 'second' || p === 'minute' || p === 'hour') return 0;
  if (p === 'morning' || p === 'afternoon' || p.includes('morning') || p.includes('afternoon'))
    return 1;
  if (p === 'day') return 2;
  if (p === 'week') return 3;
  if (p === 'month') return 4;
  if (p.startsWith('quarter') || /^q[1-4]$/.test(p)) return 5;
  if (p.includes('half') || /^h[12]$/.test(p)) return 6;
  if (p === 'year') return 7;
  if (p.includes('fiscal')) return 8;
  if (p.includes('decade')) return 9;
  return 0;
}

/** A NET precise to the hour or better: only these drive the tight polling near T−0. */
export const isTimePrecise = (precision: string | null) => precisionClass(precision) === 0;

export type DateChange =
  { kind: 'moved'; shiftMs: number } | { kind: 'refined' } | { kind: 'widened' } | null;

/** What a change from `a` to `b` did to the date; null when the NET and its precision held. */
export function dateChange(
  a: Pick<Tracked, 'net' | 'net_precision'>,
  b: Pick<Tracked, 'net' | 'net_precision'>,
): DateChange {
  const from = precisionClass(a.net_precision);
  const to = precisionClass(b.net_precision);
  if (from !== to) return to < from ? { kind: 'refined' } : { kind: 'widened' };
  if (a.net === b.net || a.net === null || b.net === null) return null;
  return { kind: 'moved', shiftMs: b.net - a.net };
}

/** "moved N times, +3 d 4 h in all" from the history, oldest first. */
export function movesOf(
  history: ReadonlyArray<Pick<Tracked, 'net' | 'net_precision'>>,
): LaunchMoves {
  let count = 0;
  let shiftMs = 0;
  let refined = 0;
  for (let i = 1; i < history.length; i++) {
    const change = dateChange(history[i - 1], history[i]);
    if (change?.kind === 'moved') {
      count++;
      shiftMs += change.shiftMs;
    } else if (change) refined++;
  }
  return { count, shiftSeconds: Math.round(shiftMs / 1000), refined };
}

// LL2 status ids: 1 Go, 2 TBD, 3 Success, 4 Failure, 5 Hold, 6 In Flight,
// 7 Partial Failure, 8 TBC, 9 Payload Deployed.
const OUTCOME_BY_ID: Record<number, LaunchOutcome> = {
  3: 'success',
  4: 'failure',
  7: 'partial',
  9: 'success',
};

/** The launch's outcome once its status gives one. */
export function outcomeOf(statusId: number | null, status: string | null): LaunchOutcome | null {
  if (statusId !== null && OUTCOME_BY_ID[statusId]) return OUTCOME_BY_ID[statusId];
  const s = (status ?? '').toLowerCase();
  if (s.includes('partial')) return 'partial';
  if (s.includes('fail')) return 'failure';
  if (s.includes('success') || s.includes('deployed')) return 'success';
  return null;
}
