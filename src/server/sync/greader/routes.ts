// The Google Reader API under /api/greader/ (the URL reader apps are given):
// accounts/ClientLogin, reader/api/0/<endpoint> and reader/atom/<stream>.
// Requests carry `Authorization: GoogleLogin auth=<token>` (from ClientLogin),
// never the session cookie; as outside /_api/, the same-origin rule does not
// apply here (http/security.ts), and no other path is exempt from it.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError, badRequest } from '../../http/errors';
import { StreamSnapshots } from '../../news/stream';
import { greaderCaller } from '../auth';
import { acceptForms, paramsOf, splitUrl, type Params } from '../form';
import { clientLogin, token, userInfo } from './account';
import { atomStream } from './atom';
import type { Call, Handler } from './call';
import { editTag, markAllAsRead } from './edits';
import { itemContents, itemIds, streamContents, unreadCount } from './items';
import { greaderErrorHandler, json, sendError, text } from './reply';
import {
  disableTag,
  editSubscription,
  quickAdd,
  renameTag,
  subscriptionList,
  tagList,
} from './subscriptions';

const PREFIX = '/api/greader';

/** reader/api/0/<name>; `write`: POST only. */
const ENDPOINTS: Record<string, { handler: Handler; write?: boolean }> = {
  token: { handler: token },
  'user-info': { handler: userInfo },
  'tag/list': { handler: tagList },
  'subscription/list': { handler: subscriptionList },
  'subscription/quickadd': { handler: quickAdd, write: true },
  'subscription/edit': { handler: editSubscription, write: true },
  'rename-tag': { handler: renameTag, write: true },
  'disable-tag': { handler: disableTag, write: true },
  'edit-tag': { handler: editTag, write: true },
  'mark-all-as-read': { handler: markAllAsRead, write: true },
  'stream/items/ids': { handler: itemIds },
  'stream/items/contents': { handler: itemContents },
  'unread-count': { handler: unreadCount },
};
/** Endpoints whose name is followed by a stream id in the path. */
const WITH_STREAM: Array<[string, Handler]> = [
  ['reader/api/0/stream/contents', streamContents],
  ['reader/atom', atomStream],
];

function decode(rest: string): string {
  try {
    return decodeURIComponent(rest);
  } catch {
    throw badRequest('Malformed percent-encoding in the path');
  }
}

/** Which handler a path names, and the stream id after it; null for no known endpoint. */
function route(path: string): { handler: Handler; rest: string; write?: boolean } | null {
  if (path.startsWith('reader/api/0/')) {
    const endpoint = ENDPOINTS[path.slice('reader/api/0/'.length).replace(/\/+$/, '')];
    if (endpoint) return { ...endpoint, rest: '' };
  }
  for (const [name, handler] of WITH_STREAM) {
    if (path === name || path.startsWith(`${name}/`))
      return { handler, rest: decode(path.slice(name.length + 1)) };
  }
  return null;
}

export function greaderRoutes(ctx: AppContext): FastifyPluginAsync {
  const snapshots = new StreamSnapshots();
  async function dispatch(request: FastifyRequest, reply: FastifyReply) {
    // Clients join their base URL and the endpoint with a slash of their own.
    const path = splitUrl(request).path.slice(PREFIX.length).replace(/^\/+/, '');
    const params: Params = paramsOf(request);
    if (path === '') return text(reply, 'OK');
    if (path === 'accounts/ClientLogin') return clientLogin(ctx, request, reply, params);
    if (!path.startsWith('reader/')) return sendError(reply, 404, 'No such endpoint');

    const caller = await greaderCaller(ctx, request);
    if (!caller) throw new HttpError(401, 'Sign in through accounts/ClientLogin first');
    const target = route(path);
    // Miniflux answers endpoints it does not have with an empty list; clients carry on.
    if (!target) {
      if (path.startsWith('reader/api/0/')) return json(reply, []);
      return sendError(reply, 404, 'No such endpoint');
    }
    if (target.write && request.method !== 'POST')
      throw new HttpError(405, 'This call changes state: use POST', { allow: 'POST' });
    const call: Call = { ctx, request, reply, params, caller, rest: target.rest, snapshots };
    return target.handler(call);
  }

  return async (app) => {
    acceptForms(app);
    app.setErrorHandler(greaderErrorHandler);
    for (const url of [PREFIX, `${PREFIX}/*`])
      app.route({ method: ['GET', 'POST'], url, handler: dispatch });
  };
}
