// Who a sync request is: the Google Reader API's Authorization header or the
// Fever API's api_key, never a session cookie (and an API password never opens
// the web app). A wrong token counts as a failed login from its address, in the
// login's per-address window: past it, the address gets 429 until it clears.
import type { FastifyRequest } from 'fastify';
import { apiPasswordByFeverKey, noteUse, type ApiPasswordWithUser } from '../account/api-passwords';
import { LOGIN_FAIL_IP } from '../auth/service';
import type { AppContext } from '../context';
import { waitMinutes } from '../http/rate-limit';
import { checkAuthToken } from './tokens';

export type SyncCaller = ApiPasswordWithUser;

const GOOGLE_LOGIN = /^GoogleLogin\s+auth=(\S+)\s*$/i;

/** Counts a failed token from this address; throws 429 once the address is over the limit. */
export async function countFailure(ctx: AppContext, ip: string): Promise<void> {
  await ctx.rateLimiter.consume(
    [{ window: LOGIN_FAIL_IP, key: ip }],
    (wait) => `Too many login attempts. Please try again in ${waitMinutes(wait)}.`,
  );
}

/** The caller of a Google Reader API request, or null (after counting the failure). */
export async function greaderCaller(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SyncCaller | null> {
  const header = request.headers.authorization;
  const token = header ? GOOGLE_LOGIN.exec(header)?.[1] : undefined;
  const caller = token ? await checkAuthToken(ctx.db, token) : undefined;
  if (!caller) {
    await countFailure(ctx, request.ip);
    return null;
  }
  await noteUse(ctx.db, caller.password, Date.now());
  return caller;
}

/** The caller of a Fever API request, or null (after counting the failure). */
export async function feverCaller(
  ctx: AppContext,
  request: FastifyRequest,
  apiKey: string | undefined,
): Promise<SyncCaller | null> {
  const caller = apiKey ? await apiPasswordByFeverKey(ctx.db, apiKey) : undefined;
  if (!caller) {
    await countFailure(ctx, request.ip);
    return null;
  }
  await noteUse(ctx.db, caller.password, Date.now());
  return caller;
}
