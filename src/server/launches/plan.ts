// When to poll Launch Library next: the wide sweep every 4 h while the next
// launch is more than 24 h away, every 2 h at 12–24 h, hourly at 1–12 h, every
// 20 minutes inside T−1 h, and once at T+60 s. Each gap ends no later than the
// moment the next tighter cadence begins (T−24 h, T−12 h, T−1 h), so at every
// instant the time since the last poll is within the cadence that instant asks
// for: a change is noticed within one poll interval. Pure: the poller feeds it
// the stored launches and the budget.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const CADENCE = [
  { within: HOUR, every: 20 * MINUTE },
  { within: 12 * HOUR, every: HOUR },
  { within: 24 * HOUR, every: 2 * HOUR },
  { within: Infinity, every: 4 * HOUR },
] as const;

/** After liftoff, one poll this long after T−0 reads the outcome. */
export const AFTER_LIFTOFF_MS = 60_000;
/** Never two polls closer than this (a launch exactly at a boundary, a clock that stands still). */
export const MIN_GAP_MS = 30_000;

/** The cadence while the next launch is `untilNext` ms away (null: none known). */
export function cadence(untilNext: number | null): number {
  const d = untilNext ?? Infinity;
  return CADENCE.find((c) => d <= c.within)!.every;
}

export interface PlannedLaunch {
  /** NET, epoch ms. */
  net: number;
}

/**
 * When to poll after a poll at `now`, given the upcoming launches whose NET is
 * precise to the hour and whose outcome is not known yet (any order), including
 * those that lifted off less than a minute ago.
 */
export function nextPollAfter(now: number, launches: readonly PlannedLaunch[]): number {
  const ahead = launches.map((l) => l.net).filter((t) => t > now);
  const next = ahead.length ? Math.min(...ahead) : null;
  let at = now + cadence(next === null ? null : next - now);
  if (next !== null) {
    // The tighter cadence starts on time: stop at the next boundary before it.
    for (const c of CADENCE) {
      const boundary = next - c.within;
      if (boundary > now && boundary < at) at = boundary;
    }
  }
  // Once at T+60 s for each launch still within reach.
  for (const l of launches) {
    const check = l.net + AFTER_LIFTOFF_MS;
    if (check > now && check < at) at = check;
  }
  return Math.max(at, now + MIN_GAP_MS);
}
