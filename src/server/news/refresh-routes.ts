// Refreshing the feed: the Refresh Feed button and a new source's first fetch
// (POST /_api/news/fetch), the cleanup of stored items, and the refresh that
// follows a sign-in (wired explicitly into the login route by app.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fetchNewsSchema, noInputSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import type { UserRow } from '../db/tables';
import { requireUser } from '../http/auth-guard';
import { enforceRateLimit, rateWindow } from '../http/rate-limit';
import { cleanupItems } from '../ingest/store/cleanup';
import {
  USER_REFRESH_MIN_AGE_MS,
  refreshDueSourcesForUser,
  refreshSources,
  sourcesForUser,
} from '../ingest/pipeline';

const TEN_MINUTES = 10 * 60 * 1000;
const TARGETED_REFRESH = rateWindow({
  bucket: 'refresh-targeted',
  limit: 30,
  windowMs: TEN_MINUTES,
});

/**
 * What the login route runs after a successful sign-in: refresh the user's due
 * sources in the background. Undefined when background ingestion is off
 * (JOBS_ENABLED=false).
 */
export function refreshAfterLogin(ctx: AppContext): ((user: UserRow) => void) | undefined {
  if (!ctx.config.jobsEnabled) return undefined;
  return (user) => void refreshDueSourcesForUser(ctx, user.id);
}

export function refreshRoutes(ctx: AppContext): FastifyPluginAsync {
  const fullRefresh = rateWindow({
    bucket: 'refresh',
    limit: 1,
    windowMs: ctx.config.refreshCooldownSeconds * 1000,
  });

  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/_api/news/fetch', { schema: { body: fetchNewsSchema } }, async (request) => {
      const user = requireUser(request);
      const sourceIds = request.body?.sourceIds;
      await (sourceIds
        ? enforceRateLimit(ctx.rateLimiter, TARGETED_REFRESH, String(user.id), (wait) => {
            return `Too many refresh requests. Try again in ${wait}.`;
          })
        : enforceRateLimit(ctx.rateLimiter, fullRefresh, String(user.id), (wait) => {
            return `Feed was refreshed recently. Try again in ${wait}.`;
          }));
      const sources = await sourcesForUser(ctx.db, user.id, sourceIds);
      // A targeted fetch (a just-added source) waits for the fetch the server
      // started on its own when the source was created, and reports it.
      return refreshSources(ctx, sources, {
        skipFetchedWithinMs: USER_REFRESH_MIN_AGE_MS,
        waitForInFlight: sourceIds !== undefined,
      });
    });

    r.post('/_api/news/cleanup', { schema: { body: noInputSchema } }, async (request) => {
      const user = requireUser(request);
      return { processedCount: await cleanupItems(ctx.db, user.id) };
    });
  };
}
