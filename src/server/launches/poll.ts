// One poll of Launch Library, within the budget: a sweep (every launch from a
// week ago on, or on 2.3.0 only what changed since the last one; a full sweep
// at least daily), then, when a launch within 48 h changed since its last
// detailed copy, one detailed call for those. What is read is stored with its
// history (repository.ts); then the next poll is planned (plan.ts) and kept on
// the state row, where the job runner and the Jobs card read it.
import type { DB } from '../db/database';
import { SourceFetchError, type GuardedHttp } from '../net/types';
import {
  CALLS_PER_HOUR,
  budgetStatus,
  pollState,
  pruneCalls,
  recordCallStatus,
  reserveCall,
  savePollState,
  throttleUntil,
  type CallKind,
  type PollState,
} from './budget';
import {
  DETAIL_AHEAD_MS,
  DETAIL_BEHIND_MS,
  changesUrl,
  detailUrl,
  fullSweepUrl,
  isModern,
  ll2Get,
  throttleSeconds,
  type Ll2Config,
} from './client';
import { isTimePrecise, outcomeOf } from './history';
import { AFTER_LIFTOFF_MS, nextPollAfter } from './plan';
import type { LaunchRecord } from './records';
import { launchCount, needDetail, nextLaunches, storeLaunches } from './repository';

const FULL_SWEEP_EVERY_MS = 24 * 3_600_000;
/** After a failed poll, the next one comes at most this soon (the network may be back). */
const RETRY_AFTER_ERROR_MS = 30 * 60_000;
/** A 429 whose wait LL2 does not say keeps us away this long. */
const DEFAULT_THROTTLE_MS = 15 * 60_000;
/** Calls of the hour a detailed call never takes: near T−0 a sweep is due every 20 minutes. */
const SWEEP_HEADROOM = 4;

export interface PollDeps {
  db: DB;
  config: Ll2Config;
  /** operatorHttp: LAUNCH_LIBRARY_URL is the operator's. */
  http: GuardedHttp;
  /** Reads a response body into launches (on a document worker thread in the server). */
  parse(text: string): Promise<LaunchRecord[]>;
}

export interface PollOutcome {
  /** Calls made to LL2 (the throttle endpoint, which is free, not counted). */
  calls: number;
  added: number;
  changed: number;
  /** No (further) call was possible: the budget was spent, or LL2 throttles us… */
  deferred: 'budget' | 'throttled' | null;
  /** …until then. */
  retryAt: number | null;
  /** The first failure, fit to show (a network error, a 429, an unreadable answer). */
  error: string | null;
  nextPollAt: number;
}

class Deferred extends Error {
  constructor(
    readonly reason: 'budget' | 'throttled',
    readonly retryAt: number,
  ) {
    super(reason);
  }
}

/** One budgeted call: reserve, GET, record the status, read the body. */
async function call(
  deps: PollDeps,
  kind: CallKind,
  url: string,
  now: number,
): Promise<LaunchRecord[]> {
  // Sweeps come first: a detailed call leaves room for the sweeps the hour may still need.
  const limit = kind === 'detail' ? CALLS_PER_HOUR - SWEEP_HEADROOM : CALLS_PER_HOUR;
  const reservation = await reserveCall(deps.db, kind, now, limit);
  if (!reservation.ok) throw new Deferred(reservation.reason, reservation.retryAt);
  let status: number | null = null;
  try {
    const res = await ll2Get(deps.http, deps.config, url);
    status = res.status;
    if (res.status === 429) {
      const seconds = await throttleSeconds(deps.http, deps.config, res);
      const until = now + Math.max(60_000, seconds !== null ? seconds * 1000 : DEFAULT_THROTTLE_MS);
      await throttleUntil(deps.db, until);
      throw new SourceFetchError(
        `Launch Library rate limit reached (429); polling resumes at ${new Date(until).toISOString()}`,
        { status: 429 },
      );
    }
    if (res.status < 200 || res.status >= 300)
      throw new SourceFetchError(`Launch Library answered ${res.status}`, { status: res.status });
    return await deps.parse(res.text);
  } finally {
    await recordCallStatus(deps.db, reservation.id, status);
  }
}

