// Loads the session user onto every request, and the guards routes use to demand one.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/tables';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without signing in (login, registration, session check, logout). */
    public?: boolean;
    /** The 403 message an admin route answers a non-admin with (default: the role message). */
    forbiddenMessage?: string;
  }
  interface FastifyRequest {
    /** The signed-in user, or null. Set for every request before handlers run. */
    user: UserRow | null;
  }
}

/**
 * Loads the session user (`loadUser`: the auth module's session lookup), then, before the body is read, guards every API route:
 * signed in unless the route is marked `config: { public: true }`, admin under
 * /_api/admin/. Secure by default, and an anonymous caller gets 401 before any
 * validation message. Handlers still call requireUser() for the typed user.
 */
export function registerSessionLoading(
  app: FastifyInstance,
  loadUser: (request: FastifyRequest) => Promise<UserRow | null>,
) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (isApiRequest(request)) request.user = await loadUser(request);
  });
  // preParsing: before the body is read, so an anonymous caller's body is never
  // buffered or parsed (a 2 MB nested JSON document costs nothing).
  app.addHook('preParsing', async (request) => {
    if (!isApiRequest(request) || request.is404 || request.routeOptions.config?.public) return;
    if (apiPath(request).startsWith('/_api/admin/'))
      requireAdmin(request, request.routeOptions.config?.forbiddenMessage);
    else requireUser(request);
  });
}

/**
 * The matched route's path, else the raw URL. The router decodes the path, so
 * /%5Fapi/… reaches an /_api/ route: checks go by the route, not the raw spelling.
 */
const apiPath = (request: FastifyRequest) => request.routeOptions.url ?? request.url;

/** Whether the request is for an API route (or an unknown path under /_api/). */
export const isApiRequest = (request: FastifyRequest) => apiPath(request).startsWith('/_api/');

/** The signed-in user, or a 401 with the message the spec's client looks for. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Authentication required');
  return request.user;
}

export function requireAdmin(request: FastifyRequest, message?: string): UserRow {
  const user = requireUser(request);
  if (user.role !== 'admin') {
    throw forbidden(
      message ?? `Access denied. Your role (${user.role}) lacks required permissions.`,
    );
  }
  return user;
}
