// /_api/auth/*: session, login, registration, logout and password (the profile
// call, /_api/auth/update_profile, lives with the account: account/routes.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordSchema, loginSchema, registerSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import type { UserRow } from '../db/tables';
import { requireUser } from '../http/auth-guard';
import { mayRegisterFirstAccount } from '../http/host-guard';
import { warmDummyHash } from './passwords';
import { toUser } from './presenter';
import { authenticate, changePassword, register } from './service';
import { assertKnownZip } from '../sky/zip';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  createSession,
  deleteSession,
  setSessionCookie,
} from './sessions';
import { isKnownDevice, rememberDevice } from './known-device';
import { normalizeEmail } from './users';

export interface AuthRouteOptions {
  /**
   * Runs after every successful password login, without being awaited (the login
   * never waits for it, and its errors are only logged): app.ts passes the news
   * module's refresh of the user's due sources.
   */
  afterLogin?: (user: UserRow) => void | Promise<void>;
}

export function authRoutes(
  ctx: AppContext,
  { afterLogin }: AuthRouteOptions = {},
): FastifyPluginAsync {
  /** A fresh session for the user; any session the browser already had is ended (rotation). */
  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(ctx.db, previous);
    const { token } = await createSession(ctx.db, user.id);
    setSessionCookie(reply, ctx.config, token);
  }

  return async (base) => {
    warmDummyHash();
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/_api/auth/session', { config: { public: true } }, async (request) => ({
      user: request.user ? toUser(request.user) : null,
    }));

    app.post(
      '/_api/auth/login_with_password',
      { schema: { body: loginSchema }, config: { public: true } },
      async (request, reply) => {
        const account = normalizeEmail(request.body.email);
        const knownDevice = await isKnownDevice(ctx.db, request, account);
        const user = await authenticate(ctx, request.body, request.ip, { knownDevice });
        await startSession(request, reply, user);
        await rememberDevice(ctx.db, ctx.config, request, reply, user.email_normalized);
        // Post-login work (refreshing due sources) must never hold up or fail the login.
        if (afterLogin)
          void Promise.resolve()
            .then(() => afterLogin(user))
            .catch((err: unknown) => ctx.log.warn({ err }, 'work after login failed'));
        return { user: toUser(user) };
      },
    );

    app.post(
      '/_api/auth/register_with_password',
      { schema: { body: registerSchema }, config: { public: true } },
      async (request, reply) => {
        assertKnownZip(request.body.zipCode);
        const user = await register(
          ctx,
          request.body,
          request.ip,
          mayRegisterFirstAccount(request, ctx.config),
        );
        await startSession(request, reply, user);
        await rememberDevice(ctx.db, ctx.config, request, reply, user.email_normalized);
        return { user: toUser(user) };
      },
    );

    app.post('/_api/auth/logout', { config: { public: true } }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(ctx.db, token);
      clearSessionCookie(reply, ctx.config);
      return { success: true };
    });

    app.post(
      '/_api/auth/change_password',
      { schema: { body: changePasswordSchema } },
      async (request, reply) => {
        const user = requireUser(request);
        await changePassword(ctx, user, request.body, request.ip);
        clearSessionCookie(reply, ctx.config);
        return { success: true };
      },
    );
  };
}
