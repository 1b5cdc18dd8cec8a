// Sign-in, registration and password changes: the rules behind the auth calls.
import type { z } from 'zod';
import type { changePasswordSchema, loginSchema, registerSchema } from '../../shared/schemas';
import type { AppContext } from '../context';
import type { UserRow } from '../db/tables';
import { HttpError, badRequest, conflict, tooManyRequests, unauthorized } from '../http/errors';
import type { Window } from '../http/rate-limit';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { findUserByEmail, insertUser, normalizeEmail, updateUser } from './users';

const MINUTE = 60 * 1000;
export const LOGIN_FAIL_EMAIL: Window = {
  bucket: 'login-fail-email',
  limit: 10,
  windowMs: 15 * MINUTE,
};
export const LOGIN_FAIL_IP: Window = { bucket: 'login-fail-ip', limit: 10, windowMs: 15 * MINUTE };
export const REGISTER_IP: Window = { bucket: 'register-ip', limit: 20, windowMs: 60 * MINUTE };

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DISABLED = 'This account has been disabled.';
export const EMAIL_IN_USE = 'Email already in use';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE));
const plural = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

const isAdminEmail = (ctx: AppContext, email: string) =>
  ctx.config.adminEmail !== undefined && normalizeEmail(email) === ctx.config.adminEmail;

/** Checks the password; on success returns the (possibly promoted) user. */
export async function authenticate(
  ctx: AppContext,
  input: z.infer<typeof loginSchema>,
  ip: string,
): Promise<UserRow> {
  const { rateLimiter } = ctx;
  const emailKey = normalizeEmail(input.email);
  const [byEmail, byIp] = await Promise.all([
    rateLimiter.status(LOGIN_FAIL_EMAIL, emailKey),
    rateLimiter.status(LOGIN_FAIL_IP, ip),
  ]);
  if (byEmail.limited || byIp.limited) {
    const wait = Math.max(byEmail.retryAfterMs, byIp.retryAfterMs);
    throw tooManyRequests(
      `Too many login attempts. Please try again in ${plural(minutes(wait))}.`,
      wait / 1000,
    );
  }

  const user = await findUserByEmail(ctx.db, input.email);
  const ok = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyDummy(input.password);
  if (!user || !ok) {
    await Promise.all([
      rateLimiter.record(LOGIN_FAIL_EMAIL, emailKey),
      rateLimiter.record(LOGIN_FAIL_IP, ip),
    ]);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (user.is_disabled) throw new HttpError(403, ACCOUNT_DISABLED);
  await rateLimiter.clear(LOGIN_FAIL_EMAIL, emailKey);
  if (user.role !== 'admin' && isAdminEmail(ctx, user.email)) {
    return updateUser(ctx.db, user.id, { role: 'admin' });
  }
  return user;
}

export async function register(
  ctx: AppContext,
  input: z.infer<typeof registerSchema>,
  ip: string,
): Promise<UserRow> {
  const limit = await ctx.rateLimiter.status(REGISTER_IP, ip);
  if (limit.limited) {
    throw tooManyRequests(
      `Too many registrations from this network. Please try again in ${plural(minutes(limit.retryAfterMs))}.`,
      limit.retryAfterMs / 1000,
    );
  }
  await ctx.rateLimiter.record(REGISTER_IP, ip);
  if (await findUserByEmail(ctx.db, input.email)) throw conflict(EMAIL_IN_USE);
  const user = await insertUser(ctx.db, {
    email: input.email,
    displayName: input.displayName,
    passwordHash: await hashPassword(input.password),
    role: isAdminEmail(ctx, input.email) ? 'admin' : 'first-admin',
    zipCode: input.zipCode ?? null,
  });
  // Lost a race with a simultaneous registration of the same address.
  if (!user) throw conflict(EMAIL_IN_USE);
  return user;
}

/** Sets a new password and ends every session of the user, this one included. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: z.infer<typeof changePasswordSchema>,
): Promise<void> {
  // Wrong current passwords count with failed logins: both are guesses at one account's password.
  const emailKey = normalizeEmail(user.email);
  const guesses = await ctx.rateLimiter.status(LOGIN_FAIL_EMAIL, emailKey);
  if (guesses.limited) {
    throw tooManyRequests(
      `Too many password attempts. Please try again in ${plural(minutes(guesses.retryAfterMs))}.`,
      guesses.retryAfterMs / 1000,
    );
  }
  if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
    await ctx.rateLimiter.record(LOGIN_FAIL_EMAIL, emailKey);
    throw badRequest(WRONG_CURRENT_PASSWORD);
  }
  await updateUser(ctx.db, user.id, { password_hash: await hashPassword(input.newPassword) });
  await deleteUserSessions(ctx.db, user.id);
}
