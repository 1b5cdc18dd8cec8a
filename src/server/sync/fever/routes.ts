// The Fever API at /api/fever/ (?api&groups, ?api&items&since_id=…, POST
// mark=…): authenticated by api_key = md5("email:api password") in the body or
// the query, never by the session cookie. Every answer is JSON carrying
// api_version and auth; a wrong key is {auth: 0}, as Fever and its clones answer.
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { feverCaller } from '../auth';
import { acceptForms, paramsOf } from '../form';
import { syncView } from '../labels';
import { subscriptionIcons } from '../site-icons';
import * as fever from './service';

export const API_VERSION = 3;

const send = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));

function errorHandler(err: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const status = err instanceof HttpError ? err.statusCode : (err.statusCode ?? 500);
  if (status >= 500) {
    request.log.error({ err }, 'fever request failed');
    return send(reply, 500, { api_version: API_VERSION, auth: 0, error: 'Internal server error' });
  }
  if (err instanceof HttpError) reply.headers(err.headers);
  return send(reply, status, {
    api_version: API_VERSION,
    auth: status === 429 ? 0 : 1,
    error: err.message,
  });
}

export function feverRoutes(ctx: AppContext): FastifyPluginAsync {
  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const params = paramsOf(request);
    if (params.get('api') === 'xml') throw new HttpError(400, 'Only JSON is served (api)');
    const caller = await feverCaller(ctx, request, params.get('api_key'));
    if (!caller) return send(reply, 200, { api_version: API_VERSION, auth: 0 });
    const { db } = ctx;
    const userId = caller.user.id;
    const view = await syncView(db, userId);
    const body: Record<string, unknown> = {
      api_version: API_VERSION,
      auth: 1,
      last_refreshed_on_time: fever.lastRefreshedOn(view),
    };
    // Writes first, so that the lists in the same answer show their effect.
    let refresh: 'unread' | 'saved' | null = null;
    if (params.has('mark')) refresh = await fever.mark(db, userId, view, params);
    if (params.has('groups')) Object.assign(body, fever.groups(view));
    if (params.has('feeds') || params.has('favicons')) {
      const icons = await subscriptionIcons(db, view);
      if (params.has('feeds')) Object.assign(body, fever.feeds(view, icons.iconOf));
      if (params.has('favicons')) body.favicons = icons.favicons;
    }
    if (params.has('items')) Object.assign(body, await fever.items(db, userId, view, params));
    if (params.has('links')) body.links = await fever.links(db, userId, params);
    if (params.has('unread_item_ids') || refresh === 'unread')
      body.unread_item_ids = await fever.unreadItemIds(db, userId, view);
    if (params.has('saved_item_ids') || refresh === 'saved')
      body.saved_item_ids = await fever.savedIds(db, userId);
    return send(reply, 200, body);
  }

  return async (app) => {
    acceptForms(app);
    app.setErrorHandler(errorHandler);
    for (const url of ['/api/fever', '/api/fever/'])
      app.route({ method: ['GET', 'POST'], url, handler: handle });
  };
}
