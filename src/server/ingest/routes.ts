// Ingestion's own call: the add-source form's title look-up, which fetches and
// reads a feed like a poll does.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { extractTitleSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { enforceRateLimit, rateWindow } from '../http/rate-limit';
import { sharedHttp } from '../net/guarded-http';
import { extractTitle } from './fetchers/extract-title';

const EXTRACT_TITLE = rateWindow({ bucket: 'extract-title', limit: 120, windowMs: 10 * 60 * 1000 });

export function ingestRoutes(ctx: AppContext): FastifyPluginAsync {
  const { config } = ctx;
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    // A URL that cannot be reached (blocked, timed out, not found) is not a bad
    // request: it answers 200 {title: null, error} so the form just does not auto-fill.
    app.post(
      '/_api/news/sources/extract-title',
      { schema: { body: extractTitleSchema } },
      async (request) => {
        const user = requireUser(request);
        await enforceRateLimit(ctx.rateLimiter, EXTRACT_TITLE, String(user.id), (wait) => {
          return `Too many title lookups. Try again in ${wait}.`;
        });
        return extractTitle(sharedHttp(config.ingest), config.ingest, request.body.url);
      },
    );
  };
}
