// Polls the sources that are due (the database decides: is_enabled and
// next_fetch_at <= now) once a minute. One run at a time; stop() lets the
// current source finish and starts no new one.
import { dueSources, refreshSources, type IngestContext, type RefreshResult } from './pipeline';

export interface SourceScheduler {
  /** One poll now; null when a poll is already running. */
  runOnce(): Promise<RefreshResult | null>;
  stop(): Promise<void>;
}

export function startSourceScheduler(
  ctx: IngestContext,
  { intervalMs = 60_000, firstRunDelayMs = 5_000 }: { intervalMs?: number; firstRunDelayMs?: number } = {},
): SourceScheduler {
  const abort = new AbortController();
  let running: Promise<RefreshResult> | null = null;

  async function poll(): Promise<RefreshResult> {
    const due = await dueSources(ctx.db);
    if (due.length === 0) return { newItemsAdded: 0, sourcesFetched: 0 };
    const result = await refreshSources(ctx, due, { signal: abort.signal });
    ctx.log.info(result, 'scheduled source refresh finished');
    return result;
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