const latestUpdate = (records: readonly LaunchRecord[]) =>
  records.reduce<number | null>((max, r) => {
    const t = r.lastUpdated ? Date.parse(r.lastUpdated) : Number.NaN;
    return Number.isNaN(t) ? max : Math.max(max ?? t, t);
  }, null);

/** The launches whose T−0 drives the cadence: precise to the hour, outcome not known yet. */
async function plannedLaunches(db: DB, now: number) {
  const rows = await nextLaunches(db, now - AFTER_LIFTOFF_MS, 50);
  return rows
    .filter((r) => r.net !== null && isTimePrecise(r.net_precision))
    .filter((r) => outcomeOf(r.status_id, r.status) === null)
    .map((r) => ({ net: r.net! }));
}

/** When the next poll should run, seen at `now` from the store, the budget and LL2's throttle. */
export async function planNextPoll(db: DB, now: number, afterError = false): Promise<number> {
  let at = nextPollAfter(now, await plannedLaunches(db, now));
  if (afterError) at = Math.min(at, now + RETRY_AFTER_ERROR_MS);
  const budget = await budgetStatus(db, now);
  // Throttled: a poll was lost, so the next one comes as soon as LL2 allows.
  if (budget.throttledUntil !== null) at = Math.min(at, budget.throttledUntil);
  return Math.max(at, budget.freeAt);
}

function sweepOf(state: PollState, base: string, now: number, empty: boolean) {
  const full =
    empty ||
    !isModern(base) ||
    state.changes_since === null ||
    state.last_full_sweep_at === null ||
    now - state.last_full_sweep_at >= FULL_SWEEP_EVERY_MS;
  return full
    ? { kind: 'sweep' as const, url: fullSweepUrl(base, now) }
    : { kind: 'changes' as const, url: changesUrl(base, now, state.changes_since!) };
}

/** Polls Launch Library once, as far as the budget allows. Never throws for LL2's failures. */
export async function pollLaunches(deps: PollDeps, now: number): Promise<PollOutcome> {
  const { db, config } = deps;
  const base = config.launchLibraryUrl;
  const state = await pollState(db);
  const outcome: PollOutcome = {
    calls: 0,
    added: 0,
    changed: 0,
    deferred: null,
    retryAt: null,
    error: null,
    nextPollAt: now,
  };
  const store = async (records: LaunchRecord[], detailed: boolean) => {
    const stored = await storeLaunches(db, records, now, detailed);
    outcome.added += stored.added;
    outcome.changed += stored.changed.length;
  };
  const changes: Partial<PollState> = { last_poll_at: now };
  try {
    const sweep = sweepOf(state, base, now, (await launchCount(db)) === 0);
    outcome.calls++;
    const swept = await call(deps, sweep.kind, sweep.url, now);
    await store(swept, false);
    // Changes are read oldest first, so a full page's last one is where the next sweep goes on.
    const latest = latestUpdate(swept);
    if (sweep.kind === 'sweep') {
      changes.last_full_sweep_at = now;
      changes.changes_since = latest ?? state.changes_since;
    } else if (latest !== null) changes.changes_since = Math.max(latest, state.changes_since ?? 0);
    if ((await needDetail(db, now - DETAIL_BEHIND_MS, now + DETAIL_AHEAD_MS)) > 0) {
      outcome.calls++;
      await store(await call(deps, 'detail', detailUrl(base, now), now), true);
    }
  } catch (err) {
    if (err instanceof Deferred) {
      outcome.calls--;
      outcome.deferred = err.reason;
      outcome.retryAt = err.retryAt;
    } else if (err instanceof SourceFetchError) {
      outcome.error = `Launch Library could not be read: ${err.message}`;
    } else throw err;
  }
  changes.last_error = outcome.error;
  outcome.nextPollAt = await planNextPoll(db, now, outcome.error !== null);
  changes.next_poll_at = outcome.nextPollAt;
  await savePollState(db, changes);
  await pruneCalls(db, now);
  return outcome;
}
