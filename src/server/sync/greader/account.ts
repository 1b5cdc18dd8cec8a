// Signing in (ClientLogin), the edit token and the user's details.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { signInWithApiPassword } from '../../account/api-passwords';
import type { Params } from '../form';
import { authTokenFor, editTokenFor } from '../tokens';
import type { Call } from './call';
import { json, text } from './reply';

const USE_API_PASSWORD =
  'Sign in with your e-mail address and an API password from My Account (not your login password)';

/**
 * Email and Passwd (an API password) → `SID=…\nLSID=null\nAuth=…` (or JSON with
 * output=json). A wrong pair is 401 Error=BadAuthentication.
 */
export async function clientLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Params,
) {
  const email = params.get('Email')?.trim() ?? '';
  const password = params.get('Passwd') ?? '';
  if (!email || !password) throw new HttpError(401, USE_API_PASSWORD);
  let signedIn;
  try {
    signedIn = await signInWithApiPassword(ctx, email, password, request.ip);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 401)
      throw new HttpError(401, USE_API_PASSWORD);
    throw err;
  }
  const auth = await authTokenFor(ctx.db, signedIn.password);
  if (params.get('output') === 'json') return json(reply, { SID: auth, LSID: 'null', Auth: auth });
  // Vienna RSS wants an LSID line; NetNewsWire splits each line on "=".
  return text(reply, `SID=${auth}\nLSID=null\nAuth=${auth}\n`);
}

/** The edit token T (plain text, no newline: newsboat posts it back as it reads it). */
export async function token(call: Call) {
  return text(call.reply, await editTokenFor(call.ctx.db, call.caller.password));
}

export async function userInfo(call: Call) {
  const { user } = call.caller;
  return json(call.reply, {
    userId: String(user.id),
    userName: user.display_name,
    userProfileId: String(user.id),
    userEmail: user.email,
    isBloggerUser: false,
    signupTimeSec: Math.floor(user.created_at / 1000),
    isMultiLoginEnabled: false,
  });
}
