// The Launch Library call budget: without a key LL2 allows 15 calls an hour;
// AstroDash makes at most 12 in any rolling hour, counted from a table of the
// calls made (one row each), so the budget survives restarts and is shared by
// every instance on one database. A reservation locks the poller's state row
// first (an UPDATE: a row lock on PostgreSQL, the write lock on SQLite, where
// every transaction begins IMMEDIATE), so two instances never both take the
// twelfth call. After a 429 the state row holds when LL2 said to come back.
import type { Selectable } from 'kysely';
import type { DB } from '../db/database';
import type { LaunchPollStateTable } from '../db/tables';

export const CALLS_PER_HOUR = 12;
export const HOUR_MS = 3_600_000;
/** Call rows are kept this long (the Jobs card and the budget read the last hour). */
const CALLS_KEPT_MS = 2 * 24 * HOUR_MS;

/** 'vocabulary': the topics module's weekly refresh, which asks the same budget. */
export type CallKind = 'sweep' | 'changes' | 'detail' | 'vocabulary';

export type Reservation =
  | { ok: true; id: number }
  /** No call now: the budget is spent or LL2 throttles us; a call is possible at `retryAt`. */
  | { ok: false; retryAt: number; reason: 'budget' | 'throttled' };

/** When the budget next allows a call, given the calls of the last hour (oldest first). */
function freeAt(calls: readonly number[], limit: number, now: number): number {
  return calls.length < limit ? now : calls[calls.length - limit] + HOUR_MS;
}

async function callsInLastHour(db: DB, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('launch_api_calls')
    .select('called_at')
    .where('called_at', '>', now - HOUR_MS)
    .orderBy('called_at')
    .execute();
  return rows.map((r) => r.called_at);
}

/** Takes one call from the budget, or says when one will be free. */
export async function reserveCall(
  db: DB,
  kind: CallKind,
  now: number,
  limit = CALLS_PER_HOUR,
): Promise<Reservation> {
  return db.transaction().execute(async (tx) => {
    // The lock: every reservation, on every instance, passes this row one at a time.
    await tx
      .updateTable('launch_poll_state')
      .set((eb) => ({ reservations: eb('reservations', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    const state = await tx
      .selectFrom('launch_poll_state')
      .select('throttled_until')
      .where('id', '=', 1)
      .executeTakeFirst();
    if (state?.throttled_until && state.throttled_until > now)
      return { ok: false, retryAt: state.throttled_until, reason: 'throttled' };
    const calls = await callsInLastHour(tx, now);
    const free = freeAt(calls, limit, now);
    if (free > now) return { ok: false, retryAt: free, reason: 'budget' };
    const row = await tx
      .insertInto('launch_api_calls')
      .values({ called_at: now, kind, status: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, id: row.id };
  });
}

/** Records how a reserved call was answered (its HTTP status; null: no answer). */
export async function recordCallStatus(db: DB, id: number, status: number | null): Promise<void> {
  await db.updateTable('launch_api_calls').set({ status }).where('id', '=', id).execute();
}

/** LL2 throttles us (429) until `until`. */
export async function throttleUntil(db: DB, until: number): Promise<void> {
  await db
    .updateTable('launch_poll_state')
    .set({ throttled_until: until })
    .where('id', '=', 1)
    .execute();
}

export interface BudgetStatus {
  used: number;
  limit: number;
  throttledUntil: number | null;
  /** When a call is next possible (now when it is). */
  freeAt: number;
}

export async function budgetStatus(
  db: DB,
  now: number,
  limit = CALLS_PER_HOUR,
): Promise<BudgetStatus> {
  const [calls, state] = await Promise.all([
    callsInLastHour(db, now),
    db
      .selectFrom('launch_poll_state')
      .select('throttled_until')
      .where('id', '=', 1)
      .executeTakeFirst(),
  ]);
  const throttled =
    state?.throttled_until && state.throttled_until > now ? state.throttled_until : null;
  return {
    used: calls.length,
    limit,
    throttledUntil: throttled,
    freeAt: Math.max(freeAt(calls, limit, now), throttled ?? now),
  };
}

/** Deletes call rows no budget reads any more. */
export async function pruneCalls(db: DB, now: number): Promise<void> {
  await db
    .deleteFrom('launch_api_calls')
    .where('called_at', '<', now - CALLS_KEPT_MS)
    .execute();
}

export type PollState = Omit<
  Selectable<LaunchPollStateTable>,
  'id' | 'reservations' | 'store_version'
>;

export async function pollState(db: DB): Promise<PollState> {
  const row = await db
    .selectFrom('launch_poll_state')
    .select([
      'throttled_until',
      'last_poll_at',
      'last_full_sweep_at',
      'changes_since',
      'last_error',
      'next_poll_at',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return (
    row ?? {
      throttled_until: null,
      last_poll_at: null,
      last_full_sweep_at: null,
      changes_since: null,
      last_error: null,
      next_poll_at: null,
    }
  );
}

export async function savePollState(db: DB, changes: Partial<PollState>): Promise<void> {
  await db.updateTable('launch_poll_state').set(changes).where('id', '=', 1).execute();
}
