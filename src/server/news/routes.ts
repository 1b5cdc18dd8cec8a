import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markAllReadSchema, type MarkAllReadResponse } from '../../shared/reading';
import { newsListQuerySchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { acceptedEncoding, ListCache } from './list-cache';
import { SearchCache } from './search-cache';
import { listNews } from './list';
import { markAllReadInFeed } from './mark-all-read';
import { privateFeedServer } from './private-feed-route';

const asList = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The browser sends repeated `sourceIds[]=1&sourceIds[]=2`; others may send
 * `sourceIds=1&sourceIds=2` or a single `sourceIds=1`. Fold them into `sourceIds`
 * before the schema sees the query.
 */
async function foldBracketedArrays(request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  if (!query || typeof query !== 'object' || !('sourceIds[]' in query)) return;
  const { 'sourceIds[]': bracketed, ...rest } = query;
  request.query = { ...rest, sourceIds: [...asList(rest.sourceIds), ...asList(bracketed)] };
}

export function newsRoutes(ctx: AppContext): FastifyPluginAsync {
  const searchCache = new SearchCache();
  const listCache = ctx.dialect === 'sqlite' ? new ListCache(ctx.db) : null;
  return async (app) => {
    // A private feed (reading/private-feeds.ts), outside /_api/: a feed reader holds no
    // cookie, the token in the path is the key.
    app.get('/feeds/:file', privateFeedServer(ctx));
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const deps = {
      db: ctx.db,
      dialect: ctx.dialect,
      searchCache,
      hotHours: ctx.config.stories.hotHours,
      searchCountLimit: ctx.config.searchCountLimit,
    };
    typed.post(
      '/_api/news/mark-all-read',
      { schema: { body: markAllReadSchema } },
      async (request): Promise<MarkAllReadResponse> =>
        markAllReadInFeed(deps, requireUser(request).id, request.body),
    );
    typed.get(
      '/_api/news/list',
      { schema: { querystring: newsListQuerySchema }, preValidation: foldBracketedArrays },
      async (request, reply) => {
        const user = requireUser(request);
        const list = () => listNews(deps, user.id, request.query);
        if (!listCache) return list();
        const answer = await listCache.get(JSON.stringify([user.id, request.query]), list);
        const encoding = acceptedEncoding(request.headers['accept-encoding']);
        if (!encoding) return answer.value;
        // Already compressed: the compress plugin leaves a body with Content-Encoding alone.
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-encoding', encoding)
          .header('vary', 'accept-encoding')
          .send(answer.body(encoding));
      },
    );
  };
}
