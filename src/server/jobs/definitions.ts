// The jobs AstroDash runs (spec 001 §4, §9; DESIGN "Schedulers run in the server").
import { pruneAuthTables } from '../auth/housekeeping';
import { pruneRateEvents } from '../http/rate-limit';
import {
  dueSources,
  refreshSources,
  type IngestContext,
  type RefreshOptions,
} from '../ingest/pipeline';
import { everyFetchFailed } from '../ingest/refresh-summary';
import { activeSources, type FetchableSource } from '../ingest/store/repository';
import { purgeOldItems, savedKept } from '../news/retention';
import * as repo from './repository';
import type { Figures } from './repository';
import { NEW_YORK, cron, every, hours } from './schedule';
import { JobFailure, type JobDefinition } from './types';
import { slotAt, type BriefingSlot } from '../ai/ny-time';
import { refreshElementSets } from '../sky/tle';
import { refreshSiteIcons } from '../sync/site-icons';
import { operatorHttp } from '../net/guarded-http';
import { refreshVocabulary } from '../topics/refresh';
import { askLaunchLibraryBudget } from '../launches/service';
import { launchScheduleJob } from './launch-schedule';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Run history is kept this long. */
export const JOB_HISTORY_DAYS = 30;

export type { BriefingSlot };

export interface JobDeps {
  /** Writes the morning or evening AI briefing (the AI module); absent: skipped. */
  briefing?: (slot: BriefingSlot, now: Date) => Promise<unknown>;
  /** Finds new alert events and sends what is due (the alerts module); absent: skipped. */
  alerts?: (now: Date, signal: AbortSignal) => Promise<Figures>;
}

export function jobDefinitions(ctx: IngestContext, deps: JobDeps = {}): JobDefinition[] {
  const { db } = ctx;

  /**
   * Fetches the sources; `finish` adds the job's further figures (and work). A run in
   * which every fetch failed is a failed run, with the count and the reasons.
   */
  async function fetchJob(
    sources: FetchableSource[],
    options: RefreshOptions,
    finish: () => Promise<Figures> = async () => ({}),
  ): Promise<Figures> {
    const failures: string[] = [];
    const result = await refreshSources(ctx, sources, { ...options, failures });
    const figures = { ...result, ...(await finish()) };
    const failed = everyFetchFailed(result, failures);
    if (failed) throw new JobFailure(failed, figures);
    return figures;
  }

  return [
    {
      name: 'purge',
      title: 'Purge Old Stories',
      description:
        ctx.config.purgeAgeDays > 0
          ? `Deletes news stories older than ${ctx.config.purgeAgeDays} days.`
          : 'Keeps every story: PURGE_AGE_DAYS is 0.',
      schedule: cron('0 6 * * *', NEW_YORK, 'Daily at 06:00 America/New_York'),
      enabledByDefault: true,
      run: async ({ now, signal }) => ({
        deletedCount: await purgeOldItems(db, now.getTime(), ctx.config.purgeAgeDays, { signal }),
        savedKeptCount: await savedKept(db, now.getTime(), ctx.config.purgeAgeDays),
      }),
    },
    {
      name: 'news-refresh',
      title: 'News Refresh',
      description: 'Fetches every active source, then writes the morning or evening AI briefing.',
      schedule: cron('0 8,20 * * *', NEW_YORK, 'Daily at 08:00 and 20:00 America/New_York'),
      enabledByDefault: true,
      run: async ({ now, signal }) => {
        const slot = slotAt(now.getTime());
        // The briefing is written even when every source failed: it reads what is stored.
        return fetchJob(await activeSources(db), { signal }, async () => {
          let briefing = false;
          if (deps.briefing && !signal.aborted) {
            await deps.briefing(slot, now);
            briefing = true;
          }
          return { slot, briefing };
        });
      },
    },
    {
      name: 'source-polling',
      title: 'Source Polling',
      description: 'Fetches each source on its own interval, backing off after errors.',
      schedule: every(60_000, 'Every minute, for the sources that are due'),
      enabledByDefault: true,
      run: async ({ now, signal }) => {
        const due = await dueSources(db, now.getTime());
        if (due.length === 0) return { newItemsAdded: 0, sourcesFetched: 0, sourcesFailed: 0 };
        return fetchJob(due, { signal });
      },
    },
    launchScheduleJob(ctx),
    {
      name: 'alerts',
      title: 'Alerts',
      description:
        'Finds new alert events (stories, launches, the sky) and sends the alerts that are due.',
      schedule: every(60_000, 'Every minute'),
      enabledByDefault: true,
      run: async ({ now, signal }) => (deps.alerts ? deps.alerts(now, signal) : {}),
    },
    {
      name: 'housekeeping',
      title: 'Housekeeping',
      description: 'Removes expired sessions, old rate-limit records and old job history.',
      schedule: cron('17 * * * *', 'UTC', 'Hourly'),
      enabledByDefault: true,
      run: async ({ now }) => {
        await pruneAuthTables(ctx, now.getTime());
        await pruneRateEvents(db, now.getTime()); // every declared bucket, past its window
        const jobRunsDeleted = await repo.pruneRuns(db, now.getTime() - JOB_HISTORY_DAYS * DAY_MS);
        return { jobRunsDeleted };
      },
    },
    {
      name: 'sky-tles',
      title: 'Satellite Orbits',
      description: 'Fetches satellite orbits (CelesTrak element sets) for the pass predictions.',
      schedule: every(hours(12), 'Every 12 hours'),
      enabledByDefault: true,
      run: async ({ now }) => refreshElementSets(ctx.config, db, now.getTime()),
    },
    {
      name: 'site-icons',
      title: 'Site Icons',
      description:
        "Fetches each source's site icon (its /favicon.ico) for reader apps on the Fever API.",
      schedule: cron('20 4 * * *', 'UTC', 'Daily at 04:20 UTC'),
      enabledByDefault: true,
      run: async ({ now, signal }) =>
        refreshSiteIcons(db, ctx.config.ingest, now.getTime(), signal),
    },
    {
      name: 'topic-vocabulary',
      title: 'Topic Vocabulary',
      description:
        "Refreshes the space topics' agencies, programs and vehicles from Launch Library 2, within the launch call budget.",
      schedule: cron('40 3 * * 1', 'UTC', 'Weekly, Mondays at 03:40 UTC'),
      enabledByDefault: true,
      run: async ({ now }) =>
        refreshVocabulary(
          {
            db,
            config: ctx.config.ingest,
            http: operatorHttp(ctx.config.ingest),
            mayCall: (on, purpose) => askLaunchLibraryBudget(on, purpose, now.getTime()),
          },
          now.getTime(),
        ),
    },
  ];
}
