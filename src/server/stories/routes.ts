// Stories calls (issue 29): JSON, same origin, signed in (the session guard covers /_api/).
// The grouped feed, the Hot view and a story's items are the list's (news/routes.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { splitStorySchema, type SplitStoryResponse } from '../../shared/stories';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { splitItem } from './split';

export function storiesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    // "Not the same story": the item leaves its story, for good.
    app.post(
      '/_api/stories/split',
      { schema: { body: splitStorySchema } },
      async (request): Promise<SplitStoryResponse> =>
        splitItem(ctx.db, requireUser(request).id, request.body.itemId),
    );
  };
}
