// Sign-in, registration and password changes: the rules behind the auth calls.
import type { z } from 'zod';
import type { changePasswordSchema, loginSchema, registerSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import type { UserRow } from '../db/tables';
import { HttpError, badRequest, conflict, unauthorized } from '../http/errors';
import { accountAddressKey, rateWindow, waitMinutes, type LimitCheck } from '../http/rate-limit';
import { reserveAccountGuess } from './login-throttle';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { FIRST_ACCOUNT_LOCAL_ONLY } from '../http/host-guard';
import { findUserByEmail, hasAnyUser, insertUser, normalizeEmail, updateUser } from './users';

const MINUTE = 60 * 1000;
/**
 * Failed logins per account AND client address: ten wrong passwords from one
 * address lock the account from that address only, so an attacker cannot lock
 * the real owner out. The per-address window, far above it, stops one address
 * spraying many accounts without letting one client's typos (or guesses) block
 * everyone else behind the same address (an office, a NAT). Guesses at one
 * account from many addresses are slowed by auth/login-throttle.ts.
 */
export const LOGIN_FAIL_ACCOUNT = rateWindow({
  bucket: 'login-fail-account-ip',
  limit: 10,
  windowMs: 15 * MINUTE,
});
export const LOGIN_FAIL_IP = rateWindow({
  bucket: 'login-fail-ip',
  limit: 100,
  windowMs: 15 * MINUTE,
});
export const REGISTER_IP = rateWindow({ bucket: 'register-ip', limit: 20, windowMs: 60 * MINUTE });

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DISABLED = 'This account has been disabled.';
export const EMAIL_IN_USE = 'Email already in use';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/** A password guess at this account from this address. */
const accountCheck = (email: string, ip: string): LimitCheck => ({
  window: LOGIN_FAIL_ACCOUNT,
  key: accountAddressKey(normalizeEmail(email), ip),
});

/**
 * Checks the password; on success returns the user. (ADMIN_EMAIL is applied at
 * start, auth/admin-email.ts: signing in never changes a role.)
 * `knownDevice`: the browser signed in to this account before (auth/known-device.ts),
 * so the per-account slowdown across addresses does not apply to it.
 */
export async function authenticate(
  ctx: AppContext,
  input: z.infer<typeof loginSchema>,
  ip: string,
  { knownDevice = false }: { knownDevice?: boolean } = {},
): Promise<UserRow> {
  const { rateLimiter } = ctx;
  const byAccount = accountCheck(input.email, ip);
  const checks = [byAccount, { window: LOGIN_FAIL_IP, key: ip }];
  // Counted before the password is checked, so parallel guesses cannot overrun the limit.
  const attempt = await rateLimiter.consume(
    checks,
    (wait) => `Too many login attempts. Please try again in ${waitMinutes(wait)}.`,
  );
  let guess: { release(): Promise<void> } | undefined;
  if (!knownDevice) {
    try {
      guess = await reserveAccountGuess(ctx.db, normalizeEmail(input.email));
    } catch (err) {
      await attempt.release(); // refused before any password was checked
      throw err;
    }
  }

  const user = await findUserByEmail(ctx.db, input.email);
  const ok = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyDummy(input.password);
  if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS); // the failure stays counted
  await attempt.release();
  await guess?.release();
  if (user.is_disabled) throw new HttpError(403, ACCOUNT_DISABLED);
  await rateLimiter.clear([byAccount]); // a success forgives this account's failures here
  return user;
}

/**
 * `mayBeFirst`: whether this request may create the first account, which becomes
 * the admin (see http/host-guard.ts); when not, registration works only once an
 * account exists, and never yields an admin by being first. ADMIN_EMAIL plays no
 * part here: registering its address gives no more than this rule does.
 */
export async function register(
  ctx: AppContext,
  input: z.infer<typeof registerSchema>,
  ip: string,
  mayBeFirst = true,
): Promise<UserRow> {
  await ctx.rateLimiter.consume(
    [{ window: REGISTER_IP, key: ip }],
    (wait) => `Too many registrations from this network. Please try again in ${waitMinutes(wait)}.`,
  );
  if (!mayBeFirst && !(await hasAnyUser(ctx.db))) {
    throw new HttpError(403, FIRST_ACCOUNT_LOCAL_ONLY);
  }
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(EMAIL_IN_USE);
  const user = await insertUser(ctx.db, {
    email: input.email,
    displayName: input.displayName,
    passwordHash: await hashPassword(input.password),
    role: mayBeFirst ? 'first-admin' : 'user',
    zipCode: input.zipCode ?? null,
  });
  // Lost a race with a simultaneous registration of the same address.
  if (!user) throw conflict(EMAIL_IN_USE);
  return user;
}

/**
 * Checks the signed-in user's current password before a sensitive change. Wrong
 * guesses count with failed logins of this account from this address (the caller
 * already holds a session for the account, so the per-address window adds nothing).
 */
export async function verifyCurrentPassword(
  ctx: AppContext,
  user: UserRow,
  password: string,
  ip: string,
): Promise<void> {
  const checks = [accountCheck(user.email, ip)];
  const attempt = await ctx.rateLimiter.consume(
    checks,
    (wait) => `Too many password attempts. Please try again in ${waitMinutes(wait)}.`,
  );
  if (!(await verifyPassword(user.password_hash, password))) {
    throw badRequest(WRONG_CURRENT_PASSWORD); // the failure stays counted
  }
  await attempt.release();
}

/** Sets a new password and ends every session of the user, this one included. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: z.infer<typeof changePasswordSchema>,
  ip: string,
): Promise<void> {
  await verifyCurrentPassword(ctx, user, input.currentPassword, ip);
  await updateUser(ctx.db, user.id, { password_hash: await hashPassword(input.newPassword) });
  await deleteUserSessions(ctx.db, user.id);
}
