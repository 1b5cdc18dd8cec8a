// Ingestion calls: refresh the caller's sources, clean stored items, read a feed's title.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { extractTitleSchema, fetchNewsSchema, noInputSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { minutesSeconds, type Window } from '../http/rate-limit';
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

export function ingestRoutes(ctx: AppContext): FastifyPluginAsync {
  // After a password login the user's due sources refresh in the background
  // (background ingestion is off altogether with INGEST_SCHEDULER=false).
  if (ctx.config.ingest.scheduler) {
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
    await ctx.rateLimiter.consume([{ window, key: String(userId) }], (ms) =>
      message(minutesSeconds(ms)),
    );
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

    r.post('/_api/news/cleanup', { schema: { body: noInputSchema } }, async (request) => {
      const user = requireUser(request);
      return { processedCount: await cleanupItems(ctx.db, user.id) };
    });

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
