// Ingestion calls: refresh the caller's sources, clean stored items, read a feed's title.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { extractTitleSchema, fetchNewsSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { tooManyRequests } from '../http/errors';
import type { Window } from '../http/rate-limit';
import { cleanupItems } from './cleanup';
import { extractTitle } from './extract-title';
import { sharedHttp } from './http';
import {
  USER_REFRESH_MIN_AGE_MS,
  refreshDueSourcesForUser,
  refreshSources,
  sourcesForUser,
} from './pipeline';

const TEN_MINUTES = 10 * 60 * 1000;
const TARGETED_REFRESH: Window = { bucket: 'refresh-targeted', limit: 30, windowMs: TEN_MINUTES };
const EXTRACT_TITLE: Window = { bucket: 'extract-title', limit: 120, windowMs: TEN_MINUTES };

/** m:ss, as the Refresh Feed button shows it. */
export const minutesSeconds = (ms: number) => {
  const total = Math.max(1, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
};

export function ingestRoutes(ctx: AppContext): FastifyPluginAsync {
  // After a password login the user's due sources refresh in the background
  // (background work is off altogether with JOBS_ENABLED=false).
  if (ctx.config.jobsEnabled) {
    ctx.onLogin = (user) => {
      void refreshDueSourcesForUser(ctx, user.id);
    };
  }
  const fullRefresh: Window = {
    bucket: 'refresh',
    limit: 1,
    windowMs: ctx.config.refreshCooldownSeconds * 1000,
  };

  async function limit(window: Window, userId: number, message: (wait: string) => string) {
    if (window.windowMs <= 0) return;
    const key = String(userId);
    const { limited, retryAfterMs } = await ctx.rateLimiter.status(window, key);
    if (limited) throw tooManyRequests(message(minutesSeconds(retryAfterMs)), retryAfterMs / 1000);
    await ctx.rateLimiter.record(window, key);
  }

  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/_api/news/fetch', { schema: { body: fetchNewsSchema } }, async (request) => {
      const user = requireUser(request);
      const sourceIds = request.body?.sourceIds;
      if (sourceIds) {
        await limit(
          TARGETED_REFRESH,
          user.id,
          (wait) => `Too many refresh requests. Try again in ${wait}.`,
        );
      } else {
        await limit(
          fullRefresh,
          user.id,
          (wait) => `Feed was refreshed recently. Try again in ${wait}.`,
        );
      }
      const sources = await sourcesForUser(ctx.db, user.id, sourceIds);
      return refreshSources(ctx, sources, { skipFetchedWithinMs: USER_REFRESH_MIN_AGE_MS });
    });

    r.post(
      '/_api/news/cleanup',
      { schema: { body: z.object({}).passthrough().default({}) } },
      async (request) => {
        const user = requireUser(request);
        return { processedCount: await cleanupItems(ctx.db, user.id) };
      },
    );

    // A URL that cannot be reached (blocked, timed out, not found) is not a bad
    // request: it answers 200 {title: null, error} so the form just does not auto-fill.
    r.post(
      '/_api/news/sources/extract-title',
      { schema: { body: extractTitleSchema } },
      async (request) => {
        const user = requireUser(request);
        await limit(
          EXTRACT_TITLE,
          user.id,
          (wait) => `Too many title lookups. Try again in ${wait}.`,
        );
        return extractTitle(sharedHttp(ctx.config.ingest), request.body.url);
      },
    );
  };
}
