// Read and saved state calls (issue 25), the reading preferences, and the
// private feeds: JSON, same origin, signed in (the session guard covers /_api/).
// Mark all as read takes the feed's filters, so news/ serves it (news/mark-all-read.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPrivateFeedSchema,
  deletePrivateFeedSchema,
  markReadSchema,
  readingPreferencesSchema,
  saveSchema,
  type CreatedPrivateFeed,
  type MarkReadResponse,
  type PrivateFeedsResponse,
  type SaveResponse,
  type UnreadCountsResponse,
} from '../../shared/reading';
import { noInputSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth-guard';
import { publicOrigin } from '../http/host-guard';
import { toUser } from '../auth/presenter';
import { updateUser } from '../auth/users';
import { markRead, saveItem, undoMarkAllRead, unreadCounts } from './state';
import { createPrivateFeed, deletePrivateFeed, listPrivateFeeds } from './private-feeds';

export function readingRoutes(ctx: AppContext): FastifyPluginAsync {
  const { db } = ctx;
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/_api/news/mark-read',
      { schema: { body: markReadSchema } },
      async (request): Promise<MarkReadResponse> => {
        const user = requireUser(request);
        return markRead(db, user.id, request.body.itemIds, request.body.read);
      },
    );

    app.post(
      '/_api/news/mark-all-read/undo',
      { schema: { body: noInputSchema } },
      async (request) => undoMarkAllRead(db, requireUser(request).id),
    );

    app.post(
      '/_api/news/save',
      { schema: { body: saveSchema } },
      async (request): Promise<SaveResponse> => {
        const user = requireUser(request);
        return saveItem(db, user.id, request.body.itemId, request.body.saved);
      },
    );

    app.get('/_api/news/unread-counts', async (request): Promise<UnreadCountsResponse> =>
      unreadCounts(db, requireUser(request).id),
    );

    app.post(
      '/_api/account/reading-preferences',
      { schema: { body: readingPreferencesSchema } },
      async (request) => {
        const user = requireUser(request);
        const { markReadPolicy, keyboardShortcuts } = request.body;
        const changes = {
          ...(markReadPolicy !== undefined && { mark_read_policy: markReadPolicy }),
          ...(keyboardShortcuts !== undefined && {
            keyboard_shortcuts: keyboardShortcuts ? (1 as const) : (0 as const),
          }),
        };
        if (Object.keys(changes).length === 0) return { user: toUser(user) };
        return { user: toUser(await updateUser(db, user.id, changes)) };
      },
    );

    app.get('/_api/account/private-feeds', async (request): Promise<PrivateFeedsResponse> => ({
      feeds: await listPrivateFeeds(db, requireUser(request).id),
    }));

    app.post(
      '/_api/account/private-feeds',
      { schema: { body: createPrivateFeedSchema } },
      async (request): Promise<CreatedPrivateFeed> => {
        const user = requireUser(request);
        const origin = publicOrigin(ctx.config, request);
        return createPrivateFeed(db, user.id, request.body, origin);
      },
    );

    app.post(
      '/_api/account/private-feeds/delete',
      { schema: { body: deletePrivateFeedSchema } },
      async (request) => {
        await deletePrivateFeed(db, requireUser(request).id, request.body.id);
        return { success: true };
      },
    );
  };
}
