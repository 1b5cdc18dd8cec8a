// Background work that runs inside the server: source polling, and pruning of
// expired sessions and old rate-limit events.
// Later waves add the admin's scheduled jobs (purge, briefings) here.
import { startAuthHousekeeping } from '../auth/housekeeping';
import type { AppContext } from '../context';
import { seedDefaultSources } from '../ingest/seed';
import { startSourceScheduler, type SourceScheduler } from '../ingest/scheduler';

export interface Background {
  stop(): Promise<void>;
}

export async function startBackgroundWork(ctx: AppContext): Promise<Background> {
  if (ctx.config.ingest.seedDefaultSources) {
    const added = await seedDefaultSources(ctx.db);
    if (added) ctx.log.info(`seeded ${added} default sources`);
  }
  const scheduler: SourceScheduler | null = ctx.config.ingest.scheduler
    ? startSourceScheduler(ctx)
    : null;
  const stopHousekeeping = startAuthHousekeeping(ctx);
  return {
    stop: async () => {
      stopHousekeeping();
      await scheduler?.stop();
    },
  };
}
