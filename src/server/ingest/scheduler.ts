// Polls the sources that are due (the database decides: is_enabled and
// next_fetch_at <= now) once a minute. One run at a time: in this process by a
// flag, across instances sharing a PostgreSQL database by a lease row in
// app_meta. stop() lets the current sources finish and starts no new one.
import { randomBytes } from 'node:crypto';
import type { DB } from '../db/database';
import { dueSources, refreshSources, type IngestContext, type RefreshResult } from './pipeline';

export interface SourceScheduler {
  /** One poll now; null when a poll is already running. */
  runOnce(): Promise<RefreshResult | null>;
  stop(): Promise<void>;
}

const LEASE_KEY = 'source_poll_lease';
const LEASE_TTL_MS = 10 * 60_000;

/** Takes (or renews) the poll lease; false when another instance holds a fresh one. */
export async function acquireLease(db: DB, owner: string, now = Date.now()): Promise<boolean> {
  await db
    .insertInto('app_meta')
    .values({ key: LEASE_KEY, value: owner, updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const result = await db
    .updateTable('app_meta')
    .set({ value: owner, updated_at: now })
    .where('key', '=', LEASE_KEY)
    .where((eb) => eb.or([eb('value', '=', owner), eb('updated_at', '<', now - LEASE_TTL_MS)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function releaseLease(db: DB, owner: string): Promise<void> {
  await db
    .updateTable('app_meta')
    .set({ updated_at: 0 })
    .where('key', '=', LEASE_KEY)
    .where('value', '=', owner)
    .execute();
}

export function startSourceScheduler(
  ctx: IngestContext,
  {
    intervalMs = 60_000,
    firstRunDelayMs = 5_000,
  }: { intervalMs?: number; firstRunDelayMs?: number } = {},
): SourceScheduler {
  const abort = new AbortController();
  const owner = randomBytes(8).toString('hex');
  let running: Promise<RefreshResult | null> | null = null;

  async function poll(): Promise<RefreshResult | null> {
    if (!(await acquireLease(ctx.db, owner))) return null;
    try {
      const due = await dueSources(ctx.db);
      if (due.length === 0) return { newItemsAdded: 0, sourcesFetched: 0 };
      return await refreshSources(ctx, due, { signal: abort.signal }); // logs its summary
    } finally {
      await releaseLease(ctx.db, owner);
    }
  }

  function runOnce(): Promise<RefreshResult | null> {
    if (running || abort.signal.aborted) return Promise.resolve(null);
    running = poll()
      .catch((err) => {
        ctx.log.error({ err }, 'scheduled source refresh failed');
        return { newItemsAdded: 0, sourcesFetched: 0 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const first = setTimeout(() => void runOnce(), firstRunDelayMs);
  const timer = setInterval(() => void runOnce(), intervalMs);
  first.unref();
  timer.unref();

  return {
    runOnce,
    async stop() {
      abort.abort();
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
