// Background work: every timed piece of work is a job (definitions.ts) run by
// one runner (runner.ts). buildApp creates the runner, so the admin calls can
// run jobs by hand even with JOBS_ENABLED=false; main.ts starts the timers here.
import type { AppContext } from '../context';
import type { IngestContext } from '../ingest/pipeline';
import { seedDefaultSources } from '../ingest/store/seed';
import { startSearchIndexCopy, type SearchIndexCopy } from '../news/search-index';
import type { Clock } from './clock';
import { jobDefinitions, type JobDeps } from './definitions';
import { createJobRunner, type JobRunner } from './runner';

export type { JobDeps } from './definitions';
export type { JobRunner } from './runner';

export interface Background {
  /** Stops the timers and waits for running jobs to finish. */
  stop(): Promise<void>;
}

/** The runner over AstroDash's jobs, their rows ensured; no timer runs until start(). */
export async function createJobs(
  ctx: IngestContext,
  options: { deps?: JobDeps; clock?: Clock } = {},
): Promise<JobRunner> {
  const runner = createJobRunner({
    db: ctx.db,
    log: ctx.log,
    definitions: jobDefinitions(ctx, options.deps),
    clock: options.clock,
  });
  await runner.ensureJobs();
  return runner;
}

/**
 * What main.ts calls after the app is built: seeds the default sources (when
 * configured) at once; the jobs start with start(), once the server listens,
 * and so does the copy into a new search index after an upgrade (SQLite), which
 * is no timed job: it runs on every instance until done, JOBS_ENABLED or not.
 */
export async function prepareBackgroundWork(
  ctx: AppContext,
): Promise<Background & { start(): void }> {
  if (ctx.config.ingest.seedDefaultSources) {
    const added = await seedDefaultSources(ctx.db);
    if (added) ctx.log.info(`seeded ${added} default source${added === 1 ? '' : 's'}`);
  }
  let copy: SearchIndexCopy | undefined;
  return {
    start() {
      copy = startSearchIndexCopy(ctx);
      if (ctx.config.jobsEnabled) {
        ctx.jobs.start();
        ctx.alerts.start();
      } else ctx.log.info('JOBS_ENABLED=false: no background jobs run on this instance');
    },
    stop: async () => {
      await Promise.all([ctx.jobs.stop(), ctx.alerts.stop(), copy?.stop()]);
    },
  };
}
