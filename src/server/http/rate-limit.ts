// Sliding-window rate limits kept in the database, so every instance behind a
// load balancer shares them (on PostgreSQL) and a restart forgets nothing.
import { minutesSeconds } from '../../shared/format';
import type { DB } from '../db/database';
import { tooManyRequests } from './errors';

export type Window = { bucket: string; limit: number; windowMs: number };

export function createRateLimiter(db: DB) {
  /** How many events are recorded for this key inside the window, and when the oldest expires. */
  async function status(w: Window, key: string, at = Date.now()) {
    const since = at - w.windowMs;
    const row = await db
      .selectFrom('rate_events')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.min<number>('created_at').as('oldest'),
      ])
      .where('bucket', '=', w.bucket)
      .where('key', '=', key)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    const count = row.n;
    const retryAfterMs = count >= w.limit && row.oldest ? row.oldest + w.windowMs - at : 0;
    return { count, limited: count >= w.limit, retryAfterMs };
  }

  async function record(w: Window, key: string, at = Date.now()) {
    await db.insertInto('rate_events').values({ bucket: w.bucket, key, created_at: at }).execute();
  }

  async function clear(w: Window, key: string) {
    await db
      .deleteFrom('rate_events')
      .where('bucket', '=', w.bucket)
      .where('key', '=', key)
      .execute();
  }

  /** Drop events older than the longest window; called by a periodic job. */
  async function prune(olderThanMs: number, at = Date.now()) {
    await db
      .deleteFrom('rate_events')
      .where('created_at', '<', at - olderThanMs)
      .execute();
  }

  return { status, record, clear, prune };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Counts one event for `key` in the window, or refuses with 429 and a message
 * saying how long to wait (m:ss) when the window is full. A window of 0 ms is off.
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  window: Window,
  key: string,
  message: (wait: string) => string,
): Promise<void> {
  if (window.windowMs <= 0) return;
  const { limited, retryAfterMs } = await limiter.status(window, key);
  if (limited) throw tooManyRequests(message(minutesSeconds(retryAfterMs)), retryAfterMs / 1000);
  await limiter.record(window, key);
}
