// Sliding-window rate limits kept in the database, so every instance behind a
// load balancer shares them (on PostgreSQL) and a restart forgets nothing.
//
// How to add a limit (e.g. AI chat per user):
//   const CHAT = rateWindow({ bucket: 'ai-chat', limit: 30, windowMs: 10 * 60_000 });
//   await ctx.rateLimiter.consume([{ window: CHAT, key: String(user.id) }],
//     (retryAfterMs) => `Too many questions. Try again in ${minutesSeconds(retryAfterMs)}.`);
// `consume` counts one event in each listed window and refuses with 429 (and
// Retry-After) when any is over its limit. For limits that count only failures
// (wrong passwords), consume before the attempt and `release()` it on success. Keys are
// free-form strings; `accountAddressKey` joins an account and a client address, for
// limits that must not let one address lock an account out everywhere.
// A bucket name is a stable identifier (stored with each event). Declaring a window
// with `rateWindow` lets the housekeeping job prune its bucket (`pruneRateEvents`).
import { minutesSeconds } from '../../shared/format';
import type { DB } from '../db/database';
import { tooManyRequests } from './errors';

export type Window = { bucket: string; limit: number; windowMs: number };
/** One window applied to one key (a user id, an address, an account-and-address pair). */
export type LimitCheck = { window: Window; key: string };

/** The key of a limit per account and client address. */
export const accountAddressKey = (account: string, ip: string) => `${account}|${ip}`;

/** Each bucket's longest window: events older than it count for nothing. */
const bucketWindows = new Map<string, number>();

/** Declares a window, so that housekeeping prunes its bucket. */
export function rateWindow(window: Window): Window {
  const known = bucketWindows.get(window.bucket);
  if (known === undefined || window.windowMs > known)
    bucketWindows.set(window.bucket, window.windowMs);
  return window;
}

/**
 * Deletes the events that have left their window: of the given windows, or of
 * every declared one (the housekeeping job). Buckets nobody declares are left alone.
 */
export async function pruneRateEvents(
  db: DB,
  at = Date.now(),
  windows: Array<Pick<Window, 'bucket' | 'windowMs'>> = [...bucketWindows].map(
    ([bucket, windowMs]) => ({ bucket, windowMs }),
  ),
): Promise<void> {
  for (const w of windows) {
    await db
      .deleteFrom('rate_events')
      .where('bucket', '=', w.bucket)
      .where('created_at', '<=', at - w.windowMs)
      .execute();
  }
}

export function createRateLimiter(db: DB) {
  /** How many events are recorded for this key inside the window, and when the oldest expires. */
  async function status(w: Window, key: string, at = Date.now(), upToId?: number) {
    const since = at - w.windowMs;
    let query = db
      .selectFrom('rate_events')
      .select((eb) => [
        // PostgreSQL returns bigint aggregates as strings.
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.min<number | string | null>('created_at').as('oldest'),
      ])
      .where('bucket', '=', w.bucket)
      .where('key', '=', key)
      .where('created_at', '>', since);
    if (upToId !== undefined) query = query.where('id', '<=', upToId);
    const row = await query.executeTakeFirstOrThrow();
    const count = Number(row.n);
    const limited = w.windowMs > 0 && count >= w.limit;
    const retryAfterMs = limited && row.oldest ? Number(row.oldest) + w.windowMs - at : 0;
    return { count, limited, retryAfterMs };
  }

  async function clear(checks: LimitCheck[]) {
    for (const c of checks) {
      await db
        .deleteFrom('rate_events')
        .where('bucket', '=', c.window.bucket)
        .where('key', '=', c.key)
        .execute();
    }
  }

  /**
   * Counts this call in every window first, then checks: a window already full
   * gets the call taken back and a 429. Counting before checking means concurrent
   * calls cannot slip past a limit together. `release()` takes the call back
   * later, for limits that should count only failures (a login that succeeded).
   */
  async function consume(
    checks: LimitCheck[],
    message: (retryAfterMs: number) => string,
  ): Promise<{ release(): Promise<void> }> {
    for (const c of checks) rateWindow(c.window); // a window used undeclared is pruned too
    const active = checks.filter((c) => c.window.windowMs > 0);
    if (active.length === 0) return { release: async () => undefined };
    const at = Date.now();
    // One insert per window, so each id is known to belong to its window.
    const ids: number[] = [];
    for (const c of active) {
      const row = await db
        .insertInto('rate_events')
        .values({ bucket: c.window.bucket, key: c.key, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const release = async () => {
      await db.deleteFrom('rate_events').where('id', 'in', ids).execute();
    };
    const results = await Promise.all(
      active.map(async (c, i) => {
        // Only events recorded up to this one: of N simultaneous calls exactly the
        // first `limit` pass, instead of every one seeing the others and all failing.
        const st = await status(c.window, c.key, at, ids[i]);
        // This call is among the events counted: over the limit means it is one too many.
        return { over: st.count > c.window.limit, retryAfterMs: st.retryAfterMs };
      }),
    );
    const over = results.filter((r) => r.over);
    if (over.length > 0) {
      await release();
      const wait = Math.max(...over.map((r) => r.retryAfterMs));
      throw tooManyRequests(message(wait), wait / 1000);
    }
    return { release };
  }

  return { status, clear, consume };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const MINUTE = 60_000;
/** "15 minutes", "1 minute": the wording of the sign-in limits. */
export const waitMinutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / MINUTE));
  return `${n} minute${n === 1 ? '' : 's'}`;
};

/**
 * The common case of `consume`: one window on one key, refused with a message
 * saying how long to wait (m:ss). A window of 0 ms is off.
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  window: Window,
  key: string,
  message: (wait: string) => string,
): Promise<void> {
  await limiter.consume([{ window, key }], (retryAfterMs) => message(minutesSeconds(retryAfterMs)));
}
