// When a job runs: on a cron pattern in a named time zone (croner), or every
// fixed interval after its last run. Pure functions of the time they are given.
import { Cron } from 'croner';

export const NEW_YORK = 'America/New_York';
const HOUR = 60 * 60 * 1000;

export type Schedule =
  | { kind: 'cron'; pattern: string; timeZone: string; text: string }
  | { kind: 'interval'; everyMs: number; text: string }
  /** The job says after each run when it runs next (JobDefinition.nextRunAt); at once when new. */
  | { kind: 'adaptive'; text: string };

export const cron = (pattern: string, timeZone: string, text: string): Schedule => ({
  kind: 'cron',
  pattern,
  timeZone,
  text,
});

export const every = (everyMs: number, text: string): Schedule => ({
  kind: 'interval',
  everyMs,
  text,
});

export const adaptive = (text: string): Schedule => ({ kind: 'adaptive', text });

/** A stable key for the stored definition: a changed schedule recomputes the next run. */
export const scheduleKey = (s: Schedule) =>
  s.kind === 'cron'
    ? `cron ${s.pattern} ${s.timeZone}`
    : s.kind === 'interval'
      ? `every ${s.everyMs}ms`
      : 'adaptive';

/** The first cron occurrence strictly after `after`. */
export function nextCronRun(pattern: string, timeZone: string, after: number): number {
  const next = new Cron(pattern, { timezone: timeZone, paused: true }).nextRun(new Date(after));
  if (!next) throw new Error(`cron pattern ${pattern} never runs`);
  return next.getTime();
}

/**
 * When the job runs next, seen at `now`, given when it last started (null: never).
 * Cron jobs: the next occurrence after now, so runs missed while the server was
 * down collapse into the one that is already due. Interval jobs: one interval
 * after the last start, or at once when they never ran (a fresh database).
 * Adaptive jobs: at once here; the runner asks the job itself once it has run.
 */
export function nextRunAt(schedule: Schedule, now: number, lastStartedAt: number | null): number {
  if (schedule.kind === 'cron') return nextCronRun(schedule.pattern, schedule.timeZone, now);
  if (schedule.kind === 'adaptive') return now;
  return lastStartedAt === null ? now : lastStartedAt + schedule.everyMs;
}

export const hours = (n: number) => n * HOUR;
